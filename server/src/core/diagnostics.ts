// Diagnostics are data: core reports every problem as a value with a range and never throws on
// user input. Rule codes are stable (rules.md); language codes are documented in docs/language.md.
import { Range } from './text';

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
  /** Rule id (R1..R33) for rule diagnostics; undefined for language errors. */
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

/** The stable rule diagnostic codes of rules.md. */
export const RULE_CODES: readonly RuleCodeInfo[] = [
  { code: 'chain-numbering', rule: 'R1', severity: 'error', summary: 'links not numbered 1..n in order' },
  { code: 'spell-speed', rule: 'R6', severity: 'error', summary: 'CLn has a lower Spell Speed than CL(n-1)' },
  {
    code: 'spell-speed-1-chained',
    rule: 'R7',
    severity: 'error',
    summary: 'a Spell Speed 1 effect that is not a member of the trigger batch at CL2 or higher',
  },
  { code: 'counter-trap-only', rule: 'R8', severity: 'error', summary: 'a non-Counter Trap placed on a Counter Trap' },
  {
    code: 'trigger-must-wait',
    rule: 'R10',
    severity: 'error',
    summary: 'a trigger placed in the same chain whose activation, cost or resolution met its condition',
  },
  {
    code: 'segoc-order',
    rule: 'R11',
    severity: 'error',
    summary: 'a trigger of a later category (TP mandatory, NTP mandatory, TP optional, NTP optional) below an earlier one',
  },
  {
    code: 'legacy-trigger-order',
    rule: 'R13',
    severity: 'error',
    summary: 'legacy TCG only: same player and category, not in the order the conditions were met',
  },
  {
    code: 'fast-effect-in-batch',
    rule: 'R14',
    severity: 'error',
    summary: 'a fast effect between trigger-batch links, or a batch trigger placed above a fast effect',
  },
  {
    code: 'no-target-at-collection',
    rule: 'R15',
    severity: 'error',
    summary: 'a batch trigger that had no legal target (or could not pay) when the triggers were collected',
  },
  {
    code: 'mandatory-trigger-missing',
    rule: 'R17',
    severity: 'warning',
    summary: 'an activatable mandatory trigger is left out of its batch',
  },
  {
    code: 'missed-timing',
    rule: 'R19',
    severity: 'error',
    summary: 'an optional "when" trigger whose condition was not the last thing to happen',
  },
  {
    code: 'location-changed',
    rule: 'R23',
    severity: 'error',
    summary: 'a trigger whose card changed location before it could activate (current rules)',
  },
  {
    code: 'phase-trigger-chained',
    rule: 'R24',
    severity: 'error',
    summary: 'two phase-timed triggers in one chain',
  },
  {
    code: 'phase-trigger-lost',
    rule: 'R25',
    severity: 'error',
    summary: 'an optional phase trigger activated after both players passed',
  },
  {
    code: 'hand-summon-limit',
    rule: 'R27',
    severity: 'error',
    summary: 'a second trigger of a monster that Special Summons itself from the hand, same player, same chain',
  },
  {
    code: 'hand-trigger-order',
    rule: 'R28',
    severity: 'error',
    summary: 'OCG only: a hand trigger placed below a public trigger of its batch, or on a Spell Speed 3 link',
  },
  {
    code: 'must-chain-directly',
    rule: 'R29',
    severity: 'error',
    summary: 'a "when ... is activated" effect not directly above the activation it answers, or whose condition CL(n-1) does not meet',
  },
  {
    code: 'event-window-passed',
    rule: 'R32',
    severity: 'error',
    summary: 'an effect responding to a game event after another chain resolved in between',
  },
  { code: 'damage-step', rule: 'R30', severity: 'error', summary: 'an activation that the Damage Step does not allow' },
  { code: 'once-per-chain', rule: 'R33', severity: 'error', summary: 'a once-per-chain effect twice in one chain' },
];

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
  { code: 'ambiguous-effect', summary: 'a card with several effects where none fits the situation alone; use `effect N`' },
  { code: 'no-such-effect', summary: '`effect N` where the card has fewer effects' },
  { code: 'duplicate-label', summary: 'a label given to two copies' },
  { code: 'duplicate-card', summary: 'a card defined twice in the same file' },
  { code: 'missing-players', summary: 'a scenario without a `players` line (Yugi and Kaiba are assumed)' },
  { code: 'bad-date', summary: 'an `as of` date that is not YYYY, YYYY-MM or YYYY-MM-DD' },
  { code: 'bad-expect', summary: 'an `expect` line naming an unknown code, link or chain' },
  { code: 'expect-unmet', summary: 'an `expect` line that the checker does not confirm' },
  { code: 'unknown-event', summary: 'an event phrase the engine cannot evaluate (it is assumed to be met)' },
  { code: 'text-differs', summary: "an effect line that the card's `text` reads otherwise (the line is used)" },
  { code: 'use-not-found', summary: 'a `use` path that cannot be read' },
  { code: 'use-cycle', summary: 'a `use` chain that comes back to this file' },
  { code: 'use-not-segoc', summary: 'a `use` path that is not a .segoc file' },
  { code: 'unterminated-block', summary: 'a segoc block of a Markdown or wikitext page that is never closed' },
];

const RULE_BY_CODE = new Map(RULE_CODES.map((c) => [c.code, c]));

export function ruleCodeInfo(code: string): RuleCodeInfo | undefined {
  return RULE_BY_CODE.get(code);
}

export function isRuleCode(code: string): boolean {
  return RULE_BY_CODE.has(code);
}
