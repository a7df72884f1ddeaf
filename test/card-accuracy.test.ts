// The hand-checked facts set (facts/hand-checked.json, docs/cards.md) and the ratchet on the library's
// accuracy against it: the figures `npm run cards:accuracy -- --write` committed in facts/accuracy-floor.json
// may rise, never fall (accuracy per fact, cards whose verdict a fact gap flips). When they rise, commit
// them with `npm run cards:accuracy -- --write` so the next change is held to them.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as core from '../server/src/core/internal';
import './generated-cards';

const ROOT = path.resolve(__dirname, '../..');
// The harness is plain JavaScript shared with the script run by hand (scripts/card-accuracy.js).
const accuracy = require(path.join(ROOT, 'scripts/lib/fact-accuracy.js'));
const report = require(path.join(ROOT, 'scripts/lib/fact-report.js'));

interface SetEffect {
  kind: string;
  how: Record<string, string>;
  [fact: string]: unknown;
}
interface SetCard {
  passcode: number;
  name: string;
  group: 'random' | 'staple' | 'locks';
  draw?: number;
  read: string;
  stats: { cardType: string };
  effects: SetEffect[];
  /** The card's continuous locks and negations (R62-R65), read from its text; [] where it states none. */
  restricts: Array<{ kind: string; how: string; [detail: string]: unknown }>;
}
interface FactsSet {
  cards: SetCard[];
  clauses: Record<string, string>;
  sample: { seed: number };
  source: { repository: string; commit: string };
}
const set: FactsSet = accuracy.loadSet();
// The held-out set (docs/cards.md, "The held-out set"): the same schema, never held by the ratchet below.
const heldOut: FactsSet = accuracy.loadSet(accuracy.HELDOUT_FILE);

/** Facts only, each read from its text: no field carries card text, and every clause is one the file explains. */
function assertReadFromText(s: FactsSet): void {
  assert.equal(new Set(s.cards.map((c) => c.passcode)).size, s.cards.length, 'each card once');
  for (const c of s.cards) {
    assert.match(c.read, /hand-checked from the official text/, c.name);
    for (const e of c.effects) {
      assert.ok(!('text' in e), `${c.name}: no card text`);
      for (const clause of Object.values(e.how)) assert.ok(s.clauses[clause], `${c.name}: clause "${clause}" is explained`);
      for (const fact of ['kind', 'zones', 'limit', 'includes', 'spellSpeed', 'does']) assert.ok(fact in e && fact in e.how, `${c.name}: ${fact} and how it was read`);
    }
    // Every card says whether its text locks or negates while face-up: an empty list is a reading too.
    assert.ok(Array.isArray(c.restricts), `${c.name}: restricts read`);
    for (const r of c.restricts) {
      assert.ok(['cannot-activate', 'cannot-banish', 'cannot-special-summon', 'negates-effects', 'unaffected'].includes(r.kind), `${c.name}: ${r.kind}`);
      assert.equal(typeof r.conditional, 'boolean', `${c.name}: conditional`);
      assert.ok(s.clauses[r.how], `${c.name}: lock clause "${r.how}" is explained`);
    }
  }
}

test('hand-checked facts set: at least 120 cards, a seeded sample and the staples, each read from its text', () => {
  assert.ok(set.cards.length >= 120, `${set.cards.length} cards`);
  assert.equal(set.sample.seed, 20261206);
  const random = set.cards.filter((c) => c.group === 'random');
  assert.deepEqual(
    random.map((c) => c.draw),
    random.map((_, i) => i + 1),
    'the sample is the seeded draw in order, none left out',
  );
  for (const staple of ['Ash Blossom & Joyous Spring', 'Effect Veiler', 'Infinite Impermanence', 'Ghost Ogre & Snow Rabbit', 'Droll & Lock Bird', 'Maxx "C"', 'Nibiru, the Primal Being', 'Called by the Grave', 'Solemn Judgment', 'Solemn Strike', 'Solemn Warning', 'Mystical Space Typhoon', 'Cosmic Cyclone', 'Book of Moon', 'Torrential Tribute']) {
    assert.ok(set.cards.some((c) => c.name === staple && c.group === 'staple'), staple);
  }
  assertReadFromText(set);
});

test('hand-checked facts set: a group of the lock cards judges ask about, read fully, so that the locks are measured', () => {
  const locks = set.cards.filter((c) => c.group === 'locks');
  assert.ok(locks.length >= 12 && locks.length <= 15, `${locks.length} lock cards`);
  for (const c of locks) assert.ok(c.restricts.length, `${c.name}: a lock card states a lock`);
  for (const name of ['Jinzo', 'Royal Decree', "Vanity's Emptiness", 'Imperial Order']) assert.ok(locks.some((c) => c.name === name), name);
  // Each kind of restriction the card model holds is read somewhere in the set.
  const kinds = new Set(set.cards.flatMap((c) => c.restricts.map((r) => r.kind)));
  assert.deepEqual([...kinds].sort(), ['cannot-activate', 'cannot-banish', 'cannot-special-summon', 'negates-effects', 'unaffected']);
});

test('held-out facts set: 30 cards of a later seeded draw from the same list, none in the hand-checked set, each read from its text', () => {
  assert.equal(heldOut.sample.seed, 20261207);
  assert.deepEqual(heldOut.source, set.source, 'read at the same yaml-yugi commit');
  assert.equal(heldOut.cards.length, 30);
  assert.ok(heldOut.cards.every((c) => c.group === 'random'), 'drawn, no staples');
  assert.deepEqual(
    heldOut.cards.map((c) => c.draw),
    heldOut.cards.map((_, i) => i + 1),
    'the sample is the seeded draw in order, none left out',
  );
  const tuned = new Set(set.cards.map((c) => c.passcode));
  assert.deepEqual(heldOut.cards.filter((c) => tuned.has(c.passcode)).map((c) => c.name), [], 'no card of the set the fixes were made against');
  assertReadFromText(heldOut);
  // The harness reads it as it reads the set: every fact of every card lands in a bucket.
  const library = report.measureLibrary(core, heldOut);
  assert.equal(library.results.length, 30);
  for (const r of library.results as Array<{ facts: Array<{ bucket: string }> }>) for (const f of r.facts) assert.ok(accuracy.BUCKETS.includes(f.bucket), f.bucket);
});

test('hand-checked facts set: the library agrees with the committed figures or better (a ratchet)', () => {
  const library = report.measureLibrary(core, set);
  const now = report.figures(library);
  const below: string[] = report.belowFloor(now, report.readFloor());
  assert.deepEqual(below, [], 'a change made card facts less accurate or let a gap flip more verdicts: `npm run cards:accuracy -- --cards --probes` lists them');
});

test('hand-checked facts set: a right fact, a missing one and a wrong one are told apart', () => {
  const cards = core.analyze('', {}).cards;
  const byName = (n: string) => set.cards.find((c) => c.name === n)!;
  // Pot of Greed: its kind is right, and so is what it includes (its activation states `includes draw`); with
  // that fact taken away, it is missing.
  const potCard = cards.get('Pot of Greed')!;
  const pot = accuracy.compareCard(byName('Pot of Greed'), potCard, core) as Array<{ fact: string; bucket: string }>;
  assert.equal(pot.find((f) => f.fact === 'kind')!.bucket, 'right');
  assert.equal(pot.find((f) => f.fact === 'includes')!.bucket, 'right');
  const bare = { ...potCard, effects: potCard.effects.map((e) => ({ ...e, includes: [] })) };
  const potBare = accuracy.compareCard(byName('Pot of Greed'), bare, core) as Array<{ fact: string; bucket: string }>;
  assert.equal(potBare.find((f) => f.fact === 'includes')!.bucket, 'missing');
  // A Link Monster's Link Rating kept as a Level is a wrong stats line, not a right one.
  const unicorn = accuracy.compareCard(byName('Knightmare Unicorn'), { ...cards.get('Knightmare Unicorn')!, level: 3 }, core) as Array<{ fact: string; bucket: string }>;
  assert.equal(unicorn.find((f) => f.fact === 'stats')!.bucket, 'wrong');
  // Facts the card model may gain are read by name: a soft limit and a Rank, once a source writes them, are right.
  const library = cards.get('Number C1000: Numerounius')!;
  const gained = { ...library, level: undefined, rank: 12, effects: library.effects.map((e, i) => (i === 0 ? { ...e, limit: 'soft' } : e)) };
  const numerounius = accuracy.compareCard(byName('Number C1000: Numerounius'), gained, core) as Array<{ fact: string; effect?: number; bucket: string }>;
  assert.equal(numerounius.find((f) => f.fact === 'stats')!.bucket, 'right');
  assert.equal(numerounius.find((f) => f.fact === 'limit' && f.effect === 1)!.bucket, 'right');
  // A lock (R62-R65) is the card's fact: Skill Drain's negation is right; taken away, missing; a lock its text does
  // not state is wrong; a scope the source did not read is assumed, never right.
  const drainCard = cards.get('Skill Drain')!;
  const locks = (card: unknown) => (accuracy.compareCard(byName('Skill Drain'), card, core) as Array<{ fact: string; bucket: string }>).filter((f) => f.fact === 'restricts').map((f) => f.bucket);
  assert.deepEqual(locks(drainCard), ['right']);
  assert.deepEqual(locks({ ...drainCard, effects: drainCard.effects.map((e) => ({ ...e, restricts: [] })) }), ['missing']);
  const extra = { kind: 'cannot-special-summon', who: 'both', except: false, conditional: false };
  assert.deepEqual(locks({ ...drainCard, effects: [...drainCard.effects, { ...drainCard.effects[0], kind: 'continuous', restricts: [extra] }] }), ['right', 'wrong']);
  const unread = { kind: 'negates-effects', what: 'unknown', conditional: false };
  assert.deepEqual(locks({ ...drainCard, effects: drainCard.effects.map((e) => ({ ...e, restricts: e.restricts.length ? [unread] : [] })) }), ['assumed']);
  // A card the library does not know: every fact missing.
  const none = accuracy.compareCard(byName('Sangan'), undefined, core) as Array<{ bucket: string }>;
  assert.ok(none.every((f) => f.bucket === 'missing'));
});

test('hand-checked facts set: a probe gives the verdict a judge reads when the card is defined with the facts of the set', () => {
  const probes = require(path.join(ROOT, 'scripts/lib/fact-probes.js'));
  // Each card written as its text reads (docs/language.md), so a probe's verdict rests on the probe alone.
  const stated: Record<string, { definition: string; probe: string }> = {
    'Forbidden Lance': { definition: 'card "Forbidden Lance": quick-play spell\n  activation, targets a face-up monster, changes atk', probe: 'damage step' },
    'Mystical Space Typhoon': { definition: 'card "Mystical Space Typhoon": quick-play spell\n  activation, targets a spell or trap, includes destroy', probe: 'damage step' },
    'Effect Veiler': { definition: "card \"Effect Veiler\": effect monster (spellcaster, light, tuner, level 1, atk 0, def 0)\n  quick optional, from hand, targets an effect monster your opponent controls, includes negate, during the opponent's main phase", probe: 'window' },
    'Ash Blossom & Joyous Spring': { definition: 'card "Ash Blossom & Joyous Spring": effect monster (zombie, fire, tuner, level 3, atk 0, def 1800)\n  quick optional when card or effect activated including search or deck summon or deck send, from hand, once per turn, includes negate', probe: 'answers' },
  };
  for (const [name, { definition, probe }] of Object.entries(stated)) {
    const card = set.cards.find((c) => c.name === name)!;
    const p = (probes.probesOf(card, () => 1) as Array<{ probe: string; expected: string; text: string }>).find((x) => x.probe === probe)!;
    assert.ok(p, `${name}: a ${probe} probe`);
    const { verdict } = probes.verdictOf(core, `${definition}\n\n${p.text}`);
    assert.equal(verdict, p.expected, `${name}, ${probe}`);
  }
  // A lock probe (R62): Jinzo written as its text reads forbids the Trap and lets the Spell be activated.
  const jinzo = 'card "Jinzo": effect monster (machine, dark, level 6, atk 2400, def 1500)\n  continuous, locks activation of trap cards, negates trap effects on the field';
  const lockProbes = probes.lockProbesOf(set.cards.find((c) => c.name === 'Jinzo')!) as Array<{ expected: string; text: string }>;
  assert.deepEqual(lockProbes.map((p) => p.expected), ['illegal', 'legal']);
  for (const p of lockProbes) assert.equal(probes.verdictOf(core, `${jinzo}\n\n${p.text}`).verdict, p.expected, p.text);
});
