// The chain being checked, after its simulation: what a rule module reads (engine/rules/api.ts hands it to
// them). Here, below the rules, so that the engine's own modules that read a chain (chain-result.ts,
// narrative.ts) never import the rule modules: only run.ts, at the top of the engine, knows the registry.
import { Range } from '../text';
import type { CardRef } from '../syntax/ast';
import type { DamageStepPart } from '../words';
import { LinkState } from './classify';
import { Candidate } from './collect';
import { Category } from './results';
import { Ruleset, RulesInForce } from './rulesets';
import { CardInstance, GameEvent, PlayerIndex } from './state';

/** An activation in an earlier chain of the turn: who, which card (by name) and effect, and where it was. */
export interface TurnActivation {
  readonly player: PlayerIndex;
  /** The card's key (its normalised name): copies of a card share it. */
  readonly cardKey: string;
  /** The copy that activated it (a soft "Once per turn" is each copy's own). */
  readonly copyId: number;
  readonly effectIndex: number;
  readonly activation: boolean;
  readonly chainIndex: number;
  /** `CL2 Yugi's "Pot of Prosperity"`. */
  readonly linkName: string;
  /** Whether a later link negated its activation or its effect (a lingering effect then never came to be, R69). */
  readonly negated: false | 'activation' | 'effect';
}

/** The chain being checked, after its simulation: what a rule may read. */
export interface ChainView {
  readonly chainIndex: number;
  readonly links: readonly LinkState[];
  /** The trigger batch: batch triggers, and OCG hand triggers standing among them. */
  readonly members: readonly LinkState[];
  /** The triggers collected when the chain started (R15). */
  readonly collected: readonly Candidate[];
  /** Every event of the scenario so far (this chain's placement and resolution included). */
  readonly events: readonly GameEvent[];
  /** Index of this chain's first event; events before `windowStartIndex` are older than its window. */
  readonly chainStartEvent: number;
  readonly lastPlacementEvent: number;
  readonly windowStartIndex: number;
  /** Index just past this chain's last event (its resolution and leftovers): later events come after the chain. */
  readonly chainEndEvent: number;
  /** The step when the chain began: an event of an earlier step was not the last thing to happen (R19, R32). */
  readonly stepAtStart: number;
  /** The phase when the chain started, and whether both players had passed in it (R25). */
  readonly phase: string;
  /** Whether the scenario says the phase (else `phase` is the language's default, `main1`: assume it, say so). */
  readonly phaseStated: boolean;
  readonly phaseClosed: boolean;
  /** The part of the Damage Step the scenario states (`before damage calculation`, ...), if it states one (R55). */
  readonly damageStepPart?: DamageStepPart;
  readonly players: readonly [string, string];
  readonly turn: PlayerIndex;
  readonly ruleset: Ruleset;
  readonly rules: RulesInForce;
  /** The Summon whose moment this chain is at (R50: "when a monster would be Summoned"), if it is at one. */
  readonly summonAttempt?: Extract<GameEvent, { kind: 'summon' }>;
  /** Every card copy of the scenario, where it is now. */
  readonly instances: readonly CardInstance[];
  /**
   * Zones a board line stated empty (`Kaiba hand: none`), as "player:zone": every card that reaches such a zone later is
   * one the scenario moves there, so what a link's `boardAtActivation` shows of it is all there is (R74-R76).
   */
  readonly knownEmpty: ReadonlySet<string>;
  /** Every activation of a card's effect in the scenario's earlier chains, in order (R17, R38, R39: rules/turn-uses.ts). */
  readonly earlierActivations: readonly TurnActivation[];
  readonly scenarioRange: Range;
  controllerOf(c: CardInstance): PlayerIndex;
  /** The copy a card reference of the scenario names (undefined: an unknown card, already reported). */
  resolvedRef(ref: CardRef): CardInstance | undefined;
  category(player: PlayerIndex, mandatory: boolean): Category;
  /** "Yugi", or "?" for an unknown player. */
  who(p: PlayerIndex | undefined): string;
  /** `CL2 Yugi's "Sangan"`. */
  linkName(l: LinkState): string;
}
