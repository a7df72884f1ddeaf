// R37 (activation-condition) beyond its samples: the spellings of a window other than Effect Veiler's,
// and the phase assumed where the scenario does not state it, named in the assumption (the chain's
// heading shows the language's default phase, Main Phase 1, which is not the one assumed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../server/src/core/internal';

const CARDS = `card "Either Battle": effect monster (fairy, light, level 4, atk 1100, def 1900)
  quick optional, from hand, during either player's battle phase

card "Own Turn": effect monster (fairy, light, level 4, atk 1100, def 1900)
  quick optional, from hand, during your turn

card "Own Main": effect monster (fairy, light, level 4, atk 1100, def 1900)
  ignition, during your main phase
`;

/** One scenario with the cards above: Yugi's turn, then `lines` (board, actions, chain). */
function run(lines: string[]) {
  const text = `${CARDS}\nscenario "window"\n  players Yugi, Kaiba\n  turn Yugi\n${lines.map((l) => `  ${l}\n`).join('')}`;
  const a = analyze(text);
  return { codes: a.diagnostics.map((d) => d.code), messages: a.diagnostics.map((d) => d.message), link: a.scenarios[0].chains[0].links[0] };
}

test('R37: a window whose phase the scenario does not state is assumed, named, never reported', () => {
  const { codes, link } = run(['Kaiba hand: "Either Battle"', 'chain', '  1 Kaiba "Either Battle"']);
  assert.deepEqual(codes, []);
  assert.ok(
    link.assumptions.some((s) => s.includes('assumed the Battle Phase') && s.includes(`"during either player's battle phase"`)),
    JSON.stringify(link.assumptions),
  );
});

test('R37: "during your turn" on the opponent\'s turn names the turn it allows', () => {
  const { codes, messages } = run(['Kaiba hand: "Own Turn"', 'chain', '  1 Kaiba "Own Turn"']);
  assert.deepEqual(codes, ['activation-condition']);
  assert.match(messages[0], /but it is Yugi's turn \(`turn Yugi`\): it can be activated only on Kaiba's turn \[R37\]$/);
});

test('R37: a Main Phase window on the wrong turn says the phase that would be legal, not the whole turn', () => {
  const { codes, messages } = run(['Kaiba field: "Own Main"', 'chain', '  1 Kaiba "Own Main"']);
  assert.deepEqual(codes, ['activation-condition']);
  assert.match(messages[0], /it can be activated only in Kaiba's Main Phase \[R37\]$/);
});

test('R37: a Main Phase window in a Battle Phase the scenario states (an attack) is reported', () => {
  const { codes } = run(['Yugi field: "Own Main", "Gemini Elf"', 'Yugi attacks directly with "Gemini Elf"', 'chain', '  1 Yugi "Own Main"']);
  assert.deepEqual(codes, ['activation-condition']);
});

test('R37: a window of either player\'s phase holds on both turns when the phase is stated', () => {
  const { codes, link } = run(['phase battle', 'Kaiba hand: "Either Battle"', 'chain', '  1 Kaiba "Either Battle"']);
  assert.deepEqual(codes, []);
  assert.ok(!link.assumptions.some((s) => s.includes('does not say the phase')), JSON.stringify(link.assumptions));
});
