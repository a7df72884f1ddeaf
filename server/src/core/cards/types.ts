// The card model the engine reads: cards, effects, the event patterns it matches against game events
// and target filters. Independent of where a card came from (see facts.ts for the producers' model and
// makeCard, the only constructor of a CardInfo).
import type { DamageStepPart, PhaseName, SpecialSummonKind, SummonMethod, Zone } from '../words';
import { Range } from '../text';

export type CardCategory = 'monster' | 'spell' | 'trap';
export type SpellTrapKind = 'normal' | 'quick-play' | 'continuous' | 'field' | 'equip' | 'ritual' | 'counter';

export interface CardFilter {
  /** `spell-trap`: a Spell or a Trap ("no Spell/Trap Cards in your GY"). */
  category?: 'monster' | 'spell' | 'trap' | 'card' | 'spell-trap';
  races?: string[];
  attributes?: string[];
  levelMax?: number;
  levelMin?: number;
  atkMax?: number;
  atkMin?: number;
  controller?: 'you' | 'opponent';
  zone?: Zone;
  faceUp?: boolean;
  /** `a link monster`, `a tuner monster`: its card type or ability is one of these. */
  types?: string[];
  /** `a "Fiendsmith" monster`: a card of one of these archetypes (listed as such by its source; no list: not known). */
  archetypes?: string[];
  /** `targets the summoned monster`: the card of the triggering event. */
  eventCard?: boolean;
  /** `targets the attacking monster`: the monster whose attack the effect answers, only while it is still attacking (R56). */
  attacking?: boolean;
  /** `other than this card`, `except this card`: any card but the one whose effect this is (PSCT's "except this card"). */
  other?: boolean;
  /** Words of the filter the engine did not understand (the filter is then only partly checked). */
  unknown?: string[];
}

export type CardVerb =
  | 'sent-to-gy'
  | 'destroyed'
  | 'summoned'
  | 'discarded'
  | 'tributed'
  | 'banished'
  | 'added-to-hand'
  | 'returned-to-hand'
  | 'leaves-field'
  | 'flipped'
  | 'attacked'
  | 'battles'
  | 'declares-attack'
  | 'destroys-by-battle'
  | 'inflicts-damage'
  | 'material'
  | 'drawn'
  | 'returned-to-extra';

export type SummonType = 'normal' | 'tribute' | 'special' | 'flip';
export type Actor = 'you' | 'opponent' | 'any';

export type EventPattern =
  | (VerbPattern & {
      kind: 'card';
      subject: 'self' | CardFilter;
      /** Who performed it (opponent summons a monster). */
      actor?: Actor;
      /** `responds to summon`: the Summon being attempted (negation window), not its success. */
      attempt?: boolean;
      /**
       * `sent to gy or banished`: other events of the same card that meet the condition too: one effect on either
       * event ("If this card is sent to the GY or banished"), not two effects (the card's `effect N` counts it once).
       */
      or?: EventPattern[];
      raw: string;
      unknown: string[];
    })
  | {
      kind: 'attack';
      actor: Actor;
      direct?: boolean;
      ordinal?: number;
      /** `... targeting a face-up "Destiny HERO" monster you control` ("is targeted for an attack"): the attack's target. */
      target?: CardFilter;
      /**
       * `opponent declares an attack with their highest atk monster` (Mind Mirror Force: "When the monster your opponent
       * controls with the highest ATK (even if tied) declares an attack"): the attacker has the highest ATK of the
       * face-up monsters its controller controls.
       */
      highestAtk?: boolean;
      raw: string;
      unknown: string[];
    }
  | {
      kind: 'activation';
      actor: Actor;
      /**
       * What was activated: any, a monster effect, a spell (card or effect), a trap, an effect (not a card's
       * activation), or a Spell/Trap Card itself (`spell card activated`: its activation, not its effects).
       */
      what: Array<'any' | 'monster-effect' | 'spell' | 'trap' | 'effect' | 'spell-card' | 'trap-card'>;
      includes?: string[];
      /**
       * Where the activating card is (`effect activated on the field`: not in the hand or the GY; `in hand or field`:
       * Mind Mirror Force, "a monster effect in the hand or field").
       */
      zone?: 'field' | 'hand-or-field';
      /** `... during your turn`: only an activation during the turn of the effect's controller (or the opponent's). */
      duringTurn?: 'your' | 'opponent';
      /**
       * `... that targets a monster you control`: what the activation targets (Megalith Aratron, Remote Revenge); the
       * activation answers only where one of its targets passes the filter.
       */
      targets?: CardFilter;
      /**
       * `... that targets exactly 1 monster you control`: how many cards the activation targets (Remote Revenge,
       * Kagero the Cannon Ninja); an activation with another number of targets does not meet it.
       */
      targetCount?: number;
      /**
       * `... and would destroy it`: what the activation destroys is its target (Remote Revenge: "an effect that
       * destroys 1 monster", and that monster is the one it targets).
       */
      destroysTarget?: boolean;
      /**
       * `... that targets exactly 1 "ninja" card or exactly 1 face-down monster you control`: other activations that
       * meet the condition too (one effect, each alternative with its own target filter).
       */
      or?: EventPattern[];
      raw: string;
      unknown: string[];
    }
  | {
      kind: 'damage';
      who: 'you' | 'opponent' | 'any';
      battle?: boolean;
      /** `by a direct attack` (Sebek's Blessing): battle damage of an attack that had no target. */
      direct?: boolean;
      raw: string;
      unknown: string[];
    }
  | { kind: 'unknown'; raw: string; unknown: string[] };

export interface PhaseTime {
  phase: 'draw' | 'standby' | 'end' | 'end-of-battle' | 'main1' | 'main2' | 'battle';
  whose: 'your' | 'opponent' | 'each';
  raw: string;
}

/**
 * When an effect may be activated at all, as its text states it ("During your opponent's Main Phase
 * (Quick Effect): ..."): whose turn, and which phase of it (`main` is either Main Phase). R37 checks it.
 */
export interface ActivationWindow {
  whose: 'your' | 'opponent' | 'each';
  /**
   * `main-or-battle`: "during your opponent's Main Phase or Battle Phase" (either Main Phase or the Battle Phase).
   * `damage-step`: "Activate only during the Damage Step" (Honest); `end-of-battle`: "At the end of the Battle Phase"
   * (Evenly Matched).
   */
  phase?: 'main' | 'main1' | 'main2' | 'battle' | 'standby' | 'end' | 'draw' | 'main-or-battle' | 'damage-step' | 'end-of-battle';
  /** `during the end of the damage step`: only in that part of the Damage Step (Enlightenment; R55's parts). */
  part?: DamageStepPart;
  /** `during the start of your main phase 1`: only at the start of the phase, before anything else is done in it (Pot of Extravagance). */
  start?: boolean;
  raw: string;
}

/**
 * One fact of an effect its source was unsure of: `text` is what a judge reads (hovers, `explain`, `segoc card`'s
 * `# assumed:` lines); `kind` is what the engine tells the notes apart by (engine/unknown-facts.ts), never the words.
 */
export type AssumedNote =
  /** A hand activation's own condition, not read (HAND_CONDITION): a fact only of a link activated from the hand. */
  | { kind: 'hand-condition'; text: string }
  /** Conditions written in the effect's script, not read whole, taken as met. */
  | { kind: 'script-condition'; text: string }
  /** No script was found for the card: its effects are not known. */
  | { kind: 'no-script'; text: string }
  /** The effect was read from its card's text alone (TEXT_ONLY). */
  | { kind: 'text-only'; text: string }
  /** Anything else its source says it was unsure of (an unread sentence, a helper procedure, a correction's note). */
  | { kind: 'other'; text: string };

/** A note of the kind the engine gives no meaning of its own (a sentence of a source or of a test). */
export function assumedNote(text: string): AssumedNote {
  return { kind: 'other', text };
}

/**
 * The `assumed` note of a Trap whose source lets it be activated from the hand under a condition it does not read
 * (Evenly Matched: "If you control no cards"): a fact only of a link that activates it from the hand.
 */
export const HAND_CONDITION: AssumedNote = { kind: 'hand-condition', text: 'the condition under which its text lets it be activated from the hand is assumed met' };

/**
 * The `assumed` note of every effect read from its card's text alone (a card with no script at the pinned commit):
 * a link on it rests on that fact (engine/unknown-facts.ts), and so does a restriction it places (engine/continuous.ts).
 */
export const TEXT_ONLY: AssumedNote = { kind: 'text-only', text: 'read from its card text alone: no script was found at the pinned commit to cross-check it' };

/** Whose cards a state condition counts: the effect's controller's (`you`) or the opponent's. */
export type ConditionPlayer = 'you' | 'opponent';

/**
 * A condition on the game state that must hold when the effect is activated, as the card states it ("while you
 * control no monsters", "if you have no cards in your GY", "if 3 or more attacks have been declared this turn").
 * R79 checks it against what the scenario states; what it does not state is assumed and said. `count`: `none`, or
 * N for "N or more" (1 for "a"). A filter never says `faceUp` where its other words imply it (an archetype, a
 * type, an attribute: a face-down card has none), so one reading has one form.
 */
export type StateCondition =
  /**
   * `except`: with `count: 'none'`, none of the cards the filter counts other than these ("you control no face-up
   * monsters, or the only face-up monsters you control are LIGHT Fiend monsters": none but LIGHT Fiends).
   */
  | { kind: 'controls'; who: ConditionPlayer; count: 'none' | number; filter: CardFilter; except?: CardFilter }
  /** "your opponent controls a monster with higher ATK than your LP": a face-up monster of `who` above `lp`'s Life Points. */
  | { kind: 'atk-above-lp'; who: ConditionPlayer; lp: ConditionPlayer }
  /** "both players control the same number of monsters" (`monster`) or cards (`card`). */
  | { kind: 'same-count'; category: 'monster' | 'card' }
  /** "your opponent controls more cards than you": `who` controls more cards than the other player. */
  | { kind: 'controls-more'; who: ConditionPlayer }
  /** Cards in a player's GY or hand ("you have no cards in your GY", "no Spells/Traps in your GY"). */
  | { kind: 'holds'; who: ConditionPlayer; zone: 'gy' | 'hand'; count: 'none' | number; filter: CardFilter }
  /** A card of this name is face-up on the field ("while "Neo Space" is on the field"). */
  | { kind: 'on-field'; name: string }
  /**
   * The effect's own card: has material, is Set, is in the GY, was Special Summoned, is the only card in its hand.
   * `filter` (with `has-material`): material of this kind ("while it has a "Raidraptor" monster as material").
   */
  | { kind: 'self'; state: SelfState; filter?: CardFilter }
  /** What happened earlier in the turn. */
  | { kind: 'this-turn'; what: TurnHappening; who?: ConditionPlayer; count?: number; not?: boolean };

export type SelfState = 'has-material' | 'set' | 'in-gy' | 'special-summoned' | 'only-card-in-hand';

/**
 * `attacks`: attacks declared (by either player); `summons`: monsters Normal or Special Summoned by `who`;
 * `monster-effects-in-main`: monster effects `who` activated during a Main Phase; `self-sent-to-gy`: this card was sent
 * to the GY (`not`: "except the turn it was sent to the GY"); `self-destroyed-by-battle`: this card destroyed a monster
 * by battle.
 */
export type TurnHappening = 'attacks' | 'summons' | 'monster-effects-in-main' | 'self-sent-to-gy' | 'self-destroyed-by-battle';

export type EffectKind = 'trigger' | 'phase-trigger' | 'quick' | 'ignition' | 'continuous' | 'flip' | 'activation';

/**
 * "You can activate this card the turn it was Set[, by <cost>]" / "If <condition>, you can activate this
 * card the turn it was Set": the condition or cost is kept as written; the engine assumes it met (R34).
 */
export interface SetTurnActivation {
  raw: string;
  /** `if you have no cards in your hand`, `by revealing 1 normal monster in your hand`; absent: none. */
  condition?: string;
}

/** Whose actions a lock forbids: both players, the card's controller's opponent, or its controller. */
export type LockedPlayers = 'both' | 'opponent' | 'you';

/**
 * What an activation lock covers: a kind of card or effect, or `unknown` where the source's scope is not read.
 * `spell-cards-unless-set`: a Spell Card's activation unless it was Set and its player's next turn after Setting it
 * has come (Anti-Spell Fragrance: "must Set Spell Cards before activating them, and cannot activate them until their
 * next turn after Setting them"), R92.
 */
export type LockScope = 'cards-and-effects' | 'monster-effects' | 'spell-cards' | 'trap-cards' | 'spell-trap-cards' | 'spell-cards-unless-set' | 'unknown';

/** Whose effects a card is unaffected by (`other`: every card's but its own), or `unknown` where not read. */
export type UnaffectedScope = 'other' | 'spell' | 'trap' | 'spell-trap' | 'monster' | 'opponent' | 'unknown';

/**
 * A continuous effect that forbids or negates while its card is face-up on the field (R62-R65). `conditional`: the
 * source says it applies only while a condition holds ("If your opponent controls more monsters ..."), which the
 * engine cannot see: a verdict resting on it is a named unknown fact.
 */
export type Restriction =
  | { kind: 'cannot-activate'; who: LockedPlayers; what: LockScope; conditional: boolean }
  | { kind: 'cannot-special-summon'; who: LockedPlayers; except: boolean; conditional: boolean }
  /** `gy-moves`: any card effect that would move a card in the GY to a different place, wherever its card is (Necrovalley: its negation is R64; its lock on banishing, `cannot-banish`, is R93). */
  | { kind: 'negates-effects'; what: 'monster' | 'spell' | 'trap' | 'gy-moves' | 'unknown'; conditional: boolean }
  /**
   * Cards cannot be banished by `who`: from the GY (`gy`: Necrovalley) or anywhere (`any`: Imperial Iron Wall; Chaos
   * Hunter, for the opponent), by effects, costs and procedures alike (R93).
   */
  | { kind: 'cannot-banish'; who: LockedPlayers; from: 'gy' | 'any'; conditional: boolean }
  | { kind: 'unaffected'; by: UnaffectedScope; conditional: boolean };

export interface EffectInfo {
  /** 1-based number, as `effect N` counts them. */
  index: number;
  kind: EffectKind;
  mandatory: boolean;
  timing?: 'when' | 'if';
  event?: EventPattern;
  /** For a Spell/Trap activation: what it may answer (empty: free-chain). */
  responds: EventPattern[];
  phaseTime?: PhaseTime;
  condition?: string;
  /**
   * `while you control no monsters`: conditions on the game state when it is activated (R79). Empty where the source
   * states none or could not read them (an unread script condition is then the effect's note, never met silently).
   */
  conditions: StateCondition[];
  /**
   * `from field or hand (while you control no cards)`: what must hold for the card to be activated from the hand
   * ("If you control no cards, you can activate this card from your hand": Evenly Matched), R79 at a link activated
   * from the hand. Empty: none stated (a generated Trap whose hand condition was not read says so in `assumed`).
   */
  handConditions: StateCondition[];
  /** `during the opponent's main phase`: the turn and phase the effect may be activated in (R37). */
  window?: ActivationWindow;
  activatesFrom: Zone[];
  /**
   * Zones from which the text lets the effect activate even if the card got there after the event
   * ("... or hand (even if not)", written `from gy or hand (even if not)`): R23 does not apply to them.
   */
  evenIfNotThere: Zone[];
  /** `activates the turn it was set [if ... | by ...]`: the text lets the card be activated the turn it was Set (R34). */
  setTurn?: SetTurnActivation;
  summonsItself: boolean;
  oncePerChain: boolean;
  /** `once per battle`: "Once per battle", each copy once in each battle (R78). */
  oncePerBattle: boolean;
  /** `once per turn` (any once-per-turn limit; soft, per copy, unless `oncePerTurnByName`): informs R17. */
  oncePerTurn: boolean;
  /**
   * `once per turn by name`: "You can only use this effect of X once per turn", a hard limit shared by every copy
   * of the card (R38). Implies `oncePerTurn`.
   */
  oncePerTurnByName: boolean;
  /** `activate 1 per turn`: "You can only activate 1 X per turn", the card's activation, by name (R39). */
  activateOncePerTurn: boolean;
  /**
   * `once per duel`: "You can only use this effect of X once per Duel", by name. Implies `oncePerTurnByName` (within a
   * turn it is that hard limit, R38); across turns it is shown, not checked.
   */
  oncePerDuel: boolean;
  spellSpeedOverride?: number;
  targets?: CardFilter & { raw: string };
  /**
   * `target not rechecked`: the resolution acts on "it", not on "that target" (PSCT): a target that turned face-down
   * (or face-up) is still destroyed, banished, returned or sent (Paleozoic Dinomischus, Galaxy Cyclone); where the
   * text says "that target" the filter's `face-up`/`face-down` is rechecked at resolution (R44).
   */
  targetNotRechecked: boolean;
  damageStep: boolean;
  negatesActivation: boolean;
  changesAtk: boolean;
  /** `its summon cannot be negated` ("This card's Summon cannot be negated"): no effect negates its Summon (R53). */
  summonUnnegatable: boolean;
  /**
   * `summoning procedure` ("You can Special Summon this card (from your hand)" by its own procedure: Cyber Dragon):
   * on a `continuous` line, a Summon that is no effect and starts no chain (R54).
   */
  summoningProcedure: boolean;
  /**
   * `pendulum effect`: a Pendulum Monster's Pendulum Effect, used only while the card is in a Pendulum Zone; its
   * monster effects are used only where a monster is (R66).
   */
  pendulumEffect: boolean;
  /**
   * An effect the card grants to another ("An Xyz Monster ... that has this card as material gains this effect. ●"):
   * `as-material` while it is that monster's material, `used-as-material` once that monster was Summoned using it,
   * `face-up` while the card is face-up on the field ("the equipped monster gains"). The card itself never uses it;
   * a link writes it on the monster that gained it, `granted by "X"` (R68).
   */
  granted?: 'as-material' | 'used-as-material' | 'face-up';
  /**
   * `lingering`: an effect that exists later in the turn only because an earlier activation of the card resolved
   * ("During the End Phase of this turn, ..."): it applies wherever the card is by then (R69).
   */
  lingering: boolean;
  /**
   * What a `continuous` line forbids or negates while its card is face-up on the field (`locks activation of trap
   * cards`, `locks special summons`, `negates monster effects on the field`, `unaffected by other card effects`):
   * R62-R65 read it. Empty where the source states none.
   */
  restricts: Restriction[];
  includes: string[];
  /**
   * What the effect does when it resolves, part by part in the card's order (`does destroy target and if you
   * do draw 1`); empty where the source does not say (the engine then says the effect is not known).
   */
  does: EffectAction[];
  /**
   * One of the effects a modal Spell/Trap chooses from when it is activated ("Activate 1 of these effects":
   * `activation, choose one`, one line per effect); a link says which with `effect N`.
   */
  chooseOne: boolean;
  /**
   * Who may not activate cards or effects in response to this effect's activation ("Your opponent cannot activate
   * cards or effects in response to this effect's activation": `opponent`; neither player: `both`). R40 reads it.
   * `opponent-some` / `both-some`: only some responses are forbidden ("the targeted card", "with the same original
   * type as ...", or under a condition): which ones the engine does not know, so such a response rests on that fact.
   */
  noResponse?: 'opponent' | 'both' | 'opponent-some' | 'both-some';
  /**
   * What is paid to activate it, before the semicolon of its text ("Discard 1 card; ..."): `cost discard 1`, `cost
   * tribute itself and pay 1000 lp` (docs/language.md, `cost`). Absent where no source states a cost; R74 reads it.
   */
  cost?: CostPart[];
  /** The effect line as written (or the card type for an implied activation). */
  text: string;
  range: Range;
  /**
   * Facts of this effect its source was unsure of, as sentences a judge reads (e.g. "optional: the
   * script and the card text disagree; the card text was taken"). Every link that uses the effect
   * carries them as assumptions (hovers, `explain`), so a guessed fact is never silent.
   */
  assumed: AssumedNote[];
}

/**
 * What a cost part does: the objects the engine can count on a stated board (R74). `other`: a cost the vocabulary has
 * no word for (kept as written, assumed payable).
 */
export type CostVerb = 'discard' | 'tribute' | 'pay-lp' | 'banish' | 'send-to-gy' | 'detach' | 'reveal' | 'return-to-deck' | 'return-to-extra' | 'return-to-hand' | 'remove-counters' | 'change-position' | 'other';

/** One part of a cost: its verb, on the effect's own card (`itself`) or on `count` cards (from `from`), or the LP paid. */
export interface CostPart {
  verb: CostVerb;
  itself: boolean;
  /** How many cards (Xyz Materials, counters), or how many LP for `pay-lp`; absent: not stated. */
  count?: number;
  /** Where the cards come from (`banish 1 from gy`); absent: not stated. */
  from?: Zone;
  /** `discard 1 other`: cards other than the effect's own card ("discard 1 other card"). */
  other?: boolean;
  /** The part as written. */
  raw: string;
}

/** What one part of an effect does on resolution (PSCT's actions). */
export type ActionVerb =
  | 'destroy'
  | 'banish'
  | 'return-to-hand'
  | 'return-to-deck'
  | 'return-to-extra'
  | 'add-to-hand'
  // "To the hand" where the source does not say from where (a script's CATEGORY_TOHAND: an add from the Deck or GY,
  // or a return from the field): `add or return to hand`; a card on the field is returned, another is added.
  | 'to-hand'
  | 'special-summon'
  | 'send-to-gy'
  | 'draw'
  | 'discard'
  | 'tribute'
  | 'set'
  | 'negate-activation'
  | 'negate-effect'
  | 'negate-summon'
  | 'negate-effects'
  | 'negate-attack'
  | 'change-position'
  | 'change-atk'
  | 'gain-lp'
  | 'lose-lp'
  | 'damage'
  | 'take-control'
  | 'equip'
  | 'attach';

/**
 * What a part acts on: its target(s) (`target`), the effect's own card (`itself`), every card of a kind on the
 * field (`all monsters`), the card of the link or Summon it negated (`that card`), or cards chosen when it
 * resolves (absent: "add 1 ... from your Deck", "draw 1").
 */
export type ActionObject = 'target' | 'itself' | 'that-card' | 'all-monsters' | 'all-opponent-monsters' | 'all-spells-traps' | 'all-cards';

/**
 * How a part depends on the part before it (PSCT conjunctions): `and-if-you-do` and `then` need the earlier
 * part to have happened (`then` comes after it, a step of its own); `also` and `and` do not skip (simultaneous).
 * The first part has `first`.
 */
/**
 * How a part follows the one before (PSCT): `or` joins choices of which one part applies, chosen as the effect is
 * activated ("activate 1 of these effects") or as it resolves ("add to your hand or Special Summon").
 */
export type PartLink = 'first' | 'and-if-you-do' | 'then' | 'also' | 'and' | 'or';

export interface EffectAction {
  verb: ActionVerb;
  object?: ActionObject;
  /** Where the cards come from (`special summon from gy`, `add from deck`). */
  from?: Zone;
  /** The other zones the player may take them from instead (`special summon from hand or gy`: "from your hand or GY"). */
  orFrom?: Zone[];
  /** `special summon ... in defense`, `change position to face-down`. */
  position?: 'attack' | 'defense' | 'face-down';
  /** `draw 2`. */
  count?: number;
  /** `special summon 4 tokens`: the part Special Summons Tokens it makes ("Special Summon 4 "Sheep Tokens""), R70. */
  tokens?: boolean;
  /** `special summon 3 tokens for opponent`: the Tokens go to the opponent's field (Ojama Trio); absent: the player's own. */
  tokensFor?: 'opponent';
  /**
   * How long a `take control` part lasts (R72): `until-end-phase` ("until the End Phase") or `for-good`; absent where
   * the source does not say (the engine then assumes for good and says so).
   */
  lasts?: 'until-end-phase' | 'for-good';
  /** `equip itself to target`: what an `equip` part equips its cards to (R73); absent where the source does not say. */
  to?: ActionObject;
  link: PartLink;
  /**
   * A condition of the part's own (`... if set before activation`): the part applies only where it holds when the link
   * resolves (R85: Infinite Impermanence's "if this card was Set before activation and is on the field at resolution").
   */
  condition?: PartCondition;
}

/**
 * The conditions a part may carry (R85): `set-before-activation`, "if this card was Set before activation and is on the
 * field at resolution".
 */
export type PartCondition = 'set-before-activation';

/**
 * One effect as a source states it (a `.segoc` line, a generated record, an inferred text): what it
 * leaves out gets its default in makeCard (facts.ts; a property's default is in its row of
 * vocabulary/properties.ts). Every source of cards produces this form and nothing else.
 */
export type EffectFacts = { kind: EffectKind } & Partial<Omit<EffectInfo, 'index' | 'kind'>>;

/**
 * Where a card's facts came from (shown in hovers and by `segoc card`). `library`: the curated
 * library (`server/cards/*.segoc`, uri = its path, range = the name's line); `workspace` and `file`:
 * a user's definition; `generated`: the generated library (passcode, source and commit of the
 * sources it was generated from); `inferred`: effects read from official card text.
 */
export interface CardOrigin {
  kind: 'library' | 'workspace' | 'file' | 'generated' | 'inferred';
  uri?: string;
  /** The definition's name in `uri` (an empty range at 0:0 where there is no text, e.g. generated). */
  range: Range;
  /** generated / inferred: the card's passcode. */
  passcode?: number;
  /** generated / inferred: what the facts were read from, e.g. `yaml-yugi + ProjectIgnis CardScripts`. */
  source?: string;
  /** generated / inferred: the commit (or date) of that source. */
  commit?: string;
  /** generated: the card's id in Konami's card database (its page and FAQ: cards/links.ts). */
  konamiId?: number;
  /** The corrections applied to the card (server/cards/corrections/: cards/corrections.ts), each with its source. */
  corrections?: AppliedCorrection[];
}

/** A correction applied to a card: shown in hovers and by `segoc card`, with its source. */
export interface AppliedCorrection {
  /** `override`: the sources were read wrong; `ruling`: the sources do not state it. */
  layer: 'override' | 'ruling';
  /** The effect it changed (numbered after the card's corrections); undefined for a removed effect. */
  effect?: number;
  /** What it states, in the language's words (`once per chain`, the new line, `effect N is not an effect`). */
  fact: string;
  reason: string;
  source: string;
}

export interface CardInfo {
  name: string;
  key: string;
  aliases: string[];
  cardType: string;
  category: CardCategory;
  spellTrapKind?: SpellTrapKind;
  extraDeck: boolean;
  races: string[];
  attributes: string[];
  /** Monster abilities (tuner, gemini, spirit, union, toon, flip, pendulum): informational. */
  abilities: string[];
  /** A Main Deck monster's Level; absent for an Xyz or Link Monster, which has none. */
  level?: number;
  /** An Xyz Monster's Rank (`rank N`). */
  rank?: number;
  /** A Link Monster's Link Rating (`link N`). */
  link?: number;
  /** A Pendulum Monster's Pendulum Scale (`scale N`); absent where it is no Pendulum Monster or the scale is unknown. */
  scale?: number;
  atk?: number;
  def?: number;
  /** The archetypes the card belongs to (yaml-yugi's `series` for a generated card); absent where the source does not say. */
  archetypes?: string[];
  effects: EffectInfo[];
  origin: CardOrigin;
}


/** What happened to the card of a card event, and how. */
export interface VerbPattern {
  verb: CardVerb;
  /** For sent-to-gy/destroyed: where the card was before. For summoned: where it came from. */
  from?: Zone;
  /** Destroyed and (then) in the GY. */
  toGy?: boolean;
  by?: 'battle' | 'effect';
  summonTypes?: SummonType[];
  /** `link summoned`: Summons with materials of these kinds only. */
  methods?: SpecialSummonKind[];
  /** Sent as a cost. */
  asCost?: boolean;
  /** Summoned by its own effect. */
  byOwnEffect?: boolean;
  /** `by opponent's card effect`: who did it (read from the verb's qualifier; the phrase's leading word wins). */
  actor?: Actor;
  /**
   * `except during the draw phase [or damage step]`, `except during the damage step`: an event in these phases does
   * not meet it.
   */
  notInPhases?: PhaseName[];
  /** `inflicts battle damage by a direct attack` (Wattcobra): the damage of an attack that had no target. */
  direct?: boolean;
  /**
   * `this card you control is destroyed`: who controlled this card when it happened (Numerounius, Taotie); a card
   * event of this card only (another card's controller is its filter's).
   */
  controlledBy?: 'you' | 'opponent';
  /**
   * `special summoned by its own procedure` ("If Summoned this way", Archlord Kristya): Special Summoned by the
   * procedure its own text gives (a game action, no effect), not by an effect.
   */
  byOwnProcedure?: boolean;
  /** `attacks and destroys a monster by battle` (Enlightenment: "attacked and destroyed"): the monster was the attacker. */
  attacker?: boolean;
  /** `destroys an opponent's monster by battle`: the monster destroyed was the opponent's. */
  opponentsMonster?: boolean;
  /**
   * `sent to your gy`: whose GY the card goes to (its owner's: Vanity's Emptiness, "to your GY"), whoever
   * controlled it before.
   */
  whoseGy?: 'you' | 'opponent';
}
