// Continuous effects that forbid or negate (R62-R65), applied while their card is face-up on the field: which of
// the cards' `restricts` facts apply at a moment (the board as it stands then, so a lock activated or removed in
// the middle of a chain counts from that point), whether a player may activate a card or Special Summon, whether
// a card's effect is negated where it resolves, and whether a card is unaffected by another card's effect. Pure
// reads of the cards' state: link-effects.ts asks them when it places and resolves links; the rules read what
// placement recorded.
import { CardInfo, Restriction } from '../cards/model';
import { describeRestriction } from '../cards/vocabulary/restrictions';
import { quoteName } from '../syntax/quote';
import { CardInstance, PlayerIndex } from './state';

/** A restriction that applies now: the card that applies it, and whose card that is. */
export interface ActiveRestriction {
  card: CardInstance;
  controller: PlayerIndex;
  restriction: Restriction;
  /**
   * When the card's continuous effects started to apply (`AppliedSince`), set at a link's placement for a lock that
   * depends on it (a Spell Set while Anti-Spell Fragrance applied, R92); undefined elsewhere.
   */
  since?: number;
}

const NO_RESTRICTIONS: readonly Restriction[] = [];

/**
 * Every restriction a card's effects state (its `continuous` lines). Read at every link's placement and resolution
 * for every face-up card: a card with none (most) makes no list.
 */
export function restrictionsOf(card: CardInfo | undefined): readonly Restriction[] {
  let out: Restriction[] | undefined;
  if (card) for (const e of card.effects) for (const r of e.restricts) (out ??= []).push(r);
  return out ?? NO_RESTRICTIONS;
}

/**
 * Whether the library may not know that restriction `r` of `card` applies: it has a condition (R62-R65), or its
 * effect is read from the card's text alone (a generated card with no script to cross-check it, effect source `t`).
 * Such a restriction is a named unknown fact on the links it would act on, never a plain "applies".
 */
export function restrictionUnsure(card: CardInfo | undefined, r: Restriction): boolean {
  return r.conditional || !!card?.effects.some((e) => e.restricts.includes(r) && e.assumed.some((note) => note.kind === 'text-only'));
}

/** A lock in a judge's words: its card and what it says ("Necrovalley"'s lock (locks banishing from gy)). */
export const lockWords = (a: ActiveRestriction): string => `${quoteName(a.card.name)}'s lock (${describeRestriction(a.restriction)})`;

/** What a verdict resting on an unsure lock (`restrictionUnsure`) does not know: its condition, or its text-only reading. */
export const unsureLockQuestion = (a: ActiveRestriction): string =>
  a.restriction.conditional ? `whether the condition of ${lockWords(a)} holds` : `whether ${lockWords(a)} applies (its effect is read from its card text alone)`;

const faceUpOnField = (c: CardInstance): boolean => c.zone === 'field' && !c.faceDown;

/** Whether negator `n` (face-up on the field) negates the effects of card `c` while `c` is face-up on the field. */
function negates(n: ActiveRestriction, c: CardInstance): boolean {
  if (n.restriction.kind !== 'negates-effects' || n.card === c || !c.card) return false;
  const what = n.restriction.what;
  if (what === 'unknown' || restrictionUnsure(n.card.card, n.restriction) || !faceUpOnField(c)) return false;
  if (what !== c.card.category) return false;
  return !unaffectedBy(c, n.card, n.controller);
}

/**
 * When a card's continuous effects started to apply, as an order (a larger number later): the event that last put it
 * face-up on the field, or its activation's resolution for a Continuous Spell/Trap; -1 for a card the board put there
 * at the start. The timeline answers it (`Timeline.appliedSince`).
 */
export type AppliedSince = (c: CardInstance) => number;

/**
 * The restrictions that apply on the board as it stands: those of the face-up cards on the field (a Continuous
 * Spell/Trap once its activation has resolved: `pending` holds those still on the chain) whose own effects
 * are not negated by another such card (Skill Drain negates Jinzo's lock; Royal Decree, "other Trap effects",
 * negates Vanity's Emptiness and Skill Drain). Two negators that would negate each other (Jinzo and Skill Drain):
 * the one that applied first wins, since a card's effects are not negated by two sources at once (W121: Skill Drain
 * face-up first negates a Jinzo Summoned later; Jinzo face-up first forbids Skill Drain's activation, R62). Where
 * `since` cannot tell (both on the board from the start, or no `since`), both apply, as the scenario does not say
 * which came first.
 */
export function activeRestrictions(instances: readonly CardInstance[], pending: ReadonlySet<CardInstance>, since?: AppliedSince): ActiveRestriction[] {
  const all: ActiveRestriction[] = [];
  for (const c of instances) {
    if (!c.card || !faceUpOnField(c) || pending.has(c)) continue;
    for (const r of restrictionsOf(c.card)) all.push({ card: c, controller: c.controller, restriction: r });
  }
  if (!all.length) return all;
  const candidates = all.filter((a) => a.restriction.kind === 'negates-effects');
  // Whether `by`'s card negates `m`'s card in turn (the two negate each other).
  const negatesBack = (m: ActiveRestriction, by: ActiveRestriction) => candidates.some((x) => x.card === by.card && negates(x, m.card));
  // Of two that negate each other, the earlier wins (W121); a tie leaves both.
  const earlier = (m: ActiveRestriction, n: ActiveRestriction) => !!since && since(m.card) < since(n.card);
  const negators = candidates.filter((n) => !candidates.some((m) => negates(m, n.card) && (!negatesBack(m, n) || earlier(m, n))));
  return all.filter((a) => (a.restriction.kind === 'negates-effects' ? negators.includes(a) : !negators.some((n) => negates(n, a.card))));
}

/** Whether lock `a` covers player `p`. */
function covers(a: ActiveRestriction, p: PlayerIndex): boolean {
  const r = a.restriction;
  if (r.kind !== 'cannot-activate' && r.kind !== 'cannot-special-summon' && r.kind !== 'cannot-banish') return false;
  return r.who === 'both' || (r.who === 'you' ? p === a.controller : p !== a.controller);
}

/**
 * Whether activation lock `r` covers an activation of `card` (its own or one of its effects) (unknown scope: it may; the
 * caller says so). `spell-cards-unless-set` covers a Spell's card activation only (R92), which the caller tells apart
 * by where and when the card was Set.
 */
export function lockScopeCovers(r: Extract<Restriction, { kind: 'cannot-activate' }>, card: CardInfo | undefined): boolean | undefined {
  if (r.what === 'unknown') return undefined;
  if (r.what === 'spell-cards-unless-set') return card ? card.category === 'spell' : undefined;
  if (r.what === 'cards-and-effects') return true;
  if (!card) return undefined;
  if (r.what === 'monster-effects') return card.category === 'monster';
  if (card.category === 'monster') return false;
  // "Trap Cards, and their effects on the field, cannot be activated" (Jinzo): the card's activation and its effects.
  if (r.what === 'spell-trap-cards') return true;
  return r.what === (card.category === 'spell' ? 'spell-cards' : 'trap-cards');
}

/** The activation locks on player `p`, as they stand. */
export function activationLocks(active: readonly ActiveRestriction[], p: PlayerIndex): ActiveRestriction[] {
  return active.filter((a) => a.restriction.kind === 'cannot-activate' && covers(a, p));
}

/** The locks on banishing on player `p` (R93: "Cards in the GY cannot be banished"), as they stand. */
export function banishLocks(active: readonly ActiveRestriction[], p: PlayerIndex): ActiveRestriction[] {
  return active.filter((a) => a.restriction.kind === 'cannot-banish' && covers(a, p));
}

/**
 * The negations of any effect that would move a card in the GY (R64: Necrovalley), as they stand: `sure`, the ones the
 * library knows apply; `unsure`, those under a condition or read from a card's text alone (a named unknown fact).
 */
export function gyMoveNegators(active: readonly ActiveRestriction[], inst: CardInstance | undefined): { sure: ActiveRestriction | undefined; unsure: ActiveRestriction[] } {
  const all = active.filter((n) => n.restriction.kind === 'negates-effects' && n.restriction.what === 'gy-moves' && n.card !== inst);
  const unsure = all.filter((n) => restrictionUnsure(n.card.card, n.restriction));
  return { sure: all.find((n) => !unsure.includes(n)), unsure };
}

/** The Special Summon locks on player `p`, as they stand. */
export function summonLocks(active: readonly ActiveRestriction[], p: PlayerIndex): ActiveRestriction[] {
  return active.filter((a) => a.restriction.kind === 'cannot-special-summon' && covers(a, p));
}

/**
 * The card whose continuous effect negates the effect of `inst` where it stands now (R64): Skill Drain for a
 * face-up monster on the field, Imperial Order for a Spell on the field, Royal Decree for another Trap on it.
 */
export function negatorOf(active: readonly ActiveRestriction[], inst: CardInstance): ActiveRestriction | undefined {
  return active.find((n) => negates(n, inst));
}

/**
 * The negators that may negate the effect of `inst` where it stands, the library not knowing whether they do: a
 * scope it does not read (`negates some effects on the field`), a condition or an effect read from text alone
 * (R64; a named unknown fact).
 */
export function unsureNegators(active: readonly ActiveRestriction[], inst: CardInstance): ActiveRestriction[] {
  return active.filter((n) => n.restriction.kind === 'negates-effects' && n.card !== inst && faceUpOnField(inst) && (n.restriction.what === 'unknown' || (restrictionUnsure(n.card.card, n.restriction) && n.restriction.what === inst.card?.category)));
}

/** A restriction of `c` that may make it unaffected, the library not knowing whether it does (scope not read, a condition, or read from text alone: R65). */
export function unsureImmunity(c: CardInstance, source: CardInstance | undefined): Restriction | undefined {
  if (!faceUpOnField(c) || source === c) return undefined;
  return restrictionsOf(c.card).find((r) => r.kind === 'unaffected' && (r.by === 'unknown' || restrictionUnsure(c.card, r)));
}

/** The restriction that makes `c` unaffected by an effect of `source` (controlled by `by`) now, if one does (R65). */
export function unaffectedBy(c: CardInstance, source: CardInstance | undefined, by: PlayerIndex | undefined): Restriction | undefined {
  if (!faceUpOnField(c) || source === c) return undefined;
  for (const r of restrictionsOf(c.card)) {
    if (r.kind !== 'unaffected' || restrictionUnsure(c.card, r)) continue;
    const cat = source?.card?.category;
    switch (r.by) {
      case 'other':
        return r;
      case 'opponent':
        if (by !== undefined && by !== c.controller) return r;
        break;
      case 'spell-trap':
        if (cat === 'spell' || cat === 'trap') return r;
        break;
      case 'spell':
      case 'trap':
      case 'monster':
        if (cat === r.by) return r;
        break;
    }
  }
  return undefined;
}
