// What a chain's links do to the cards: each link's placement (its activation, which puts a Spell/Trap on
// the field, then its cost) and the chain's resolution from the top (R2): each effect's actions, a negated
// link, a Field or Continuous Spell's trigger once the card has left the field (R18), and the leftover
// Spells/Traps sent to the GY (R4). Apart from timeline.ts (the cards' state and the scenario's game
// actions) because this part reads links (statement, classified effect, negation) and records what each
// did (ResolutionAct, which the results and the narrative show). It changes the cards only through the
// timeline's emit and move, so that every event is made in one place.
import { Action, ActionSeq, CardSet, Zone } from '../syntax/ast';
import { exceptUnaffected, performCardEffect, summonLocked } from './card-actions';
import { ActiveRestriction, activationLocks, activeRestrictions, banishLocks, gyMoveNegators, negatorOf, restrictionsOf, summonLocks, unsureNegators } from './continuous';
import { banishesAtActivation, wouldMoveFromGy } from './gy-moves';
import { restsOn } from './unknown-facts';
import { quoteName } from '../syntax/quote';
import { describeRestriction } from '../cards/vocabulary/restrictions';
import { LinkState, TargetSnapshot } from './classify';
import { CountedVerb, ResolutionAct } from './results';
import { CardInstance, EventOrigin, PlayerIndex } from './state';
import { Timeline } from './timeline';

const SPELL_TRAP_LEAVES: ReadonlyArray<string> = ['normal', 'quick-play', 'counter', 'ritual'];

/** A link is placed: its activation (a Spell/Trap goes to the field) and its cost. */
export function placeLink(t: Timeline, l: LinkState, chainIndex: number): void {
  t.step++;
  l.placedAfterEvent = t.events.length;
  l.placementStep = t.step;
  const inst = l.inst;
  if (!inst || l.player === undefined) return;
  const snapshot = (c: CardInstance): TargetSnapshot => ({ card: c, zone: c.zone, faceDown: c.faceDown, controller: c.controller, moves: t.movesByCard.get(c)?.length ?? 0, pendulumZone: c.zone === 'field' && c.pendulumZone });
  const moves = t.movesByCard.get(inst) ?? [];
  l.activatedFrom = {
    zone: inst.zone,
    faceDown: inst.faceDown,
    // A board line or an earlier event put it there; a copy the engine created from this link is a guess.
    stated: !inst.implied || moves.length > 0,
    lastMove: moves[moves.length - 1],
    setBy: moves.find((m) => m.kind === 'move' && m.cause === 'set'),
    // Whose card it is where it stands: the controller on the field, the owner elsewhere.
    holder: inst.zone === 'field' ? inst.controller : inst.owner,
    pendulumZone: inst.zone === 'field' && inst.pendulumZone,
  };
  // The locks on its player as the board stands before the card is activated (R62, R63): a lock being activated
  // in this link does not lock its own activation.
  const active = activeNow(t);
  l.locksAtPlacement = active.length ? [...activationLocks(active, l.player), ...summonLocks(active, l.player), ...banishLocks(active, l.player)] : [];
  // A lock on Spells not Set before it applied (R92) needs when it started to apply; a lock on banishing (R93), what
  // the activation would banish, as the board stands before it.
  for (const a of l.locksAtPlacement) if (a.restriction.kind === 'cannot-activate' && a.restriction.what === 'spell-cards-unless-set') a.since = t.appliedSince(a.card);
  if (l.locksAtPlacement.some((a) => a.restriction.kind === 'cannot-banish')) l.banishesAtPlacement = banishesAtActivation(t, l);
  // What the activation may need of the board (a card to pay the cost with, a target, a free zone: R74-R76), as it stood.
  l.boardAtActivation = mayNeedBoard(l) ? t.names.names.instances.map(snapshot) : undefined;
  const origin: EventOrigin = { kind: 'activation', chain: chainIndex, link: l.position, range: l.stmt.range, point: t.point, card: inst };
  if (inst.card && inst.card.category !== 'monster' && l.effect?.kind === 'activation' && inst.zone !== 'field') {
    t.move(inst, 'field', origin, 'activation');
    inst.controller = l.player;
  }
  // A Pendulum Scale's activation (`to pendulum zone`): the card goes to its controller's Pendulum Zone as a Spell (R66).
  if (l.stmt.toPendulumZone && inst.zone !== 'field') {
    t.move(inst, 'field', origin, 'activation');
    inst.controller = l.player;
    inst.pendulumZone = true;
  }
  if (inst.zone === 'field') inst.faceDown = false;
  if (staysOnField(l)) t.activationsPending.add(inst);
  t.emit({ kind: 'activation', step: t.step, origin, chain: chainIndex, link: l.position, player: l.player, card: inst });
  l.grantHeld = grantHeld(t, l);
  if (l.stmt.cost) {
    const costOrigin: EventOrigin = { ...origin, kind: 'cost' };
    for (const a of perform(t, l.stmt.cost, l, costOrigin, true, [])) {
      if (a.kind === 'not-applied' && a.reason === 'fewer-cards') l.costShort.push({ part: a.part, have: Number(a.at ?? 0), zone: a.where ?? 'hand' });
    }
  }
  // Where its targets and its own card stand now, for the resolution to tell what is still there (R44, R47).
  l.targetsAtPlacement = l.targets.map(snapshot);
  l.selfAtPlacement = snapshot(inst);
}

/**
 * Whether R74-R76 may read the board as it stands when link `l` is activated (rules/activation-needs.ts): its effect has
 * a cost the link does not write, targets while the link names no target, activates a Spell/Trap Card from the hand or a
 * Pendulum Scale (a free Pendulum Zone), or Special Summons its own card or Tokens; or R79 (rules/state-conditions.ts): its effect states conditions on the game
 * state. Only then is the board copied (a copy of every
 * card of the scenario, at every link, was most of what placing a link cost).
 */
function mayNeedBoard(l: LinkState): boolean {
  const e = l.effect;
  const inst = l.inst;
  if (!e || !inst?.card) return false;
  return (!!e.cost && !l.stmt.cost) || (!!e.targets && !l.targets.length) || e.summonsItself || (e.kind === 'activation' && inst.card.category !== 'monster' && inst.zone === 'hand') || (!!l.stmt.toPendulumZone && inst.zone === 'hand') || e.conditions.length > 0 || !!e.does[0]?.tokens;
}

/**
 * Whether the link's card has the effect its `granted by` card grants, as the link is placed (R68): the granting card
 * attached to it, used for its Summon, or face-up on the field, as the effect's `granted` says. Undefined where the
 * scenario never shows the granting card (a copy made from this link, never moved): the verdict then assumes it.
 */
function grantHeld(t: Timeline, l: LinkState): boolean | undefined {
  const g = l.grantedBy;
  const how = l.effect?.granted;
  if (!g || !how || !l.inst) return undefined;
  if (g.implied && !(t.movesByCard.get(g)?.length)) return undefined;
  if (how === 'as-material') return g.zone === 'overlay' && g.attachedTo === l.inst;
  if (how === 'used-as-material') return g.materialFor === l.inst;
  return g.zone === 'field' && !g.faceDown;
}

/** The card whose continuous effect negates link `l`'s effect as the board stands when it resolves (R64), if one does. */
function continuousNegator(active: readonly ActiveRestriction[], l: LinkState): CardInstance | undefined {
  const inst = l.inst;
  if (!inst || inst.zone !== 'field' || inst.faceDown || !active.length) return undefined;
  const negator = negatorOf(active, inst);
  if (negator) return negator.card;
  for (const n of unsureNegators(active, inst)) {
    restsOn(l, { card: n.card.name, fact: 'lock', what: `whether ${quoteName(n.card.name)} negates this effect (${describeRestriction(n.restriction)})`, why: `its card is face-up on the field when the link resolves (R64)` });
  }
  return undefined;
}

/**
 * The card whose continuous effect negates link `l`'s effect because it would move a card in the GY (R64: Necrovalley),
 * as the board stands when it resolves; a negation the library is unsure of (a condition, text alone) is a named
 * unknown fact, and an effect whose move the scenario and the card facts do not show is not negated (said).
 */
function gyMoveNegator(t: Timeline, active: readonly ActiveRestriction[], l: LinkState): CardInstance | undefined {
  if (!active.length) return undefined;
  const { sure, unsure } = gyMoveNegators(active, l.inst);
  if (!sure && !unsure.length) return undefined;
  const moves = wouldMoveFromGy(t, l);
  if (moves === false) return undefined;
  const negator = sure ?? unsure[0];
  if (moves === undefined) {
    // Only the card facts can leave it open (written actions always say): a fact the library does not know.
    restsOn(l, { card: l.inst?.name ?? negator.card.name, effect: l.effect?.index, fact: 'lock', what: `whether its effect moves a card in the GY (${quoteName(negator.card.name)} ${describeRestriction(negator.restriction)})`, why: 'its card facts do not say which cards it moves when the link resolves (R64); write its actions after `->` to decide it' });
    return undefined;
  }
  if (sure) return sure.card;
  for (const n of unsure) restsOn(l, { card: n.card.name, fact: 'lock', what: `whether ${quoteName(n.card.name)} negates this effect (${describeRestriction(n.restriction)})`, why: 'the effect would move a card in the GY when the link resolves (R64)' });
  return undefined;
}

/** The continuous effects that apply on the board as it stands now (continuous.ts). */
const activeNow = (t: Timeline): ActiveRestriction[] => activeRestrictions(t.names.names.instances, t.activationsPending, (c) => t.appliedSince(c));

/** A Continuous or Equip Spell/Trap whose activation needs the card on the field to apply (R47). */
function staysOnField(l: LinkState): boolean {
  const card = l.inst?.card;
  return !!card && card.category !== 'monster' && (card.spellTrapKind === 'continuous' || card.spellTrapKind === 'equip') && l.effect?.kind === 'activation';
}

/**
 * An Equip Spell's activation that resolves equips it to its target (R73), where that target is still a face-up
 * monster on the field: from then on the card goes to the GY when the monster leaves the field or turns face-down.
 */
function equipOnResolution(t: Timeline, l: LinkState): void {
  const card = l.inst;
  if (!card || card.card?.spellTrapKind !== 'equip' || l.effect?.kind !== 'activation' || card.zone !== 'field' || card.equippedTo) return;
  const monster = l.targetsAtPlacement.find((s) => s.card.zone === 'field' && !s.card.faceDown && (t.movesByCard.get(s.card)?.length ?? 0) === s.moves)?.card;
  if (monster) t.equip(card, monster);
}

/** Resolves the chain from the top (R2), then sends leftover Spells/Traps to the GY (R4); returns the leftovers' names. */
export function resolveChain(t: Timeline, links: LinkState[], chainIndex: number): string[] {
  let order = 0;
  for (let i = links.length - 1; i >= 0; i--) {
    const l = links[i];
    t.step++;
    order++;
    const did: ResolutionAct[] = [];
    let status: 'resolved' | 'negated' | 'no-effect' = 'resolved';
    // The continuous effects that apply as this link resolves (R64), read once for both negations.
    let active: ActiveRestriction[] | undefined;
    const card = l.inst?.card;
    const origin: EventOrigin = { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: t.point, card: l.inst };
    // A Continuous Spell/Trap applies its continuous effects from its activation's resolution on (negated: never).
    if (l.inst && l.negated !== 'activation' && l.negated !== 'effect' && t.activationsPending.delete(l.inst)) t.continuousFrom.set(l.inst, t.events.length);
    if (l.negated === 'activation') {
      status = 'negated';
      did.push({ kind: 'negated' });
      // A negated Pendulum Scale's activation sends the card to the GY as a Spell Card would, not to the Extra Deck (R67).
      const scale = !!l.stmt.toPendulumZone;
      if (l.inst && card && (card.category !== 'monster' || scale) && l.inst.zone === 'field' && l.effect?.kind === 'activation') {
        t.move(l.inst, 'gy', { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: t.point }, 'rule', { notToExtra: scale });
        did.push({ kind: 'negated-card-to-gy', card: l.inst.name });
      }
    } else if (l.negated === 'effect') {
      // R45: the effect is negated, not the activation: nothing happens, and the card stays where it is (a
      // Normal Spell/Trap still goes to the GY after the chain, R4; a Continuous one stays on the field).
      status = 'negated';
      did.push({ kind: 'effect-negated' });
    } else if (
      l.inst &&
      card &&
      card.category === 'spell' &&
      (card.spellTrapKind === 'field' || card.spellTrapKind === 'continuous') &&
      l.effect?.kind === 'trigger' &&
      l.inst.zone !== 'field'
    ) {
      // R18: a Field or Continuous Spell's trigger does nothing once the card has left the field.
      status = 'no-effect';
      did.push({ kind: 'left-the-field', card: l.inst.name });
    } else if (l.inst && staysOnField(l) && l.inst.zone !== 'field') {
      // R47: a Continuous or Equip Spell/Trap that left the field before its activation resolved applies nothing.
      status = 'no-effect';
      did.push({ kind: 'not-applied', part: 'its effect', card: l.inst.name, reason: 'card-moved', rule: 'R47' });
    } else if (l.stmt.toPendulumZone && !l.stmt.actions) {
      // A Pendulum Scale's activation does nothing more when it resolves: the card stays in the Pendulum Zone (R66).
      did.push(l.inst?.zone === 'field' ? { kind: 'pendulum-scale', card: l.inst.name } : { kind: 'does-nothing' });

    } else if ((l.negatedBy = continuousNegator((active ??= activeNow(t)), l))) {
      // R64: a continuous effect negates its effect where its card stands now (Skill Drain, a face-up monster on the
      // field; Imperial Order, a Spell on the field): the link resolves and nothing happens.
      status = 'negated';
      did.push({ kind: 'effect-negated', by: l.negatedBy.name, rule: 'R64' });
    } else if ((l.negatedBy = gyMoveNegator(t, active, l))) {
      // R64 (Necrovalley): "Negate any card effect that would move a card in the GY to a different place": the whole
      // effect, wherever its card is; its activation stands.
      status = 'negated';
      did.push({ kind: 'effect-negated', by: l.negatedBy.name, rule: 'R64' });
    } else if (l.stmt.actions) {
      did.push(...perform(t, l.stmt.actions, l, origin, false, links));
      if (did.length === 0) did.push({ kind: 'resolves' });
    } else if (l.effect?.does.length) {
      did.push(...performCardEffect(t, l, l.effect.does, origin, links));
      if (did.every((a) => a.kind === 'not-applied')) status = 'no-effect';
    } else if (l.inst && staysOnField(l) && restrictionsOf(card).length) {
      // A Continuous Spell/Trap whose activation does nothing but put its continuous effects in force (R62-R65).
      did.push({ kind: 'applies-continuously', card: l.inst.name, says: restrictionsOf(card).map(describeRestriction) });
    } else {
      did.push(l.inst?.card && l.effect ? { kind: 'effect-unknown', card: l.inst.name } : { kind: 'not-written' });
    }
    if (status === 'resolved') equipOnResolution(t, l);
    did.push(...t.ruleMoves.splice(0));
    l.resolution = { order, status, acts: did };
  }
  // R4: leftover Spells/Traps go to the GY, simultaneously with the end of CL1's resolution.
  const origin0 = links[0];
  const leftovers: string[] = [];
  for (const l of links) {
    const card = l.inst?.card;
    if (!l.inst || !card || card.category === 'monster' || l.effect?.kind !== 'activation') continue;
    const leaves = card.category === 'trap' ? card.spellTrapKind !== 'continuous' : SPELL_TRAP_LEAVES.includes(card.spellTrapKind ?? 'normal');
    if (leaves && l.inst.zone === 'field') {
      t.move(l.inst, 'gy', { kind: 'leftover', chain: chainIndex, link: origin0?.position ?? 1, range: l.stmt.range, point: t.point }, 'leftover');
      leftovers.push(l.inst.name);
    }
  }
  return leftovers;
}

/** Performs actions; returns what was done. */
function perform(t: Timeline, seq: ActionSeq, l: LinkState, origin: EventOrigin, isCost: boolean, links: LinkState[]): ResolutionAct[] {
  const did: ResolutionAct[] = [];
  const by = l.player;
  const cause = isCost ? 'cost' : 'effect';
  seq.groups.forEach((group, gi) => {
    if (gi > 0) t.step++;
    for (const a of group) {
      did.push(...performOne(t, a, l, origin, cause, by, links));
      did.push(...t.ruleMoves.splice(0));
    }
  });
  return did;
}

/** The copies a card set names: its references, or the cards on the field it describes (`all monsters`, of a player or not). */
function cardsOf(t: Timeline, cs: CardSet): CardInstance[] {
  if (cs.kind === 'refs') return t.instances(cs.refs);
  if (cs.kind === 'count') return [];
  const owner = cs.owner ? t.playerIndex(cs.owner.text) : undefined;
  return t.names.names.instances.filter((c) => {
    if (c.zone !== 'field') return false;
    if (owner !== undefined && c.controller !== owner) return false;
    const cat = c.card?.category;
    // A monster equipped to another is an Equip Spell while it is (R73), and a Token is a monster.
    if (cs.what === 'monsters') return !c.equippedTo && (cat === 'monster' || c.token || (!cat && !c.faceDown));
    if (cs.what === 'spells-and-traps' && c.equippedTo) return true;
    if (cs.what === 'spells-and-traps') return cat === 'spell' || cat === 'trap';
    return true;
  });
}

/** One action of an effect or a cost: the cards it moves, and what it did or could not do (a card no longer there). */
function performOne(t: Timeline, a: Action, l: LinkState, origin: EventOrigin, cause: 'cost' | 'effect', by: PlayerIndex | undefined, links: LinkState[]): ResolutionAct[] {
  const did: ResolutionAct[] = [];
  const names = (cs: CardInstance[]) => cs.map((c) => c.name);
  // Whose each card is, where both players have a card of one of those names (said in the resolution).
  const named = (cs: CardInstance[]) => (cs.some((c) => t.bothPlayersHave(c)) ? { cards: names(cs), owners: cs.map((c) => t.players[c.owner]) } : { cards: names(cs) });
  if ('cards' in a && !Array.isArray(a.cards) && a.cards?.kind === 'count') return performCounted(t, a, a.cards, by);
  // R65: a card unaffected by this effect is not affected by it (a cost is no effect: it applies).
  const affected = (cs: CardInstance[], verb: string) => (cause === 'effect' ? exceptUnaffected(l, cs, verb, undefined, did) : cs);
  switch (a.kind) {
    case 'destroy': {
      const named0 = cardsOf(t, a.cards);
      const cs = affected(named0, 'destroy');
      // The monster of a negated Summon is destroyed where it was: it never reached the field (R51).
      const reached = (c: CardInstance) => c.zone === 'field' || t.isBeingSummoned(c);
      const on = cs.filter(reached);
      const off = cs.filter((c) => !reached(c));
      for (const c of on) t.move(c, 'gy', origin, cause, { destroyed: true, by });
      if (on.length) did.push({ kind: 'destroys', ...named(on) });
      if (off.length) did.push({ kind: 'cannot-destroy', ...named(off) });
      if (!named0.length) did.push({ kind: 'destroys-nothing' });
      break;
    }
    case 'send-to-gy':
    case 'discard':
    case 'tribute': {
      const cs = a.kind === 'send-to-gy' ? affected(cardsOf(t, a.cards), 'send to the GY') : cardsOf(t, a.cards);
      for (const c of cs) {
        t.move(c, 'gy', origin, a.kind === 'tribute' && cause === 'effect' ? 'effect' : cause, {
          discarded: a.kind === 'discard',
          tributed: a.kind === 'tribute',
          by,
        });
      }
      const verb = a.kind === 'discard' ? 'discards' : a.kind === 'tribute' ? 'tributes' : 'sends-to-gy';
      if (cs.length) did.push({ kind: verb, ...named(cs) });
      break;
    }
    case 'banish': {
      const cs = affected(cardsOf(t, a.cards), 'banish');
      for (const c of cs) t.move(c, 'banished', origin, cause, { by });
      if (cs.length) did.push({ kind: 'banishes', ...named(cs) });
      break;
    }
    case 'return': {
      const cs = affected(cardsOf(t, a.cards), 'return');
      // A Fusion, Synchro, Xyz or Link Monster returned to the hand or the Deck goes to the Extra Deck instead.
      const extra = cs.filter((c) => c.card?.extraDeck);
      const rest = cs.filter((c) => !c.card?.extraDeck);
      for (const c of rest) t.move(c, a.to, origin, cause, { by });
      for (const c of extra) t.move(c, 'extra', origin, cause, { by });
      if (rest.length) did.push({ kind: 'returns', ...named(rest), to: a.to });
      if (extra.length) did.push({ kind: 'returns', ...named(extra), to: 'extra' });
      break;
    }
    case 'special-summon': {
      if (cause === 'effect' && summonLocked(t, l, 'special summon', 'special-summon', did)) break;
      const cs = cardsOf(t, a.cards);
      const ok: CardInstance[] = [];
      for (const c of cs) {
        if (c.zone === 'field') {
          did.push({ kind: 'cannot-special-summon', card: c.name, on: 'field' });
          continue;
        }
        if (c.token && c.zone === 'gone' && t.movesByCard.has(c)) {
          // A Token that left the field no longer exists: nothing can Summon it again (R70).
          did.push({ kind: 'not-applied', part: 'special summon', verb: 'special-summon', card: c.name, reason: 'token', rule: 'R70' });
          continue;
        }
        if (a.from && c.zone !== a.from && !c.implied) {
          did.push({ kind: 'cannot-special-summon', card: c.name, from: a.from, zone: c.zone });
          continue;
        }
        const from = c.zone;
        if (c.summonNegated && (from === 'gy' || from === 'banished')) l.revivedUnsummoned.push(c);
        c.summonNegated = false;
        t.move(c, 'field', origin, 'effect', { by });
        if (by !== undefined) c.controller = by;
        c.faceDown = false;
        t.emit({ kind: 'summon', step: t.step, origin, card: c, summonType: 'special', from, player: by ?? c.owner });
        ok.push(c);
      }
      if (ok.length) did.push({ kind: 'special-summons', ...named(ok) });
      break;
    }
    case 'add-to-hand': {
      const cs = cardsOf(t, a.cards);
      for (const c of cs) t.move(c, 'hand', origin, cause, { by });
      if (cs.length) did.push({ kind: 'adds-to-hand', ...named(cs) });
      break;
    }
    case 'draw': {
      const cs = a.cards ? t.instances(a.cards) : [];
      for (const c of cs) t.move(c, 'hand', origin, 'draw', { by });
      if (!a.cards && by !== undefined) {
        // `draw 2`: two cards the scenario does not name leave the Deck for the hand (R71).
        const { short } = t.moveUnnamed(by, 'deck', 'hand', a.count);
        if (short !== undefined) did.push({ kind: 'not-applied', part: `draw ${a.count}`, verb: 'draw', reason: 'fewer-cards', at: String(short), where: 'deck', rule: 'R71' });
        if (short !== 0) did.push({ kind: 'draws', count: short ?? a.count });
        break;
      }
      did.push(a.cards ? { kind: 'draws', count: a.count, cards: names(cs) } : { kind: 'draws', count: a.count });
      break;
    }
    case 'set': {
      const cs = cardsOf(t, a.cards).filter((c) => c.zone !== 'field');
      for (const c of cs) {
        t.move(c, 'field', origin, 'set', { by });
        c.faceDown = true;
        if (by !== undefined) c.controller = by;
      }
      if (cs.length) did.push({ kind: 'sets', ...named(cs) });
      break;
    }
    case 'place-in-pendulum-zone': {
      // Placed by the effect: the card is not activated, so nothing can answer its activation (R66). It needs a free
      // Pendulum Zone (R76): with both of its player's taken, it is not placed.
      const cs: CardInstance[] = [];
      for (const c of cardsOf(t, a.cards).filter((x) => x.zone !== 'field')) {
        const player = by ?? c.owner;
        if (t.names.names.instances.filter((x) => x.zone === 'field' && x.pendulumZone && x.controller === player).length >= 2) {
          did.push({ kind: 'not-applied', part: 'place in pendulum zone', card: c.name, reason: 'no-free-zone', at: t.players[player], rule: 'R76' });
          continue;
        }
        t.move(c, 'field', origin, 'effect', { by });
        c.faceDown = false;
        c.pendulumZone = true;
        if (by !== undefined) c.controller = by;
        cs.push(c);
      }
      if (cs.length) did.push({ kind: 'places-in-pendulum-zone', ...named(cs) });
      break;
    }
    case 'material-summon': {
      const card = t.names.resolved.get(a.card);
      if (!card || by === undefined) break;
      const materials = t.instances(a.materials);
      if (t.summonWithMaterials(a.method, card, materials, by, origin, 'effect')) {
        did.push({ kind: 'summons-with-materials', method: a.method, card: card.name, materials: names(materials) });
      } else {
        did.push({ kind: 'cannot-special-summon', card: card.name, on: 'field' });
      }
      break;
    }
    case 'negate': {
      const target = links.find((x) => x.position === a.link.value);
      if (!target) {
        did.push({ kind: 'cannot-negate', link: a.link.value, reason: 'no-such-link' });
      } else if (target.position >= l.position) {
        did.push({ kind: 'cannot-negate', link: target.position, reason: 'already-resolved' });
      } else {
        target.negated = 'activation';
        did.push({ kind: 'negates', link: target.position, card: target.inst?.name ?? '?' });
      }
      break;
    }
    case 'negate-summon': {
      // The Summon the chain answers (R50): it is negated once this link resolves; settleSummon does the rest.
      const pending = t.pendingSummon;
      if (pending && !pending.negated) {
        pending.negated = true;
        did.push({ kind: 'negates-summon', card: pending.event.card.name });
      } else {
        did.push({ kind: 'cannot-negate-summon' });
      }
      break;
    }
    case 'damage': {
      const p = t.playerIndex(a.player.text);
      if (p !== undefined) t.emit({ kind: 'damage', step: t.step, origin, player: p, amount: a.amount, battle: false, source: l.inst });
      did.push({ kind: 'damage', player: a.player.text, amount: a.amount });
      break;
    }
    case 'pay-lp':
      did.push({ kind: 'pays-lp', amount: a.amount });
      break;
    case 'change-position': {
      // A Token cannot be face-down (R70): turning it face-down is not applied to it.
      const tokens = a.face === 'down' ? cardsOf(t, a.cards).filter((c) => c.zone === 'field' && c.token) : [];
      const cs = affected(cardsOf(t, a.cards).filter((c) => c.zone === 'field' && !tokens.includes(c)), 'change the battle position');
      const gone = cardsOf(t, a.cards).filter((c) => c.zone !== 'field');
      for (const c of tokens) did.push({ kind: 'not-applied', part: 'change to face-down defense position', verb: 'change-position', card: c.name, reason: 'token', rule: 'R70' });
      for (const c of cs) {
        // Face-down Defense Position (Book of Moon) turns it face-down; any other change leaves it face-up (R56).
        const faceDown = a.face === 'down';
        const flipped = c.faceDown && !faceDown;
        c.faceDown = faceDown;
        t.emit({ kind: 'position', step: t.step, origin, card: c, position: a.position, flipped });
        // An Equip Card cannot stay on a face-down monster (R73).
        if (faceDown) t.dropEquips(c, origin);
      }
      if (cs.length) did.push({ kind: 'changes-position', ...named(cs), position: a.face === 'down' ? 'face-down defense' : a.position });
      if (gone.length) did.push({ kind: 'cannot-change-position', ...named(gone) });
      break;
    }
    case 'equip': {
      const c = t.names.resolved.get(a.card);
      const to = t.names.resolved.get(a.to);
      if (c && to && to.zone === 'field') {
        if (c.zone !== 'field') t.move(c, 'field', origin, 'effect', { by });
        if (by !== undefined) c.controller = by;
        t.equip(c, to);
        did.push({ kind: 'equips', card: c.name, to: to.name });
      } else if (to && to.zone !== 'field') {
        did.push({ kind: 'cannot-equip', to: to.name });
      }
      break;
    }
    case 'take-control': {
      // R72: the link's player controls the cards on the field now; the End Phase gives back what was taken until then.
      const cs = cardsOf(t, a.cards).filter((c) => c.zone === 'field');
      for (const c of cs) {
        if (by !== undefined) c.controller = by;
        c.controlUntilEnd = a.untilEnd || undefined;
      }
      if (cs.length) did.push({ kind: 'takes-control', ...named(cs), untilEnd: a.untilEnd });
      break;
    }
    case 'end-battle-phase':
      // The Battle Phase ends once the chain has resolved; what matters here is that it is a step of
      // the effect, so a "then end the Battle Phase" makes the earlier part not the last thing (R20c).
      t.emit({ kind: 'phase', step: t.step, origin, phase: 'end-of-battle' });
      did.push({ kind: 'ends-battle-phase' });
      break;
    case 'nothing':
      did.push({ kind: 'does-nothing' });
      break;
  }
  return did;
}

/** Where a counted action puts the cards it takes, and its verb (R71). */
const COUNTED: Partial<Record<Action['kind'], { to: Zone; verb: CountedVerb; from: Zone; words: string }>> = {
  banish: { to: 'banished', verb: 'banishes', from: 'hand', words: 'banish' },
  discard: { to: 'gy', verb: 'discards', from: 'hand', words: 'discard' },
  'send-to-gy': { to: 'gy', verb: 'sends-to-gy', from: 'hand', words: 'send to the GY' },
  return: { to: 'deck', verb: 'returns', from: 'hand', words: 'return' },
  'add-to-hand': { to: 'hand', verb: 'adds-to-hand', from: 'deck', words: 'add' },
};

/**
 * `banish 10 cards from deck face-down`, `discard 1 card`: cards the scenario does not name, counted (R71). Where the
 * board states how many the zone holds, as many as there are move, and a shortfall is said; elsewhere the count is
 * taken as written.
 */
function performCounted(t: Timeline, a: Action, cs: Extract<CardSet, { kind: 'count' }>, by: PlayerIndex | undefined): ResolutionAct[] {
  const how = COUNTED[a.kind];
  const whose = cs.owner ? t.playerIndex(cs.owner.text) : by;
  if (!how || whose === undefined) return [];
  const from = cs.from ?? how.from;
  const to = a.kind === 'return' ? a.to : a.kind === 'add-to-hand' ? 'hand' : how.to;
  const { left, short } = t.moveUnnamed(whose, from, to, cs.count);
  const did: ResolutionAct[] = [{ kind: 'counted', verb: how.verb, count: short ?? cs.count, from, player: t.players[whose], faceDown: cs.faceDown || undefined, left }];
  if (short !== undefined) did.push({ kind: 'not-applied', part: `${how.words} ${cs.count} card${cs.count === 1 ? '' : 's'}`, reason: 'fewer-cards', at: String(short), where: from, rule: 'R71' });
  return did;
}
