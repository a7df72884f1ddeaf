// What the engine does with a gap (issue 27, class 5) and effect selection as a judge reads a link: a Summon the
// scenario does not write is not negated, a Trap from the hand needs a card fact, a card with no effect is not a free
// Quick Effect, one unknown condition is said once, and a link uses the effect that can be activated there.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze } from '../server/src/core/internal';
import './generated-cards';

function run(body: string, cards = '') {
  const a = analyze(`${cards}\nscenario "t"\n  players Yugi, Kaiba\n  turn Yugi\n${body}`);
  const sc = a.scenarios[0];
  return { sc, codes: sc.diagnostics.filter((d) => d.severity !== 'information' || d.code === 'effect-chosen').map((d) => `${d.severity} ${d.code}${d.link ? ` at CL${d.link}` : ''}`) };
}

test('a Summon-negating Counter Trap answers only a Summon the scenario writes, as Chain Link 1', () => {
  const none = run(`  Kaiba field: set "Solemn Judgment"\n  chain\n    1 Kaiba "Solemn Judgment"\n`);
  assert.deepEqual(none.codes, ['error nothing-to-answer at CL1']);
  assert.match(none.sc.diagnostics[0].message, /writes no Summon right before this chain.*not assumed/);
  const summoned = run(`  Yugi hand: "Gemini Elf"\n  Kaiba field: set "Solemn Warning"\n  Yugi normal summons "Gemini Elf"\n  chain\n    1 Kaiba "Solemn Warning"\n`);
  assert.deepEqual(summoned.codes, []);
  assert.equal(summoned.sc.verdict, 'legal');
  const wrongKind = run(`  Yugi hand: "Gemini Elf"\n  Kaiba field: set "Solemn Strike"\n  Yugi normal summons "Gemini Elf"\n  chain\n    1 Kaiba "Solemn Strike"\n`);
  assert.deepEqual(wrongKind.codes, ['error nothing-to-answer at CL1']);
  assert.match(wrongKind.sc.diagnostics[0].message, /is not one it answers/);
  // The same window for a Quick Effect that negates a Summon (a generated card).
  assert.deepEqual(run(`  Kaiba field: "Thunder King Rai-Oh"\n  chain\n    1 Kaiba "Thunder King Rai-Oh"\n`).codes, ['error nothing-to-answer at CL1']);
  const raiOh = run(`  Yugi hand: "Cyber Dragon"\n  Kaiba field: "Thunder King Rai-Oh"\n  Yugi special summons "Cyber Dragon"\n  chain\n    1 Kaiba "Thunder King Rai-Oh"\n`);
  assert.ok(!raiOh.codes.some((c) => c.startsWith('error')), raiOh.codes.join(', '));
});

test('a Trap from the hand: illegal unless its facts allow it; for a generated card, an unknown fact', () => {
  const curated = run(`  Yugi hand: "Raigeki Break"\n  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Raigeki Break" from hand\n`);
  assert.deepEqual(curated.codes, ['error spell-trap-timing at CL1']);
  assert.equal(curated.sc.diagnostics[0].rule, 'R34');
  const allowed = run(`  Kaiba field: "Gemini Elf"\n  Yugi hand: "Infinite Impermanence"\n  chain\n    1 Yugi "Infinite Impermanence" from hand target "Gemini Elf"\n`);
  assert.deepEqual(allowed.codes, []);
  const defined = run(`  Yugi hand: "Hand Trap"\n  chain\n    1 Yugi "Hand Trap" from hand\n`, 'card "Hand Trap": normal trap\n  activation, from field or hand\n');
  assert.deepEqual(defined.codes, []);
  // A generated Trap whose script does not grant the hand (EFFECT_TRAP_ACT_IN_HAND): an unknown fact, not "illegal".
  const generated = run(`  Kaiba field: "Gemini Elf"\n  Yugi hand: "Ojama Trio"\n  chain\n    1 Yugi "Ojama Trio" from hand\n`);
  assert.deepEqual(generated.codes, ['warning unknown-card-fact at CL1']);
  assert.equal(generated.sc.chains[0].links[0].unknownFacts[0].fact, 'zone');
  assert.deepEqual(generated.sc.chains[0].links[0].assumptions.filter((a) => /hand/.test(a)), [], 'no longer an assumption');
  // One whose script grants it under a condition its text states in words the reader does not know (Typhoon: "If your
  // opponent controls 2 or more Spells/Traps and you control no Spells/Traps"): the hand is a known zone; only that
  // condition is left open.
  const granted = run(`  Kaiba field: set "Mirror Force", set "Trap Hole"\n  Yugi hand: "Typhoon"\n  chain\n    1 Yugi "Typhoon" from hand target "Mirror Force"\n`);
  assert.deepEqual(granted.sc.chains[0].links[0].unknownFacts.map((f) => f.fact), ['condition']);
  // Evenly Matched's ("If you control no cards"): a condition R79 checks, met where the field is stated empty, not met
  // where it shows a card, and otherwise assumed and said (no unknown fact: the scenario can state it).
  const matched = (yugi = '') => `  phase battle\n${yugi}  Kaiba field: "Gemini Elf", "Sangan"\n  Yugi hand: "Evenly Matched"\n  end of battle phase\n  chain\n    1 Yugi "Evenly Matched" from hand\n`;
  const open = run(matched());
  assert.deepEqual(open.sc.chains[0].links[0].unknownFacts, []);
  assert.ok(open.sc.chains[0].links[0].assumptions.some((a) => /from the hand while you control no cards" is assumed met/.test(a)), open.sc.chains[0].links[0].assumptions.join(' | '));
  assert.deepEqual(run(matched('  Yugi field: none\n')).codes, []);
  assert.deepEqual(run(matched('  Yugi field: set "Mirror Force"\n')).codes, ['error state-condition at CL1']);
});

test('a Normal Monster has no effect to activate; a card with no known effect is not checked, and says so', () => {
  assert.deepEqual(run(`  Yugi field: "Dark Magician"\n  chain\n    1 Yugi "Dark Magician"\n`).codes, ['error no-such-effect at CL1']);
  const unknown = run(`  Yugi field: "Medicurius the Power Patron of Illusions"\n  chain\n    1 Yugi "Medicurius the Power Patron of Illusions"\n`);
  assert.deepEqual(unknown.codes, ['warning unknown-card-fact at CL1']);
  assert.match(unknown.sc.diagnostics[0].message, /is not checked \(it is not taken as a Quick Effect, or as any effect\): the card library knows no effect of "Medicurius the Power Patron of Illusions"/);
});

test('a responder to "card or effect activated" whose script narrows it names which activations it answers as the gap', () => {
  // Xyz Reflect answers an activation that targets a face-up Xyz Monster: what it targets is read (an Xyz Monster),
  // the rest of its script's condition is not. An activation targeting an Xyz Monster rests on the rest.
  const { sc, codes } = run(`  Yugi hand: "Book of Moon"\n  Kaiba field: "Number 39: Utopia", set "Xyz Reflect"\n  chain\n    1 Yugi "Book of Moon" target "Number 39: Utopia"\n    2 Kaiba "Xyz Reflect"\n`);
  assert.deepEqual(codes, ['warning unknown-card-fact at CL2']);
  assert.deepEqual(sc.chains[0].links[1].unknownFacts.map((f) => f.fact), ['event']);
  assert.match(sc.diagnostics[0].message, /which activations "Xyz Reflect" answers/);
  // Pot of Greed targets nothing: the part that is read already says no (issue 27, event details).
  assert.deepEqual(run(`  Yugi hand: "Pot of Greed"\n  Kaiba field: set "Xyz Reflect"\n  chain\n    1 Yugi "Pot of Greed"\n    2 Kaiba "Xyz Reflect"\n`).codes, ['error must-chain-directly at CL2']);
});

// (Tearlaments Kitkallos's "sent to the GY by card effect" is now read whole from its script: Scheiren's is not.)
test('one unknown condition is said once on a link', () => {
  const { sc } = run(`  Yugi deck: "Tearlaments Scheiren"\n  chain\n    1 Yugi "Foolish Burial" -> send "Tearlaments Scheiren" to gy\n  chain\n    1 Yugi "Tearlaments Scheiren"\n`);
  const facts = sc.chains[1].links[0].unknownFacts;
  assert.equal(facts.length, 1, facts.map((f) => f.what).join('\n'));
  assert.match(facts[0].what, /under script condition/);
});

const CARDS = `card "Two Ways": effect monster (fiend, dark, level 4, atk 1000, def 1000)
  ignition
  trigger optional if a monster is destroyed
`;

test('effect selection: a Set Spell/Trap is activated; a chained link is not an Ignition Effect; a pick among several is said', () => {
  const set = run(`  phase standby\n  Yugi field: set "Dark Contract with the Witch"\n  chain\n    1 Yugi "Dark Contract with the Witch"\n`);
  assert.equal(set.sc.chains[0].links[0].effectIndex, 1, 'the activation, not the Standby Phase effect');
  const chained = run(`  Yugi hand: "Pot of Greed"\n  Kaiba field: "Two Ways"\n  chain\n    1 Yugi "Pot of Greed"\n    2 Kaiba "Two Ways"\n`, CARDS);
  assert.equal(chained.sc.chains[0].links[1].effectIndex, 2, 'the trigger, not the Ignition Effect');
  const faceUp = run(`  Yugi field: "Sangan"\n  Kaiba field: "Dark Contract with the Witch"\n  chain\n    1 Kaiba "Dark Contract with the Witch" target "Sangan"\n`);
  assert.equal(faceUp.sc.chains[0].links[0].effectIndex, 2);
  assert.deepEqual(faceUp.codes, ['information effect-chosen at CL1']);
  assert.match(faceUp.sc.diagnostics[0].message, /effect 2 .* is taken: it starts a chain by itself/);
});

const EITHER = `card "Either Way": effect monster (fiend, dark, level 4, atk 1000, def 1000)
  trigger optional if sent to gy or banished, includes search, does add from deck
card "Banisher": quick-play spell
  activation, targets a card, includes banish, does banish target
card "Bouncer": quick-play spell
  activation, targets a card, does return to hand target
`;

test('one effect on two events ("If this card is sent to the GY or banished"): either meets it, another move does not', () => {
  const chains = (action: string, card: string) => `  Yugi field: "Either Way"\n  Yugi hand: "${card}"\n  chain\n    1 Yugi "${card}" target "Either Way" -> ${action}\n  chain\n    1 Yugi "Either Way"\n`;
  const banished = run(chains('banish "Either Way"', 'Banisher'), EITHER);
  assert.deepEqual(banished.codes, []);
  assert.deepEqual(banished.sc.chains[1].links[0].assumptions, [], 'the banishment meets it: nothing assumed');
  assert.deepEqual(run(chains('return "Either Way" to hand', 'Bouncer'), EITHER).codes, ['error nothing-to-answer at CL1']);
});
