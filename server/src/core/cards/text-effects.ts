// A card definition's official text (`text "..."` lines) as effects: with no effect lines, the
// card's effects are inferred from its text (server/src/core/infer) as facts (from-inferred.ts), as a
// written line gives them; with both, the written lines win and an information diagnostic says where
// the text reads otherwise.
import { Diagnostic } from '../diagnostics';
import { inferEffects } from '../infer';
import type { InferredCard } from '../infer';
import { CardDef } from '../syntax/ast';
import { Range } from '../text';
import { makeCard } from './facts';
import { buildCard, BuildCardResult, factsFromSegoc, readPhrase, reportUnknownPhrases } from './from-segoc';
import { inferredEffectFacts, printTexts, renderEffectLines, RenderedLine } from './from-inferred';
import { CardInfo, CardOrigin, EffectFacts, EffectInfo } from './types';

export interface TextReading {
  card: InferredCard;
  /** Every inferred effect, with its effect line where it has one. */
  rendered: RenderedLine[];
  /** The facts of the effects written as lines, ranged over the first `text` line. */
  effects: EffectFacts[];
  range: Range;
  /** What of them is outside the vocabulary, as a written line would say it. */
  diagnostics: Diagnostic[];
}

/** The text of one language and part: its lines joined (Japanese without a space). */
function joined(def: CardDef, language: 'en' | 'ja', pendulum: boolean): string | undefined {
  const parts = def.texts.filter((t) => t.language === language && t.pendulum === pendulum).map((t) => t.text.trim());
  return parts.length ? parts.join(language === 'ja' ? '' : ' ') : undefined;
}

/**
 * The longest card text that is read, per part (the effect text, the Pendulum text): ten times the longest official
 * text (about 700 characters). Longer is not a card text but a paste gone wrong, or a page made to slow the checker.
 */
export const MAX_CARD_TEXT = 8000;

/** The text of the language read (English when the card has one, else Japanese), or undefined without text. */
function textToRead(def: CardDef): { language: 'en' | 'ja'; text: string; pendulumText?: string } | undefined {
  if (def.texts.length === 0) return undefined;
  const language = def.texts.some((t) => t.language === 'en') ? 'en' : 'ja';
  return { language, text: joined(def, language, false) ?? '', pendulumText: joined(def, language, true) };
}

/** What a text reads as, whatever its place: kept per text, so that a keystroke elsewhere does not infer it again. */
interface CachedReading {
  card: InferredCard;
  rendered: RenderedLine[];
}
const readings = new Map<string, CachedReading>();
/** Enough for every text of a large workspace; the oldest reading goes first. */
const MAX_CACHED_READINGS = 2000;

function cachedReading(typeLine: string, read: { language: 'en' | 'ja'; text: string; pendulumText?: string }): CachedReading {
  const key = `${read.language}\u0000${typeLine}\u0000${read.pendulumText ?? '\u0001'}\u0000${read.text}`;
  const known = readings.get(key);
  if (known) return known;
  const card = inferEffects({ ...read, typeLine });
  const reading = { card, rendered: renderEffectLines(card, typeLine) };
  if (readings.size >= MAX_CACHED_READINGS) readings.delete(readings.keys().next().value!);
  readings.set(key, reading);
  return reading;
}

/** Whether the definition's text is longer than is read (MAX_CARD_TEXT). */
function tooLong(read: { text: string; pendulumText?: string }): boolean {
  return read.text.length > MAX_CARD_TEXT || (read.pendulumText?.length ?? 0) > MAX_CARD_TEXT;
}

/**
 * Reads the definition's text (English when it has one, else Japanese), or undefined without text or with a text
 * too long to read. The inference is shared by every definition with the same text and type line: read-only.
 */
export function readCardText(def: CardDef): TextReading | undefined {
  const read = textToRead(def);
  if (!read || tooLong(read)) return undefined;
  const { card, rendered } = cachedReading(def.cardType.text, read);
  const range = def.texts.find((t) => t.language === read.language)!.range;
  const effects: EffectFacts[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const inferred of card.effects) {
    const f = inferredEffectFacts(inferred);
    if (!f) continue;
    f.range = range;
    reportUnknownPhrases(f, inferred.phase && readPhrase(inferred.phase).text, range, diagnostics);
    effects.push(f);
  }
  return { card, rendered, effects, range, diagnostics };
}

/**
 * Builds a definition's card: its effect lines, or where none are written, the effects its text infers;
 * with both, the written lines win and an information diagnostic says where the text reads otherwise.
 */
export function buildDefinedCard(def: CardDef, origin: CardOrigin, fromText: Diagnostic[]): BuildCardResult {
  const read = textToRead(def);
  if (read && tooLong(read)) {
    const length = Math.max(read.text.length, read.pendulumText?.length ?? 0);
    fromText.push({
      code: 'text-too-long',
      severity: 'warning',
      message: `the card text is ${length.toLocaleString('en-US')} characters long; segoc reads a text of up to ${MAX_CARD_TEXT.toLocaleString('en-US')} characters (the longest official text is under 1,000), so nothing is inferred from this one: write the card's effect lines`,
      range: def.texts.find((t) => t.language === read.language)!.range,
    });
    return buildCard(def, origin);
  }
  const reading = readCardText(def);
  if (reading && def.effects.length === 0) return cardFromReading(def, reading, origin);
  const result = buildCard(def, origin);
  if (reading) reportDifferences(def, result.card, reading, fromText);
  return result;
}

/** The card of a definition whose effects are those its text infers. */
function cardFromReading(def: CardDef, reading: TextReading, origin: CardOrigin): BuildCardResult {
  const { facts, diagnostics } = factsFromSegoc({ ...def, effects: [] });
  // A Spell/Trap's activation the definition implies gives way to the one its text states.
  const implied = reading.effects.some((e) => e.kind === 'activation') ? [] : facts.effects;
  facts.effects = [...implied, ...reading.effects];
  diagnostics.push(...reading.diagnostics);
  const card = makeCard(facts, origin);
  printTexts(card, reading.effects);
  return { card, diagnostics };
}

const ORIGIN = { kind: 'file' as const, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };

/** What both a written and an inferred effect state, for comparing them. */
function facts(e: EffectInfo): Array<[string, string]> {
  const trigger = e.kind === 'trigger' || e.kind === 'phase-trigger';
  return [
    ['kind', trigger ? 'trigger' : e.kind],
    ['optional/mandatory', ['trigger', 'phase-trigger', 'quick', 'flip'].includes(e.kind) ? (e.mandatory ? 'mandatory' : 'optional') : '-'],
    ['when/if', trigger && !e.mandatory && e.timing ? e.timing : '-'],
    ['zone', e.kind === 'activation' ? '-' : [...e.activatesFrom].sort().join(' or ')],
    ['summons itself', String(e.summonsItself)],
    ['targets', String(!!e.targets)],
  ];
}

function reportDifferences(def: CardDef, card: CardInfo, reading: TextReading, diagnostics: Diagnostic[]): void {
  const written = card.effects.filter((e) => e.kind !== 'continuous');
  const built = cardFromReading(def, reading, ORIGIN).card;
  const inferred = built.effects.filter((e) => e.kind !== 'continuous');
  // The sentence of each inferred effect, in the builder's order (an implied activation first).
  const withLine = reading.rendered.filter((r) => r.line);
  const implied = built.category !== 'monster' && !withLine.some((r) => r.effect.kind === 'activation');
  const activation = reading.rendered.find((r) => r.effect.kind === 'activation');
  const sentences = [...(implied ? [activation?.effect.sentence ?? ''] : []), ...withLine.map((r) => r.effect.sentence)];
  if (written.length !== inferred.length) {
    diagnostics.push({
      code: 'text-differs',
      severity: 'information',
      message: `the card text reads ${inferred.length} effect(s) that start a chain, the effect lines ${written.length}; the lines are used (the text reads: ${inferred.map((e) => `\`${e.text}\``).join('; ') || 'none'})`,
      range: def.name.range,
    });
    return;
  }
  written.forEach((w, i) => {
    const a = facts(w);
    const b = facts(inferred[i]);
    const differ: string[] = [];
    a.forEach(([what, value], j) => {
      if (value !== b[j][1]) differ.push(`${what}: the line says ${value}, the text ${b[j][1]}`);
    });
    if (differ.length === 0) return;
    const s = sentences[i] ?? '';
    const sentence = s ? ` ("${s.length > 100 ? `${s.slice(0, 97)}...` : s}")` : '';
    diagnostics.push({
      code: 'text-differs',
      severity: 'information',
      message: `effect ${i + 1} and the card text${sentence} differ: ${differ.join('; ')}; the line is used (the text reads \`${inferred[i].text}\`)`,
      range: w.range,
    });
  });
}
