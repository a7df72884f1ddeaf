// The syntax tree. Every node carries its source range; the tree keeps every statement in order
// (with its logical line, whose tokens are lexed again when asked) so the formatter and the outline
// can be written from it alone.
import { Range } from '../text';
import { Comment, LogicalLine, Token } from './lexer';
import type { DamageStepPart, PhaseName, SpecialSummonKind, SummonMethod, Zone } from '../words';

// The game's words are the words leaf's (core/words.ts); the AST names them in its nodes.
export { PHASES, SUMMON_METHODS, ZONES } from '../words';
export type { DamageStepPart, PhaseName, SpecialSummonKind, SummonMethod, Zone } from '../words';

export interface Named {
  text: string;
  range: Range;
}

export interface NumberNode {
  value: number;
  range: Range;
}

/**
 * A reference to a card copy: `"Name"`, `Kaiba's "Name"`, or a label. In an action's or a target's list a name may
 * give the copy it names a label (`"Sheep Token" as T1`): several same-named Tokens can then be told apart.
 */
export type CardRef =
  | { kind: 'name'; name: string; owner?: Named; range: Range; nameRange: Range; label?: Named }
  | { kind: 'label'; label: string; range: Range };

export type CardSet =
  | { kind: 'refs'; refs: CardRef[]; range: Range }
  | { kind: 'all'; what: 'monsters' | 'spells-and-traps' | 'cards'; owner?: Named; range: Range }
  /**
   * `10 cards from deck face-down`, `1 card`: cards the scenario does not name, counted (R71); whose: `owner`, else
   * the link's player's. `from`: where they are taken from (default: the hand).
   */
  | { kind: 'count'; count: number; from?: Zone; faceDown: boolean; owner?: Named; range: Range };

export type Action =
  | { kind: 'destroy'; cards: CardSet; range: Range }
  | { kind: 'send-to-gy'; cards: CardSet; range: Range }
  | { kind: 'discard'; cards: CardSet; range: Range }
  | { kind: 'tribute'; cards: CardSet; range: Range }
  | { kind: 'banish'; cards: CardSet; range: Range }
  | { kind: 'return'; cards: CardSet; to: 'hand' | 'deck' | 'extra'; range: Range }
  | { kind: 'special-summon'; cards: CardSet; from?: Zone; range: Range }
  | { kind: 'add-to-hand'; cards: CardSet; from?: Zone; range: Range }
  /** `draw 2`, or `draw "X"`: the drawn cards named (they move from the Deck to the hand). */
  | { kind: 'draw'; count: number; cards?: CardRef[]; range: Range }
  /** `set "X" from deck`: Set by an effect (no Summon, not added to the hand). */
  | { kind: 'set'; cards: CardSet; from?: Zone; range: Range }
  /** `fusion summon "X" using "A", "B"`: a Summon by an effect, with its materials. */
  | { kind: 'material-summon'; method: SummonMethod; card: CardRef; materials: CardRef[]; range: Range }
  | { kind: 'negate'; link: NumberNode; range: Range }
  /** `negate the summon`: negates the Summon of the game action right before the chain (R50-R53). */
  | { kind: 'negate-summon'; range: Range }
  | { kind: 'damage'; player: Named; amount: number; range: Range }
  | { kind: 'pay-lp'; amount: number; range: Range }
  /** `change "X" to face-down defense position` (Book of Moon): `face` where the action says it (R56). */
  | { kind: 'change-position'; cards: CardSet; position: 'attack' | 'defense'; face?: 'up' | 'down'; range: Range }
  | { kind: 'equip'; card: CardRef; to: CardRef; range: Range }
  /** `place "X" in pendulum zone`: placed there by the effect, which is no activation of the card (R66). */
  | { kind: 'place-in-pendulum-zone'; cards: CardSet; from?: Zone; range: Range }
  /** `take control of "X" [until end phase]` (R72): the link's player controls it (until the End Phase, or for good). */
  | { kind: 'take-control'; cards: CardSet; untilEnd: boolean; range: Range }
  | { kind: 'end-battle-phase'; range: Range }
  | { kind: 'nothing'; range: Range };

/** Actions joined by `,`/`and` form one simultaneous group; `then` starts the next group. */
export interface ActionSeq {
  groups: Action[][];
  range: Range;
}

export interface LinkStmt {
  kind: 'link';
  number: NumberNode;
  player: Named;
  card: CardRef;
  effectIndex?: NumberNode;
  from?: { zone: Zone; range: Range };
  /** `to pendulum zone`: the link is the card's activation as a Spell Card in a Pendulum Zone (a Pendulum Scale, R66). */
  toPendulumZone?: Range;
  /** `granted by "X"`: the link is an effect the card gained from X (X's `granted` effect line, R68). */
  grantedBy?: CardRef;
  cost?: ActionSeq;
  targets?: CardRef[];
  actions?: ActionSeq;
  range: Range;
  line: LogicalLine;
}

export interface ChainBlock {
  kind: 'chain';
  keywordRange: Range;
  links: LinkStmt[];
  range: Range;
  line: LogicalLine;
}

export type GameAction =
  | { kind: 'summon'; player: Named; summonType: 'normal' | 'tribute' | 'special' | 'flip'; card: CardRef; tributes?: CardRef[] }
  /** `Yugi link summons "X" using "A", "B"`: a Summon by its procedure, with its materials (R20 (d)). */
  | { kind: 'material-summon'; player: Named; method: SummonMethod; card: CardRef; materials: CardRef[] }
  /** `Yugi pendulum summons "A", "B"`: a Pendulum Summon, a Special Summon by the game's procedure (R67). */
  | { kind: 'pendulum-summon'; player: Named; cards: CardRef[] }
  /** `Yugi draws "X"`: a draw of named cards (the Draw Phase's, or one the scenario does not tie to a link). */
  | { kind: 'draw'; player: Named; cards: CardRef[]; count?: number }
  /** `destroy "X" by continuous effect`: destroyed without a chain (Call of the Haunted's monster). */
  | { kind: 'continuous-destroy'; cards: CardRef[] }
  | { kind: 'set'; player: Named; card: CardRef }
  | { kind: 'attack'; player: Named; attacker: CardRef; target?: CardRef }
  | { kind: 'battle-destroys'; cards: CardRef[] }
  /** `damage calculation`: the current battle's damage calculation (a point of the Damage Step). */
  | { kind: 'damage-calculation' }
  /** `before damage calculation`, `end of damage step`, ...: the part of the Damage Step the game is in (R55). */
  | { kind: 'damage-step-part'; part: DamageStepPart }
  /** `Yugi takes 1900 battle damage`: battle damage, an event of its own (never the attack declaration). */
  | { kind: 'battle-damage'; player: Named; amount: number }
  | { kind: 'phase'; phase: PhaseName; phaseRange: Range }
  | { kind: 'pass'; player: Named };

export interface ActionStmt {
  kind: 'action';
  action: GameAction;
  range: Range;
  line: LogicalLine;
}

export interface BoardCard {
  ref: CardRef;
  faceDown: boolean;
  /** Written `face-up` (a Pendulum Monster face-up in the Extra Deck, R67). */
  faceUp: boolean;
  label?: Named;
  range: Range;
}

export interface BoardStmt {
  kind: 'board';
  player: Named;
  zone: Zone;
  zoneRange: Range;
  /** `Yugi pendulum zone: "X"`: the cards are on the field in that player's Pendulum Zones (zone `field`, R66). */
  pendulumZone: boolean;
  cards: BoardCard[];
  /** `none`: the zone is known to be empty. */
  explicitEmpty: boolean;
  /** `40 cards`, `2 cards`: how many cards the scenario does not name are there besides the named ones (R71). */
  unnamed?: NumberNode;
  range: Range;
  line: LogicalLine;
}

export type ExpectStmt =
  | { kind: 'expect'; legal: true; range: Range; line: LogicalLine }
  | {
      kind: 'expect';
      legal: false;
      code: Named;
      /** Absent: the diagnostic stands on a game action's line (`expect illegal summon-locked`), not on a link. */
      link?: NumberNode;
      chain?: NumberNode;
      range: Range;
      line: LogicalLine;
    };

/**
 * What a scenario expects of the resolution (language.md, "Expecting what happens"): of a link (`expect CL2
 * negated`, `expect CL1 does not apply draw`), or of a card once the scenario is over (`expect "Sangan" in gy`,
 * `expect "Jinzo" not summoned`).
 */
export type Outcome =
  | { kind: 'link'; link: NumberNode; chain?: NumberNode; what: 'resolves' | 'no-effect' | 'negated' | 'applies' | 'not-applied'; part?: Named }
  | { kind: 'card'; card: CardRef; what: 'in'; zone: Zone; zoneRange: Range }
  | { kind: 'card'; card: CardRef; what: 'summoned' | 'not-summoned' }
  /** `expect Yugi has 3 cards in hand`: how many cards are there once the scenario is over, named or not (R71). */
  | { kind: 'count'; player: Named; count: NumberNode; zone: Zone; zoneRange: Range };

export interface ExpectOutcomeStmt {
  kind: 'expect-outcome';
  outcome: Outcome;
  range: Range;
  line: LogicalLine;
}

export interface HeaderStmt {
  kind: 'source' | 'rules' | 'players' | 'turn' | 'start-phase';
  range: Range;
  line: LogicalLine;
  source?: Named;
  ruleset?: Named;
  asOf?: Named;
  players?: Named[];
  turn?: Named;
  phase?: { phase: PhaseName; range: Range };
}

export type ScenarioItem = HeaderStmt | BoardStmt | ActionStmt | ChainBlock | ExpectStmt | ExpectOutcomeStmt;

export interface Scenario {
  kind: 'scenario';
  title: Named;
  items: ScenarioItem[];
  /** From the `scenario` line to the last line that belongs to it. */
  range: Range;
  headerRange: Range;
  line: LogicalLine;
}

/** `activation`: a Spell/Trap card's own activation with properties, when it answers nothing in particular. */
export type EffectLineKind = 'trigger' | 'phase-trigger' | 'quick' | 'ignition' | 'continuous' | 'flip' | 'responds' | 'activation';

export interface EffectLine {
  kind: 'effect';
  effectKind: EffectLineKind;
  mandatory?: boolean;
  timing?: 'when' | 'if';
  /** The event (or phase time) phrase, as tokens, before the first modifier comma. */
  phrase: Token[];
  /** For `responds to`: one phrase per alternative. */
  alternatives?: Token[][];
  /** Modifier clauses after commas, as token lists. */
  modifiers: Token[][];
  range: Range;
  line: LogicalLine;
}

export interface AliasLine {
  kind: 'alias';
  name: Named;
  range: Range;
  line: LogicalLine;
}

/** `archetype "HERO"` (one line per archetype), or `archetype none`: the archetypes the card belongs to. */
export interface ArchetypeLine {
  kind: 'archetype';
  /** The archetype; none for `archetype none` (the card belongs to no archetype). */
  name?: Named;
  range: Range;
  line: LogicalLine;
}

/** `text "..."`, `text ja "..."`, `text pendulum "..."`: (part of) the card's official text. */
export interface CardText {
  kind: 'text';
  language: 'en' | 'ja';
  pendulum: boolean;
  text: string;
  range: Range;
  line: LogicalLine;
}

export interface CardDef {
  kind: 'card';
  name: Named;
  /** The type words, e.g. `effect monster`. */
  cardType: Named;
  tags: Named[];
  effects: EffectLine[];
  aliases: AliasLine[];
  archetypes: ArchetypeLine[];
  /** The official text, line by line (consecutive lines of one language and part join). */
  texts: CardText[];
  range: Range;
  line: LogicalLine;
}

export interface UseStmt {
  kind: 'use';
  path: Named;
  range: Range;
  line: LogicalLine;
}

/** Every logical line of the file, classified, in order: the formatter's and the outline's input. */
export interface LineInfo {
  line: LogicalLine;
  role: 'top' | 'scenario-item' | 'link' | 'card-effect' | 'error';
}

export interface SourceFile {
  uses: UseStmt[];
  cards: CardDef[];
  scenarios: Scenario[];
  lines: LineInfo[];
  comments: Comment[];
  lineCount: number;
}
