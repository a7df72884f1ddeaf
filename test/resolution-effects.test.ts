// What each link does when it resolves (issue 28): the `does` modifier read and printed back, the resolution of
// a card's effect against the board (R44-R48), the `expect` lines about it, and completion after `expect CL1`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../server/src/core/internal';
import { printActions, readActions } from '../server/src/core/cards/vocabulary/actions';
import { partsCode, readPartsCode } from '../server/src/core/cards/generated-actions';
import { complete } from '../server/src/lsp/completion';

/** The labels completion offers at the end of the text. */
function labelsAtEnd(text: string): string[] {
  const doc = TextDocument.create('file:///t.segoc', 'segoc', 1, text);
  const lines = text.split('\n');
  const r = complete(analyze(text), doc, { line: lines.length - 1, character: lines[lines.length - 1].length }, { snippets: true });
  return (Array.isArray(r) ? r : r.items).map((i) => i.label);
}

test('completion offers a label given in an earlier link\'s list (`"Sheep Token" as S1`)', () => {
  const items = labelsAtEnd(`scenario "t"
  players Yugi, Kaiba
  turn Yugi
  Kaiba field: set "Scapegoat"
  chain
    1 Kaiba "Scapegoat" -> special summon "Sheep Token" as S1, "Sheep Token" as S2
  chain
    1 Yugi "Raigeki Break" target `);
  assert.ok(items.includes('S1') && items.includes('S2'), items.join(', '));
});

test('does: parts, objects and conjunctions read and print back', () => {
  for (const line of ['destroy target and if you do draw 1', 'negate activation and destroy that card', 'special summon target from gy in defense then change position itself', 'destroy all spells and traps also banish itself', 'add from deck', 'destroy target or send to gy from deck', 'negate effects target then negate effects if set before activation']) {
    const parts = readActions(line.split(' '));
    assert.ok(parts, line);
    assert.equal(printActions(parts!), `does ${line}`);
  }
  assert.deepEqual(readActions(['destroy', 'all', 'spells', 'and', 'traps'])!.map((a) => a.object), ['all-spells-traps']);
  assert.equal(readActions(['destroy', 'and']), undefined, 'a conjunction with no part after it');
  assert.equal(readActions(['explode', 'target']), undefined, 'a verb outside the vocabulary');
  // A part's own condition (R85), in the card line and in the generated record's code.
  const conditional = readActions('negate effects target then negate effects if set before activation'.split(' '))!;
  assert.deepEqual(conditional.map((a) => a.condition), [undefined, 'set-before-activation']);
  assert.equal(partsCode(conditional), 'Ft>F?s');
  assert.deepEqual(readPartsCode('Ft>F?s'), conditional);
});

const SCENARIO = (expects: string) =>
  [
    'card "Test Taker": normal spell',
    '  activation, targets a face-up monster your opponent controls, does destroy target and if you do draw 1',
    'card "Test Bouncer": normal trap',
    '  activation, targets a monster, does return to hand target',
    'scenario "t"',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '  Kaiba field: "Gemini Elf", set "Test Bouncer"',
    '  chain',
    '    1 Yugi "Test Taker" target "Gemini Elf"',
    '    2 Kaiba "Test Bouncer" target "Gemini Elf"',
    ...expects.split('\n').map((l) => `  ${l}`),
  ].join('\n');

test('resolution: a target that left is not affected (R44), and the part after "and if you do" is skipped (R46)', () => {
  const a = analyze(SCENARIO('expect legal'));
  const did = a.scenarios[0].chains[0].links[0].resolution!.did.join('; ');
  assert.match(did, /not applied: destroys its target \("Gemini Elf"\): its target left the field at CL2 before the link resolved \[R44\]/);
  assert.match(did, /not applied: draws 1: the part before "and if you do" did not happen \[R46\]/);
  assert.equal(a.scenarios[0].chains[0].links[0].resolution!.status, 'no-effect');
});

test('resolution: an effect of choices (`or`) says which one is not written and moves nothing; its expectations are unknown', () => {
  const text = (expects: string) =>
    [
      'card "Test Chooser": normal trap',
      '  activation, targets a monster, does destroy target or send to gy from deck',
      'scenario "t"',
      '  players Yugi, Kaiba',
      '  turn Yugi',
      '  Yugi field: "Gemini Elf", set "Test Chooser"',
      '  chain',
      '    1 Yugi "Test Chooser" target "Gemini Elf"',
      `  ${expects}`,
    ].join('\n');
  const a = analyze(text('expect "Gemini Elf" in field'));
  assert.equal(a.scenarios[0].chains[0].links[0].resolution!.did.join('; '), "applies one of: destroys its target or sends a card from the Deck to the GY; which one is not written (write the link's actions)");
  assert.equal(a.scenarios[0].expectationsMet, true, JSON.stringify(a.diagnostics));
  const unknown = analyze(text('expect CL1 does not apply destroy'));
  assert.match(unknown.diagnostics.find((d) => d.code === 'expect-unmet')!.message, /what it does is not known/);
});

test('expect: outcomes met, unmet (expect-unmet, saying what happened) and malformed (bad-expect)', () => {
  const met = analyze(SCENARIO('expect CL1 has no effect\nexpect CL1 does not apply draw\nexpect CL2 applies return to hand\nexpect "Gemini Elf" in hand'));
  assert.equal(met.scenarios[0].expectationsMet, true, JSON.stringify(met.diagnostics));
  const unmet = analyze(SCENARIO('expect CL1 applies destroy\nexpect "Gemini Elf" in gy'));
  const errors = unmet.diagnostics.filter((d) => d.code === 'expect-unmet').map((d) => d.message);
  assert.equal(errors.length, 2);
  assert.match(errors[0], /^expected CL1 of chain 1 to apply "destroy", but it resolved as: not applied/);
  assert.match(errors[1], /^expected "Gemini Elf" in the GY, but it is in the hand/);
  const bad = analyze(SCENARIO('expect CL3 negated\nexpect CL1 applies explode\nexpect "Nobody" in gy'));
  assert.deepEqual(bad.diagnostics.filter((d) => d.code === 'bad-expect').length, 3);
  assert.equal(bad.scenarios[0].expectationsMet, false);
});

test('expect: a part with its own condition that the link\'s effect does not have is bad-expect, never met (R85)', () => {
  // Test Taker's effect has no part under "if set before activation": the expectation names nothing it could do.
  const bad = analyze(SCENARIO('expect CL1 does not apply destroy if set before activation'));
  const said = bad.diagnostics.filter((d) => d.code === 'bad-expect').map((d) => d.message);
  assert.deepEqual(said, ['CL1 of chain 1\'s effect has no part "destroy if set before activation" (its parts: destroys its target, draws 1)']);
  assert.equal(bad.scenarios[0].expectationsMet, false);
});

test('completion: after `expect CL1` the outcomes, after `applies` the parts of an effect', () => {
  const labels = labelsAtEnd(SCENARIO('expect CL1 '));
  assert.ok(labels.includes('negated') && labels.includes('does not apply'), labels.join());
  const parts = labelsAtEnd(SCENARIO('expect CL1 applies '));
  assert.ok(parts.includes('special summon') && parts.includes('negate activation'), parts.join());
});
