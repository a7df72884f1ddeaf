// Diagnostics are data: core reports every problem as a value with a range and never throws on
// user input. Rule codes are stable (rules.md); language codes are documented in docs/language.md.
// A leaf of core (it imports only text.ts): the parser and every layer above it report through it, so
// it knows nothing of them; the rule codes (RULE_CODES, isRuleCode) come from the rule registry
// (engine/rules/index.ts), which is the one that knows the rules.
import { Range } from './text';
import { quoteName } from './syntax/quote';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface RelatedInfo {
  range: Range;
  message: string;
  /** Chain link this related location is (1-based), when it is a link. */
  link?: number;
}

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  /** Rule id (R1, R2 ...) for rule diagnostics, the one the message cites; undefined for language errors. */
  rule?: string;
  /** 1-based chain number within the scenario, and link number within that chain. */
  chain?: number;
  link?: number;
  scenario?: number;
  related?: RelatedInfo[];
  /** Machine-readable hints for quick fixes (replacement text etc.). */
  fix?: QuickFix[];
  /** Facts for quick fixes (e.g. where a missing trigger belongs). */
  data?: { player?: string; card?: string; isLabel?: boolean; ambiguous?: boolean; insertAt?: number };
  /** Set when an `expect` line turned this rule diagnostic into information. */
  expected?: boolean;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface QuickFix {
  title: string;
  edits: TextEdit[];
  preferred?: boolean;
}

export interface RuleCodeInfo {
  code: string;
  rule: string;
  severity: Severity;
  summary: string;
}

export interface LanguageCodeInfo {
  code: string;
  summary: string;
}

/** Codes of the language itself (syntax and names). Always errors unless stated. */
export const LANGUAGE_CODES: readonly LanguageCodeInfo[] = [
  { code: 'syntax', summary: 'a line that does not follow the grammar' },
  { code: 'unterminated-name', summary: 'a quoted card name without its closing quote' },
  { code: 'unknown-statement', summary: 'a line that starts with no known keyword, player or link number' },
  { code: 'outside-scenario', summary: 'a scenario line before the first `scenario` line' },
  { code: 'outside-card', summary: 'an effect line that follows no `card` line' },
  { code: 'outside-chain', summary: 'a link line that follows no `chain` line' },
  { code: 'unknown-card', summary: 'a card name that neither the file, the workspace nor the library defines' },
  { code: 'unknown-player', summary: 'a player name that the `players` line does not name' },
  { code: 'unknown-label', summary: 'a label that no board line gives' },
  { code: 'ambiguous-card', summary: 'a name that two copies of that player share; use a label or a possessive' },
  { code: 'owner-assumed', summary: "a name both players have, written without whose: segoc takes one player's copy by a default and says whose (a warning)" },
  { code: 'ambiguous-effect', summary: 'a card with several effects where none fits the situation alone; use `effect N`' },
  { code: 'effect-chosen', summary: 'information: a card with several effects that could be meant at a link; which was taken and why (`effect N` chooses another)' },
  { code: 'no-such-effect', summary: '`effect N` where the card has fewer effects; a link to a Normal Monster (no effect to activate)' },
  { code: 'duplicate-label', summary: 'a label given to two copies' },
  { code: 'duplicate-card', summary: 'a card defined twice in the same file' },
  { code: 'redefines-library-card', summary: 'a card definition that replaces a card of the library (a warning)' },
  { code: 'conflicting-card', summary: 'a card that another file in force here (a card file of the project, an import) defines differently' },
  { code: 'missing-players', summary: 'a scenario without a `players` line (Yugi and Kaiba are assumed)' },
  { code: 'missing-turn', summary: 'a scenario without a `turn` line (warning: the first player is taken as turn player)' },
  { code: 'late-header', summary: 'a `players`, `turn` or `rules` line after the first board, action or chain line' },
  { code: 'duplicate-header', summary: 'a `players`, `turn` or `rules` line given twice in a scenario' },
  { code: 'bad-date', summary: 'an `as of` date that is not YYYY, YYYY-MM or YYYY-MM-DD, or a day the calendar does not have' },
  { code: 'bad-expect', summary: 'an `expect` line naming an unknown code, link or chain' },
  { code: 'conflicting-expect', summary: '`expect legal` in a scenario that also has `expect illegal`' },
  { code: 'duplicate-expect', summary: 'the same expectation twice in a scenario' },
  { code: 'expect-unmet', summary: 'an `expect` line that the checker does not confirm' },
  { code: 'unknown-card-fact', summary: 'a link that is legal only on a card fact the library does not know (a warning; an error with --strict)' },
  { code: 'assumed-in-strict', summary: 'with --strict: a link that rests on something the scenario does not say' },
  { code: 'unknown-event', summary: 'an event phrase the engine cannot evaluate (it is assumed to be met)' },
  { code: 'text-differs', summary: "an effect line that the card's `text` reads otherwise (the line is used)" },
  { code: 'text-too-long', summary: 'a card `text` longer than 8,000 characters: nothing is inferred from it (a warning)' },
  { code: 'use-not-found', summary: 'a `use` path that cannot be read' },
  { code: 'use-cycle', summary: 'a `use` chain that comes back to this file' },
  { code: 'use-not-segoc', summary: 'a `use` path that is not a .segoc file' },
  { code: 'unterminated-block', summary: 'a segoc block of a Markdown or wikitext page that is never closed' },
  { code: 'too-large', summary: 'a file or page with more scenario text than segoc checks at once (1,000,000 characters of scenario lines): nothing in it is checked' },
];

/** The message for a card name written without its quotes, wherever the parser or the names find one. */
export function notQuotedMessage(name: string): string {
  return `card names are written in quotes: \`${name}\` is not quoted (write ${quoteName(name)})`;
}

/** The quick fix that quotes it. */
export function quoteFix(name: string, range: Range): QuickFix {
  return { title: `Quote it: ${quoteName(name)}`, edits: [{ range, newText: quoteName(name) }], preferred: true };
}
