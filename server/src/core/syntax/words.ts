// The language's words: one table the parser reads its keywords from, and completion, semantic tokens,
// hovers and the TextMate grammar follow (test/grammar-words.test.ts checks the grammar against it: every
// word here gets its class's scope, and the grammar matches no word that is not here). A word the parser
// learns goes into its class here, and the grammar test says where the highlighting must learn it too.
import { MODIFIER_START_WORDS, PHASE_WORDS, SUMMON_METHODS, ZONE_WORDS } from '../words';

/** Action verbs that take cards (`destroy "X"`); completion offers card names after them too. */
export const CARD_ACTION_VERBS: readonly string[] = [
  'destroy',
  'destroys',
  'send',
  'sends',
  'discard',
  'discards',
  'tribute',
  'tributes',
  'banish',
  'banishes',
  'return',
  'returns',
  'shuffle',
  'add',
  'adds',
  'equip',
  'take',
];

/** One class of words: the words, and how the editor shows them. */
export interface WordClass {
  readonly words: readonly string[];
  /** The TextMate scope a word of the class gets (its prefix), in the line `probe` with `$` replaced by the word. */
  readonly scope: string;
  readonly probe: string;
  /** What the probe writes for a word that starts a phrase (`special` -> `special summon`); default: the word. */
  readonly phrase?: (word: string) => string;
  /** Its semantic token type (lsp/semantic-tokens.ts), where it has one of its own. */
  readonly token?: 'keyword' | 'function' | 'enumMember';
}

function wordClass(words: readonly string[], scope: string, probe: string, token?: WordClass['token'], phrase?: WordClass['phrase']): WordClass {
  return { words, scope, probe, token, phrase };
}

const SUMMON_PREFIXES: readonly string[] = ['special', ...SUMMON_METHODS];

/** The language's words by class. */
export const LANGUAGE_WORDS = {
  /** Words that start a top-level statement. */
  topLevel: wordClass(['scenario', 'card', 'use'], 'keyword.control', '$', 'keyword'),
  /** Words that start a block or a check of a scenario. */
  blocks: wordClass(['chain', 'expect'], 'keyword.control', '  $', 'keyword'),
  /** A scenario's header lines. */
  headers: wordClass(['source', 'rules', 'players', 'turn', 'phase'], 'keyword.other.header', '  $ x', 'keyword'),
  /** What the lines under a `card` start with: effect kinds, aliases and texts. */
  effectKinds: wordClass(['trigger', 'quick', 'ignition', 'continuous', 'flip', 'responds', 'activation', 'alias', 'archetype', 'text'], 'keyword.other.effect', '  $ to x', 'keyword'),
  /** Words of an effect line's head. */
  effectWords: wordClass(['mandatory', 'optional', 'when', 'if'], 'keyword', '  trigger $', 'keyword'),
  /** Words that may follow the card of a link. */
  linkClauses: wordClass(['effect', 'from', 'cost', 'target', 'targets', 'targeting', 'to', 'granted'], 'keyword', '  1 Yugi "X" $ "Y"', 'keyword'),
  /** Verbs of the actions of a link's resolution (`-> destroy "X"`) and of game actions. */
  actions: wordClass(
    [...CARD_ACTION_VERBS, 'special', 'draw', 'draws', 'negate', 'negates', 'pay', 'pays', 'change', 'changes', 'end', 'ends', 'nothing', 'set', 'sets', 'place', 'places', ...SUMMON_METHODS],
    'keyword.other',
    '  1 Yugi "X" -> $',
    'function',
    (w) => (SUMMON_PREFIXES.includes(w) ? `${w} summon` : w),
  ),
  /** The word after `negate the` that makes it the negation of a Summon (`negate the summon`, R50). */
  negatedSummon: wordClass(['summon'], 'keyword.other', '  1 Yugi "X" -> negate the $', 'function'),
  /** The words that start a part of the Damage Step written as a game action (`before damage calculation`, R55). */
  damageStepParts: wordClass(['start', 'before', 'during', 'after', 'calculation'], 'support.constant.phase', '  $', undefined, (w) =>
    w === 'start' ? 'start of damage step' : w === 'calculation' ? 'during damage calculation' : `${w} damage calculation`,
  ),
  /** Words of a player's game actions besides the Summons (`Yugi attacks directly`, `Yugi passes`). */
  playerActions: wordClass(['attacks', 'directly', 'passes', 'takes', 'tributing', 'using'], 'keyword.other', '  Yugi $'),
  /**
   * `pendulum zone`: a board line's place on the field (`Yugi pendulum zone: "X"`), where a link activates its card
   * (`to pendulum zone`) and where an effect places it (`place "X" in pendulum zone`); also `Yugi pendulum summons` (R66, R67).
   */
  pendulumZone: wordClass(['pendulum', 'zone'], 'support.type.zone', '  Yugi $: "X"', 'enumMember', () => 'pendulum zone'),
  /** Zone words (board lines, `from` clauses, events and modifiers). */
  zones: wordClass(Object.keys(ZONE_WORDS), 'support.type.zone', '  Yugi $: "X"', 'enumMember'),
  /** Phase words of a `phase` line. */
  phases: wordClass(Object.keys(PHASE_WORDS), 'support.constant.phase', '  phase $', 'enumMember'),
  /**
   * The words that start a modifier of an effect line (the effect property table's; the grammar test writes each
   * as its whole modifier, from the card vocabulary, which this layer may not import).
   */
  modifiers: wordClass([...MODIFIER_START_WORDS], 'keyword', '  ignition, $'),
} as const;

export type WordClassName = keyof typeof LANGUAGE_WORDS;

/** The classes a word belongs to (a word may stand in several: `set` is an action and a board word). */
export function wordClassesOf(word: string): WordClassName[] {
  return (Object.keys(LANGUAGE_WORDS) as WordClassName[]).filter((c) => LANGUAGE_WORDS[c].words.includes(word));
}
