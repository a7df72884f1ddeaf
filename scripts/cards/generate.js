#!/usr/bin/env node
// The card-library generator, run by hand when the sources change (never at build or CI time):
//
//   npm run cards:generate                         the sources at the commits manifest.json pins (fetched, or
//                                                  exported with --texts-git/--scripts-git: scripts/cards/sources.js)
//   npm run cards:generate -- --texts DIR --scripts DIR --update    move the pin to these checkouts' commits
//
// Reads yaml-yugi's data/cards/*.json (names, card type, stats, archetypes, release status) and
// CardScripts' official/c<passcode>.lua (effect facts), and writes server/cards/generated/: facts only,
// never card text or script code. The format is described in docs/cards.md ("The generated library").
'use strict';
const fs = require('fs');
const path = require('path');
const { conditionCode, escapeCode, readScript } = require('../lib/lua-facts');
const { opsNote } = require('../lib/lua-actions');
const { effectsOf, restrictionNotes } = require('./effects');
const { withLaterEffects } = require('./later-effects');
const { nameIndex } = require('./name-index');
const { loadTypeScript } = require('../lib/load-ts');
const { pinned, sourceAt } = require('./sources');

const GENERATOR_VERSION = 3;
const root = path.resolve(__dirname, '..', '..');
const OUT = path.join(root, 'server', 'cards', 'generated');

const OPTIONS = ['--texts', '--scripts', '--texts-git', '--scripts-git', '--out', '--texts-commit', '--scripts-commit'];

function args(argv) {
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--update') {
      o.update = true;
      continue;
    }
    const [k, v] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, argv[i + 1]];
    if (OPTIONS.includes(k)) {
      o[k.slice(2)] = v;
      if (!a.includes('=')) i++;
    } else throw new Error(`unknown option ${a} (options: ${OPTIONS.join(', ')}, --update)`);
  }
  return o;
}

/** Ruby markup (`<ruby>灰<rt>は</rt></ruby>`) keeps its base text. */
function stripRuby(s) {
  return (s ?? '').replace(/<rt>.*?<\/rt>/g, '').replace(/<\/?[a-z]+>/g, '');
}

/** A field of the record: tabs and newlines never occur in names, but a source is not trusted to say so. */
function clean(s) {
  return String(s ?? '').replace(/[\t\n\r]/g, ' ').trim();
}

const RELEASED = (r) => r !== undefined && r !== null && r !== 'Not yet released' && r !== 'None';

/** `b` released in both regions, `t` TCG only, `o` OCG only, `-` neither yet. */
function releaseStatus(card) {
  const lr = card.limit_regulation ?? {};
  const t = RELEASED(lr.tcg);
  const o = RELEASED(lr.ocg);
  return t && o ? 'b' : t ? 't' : o ? 'o' : '-';
}

/** Level `L4`, rank `R4`, link rating `K2` (the count of arrows). */
function levelOf(card) {
  if (card.rank !== undefined && card.rank !== null) return `R${card.rank}`;
  if (Array.isArray(card.link_arrows)) return `K${card.link_arrows.length}`;
  if (card.level !== undefined && card.level !== null) return `L${card.level}`;
  return '';
}

function typeOf(card) {
  if (card.card_type === 'Monster') return `M:${(card.monster_type_line ?? '').split('/').map((s) => s.trim()).filter(Boolean).join('/')}`;
  return `${card.card_type === 'Spell' ? 'S' : 'T'}:${card.property ?? 'Normal'}`;
}

/**
 * The effects of a card with no script at the pinned commit, from its English text alone: the text inference's effect
 * lines (server/src/core/cards/from-inferred.ts, the lines `segoc infer` prints: words of the card language, no
 * sentence of the text), which core reads back with the card parser (generated-record.ts). The note `?text-only` makes
 * every effect say that it was read from the text alone and cross-checked with no script. A line the record cannot hold
 * (a `;` or a tab) is left out and counted in the note.
 */
function textOnlyEffects(inferred, cardType, renderEffectLines) {
  const lines = inferred ? renderEffectLines(inferred, cardType).flatMap((r) => (r.line ? [r.line] : [])) : [];
  const fit = lines.filter((l) => !/[;\t\n]/.test(l));
  if (!fit.length) return { effects: [], notes: ['?no-script'] };
  return { effects: fit, notes: [fit.length < lines.length ? `?text-only:${lines.length - fit.length}` : '?text-only'] };
}

/**
 * Writes the library from the sources at their pinned commits (or the checkouts given: `texts`, `scripts`, with
 * `texts-commit`/`scripts-commit` for a tree without git) to `out`; returns the counts. `log` hears progress.
 */
/**
 * The archetype a script's `SET_` constant names, by yaml-yugi's archetype (`series`) names: the constant's name and the
 * archetype's, upper-cased with everything but letters and digits left out, are the same (SET_DESTINY_HERO, "Destiny
 * HERO"). Only constants of the pinned archetype_setcode_constants.lua; a constant no archetype matches is not named.
 */
function archetypeNames(constantsFile, cards) {
  const key = (s) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const byKey = new Map();
  for (const card of cards) for (const s of card.series ?? []) byKey.set(key(clean(s)), clean(s));
  const out = new Map();
  if (!fs.existsSync(constantsFile)) return out;
  for (const m of fs.readFileSync(constantsFile, 'utf8').matchAll(/^SET_(\w+)\s*=\s*0x[0-9a-fA-F]+/gm)) {
    const name = byKey.get(key(m[1]));
    if (name && !/[,;|]/.test(name)) out.set(m[1], name);
  }
  return out;
}

/** A condition's archetype codes (`s:FIENDSMITH`) as names (`s:Fiendsmith`, spaces `_`); one not named is not read. */
function nameArchetypes(script, archetypeOf, nameOf) {
  for (const e of script.effects) {
    const q = e.qualifiers;
    if (!q?.codes.some((c) => /^(?:T?s:|C:|TA:)/.test(c))) continue;
    // An archetype of the event's card (`s:`), of the activation's target (`Ts:`), or of a target's alternative (`TA:`).
    const archetype = (c, prefix) => (archetypeOf.has(c.slice(prefix.length + 2)) ? `${prefix}s:${archetypeOf.get(c.slice(prefix.length + 2)).replace(/ /g, '_')}` : undefined);
    const named = q.codes.map((c) => (c.startsWith('s:') ? archetype(c, '') : c.startsWith('Ts:') ? archetype(c, 'T') : c.startsWith('TA:') ? nameAlternatives(c, archetype) : c.startsWith('C:') ? nameCondition(c, archetypeOf, nameOf) : c));
    e.qualifiers = { codes: named.filter(Boolean), complete: q.complete && named.every(Boolean) };
  }
}

/** A target's alternatives (`TA:` and their codes as JSON) with their archetypes named; undefined where one is not. */
function nameAlternatives(code, archetype) {
  const alternatives = JSON.parse(decodeURIComponent(code.slice(3)));
  const named = alternatives.map((codes) => codes.map((c) => (c.startsWith('s:') ? archetype(c, '') : c)));
  if (named.some((codes) => !codes.every(Boolean))) return undefined;
  return `TA:${escapeCode(JSON.stringify(named))}`;
}

/**
 * A state condition's code (`C:` and its JSON, lua-facts.js stateConditions) with its archetypes (`SET:RIKKA`) and
 * cards (`#42015635`) named; undefined (not read) where one has no name.
 */
function nameCondition(code, archetypeOf, nameOf) {
  const c = JSON.parse(decodeURIComponent(code.slice(2)));
  // The filter, and the cards it excepts ("no face-up monsters other than LIGHT Fiend monsters").
  for (const f of [c.filter, c.except]) {
    if (!f?.archetypes) continue;
    const names = f.archetypes.map((a) => archetypeOf.get(a.replace(/^SET:/, '')));
    if (!names.every(Boolean)) return undefined;
    f.archetypes = names;
  }
  if (c.kind === 'on-field') {
    c.name = nameOf.get(Number(c.name.slice(1)));
    if (!c.name) return undefined;
  }
  return conditionCode(c);
}

/**
 * Issue 29's facts in the manifest's counts: effects granted while face-up (`f`) or when used as material (`m`),
 * lingering effects (`l`), and parts of Token Summons (`*`), control until the End Phase (`=e`) or for good (`=g`),
 * equips that say what goes to what (`:`).
 */
function countLater(counts, effects) {
  const c = (counts.later ??= { grantedFaceUp: 0, grantedUsedAsMaterial: 0, lingering: 0, tokenSummons: 0, controlUntilEndPhase: 0, controlForGood: 0, equipsToWhat: 0 });
  for (const r of effects) {
    const f = r.split(',');
    const extra = f[9] ?? '';
    const parts = f[15] ?? '';
    if (extra.includes('f')) c.grantedFaceUp++;
    if (extra.includes('m')) c.grantedUsedAsMaterial++;
    if (extra.includes('l')) c.lingering++;
    c.tokenSummons += (parts.match(/\*/g) ?? []).length;
    c.controlUntilEndPhase += (parts.match(/=e/g) ?? []).length;
    c.controlForGood += (parts.match(/=g/g) ?? []).length;
    c.equipsToWhat += (parts.match(/Q[a-z]?:/g) ?? []).length;
  }
}

function generate(o, log = () => {}) {
  const pins = pinned(path.join(OUT, 'manifest.json'));
  const texts = sourceAt('texts', pins.texts, { dir: o.texts, gitDir: o['texts-git'], commit: o['texts-commit'] }, o.update, log);
  const scripts = sourceAt('scripts', pins.scripts, { dir: o.scripts, gitDir: o['scripts-git'], commit: o['scripts-commit'] }, o.update, log);
  const cardsDir = path.join(texts.dir, 'data', 'cards');
  const scriptsDir = path.join(scripts.dir, 'official');
  const out = o.out ?? OUT;
  const files = fs.readdirSync(cardsDir).filter((f) => f.endsWith('.json'));
  const { inferEffects } = loadTypeScript('server/src/core/infer/index.ts');
  const { englishMoment } = loadTypeScript('server/src/core/infer/english.ts');
  const { setTurnCode } = loadTypeScript('server/src/core/infer/set-turn.ts');
  const { englishRestrictions } = loadTypeScript('server/src/core/infer/restrictions.ts');
  const { textCoverage } = loadTypeScript('server/src/core/cards/text-coverage.ts');
  const { renderEffectLines } = loadTypeScript('server/src/core/cards/from-inferred.ts');
  const generatedText = loadTypeScript('server/src/core/cards/generated-record.ts');
  const windowCodes = Object.fromEntries(Object.entries(generatedText.WINDOWS).map(([code, phrase]) => [phrase, code]));
  const { readActions } = loadTypeScript('server/src/core/cards/vocabulary/actions.ts');
  const { partsCode } = loadTypeScript('server/src/core/cards/generated-actions.ts');
  const doesCode = (does) => {
    const parts = readActions(does.split(' '));
    return parts ? partsCode(parts) : '';
  };
  // The code of parts (field 16) read and written for the details a script settles (later-effects.js).
  const { readPartsCode } = loadTypeScript('server/src/core/cards/generated-actions.ts');
  const partCodes = { read: readPartsCode, write: partsCode, verbs: (verbs) => partsCode(verbs.map((verb, i) => ({ verb, link: i ? 'also' : 'first' }))) };
  const choiceLetters = Object.fromEntries(Object.entries(generatedText.CHOICE_INCLUDES).map(([letter, include]) => [include, letter]));
  const cards = [];
  for (const f of files) {
    const card = JSON.parse(fs.readFileSync(path.join(cardsDir, f), 'utf8'));
    if (!card.name?.en) continue;
    cards.push(card);
  }
  const archetypeOf = archetypeNames(path.join(scripts.dir, 'archetype_setcode_constants.lua'), cards);
  const nameOf = new Map(cards.filter((c) => c.password).map((c) => [Number(c.password), clean(c.name.en)]));
  // Passcode order; cards without one (prereleases) last, by name.
  cards.sort((a, b) => (a.password ?? Infinity) - (b.password ?? Infinity) || (a.name.en < b.name.en ? -1 : 1));

  const counts = { cards: 0, released: 0, withScript: 0, effects: 0, normalMonsters: 0, noScript: 0, assumed: 0, helpers: {} };
  const records = [];
  const ja = [];
  for (const card of cards) {
    const passcode = card.password ? String(card.password).padStart(8, '0') : '';
    const type = typeOf(card);
    const normalMonster = type.startsWith('M:') && /\bNormal\b/.test(type) && !/\bEffect\b/.test(type);
    let script;
    let ops = '';
    let lua = '';
    if (passcode) {
      const file = path.join(scriptsDir, `c${Number(passcode)}.lua`);
      if (fs.existsSync(file)) {
        lua = fs.readFileSync(file, 'utf8');
        script = readScript(lua);
        nameArchetypes(script, archetypeOf, nameOf);
        // What its operations call, the witness the categories' actions are checked against (generated-actions.ts).
        ops = opsNote(lua);
      }
    }
    // The text settles when/if and optional/mandatory of triggers (read here, never kept). A card with no script at the
    // pinned commit (and not a Normal Monster) takes its effects from the text alone (textOnlyEffects).
    const textOnly = !script && !normalMonster && !!card.text?.en;
    const inferred = (script || textOnly) && card.text?.en ? inferEffects({ text: card.text.en, typeLine: card.monster_type_line ?? `${card.property ?? 'Normal'} ${card.card_type}`, language: 'en', pendulumText: textOnly ? card.pendulum_effect?.en : undefined }) : undefined;
    // A Pendulum Monster's Pendulum Effect text, inferred apart: its effects pair with the script's Pendulum Zone effects.
    if (inferred && script && card.pendulum_effect?.en) inferred.pendulum = inferEffects({ text: card.pendulum_effect.en, typeLine: card.monster_type_line ?? 'Effect', language: 'en' });
    const { effects, notes } = textOnly ? textOnlyEffects(inferred, generatedText.generatedCardType({ type }), renderEffectLines) : effectsOf(card, type, script, inferred, windowCodes, setTurnCode, choiceLetters, doesCode, englishMoment);
    // Kind choices between script and text (scripts/cards/effects.js kindChoice): counted by the side taken.
    const kind = notes.find((n) => n.startsWith('kind:'));
    if (kind) {
      const [, side, n] = kind.split(':');
      counts.kindChoices ??= {};
      counts.kindChoices[side] ??= { cards: 0, effects: 0 };
      counts.kindChoices[side].cards++;
      counts.kindChoices[side].effects += Number(n);
    }
    // What the card forbids or negates while face-up (R62-R65): the script's locks, their scope from the whole text.
    const words = [card.text?.en, card.pendulum_effect?.en].filter(Boolean).join('\n');
    if (script) notes.push(...restrictionNotes(script, card.text?.en ? englishRestrictions(card.text.en) : [], words));
    // Tokens, control and equips its script settles; the effects it grants and leaves for later (R68-R73).
    if (script) withLaterEffects(effects, script, lua, partCodes, notes);
    countLater(counts, effects);
    if (ops) notes.push(ops);
    // Nothing dropped silently: what of the script and of the text was not read is noted per card (numbers and
    // helper names only, never text), shown as an assumption wherever the card is used.
    for (const helper of script?.unmappedHelpers ?? []) notes.push(`?unread-script:${helper}`);
    if (script && !script.hasInitialEffect) notes.push('?unread-script:no-initial-effect');
    if (inferred) {
      const coverage = textCoverage(card.text.en, inferred.effects.filter((e) => !e.pendulum));
      if (coverage.unread.length) notes.push(`?unread-text:${coverage.unread.join('+')}`);
      counts.sentences = (counts.sentences ?? 0) + coverage.sentences.length;
      counts.sentencesUnread = (counts.sentencesUnread ?? 0) + coverage.unread.length;
    }
    if (notes.some((n) => n.startsWith('?unread'))) counts.cardsWithUnread = (counts.cardsWithUnread ?? 0) + 1;
    counts.cards++;
    if (releaseStatus(card) !== '-') counts.released++;
    if (script) counts.withScript++;
    else if (normalMonster) counts.normalMonsters++;
    else counts.noScript++;
    if (textOnly) {
      counts.textOnly = (counts.textOnly ?? 0) + 1;
      counts.textOnlyEffects = (counts.textOnlyEffects ?? 0) + effects.length;
    }
    counts.effects += effects.length;
    if (notes.some((n) => n.startsWith('?'))) counts.assumed++;
    for (const e of textOnly ? [] : effects) {
      const f = e.split(',');
      if (f[3]?.endsWith('T') || f[1]?.endsWith('T')) counts.textOverScript = (counts.textOverScript ?? 0) + 1;
      if (f[3]?.endsWith('t')) counts.textAgrees = (counts.textAgrees ?? 0) + 1;
    }
    for (const h of script?.helpers ?? []) counts.helpers[h] = (counts.helpers[h] ?? 0) + 1;
    records.push(
      [
        passcode,
        clean(card.name.en),
        clean(card.name.pt),
        type,
        clean(card.attribute),
        levelOf(card),
        card.atk ?? '',
        card.def ?? '',
        card.pendulum_scale ?? '',
        releaseStatus(card),
        (card.series ?? []).map(clean).join(';'),
        // Where the effects come from: `s` the script, `n` a Normal Monster (no script needed), `t` no script found: the
        // effects are the text inference's lines (read from the text alone), `-` no script and no text read.
        script ? 's' : normalMonster ? 'n' : textOnly && effects.length ? 't' : '-',
        notes.join(';'),
        effects.join(';'),
        // The card's id in Konami's card database (its page and its FAQ: hovers and `segoc card` link them).
        card.konami_id ?? '',
      ]
        .map(clean)
        .join('\t'),
    );
    ja.push(clean(stripRuby(card.name.ja)));
  }

  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'cards.tsv'), records.join('\n') + '\n');
  fs.writeFileSync(path.join(out, 'names-ja.txt'), ja.join('\n') + '\n');
  fs.writeFileSync(path.join(out, 'index.txt'), nameIndex(records, ja) + '\n');
  const manifest = {
    generator: { version: GENERATOR_VERSION, script: 'scripts/cards/generate.js', generated: new Date().toISOString().slice(0, 10) },
    sources: {
      texts: { repository: 'https://github.com/DawnbrandBots/yaml-yugi', commit: texts.commit, date: texts.date, licence: 'code AGPL-3.0; card names and text © Konami et al.' },
      scripts: { repository: 'https://github.com/ProjectIgnis/CardScripts', commit: scripts.commit, date: scripts.date, licence: 'AGPL-3.0' },
    },
    counts,
    files: ['cards.tsv', 'names-ja.txt', 'index.txt'],
  };
  fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`${counts.cards} cards (${counts.released} released), ${counts.withScript} with a script, ${counts.effects} effects -> ${path.relative(root, out)}`);
  log(`not read: ${counts.cardsWithUnread ?? 0} cards have script effects or text sentences the generator did not read (notes ?unread-script, ?unread-text: \`segoc card\` shows them); ${counts.sentencesUnread ?? 0} of ${counts.sentences ?? 0} sentences of the English texts`);
  return counts;
}

module.exports = { generate };

if (require.main === module) {
  try {
    generate(args(process.argv.slice(2)), (line) => process.stdout.write(line + '\n'));
  } catch (err) {
    process.stderr.write(`cards:generate: ${err.message}\n`);
    process.exit(1);
  }
}
