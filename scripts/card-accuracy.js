#!/usr/bin/env node
// How accurate the card facts are, measured two ways.
//   npm run cards:accuracy [-- --texts DIR] [--scripts DIR] [--pinned] [--write] [--cards] [--probes] [--misses FACT,...]
//                          [--lang en|ja|both] [--json FILE] [--examples N]
// 1. Against the hand-checked facts set (facts/hand-checked.json, docs/cards.md): the library's cards (what
//    `segoc card` prints), fact by fact, with coverage beside accuracy, and the probes: small scenarios
//    where a fact decides the verdict (a silent "legal" where a judge says "illegal" is a flip). With
//    --texts, the text inference on the same cards; with --scripts, the EDOPro scripts' facts on them.
//    --write makes today's figures the committed floor (facts/accuracy-floor.json, held by
//    test/card-accuracy.test.ts) and docs/cards.md's table; --cards lists each card's facts that are not
//    right, --probes each probe. Exit 1 when a figure fell below the floor.
//    Then the same for the held-out set (facts/hand-checked-heldout.json: drawn after the fixes, never used to tune
//    them; not held by the floor) and the share of all facts of both sets right.
// 2. With both --texts and --scripts, also the whole library's text inference against the scripts (the
//    older cross-check, below; docs/card-inference.md explains it).
// --pinned    the cross-check on the sources at the commits the generated library pins (fetched, or exported
//             from a local git directory with --texts-git DIR / --scripts-git DIR: scripts/cards/sources.js).
// --texts   a checkout of DawnbrandBots/yaml-yugi (or its data/cards folder): <passcode>.json
// --scripts a checkout of ProjectIgnis/CardScripts (or its official folder): c<passcode>.lua
// Card by card (by passcode) the cross-check compares the effects inferred from the official text with the facts
// read from the script (scripts/lib/lua-facts.js, the generator's reader; helper procedures mapped by the
// generator's rules in scripts/cards/effects.js), per fact and per language, and prints the
// figures and a confusion table (docs/card-inference.md explains them). Nothing is written to the
// repository but with --write; no card text and no script is printed (passcodes, names and figures only).
'use strict';
const fs = require('fs');
const path = require('path');
const { readScript, kindOf } = require('./lib/lua-facts');
const { helperEffects } = require('./cards/effects');
const { loadTypeScript } = require('./lib/load-ts');
const { pinned, sourceAt } = require('./cards/sources');
const { loadSet, compareCard, tally, rate, HELDOUT_FILE } = require('./lib/fact-accuracy');
const { misses, measureLibrary, measureInference, factTable, docsFigures, figures, readFloor, belowFloor, writeFloor, writeDocs } = require('./lib/fact-report');

function args() {
  const a = process.argv.slice(2);
  const o = { lang: 'both', examples: 8, write: false, cards: false, probes: false };
  for (let i = 0; i < a.length; i++) {
    const v = () => a[++i];
    if (a[i] === '--texts') o.texts = v();
    else if (a[i] === '--scripts') o.scripts = v();
    else if (a[i] === '--texts-git') o.textsGit = v();
    else if (a[i] === '--pinned') o.pinned = true;
    else if (a[i] === '--scripts-git') o.scriptsGit = v();
    else if (a[i] === '--lang') o.lang = v();
    else if (a[i] === '--json') o.json = v();
    else if (a[i] === '--examples') o.examples = Number(v());
    else if (a[i] === '--limit') o.limit = Number(v());
    else if (a[i] === '--write') o.write = true;
    else if (a[i] === '--cards') o.cards = true;
    else if (a[i] === '--probes') o.probes = true;
    else if (a[i] === '--misses') o.misses = v().split(',');
    else throw new Error(`unknown option ${a[i]}`);
  }
  // --pinned: the sources at the commits the generated library pins (fetched, or exported from --texts-git/--scripts-git).
  if (o.pinned || o.textsGit || o.scriptsGit) {
    const pins = pinned(path.join(__dirname, '..', 'server', 'cards', 'generated', 'manifest.json'));
    const log = (line) => process.stderr.write(line + '\n');
    if (!o.texts) o.texts = sourceAt('texts', pins.texts, { gitDir: o.textsGit }, false, log).dir;
    if (!o.scripts) o.scripts = sourceAt('scripts', pins.scripts, { gitDir: o.scriptsGit }, false, log).dir;
  }
  if (o.texts) for (const sub of ['data/cards', 'cards']) if (fs.existsSync(path.join(o.texts, sub))) o.texts = path.join(o.texts, sub);
  if (o.scripts && fs.existsSync(path.join(o.scripts, 'official'))) o.scripts = path.join(o.scripts, 'official');
  return o;
}

function typeLineOf(card) {
  if (card.card_type === 'Monster') return card.monster_type_line ?? 'Effect';
  return `${card.property ?? 'Normal'} ${card.card_type}`;
}

// Where a single-card trigger without SetRange activates: where its event leaves the card.
const ZONE_AFTER_EVENT = {
  EVENT_TO_GRAVE: 'gy', EVENT_DESTROYED: 'gy', EVENT_BATTLE_DESTROYED: 'gy', EVENT_REMOVE: 'banished', EVENT_TO_HAND: 'hand',
  EVENT_BE_MATERIAL: 'gy', EVENT_RELEASE: 'gy', EVENT_LEAVE_FIELD: 'gy', EVENT_DISCARD: 'gy', EVENT_TO_DECK: 'deck',
};
// Events that can happen in the middle of a chain (where "when" can miss the timing); others
// (phases, attack declarations, battle, Summons by the game) cannot, so DELAY carries no meaning there.
const MID_CHAIN = new Set(['EVENT_TO_GRAVE', 'EVENT_DESTROYED', 'EVENT_REMOVE', 'EVENT_TO_HAND', 'EVENT_TO_DECK', 'EVENT_LEAVE_FIELD', 'EVENT_SPSUMMON_SUCCESS', 'EVENT_DISCARD', 'EVENT_RELEASE', 'EVENT_CHANGE_POS', 'EVENT_DAMAGE', 'EVENT_RECOVER', 'EVENT_CONTROL_CHANGED', 'EVENT_DRAW', 'EVENT_BE_MATERIAL']);

/**
 * Kind disagreements that are how the scripts are written, not what the text says (docs/card-inference.md,
 * "Script conventions"); counted apart and left out of the kind figure:
 * - a Trap Card's own "When/If ...:" or phase-timed effect (Spell Speed 2) that the script writes as a Quick
 *   Effect (QUICK_O/F) on the event or on a free chain with a condition, where the text has no "(Quick Effect)";
 * - a "during damage calculation" Quick Effect that the script writes as a trigger on
 *   EVENT_PRE_DAMAGE_CALCULATE, where the text marks it as one ("(Quick Effect)", 相手ターンでも発動できる).
 */
const QUICK_MARK = /\(Quick Effect\)|相手ターンでも発動|自分・相手ターンに発動/i;
function scriptConvention(s, e, typeLine) {
  if (s.kind === 'quick' && e.kind === 'trigger' && /\bTrap\b/.test(typeLine)) return 'Trap effect (Spell Speed 2) scripted as a Quick Effect';
  if (s.kind === 'trigger' && e.kind === 'quick' && s.code[0] === 'EVENT_PRE_DAMAGE_CALCULATE' && QUICK_MARK.test(e.sentence)) return 'damage calculation effect scripted as a trigger';
  return undefined;
}

const INCLUDE_CATEGORY = { search: ['search'], 'special summon': ['special_summon'], destroy: ['destroy'], banish: ['remove'], draw: ['draw'], negate: ['negate', 'disable'], 'deck send': ['deckdes'] };

const ZONE_OF_LOCATION = { HAND: 'hand', GRAVE: 'gy', REMOVED: 'banished', MZONE: 'field', SZONE: 'field', ONFIELD: 'field', FZONE: 'field', PZONE: 'field', DECK: 'deck', EXTRA: 'extra' };

/** One effect of the reader (scripts/lib/lua-facts.js) in the inference's words; undefined if it starts no chain. */
function factsOf(e) {
  const read = kindOf(e);
  if (!read) return undefined;
  return {
    name: e.name,
    cloneOf: e.cloneOf,
    ...read,
    // An effect given to another card (as Xyz material) is not this card's own.
    granted: e.types.includes('XMATERIAL'),
    delay: e.flags.includes('DELAY'),
    target: e.flags.includes('CARD_TARGET'),
    damageStep: e.flags.includes('DAMAGE_STEP') || e.flags.includes('DAMAGE_CAL'),
    code: e.code.split(/[+|]/).filter(Boolean),
    single: e.types.includes('SINGLE'),
    zones: [...new Set(e.range.map((r) => ZONE_OF_LOCATION[r]).filter(Boolean))],
    categories: e.categories.map((c) => c.toLowerCase()),
    countLimit: e.countLimit,
    conditionSays: e.conditionSays ?? {},
  };
}

/** A window in one vocabulary for both sides: `opponent`, `your`, `any` turn, then `main`/`battle` or nothing. */
function windowOfScript(says) {
  if (!says.turn && !says.phase) return 'none';
  return [says.turn ?? 'any', says.phase].filter(Boolean).join(' ');
}

function windowOfText(phrase) {
  if (!phrase) return 'none';
  const turn = /opponent's/.test(phrase) ? 'opponent' : /\byour\b/.test(phrase) ? 'your' : 'any';
  const phase = /main phase/.test(phrase) ? 'main' : /battle phase/.test(phrase) ? 'battle' : undefined;
  return [turn, phase].filter(Boolean).join(' ');
}

/**
 * The script's effects and those its helper procedures build (by the generator's rules), or undefined
 * where the card's effects are not known: no `initial_effect`, or a helper this reader does not know.
 */
function witnessedEffects(script, card) {
  if (!script.hasInitialEffect || script.unmappedHelpers.length) return undefined;
  const own = script.effects.filter((e) => kindOf(e));
  const hasActivation = own.some((e) => kindOf(e).kind === 'activation');
  const category = card.card_type[0];
  // Helper procedures are called at the top of `initial_effect`: their effects come first, as in the text.
  return [...script.helpers.flatMap((h) => helperEffects(h, category, hasActivation).effects), ...own];
}

/**
 * The inferred effects with a modal card's choices (`choose one`, one activation each) as one activation, as the
 * script's activations are counted (scriptEffects): merged as the inference merges an activation's sentences.
 */
function oneActivation(inferred, mergeInto) {
  const out = [];
  let activation;
  for (const e of inferred) {
    if (e.kind === 'activation' && activation) mergeInto(activation, e);
    else if (e.kind === 'activation') out.push((activation = { ...e, includes: [...e.includes] }));
    else out.push(e);
  }
  return out;
}

/** The script's chain-starting effects, one per text effect: clones folded in, all activations one. */
function scriptEffects(effects) {
  const out = [];
  let activation;
  const byName = new Map();
  for (const f of effects.map(factsOf)) {
    if (!f || f.granted) continue;
    if (f.kind === 'activation') {
      if (!activation) {
        activation = { ...f };
        out.push(activation);
      } else {
        activation.target ||= f.target;
        activation.categories = [...new Set([...activation.categories, ...f.categories])];
      }
      continue;
    }
    const original = f.cloneOf && byName.get(f.cloneOf);
    if (original && original.kind === f.kind) continue;
    const e = { ...f };
    if (f.name) byName.set(f.name, e);
    out.push(e);
  }
  return out;
}

function scriptZones(s) {
  if (s.zones.length) return s.zones.filter((z) => z !== 'deck');
  if (s.single && s.kind === 'trigger') return [ZONE_AFTER_EVENT[s.code[0]] ?? 'field'];
  return ['field'];
}

/** `1` soft; `1c` per chain; by name otherwise (`n`, `e`, oath `o`, per duel `d`). */
function limitOf(s) {
  if (!s.countLimit) return 'none';
  if (/^\d+$/.test(s.countLimit)) return 'soft';
  return s.countLimit.endsWith('c') ? 'chain' : 'name';
}

function inferredLimit(e) {
  if (e.oncePerChain) return 'chain';
  return e.oncePerTurn ?? 'none';
}

class Tally {
  constructor() {
    this.agree = 0;
    this.total = 0;
    this.confusion = new Map();
    this.examples = new Map();
  }
  add(expected, got, passcode) {
    this.total++;
    if (expected === got) this.agree++;
    const key = `${expected} -> ${got}`;
    this.confusion.set(key, (this.confusion.get(key) ?? 0) + 1);
    if (expected !== got) {
      const list = this.examples.get(key) ?? [];
      if (list.length < 40) list.push(passcode);
      this.examples.set(key, list);
    }
  }
  rate() {
    return this.total ? (100 * this.agree) / this.total : 0;
  }
}

function run(o, inference, lang) {
  const t = {
    cards: 0, skippedNoScript: 0, skippedUnclean: 0, skippedNoText: 0, cardKinds: new Tally(), countMismatch: 0,
    sentences: 0, sentencesRead: 0, sentencesNoEffect: 0, cardsWithUnread: [],
    kind: new Tally(), convention: new Tally(), optional: new Tally(), timing: new Tally(), zone: new Tally(), target: new Tally(), damageStep: new Tally(), limit: new Tally(), window: new Tally(), includes: new Map(),
  };
  const files = fs.readdirSync(o.texts).filter((f) => /^\d+\.json$/.test(f));
  let n = 0;
  for (const f of files) {
    if (o.limit && n >= o.limit) break;
    const card = JSON.parse(fs.readFileSync(path.join(o.texts, f), 'utf8'));
    const passcode = card.password;
    if (!passcode) continue;
    const typeLine = typeLineOf(card);
    if (card.card_type === 'Monster' && /\bNormal\b/.test(typeLine) && !card.pendulum_effect) continue;
    const script = path.join(o.scripts, `c${passcode}.lua`);
    if (!fs.existsSync(script)) {
      t.skippedNoScript++;
      continue;
    }
    const text = card.text?.[lang];
    if (!text) {
      t.skippedNoText++;
      continue;
    }
    const effects = witnessedEffects(readScript(fs.readFileSync(script, 'utf8')), card);
    if (!effects) {
      t.skippedUnclean++;
      continue;
    }
    n++;
    t.cards++;
    const reading = inference.inferEffects({ text, typeLine, pendulumText: card.pendulum_effect?.[lang] ?? undefined, language: lang });
    // Coverage beside accuracy: every sentence of the text read into an effect, starting no chain, or not read.
    const coverage = inference.textCoverage(text, reading.effects);
    t.sentences += coverage.sentences.length;
    t.sentencesRead += coverage.read.length;
    t.sentencesNoEffect += coverage.noEffect.length;
    if (coverage.unread.length) t.cardsWithUnread.push(passcode);
    const inferred = oneActivation(reading.effects.filter((e) => e.kind !== 'continuous'), inference.mergeInto);
    const witnessed = scriptEffects(effects);
    const sortKinds = (l) => l.map((e) => e.kind).sort().join('+') || 'none';
    t.cardKinds.add(sortKinds(witnessed), sortKinds(inferred), passcode);
    if (inferred.length !== witnessed.length) {
      t.countMismatch++;
      continue;
    }
    for (let i = 0; i < witnessed.length; i++) {
      const s = witnessed[i];
      const e = inferred[i];
      const convention = s.kind !== e.kind ? scriptConvention(s, e, typeLine) : undefined;
      if (convention) {
        t.convention.add(convention, `${s.kind} -> ${e.kind}`, passcode);
        continue;
      }
      t.kind.add(s.kind, e.kind, passcode);
      if (s.kind !== e.kind) continue;
      if (['trigger', 'quick', 'flip'].includes(s.kind)) t.optional.add(s.optional ? 'optional' : 'mandatory', e.mandatory ? 'mandatory' : 'optional', passcode);
      if (s.kind === 'trigger' && s.optional && !e.phase && s.code.length && MID_CHAIN.has(s.code[0])) t.timing.add(s.delay ? 'if' : 'when', e.timing ?? 'none', passcode);
      if (['trigger', 'quick', 'ignition'].includes(s.kind)) t.zone.add(scriptZones(s).sort().join('+'), [...e.zones].sort().join('+'), passcode);
      t.target.add(String(s.target), String(e.targets), passcode);
      t.damageStep.add(String(s.damageStep), String(e.damageStep || e.changesAtk || e.negatesActivation), passcode);
      t.limit.add(limitOf(s), inferredLimit(e), passcode);
      if (s.kind === 'quick' || s.kind === 'ignition') {
        // An Ignition Effect is activated in its controller's Main Phase whether or not either side says so.
        const implied = (w) => (s.kind === 'ignition' && w === 'none' ? 'your main' : w);
        const scriptWindow = implied(windowOfScript(s.conditionSays));
        const textWindow = implied(windowOfText(e.window));
        // Only where either side limits the turn or phase beyond that (most effects say nothing on both sides).
        const silent = (w) => w === 'none' || (s.kind === 'ignition' && w === 'your main');
        if (!silent(scriptWindow) || !silent(textWindow)) t.window.add(scriptWindow, textWindow, passcode);
      }
      for (const [inc, cats] of Object.entries(INCLUDE_CATEGORY)) {
        const tally = t.includes.get(inc) ?? new Tally();
        t.includes.set(inc, tally);
        tally.add(String(cats.some((c) => s.categories.includes(c))), String(e.includes.includes(inc)), passcode);
      }
    }
  }
  return t;
}

function pct(x) {
  return `${x.toFixed(1)} %`;
}

function table(name, tally, examples) {
  const lines = [`#### ${name}: ${pct(tally.rate())} (${tally.agree} of ${tally.total})`, '', '| script -> inferred | effects | examples |', '|---|---:|---|'];
  const rows = [...tally.confusion.entries()].sort((a, b) => b[1] - a[1]);
  for (const [k, v] of rows) lines.push(`| ${k} | ${v} | ${(tally.examples.get(k) ?? []).slice(0, examples).join(' ')} |`);
  return lines.join('\n');
}

function conventionTable(tally, examples) {
  const lines = [`#### Script conventions (kind disagreements left out of the figure above): ${tally.total} effects`, '', '| convention | script -> inferred | effects | examples |', '|---|---|---:|---|'];
  const rows = [...tally.confusion.entries()].sort((a, b) => b[1] - a[1]);
  for (const [k, v] of rows) {
    const [convention, pair] = k.split(' -> ').length === 3 ? [k.slice(0, k.indexOf(' -> ')), k.slice(k.indexOf(' -> ') + 4)] : [k, ''];
    lines.push(`| ${convention} | ${pair} | ${v} | ${(tally.examples.get(k) ?? []).slice(0, examples).join(' ')} |`);
  }
  return lines.join('\n');
}

const share = (part, whole) => (whole ? (100 * part) / whole : 0);

function report(t, lang, o) {
  const out = [
    `### ${lang === 'en' ? 'English' : 'Japanese'} texts`,
    '',
    `Cards compared: ${t.cards} (skipped: ${t.skippedNoScript} without an official script, ${t.skippedUnclean} whose script builds effects by helpers this reader does not map, ${t.skippedNoText} without a ${lang} text).`,
    `Coverage: of ${t.sentences} sentences, ${pct(share(t.sentencesRead, t.sentences))} read into an effect, ${pct(share(t.sentencesNoEffect, t.sentences))} starting no chain (materials, Summoning conditions, limits), ${pct(share(t.sentences - t.sentencesRead - t.sentencesNoEffect, t.sentences))} not read; cards with a sentence not read: ${t.cardsWithUnread.length} of ${t.cards} (${t.cardsWithUnread.slice(0, o.examples).join(' ')}); scripts not read: ${t.skippedUnclean} cards (helpers this reader does not map) and ${t.skippedNoScript} without a script.`,
    `Cards whose chain-starting effects have the same kinds: ${pct(t.cardKinds.rate())} (${t.cardKinds.agree} of ${t.cardKinds.total}); cards with a different number of effects: ${t.countMismatch}.`,
    '',
    table('Effect kind (effects of cards with as many effects on both sides, in order)', t.kind, o.examples),
    '',
    conventionTable(t.convention, o.examples),
    '',
    table('Optional / mandatory (triggers, quick, flip)', t.optional, o.examples),
    '',
    table('When / if (optional triggers on events that can happen mid-chain; script: EFFECT_FLAG_DELAY)', t.timing, o.examples),
    '',
    table('Activation zone (triggers, quick, ignition)', t.zone, o.examples),
    '',
    table('Targets (EFFECT_FLAG_CARD_TARGET)', t.target, o.examples),
    '',
    table('Damage Step (EFFECT_FLAG_DAMAGE_STEP / DAMAGE_CAL vs text, ATK change or negation)', t.damageStep, o.examples),
    '',
    table('Limits (SetCountLimit vs once per turn / by name / per chain)', t.limit, o.examples),
    '',
    table("Activation window (Quick and Ignition Effects; script: the condition's Duel.IsTurnPlayer / IsMainPhase / IsBattlePhase)", t.window, o.examples),
    '',
    '#### Includes (SetCategory)',
    '',
    '| includes | agreement | script yes, inferred no | script no, inferred yes |',
    '|---|---:|---:|---:|',
  ];
  for (const [inc, tally] of t.includes) out.push(`| ${inc} | ${pct(tally.rate())} | ${tally.confusion.get('true -> false') ?? 0} | ${tally.confusion.get('false -> true') ?? 0} |`);
  return out.join('\n');
}

function wholeLibrary(o) {
  const inference = { ...loadTypeScript('server/src/core/infer/index.ts'), ...loadTypeScript('server/src/core/cards/text-coverage.ts') };
  const langs = o.lang === 'both' ? ['en', 'ja'] : [o.lang];
  const all = {};
  for (const lang of langs) {
    const started = Date.now();
    const t = run(o, inference, lang);
    all[lang] = t;
    console.log(report(t, lang, o));
    console.log(`\n(${lang}: ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  if (o.json) {
    const plain = {};
    for (const [lang, t] of Object.entries(all)) {
      plain[lang] = {};
      for (const [k, v] of Object.entries(t)) {
        if (v instanceof Tally) plain[lang][k] = { rate: v.rate(), agree: v.agree, total: v.total, confusion: Object.fromEntries(v.confusion), examples: Object.fromEntries(v.examples) };
        else if (v instanceof Map) plain[lang][k] = Object.fromEntries([...v].map(([kk, vv]) => [kk, { rate: vv.rate(), confusion: Object.fromEntries(vv.confusion), examples: Object.fromEntries(vv.examples) }]));
        else plain[lang][k] = v;
      }
    }
    fs.writeFileSync(o.json, JSON.stringify(plain, null, 1));
  }
}

/**
 * The scripts' facts on the set's cards, in the card model's words (kind, optional, "when"/"if", zones,
 * targets, Damage Step flag, count limit, categories), compared as the library's cards are: a cross-check
 * of the set's readings and of what the generator could take from the scripts.
 */
function measureScripts(set, dir, core) {
  const LIMIT = { none: 'none', soft: 'soft', chain: 'chain', name: 'hard' };
  const limit = (s) => (/o$/.test(s.countLimit ?? '') ? 'oath' : /d$/.test(s.countLimit ?? '') ? 'duel' : LIMIT[limitOf(s)]);
  // A trigger on a phase (EVENT_PHASE+PHASE_END) is what the card model calls a phase trigger.
  const kind = (s) => (s.kind === 'trigger' && /^EVENT_PHASE/.test(s.code[0] ?? '') ? 'phase-trigger' : s.kind);
  const results = [];
  for (const c of set.cards) {
    const file = path.join(dir, `c${c.passcode}.lua`);
    const script = fs.existsSync(file) ? readScript(fs.readFileSync(file, 'utf8')) : undefined;
    const category = /trap/.test(c.stats.cardType) ? 'Trap' : /spell/.test(c.stats.cardType) ? 'Spell' : 'Monster';
    const effects = script && witnessedEffects(script, { card_type: category });
    let card;
    if (effects) {
      const model = scriptEffects(effects).map((s) => ({
        kind: kind(s), mandatory: !s.optional, timing: s.kind === 'trigger' && s.optional ? (s.delay ? 'if' : 'when') : undefined, activatesFrom: scriptZones(s),
        targets: s.target, damageStep: s.damageStep, limit: limit(s), assumed: [],
        includes: Object.entries(INCLUDE_CATEGORY).filter(([, cats]) => cats.some((x) => s.categories.includes(x))).map(([inc]) => inc),
      }));
      const spellTrapKind = c.stats.cardType.split(' ')[0];
      card = { name: c.name, cardType: c.stats.cardType, category: category.toLowerCase(), spellTrapKind, abilities: [], effects: category !== 'Monster' && !model.some((e) => e.kind === 'activation') ? [{ kind: 'activation', mandatory: false, activatesFrom: ['field'], includes: [], assumed: [], limit: 'none' }, ...model] : model };
    }
    const facts = compareCard(c, card, core).filter((f) => !['event', 'window', 'stats', 'cost', 'responseRestriction', 'summonsItself', 'restricts'].includes(f.fact));
    results.push({ card: c, facts });
  }
  return { results, tally: tally(results) };
}

function notRight(results) {
  return results
    .map((r) => ({ name: r.card.name, bad: r.facts.filter((f) => f.bucket !== 'right') }))
    .filter((r) => r.bad.length)
    .map((r) => `- ${r.name}: ${r.bad.map((f) => `${f.fact}${f.effect ? ` (effect ${f.effect})` : ''} ${f.bucket}`).join(', ')}`)
    .join('\n');
}

/** One set's figures: the library's table and probes, the inference's and the scripts' where measured; --cards, --probes. */
function printSet(o, m) {
  console.log(docsFigures(m.library, m.inference));
  if (m.scripts) console.log(`\nThe EDOPro scripts' facts on the same cards (a cross-check: the facts a script states):\n\n${factTable(m.scripts.tally)}`);
  if (o.cards) {
    console.log(`\n### The library's facts that are not right\n\n${notRight(m.library.results)}`);
    if (m.inference) console.log(`\n### The inference's facts that are not right\n\n${notRight(m.inference.results)}`);
    if (m.scripts) console.log(`\n### The scripts' facts that differ from the set\n\n${notRight(m.scripts.results)}`);
  }
  if (o.misses?.includes('does')) console.log(`\n### The library's \`does\` parts that are not right\n\n${m.library.actions.misses.map((x) => `- ${x}`).join('\n') || 'none'}`);
  if (o.misses?.includes('restricts')) {
    for (const [who, measured] of [['library', m.library], ['inference', m.inference]]) {
      if (!measured) continue;
      const lines = measured.results.flatMap((r) => r.facts.filter((f) => f.fact === 'restricts' && f.miss).map((f) => `- ${r.card.name}: ${f.miss}`));
      console.log(`\n### The ${who}'s locks (\`restricts\`) that are not right\n\n${lines.join('\n') || 'none'}`);
    }
  }
  // `does` and `restricts` list their own misses above; the others show the set's reading beside the library's.
  const effectFacts = (o.misses ?? []).filter((f) => f !== 'does' && f !== 'restricts');
  if (effectFacts.length) console.log(`\n### The library's misses (${effectFacts.join(', ')}): the set's reading, then the library's\n\n${misses(m.library.results, m.library.cardOf, effectFacts)}`);
  if (o.probes) {
    console.log('\n### Probes\n');
    for (const p of m.library.probes) console.log(`- ${p.card}${p.effect ? ` (effect ${p.effect})` : ''} ${p.probe}: ${p.why}; judge ${p.expected}, engine ${p.verdict}${p.codes.length ? ` (${p.codes.join(', ')})` : ''}: ${p.outcome}${p.outcome === 'silent legal' ? `, ${p.cause}` : ''}`);
  }
}

function measureSet(o, core, set) {
  return {
    set,
    library: measureLibrary(core, set),
    inference: o.texts ? measureInference(core, o.texts, set) : undefined,
    scripts: o.scripts ? measureScripts(set, o.scripts, core) : undefined,
  };
}

/** The library's right share of every fact of both sets together, and of what their effects do. */
function bothSetsLine(a, b) {
  const all = tally([...a.library.results, ...b.library.results]).all;
  const cards = a.set.cards.length + b.set.cards.length;
  const parts = (m) => [...m.library.actions.byVerb.values()].reduce((x, v) => ({ right: x.right + v.right, checked: x.checked + v.right + v.wrong + v.missing }), { right: 0, checked: 0 });
  const [p, q] = [parts(a), parts(b)];
  const does = { right: p.right + q.right, checked: p.checked + q.checked };
  return [
    `All facts of both sets together (${cards} cards): ${rate(all).toFixed(1)} % right (${all.right} of ${all.checked}; wrong ${all.wrong}, missing ${all.missing}, assumed ${all.assumed}, not in the card model ${all.unrepresented}).`,
    `What their effects do (\`does\` parts): the set ${rate(p).toFixed(1)} % right (${p.right} of ${p.checked}), the held-out set ${rate(q).toFixed(1)} % (${q.right} of ${q.checked}), both ${rate(does).toFixed(1)} % (${does.right} of ${does.checked}).`,
  ].join('\n');
}

function handChecked(o) {
  const core = loadTypeScript('scripts/lib/accuracy-core.ts');
  core.installGeneratedLibrary(undefined, path.join(__dirname, '..', 'server', 'cards', 'generated'));
  const main = measureSet(o, core, loadSet());
  console.log(`## The hand-checked facts set: ${main.set.cards.length} cards (facts/hand-checked.json)\n`);
  printSet(o, main);
  // The held-out set is reported, never held by the floor: it measures the fixes on cards they were not made against.
  const held = fs.existsSync(HELDOUT_FILE) ? measureSet(o, core, loadSet(HELDOUT_FILE)) : undefined;
  if (held) {
    console.log(`\n## The held-out set: drawn after the fixes, never used to tune them (${held.set.cards.length} cards, facts/hand-checked-heldout.json)\n`);
    printSet(o, held);
    console.log(`\n${bothSetsLine(main, held)}`);
  }
  const now = figures(main.library, main.inference);
  if (o.write) {
    writeFloor(now);
    writeDocs(main.library, main.inference ?? undefined, held?.library);
    console.log('\nWrote facts/accuracy-floor.json and the figures of docs/cards.md.');
    return 0;
  }
  const below = belowFloor(now, readFloor());
  if (below.length) {
    console.log(`\nBelow the committed figures (facts/accuracy-floor.json):\n${below.map((b) => `- ${b}`).join('\n')}`);
    return 1;
  }
  return 0;
}

function main() {
  const o = args();
  const code = handChecked(o);
  if (o.texts && o.scripts) wholeLibrary(o);
  return code;
}

try {
  process.exitCode = main();
} catch (e) {
  console.error(`cards:accuracy: ${e.message}`);
  process.exit(2);
}
