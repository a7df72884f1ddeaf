// The card facts of a source (the library's card, or the card the text inference reads) against the
// hand-checked facts set (facts/hand-checked.json, docs/cards.md "The hand-checked facts set"): fact by
// fact, each right, wrong, missing (the source states nothing and the engine reads the absence as a
// value), assumed (the source says it is unsure) or not represented (the card model has no place for it).
// Shared by `npm run cards:accuracy` (scripts/card-accuracy.js) and the ratchet test
// (test/card-accuracy.test.ts); it takes core's functions as an argument, so that both use the one they load.
// New facts appearing on the card model are read where they are named below (`limit`, `rank`, `link`,
// `responseRestriction`): until then, the set's fact is "missing" or "not represented". The card's locks
// (`restricts`, R62-R65) are a fact of the card, not of one chain-starting effect: compareRestrictions.
'use strict';
const fs = require('fs');
const path = require('path');

const SET_FILE = path.join(__dirname, '..', '..', 'facts', 'hand-checked.json');
/**
 * The held-out set (docs/cards.md, "The held-out set"): the same schema, cards drawn after the fixes began and
 * never used to tune them, so the measure is not only the set the fixes were made against. Reported beside the
 * set, not held by the ratchet.
 */
const HELDOUT_FILE = path.join(__dirname, '..', '..', 'facts', 'hand-checked-heldout.json');

/** The fact kinds, in the order the reports print them. */
const FACTS = ['kind', 'mandatory', 'timing', 'event', 'zones', 'targets', 'damageStep', 'limit', 'includes', 'window', 'summonsItself', 'spellSpeed', 'cost', 'responseRestriction', 'restricts', 'effects', 'stats'];
const FACT_LABELS = {
  kind: 'kind', mandatory: 'optional / mandatory', timing: '"when" / "if"', event: 'event, what it answers, its qualifiers', zones: 'activation zone',
  targets: 'targets', damageStep: 'Damage Step', limit: 'per-turn limit', includes: 'includes', window: 'activation window', summonsItself: 'summons itself',
  spellSpeed: 'Spell Speed', cost: 'cost', responseRestriction: 'restriction on responses', restricts: 'locks and continuous negation', effects: 'effect set', stats: 'type and stats line',
};
/** What the `includes` of a card effect is measured in (other words are left out on both sides). */
const INCLUDE_WORDS = ['search', 'deck summon', 'deck send', 'special summon', 'destroy', 'banish', 'draw', 'negate'];
const BUCKETS = ['right', 'wrong', 'missing', 'assumed', 'unrepresented'];

function loadSet(file = SET_FILE) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Chain-starting effects, a modal Spell/Trap's `choose one` activations taken as its one activation. */
function chainEffects(card) {
  const out = [];
  for (const e of card.effects) {
    if (e.kind === 'continuous') continue;
    const last = out[out.length - 1];
    if (e.kind === 'activation' && e.chooseOne && last && last.kind === 'activation' && last.chooseOne) {
      out[out.length - 1] = { ...last, first: last.first ?? last, includes: [...new Set([...last.includes, ...e.includes])], targets: last.targets ?? e.targets, damageStep: last.damageStep || e.damageStep, changesAtk: last.changesAtk || e.changesAtk, does: [...(last.does ?? []), ...(e.does ?? [])], assumed: [...last.assumed, ...e.assumed] };
    } else out.push(e);
  }
  return out;
}

/**
 * Pairs the set's effects with the source's: by position where both have as many, else the best-fitting
 * pairs of the same kind first (same zones, same optionality, near in card order), so that an effect the
 * source left out or split does not shift the others.
 */
function align(expected, got) {
  if (expected.length === got.length) return expected.map((e, i) => got[i]);
  const pairs = [];
  for (const [i, e] of expected.entries()) {
    for (const [j, g] of got.entries()) {
      if (g.kind !== e.kind) continue;
      pairs.push({ i, j, score: (sameSet(e.zones, g.activatesFrom ?? []) ? 2 : 0) + (e.mandatory === !!g.mandatory ? 1 : 0), distance: Math.abs(i - j) });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.distance - b.distance);
  const out = expected.map(() => undefined);
  const taken = new Set();
  for (const p of pairs) {
    if (out[p.i] || taken.has(p.j)) continue;
    out[p.i] = got[p.j];
    taken.add(p.j);
  }
  return out;
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const norm = (s) => String(s ?? '').toLowerCase().replace(/[-_]/g, ' ').trim();

function includesOf(list) {
  const out = new Set((list ?? []).map(norm).filter((w) => INCLUDE_WORDS.includes(w)));
  if (out.has('deck summon')) out.add('special summon');
  return [...out].sort();
}

/** Include words with the zone their cards come from (`special summon from gy`: Ghost Belle & Haunted Mansion). */
const ORIGIN_INCLUDE = /^(special summon|banish|add to hand|return to deck|return to extra deck|destroy) (?:from|on) (gy|deck|hand|field|banished|extra deck)$/;

/**
 * What an activation pattern's `including ...` is measured in: the include words, and those with an origin zone (`on`
 * read as `from`: "destroy a card on the field"); a word with a zone stands for its plain word too.
 */
function patternIncludes(list) {
  const origins = [...new Set((list ?? []).map(norm).filter((w) => ORIGIN_INCLUDE.test(w)).map((w) => w.replace(' on ', ' from ')))];
  const plain = includesOf(list).filter((w) => !origins.some((o) => o.startsWith(`${w} from `)));
  return [...plain, ...origins].sort();
}

/** The limit as the engine holds it; a named `limit` field wins where a source writes one. */
function limitOf(e) {
  if (typeof e.limit === 'string') return e.limit;
  if (e.oncePerChain) return 'chain';
  if (e.oncePerDuel) return 'duel';
  // The card model: `once per turn by name` (hard), `activate 1 per turn` (oath), `once per turn` alone (soft).
  if (e.oncePerTurnByName) return 'hard';
  if (e.activateOncePerTurn) return 'oath';
  if (e.softOncePerTurn) return 'soft';
  if (e.oncePerTurn) return e.oncePerTurnByName === undefined ? 'hard' : 'soft';
  return 'none';
}

/**
 * What the engine lets be activated in the Damage Step (R30, damage-step.ts), within the window the effect has (R37:
 * "During the Main Phase" is never the Damage Step, whatever R30 would allow).
 */
function damageStepAllowed(e, speed) {
  if (e.window?.phase && !['battle', 'main-or-battle', 'damage-step'].includes(e.window.phase)) return false;
  // "Activate only during / at the end of the Damage Step": its window is the Damage Step (R30 lets it be).
  return speed >= 3 || e.mandatory || !!e.damageStep || !!e.negatesActivation || !!e.changesAtk || e.window?.phase === 'damage-step';
}

/** An assumption of the source about this fact (its `assumed` notes name the fact's word). */
const ASSUMED_WORDS = {
  kind: /kind|no script|effects/i, mandatory: /optional|mandatory/i, timing: /when|timing/i, event: /condition|event|qualif|what it answers/i, zones: /zone|hand|from/i,
  targets: /target/i, damageStep: /damage step/i, limit: /once|limit/i, includes: /includ|categor/i, window: /during|window|turn|phase/i,
};
function assumedAbout(e, fact) {
  const re = ASSUMED_WORDS[fact];
  return !!re && (e.assumed ?? []).some((a) => re.test(a.text));
}

function isEmpty(v) {
  return v === undefined || v === null || v === false || v === 'none' || (Array.isArray(v) && v.length === 0);
}

function bucket(expected, got, same, e, fact) {
  if (same) return 'right';
  if (assumedAbout(e, fact)) return 'assumed';
  return isEmpty(got) && !isEmpty(expected) ? 'missing' : 'wrong';
}

// ---------------------------------------------------------------- events

/** The effect's event patterns, each `or` alternative on its own as the set lists them (core's `eventAlternatives`). */
function patternsOf(e, core) {
  if (e.kind === 'activation') return (e.responds ?? []).flatMap(core.eventAlternatives);
  if (e.kind === 'phase-trigger' && e.phaseTime) return [{ kind: 'phase', phase: e.phaseTime.phase, whose: e.phaseTime.whose, unknown: [] }];
  // `sent to gy or banished`: each event of the one effect is an alternative.
  return e.event ? core.eventAlternatives(e.event) : [];
}

function flagged(p) {
  return p.kind === 'unknown' || (p.unknown ?? []).length > 0 || /script|qualifying/.test(p.raw ?? '');
}

/** "Normal Summoned" takes a Tribute Summon too (a Tribute Summon is a Normal Summon). */
function summonTypes(list) {
  const out = new Set(list ?? []);
  if (out.has('normal')) out.add('tribute');
  return [...out];
}

function matchPattern(want, p) {
  if (want.kind !== p.kind) return false;
  switch (want.kind) {
    case 'card': {
      if (want.subject === 'self' ? p.subject !== 'self' : p.subject === 'self') return false;
      if (want.verb !== p.verb) return false;
      if (!!want.attempt !== !!p.attempt) return false;
      if (!sameSet(summonTypes(want.summonTypes), summonTypes(p.summonTypes))) return false;
      if (!sameSet(want.methods ?? [], p.methods ?? [])) return false;
      if ((fromOf(want, want.filter) ?? '') !== (fromOf(p, typeof p.subject === 'object' ? p.subject : {}) ?? '')) return false;
      if (!!want.toGy !== !!p.toGy) return false;
      const by = want.by && want.by.length === 1 ? want.by[0] : undefined;
      if ((by ?? '') !== (p.by ?? '')) return false;
      if ((want.actor ?? 'any') !== (p.actor ?? 'any')) return false;
      // Event details (evdetail): "except during the Draw Phase / Damage Step", "by a direct attack".
      if (!sameSet(want.notInPhases ?? [], p.notInPhases ?? [])) return false;
      if (!!want.direct !== !!p.direct) return false;
      // Event details (evscript): "this card you control", "Summoned this way" (by its own procedure), "attacked and
      // destroyed an opponent's monster".
      if ((want.controlledBy ?? '') !== (p.controlledBy ?? '')) return false;
      if (!!want.byOwnProcedure !== !!p.byOwnProcedure || !!want.attacker !== !!p.attacker) return false;
      // A monster battles only its controller's opponent's: "destroys an opponent's monster by battle" where a reading
      // says "a monster" is the same event; the reading's "an opponent's" must be the source's.
      if (want.opponentsMonster && !p.opponentsMonster) return false;
      // Whose GY it goes to (evtargets): "sent to your GY".
      if ((want.whoseGy ?? '') !== (p.whoseGy ?? '')) return false;
      return filterFits(want.filter, typeof p.subject === 'object' ? p.subject : {});
    }
    case 'activation':
      return (
        (want.actor ?? 'any') === (p.actor ?? 'any') &&
        sameSet(want.what ?? ['any'], p.what ?? ['any']) &&
        sameSet(patternIncludes(want.includes), patternIncludes(p.includes)) &&
        (want.zone ?? '') === (p.zone ?? '') &&
        !!want.targets === !!p.targets &&
        filterFits(want.targets, p.targets ?? {}) &&
        // What an activation is (evtargets): how many it targets, that it destroys its target.
        (want.targetCount ?? 0) === (p.targetCount ?? 0) &&
        !!want.destroysTarget === !!p.destroysTarget &&
        (want.duringTurn ?? '') === (p.duringTurn ?? '')
      );
    case 'attack':
      return (want.actor ?? 'any') === (p.actor ?? 'any') && !!want.direct === !!p.direct && !!want.highestAtk === !!p.highestAtk && !!want.target === !!p.target && filterFits(want.target, p.target ?? {});
    case 'damage':
      return (want.who ?? 'any') === (p.who ?? 'any') && !!want.battle === !!p.battle && !!want.direct === !!p.direct;
    case 'phase':
      return want.phase === p.phase && (want.whose ?? 'each') === (p.whose ?? 'each');
    default:
      return false;
  }
}

/** Verbs of a card that was on the field when a controller is named ("a card you control is destroyed"). */
const FIELD_VERBS = new Set(['destroyed', 'sent-to-gy', 'banished', 'leaves-field', 'returned-to-hand', 'tributed']);

/**
 * Where the card was: "a card you control" / "this card you control" is a card on the field, so a source's `from:
 * field` beside a named controller says what the words say already (two readings of one event are one).
 */
function fromOf(pattern, filter) {
  if (pattern.from) return pattern.from;
  return FIELD_VERBS.has(pattern.verb) && (filter?.controller || pattern.controlledBy) ? 'field' : undefined;
}

/** Every key the set's filter states is the source's (the source may state more: the set lists what the words say). */
function filterFits(want, have) {
  for (const [k, v] of Object.entries(want ?? {})) {
    const got = have[k];
    if (Array.isArray(v) ? !sameSet(v.map(norm), (got ?? []).map(norm)) : v !== got) return false;
  }
  return true;
}

/**
 * The event fact: every alternative the card states, with its qualifiers, and nothing wider. The set keeps a
 * qualifier's words in `eventQualifiers` until it is read into structure (state conditions in `conditions`, details
 * inside the `event` patterns, the window in `window`); the words then move to `eventQualifiersRead`. An event is
 * right only when nothing of it is left as words and the structure is the library's.
 */
function eventBucket(want, e, core) {
  const got = patternsOf(e, core);
  const expected = want.event ?? [];
  // The hand's own condition ("If you control no cards, you can activate this card from your hand") with the rest.
  const conditionsSame = sameConditions(want.conditions ?? [], e.conditions ?? []) && sameConditions(want.handConditions ?? [], e.handConditions ?? []);
  if (!expected.length && !want.eventQualifiers && !(want.conditions ?? []).length && !(want.handConditions ?? []).length) {
    if (!got.length && conditionsSame) return 'right';
    return got.some(flagged) ? 'assumed' : 'wrong';
  }
  if (!got.length && !(e.conditions ?? []).length && !(e.handConditions ?? []).length) return e.assumed?.length ? 'assumed' : 'missing';
  const matched = expected.every((w) => got.some((p) => matchPattern(w, p))) && conditionsSame;
  if (matched && !want.eventQualifiers) return 'right';
  // A qualifier the card model cannot hold, or a pattern the source got wider or otherwise: the source's
  // own flag (an unknown part, "under script condition", an assumption) is what keeps it from being silent.
  if (got.some(flagged) || assumedAbout(e, 'event')) return 'assumed';
  return 'wrong';
}

/** Two lists of structured conditions are the same when they hold the same conditions, in any order. */
function sameConditions(a, b) {
  return sameSet(a.map(canonicalJson), b.map(canonicalJson));
}

/** JSON with every object's keys sorted, at every depth (a replacer array would drop the nested keys it does not list). */
function canonicalJson(x) {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (x && typeof x === 'object') return `{${Object.keys(x).sort().filter((k) => x[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson(x[k])}`).join(',')}}`;
  return JSON.stringify(x);
}

// ---------------------------------------------------------------- one effect, one card

/** An Ignition Effect is activated in its controller's Main Phase whether or not a source says so. */
function impliedByIgnition(kind, w) {
  return kind === 'ignition' && !!w && w.whose === 'your' && (w.phases ?? [w.phase]).join() === 'main';
}

function windowOf(e) {
  if (!e.window || impliedByIgnition(e.kind, e.window)) return undefined;
  // `main-or-battle` ("during your opponent's Main Phase or Battle Phase") is the set's two phases.
  const phases = e.window.phase === 'main-or-battle' ? ['main', 'battle'] : e.window.phase ? [e.window.phase] : [];
  // The moment of the phase (evdetail): "at the end of the Damage Step" (`part`), "at the start of" (`start`).
  return { whose: e.window.whose, phases, ...(e.window.part ? { part: e.window.part } : {}), ...(e.window.start ? { start: true } : {}) };
}

function compareEffect(want, e, card, core) {
  const out = {};
  const put = (fact, b) => (out[fact] = b);
  if (!e) {
    for (const f of FACTS) if (!CARD_FACTS.includes(f) && applies(want, f)) put(f, 'missing');
    return out;
  }
  put('kind', bucket(want.kind, e.kind, want.kind === e.kind, e, 'kind'));
  if (want.mandatory !== undefined) put('mandatory', bucket(want.mandatory, e.mandatory, want.mandatory === !!e.mandatory, e, 'mandatory'));
  if (want.timing) put('timing', bucket(want.timing, e.timing, want.timing === e.timing, e, 'timing'));
  if (applies(want, 'event')) put('event', eventBucket(want, e, core));
  if (want.kind === 'activation' && card.category === 'spell') {
    // A Spell is activated from the hand or Set: no zone fact.
  } else if (want.kind === 'activation') {
    // A Trap's activation: whether it may be activated from the hand is the card's fact.
    const hand = want.zones.includes('hand');
    put('zones', bucket(hand, (e.activatesFrom ?? []).includes('hand'), hand === (e.activatesFrom ?? []).includes('hand'), e, 'zones'));
  } else put('zones', bucket(want.zones, e.activatesFrom, sameSet(want.zones, e.activatesFrom ?? []), e, 'zones'));
  if (want.targets !== null && want.targets !== undefined) put('targets', bucket(want.targets, !!e.targets, want.targets === !!e.targets, e, 'targets'));
  const speed = core.spellSpeed(e, card, { trapTriggersSpeed2: true });
  if (want.damageStep !== null && want.damageStep !== undefined) {
    const allowed = damageStepAllowed(e, speed);
    put('damageStep', bucket(want.damageStep, e.damageStep, want.damageStep === allowed, e, 'damageStep'));
  }
  put('limit', bucket(want.limit, limitOf(e), want.limit === limitOf(e), e, 'limit'));
  const wantInc = includesOf(want.includes);
  const gotInc = includesOf(e.includes);
  put('includes', bucket(wantInc, gotInc, sameSet(wantInc, gotInc), e, 'includes'));
  const wantWindow = impliedByIgnition(want.kind, want.window) ? undefined : want.window;
  if (wantWindow || windowOf(e)) {
    const w = windowOf(e);
    const same = !!wantWindow === !!w && (!w || (w.whose === wantWindow.whose && sameSet(w.phases, wantWindow.phases) && (w.part ?? '') === (wantWindow.part ?? '') && !!w.start === !!wantWindow.start));
    put('window', bucket(wantWindow, w, same, e, 'window'));
  }
  if (want.summonsItself || e.summonsItself) put('summonsItself', bucket(want.summonsItself, !!e.summonsItself, want.summonsItself === !!e.summonsItself, e, 'summonsItself'));
  put('spellSpeed', want.spellSpeed === speed ? 'right' : 'wrong');
  // Whether it has a cost, both ways: a cost read where the text has none is wrong too (R74 would ask for it).
  if (typeof want.cost === 'boolean') put('cost', bucket(want.cost, !!e.cost, want.cost === !!e.cost, e, 'cost'));
  // The card model calls it `noResponse`; `responseRestriction` is the name this script used before the model had it.
  const restricts = !!(e.noResponse ?? e.responseRestriction);
  const represented = 'noResponse' in e || 'responseRestriction' in e;
  if (want.responseRestriction || restricts) put('responseRestriction', represented ? bucket(want.responseRestriction, restricts, !!want.responseRestriction === restricts, e, 'responseRestriction') : 'missing');
  return out;
}

/** Facts of the whole card, not of one of its chain-starting effects. */
const CARD_FACTS = ['restricts', 'effects', 'stats'];

function applies(want, fact) {
  if (fact === 'event') return !!(want.event?.length || want.eventQualifiers || want.conditions?.length || want.handConditions?.length);
  if (fact === 'window') return !!want.window && !impliedByIgnition(want.kind, want.window);
  if (fact === 'timing') return !!want.timing;
  if (fact === 'mandatory') return want.mandatory !== undefined;
  if (fact === 'targets') return want.targets !== null && want.targets !== undefined;
  if (fact === 'damageStep') return want.damageStep !== null && want.damageStep !== undefined;
  if (fact === 'summonsItself') return !!want.summonsItself;
  if (fact === 'cost') return typeof want.cost === 'boolean';
  if (fact === 'responseRestriction') return !!want.responseRestriction;
  return true;
}

function statsBucket(want, card) {
  const type = want.cardType === card.cardType;
  const tuner = want.tuner === undefined || want.tuner === (card.abilities ?? []).includes('tuner');
  let number = true;
  if (want.level !== undefined) number = card.level === want.level;
  // A Rank or Link Rating is not a Level: a card model that keeps it as `level` lets a Level filter take it.
  if (want.rank !== undefined) number = card.rank === want.rank && card.level === undefined;
  if (want.link !== undefined) number = (card.link ?? card.linkRating) === want.link && card.level === undefined;
  return type && tuner && number ? 'right' : 'wrong';
}

/** One card of the set against the source's card: { facts: [{fact, effect, bucket}], ... }. */
function compareCard(want, card, core) {
  const facts = [];
  if (!card) {
    for (const [i, w] of want.effects.entries()) for (const [fact] of Object.entries(compareEffect(w, undefined, undefined, core))) facts.push({ fact, effect: i + 1, bucket: 'missing' });
    facts.push(...compareRestrictions(want.restricts, []));
    facts.push({ fact: 'effects', bucket: 'missing' }, { fact: 'stats', bucket: 'missing' });
    return facts;
  }
  const got = chainEffects(card);
  const pairs = align(want.effects, got);
  for (const [i, w] of want.effects.entries()) {
    for (const [fact, b] of Object.entries(compareEffect(w, pairs[i], card, core))) facts.push({ fact, effect: i + 1, bucket: b });
  }
  facts.push(...compareRestrictions(want.restricts, card.effects.flatMap((e) => e.restricts ?? [])));
  const sameKinds = got.length === want.effects.length && got.every((e, i) => e.kind === want.effects[i].kind);
  facts.push({ fact: 'effects', bucket: sameKinds ? 'right' : got.some((e) => e.assumed?.some((a) => /script/.test(a.text))) && got.length === 0 ? 'assumed' : 'wrong' });
  facts.push({ fact: 'stats', bucket: statsBucket(want.stats, card) });
  return facts;
}

// ---------------------------------------------------------------- locks (restricts)

/**
 * What a restriction covers, one word per kind: an activation lock's or a negation's `what` (`spell-cards-unless-set`,
 * `gy-moves` among them), `by` for unaffected, `except` for a Summon lock, `from` (`gy`, `any`) for a banishing lock.
 */
function scopeOf(r) {
  if (r.kind === 'unaffected') return r.by;
  if (r.kind === 'cannot-banish') return r.from;
  if (r.kind === 'cannot-special-summon') return r.except ? 'except' : 'all';
  return r.what;
}

const DETAILS = [
  ['who', (r) => r.who ?? ''],
  ['scope', scopeOf],
  ['conditional', (r) => !!r.conditional],
];

/**
 * One set restriction against the source's of the same kind: right when who, scope and condition are the set's;
 * assumed where the source says it does not know (a scope it did not read, `some`; a condition the text does not
 * state, which the engine takes as a named unknown fact); not in the card model where the text's scope is one the
 * model has no word for (`not-in-model`; `other` is a word of the model: unaffected by every other card) and the source says it did not read it; else wrong.
 */
function restrictionBucket(want, got) {
  const differs = DETAILS.filter(([, f]) => f(want) !== f(got)).map(([d]) => d);
  if (!differs.length) return 'right';
  const unread = scopeOf(got) === 'unknown';
  const flagged = (d) => (d === 'scope' && unread) || (d === 'conditional' && got.conditional && !want.conditional);
  if (differs.every(flagged)) return scopeOf(want) === 'not-in-model' && differs.includes('scope') ? 'unrepresented' : 'assumed';
  return 'wrong';
}

const showRestriction = (r) => `${r.kind} ${[r.who, scopeOf(r), r.conditional ? 'conditional' : ''].filter(Boolean).join(' ')}`;

/**
 * The card's locks (R62-R65) against the source's, every restriction of every effect: each of the set's is matched
 * with the best-fitting one of the same kind (each once); none of that kind is missing; a source restriction left
 * over is wrong (a lock the text does not state). A card whose set reading has no `restricts` is not measured.
 */
function compareRestrictions(want, got) {
  if (!Array.isArray(want)) return [];
  const free = [...got];
  const out = [];
  for (const w of want) {
    const same = free.map((g, j) => ({ g, j, score: g && g.kind === w.kind ? 1 + DETAILS.filter(([, f]) => f(w) === f(g)).length : 0 })).filter((x) => x.score);
    same.sort((a, b) => b.score - a.score);
    if (!same.length) {
      // A scope the card model has no word for cannot be in the source at all: not in the card model, not missing.
      const bucket = scopeOf(w) === 'not-in-model' ? 'unrepresented' : 'missing';
      out.push({ fact: 'restricts', bucket, miss: `${showRestriction(w)} ${bucket}; the source has: ${got.map(showRestriction).join('; ') || 'none'}` });
      continue;
    }
    const { g, j } = same[0];
    free[j] = undefined;
    const bucket = restrictionBucket(w, g);
    out.push({ fact: 'restricts', bucket, miss: bucket === 'right' ? undefined : `${showRestriction(w)} ${bucket}; the source has: ${showRestriction(g)}` });
  }
  for (const g of free) if (g) out.push({ fact: 'restricts', bucket: 'wrong', miss: `${showRestriction(g)} wrong: the text states no such lock` });
  return out;
}

/** Per fact kind: { right, wrong, missing, assumed, unrepresented, checked }; several sets' results may be concatenated. */
function tally(results) {
  const by = Object.fromEntries(FACTS.map((f) => [f, Object.fromEntries([...BUCKETS, 'checked'].map((b) => [b, 0]))]));
  const all = Object.fromEntries([...BUCKETS, 'checked'].map((b) => [b, 0]));
  for (const r of results) {
    for (const f of r.facts) {
      by[f.fact][f.bucket]++;
      by[f.fact].checked++;
      all[f.bucket]++;
      all.checked++;
    }
  }
  return { byFact: by, all };
}

const rate = (t) => (t.checked ? (100 * t.right) / t.checked : 100);

module.exports = { SET_FILE, HELDOUT_FILE, FACTS, FACT_LABELS, BUCKETS, INCLUDE_WORDS, loadSet, chainEffects, align, compareCard, compareRestrictions, tally, rate, includesOf, limitOf, matchPattern };
