// Corrections of card facts, one entry a fact, each with its reason and source (server/cards/corrections/):
// `overrides.json` corrects what the generated library read wrong from its sources (a one-card fix is one
// entry, no regeneration), `rulings.json` adds what neither the card text nor the script states (an effect
// that is once per Chain by ruling). Both are embedded at build time and applied when a card is built, so
// the card a link uses, its hover and `segoc card` all show the corrected fact with its source.
// test/card-corrections.test.ts checks every entry: well-formed, names an existing card, applies, and
// changes a fact (an entry that the sources now state is redundant and fails).
import { CORRECTION_FILES } from '../library/generated';
import { parse } from '../syntax/parser';
import { quoteName } from '../syntax/quote';
import { CardFacts, EffectFacts, makeCard } from './facts';
import { factsFromSegoc } from './from-segoc';
import { normalizeName } from './names';
import { printEffectLine } from './to-segoc';
import { AppliedCorrection, assumedNote, CardInfo } from './types';

/** One entry of a corrections file. */
export interface CardCorrection {
  /** `override` (overrides.json: the sources were read wrong) or `ruling` (rulings.json: the sources do not say). */
  layer: AppliedCorrection['layer'];
  passcode: number;
  /** The card's English name, as the generated library spells it. */
  card: string;
  /** The effect (1-based, as `effect N` counts); without it, `line` adds an effect. */
  effect?: number;
  /** The effect's line as it should read (replaces effect N, or adds an effect). */
  line?: string;
  /** Modifiers added to effect N's line (`once per chain`). */
  add?: string;
  /** Effect N is not an effect of the card (the generator made it from a script's bookkeeping). */
  remove?: true;
  /**
   * What the fact leaves for the engine to assume (a qualifier of the ruling the engine does not check): shown as an
   * assumption at every link that uses the effect, so the verdict says what it rests on.
   */
  assumed?: string;
  reason: string;
  /** Where the fact is published (the Konami card database FAQ, a rulebook, Yugipedia's card rulings). */
  source: string;
  /** The file and the entry's place in it (`library/corrections/rulings.json #2`). */
  where: string;
}

const FIELDS = new Set(['passcode', 'card', 'effect', 'line', 'add', 'remove', 'assumed', 'reason', 'source']);

/** The entries of one corrections file, and what is wrong with the ones that cannot be read. */
export function readCorrections(path: string, text: string): { corrections: CardCorrection[]; problems: string[] } {
  const layer = /rulings/.test(path) ? 'ruling' : 'override';
  const problems: string[] = [];
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (e) {
    return { corrections: [], problems: [`${path}: not JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (!Array.isArray(entries)) return { corrections: [], problems: [`${path}: expected an array of entries`] };
  const corrections: CardCorrection[] = [];
  entries.forEach((entry: Record<string, unknown>, i) => {
    const where = `${path} #${i + 1}`;
    const wrong = entryProblems(entry);
    if (wrong.length) problems.push(...wrong.map((w) => `${where}: ${w}`));
    else corrections.push({ ...(entry as unknown as CardCorrection), layer, where });
  });
  return { corrections, problems };
}

function entryProblems(e: Record<string, unknown>): string[] {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return ['an entry is an object'];
  const out: string[] = [];
  for (const k of Object.keys(e)) if (!FIELDS.has(k)) out.push(`unknown field \`${k}\` (expected ${[...FIELDS].join(', ')})`);
  if (!Number.isInteger(e.passcode) || (e.passcode as number) <= 0) out.push('`passcode` is the card\'s passcode (a number)');
  if (typeof e.card !== 'string' || !e.card) out.push('`card` is the card\'s English name');
  if (e.effect !== undefined && (!Number.isInteger(e.effect) || (e.effect as number) < 1)) out.push('`effect` is a number from 1');
  const changes = ['line', 'add', 'remove'].filter((k) => e[k] !== undefined);
  if (changes.length !== 1) out.push('an entry states one change: `line`, `add` or `remove`');
  if (e.line !== undefined && (typeof e.line !== 'string' || !e.line.trim())) out.push('`line` is an effect line');
  if (e.add !== undefined && (typeof e.add !== 'string' || !e.add.trim() || e.effect === undefined)) out.push('`add` is a modifier added to `effect` N');
  if (e.remove !== undefined && (e.remove !== true || e.effect === undefined)) out.push('`remove: true` removes `effect` N');
  if (e.assumed !== undefined && (typeof e.assumed !== 'string' || !e.assumed.trim())) out.push('`assumed` is a sentence: what the engine assumes of the fact');
  if (typeof e.reason !== 'string' || e.reason.trim().length < 10) out.push('`reason` says why, in a sentence');
  if (typeof e.source !== 'string' || !/^https:\/\/\S+$/.test(e.source)) out.push('`source` is the https address where the fact is published');
  return out;
}

let loaded: { byPasscode: Map<number, CardCorrection[]>; byName: Map<string, CardCorrection[]>; problems: string[] } | undefined;

/** Every correction, read once from the embedded files; `problems`: entries that cannot be read (a test keeps it empty). */
export function cardCorrections(): { all: CardCorrection[]; problems: string[] } {
  const c = corrections();
  return { all: [...c.byPasscode.values()].flat(), problems: c.problems };
}

function corrections(): NonNullable<typeof loaded> {
  if (!loaded) {
    loaded = { byPasscode: new Map(), byName: new Map(), problems: [] };
    for (const f of CORRECTION_FILES) {
      const { corrections: list, problems } = readCorrections(f.path, f.text);
      loaded.problems.push(...problems);
      for (const c of list) {
        push(loaded.byPasscode, c.passcode, c);
        push(loaded.byName, normalizeName(c.card), c);
      }
    }
  }
  return loaded;
}

function push<K>(map: Map<K, CardCorrection[]>, key: K, c: CardCorrection): void {
  const list = map.get(key);
  if (list) list.push(c);
  else map.set(key, [c]);
}

/** The corrections of a generated card (by passcode: overrides and rulings). */
export function correctionsByPasscode(passcode: number | undefined): CardCorrection[] {
  return passcode === undefined ? [] : (corrections().byPasscode.get(passcode) ?? []);
}

/** The rulings of a curated card (by its English name: the curated library has no passcodes). */
export function rulingsByName(key: string): CardCorrection[] {
  return (corrections().byName.get(key) ?? []).filter((c) => c.layer === 'ruling');
}

/**
 * The card with its corrections applied, and what could not be applied (an effect it does not have, a line
 * outside the vocabulary): such a correction is left out, never half-applied. The card is rebuilt by
 * makeCard from its facts, each effect keeping what its source was unsure of unless a correction restated it.
 */
export function applyCorrections(card: CardInfo, list: readonly CardCorrection[]): { card: CardInfo; problems: string[] } {
  if (!list.length) return { card, problems: [] };
  const problems: string[] = [];
  const effects: Array<EffectFacts | undefined> = card.effects.map((e) => ({ ...e }));
  const applied: AppliedCorrection[] = [];
  const added: EffectFacts[] = [];
  for (const c of list) {
    const n = c.effect;
    const old = n !== undefined ? effects[n - 1] : undefined;
    if (n !== undefined && !old) {
      problems.push(`${c.where}: ${quoteName(card.name)} has no effect ${n} (it has ${card.effects.length})`);
      continue;
    }
    if (c.remove) {
      effects[n! - 1] = undefined;
      applied.push({ layer: c.layer, fact: `effect ${n} is not an effect of the card`, reason: c.reason, source: c.source });
      continue;
    }
    const printed = n !== undefined ? (printEffectLine(card, card.effects[n - 1]) ?? 'activation') : undefined;
    const line = c.line ?? `${printed}, ${c.add}`;
    // Words the sources' own line has outside the vocabulary (`under script condition`) are not the entry's fault.
    const known = printed === undefined ? [] : lineProblems(card, printed);
    const read = readEffectLine(card, line, known);
    if (typeof read === 'string') {
      problems.push(`${c.where}: ${read}`);
      continue;
    }
    const fact = c.add ?? line;
    if (old) {
      // A ruling adds to what the sources state, so what they were unsure of stays; a new line restates the effect.
      effects[n! - 1] = { ...read, range: old.range, assumed: [...(c.add ? (old.assumed ?? []) : []), ...(c.assumed ? [assumedNote(c.assumed)] : [])] };
      applied.push({ layer: c.layer, effect: n, fact, reason: c.reason, source: c.source });
    } else {
      added.push({ ...read, assumed: c.assumed ? [assumedNote(c.assumed)] : [] });
      applied.push({ layer: c.layer, effect: -added.length, fact, reason: c.reason, source: c.source });
    }
  }
  if (!applied.length) return { card, problems };
  const kept = effects.filter((e): e is EffectFacts => e !== undefined);
  // Effect numbers after removals: an added effect comes last.
  const renumber = new Map<number, number>();
  effects.forEach((e, i) => e && renumber.set(i + 1, kept.indexOf(e) + 1));
  for (const a of applied) if (a.effect !== undefined) a.effect = a.effect < 0 ? kept.length - a.effect : renumber.get(a.effect);
  const facts: CardFacts = { ...card, effects: [...kept, ...added] };
  const corrected = makeCard(facts, { ...card.origin, corrections: applied });
  // The changed effects' lines as `segoc card` prints them (the others keep their text).
  for (const a of applied) {
    const e = a.effect !== undefined ? corrected.effects[a.effect - 1] : undefined;
    if (e) e.text = printEffectLine(corrected, e) ?? e.text;
  }
  return { card: corrected, problems };
}

/** The facts of one effect line of `card`, or why it cannot be read (`known`: problems its old line had too). */
function readEffectLine(card: CardInfo, line: string, known: readonly string[]): EffectFacts | string {
  const { file, diagnostics } = parse(`card ${quoteName(card.name)}: ${card.cardType}\n  ${line}\n`);
  const def = file.cards[0];
  if (!def || diagnostics.length || def.effects.length !== 1) return `\`${line}\` is not one effect line (${diagnostics.map((d) => d.message).join('; ') || 'nothing read'})`;
  const { facts, diagnostics: ds } = factsFromSegoc(def);
  const fresh = ds.map((d) => d.message).filter((m) => !known.includes(m));
  if (fresh.length) return `\`${line}\`: ${fresh.join('; ')}`;
  const e = facts.effects[facts.effects.length - 1];
  return { ...e, range: undefined, text: undefined };
}

/** What the vocabulary cannot read in an effect line of `card`. */
function lineProblems(card: CardInfo, line: string): string[] {
  const def = parse(`card ${quoteName(card.name)}: ${card.cardType}\n  ${line}\n`).file.cards[0];
  return def ? factsFromSegoc(def).diagnostics.map((d) => d.message) : [];
}

/**
 * A library card with its corrections: a generated card's overrides and rulings (by passcode), a curated
 * card's rulings (by name: a curated card is corrected in its own file). What cannot be applied is left
 * out and listed in cardCorrections().problems.
 */
export function withCorrections(card: CardInfo): CardInfo {
  const list = card.origin.kind === 'generated' ? correctionsByPasscode(card.origin.passcode) : card.origin.kind === 'library' ? rulingsByName(card.key) : [];
  if (!list.length) return card;
  const { card: corrected, problems } = applyCorrections(card, list);
  corrections().problems.push(...problems);
  return corrected;
}
