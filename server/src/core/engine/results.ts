// What the engine tells about a scenario: per chain, per link, the verdict, the legal orders and
// the resolution. This is the data behind hovers, inlay hints, the preview, `explain` and `render`.
import { ActionVerb, PartCondition, SummonType } from '../cards/model';
import { Diagnostic } from '../diagnostics';
import { SpecialSummonKind, SummonMethod, Zone } from '../syntax/ast';
import { Range } from '../text';
import { Ruleset } from './rulesets';

/** SEGOC categories (R11): 1 TP mandatory, 2 NTP mandatory, 3 TP optional, 4 NTP optional. */
export type Category = 1 | 2 | 3 | 4;

/** The words for each category (labels.ts). */
export { CATEGORY_LABELS } from '../labels';

export type LinkRole =
  | 'batch-trigger' // member of the SEGOC trigger batch
  | 'hand-trigger' // OCG hand trigger at fast-effect priority (R28)
  | 'phase-trigger'
  | 'responder' // "when ... is activated" effect (R29/R31)
  | 'fast' // quick effect, quick-play spell, trap
  | 'slow'; // Spell Speed 1 activation that is not a batch trigger

// Results are data; the sentences beside them (`did`, `answers`, `collected`, `resolution`,
// `afterChain`) are made from these records by engine/narrative.ts, for consumers that show text.

/**
 * One thing a link did when it resolved, or why it did nothing (card names as the scenario knows them).
 * `owners`: whose each of `cards` is, given when both players have a card of one of those names (the words
 * then say whose: `destroys Kaiba's "Sangan"`).
 */
export type ResolutionAct =
  | { kind: 'negated' } // its activation was negated
  | { kind: 'negated-card-to-gy'; card: string } // the negated Spell/Trap goes to the GY
  | { kind: 'left-the-field'; card: string } // R18: a Field or Continuous Spell's trigger, its card gone
  | { kind: 'resolves' } // actions written, none of them did anything
  | { kind: 'not-written' } // no actions written, and no effect of its card known here
  | { kind: 'destroys' | 'sends-to-gy' | 'discards' | 'tributes' | 'banishes' | 'adds-to-hand' | 'special-summons'; cards: string[]; owners?: string[] }
  | { kind: 'cannot-destroy' | 'cannot-change-position'; cards: string[]; owners?: string[] } // no longer on the field
  | { kind: 'destroys-nothing' } // no such card on the field
  | { kind: 'returns'; cards: string[]; owners?: string[]; to: 'hand' | 'deck' | 'extra' }
  | { kind: 'places-in-pendulum-zone'; cards: string[]; owners?: string[] } // placed there by the effect (no activation, R66)
  | { kind: 'sets'; cards: string[]; owners?: string[] } // Set by the effect (from the Deck, say): no Summon, not added to the hand
  | { kind: 'summons-with-materials'; method: SummonMethod; card: string; materials: string[] }
  | { kind: 'cannot-special-summon'; card: string; on: 'field' } // already on the field
  | { kind: 'cannot-special-summon'; card: string; from: Zone; zone: Zone } // not in the zone it is summoned from
  | { kind: 'draws'; count: number; cards?: string[] }
  | { kind: 'negates'; link: number; card: string }
  | { kind: 'cannot-negate'; link: number; reason: 'no-such-link' | 'already-resolved' }
  /** `negate the summon` (R50): the Summon of that monster; `cannot-negate-summon`: there was no Summon to negate (R51). */
  | { kind: 'negates-summon'; card: string }
  | { kind: 'cannot-negate-summon' }
  | { kind: 'damage'; player: string; amount: number }
  | { kind: 'pays-lp'; amount: number }
  | { kind: 'changes-position'; cards: string[]; owners?: string[]; position: 'attack' | 'defense' | 'face-down defense' }
  | { kind: 'equips'; card: string; to: string }
  | { kind: 'cannot-equip'; to: string } // the monster is no longer on the field
  | { kind: 'ends-battle-phase' }
  | { kind: 'does-nothing' }
  /** A Pendulum Scale's activation resolved: the card stays in the Pendulum Zone (R66). */
  | { kind: 'pendulum-scale'; card: string }
  /**
   * Its effect (not its activation) was negated: nothing happens, the card stays where it is (R45); `by`: the card whose
   * continuous effect negated it where its card stood when it resolved (R64: Skill Drain).
   */
  | { kind: 'effect-negated'; by?: string; rule?: string }
  /** The card's effect is not known to the library (no `does` in its facts) and the link writes no actions. */
  | { kind: 'effect-unknown'; card: string }
  /** The card's effect applies one of its choices (its parts between `or`s) and the link does not write which. */
  | { kind: 'choice-unknown'; card: string; parts: string[] }
  /** A part of the card's effect applied where the scenario does not name the cards (`adds a card from the Deck`). */
  | { kind: 'applies'; part: string; verb: ActionVerb; cards?: string[]; condition?: PartCondition }
  /** A part of the card's effect that is not applied, and why (R44, R46, R47). */
  | { kind: 'not-applied'; part: string; verb?: ActionVerb; reason: NotAppliedReason; card?: string; at?: string; where?: Zone; rule: string; condition?: PartCondition }
  | { kind: 'negates-effect'; link: number; card: string }
  /** A Continuous Spell/Trap's activation resolved: its continuous effects apply from now on (R62-R65; `says`: what they do). */
  | { kind: 'applies-continuously'; card: string; says: string[] }
  /** An Equip Card sent to the GY by the game's rules: the monster it was equipped to left the field or turned face-down (R73). */
  | { kind: 'equip-sent'; card: string; from: string }
  /** `take control of "X" [until end phase]` (R72): its controller is now the link's player. */
  | { kind: 'takes-control'; cards: string[]; owners?: string[]; untilEnd: boolean }
  /** Cards the scenario does not name, counted (`banish 10 cards from deck face-down`, `discard 1 card`; R71). */
  | { kind: 'counted'; verb: CountedVerb; count: number; from: Zone; player: string; faceDown?: boolean; left?: number };

/** What an action does to counted cards the scenario does not name (R71). */
export type CountedVerb = 'banishes' | 'discards' | 'sends-to-gy' | 'returns' | 'adds-to-hand' | 'draws';

/**
 * Why a part of an effect was not applied: its target left its place (`at`: the link or action that moved it),
 * is face-down or another player's now, the part it depends on did not happen, the effect's own card is
 * not where the effect needs it, or the part's own condition does not hold (`condition-not-met`, `at`: how; R85).
 */
export type NotAppliedReason = 'target-left' | 'target-changed' | 'earlier-part-not-done' | 'card-moved' | 'nothing-to-negate' | 'unaffected' | 'summon-locked' | 'token' | 'fewer-cards' | 'condition-not-met' | 'no-free-zone';

/** A fact the card library does not know about a card, on which a link's verdict rests (engine/unknown-facts.ts). */
export interface UnknownFact {
  /** The card the fact is about (it may be another link's card: the one a responder answers). */
  card: string;
  /** Its effect number, when the fact is about one effect. */
  effect?: number;
  fact: 'effect' | 'includes' | 'condition' | 'event' | 'zone' | 'response' | 'lock' | 'level' | 'scale';
  /** What is not known, in a judge's words ("what effect 1 of "Revival Golem" includes"). */
  what: string;
  /** Why the verdict rests on it. */
  why: string;
  /** A `card` definition line that would state the fact, for the writer to confirm (quick fix). */
  line?: string;
}

/** A game event as plain data (what a trigger answers). */
export interface EventRecord {
  kind: 'move' | 'summon' | 'attack' | 'activation' | 'damage' | 'phase' | 'position';
  step: number;
  /** What caused it: a game action, or a link's cost, activation or resolution, or the end of a chain (leftovers). */
  origin: { kind: 'action' | 'cost' | 'activation' | 'resolution' | 'leftover'; chain?: number; link?: number };
  /** The card moved, summoned, activated or changed; the attacker. */
  card?: string;
  /** The attack's target. */
  target?: string;
  /** Who attacked, activated or took damage. */
  player?: string;
  /** Moves: how, from where, to where. */
  how?: 'destroyed' | 'destroyed-by-battle' | 'discarded' | 'tributed' | 'set' | 'sent' | 'material' | 'drawn' | 'returned';
  from?: Zone;
  to?: Zone;
  summonType?: SummonType;
  /** A Summon with materials: Link, Xyz, Synchro, Fusion or Ritual. */
  method?: SpecialSummonKind;
  /** A Summon at the moment it would happen (R50), not (yet) a Summon. */
  attempt?: true;
  amount?: number;
  /** Damage: battle damage (`Yugi takes 1900 battle damage`). */
  battle?: boolean;
  phase?: string;
  position?: 'attack' | 'defense';
}

/** What a link responds to. */
export type LinkAnswer =
  | { kind: 'event'; event: EventRecord } // a collected trigger: the event that met its condition
  | { kind: 'phase'; timing?: string } // a phase trigger: its timing as the card says it
  | { kind: 'link'; link: number; player: string; card: string } // the link directly below
  | { kind: 'open-state' }; // chain link 1 of something that answers no event

/** What became of a trigger collected when a chain started (its eligibility is fixed then, R15). */
export type CollectedStatus = 'cannot-activate-here' | 'missed-timing' | 'no-target' | 'changed-location' | 'must-activate' | 'may-activate';

export interface CollectedTrigger {
  player: string;
  card: string;
  mandatory: boolean;
  category: Category;
  status: CollectedStatus;
}

export interface LinkResolution {
  /** Order of resolution: 1 = resolves first. */
  order: number;
  status: 'resolved' | 'negated' | 'no-effect';
  /** What the link did, in words ("destroyed Peten the Dark Clown"), or why it did nothing. */
  did: string[];
  /** The same as records. */
  acts: ResolutionAct[];
  /** The same as fields a reader shows or checks without parsing words: one per act, in order. */
  parts: PartOutcome[];
}

/**
 * One thing a link did or did not do when it resolved, as fields (the preview, `explain --format json`): whether
 * it was applied, its words (`did`'s entry), and where it was not applied, the part, the reason and the rule.
 */
export interface PartOutcome {
  /** Something happened (a card moved, a negation, an effect applied); false: nothing did, and why is said. */
  applied: boolean;
  kind: ResolutionAct['kind'];
  text: string;
  /** The card's part it was (`destroy target`), where it came from the card's `does`. */
  part?: string;
  verb?: ActionVerb;
  cards?: string[];
  /** Why it was not applied, and the rule that says so (R44-R47). */
  reason?: NotAppliedReason;
  rule?: string;
  /** Where the reason happened (`CL3`, `a game action`, `and if you do`). */
  at?: string;
}

export interface LinkResult {
  number: number;
  /** Index in the chain (1-based), which the number should equal. */
  position: number;
  range: Range;
  player: string;
  card: string;
  cardKnown: boolean;
  effectIndex?: number;
  effectText?: string;
  /** `granted by "X"`: the card whose effect (`effectIndex` counts its effects) the link's card gained (R68). */
  grantedBy?: string;
  effectKind?: string;
  role: LinkRole;
  spellSpeed: number;
  category?: Category;
  categoryLabel?: string;
  mandatory?: boolean;
  /** What this link responds to, in words. */
  answers: string;
  /** The same as a record. */
  answered: LinkAnswer;
  legal: boolean;
  codes: string[];
  /** A trigger collected at the start of this chain (a member of its SEGOC batch, wherever it was placed). */
  pending: boolean;
  /** For collected triggers: when their condition was met (same number = simultaneous). */
  triggerStep?: number;
  /** Activated from the hand (a non-public trigger, R28). */
  fromHand: boolean;
  /** What the scenario did not say, assumed (the writer can state it). */
  assumptions: string[];
  /** A trigger (or a Trap answering an event) whose event nothing before the chain shows: legal only on the assumption that it happened just before. */
  eventAssumed: boolean;
  /** What the card library does not know and this link's verdict rests on (a warning `unknown-card-fact`). */
  unknownFacts: UnknownFact[];
  resolution?: LinkResolution;
}

export interface OrderGroup {
  /** First and last chain link positions of the group. */
  from: number;
  to: number;
  category: Category;
  player: string;
  /** Link numbers (as claimed) that belong to this group. */
  links: number[];
  description: string;
}

export interface ChainResult {
  /** 1-based number of the chain in the scenario. */
  index: number;
  range: Range;
  keywordRange: Range;
  links: LinkResult[];
  /** Legal positions of the trigger batch, grouped ("CL1-2: Yugi's mandatory effects, any order"). */
  legalOrder: OrderGroup[];
  /** Triggers collected when this chain started, for hovers and `explain`. */
  collected: string[];
  /** The same as records. */
  collectedTriggers: CollectedTrigger[];
  /** Resolution, in order (highest link first), with leftovers at the end (`afterChain`). */
  resolution: string[];
  /** Spells and Traps sent to the GY once the chain has resolved (R4), by name. */
  leftovers: string[];
  /** What happens after the chain's links have resolved, in words (the leftovers). */
  afterChain: string[];
  legal: boolean;
  phase: string;
}

/**
 * A game action (a Summon by its procedure, a Pendulum Summon ...: no chain link) whose check assumed what the
 * scenario does not say, as a link's `assumptions` (the Pendulum Zones of a Pendulum Summon, R67): `explain`, the
 * JSON, the preview and the hover on its line show them.
 */
export interface ActionAssumptions {
  /** The action's line. */
  range: Range;
  assumptions: string[];
}

export interface ScenarioResult {
  index: number;
  title: string;
  range: Range;
  titleRange: Range;
  source?: string;
  ruleset: Ruleset;
  players: [string, string];
  turnPlayer: string;
  chains: ChainResult[];
  /** The game actions whose checks assumed something, in scenario order (links keep theirs in `LinkResult.assumptions`). */
  actionAssumptions: ActionAssumptions[];
  /** 'legal' when no rule error, 'illegal' otherwise; 'invalid' when a language error stops the check. */
  verdict: 'legal' | 'illegal' | 'invalid';
  /**
   * A 'legal' verdict that rests on card facts the library does not know (each named by an `unknown-card-fact`
   * warning at its link): shown as "legal, resting on unknown facts".
   */
  restsOnUnknownFacts: boolean;
  /** The scenario's `expect` lines about the resolution, checked (engine/outcomes.ts); analyze.ts reports the unmet ones. */
  outcomes?: { range: Range; met: boolean; message?: string; bad?: boolean }[];
  /** Whether every `expect` line is met (undefined when there is none). */
  expectationsMet?: boolean;
  diagnostics: Diagnostic[];
}
