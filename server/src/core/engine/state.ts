// The game state the engine simulates: card copies, where they are, and the events that moved
// them. Events carry a `step`: things with the same step happened at the same time, which is what
// "the last thing that happened" (R19) is measured in.
import { SpecialSummonKind, Zone } from '../syntax/ast';
import { CardInfo, SummonType } from '../cards/model';
import { Range } from '../text';
import { zoneLabel } from '../labels';
import { DistOmit, KeysOfUnion } from '../layout';

export type PlayerIndex = 0 | 1;

export interface CardInstance {
  id: number;
  name: string;
  card?: CardInfo;
  owner: PlayerIndex;
  controller: PlayerIndex;
  zone: Zone;
  faceDown: boolean;
  label?: string;
  /** Where the scenario placed it (board line), if it did. */
  placedAt?: Range;
  /** True when the starting zone was deduced from the first action that uses the card. */
  implied: boolean;
  /**
   * Its Summon was negated (R51): it was never properly Summoned, so its "if Summoned" effects did not
   * activate and, where it must be Special Summoned properly first, no effect can revive it.
   */
  summonNegated: boolean;
  /** On the field in a Pendulum Zone (a board line `pendulum zone:`, a Pendulum Scale's activation, a placement): R66. */
  pendulumZone: boolean;
  /** The Xyz Monster it is attached to as material, while it is (R68: "has this card as material"). */
  attachedTo: CardInstance | undefined;
  /** The monster that was Summoned using it as material (R68: "was Summoned using this card as material"). */
  materialFor: CardInstance | undefined;
  /** A Monster Token (R70): it exists only on the field, and leaving it ends it (its zone is then `gone`). */
  token?: boolean;
  /** The monster this Equip Card is equipped to (R73): it goes to the GY when that monster leaves or turns face-down. */
  equippedTo?: CardInstance;
  /** Control taken "until the End Phase" (R72): it returns to its owner when the scenario reaches the End Phase. */
  controlUntilEnd?: boolean;
}

/** `set`: a card Set by its controller (a game action), which is no Summon and which a Trap cannot be activated on (R34). */
export type EventCause = 'battle' | 'effect' | 'cost' | 'material' | 'procedure' | 'set' | 'rule' | 'leftover' | 'activation' | 'draw';

/** Where an event came from, so diagnostics can point at the link or action that caused it. */
export type EventOrigin =
  | { kind: 'action'; range: Range; point: number }
  | { kind: 'cost' | 'activation' | 'resolution' | 'leftover'; chain: number; link: number; range: Range; point: number; card?: CardInstance };

export interface BaseEvent {
  id: number;
  step: number;
  origin: EventOrigin;
  /** The phase the event happened in (for `except during the draw phase`); set by the timeline. */
  inPhase?: string;
}

export type GameEvent = BaseEvent &
  (
    | {
        kind: 'move';
        card: CardInstance;
        from: Zone;
        to: Zone;
        cause: EventCause;
        destroyed?: boolean;
        discarded?: boolean;
        tributed?: boolean;
        /** Controller of the card before it moved (for "a monster you control is destroyed"). */
        controllerBefore: PlayerIndex;
        faceUpBefore: boolean;
        by?: PlayerIndex;
        /** For a battle destruction: the monster it battled (from the last attack declaration). */
        battleWith?: CardInstance;
        /** For a battle destruction: whether the monster it battled was the attacker (undefined: no attack shown). */
        battleWithAttacked?: boolean;
      }
    /** `method`: a Summon with materials (Link, Xyz, ...), a Special Summon of that kind. */
    /**
     * `method`: a Summon with materials (Link, Xyz, ...), a Special Summon of that kind. `attempt`: the moment
     * the monster would be Summoned, answered by a chain that negates the Summon (R50): only "when a monster
     * would be Summoned" responders match it; the Summon itself is a later event, if it was not negated.
     */
    | {
        kind: 'summon';
        card: CardInstance;
        summonType: SummonType;
        from: Zone;
        player: PlayerIndex;
        method?: SpecialSummonKind;
        attempt?: boolean;
        /** Special Summoned face-down (an effect's `special summon ... in face-down defense`): no "face-up" Summon. */
        faceDown?: boolean;
      }
    | { kind: 'attack'; attacker: CardInstance; target?: CardInstance; player: PlayerIndex }
    | { kind: 'activation'; chain: number; link: number; player: PlayerIndex; card: CardInstance }
    | {
        kind: 'damage';
        player: PlayerIndex;
        amount: number;
        battle: boolean;
        /**
         * The card that inflicted it ("when this card inflicts battle damage"): for battle damage the monster of
         * the last attack on the other side of the damaged player, for effect damage the card of the link.
         * Undefined when the scenario does not show it (no attack written): matching then assumes.
         */
        source?: CardInstance;
        /**
         * Battle damage of an attack that had no target (a direct attack: Wattcobra, Sebek's Blessing); false for an
         * attack on a monster; undefined where the scenario shows no attack.
         */
        direct?: boolean;
      }
    | { kind: 'phase'; phase: string }
    | { kind: 'position'; card: CardInstance; position: 'attack' | 'defense'; flipped: boolean }
  );

/** A zone in words (labels.ts). */
export function zoneWord(z: Zone): string {
  return zoneLabel(z);
}

export type { DistOmit } from '../layout';

/**
 * An event with every field of every kind of event (undefined where its kind has none), in one order:
 * all events then share one object layout, and the checks that scan the events (trigger collection,
 * R10, R19-R23, the narrative) read them with monomorphic property loads instead of megamorphic ones.
 */
export function uniformEvent(id: number, e: DistOmit<GameEvent, 'id'>): GameEvent {
  // Typed with every key of every kind: an event field added later and left out here fails to compile.
  const ev: Record<KeysOfUnion<GameEvent>, unknown> = {
    id,
    kind: e.kind,
    step: e.step,
    origin: e.origin,
    card: undefined,
    from: undefined,
    to: undefined,
    cause: undefined,
    destroyed: undefined,
    discarded: undefined,
    tributed: undefined,
    controllerBefore: undefined,
    faceUpBefore: undefined,
    by: undefined,
    battleWith: undefined,
    battleWithAttacked: undefined,
    summonType: undefined,
    method: undefined,
    attempt: undefined,
    faceDown: undefined,
    player: undefined,
    attacker: undefined,
    target: undefined,
    chain: undefined,
    link: undefined,
    amount: undefined,
    battle: undefined,
    source: undefined,
    direct: undefined,
    phase: undefined,
    position: undefined,
    flipped: undefined,
    inPhase: undefined,
  };
  return Object.assign(ev, e) as unknown as GameEvent;
}
