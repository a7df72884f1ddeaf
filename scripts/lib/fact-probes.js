// Where a fact gap flips a verdict: for each card of the hand-checked facts set, small ordinary scenarios
// whose verdict a judge reads off the card's facts (facts/hand-checked.json), checked by the engine with
// the library's card. A probe whose judge's verdict is "illegal" and which the engine calls plain "legal"
// (no error, no unknown-card-fact warning) is a silent flip; one it calls "illegal" where the judge says
// "legal" is a false "illegal". A "legal" resting on a named unknown fact (unknown-card-fact) is neither.
// Used by `npm run cards:accuracy` and test/card-accuracy.test.ts; core is passed in (fact-accuracy.js).
'use strict';
const { chainEffects } = require('./fact-accuracy');

/** The stimuli a responder is tried against: cards defined in the probe, so the library cannot change them. */
const STIMULI = [
  { name: 'Probe Destroy Spell', definition: 'card "Probe Destroy Spell": normal spell\n  activation, includes destroy', placed: 'hand', act: { what: ['spell-card', 'spell'], includes: ['destroy'], zone: 'hand', effectOnField: false } },
  { name: 'Probe Destroy Monster', definition: 'card "Probe Destroy Monster": effect monster (spellcaster, light, level 4, atk 1000, def 1000)\n  ignition, includes destroy', placed: 'field', act: { what: ['monster-effect', 'effect'], includes: ['destroy'], zone: 'field', effectOnField: true } },
];
const BATTLERS = [
  'card "Probe Attacker": normal monster (warrior, light, level 4, atk 1800, def 1000)',
  'card "Probe Defender": normal monster (warrior, dark, level 4, atk 1000, def 1000)',
];

/** Whether the judge's reading of an effect's event takes the stimulus's activation (by the opponent). */
function answers(effect, stimulus) {
  if (effect.eventQualifiers) return false; // each qualifier of the set narrows beyond a plain card that destroys
  return (effect.event ?? []).some((p) => {
    if (p.kind !== 'activation') return false;
    if (p.actor === 'you') return false;
    const what = p.what ?? ['any'];
    if (!what.some((w) => w === 'any' || stimulus.act.what.includes(w))) return false;
    if (what.every((w) => w === 'effect') && !stimulus.act.effectOnField) return false;
    if (p.zone === 'field' && !stimulus.act.effectOnField) return false;
    if (p.includes && !p.includes.some((i) => stimulus.act.includes.includes(i))) return false;
    return true;
  });
}

const quote = (name) => `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Where the tested card starts, as a scenario line (null where no probe can place it). */
function placement(card, effect, player) {
  const trap = /trap/.test(card.stats.cardType);
  const spell = /spell/.test(card.stats.cardType);
  if (effect.kind === 'activation') return trap || spell ? `${player} field: set ${quote(card.name)}` : null;
  const zone = effect.zones.find((z) => ['hand', 'field', 'gy'].includes(z));
  if (!zone) return null;
  return `${player} ${zone}: ${quote(card.name)}`;
}

function scenario(title, lines) {
  return [`scenario ${quote(title)}`, '  players Yugi, Kaiba', ...lines.map((l) => (l ? `  ${l}` : ''))].join('\n');
}

/**
 * The probes of one card: { card, effect, probe, expected, text, effectIndex }. `engineIndex` is the number
 * (`effect N`) of the library's effect that the comparison paired with the set's effect, or undefined.
 */
function probesOf(card, pairedIndex) {
  const out = [];
  for (const [i, e] of card.effects.entries()) {
    const n = pairedIndex(i);
    if (n === undefined) continue;
    const pick = ` effect ${n}`;
    const responder = (e.event ?? []).length > 0 && (e.event ?? []).every((p) => p.kind === 'activation' || (p.kind === 'card' && p.attempt) || p.kind === 'attack');
    if ((e.kind === 'quick' || e.kind === 'activation') && responder) {
      // A responder answers only what its card says: a plain card of the opponent that only destroys it does not (not a draw: whether Ash Blossom answers a draw is disputed).
      const stimulus = STIMULI.find((s) => !answers(e, s));
      const place = placement(card, e, 'Kaiba');
      if (stimulus && place) {
        out.push({ effect: i + 1, probe: 'answers', expected: 'illegal', why: `answers ${stimulus.name} (${stimulus.act.includes.join(', ')})`,
          text: [stimulus.definition, scenario(`${card.name}: answers ${stimulus.name}`, ['turn Yugi', '', `Yugi ${stimulus.placed}: ${quote(stimulus.name)}`, place, '', 'chain', `  1 Yugi ${quote(stimulus.name)}`, `  2 Kaiba ${quote(card.name)}${pick}`])].join('\n\n') });
      }
      // With nothing to answer at all, it cannot be activated.
      if (place) {
        out.push({ effect: i + 1, probe: 'nothing to answer', expected: 'illegal', why: 'activated with nothing to answer',
          text: scenario(`${card.name}: nothing to answer`, ['turn Yugi', '', place, '', 'chain', `  1 Kaiba ${quote(card.name)}${pick}`]) });
      }
    }
    const summon = summonProbe(e);
    if (summon) {
      // Summoned in a way its trigger does not name ("If this card is Special Summoned": Normal Summoned).
      const start = summon.how === 'flip summons' ? `Yugi field: set ${quote(card.name)}` : `Yugi hand: ${quote(card.name)}`;
      out.push({ effect: i + 1, probe: 'summon kind', expected: 'illegal', why: `the card is ${summon.how.replace('summons', 'summoned')}`,
        text: scenario(`${card.name}: ${summon.how}`, ['turn Yugi', '', start, '', `Yugi ${summon.how} ${quote(card.name)}`, '', 'chain', `  1 Yugi ${quote(card.name)}${pick}`]) });
    }
    const free = !(e.event ?? []).length && !e.eventQualifiers;
    if (e.kind === 'quick' && free && e.window) {
      // Outside the turn or phase its text states.
      const w = e.window;
      const turn = w.whose === 'opponent' ? 'Kaiba' : w.whose === 'your' ? 'Yugi' : 'Yugi';
      const phase = w.whose === 'each' ? (w.phases.includes('main') ? 'battle' : 'main1') : w.phases.includes('main') || !w.phases.length ? 'main1' : 'main1';
      const place = placement(card, e, 'Kaiba');
      if (place) {
        out.push({ effect: i + 1, probe: 'window', expected: 'illegal', why: `activated in ${turn === 'Kaiba' ? 'its own' : "the opponent's"} turn, ${phase}`,
          text: scenario(`${card.name}: outside its window`, [`turn ${turn}`, `phase ${phase}`, '', place, '', 'chain', `  1 Kaiba ${quote(card.name)}${pick}`]) });
      }
    }
    if ((e.kind === 'quick' || e.kind === 'activation') && free && !e.window && typeof e.damageStep === 'boolean') {
      // In the Damage Step: allowed or not, as the set reads the card (R30).
      const place = placement(card, e, 'Yugi');
      if (place) {
        out.push({ effect: i + 1, probe: 'damage step', expected: e.damageStep ? 'legal' : 'illegal', why: 'activated in the Damage Step',
          text: [...BATTLERS, scenario(`${card.name}: in the Damage Step`, ['turn Yugi', 'phase battle', '', 'Yugi field: "Probe Attacker"', place, 'Kaiba field: "Probe Defender"', '', 'Yugi attacks "Probe Defender" with "Probe Attacker"', 'phase damage-step', '', 'chain', `  1 Yugi ${quote(card.name)}${pick}`])].join('\n\n') });
      }
    }
  }
  return out;
}

/** What a face-up lock is tried against: a card of each kind, defined in the probe (activated by the player it covers). */
const LOCKED = {
  'spell-cards': { name: 'Probe Destroy Spell', definition: STIMULI[0].definition, placed: 'hand' },
  'trap-cards': { name: 'Probe Destroy Trap', definition: 'card "Probe Destroy Trap": normal trap\n  activation, includes destroy', placed: 'field: set' },
  'monster-effects': { name: 'Probe Destroy Monster', definition: STIMULI[1].definition, placed: 'field' },
  summon: { name: 'Probe Summon Spell', definition: 'card "Probe Summon Spell": normal spell\n  activation, includes special summon, does special summon', placed: 'hand' },
};
/** Which kind of card an activation lock's scope covers, and one it does not (for the legal counterpart). */
const LOCK_SCOPES = {
  'spell-cards': { covered: 'spell-cards', free: 'trap-cards' },
  'trap-cards': { covered: 'trap-cards', free: 'spell-cards' },
  'monster-effects': { covered: 'monster-effects', free: 'spell-cards' },
  'cards-and-effects': { covered: 'spell-cards' },
  // Anti-Spell Fragrance (R92): the probe's Spell is activated from the hand, which it forbids; a Set Trap is free.
  'spell-cards-unless-set': { covered: 'spell-cards', free: 'trap-cards' },
};

/**
 * The lock probes of one card (R62, R63), from its set reading alone: with the card face-up on Kaiba's field, the
 * player a lock covers activates a card of its scope (a judge: illegal) or, where the scope leaves a kind out, one of
 * that kind (legal). Only a lock whose verdict the probe decides: no condition, no `except`, a scope of the model's.
 */
function lockProbesOf(card) {
  const out = [];
  const locks = (card.restricts ?? []).filter((r) => !r.conditional && !r.except && (r.kind === 'cannot-special-summon' || LOCK_SCOPES[r.what]));
  const activationLocks = locks.filter((r) => r.kind === 'cannot-activate');
  for (const r of locks) {
    const player = r.who === 'you' ? 'Kaiba' : 'Yugi';
    const tries = r.kind === 'cannot-special-summon' ? [['summon', 'illegal']] : [[LOCK_SCOPES[r.what].covered, 'illegal'], [LOCK_SCOPES[r.what].free, 'legal']];
    for (const [kind, expected] of tries) {
      // The legal counterpart only where no other lock of the card covers that kind.
      if (!kind || (expected === 'legal' && activationLocks.some((x) => LOCK_SCOPES[x.what].covered === kind || x.what === 'cards-and-effects'))) continue;
      const probe = LOCKED[kind];
      const [zone, set] = probe.placed.split(': ');
      out.push({ effect: undefined, probe: 'lock', expected, why: `${player} activates ${probe.name} while ${card.name} is face-up (${r.kind}, ${r.who})`,
        text: [probe.definition, scenario(`${card.name}: locks ${probe.name}`, [`turn ${player}`, '', `Kaiba field: ${quote(card.name)}`, `${player} ${zone}: ${set ? 'set ' : ''}${quote(probe.name)}`, '', 'chain', `  1 ${player} ${quote(probe.name)}`])].join('\n\n') });
    }
  }
  return out;
}

/**
 * A Summon its trigger does not answer, for a Main Deck monster's "If this card is <kind> Summoned" trigger
 * (every alternative a Summon of this card, none by a method such as Link Summon): undefined otherwise.
 */
function summonProbe(e) {
  const events = e.event ?? [];
  if (e.kind !== 'trigger' || e.eventQualifiers || !events.length) return undefined;
  if (!events.every((p) => p.kind === 'card' && p.subject === 'self' && p.verb === 'summoned' && p.summonTypes && !p.methods)) return undefined;
  const kinds = new Set(events.flatMap((p) => p.summonTypes));
  if (!kinds.has('normal') && !kinds.has('tribute')) return { how: 'normal summons' };
  if (!kinds.has('flip')) return { how: 'flip summons' };
  if (!kinds.has('special')) return { how: 'special summons' };
  return undefined;
}

/** The engine's verdict on one probe: legal, unknown (legal on a named unknown fact), or illegal (with its codes). */
function verdictOf(core, text) {
  const analysis = core.analyze(text, {});
  const errors = analysis.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) return { verdict: 'illegal', codes: [...new Set(errors.map((d) => d.code))] };
  if (analysis.diagnostics.some((d) => d.code === 'unknown-card-fact')) return { verdict: 'unknown', codes: ['unknown-card-fact'] };
  return { verdict: 'legal', codes: [] };
}

function outcomeOf(expected, verdict) {
  if (verdict === 'unknown') return 'warned';
  if (expected === verdict) return 'agrees';
  return verdict === 'legal' ? 'silent legal' : 'false illegal';
}

/**
 * Every probe of the set, checked with the library's cards: [{ card, effect, probe, expected, verdict,
 * codes, outcome }]. `libraryCard(name)` gives the library's CardInfo (to number the paired effect).
 */
/** The facts of the set each probe rests on: where the source has them right, a flip is the engine's, not a fact gap. */
const PROBE_FACTS = { answers: ['event'], 'nothing to answer': ['event'], 'summon kind': ['event'], window: ['window'], 'damage step': ['damageStep'], lock: ['restricts'] };

function runProbes(set, core, libraryCard, alignOf, compared) {
  const results = [];
  for (const card of set.cards) {
    const info = libraryCard(card.name);
    if (!info) continue;
    const got = chainEffects(info);
    const paired = alignOf(card.effects, got);
    // `effect N` counts the card's effects as the engine does (continuous ones included).
    const number = (i) => (paired[i] ? info.effects.indexOf(paired[i].first ?? paired[i]) + 1 || undefined : undefined);
    for (const p of [...probesOf(card, number), ...lockProbesOf(card)]) {
      const { verdict, codes } = verdictOf(core, p.text);
      const facts = (compared?.(card.name) ?? []).filter((f) => f.effect === p.effect && PROBE_FACTS[p.probe].includes(f.fact));
      const gap = facts.some((f) => f.bucket !== 'right');
      results.push({ card: card.name, effect: p.effect, probe: p.probe, why: p.why, expected: p.expected, verdict, codes, outcome: outcomeOf(p.expected, verdict), cause: gap ? 'fact gap' : 'engine', text: p.text });
    }
  }
  return results;
}

/** Per outcome and cause; the cards with at least one silent "legal" or false "illegal". */
function summarize(results) {
  const count = (f) => results.filter(f).length;
  const cards = (f) => [...new Set(results.filter(f).map((r) => r.card))];
  const silent = (r) => r.outcome === 'silent legal';
  const falseIllegal = (r) => r.outcome === 'false illegal';
  return {
    probes: results.length,
    cardsProbed: new Set(results.map((r) => r.card)).size,
    agrees: count((r) => r.outcome === 'agrees'),
    warned: count((r) => r.outcome === 'warned'),
    silentLegal: count(silent),
    falseIllegal: count(falseIllegal),
    silentLegalCards: cards(silent),
    silentLegalFactGapCards: cards((r) => silent(r) && r.cause === 'fact gap'),
    falseIllegalCards: cards(falseIllegal),
    verdictChangingCards: cards((r) => silent(r) || falseIllegal(r)),
    byProbe: Object.fromEntries([...new Set(results.map((r) => r.probe))].map((p) => [p, { probes: count((r) => r.probe === p), silentLegal: count((r) => r.probe === p && silent(r)), falseIllegal: count((r) => r.probe === p && falseIllegal(r)), warned: count((r) => r.probe === p && r.outcome === 'warned') }])),
  };
}

module.exports = { runProbes, probesOf, lockProbesOf, verdictOf, summarize };
