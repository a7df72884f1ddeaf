// Matching the events of the game against the event phrases of card definitions. Three answers:
// yes, no, or "assumed" when the phrase or the card data leaves it open (then the engine accepts
// the write-up's claim and says what it assumed).
import { CardFilter, EventPattern } from '../cards/model';
import { CardInstance, GameEvent, PlayerIndex } from './state';

export type Tri = 'yes' | 'no' | 'assumed';

export function and3(a: Tri, b: Tri): Tri {
  if (a === 'no' || b === 'no') return 'no';
  if (a === 'assumed' || b === 'assumed') return 'assumed';
  return 'yes';
}

function fromBool(b: boolean): Tri {
  return b ? 'yes' : 'no';
}

/** Does this card copy pass the filter? `you` is the effect's controller. */
export function filterMatches(f: CardFilter, c: CardInstance, you: PlayerIndex, controllerOverride?: PlayerIndex, self?: CardInstance): Tri {
  let r: Tri = 'yes';
  const card = c.card;
  // `other than this card`: the effect's own card never fits (its copies do: another instance).
  if (f.other && self && c === self) return 'no';
  if (f.category && f.category !== 'card') {
    if (!card) r = and3(r, 'assumed');
    else r = and3(r, fromBool(f.category === 'spell-trap' ? card.category !== 'monster' : card.category === f.category));
  }
  if (f.races?.length) {
    if (!card || card.races.length === 0) r = and3(r, 'assumed');
    else r = and3(r, fromBool(f.races.some((x) => card.races.includes(x))));
  }
  if (f.attributes?.length) {
    if (!card || card.attributes.length === 0) r = and3(r, 'assumed');
    else r = and3(r, fromBool(f.attributes.some((x) => card.attributes.includes(x))));
  }
  if (f.levelMax !== undefined || f.levelMin !== undefined) {
    // An Xyz or Link Monster has no Level (a Rank, a Link Rating): a Level filter never takes it.
    if (card && card.level === undefined && (card.rank !== undefined || card.link !== undefined || card.cardType === 'xyz monster' || card.cardType === 'link monster')) r = and3(r, 'no');
    else if (!card || card.level === undefined) r = and3(r, 'assumed');
    else {
      if (f.levelMax !== undefined) r = and3(r, fromBool(card.level <= f.levelMax));
      if (f.levelMin !== undefined) r = and3(r, fromBool(card.level >= f.levelMin));
    }
  }
  if (f.atkMax !== undefined || f.atkMin !== undefined) {
    if (!card || card.atk === undefined) r = and3(r, 'assumed');
    else {
      if (f.atkMax !== undefined) r = and3(r, fromBool(card.atk <= f.atkMax));
      if (f.atkMin !== undefined) r = and3(r, fromBool(card.atk >= f.atkMin));
    }
  }
  if (f.archetypes?.length) {
    // A card of the archetype is one its source lists as such: where the list exists, it alone decides (a name that
    // merely contains the archetype's, "Heroic Challenger" for "HERO", is not a member). Where no list exists, the
    // answer is not known: archetypeByNameOnly names it, and the rules say the verdict rests on it.
    if (!card || card.archetypes === undefined) r = and3(r, 'assumed');
    else r = and3(r, fromBool(f.archetypes.some((a) => card.archetypes!.some((x) => x.toLowerCase() === a.toLowerCase()))));
  }
  if (f.types?.length) {
    // The card's type (`link monster`) or one of its abilities (`tuner`, `pendulum`).
    if (!card) r = and3(r, 'assumed');
    else r = and3(r, fromBool(f.types.some((t) => card.cardType === `${t} monster` || card.abilities.includes(t))));
  }
  if (f.controller) {
    const ctl = controllerOverride ?? (c.zone === 'field' ? c.controller : c.owner);
    r = and3(r, fromBool(f.controller === 'you' ? ctl === you : ctl !== you));
  }
  if (f.unknown?.length) r = and3(r, 'assumed');
  return r;
}

/**
 * Where an event's card meets an archetype qualifier only on a guess: the library lists no archetypes for the card,
 * so the pattern's archetype (`a "HERO" monster`) is not known to take it. Its name may contain the archetype's
 * (case-sensitively: "Elemental HERO Sparkman" for "HERO"), which is said, but never settles it.
 */
export function archetypeByNameOnly(pattern: EventPattern, event: GameEvent): { card: string; archetypes: string[]; inName: boolean } | undefined {
  // "Is targeted for an attack" (D - Counter): the attack's target and its filter.
  if (pattern.kind === 'attack' && pattern.target?.archetypes?.length && event.kind === 'attack') return byNameOnly(pattern.target.archetypes, event.target);
  if (pattern.kind !== 'card' || pattern.subject === 'self' || !pattern.subject.archetypes?.length) return undefined;
  const inst = event.kind === 'move' || event.kind === 'summon' ? event.card : event.kind === 'attack' ? event.target ?? event.attacker : undefined;
  return byNameOnly(pattern.subject.archetypes, inst);
}

function byNameOnly(archetypes: string[], inst: CardInstance | undefined): { card: string; archetypes: string[]; inName: boolean } | undefined {
  const card = inst?.card;
  if (!card || card.archetypes !== undefined) return undefined;
  return { card: card.name, archetypes, inName: archetypes.some((a) => card.name.includes(a)) };
}

/** The card whose link caused an event (undefined for game actions). */
function originCard(event: GameEvent): CardInstance | undefined {
  return event.origin.kind === 'action' ? undefined : event.origin.card;
}

/** Whether the monster Summoned using `c` as material was Summoned by one of `methods` (its card type says it). */
function materialFor(c: CardInstance, methods: readonly string[]): Tri {
  const summoned = c.materialFor?.card;
  if (!summoned) return 'assumed';
  return fromBool(methods.some((m) => summoned.cardType === `${m} monster`));
}

/** "By a direct attack": battle damage of an attack with no target; where the scenario shows no attack, assumed. */
function directAttack(event: Extract<GameEvent, { kind: 'damage' }>): Tri {
  if (!event.battle) return 'no';
  return event.direct === undefined ? 'assumed' : fromBool(event.direct);
}

/**
 * `attacks and destroys an opponent's monster by battle` (Enlightenment): the destroyer was the attacker (the monster
 * destroyed was the attack's target), the monster destroyed was the opponent's; where the scenario shows no attack,
 * who attacked is assumed.
 */
function battleDetails(pattern: Extract<EventPattern, { kind: 'card' }>, event: Extract<GameEvent, { kind: 'move' }>, you: PlayerIndex): Tri {
  let r: Tri = 'yes';
  if (pattern.opponentsMonster) r = and3(r, fromBool(event.controllerBefore !== you));
  if (pattern.attacker) r = and3(r, event.battleWithAttacked === undefined ? 'assumed' : fromBool(event.battleWithAttacked));
  // `... and sends it to gy`: the monster destroyed went to the GY (not banished, not to the Extra Deck).
  if (pattern.toGy) r = and3(r, fromBool(event.to === 'gy'));
  return r;
}

function actorMatches(actor: 'you' | 'opponent' | 'any' | undefined, player: PlayerIndex, you: PlayerIndex): Tri {
  if (!actor || actor === 'any') return 'yes';
  return fromBool(actor === 'you' ? player === you : player !== you);
}

/**
 * Does `event` meet the condition `pattern` of an effect of `self`, controlled by `you`?
 * Activation patterns are matched elsewhere (they answer links, not events).
 */
export function eventMatches(pattern: EventPattern, event: GameEvent, self: CardInstance, you: PlayerIndex): Tri {
  // `sent to gy or banished`: the best of its events (one effect on either).
  if (pattern.kind === 'card' && pattern.or?.length) {
    const results = [{ ...pattern, or: undefined }, ...pattern.or].map((p) => eventMatches(p, event, self, you));
    return results.includes('yes') ? 'yes' : results.includes('assumed') ? 'assumed' : 'no';
  }
  const extra: Tri = pattern.unknown.length ? 'assumed' : 'yes';
  // `except during the draw phase`: the phase the event happened in (as the scenario states it, else its default).
  if (pattern.kind === 'card' && pattern.notInPhases && event.inPhase && pattern.notInPhases.includes(event.inPhase as never)) return 'no';
  switch (pattern.kind) {
    case 'unknown':
    case 'activation':
      return 'no';
    case 'damage': {
      if (event.kind !== 'damage') return 'no';
      let r = pattern.who === 'any' ? 'yes' : fromBool(pattern.who === 'you' ? event.player === you : event.player !== you);
      if (pattern.battle) r = and3(r, fromBool(event.battle));
      if (pattern.direct) r = and3(r, directAttack(event));
      return and3(r, extra);
    }
    case 'attack': {
      if (event.kind !== 'attack') return 'no';
      let r = actorMatches(pattern.actor, event.player, you);
      if (pattern.direct) r = and3(r, fromBool(!event.target));
      // "Is targeted for an attack": the attack's target passes the filter (a direct attack has none).
      if (pattern.target) r = and3(r, event.target ? filterMatches(pattern.target, event.target, you) : 'no');
      // "second direct attack": earlier attacks of the turn may be off the page; assume it.
      if (pattern.ordinal) r = and3(r, 'assumed');
      // "the monster with the highest ATK": the board decides (responders.ts reads it); the event alone cannot.
      if (pattern.highestAtk) r = and3(r, 'assumed');
      return and3(r, extra);
    }
    case 'card': {
      const subjectOk = (c: CardInstance, controllerBefore?: PlayerIndex): Tri =>
        pattern.subject === 'self' ? fromBool(c === self) : filterMatches(pattern.subject, c, you, controllerBefore, self);
      let r: Tri;
      switch (pattern.verb) {
        case 'summoned': {
          if (event.kind !== 'summon') return 'no';
          // A Summon at the moment it would happen (R50) has not happened yet: only "would be Summoned" answers it.
          if (event.attempt && !pattern.attempt) return 'no';
          // And "would be Summoned" answers only that moment: a Summon that has happened can no longer be negated (R52).
          if (pattern.attempt && !event.attempt) return 'no';
          r = subjectOk(event.card, event.player);
          if (pattern.summonTypes) r = and3(r, fromBool(pattern.summonTypes.includes(event.summonType)));
          if (pattern.methods) r = and3(r, fromBool(!!event.method && pattern.methods.includes(event.method)));
          if (pattern.from) r = and3(r, fromBool(event.from === pattern.from));
          // "Special Summons a monster(s) face-up" (Ghost Mourner): not a monster Special Summoned face-down.
          if (pattern.subject !== 'self' && pattern.subject.faceUp !== undefined) r = and3(r, fromBool(!event.faceDown === pattern.subject.faceUp));
          if (pattern.actor) r = and3(r, actorMatches(pattern.actor, event.player, you));
          if (pattern.byOwnEffect) r = and3(r, fromBool('link' in event.origin && originCard(event) === event.card));
          // "If Summoned this way" (by its own procedure): a Summon the scenario writes as a game action (`Yugi special
          // summons "Archlord Kristya"`), no Summon with materials; a Summon by an effect's resolution is not.
          if (pattern.byOwnProcedure) r = and3(r, fromBool(event.origin.kind === 'action' && !event.method));
          break;
        }
        case 'flipped': {
          if (event.kind === 'summon' && event.summonType === 'flip' && !event.attempt) r = subjectOk(event.card);
          else if (event.kind === 'position' && event.flipped) r = subjectOk(event.card);
          else return 'no';
          break;
        }
        case 'attacked': {
          if (event.kind !== 'attack' || !event.target) return 'no';
          r = subjectOk(event.target);
          break;
        }
        case 'declares-attack': {
          if (event.kind !== 'attack') return 'no';
          r = subjectOk(event.attacker);
          break;
        }
        case 'destroys-by-battle': {
          if (event.kind !== 'move' || event.cause !== 'battle' || !event.destroyed) return 'no';
          // "If a Spellcaster monster you control destroyed a monster by battle": the monster it battled passes the filter.
          if (pattern.subject !== 'self') {
            r = and3(event.battleWith ? subjectOk(event.battleWith) : 'assumed', battleDetails(pattern, event, you));
            break;
          }
          r = event.battleWith ? fromBool(event.battleWith === self) : 'assumed';
          if (event.card === self) return 'no';
          r = and3(r, battleDetails(pattern, event, you));
          break;
        }
        case 'inflicts-damage': {
          // Only the damage itself: an attack declaration is never taken for the damage it may lead to (the
          // damage a scenario does not write is assumed where a link claims it, eligibility.ts).
          if (event.kind !== 'damage') return 'no';
          if (pattern.by === 'battle' && !event.battle) return 'no';
          r = event.source ? subjectOk(event.source) : 'assumed';
          if (pattern.direct) r = and3(r, directAttack(event));
          break;
        }
        case 'battles': {
          if (event.kind !== 'attack') return 'no';
          // `battles an opponent's monster` (Honest, its ATK gain is that monster's): a direct attack has none.
          if (pattern.opponentsMonster && !event.target) return 'no';
          r = event.target ? (subjectOk(event.attacker) === 'no' ? subjectOk(event.target) : subjectOk(event.attacker)) : subjectOk(event.attacker);
          break;
        }
        default: {
          if (event.kind !== 'move') return 'no';
          r = subjectOk(event.card, event.controllerBefore);
          if (pattern.subject !== 'self' && pattern.subject.faceUp !== undefined) r = and3(r, fromBool(event.faceUpBefore === pattern.subject.faceUp));
          switch (pattern.verb) {
            case 'sent-to-gy':
              r = and3(r, fromBool(event.to === 'gy'));
              // "to your GY": the card goes to its owner's GY, so it is one `you` own (whoever controlled it).
              if (pattern.whoseGy) r = and3(r, fromBool((event.card.owner === you) === (pattern.whoseGy === 'you')));
              break;
            case 'destroyed':
              r = and3(r, fromBool(!!event.destroyed));
              if (pattern.toGy) r = and3(r, fromBool(event.to === 'gy'));
              break;
            case 'discarded':
              r = and3(r, fromBool(!!event.discarded));
              break;
            case 'tributed':
              r = and3(r, fromBool(!!event.tributed));
              break;
            case 'banished':
              r = and3(r, fromBool(event.to === 'banished'));
              break;
            case 'added-to-hand':
              r = and3(r, fromBool(event.to === 'hand' && event.from !== 'field'));
              break;
            case 'returned-to-hand':
              r = and3(r, fromBool(event.to === 'hand' && event.from === 'field'));
              break;
            case 'leaves-field':
              // A monster that becomes an Xyz Material is no longer a card on the field, but it does not "leave
              // the field" (TCG Rulebook 8.0, 2021 Rules Update; OCG alike): R20 (d). Returned to the Extra Deck
              // it does.
              r = and3(r, fromBool(event.from === 'field' && event.to !== 'overlay'));
              break;
            case 'material':
              r = and3(r, fromBool(event.cause === 'material'));
              // `used as synchro material`: the monster Summoned with it is of that kind (not written: assumed).
              if (pattern.methods?.length) r = and3(r, materialFor(event.card, pattern.methods));
              break;
            case 'drawn':
              r = and3(r, fromBool(event.cause === 'draw'));
              break;
            case 'returned-to-extra':
              r = and3(r, fromBool(event.to === 'extra'));
              break;
          }
          if (pattern.from) r = and3(r, fromBool(event.from === pattern.from));
          if (pattern.by === 'battle') r = and3(r, fromBool(event.cause === 'battle'));
          // "By a card effect": by the resolution of an effect; a cost is paid, not done by the effect (Tearlaments).
          if (pattern.by === 'effect') r = and3(r, fromBool(event.cause === 'effect'));
          if (pattern.asCost) r = and3(r, fromBool(event.cause === 'cost'));
          if (pattern.actor && event.by !== undefined) r = and3(r, actorMatches(pattern.actor, event.by, you));
          // `this card you control is destroyed`: its controller when it moved.
          if (pattern.controlledBy && pattern.subject === 'self') r = and3(r, fromBool(pattern.controlledBy === 'you' ? event.controllerBefore === you : event.controllerBefore !== you));
        }
      }
      return and3(r, extra);
    }
  }
}
