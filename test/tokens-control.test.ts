// Tokens, counted cards, control and Equip Cards (R70-R73): what the engine does with them, beyond the samples of
// samples/rules/R70-R71-R72-R73-*.segoc (which the golden files pin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, formatDocument as format } from '../server/src/core/internal';
import './generated-cards';

const HEAD = `  rules tcg
  players Yugi, Kaiba
  turn Yugi
`;

/** The codes of a scenario's errors and unmet expectations. */
function codes(text: string): string[] {
  return analyze(text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);
}

const WATCHERS = `card "Grave Watcher": effect monster
  trigger optional when a monster is sent to gy, from hand
card "Ruin Watcher": effect monster
  trigger optional when a monster is destroyed, from hand
`;

test('R70: a destroyed Token is destroyed, but is never sent to the GY', () => {
  const run = (watcher: string) =>
    codes(`${WATCHERS}scenario "t"
${HEAD}  Kaiba field: "Sheep Token"
  Kaiba hand: "${watcher}"
  chain
    1 Yugi "Raigeki" -> destroy all monsters
  chain
    1 Kaiba "${watcher}" from hand
  expect legal
`);
  assert.deepEqual(run('Ruin Watcher'), []);
  assert.ok(run('Grave Watcher').length > 0, 'a "sent to the GY" trigger does not see a Token');
});

test('R70: a Token cannot be turned face-down; one the board never placed is created by its Summon', () => {
  const a = analyze(`scenario "t"
${HEAD}  Kaiba field: "Token"
  Yugi field: set "Book of Moon"
  chain
    1 Yugi "Book of Moon" target "Token" -> change "Token" to face-down defense position
  expect legal
  expect CL1 has no effect
`);
  assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error'), []);
  const b = codes(`scenario "t"
${HEAD}  chain
    1 Yugi "Scapegoat" -> special summon "Sheep Token"
  expect legal
  expect "Sheep Token" in field
`);
  assert.deepEqual(b, []);
});

test('R71: counts follow draws, named cards drawn from a counted Deck, and counted actions; unstated counts are unknown', () => {
  assert.deepEqual(
    codes(`scenario "t"
${HEAD}  Yugi deck: 10 cards
  Yugi hand: 3 cards
  Yugi gy: none
  Yugi draws "Sangan"
  chain
    1 Yugi "Graceful Charity" -> draw 3, discard 2 cards
  expect legal
  expect Yugi has 6 cards in deck
  expect Yugi has 4 cards in hand
  expect Yugi has 3 cards in gy
`),
    [],
  );
  const unknown = codes(`scenario "t"
${HEAD}  chain
    1 Yugi "Pot of Desires" -> draw 2
  expect Yugi has 2 cards in hand
`);
  assert.equal(unknown.length, 1);
  assert.match(unknown[0], /does not state it/);
});

test('R72: control taken until the End Phase comes back in the End Phase; taken for good, it stays', () => {
  const scenario = (until: string) => `scenario "t"
${HEAD}  Kaiba field: "Honest"
  chain
    1 Yugi "Change of Heart" target "Honest" -> take control of "Honest"${until}
  phase end
  chain
    1 Kaiba "Honest" effect 1
  expect legal
`;
  assert.ok(!codes(scenario(' until end phase')).some((c) => c.startsWith('not-controller')));
  assert.ok(codes(scenario('')).some((c) => c.startsWith('not-controller')));
});

test('R73: an Equip Card goes to the GY when its monster leaves the field, and a monster equipped is no monster while it is', () => {
  assert.deepEqual(
    codes(`scenario "t"
${HEAD}  Yugi field: "Dark Magician", "Sangan"
  chain
    1 Yugi "Monster Reborn" -> equip "Sangan" to "Dark Magician"
  chain
    1 Yugi "Dark Hole" -> destroy all monsters
  expect legal
  expect "Sangan" in gy
  expect "Dark Magician" in gy
`),
    [],
  );
});

test('the formatter keeps the new words as written', () => {
  const text = `scenario "t"
${HEAD}  Yugi deck: 40 cards
  chain
    1 Yugi "Pot of Desires" cost: banish 10 cards from the top of deck face-down -> draw 2
    2 Kaiba "Change of Heart" target "Honest" -> take control of "Honest" until end phase
  expect Yugi has 28 cards in deck
`;
  assert.equal(format(text), text);
});

test('R71: a named card may be one of the counted ones; only a zone with fewer cards in all falls short', () => {
  const run = (hand: string) =>
    codes(`scenario "t"
${HEAD}  Yugi hand: ${hand}
  Yugi field: set "Raigeki Break"
  chain
    1 Yugi "Raigeki Break" cost: discard 1 card
  expect legal
`);
  assert.deepEqual(run('"Sangan", 0 cards'), []);
  assert.ok(run('none').some((c) => c.startsWith('not-enough-cards')));
});

test('R71: a game action draws cards the scenario does not name, and the counts follow', () => {
  assert.deepEqual(
    codes(`scenario "t"
${HEAD}  phase draw
  Yugi deck: 5 cards
  Yugi hand: 0 cards
  Yugi draws 1 card
  expect Yugi has 4 cards in deck
  expect Yugi has 1 card in hand
`),
    [],
  );
});

test('R70: a Token used as an Xyz Material, by a game action or by a link, is token-off-field', () => {
  const game = codes(`scenario "t"
${HEAD}  Yugi field: "Sheep Token", "Gagaga Magician"
  Yugi xyz summons "Gagaga Cowboy" using "Gagaga Magician", "Sheep Token"
`);
  assert.ok(game.some((c) => c.startsWith('token-off-field: This Xyz Summon uses "Sheep Token"')), game.join('\n'));
  const link = codes(`scenario "t"
${HEAD}  Yugi field: "Sheep Token", "Gagaga Magician"
  chain
    1 Yugi "Monster Reborn" -> xyz summon "Gagaga Cowboy" using "Gagaga Magician", "Sheep Token"
`);
  assert.ok(link.some((c) => c.startsWith('token-off-field') && c.includes('cannot become an Xyz Material')), link.join('\n'));
});

test("R73: a card's `does equip` equips: The Kick Man's Equip Spell from the GY goes with it to the GY", () => {
  assert.deepEqual(
    codes(`scenario "t"
${HEAD}  Yugi gy: "Axe of Despair"
  Yugi hand: "The Kick Man"
  Yugi special summons "The Kick Man"
  chain
    1 Yugi "The Kick Man" target "Axe of Despair"
  chain
    1 Kaiba "Raigeki Break" target "The Kick Man"
  expect CL1 in chain 1 applies equip
  expect "Axe of Despair" in gy
`),
    [],
  );
});
