// What a verdict rests on (issue 27). The engine's assumptions are of two kinds:
// - what the scenario left out (the phase, an event before the chain, where a card was): the writer can state
//   it, so the engine assumes it and `explain` lists it (LinkState.assumptions, as before);
// - what the card library does not know about a card (what an effect includes, a condition or event qualifier it
//   could not read, any effect at all): the writer cannot state it in the scenario, so a link whose verdict rests
//   on it is never a plain "legal": it gets the warning `unknown-card-fact`, named here, and the scenario's verdict
//   says it rests on unknown facts. `strict` makes both kinds errors.
import { CardInfo, EffectInfo, EventPattern } from '../cards/model';
import { archetypeByNameOnly } from './match';
import type { GameEvent } from './state';
import { Diagnostic, QuickFix } from '../diagnostics';
import { Position, Range } from '../text';
import { cardToSegoc } from '../cards/to-segoc';
import { quoteName } from '../syntax/quote';
import type { UnknownFact } from './results';

export type { UnknownFact } from './results';

/** What this module reads and writes of a link (classify.ts's LinkState; kept apart so the two do not import each other). */
export interface LinkState {
  position: number;
  stmt: { range: Range };
  inst?: { name: string; card?: CardInfo };
  /** `granted by "X"`: the card whose effect the link's card gained (R68); the effect's facts are X's. */
  grantedBy?: { name: string; card?: CardInfo };
  effect?: EffectInfo;
  assumptions: string[];
  unknownFacts: UnknownFact[];
  codes: string[];
  /** Where its card was activated from, where known (HAND_CONDITION is a fact only from the hand). */
  activatedFrom?: { zone: string };
}

export const UNKNOWN_CARD_FACT = 'unknown-card-fact';
/** Under `strict`, an assumption about what the scenario left out. */
export const STRICT_ASSUMPTION = 'assumed-in-strict';
/** The codes this module reports: not rule codes, and never a language error that stops the check. */
export const VERDICT_BASIS_CODES: ReadonlySet<string> = new Set([UNKNOWN_CARD_FACT, STRICT_ASSUMPTION]);

/**
 * The card whose effect the link uses: the granting card of a `granted by "X"` link (R68), whose text the effect's
 * facts come from, else the link's own card. A fact the verdict rests on is named after it.
 */
export function effectOwner(l: Pick<LinkState, 'inst' | 'grantedBy'>): { name: string; card?: CardInfo } | undefined {
  return l.grantedBy ?? l.inst;
}

/** Record a fact once per link (two patterns of one responder may rest on the same gap). */
export function restsOn(l: LinkState, fact: UnknownFact): void {
  if (!l.unknownFacts.some((f) => f.card === fact.card && f.effect === fact.effect && f.fact === fact.fact && f.what === fact.what)) l.unknownFacts.push(fact);
}

/**
 * An event taken to meet an archetype qualifier only because the library lists no archetypes for its card: the verdict
 * rests on that card's archetypes (which a `card` definition's `archetype` line states). False when that is not the gap.
 */
export function restsOnArchetype(l: LinkState, e: EffectInfo, pattern: EventPattern, ev: GameEvent, evText: string): boolean {
  const g = archetypeByNameOnly(pattern, ev);
  const owner = effectOwner(l)?.card;
  if (!g || !owner) return false;
  restsOn(l, {
    card: g.card,
    fact: 'condition',
    what: `whether ${quoteName(g.card)} is a ${g.archetypes.map((a) => quoteName(a)).join(' or ')} card (the card library lists no archetypes for it${g.inName ? "; its name contains the archetype's, which does not make it one" : ''})`,
    why: `${evText} is taken to meet the condition of ${effectLabel(owner, e.index)} ("${pattern.raw}")`,
    line: `archetype ${quoteName(g.archetypes[0])}`,
  });
  return true;
}

/** How a fact names an effect: its number only where the card has several. */
export function effectLabel(card: CardInfo, index: number | undefined): string {
  return index && card.effects.length > 1 ? `effect ${index} of ${quoteName(card.name)}` : quoteName(card.name);
}

/**
 * What the card's source was unsure of (EffectInfo.assumed: a script condition taken as met, a text read over its
 * script, no script at all) is a fact of the card a link uses, so its verdict rests on it too.
 */
export function sourceUnsure(l: LinkState): void {
  const card = effectOwner(l)?.card;
  const e = l.effect;
  if (!card || !e) return;
  // One unknown condition is said once: where the engine already named the condition it cannot read on this link
  // ("under script condition" taken as met), the source's note about its script conditions says it again.
  const conditionSaid = l.unknownFacts.some((f) => f.card === card.name && (f.effect === undefined || f.effect === e.index) && (f.fact === 'condition' || f.fact === 'event'));
  for (const note of e.assumed) {
    // The hand's own condition (HAND_CONDITION) is a fact only of an activation from the hand.
    if (note.kind === 'hand-condition' && l.activatedFrom?.zone !== 'hand') continue;
    if (conditionSaid && note.kind === 'script-condition') continue;
    const answers = [...(e.kind === 'quick' && e.event?.kind === 'activation' ? [e.event] : []), ...e.responds.filter((r) => r.kind === 'activation')];
    if (answers.length && note.kind === 'script-condition' && l.position > 1) {
      // A responder to "card or effect activated" whose script narrows what it answers with conditions the generator
      // did not read whole: which activations it answers is the gap, not "any activation". (A hand activation's own
      // condition is not one: it says when the card may come from the hand, below.)
      restsOn(l, {
        card: card.name,
        effect: e.index,
        fact: 'event',
        what: `which activations ${effectLabel(card, e.index)} answers ("${answers.map((p) => p.raw).join(' / ')}"; its script has conditions the library cannot read, which may narrow it)`,
        why: `CL${l.position - 1} is taken to be one of them`,
      });
      continue;
    }
    if (note.kind === 'no-script') {
      // A Spell/Trap with no script has only its card's activation: what that does is not known.
      restsOn(l, { card: card.name, effect: e.index, fact: 'effect', what: `the card library knows no effect of ${quoteName(card.name)} (${note.text})`, why: 'the link is read as the card\'s activation only, and what it does is not known' });
      continue;
    }
    if (note.kind === 'text-only') {
      // A card with no script (the generated library's effect source `t`): the effect's every fact is the text inference's.
      restsOn(l, { card: card.name, effect: e.index, fact: 'effect', what: `${effectLabel(card, e.index)} is ${note.text}`, why: 'this link uses that effect, as the text inference read it' });
      continue;
    }
    restsOn(l, { card: card.name, effect: e.index, fact: 'condition', what: `${effectLabel(card, e.index)}: ${note.text} (its source was unsure)`, why: 'this link uses that effect' });
  }
}

/**
 * The diagnostics of what one checked chain's verdict rests on: a warning (an error under `strict`) per link with
 * unknown card facts, and under `strict` an error per link with assumptions about what the scenario left out. A link
 * a rule already finds illegal (an error in `found`) rests on nothing: it gets neither.
 */
export function verdictBasisDiagnostics(
  links: readonly LinkState[],
  found: readonly Diagnostic[],
  strict: boolean,
  /** The card of a name, for the quick fixes; none when the analysis builds no fixes (a diagnostics-only check). */
  cardOf: ((name: string) => CardInfo | undefined) | undefined,
  scenarioStart: Position,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const l of links) {
    sourceUnsure(l);
    if (found.some((d) => d.severity === 'error' && d.link === l.position)) continue;
    const where = `CL${l.position} ${quoteName(l.inst?.name ?? '?')}`;
    if (l.unknownFacts.length) {
      const facts = l.unknownFacts.map((f) => `${f.what}, and ${f.why}`).join('; ');
      // A card with no known effect is said as such first: segoc checks nothing of the link, rather than "legal".
      const noEffect = !l.effect && l.unknownFacts.some((f) => f.fact === 'effect' && f.card === l.inst?.card?.name);
      const head = noEffect ? `${where} is not checked (it is not taken as a Quick Effect, or as any effect): ${facts}` : `${where} is taken as legal on a card fact the card library does not know: ${facts}`;
      out.push({
        code: UNKNOWN_CARD_FACT,
        severity: strict ? 'error' : 'warning',
        message: `${head}. ${strict ? 'With --strict a verdict may not rest on it: c' : 'C'}heck the card's text and rulings, and state the fact in a \`card\` definition`,
        range: l.stmt.range,
        link: l.position,
        fix: cardOf && cardFixes(l, cardOf, scenarioStart),
      });
      l.codes.push(UNKNOWN_CARD_FACT);
    }
    if (strict && l.assumptions.length) {
      out.push({
        code: STRICT_ASSUMPTION,
        severity: 'error',
        message: `${where} rests on what the scenario does not say: ${l.assumptions.join('; ')}. State it in the scenario (--strict: a verdict may not rest on an assumption)`,
        range: l.stmt.range,
        link: l.position,
      });
      l.codes.push(STRICT_ASSUMPTION);
    }
  }
  return out;
}

/**
 * Quick fixes: a `card` definition of each card an unknown fact is about, printed from what the library knows, with
 * the fact as a comment for the writer to confirm from the card's text (a fact is never stated for them). It goes
 * right above the scenario's `scenario` line: definitions are file-wide wherever they stand, and a fix edits only
 * its own scenario's lines. A card the writer defined in this file is not defined twice: the fix puts the fact to
 * confirm in that definition, under its `card` line. A card defined in another file of the workspace gets none (this
 * file's definition would hide it).
 */
function cardFixes(l: LinkState, cardOf: (name: string) => CardInfo | undefined, at: Position): QuickFix[] | undefined {
  const fixes: QuickFix[] = [];
  const seen = new Set<string>();
  for (const f of l.unknownFacts) {
    if (seen.has(f.card)) continue;
    const card = cardOf(f.card);
    if (!card || card.origin.kind === 'workspace') continue;
    seen.add(f.card);
    const confirm = l.unknownFacts
      .filter((x) => x.card === f.card)
      .map((x) => `# confirm from the card's text: ${x.what}${x.line ? `; if so: ${x.line}` : ''}`);
    const what = f.fact === 'effect' ? 'its effects' : f.fact === 'includes' ? 'what its effect includes' : f.fact === 'event' ? 'the event its effect answers' : f.fact === 'zone' ? 'where it can be activated' : f.fact === 'response' ? 'which responses it forbids' : f.fact === 'lock' ? 'what its lock covers' : 'its condition';
    if (card.origin.kind === 'file') {
      const under = { line: card.origin.range.start.line + 1, character: 0 };
      fixes.push({
        title: `State ${what} in the definition of ${quoteName(card.name)} (line ${card.origin.range.start.line + 1})`,
        edits: [{ range: { start: under, end: under }, newText: confirm.map((c) => `  ${c}\n`).join('') }],
      });
      continue;
    }
    const text = [...confirm, ...cardToSegoc(card).trimEnd().split('\n')].join('\n');
    fixes.push({
      title: `Define ${quoteName(card.name)} in this file to state ${what}`,
      edits: [{ range: { start: { line: at.line, character: 0 }, end: { line: at.line, character: 0 } }, newText: `${text}\n\n` }],
    });
  }
  return fixes.length ? fixes : undefined;
}
