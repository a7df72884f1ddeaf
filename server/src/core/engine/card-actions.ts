// What a link does when the scenario does not write it out: its card's effect (`does ...` in the card's
// facts), part by part, against the board as it stands when the link resolves. A target that left its place,
// or that is face-down or another player's where the effect targeted a face-up card or a player's card, is not
// affected (R44); a part after "and if you do" or "then" is skipped when the part it depends on did not happen
// (R46); a part that moves the effect's own card needs the card where it was when the link was placed (R47).
// Apart from link-effects.ts, which places links and resolves the chain, because this reads the card's
// facts rather than the scenario's written actions; it changes the cards only through the timeline.
import type { ActionVerb, EffectAction } from '../cards/model';
import { LinkState, TargetSnapshot } from './classify';
import { activeRestrictions, restrictionUnsure, summonLocks, unaffectedBy, unsureImmunity } from './continuous';
import { restsOn } from './unknown-facts';
import { describeRestriction } from '../cards/vocabulary/restrictions';
import { actionPhrase, isColumnPart } from './narrative';
import { quoteName } from '../syntax/quote';
import { NotAppliedReason, ResolutionAct } from './results';
import { CardInstance, EventOrigin, GameEvent } from './state';
import type { Zone } from '../syntax/ast';
import { Timeline } from './timeline';

/** What the parts done so far left behind: whether each happened, and the card a negation or a Summon named ("that card"). */
interface PartsState {
  done: boolean[];
  thatCard?: CardInstance;
}

/** Performs the card's effect for link `l`; returns what it did and what it did not apply. */
export function performCardEffect(t: Timeline, l: LinkState, parts: readonly EffectAction[], origin: EventOrigin, links: LinkState[]): ResolutionAct[] {
  const did: ResolutionAct[] = [];
  // Choices (`or` between them): one of them applies, and the link does not write which (it writes no actions).
  if (parts.some((p) => p.link === 'or')) return [{ kind: 'choice-unknown', card: l.inst?.name ?? '?', parts: choicesOf(parts) }];
  const st: PartsState = { done: [] };
  parts.forEach((part, i) => {
    const words = actionPhrase(part);
    if ((part.link === 'and-if-you-do' || part.link === 'then') && i > 0 && !st.done[i - 1]) {
      did.push({ kind: 'not-applied', part: words, verb: part.verb, reason: 'earlier-part-not-done', at: part.link === 'then' ? 'then' : 'and if you do', rule: 'R46' });
      st.done.push(false);
      return;
    }
    if (part.link === 'then') t.step++;
    const first = did.length;
    const done = part.condition ? conditionHolds(t, l, part, words, origin, did) && performPart(t, l, part, words, origin, links, st, did) : performPart(t, l, part, words, origin, links, st, did);
    st.done.push(done);
    // Columns are not modelled: which Spell/Trap effects the column part negates is not followed (R85).
    if (done && isColumnPart(part)) l.assumptions.push(`${quoteName(l.inst?.name ?? '?')} negates the other Spell/Trap effects in its column for the rest of this turn; segoc does not model columns, so which effects those are is not checked (R85)`);
    // What a conditional part did or did not do carries its condition (`expect CL1 does not apply negate effects if set before activation`).
    if (part.condition) for (const a of did.slice(first)) if (a.kind === 'applies' || a.kind === 'not-applied') a.condition = part.condition;
  });
  return did;
}

/**
 * Whether a part's own condition holds as the link resolves (R85); where it does not, it is said as not applied. "If
 * this card was Set before activation and is on the field at resolution": the card was face-down on the field when the
 * link was placed, and has not left the field since. Where the scenario does not say where the card was activated from,
 * the condition is assumed to hold, and the link says so.
 */
function conditionHolds(t: Timeline, l: LinkState, part: EffectAction, words: string, origin: EventOrigin, did: ResolutionAct[]): boolean {
  const from = l.activatedFrom;
  const name = quoteName(l.inst?.name ?? '?');
  if (!from?.stated) {
    l.assumptions.push(`${name} was Set before its activation and is on the field when it resolves, so its part "${words}" applies (the scenario does not say where it was activated from; R85)`);
    return true;
  }
  if (from.zone !== 'field' || !from.faceDown) {
    did.push({ kind: 'not-applied', part: words, verb: part.verb, reason: 'condition-not-met', at: from.zone === 'hand' ? 'activated from the hand' : 'not Set before activation', rule: 'R85' });
    return false;
  }
  const snap = l.selfAtPlacement;
  if (snap && movedByOthers(t, snap, origin)) {
    did.push({ kind: 'not-applied', part: words, verb: part.verb, reason: 'condition-not-met', at: `not on the field at resolution (moved at ${movedBy(t, snap) ?? 'an earlier link'})`, rule: 'R85' });
    return false;
  }
  return true;
}

/** An effect's choices in a judge's words: the parts up to each `or` ("destroys a card, then adds a card"). */
function choicesOf(parts: readonly EffectAction[]): string[] {
  const out: string[][] = [];
  for (const p of parts) {
    if (p.link === 'or' || !out.length) out.push([actionPhrase(p)]);
    else out[out.length - 1].push(`${p.link === 'first' ? '' : `${p.link.replace(/-/g, ' ')} `}${actionPhrase(p)}`);
  }
  return out.map((c) => c.join(', '));
}

/** One part; true when it happened (to at least one card, or with no card to name). */
function performPart(t: Timeline, l: LinkState, part: EffectAction, words: string, origin: EventOrigin, links: LinkState[], st: PartsState, did: ResolutionAct[]): boolean {
  // "Negate the Summon or activation": a negation answers the link directly below it, or else the Summon being
  // attempted at a Summon's moment (R50).
  if (part.verb === 'negate-activation' || part.verb === 'negate-effect' || part.verb === 'negate-summon') {
    const below = links.find((x) => x.position === l.position - 1);
    if (below) {
      below.negated = part.verb === 'negate-effect' ? 'effect' : 'activation';
      st.thatCard = below.inst;
      const card = below.inst?.name ?? '?';
      did.push(part.verb === 'negate-effect' ? { kind: 'negates-effect', link: below.position, card } : { kind: 'negates', link: below.position, card });
      return true;
    }
    // At a Summon's moment (R50) the Summon being attempted is the one negated: it then never happens.
    const pending = part.verb === 'negate-summon' ? t.pendingSummon : undefined;
    if (pending && !pending.negated) {
      pending.negated = true;
      st.thatCard = pending.event.card;
      for (const c of t.summonedAtOnce()) t.negatedSummons.add(c);
      did.push({ kind: 'negates-summon', card: pending.event.card.name });
      return true;
    }
    // No Summon is being attempted: a Summon that has happened (or one done by a resolving effect) cannot be
    // negated (R52), and there is no link below to negate.
    did.push({ kind: 'not-applied', part: words, verb: part.verb, reason: 'nothing-to-negate', rule: part.verb === 'negate-summon' ? 'R52' : 'R45' });
    return false;
  }
  if (part.verb === 'special-summon' && summonLocked(t, l, words, part.verb, did)) return false;
  if (part.verb === 'special-summon' && part.tokens && part.object === undefined) return summonTokens(t, l, part, words, origin, did);
  // "Take control of that target" is how a control change reads; a part that names no object (a generated one, from
  // the script's category) takes its link's targets, and says so (R72).
  const controlPart = part.verb === 'take-control' && part.object === undefined && l.targetsAtPlacement.length ? { ...part, object: 'target' as const } : part;
  const found = objectCards(t, l, controlPart, st, words, did, links, origin);
  if (found === undefined) {
    // No card to name: the part happens on cards the scenario does not show (a card chosen on resolution).
    did.push({ kind: 'applies', part: words, verb: part.verb });
    return true;
  }
  const cards = part.object === 'itself' ? found : exceptUnaffected(l, found, words, part.verb, did);
  if (!cards.length) return false;
  if (part.verb === 'equip' && part.to) return equipTo(t, l, part, words, cards, origin, st, did, links);
  return apply(t, l, part, words, cards, origin, did);
}

/**
 * A Token Summon of a card's facts (`special summon 4 tokens`, R70): the Tokens the scenario names for the link's
 * player (the opponent, `for opponent`) that do not exist yet (never on the field) are the ones it Special Summons, up to its count; the rest it
 * Summons are said, not shown (the scenario names a Token where it uses it).
 */
function summonTokens(t: Timeline, l: LinkState, part: EffectAction, words: string, origin: EventOrigin, did: ResolutionAct[]): boolean {
  const by = l.player;
  // `for opponent`: to the opponent's field (Ojama Trio), the Tokens the scenario names for that player.
  const side = by !== undefined && part.tokensFor === 'opponent' ? ((1 - by) as typeof by) : by;
  const unborn = t.names.names.instances.filter((c) => c.token && c.zone === 'gone' && !t.movesByCard.has(c) && c.owner === side);
  const summoned = part.count === undefined ? unborn : unborn.slice(0, part.count);
  for (const c of summoned) {
    t.move(c, 'field', origin, 'effect', { by });
    c.faceDown = false;
    if (side !== undefined) c.controller = side;
    t.emit({ kind: 'summon', step: t.step, origin, card: c, summonType: 'special', from: 'gone', player: by ?? c.owner });
  }
  did.push(summoned.length ? { kind: 'special-summons', cards: named(summoned) } : { kind: 'applies', part: words, verb: part.verb });
  return true;
}

/**
 * An equip that says what it equips to (`equip itself to target`, R73): each card goes to the field equipped to the
 * first face-up monster of `part.to` there; where there is none, nothing is equipped (the monster left the field).
 */
function equipTo(t: Timeline, l: LinkState, part: EffectAction, words: string, cards: CardInstance[], origin: EventOrigin, st: PartsState, did: ResolutionAct[], links: LinkState[]): boolean {
  const to = (objectCards(t, l, { ...part, object: part.to }, st, words, did, links, origin) ?? []).find((c) => c.zone === 'field' && !c.faceDown && !cards.includes(c));
  if (!to) {
    did.push({ kind: 'cannot-equip', to: actionPhrase({ verb: part.verb, object: part.to, link: 'first' }).replace(/^equips /, '') });
    return false;
  }
  for (const c of cards) {
    if (c.zone !== 'field') t.move(c, 'field', origin, 'effect', { by: l.player });
    if (l.player !== undefined) c.controller = l.player;
    t.equip(c, to);
    did.push({ kind: 'equips', card: c.name, to: to.name });
  }
  return true;
}

/**
 * The cards an effect of link `l` applies to: those unaffected by it where they stand (R65: "unaffected by other
 * card effects", face-up on the field) are said as not applied. Being unaffected does not stop the targeting.
 */
export function exceptUnaffected(l: LinkState, cards: CardInstance[], words: string, verb: EffectAction['verb'] | undefined, did: ResolutionAct[]): CardInstance[] {
  const ok: CardInstance[] = [];
  for (const c of cards) {
    if (unaffectedBy(c, l.inst, l.player)) {
      did.push({ kind: 'not-applied', part: words, verb, card: c.name, reason: 'unaffected', at: l.inst?.name, rule: 'R65' });
      continue;
    }
    const unsure = unsureImmunity(c, l.inst);
    if (unsure) restsOn(l, { card: c.name, fact: 'lock', what: `whether ${quoteName(c.name)} is unaffected by this effect (${describeRestriction(unsure)})`, why: 'the effect is applied to it when the link resolves (R65)' });
    ok.push(c);
  }
  return ok;
}

/**
 * Whether a Special Summon of link `l` cannot happen because a card face-up on the field says its player cannot
 * Special Summon (R63: Vanity's Emptiness chained to the effect); said as not applied.
 */
export function summonLocked(t: Timeline, l: LinkState, words: string, verb: EffectAction['verb'] | undefined, did: ResolutionAct[]): boolean {
  if (l.player === undefined) return false;
  const lock = summonLocks(activeRestrictions(t.names.names.instances, t.activationsPending, (c) => t.appliedSince(c)), l.player).find((a) => a.restriction.kind === 'cannot-special-summon' && !a.restriction.except && !restrictionUnsure(a.card.card, a.restriction));
  if (!lock) return false;
  did.push({ kind: 'not-applied', part: words, verb, reason: 'summon-locked', at: lock.card.name, rule: 'R63' });
  return true;
}

/** The summoned monster a "negate the Summon" answers: the last Summon before the link was placed. */
function lastSummonBefore(t: Timeline, eventCount: number): CardInstance | undefined {
  for (let i = Math.min(eventCount, t.events.length) - 1; i >= 0; i--) {
    const e = t.events[i];
    if (e.kind === 'summon') return e.card;
  }
  return undefined;
}

/**
 * The cards a part acts on that are still where the effect needs them (what is not is said as not applied);
 * undefined where the part names no card the scenario shows (no target written, cards chosen on resolution).
 */
function objectCards(t: Timeline, l: LinkState, part: EffectAction, st: PartsState, words: string, did: ResolutionAct[], links: LinkState[], origin: EventOrigin): CardInstance[] | undefined {
  const object = part.object;
  switch (object) {
    case undefined:
      return undefined;
    case 'target': {
      if (!l.targetsAtPlacement.length) return undefined;
      const ok: CardInstance[] = [];
      for (const snap of l.targetsAtPlacement) {
        const why = targetGone(t, l, snap, origin, part.verb);
        if (why) did.push({ kind: 'not-applied', part: words, verb: part.verb, card: snap.card.name, ...why, rule: why.at === 'attack-ended' ? 'R56' : 'R44' });
        else ok.push(snap.card);
      }
      return ok;
    }
    case 'itself': {
      const self = l.inst;
      if (!self) return undefined;
      const snap = l.selfAtPlacement;
      if (snap && movedByOthers(t, snap, origin)) {
        did.push({ kind: 'not-applied', part: words, verb: part.verb, card: self.name, reason: 'card-moved', at: movedBy(t, snap), rule: 'R47' });
        return [];
      }
      return [self];
    }
    case 'that-card': {
      // The card a negation named, or else the card the link answers: the link below it, or the last Summon.
      const that = st.thatCard ?? links.find((x) => x.position === l.position - 1)?.inst ?? lastSummonBefore(t, l.placedAfterEvent);
      return that ? [that] : undefined;
    }
    default: {
      const opponentOnly = object === 'all-opponent-monsters';
      return t.names.names.instances.filter((c) => {
        if (c.zone !== 'field') return false;
        if (opponentOnly && c.controller === l.player) return false;
        const cat = c.card?.category;
        if (object === 'all-monsters' || object === 'all-opponent-monsters') return cat === 'monster' || (!cat && !c.faceDown);
        if (object === 'all-spells-traps') return cat === 'spell' || cat === 'trap';
        return true;
      });
    }
  }
}

function movesOf(t: Timeline, c: CardInstance): GameEvent[] {
  return t.movesByCard.get(c) ?? [];
}

/** A move of this link's own resolution (an earlier part: "banish it, and if you do, negate its effects"). */
function ownMove(e: GameEvent, own: EventOrigin): boolean {
  const o = e.origin;
  return o.kind === 'resolution' && own.kind === 'resolution' && o.chain === own.chain && o.link === own.link;
}

/** Whether the card moved since the snapshot other than by this link's own earlier parts. */
function movedByOthers(t: Timeline, snap: TargetSnapshot, own: EventOrigin): boolean {
  return movesOf(t, snap.card).slice(snap.moves).some((e) => !ownMove(e, own));
}

/** Where the card's last move came from: `CL3` of a chain, or a game action. */
function movedBy(t: Timeline, snap: TargetSnapshot): string | undefined {
  const moves = movesOf(t, snap.card);
  const last = moves[moves.length - 1];
  if (!last || moves.length <= snap.moves) return undefined;
  const o = last.origin;
  return o.kind === 'action' ? 'a game action' : o.kind === 'leftover' ? 'the end of a chain' : `CL${o.link}`;
}

/**
 * What a part does to a card whichever its face: a target of "destroy it" turned face-down is still destroyed. A
 * negation or an ATK change needs a face-up card whatever the wording.
 */
const EITHER_FACE: ReadonlySet<ActionVerb> = new Set<ActionVerb>(['destroy', 'banish', 'return-to-hand', 'return-to-deck', 'return-to-extra', 'to-hand', 'send-to-gy']);

/** Why a target is no longer a target when the link resolves (R44), or undefined while it still is. */
function targetGone(t: Timeline, l: LinkState, snap: TargetSnapshot, own: EventOrigin, verb: ActionVerb): { reason: NotAppliedReason; at?: string; where?: Zone } | undefined {
  // A target this link's earlier part moved is still its target ("banish it, and if you do, negate its effects").
  const ownOnly = movesOf(t, snap.card).length > snap.moves && !movedByOthers(t, snap, own);
  if (ownOnly) return undefined;
  if (movedByOthers(t, snap, own) || snap.card.zone !== snap.zone) return { reason: 'target-left', at: movedBy(t, snap), where: snap.zone };
  const filter = l.effect?.targets;
  // "Target 1 Set card; destroy that target": a face-down target turned face-up (a Set card activated in response)
  // no longer qualifies (W134), nor a face-up one turned face-down (Karma Cut, W161). "Destroy it" / "banish it"
  // (`target not rechecked`) acts on the card either way: Galaxy Cyclone (W135), Paleozoic Dinomischus (W161).
  const faceRechecked = !(l.effect?.targetNotRechecked && EITHER_FACE.has(verb));
  if (faceRechecked && snap.zone === 'field' && filter?.faceUp && snap.card.faceDown && !snap.faceDown) return { reason: 'target-changed', at: 'face-down' };
  if (faceRechecked && snap.zone === 'field' && filter?.faceUp === false && !snap.card.faceDown && snap.faceDown) return { reason: 'target-changed', at: 'face-up' };
  if (snap.zone === 'field' && filter?.controller && snap.card.controller !== snap.controller) return { reason: 'target-changed', at: 'control' };
  // "Target the attacking monster": once it was turned face-down (or removed) it is no longer attacking (R56).
  if (snap.zone === 'field' && filter?.attacking && !t.isAttacking(snap.card)) return { reason: 'target-changed', at: 'attack-ended' };
  return undefined;
}

const named = (cs: CardInstance[]) => cs.map((c) => c.name);

/** Applies one part to the cards; true when it did something. */
function apply(t: Timeline, l: LinkState, part: EffectAction, words: string, cards: CardInstance[], origin: EventOrigin, did: ResolutionAct[]): boolean {
  const by = l.player;
  const moveAll = (to: 'gy' | 'banished' | 'hand' | 'deck', flags: { destroyed?: boolean; discarded?: boolean; tributed?: boolean } = {}) => {
    for (const c of cards) t.move(c, to, origin, 'effect', { ...flags, by });
  };
  // A Fusion, Synchro, Xyz or Link Monster returned to the hand or the Deck goes to the Extra Deck instead: each
  // return is worded by where the card went.
  const returnAll = (cs: CardInstance[], to: 'hand' | 'deck' | 'extra') => {
    const extra = cs.filter((c) => c.card?.extraDeck);
    const rest = cs.filter((c) => !c.card?.extraDeck);
    for (const c of rest) t.move(c, to, origin, 'effect', { by });
    for (const c of extra) t.move(c, 'extra', origin, 'effect', { by });
    if (rest.length) did.push({ kind: 'returns', cards: named(rest), to });
    if (extra.length) did.push({ kind: 'returns', cards: named(extra), to: 'extra' });
  };
  switch (part.verb) {
    case 'destroy': {
      // The monster of a negated Summon is destroyed where it was: it never reached the field (R51).
      const on = cards.filter((c) => c.zone === 'field' || t.isBeingSummoned(c));
      for (const c of on) t.move(c, 'gy', origin, 'effect', { destroyed: true, by });
      if (on.length) did.push({ kind: 'destroys', cards: named(on) });
      else did.push({ kind: 'destroys-nothing' });
      return on.length > 0;
    }
    case 'banish':
      moveAll('banished');
      did.push({ kind: 'banishes', cards: named(cards) });
      return true;
    case 'send-to-gy':
      moveAll('gy');
      did.push({ kind: 'sends-to-gy', cards: named(cards) });
      return true;
    case 'discard':
      moveAll('gy', { discarded: true });
      did.push({ kind: 'discards', cards: named(cards) });
      return true;
    case 'tribute':
      moveAll('gy', { tributed: true });
      did.push({ kind: 'tributes', cards: named(cards) });
      return true;
    case 'add-to-hand':
      moveAll('hand');
      did.push({ kind: 'adds-to-hand', cards: named(cards) });
      return true;
    case 'to-hand': {
      // "To the hand" from where the card is: a card on the field is returned (an Extra Deck monster to the Extra Deck), another added.
      const onField = cards.filter((c) => c.zone === 'field');
      const others = cards.filter((c) => c.zone !== 'field');
      returnAll(onField, 'hand');
      for (const c of others) t.move(c, 'hand', origin, 'effect', { by });
      if (others.length) did.push({ kind: 'adds-to-hand', cards: named(others) });
      return true;
    }
    case 'return-to-hand':
    case 'return-to-deck':
    case 'return-to-extra': {
      const to = part.verb === 'return-to-hand' ? 'hand' : part.verb === 'return-to-deck' ? 'deck' : 'extra';
      returnAll(cards, to);
      return true;
    }
    case 'special-summon': {
      // A Token that left the field no longer exists: nothing can Summon it again (R70).
      const ended = cards.filter((c) => c.token && c.zone === 'gone' && t.movesByCard.has(c));
      for (const c of ended) did.push({ kind: 'not-applied', part: words, verb: part.verb, card: c.name, reason: 'token', rule: 'R70' });
      const ok = cards.filter((c) => c.zone !== 'field' && !ended.includes(c));
      for (const c of ok) {
        const from = c.zone;
        t.move(c, 'field', origin, 'effect', { by });
        if (by !== undefined) c.controller = by;
        c.faceDown = part.position === 'face-down';
        t.emit({ kind: 'summon', step: t.step, origin, card: c, summonType: 'special', from, player: by ?? c.owner, ...(c.faceDown ? { faceDown: true } : {}) });
      }
      for (const c of cards.filter((x) => x.zone === 'field' && !ok.includes(x))) did.push({ kind: 'cannot-special-summon', card: c.name, on: 'field' });
      if (ok.length) did.push({ kind: 'special-summons', cards: named(ok) });
      return ok.length > 0;
    }
    case 'set':
      for (const c of cards) {
        t.move(c, 'field', origin, 'set', { by });
        c.faceDown = true;
        if (by !== undefined) c.controller = by;
      }
      did.push({ kind: 'sets', cards: named(cards) });
      return true;
    case 'change-position': {
      // A Token cannot be face-down (R70); an Equip Card cannot stay on a face-down monster (R73).
      const down = part.position === 'face-down';
      const tokens = down ? cards.filter((c) => c.token) : [];
      for (const c of tokens) did.push({ kind: 'not-applied', part: words, verb: part.verb, card: c.name, reason: 'token', rule: 'R70' });
      const changed = cards.filter((c) => !tokens.includes(c));
      for (const c of changed) {
        const flipped = c.faceDown;
        c.faceDown = down;
        t.emit({ kind: 'position', step: t.step, origin, card: c, position: part.position === 'attack' ? 'attack' : 'defense', flipped });
        if (down) t.dropEquips(c, origin);
      }
      if (changed.length) did.push({ kind: 'applies', part: words, verb: part.verb, cards: named(changed) });
      return changed.length > 0;
    }
    case 'take-control': {
      // How long the control lasts (R72): the part's `until end phase` or `for good`; where the card's facts do not
      // say, taken for good here, and the link says so.
      const onField = cards.filter((c) => c.zone === 'field');
      for (const c of onField) {
        if (by !== undefined) c.controller = by;
        c.controlUntilEnd = part.lasts === 'until-end-phase' || undefined;
      }
      const note = `control of ${onField.map((c) => quoteName(c.name)).join(', ')} is taken for good: the card's facts do not say for how long (write \`-> take control of "X" until end phase\` where it comes back in the End Phase)`;
      if (!part.lasts && onField.length && !l.assumptions.includes(note)) l.assumptions.push(note);
      did.push({ kind: 'applies', part: words, verb: part.verb, cards: named(onField) });
      return onField.length > 0;
    }
    case 'equip': {
      // The two ways an effect equips (R73): a card it names away from the field (an Equip Spell in the GY, The Kick
      // Man) goes to the field equipped to the effect's own monster; a face-up monster it names (a Union's target) is
      // equipped with the effect's own card.
      const self = l.inst;
      const done: CardInstance[] = [];
      for (const c of cards) {
        if (c.zone !== 'field' && self && self.zone === 'field' && !self.faceDown) {
          t.move(c, 'field', origin, 'effect', { by });
          if (by !== undefined) c.controller = by;
          t.equip(c, self);
          done.push(c);
        } else if (c.zone === 'field' && !c.faceDown && self && self !== c && c.card?.category !== 'spell' && c.card?.category !== 'trap') {
          if (self.zone !== 'field') t.move(self, 'field', origin, 'effect', { by });
          if (by !== undefined) self.controller = by;
          t.equip(self, c);
          done.push(c);
        }
      }
      did.push({ kind: 'applies', part: words, verb: part.verb, cards: named(done.length ? done : cards) });
      return done.length > 0;
    }
    default:
      // What changes no card's place here (ATK, LP, negated effects): said, with the cards it applies to.
      did.push({ kind: 'applies', part: words, verb: part.verb, cards: named(cards) });
      return true;
  }
}
