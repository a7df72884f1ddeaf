// `.segoc` card definitions as one producer of CardFacts: the parser's `card` blocks (tokens) are
// read into facts with the vocabulary's interpreter, and every word outside it is reported where it
// was written. makeCard (facts.ts) then builds the engine's CardInfo.
import { Diagnostic } from '../diagnostics';
import { CardDef, EffectLine } from '../syntax/ast';
import { LineLexer, Token } from '../syntax/lexer';
import { CardFacts, EffectFacts, makeCard } from './facts';
import { CardInfo, CardOrigin, EventPattern, PhaseTime } from './types';
import { Range } from '../text';
import { ABILITIES, ATTRIBUTES, CARD_TYPE_NAMES, cardTypeInfo, interpretEvent, interpretModifier, interpretPhaseTime, isCardType, modifierCompletions, RACES } from './vocabulary';
import { didYouMean } from '../suggest';

export interface BuildCardResult {
  card: CardInfo;
  diagnostics: Diagnostic[];
}

/** Builds the engine's view of a card from its definition. */
export function buildCard(def: CardDef, origin: CardOrigin): BuildCardResult {
  const { facts, diagnostics } = factsFromSegoc(def);
  return { card: makeCard(facts, origin), diagnostics };
}

/** The facts a `card` definition states, and what in it is outside the vocabulary. */
export function factsFromSegoc(def: CardDef): { facts: CardFacts; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!isCardType(def.cardType.text)) {
    diagnostics.push({
      code: 'syntax',
      severity: 'error',
      message: `unknown card type \`${def.cardType.text}\` (expected one of: ${CARD_TYPE_NAMES.join(', ')})`,
      range: def.cardType.range,
    });
  }
  const facts: CardFacts = {
    name: def.name.text,
    aliases: def.aliases.map((a) => a.name.text),
    // No `archetype` line: not known (an archetype filter names the gap); `archetype none`: none.
    archetypes: def.archetypes.length ? def.archetypes.flatMap((a) => (a.name ? [a.name.text] : [])) : undefined,
    cardType: def.cardType.text,
    races: [],
    attributes: [],
    abilities: [],
    effects: [],
  };
  for (const tag of def.tags) {
    const t = tag.text.toLowerCase().trim();
    const m = /^(level|rank|link|scale|atk|def)\s+(\d+|\?)$/.exec(t);
    if (m) {
      const v = m[2] === '?' ? undefined : Number(m[2]);
      if (m[1] === 'atk') facts.atk = v;
      else if (m[1] === 'def') facts.def = v;
      else facts[m[1] as 'level' | 'rank' | 'link' | 'scale'] = v;
    } else if (ATTRIBUTES.includes(t)) facts.attributes!.push(t);
    else if (RACES.includes(t)) facts.races!.push(t.replace(' ', '-'));
    else if (ABILITIES.includes(t)) facts.abilities!.push(t);
    else {
      // An error, not a warning: a dropped tag changes what filters and conditions see (R15), so the verdicts.
      diagnostics.push({
        code: 'syntax',
        severity: 'error',
        message: `unknown tag \`${tag.text}\`${didYouMean(t, [...RACES, ...ATTRIBUTES, ...ABILITIES])} (expected a monster type, an attribute, level N, scale N, atk N or def N)`,
        range: tag.range,
      });
    }
  }
  const hasResponds = def.effects.some((e) => e.effectKind === 'responds' || e.effectKind === 'activation');
  // A Spell/Trap with no `responds to` line still has its activation, written where its type is.
  if (!hasResponds && cardTypeInfo(def.cardType.text).category !== 'monster') {
    facts.effects.push({ kind: 'activation', text: def.cardType.text, range: def.cardType.range });
  }
  for (const line of def.effects) facts.effects.push(effectFacts(line, diagnostics));
  return { facts, diagnostics };
}

/** Interprets an event phrase as written in a card definition or a link. */
export function parseEvent(tokens: Token[]): EventPattern {
  return interpretEvent(words(tokens), phraseText(tokens));
}

function effectFacts(line: EffectLine, diagnostics: Diagnostic[]): EffectFacts {
  const text = phraseText(line.line.tokens);
  let e: EffectFacts;
  if (line.effectKind === 'responds') {
    const responds = (line.alternatives ?? []).map((alt) => parseEvent(alt));
    for (const r of responds) reportUnknown(r, line, diagnostics);
    e = { kind: 'activation', responds, text, range: line.range };
  } else if (line.effectKind === 'activation') {
    // The card's own activation, free chain, with its properties (`activation, changes atk`).
    e = { kind: 'activation', responds: [], text, range: line.range };
  } else {
    const kind = line.effectKind;
    let event: EventPattern | undefined;
    let phaseTime: PhaseTime | undefined;
    let condition: string | undefined;
    if (kind === 'trigger' || (kind === 'quick' && line.timing)) {
      event = parseEvent(line.phrase);
      reportUnknown(event, line, diagnostics);
    } else if (kind === 'phase-trigger') {
      const p = interpretPhaseTime(words(line.phrase), phraseText(line.phrase));
      phaseTime = p.time;
      condition = p.condition;
      if (!p.time) reportUnknownPhase(phraseText(line.phrase), line.range, diagnostics);
    }
    e = { kind, mandatory: line.mandatory, timing: line.timing, event, phaseTime, condition, text, range: line.range };
  }
  for (const m of line.modifiers) {
    if (interpretModifier(e, words(m), phraseText(m))) continue;
    // A `responds to` line's unknown modifiers were never reported; kept so (no new diagnostics here).
    if (line.effectKind === 'responds') continue;
    const written = words(m).join(' ');
    diagnostics.push({
      code: 'syntax',
      severity: 'error',
      message: `unknown modifier \`${written}\`${didYouMean(written, modifierCompletions())} (see docs/language.md, Modifiers)`,
      // On the modifier itself (a line may carry several), the whole line when it has no token.
      range: m.length ? { start: m[0].range.start, end: m[m.length - 1].range.end } : line.range,
    });
  }
  return e;
}

function reportUnknown(event: EventPattern, line: Pick<EffectLine, 'range'>, diagnostics: Diagnostic[]): void {
  if (event.kind === 'unknown' || event.unknown.length > 0) {
    diagnostics.push({
      code: 'unknown-event',
      severity: 'information',
      message:
        event.kind === 'unknown'
          ? `the event \`${event.raw}\` is not in the vocabulary; the engine will assume it happened whenever this effect is activated`
          : `the words \`${event.unknown.join(' ')}\` of \`${event.raw}\` are not in the vocabulary; the engine checks the rest and assumes these`,
      range: line.range,
    });
  }
}

function reportUnknownPhase(phrase: string, range: Range, diagnostics: Diagnostic[]): void {
  diagnostics.push({
    code: 'unknown-event',
    severity: 'information',
    message: `the phase time \`${phrase}\` is not in the vocabulary; the engine will not check when this effect may activate`,
    range,
  });
}

/**
 * What of an effect's facts is outside the vocabulary, said where it is written (`phase`: the phase time as
 * written, for one the vocabulary does not know), as for a written line: for producers of facts from phrases.
 */
export function reportUnknownPhrases(e: EffectFacts, phase: string | undefined, range: Range, diagnostics: Diagnostic[]): void {
  for (const r of e.responds ?? []) reportUnknown(r, { range }, diagnostics);
  if (e.event && (e.kind === 'trigger' || e.kind === 'quick')) reportUnknown(e.event, { range }, diagnostics);
  if (e.kind === 'phase-trigger' && !e.phaseTime) reportUnknownPhase(phase ?? '', range, diagnostics);
}

/** A phrase of the vocabulary as a `.segoc` line would give it: its words and its text (for producers of facts that hold phrases). */
export function readPhrase(phrase: string): { words: string[]; text: string } {
  const tokens = new LineLexer(phrase, 0).next()?.tokens ?? [];
  return { words: words(tokens), text: phraseText(tokens) };
}

/** Lower-cased words of a phrase; a possessive joins its word (`opponent's`). */
function words(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'possessive' && out.length) out[out.length - 1] += "'s";
    else out.push(t.kind === 'string' ? `"${t.text}"` : t.lower);
  }
  return out;
}

/** A phrase as text with natural spacing (no space before `,` `:` `)` or after `(`). */
function phraseText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    const text = t.kind === 'string' ? `"${t.text}"` : t.text;
    const glue = out === '' || out.endsWith('(') || (t.kind === 'punct' && [',', ':', ')'].includes(t.text)) || t.kind === 'possessive';
    out += glue ? text : ` ${text}`;
  }
  return out;
}

