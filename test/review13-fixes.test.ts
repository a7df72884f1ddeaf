// The verdicts a read-only review found wrong in the merged issue-27 work (session 13), each pinned with the scenario
// that showed it: "and would destroy it" compares card copies; a counted destroy or a zone a link does not say is
// assumed; printed ATK does not decide "the highest ATK" where something may have changed an ATK; a Special Summon
// "from your hand or GY" keeps both zones; one reading of where a part takes its cards (part-zones.ts).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze } from '../server/src/core/internal';
// The scenarios name cards only the generated library knows.
import './generated-cards';
import { readActions, printActions } from '../server/src/core/cards/vocabulary/actions';
import { partsCode, readPartsCode } from '../server/src/core/cards/generated-actions';
import { EventPattern, eventAlternatives, inferEffects, interpretEvent } from '../server/src/core/internal';

function run(board: string, chains: string, defs = ''): { codes: string[]; messages: string[]; assumptions: string[] } {
  const a = analyze(`${defs}\nscenario "s"\n  rules tcg\n  players Yugi, Kaiba\n  turn Kaiba\n${board}\n${chains}\n`);
  const links = a.scenarios[0]?.chains.flatMap((c) => c.links) ?? [];
  return { codes: a.diagnostics.map((d) => d.code), messages: a.diagnostics.map((d) => d.message), assumptions: links.flatMap((l) => l.assumptions) };
}

const REVENGE = '  Yugi field: "Gemini Elf", set "Remote Revenge"\n  Kaiba field: set "Raigeki Break"\n  Kaiba hand: "Kuriboh"';

test('"and would destroy it": the same card copy however it is written; no target written is assumed and said', () => {
  // Written as Yugi's "Gemini Elf" and as "Gemini Elf": one copy.
  const spelled = run(REVENGE, '  chain\n    1 Kaiba "Raigeki Break" target "Gemini Elf" cost: discard "Kuriboh" -> destroy Yugi\'s "Gemini Elf"\n    2 Yugi "Remote Revenge"');
  assert.deepEqual(spelled.codes, []);
  const labelled = run('  Yugi field: "Gemini Elf" as elf, set "Remote Revenge"\n  Kaiba field: set "Raigeki Break"\n  Kaiba hand: "Kuriboh"', '  chain\n    1 Kaiba "Raigeki Break" target elf cost: discard "Kuriboh" -> destroy "Gemini Elf"\n    2 Yugi "Remote Revenge"');
  assert.deepEqual(labelled.codes, []);
  // No target clause: its effect targets, so what it destroys is taken to be its target, and said.
  const untargeted = run(REVENGE, '  chain\n    1 Kaiba "Raigeki Break" cost: discard "Kuriboh" -> destroy "Gemini Elf"\n    2 Yugi "Remote Revenge"');
  assert.deepEqual(untargeted.codes, []);
  assert.ok(untargeted.assumptions.some((x) => /writes no targets: what it destroys is taken to be its target/.test(x)), untargeted.assumptions.join('\n'));
  // Another card than its target is still a miss.
  const other = run('  Yugi field: "Gemini Elf", "Dark Magician", set "Remote Revenge"\n  Kaiba field: set "Raigeki Break"\n  Kaiba hand: "Kuriboh"', '  chain\n    1 Kaiba "Raigeki Break" target "Gemini Elf" cost: discard "Kuriboh" -> destroy "Dark Magician"\n    2 Yugi "Remote Revenge"');
  assert.match(other.messages.join('\n'), /what it destroys is not its target/);
});

test('a counted destroy does not say where its cards are: assumed, never "from the hand"', () => {
  const r = run('  Yugi field: "Stardust Dragon", "Gemini Elf"\n  Kaiba hand: "Dark Hole"', '  chain\n    1 Kaiba "Dark Hole" -> destroy 1 card\n    2 Yugi "Stardust Dragon" cost: tribute "Stardust Dragon"');
  assert.ok(!r.codes.includes('must-chain-directly'), r.messages.join('\n'));
  assert.ok(r.assumptions.some((x) => /do not say where their cards are/.test(x)), r.assumptions.join('\n'));
  const fromHand = run('  Yugi field: "Stardust Dragon", "Gemini Elf"\n  Kaiba hand: "Dark Hole"', '  chain\n    1 Kaiba "Dark Hole" -> destroy 1 card from hand\n    2 Yugi "Stardust Dragon" cost: tribute "Stardust Dragon"');
  assert.ok(fromHand.codes.includes('must-chain-directly'), fromHand.codes.join());
});

const TIMINGS = 'card "Timings Test": normal trap\n  responds to opponent declares an attack with their highest atk monster\n';

test('"the highest ATK" by printed ATK: assumed and said where an Equip Card or an earlier activation may have changed it', () => {
  const equipped = run(
    '  Yugi field: set "Timings Test"\n  Kaiba field: "Dark Magician", "Gemini Elf"\n  Kaiba hand: "Axe of Despair"',
    '  chain\n    1 Kaiba "Axe of Despair" target "Gemini Elf" -> equip "Axe of Despair" to "Gemini Elf"\n  phase battle\n  Kaiba attacks directly with "Gemini Elf"\n  chain\n    1 Yugi "Timings Test"',
    TIMINGS,
  );
  assert.deepEqual(equipped.codes, []);
  assert.ok(equipped.assumptions.some((x) => /printed ATK is compared and ATK changes are not tracked \("Axe of Despair" is face-up on the field\)/.test(x)), equipped.assumptions.join('\n'));
  // Nothing on the board or in the scenario can change an ATK: the printed ATK decides.
  const plain = run('  phase battle\n  Yugi field: set "Timings Test"\n  Kaiba field: "Dark Magician", "Gemini Elf"\n  Kaiba attacks directly with "Gemini Elf"', '  chain\n    1 Yugi "Timings Test"', TIMINGS);
  assert.deepEqual(plain.codes, ['nothing-to-answer']);
});

test('a verdict on a card read from its text alone says so, as the warning of a legal twin does', () => {
  const r = run('  phase battle\n  Yugi field: set "Mind Mirror Force"\n  Kaiba field: "Dark Magician", "Gemini Elf"\n  Kaiba attacks directly with "Gemini Elf"', '  chain\n    1 Yugi "Mind Mirror Force"');
  assert.deepEqual(r.codes, ['nothing-to-answer']);
  assert.match(r.messages[0], /read from its card text alone/);
});

test('a Special Summon "from your hand or GY" keeps both zones: text, card line, record code, engine', () => {
  const read = inferEffects({ text: 'When your opponent activates a card or effect: You can Special Summon 1 monster from your hand or GY.', typeLine: 'Continuous Trap' });
  assert.match(JSON.stringify(read.effects), /special summon from hand or gy/);
  const parts = readActions('special summon from hand or gy'.split(' '))!;
  assert.deepEqual([parts[0].from, parts[0].orFrom], ['hand', ['gy']]);
  assert.equal(printActions(parts), 'does special summon from hand or gy');
  assert.deepEqual(readPartsCode(partsCode(parts)), parts);
  // Canopic Protector's Summon may be from the GY: Ghost Belle answers it (the generated library keeps both zones).
  const belle = run(
    '  Yugi field: "Canopic Protector"\n  Yugi gy: "Horus the Black Flame Deity"\n  Kaiba hand: "Pot of Greed", "Ghost Belle & Haunted Mansion"',
    '  chain\n    1 Kaiba "Pot of Greed"\n    2 Yugi "Canopic Protector" effect 2\n    3 Kaiba "Ghost Belle & Haunted Mansion" cost: discard "Ghost Belle & Haunted Mansion"',
  );
  assert.ok(!belle.codes.includes('must-chain-directly'), belle.messages.join('\n'));
});

test('where a part takes its cards: one reading for R31, R64 and R93 (that card, all cards, a named card where it stood)', () => {
  // Bottomless Trap Hole banishes the Summoned monster from the field: Necrovalley has nothing to say about it.
  const bottomless = run('  Yugi field: "Necrovalley", set "Bottomless Trap Hole"\n  Kaiba hand: "Dark Magician"\n  Kaiba summons "Dark Magician"', '  chain\n    1 Yugi "Bottomless Trap Hole"');
  assert.deepEqual(bottomless.codes, []);
  // `special summon "Dark Magician"` without `from gy`: the card stood in the GY when the link was activated.
  const reborn = run(
    '  Yugi hand: "Ghost Belle & Haunted Mansion"\n  Kaiba hand: "Monster Reborn"\n  Kaiba gy: "Dark Magician"',
    '  chain\n    1 Kaiba "Monster Reborn" -> special summon "Dark Magician"\n    2 Yugi "Ghost Belle & Haunted Mansion" cost: discard "Ghost Belle & Haunted Mansion"',
  );
  assert.deepEqual(reborn.codes, []);
  assert.ok(!reborn.assumptions.some((x) => /not written out/.test(x)), reborn.assumptions.join('\n'));
});

test('wording: R93 under a lock on all banishing, R41 names the owner\'s GY, the hint for an effect that banishes', () => {
  const wall = run('  Yugi field: "Imperial Iron Wall", set "Bottomless Trap Hole"\n  Kaiba hand: "Dark Magician"\n  Kaiba summons "Dark Magician"', '  chain\n    1 Yugi "Bottomless Trap Hole"');
  const msg = wall.messages.find((m) => /\[R93\]/.test(m)) ?? '';
  assert.match(msg, /or activate something that banishes nothing\) \[R93\]/);
  const vanity = analyze(`scenario "s"\n  rules tcg\n  players Yugi, Kaiba\n  turn Yugi\n  phase battle\n  Yugi field: "Dark Magician", "Vanity's Emptiness"\n  Kaiba field: "Gemini Elf"\n  Yugi attacks "Gemini Elf" with "Dark Magician"\n  battle destroys "Gemini Elf"\n  chain\n    1 Yugi "Vanity's Emptiness"\n`).diagnostics.map((d) => d);
  assert.ok(vanity.some((d) => /needs a card its controller owns sent to the GY \(a card goes to its owner's GY.*\[R41\]/.test(d.message)), vanity.map((d) => d.message).join('\n'));
});

test('one flattener of `or` alternatives, for the engine and the measure', () => {
  const kagero = interpretEvent('opponent activates a card or effect that targets exactly 1 "ninja" card or exactly 1 face-down monster you control'.split(' '), 'k');
  assert.equal(eventAlternatives(kagero).length, 2);
  const nested = { ...kagero, or: [{ ...kagero, or: [kagero] }] } as EventPattern;
  // Itself, its alternative, and that one's own two (Kagero's and its `or`): alternatives of alternatives included.
  assert.equal(eventAlternatives(nested).length, 4);
});
