// What the inference reads from an official card text: one record per effect, in text order.
// Everything here is a guess from the wording (Problem-Solving Card Text in English, the ①②
// clauses in Japanese); what the wording does not settle is said in `notes` and assumed, never
// turned into a verdict.
import type { Zone } from '../words';

export type InferredKind = 'activation' | 'trigger' | 'quick' | 'ignition' | 'flip' | 'continuous';

/** What an effect does, in the words of the `includes` modifier (Ash Blossom and friends read them). */
export type Include = 'search' | 'deck summon' | 'deck send' | 'special summon' | 'destroy' | 'banish' | 'draw' | 'negate';

export type TextLanguage = 'en' | 'ja';

export interface InferredEffect {
  kind: InferredKind;
  /** Triggers, quick and flip effects: `You can` / `発動できる` is optional. */
  mandatory: boolean;
  /** Triggers: `When` (can miss the timing) or `If` (cannot). Japanese: 時 / 場合. */
  timing?: 'when' | 'if';
  /** The event, as a phrase of the language's event vocabulary (triggers, responders, activations). */
  event?: string;
  /** A phase-timed trigger: its phase time in the vocabulary (`during the end phase`). */
  phase?: string;
  /**
   * Quick and Ignition Effects: the turn and phase the text lets it be activated in, as an activation
   * window of the vocabulary (`during the opponent's main phase`; R37).
   */
  window?: string;
  /**
   * One choice of a modal Spell/Trap ("Activate 1 of these effects" and its ● lines): the card's activation
   * is read as one effect per choice, each `activation, choose one, ...` (docs/language.md, `choose one`).
   */
  chooseOne: boolean;
  /** A Spell/Trap's activation whose text lets it be activated the turn it was Set: the modifier (R34). */
  setTurn?: string;
  /** Its state conditions, as the body of a `while` modifier (`you control no monsters`; english-conditions.ts, R79). */
  conditions?: string;
  /** A Trap's condition on its activation from the hand ("If you control no cards, you can activate this card from your hand"), as `conditions`. */
  handConditions?: string;
  /** Where it activates from. */
  zones: Zone[];
  summonsItself: boolean;
  targets: boolean;
  /** The target, as a filter of the language (`a monster your opponent controls`). */
  targetFilter?: string;
  /** The resolution acts on "it", not "that target": a face-up/face-down filter is not rechecked (R44, PSCT). */
  targetNotRechecked?: boolean;
  /** `Once per turn` (soft), or `You can only use this effect of "X" once per turn` (by name). */
  oncePerTurn?: 'soft' | 'name';
  oncePerChain: boolean;
  /** "Once per battle" (R78). */
  oncePerBattle?: boolean;
  damageStep: boolean;
  negatesActivation: boolean;
  changesAtk: boolean;
  spellSpeed: 1 | 2 | 3;
  includes: Include[];
  /**
   * What it does on resolution, as the body of a `does` modifier in the card language's words (`destroy target
   * and if you do draw 1`; english-actions.ts); absent where the text's first part is not understood.
   */
  does?: string;
  /**
   * A continuous effect's restrictions while its card is face-up on the field, as the modifiers of a `continuous`
   * line (`locks activation of trap cards`, `negates monster effects on the field`; infer/restrictions.ts, R62-R65).
   */
  restricts?: string[];
  /** What is paid before the semicolon, as the body of a `cost` modifier (`discard 1 and pay 1000 lp`; R74). */
  cost?: string;
  /** "Your opponent cannot activate cards or effects in response to this effect's activation" (R40). */
  noResponse?: 'opponent' | 'both' | 'opponent-some' | 'both-some';
  /** From the Pendulum text. */
  pendulum: boolean;
  /** The sentence(s) of the official text this effect was read from. */
  sentence: string;
  /** What the wording did not settle (information: the rest is assumed). */
  notes: string[];
}

export interface CardTypeFacts {
  category: 'monster' | 'spell' | 'trap';
  /** Spells and Traps. */
  property?: 'normal' | 'quick-play' | 'continuous' | 'field' | 'equip' | 'ritual' | 'counter';
  extraDeck: boolean;
  pendulum: boolean;
  /** A Flip monster: only its effects can be FLIP effects. */
  flip?: boolean;
}

export interface InferInput {
  /** The official text (card text, or monster effect text of a Pendulum). */
  text: string;
  /** The card's type line: `Quick-Play Spell`, `Zombie / Tuner / Effect`, `effect monster`, `Trap · Counter`... */
  typeLine: string;
  /** The Pendulum Effect, if any. */
  pendulumText?: string;
  /** Default: guessed from the script of the text. */
  language?: TextLanguage;
}

export interface InferredCard {
  type: CardTypeFacts;
  language: TextLanguage;
  effects: InferredEffect[];
  /** Notes about the text as a whole (materials, summoning conditions). */
  notes: string[];
}
