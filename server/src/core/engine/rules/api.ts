// The rule modules' contract. One module per rule family (ESLint's lib/rules, Clippy's lints): its
// metadata (codes, catalogue entries, quick fixes, when it is in force, what it reads from earlier
// modules) and its check. `rules/index.ts` lists the modules in run order; RULE_CODES, the catalogue
// behind hovers and the quick-fix tables are derived from them.
//
// How to add a rule (say R38; `npm run new-rule -- <family> "<title>"` writes the files of 1, 3 and 4 from a template):
//  1. Write `rules/<family>.ts` exporting `defineRule({...})` (copy a small one, e.g. once-per-chain.ts):
//     its `codes` (stable code -> rules, severity, summary, quick-fix kind), its `catalogue` entry
//     (id, title, tags, summary, sources from sources.ts, a note for [version]/[disputed] rules),
//     `inForce` (when it holds: 'always', or per region from/before a date of rules.md "Rulesets"; the
//     module runs only when one of its rules is in force), `underRuleset` for a rule the ruleset
//     changes (the line of the `rules` hover and `explain`), its `messages` and `check`.
//  2. Word each diagnostic in `messages`: a builder keyed by its code (`code/variant` when one code
//     has several wordings) taking typed parameters. The message says what is wrong, at which link,
//     and what would be legal, and ends with `[R38]` (the diagnostic carries the rule its message
//     cites first). In `check`, read the chain through the `ChainView` and report with
//     `report.say(key, link, params)` (`report.text` for a diagnostic built whole). Never read another module's codes:
//     if you need what an earlier module found, read `link.status` and name that module in `needs`
//     (add a field to `LinkStatus` if the module you depend on should set one).
//  3. Add the module to `RULE_MODULES` in rules/index.ts, after every module it `needs`.
//  4. Add `samples/rules/R38-<name>.segoc` with a legal and an illegal scenario (`expect` lines), a
//     `### R38 — <title>` section with the code's anchor in docs/rules.md, and run
//     `UPDATE_GOLDEN=1 npm test` to write the sample's golden file (read it).
import { Diagnostic } from '../../diagnostics';
import { Range } from '../../text';
import { LinkState } from '../classify';
import { InForce, Ruleset } from '../rulesets';
import { ChainView } from '../view';
import type { GameAction, CardRef } from '../../syntax/ast';
import type { CardInstance, PlayerIndex } from '../state';
import type { UnknownFact } from '../results';

export type { Ineligibility, LinkState, LinkStatus } from '../classify';
export type { ChainView } from '../view';
export type { Candidate } from '../collect';
export type { Category } from '../results';
export type { InForce, RegionWindow } from '../rulesets';

export type RuleTag = 'stable' | 'version' | 'disputed' | 'engine≠rule' | 'card-specific';

/** A rule of rules.md, as hovers and the docs test read it. */
export interface RuleInfo {
  /** 'R1', 'R2', ... */
  id: string;
  /** Short title, as the heading of docs/rules.md. */
  title: string;
  /** The tag a hover shows first: the one the user most needs to know about. */
  tag: RuleTag;
  /** Every tag of the rule (includes `tag`). */
  tags: RuleTag[];
  /** Stable diagnostic code, for the rules that raise one (derived from the module's `codes`). */
  code?: string;
  severity?: 'error' | 'warning';
  /** 1-3 sentences, own words. */
  summary: string;
  /** Where the facts come from: source key, then what it is (and its address where one exists). */
  sources: string[];
  /** For [version]/[disputed]/[engine≠rule] rules: what the ruleset switch does, or what differs. */
  note?: string;
  /** When the rule is in force (rules.md "Rulesets"): 'always', or per region from or before a date. */
  inForce: InForce;
  /**
   * For a rule the ruleset changes: the line the hover on `rules` and `explain` show for a ruleset,
   * in force or not (the rules the ruleset switches on or off first, then the ones it only nuances).
   */
  underRuleset?: (inForce: boolean, ruleset: Ruleset) => string;
}

/** A catalogue entry as a module writes it: code and severity come from the module's `codes`. */
export type CatalogueEntry = Omit<RuleInfo, 'code' | 'severity'>;

/** The quick fix a code's diagnostics get (built in fixes.ts, which needs the document text). */
export type FixKind = 'remove-link' | 'reorder' | 'insert-missing';

export interface CodeMeta {
  /** The rules that raise this code, the main one first (R19 and R20 share `missed-timing`). */
  rules: readonly string[];
  severity: 'error' | 'warning';
  /** One line, for completion, SARIF and the code's hover. */
  summary: string;
  fix?: FixKind;
}

export interface RelatedLink {
  link?: LinkState;
  range?: Range;
  message: string;
}

/**
 * A module's wording: one builder per message, keyed by the code it reports (`code/variant` when one
 * code has several wordings), taking typed parameters. The message ends with the rule it applies, `[R11]`.
 */
export type MessageTable = Readonly<Record<string, (p: never) => string>>;

/** The parameters of message `K` of table `M`. */
export type MessageParams<M extends MessageTable, K extends keyof M> = Parameters<M[K]>[0];

/** The code a message key reports: `segoc-order`, or `hand-trigger-order` for `hand-trigger-order/speed-3`. */
export function codeOfMessage(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

export interface Reporter {
  /**
   * A diagnostic on link `l` (its statement's range, the code's severity). The message ends with the
   * rule it applies, `[R11]` (added from the code when missing); the diagnostic carries that rule.
   */
  link(code: string, l: LinkState, message: string, related?: RelatedLink[]): void;
  /** A diagnostic built whole (its own range, fix or data); `on` is the link it is counted on. */
  add(d: Diagnostic, on?: LinkState): void;
}

/** The reporter a module's `check` gets: it reports by message key and parameters, worded by the module's table. */
export interface RuleReporter<M extends MessageTable = MessageTable> extends Pick<Reporter, 'add'> {
  /** A diagnostic on link `l` with the code of `key`, worded by `messages[key](params)`. */
  say<K extends keyof M & string>(key: K, l: LinkState, params: MessageParams<M, K>, related?: RelatedLink[]): void;
  /** The wording alone, for a diagnostic built whole (`add`). */
  text<K extends keyof M & string>(key: K, params: MessageParams<M, K>): string;
}

export interface RuleModule<M extends MessageTable = MessageTable> {
  /** File name without extension, as other modules' `needs` name it. */
  name: string;
  /** Codes this module owns (a module may also report a code another module owns). */
  codes: Readonly<Record<string, CodeMeta>>;
  /** rules.md entries of the rules this module implements (also rules without a code of their own). */
  catalogue: readonly CatalogueEntry[];
  /** The wording of every diagnostic this module reports, keyed by code (see MessageTable). */
  messages: M;
  /** Modules whose `LinkStatus` this one reads: they must run before it. */
  needs?: readonly string[];
  /** No check: a rule the timeline or classification applies (R2, R5 ...), catalogued here. */
  check?(chain: ChainView, report: RuleReporter<M>): void;
  /**
   * A check that needs what the scenario states after a chain (an event written later): run once the whole scenario
   * is simulated, after every chain's `check`; `chain.events` then holds every event of the scenario.
   */
  afterScenario?(chains: readonly ChainView[], reportOn: (chain: ChainView) => RuleReporter<M>): void;
  /** A check of a game action (no chain link), run just before the timeline applies it. */
  checkAction?(action: ActionView, report: ActionReporter<M>): void;
}

/**
 * A game action (a Summon by its procedure, a Pendulum Summon ...) as it is about to happen: no chain link, so the
 * board is the one before it and a diagnostic stands on the action's line.
 */
export interface ActionView {
  action: GameAction;
  range: Range;
  players: readonly string[];
  turn: PlayerIndex;
  ruleset: Ruleset;
  /** The scenario's cards, where they stand before the action. */
  instances: readonly CardInstance[];
  /** The game actions written before this one (a scenario is one turn). */
  earlier: ReadonlyArray<{ action: GameAction; range: Range }>;
  playerIndex(name: string): PlayerIndex | undefined;
  resolvedRef(r: CardRef): CardInstance | undefined;
  /** When a card's continuous effects started to apply (continuous.ts `AppliedSince`): of two that negate each other, the earlier wins. */
  appliedSince(c: CardInstance): number;
}

/** The reporter a module's `checkAction` gets: diagnostics on the action's line. */
export interface ActionReporter<M extends MessageTable = MessageTable> {
  /** A diagnostic on the action with the code of `key`, worded by `messages[key](params)`. */
  say<K extends keyof M & string>(key: K, params: MessageParams<M, K>): void;
  /** What the scenario left out and the check assumes (an error under `strict`, as a link's assumption is). */
  assume(what: string): void;
  /** The action is taken as legal on a card fact the library does not know (the `unknown-card-fact` warning). */
  restsOn(fact: UnknownFact): void;
}

/** A rule module, its message keys and parameters typed from its `messages`. */
export function defineRule<M extends MessageTable>(m: RuleModule<M>): RuleModule<M> {
  return m;
}

/**
 * A reporter that words `module`'s messages (the registry gives one to each module's `check`, for every chain): a
 * class, so that each is one small object whose methods are shared, not three closures made per module and chain.
 */
class ModuleReporter<M extends MessageTable> implements RuleReporter<M> {
  constructor(
    private readonly module: RuleModule<M>,
    private readonly report: Reporter,
  ) {}

  add(d: Diagnostic, on?: LinkState): void {
    this.report.add(d, on);
  }

  say<K extends keyof M & string>(key: K, l: LinkState, params: MessageParams<M, K>, related?: RelatedLink[]): void {
    this.report.link(codeOfMessage(key), l, this.text(key, params), related);
  }

  text<K extends keyof M & string>(key: K, params: MessageParams<M, K>): string {
    const build = (this.module.messages as MessageTable)[key] as ((p: unknown) => string) | undefined;
    if (!build) throw new Error(`rule module ${this.module.name} has no message ${key}`);
    return build(params);
  }
}

/** A reporter that words `module`'s messages (the registry gives one to each module's `check`). */
export function ruleReporter<M extends MessageTable>(module: RuleModule<M>, report: Reporter): RuleReporter<M> {
  return new ModuleReporter(module, report);
}

/** What each status tag means, for hovers. */
export const TAG_MEANINGS: Readonly<Record<RuleTag, string>> = {
  stable: 'agreed by every source read',
  version: 'depends on the ruleset, region or date (`rules tcg|ocg [as of DATE]`)',
  disputed: 'sources disagree, or only third-party sources exist; segoc follows the choice documented in docs/rules.md',
  'engine≠rule': 'ygopro/EDOPro behave differently from the published ruling; segoc follows the ruling',
  'card-specific': 'cards and card rulings add exceptions; segoc knows them through card definitions',
};
