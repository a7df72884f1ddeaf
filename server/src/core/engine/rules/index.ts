// The registry: every rule module in run order. RULE_CODES, the catalogue behind hovers, the
// quick-fix kinds and which rules a ruleset puts in force (with its description for the `rules` hover
// and `explain`) are derived from the modules' metadata; `ruleRegistry` checks the declarations (a
// module runs after every module it `needs`, codes, rule ids and message keys are declared once).
import { resolutionEffects } from './resolution-effects';
import { Diagnostic, RuleCodeInfo } from '../../diagnostics';
import { STRICT_ASSUMPTION, UNKNOWN_CARD_FACT, type UnknownFact } from '../unknown-facts';
import { isInForce, Ruleset, RulesInForce, rulesInForce } from '../rulesets';
import { ActionView, ChainView, codeOfMessage, FixKind, Reporter, RuleInfo, RuleModule, ruleReporter } from './api';
import { activationWindow } from './activation-window';
import { damageStep } from './damage-step';
import { damageStepTiming } from './damage-step-timing';
import { eligibility } from './eligibility';
import { faceDown } from './face-down';
import { handSummonLimit } from './hand-summon-limit';
import { handTriggers } from './hand-triggers';
import { mandatoryMissing } from './mandatory-missing';
import { numbering } from './numbering';
import { oncePerChain } from './once-per-chain';
import { phaseTriggers } from './phase-triggers';
import { resolution } from './resolution';
import { responders } from './responders';
import { segocOrder } from './segoc-order';
import { spellSpeed } from './spell-speed';
import { statedFacts } from './stated-facts';
import { startsNoChain } from './starts-no-chain';
import { summonNegation } from './summon-negation';
import { triggerOnce } from './trigger-once';
import { noResponse } from './no-response';
import { conditionQualifier } from './condition-qualifier';
import { perTurnLimits } from './per-turn-limits';
import { pendulum } from './pendulum';
import { grantedLingering } from './granted-lingering';
import { tokensControl } from './tokens-control';
import { locks } from './locks';
import { scopedLocks } from './scoped-locks';
import { activationNeeds } from './activation-needs';
import { stateConditions } from './state-conditions';
import { partConditions } from './part-conditions';

/** The rule modules, in the order they run on each chain. */
export const RULE_MODULES: readonly RuleModule[] = [
  numbering,
  resolution,
  eligibility,
  conditionQualifier,
  segocOrder,
  handTriggers,
  spellSpeed,
  phaseTriggers,
  responders,
  statedFacts,
  activationWindow,
  handSummonLimit,
  oncePerChain,
  damageStep,
  damageStepTiming,
  summonNegation,
  startsNoChain,
  faceDown,
  mandatoryMissing,
  resolutionEffects,
  triggerOnce,
  noResponse,
  perTurnLimits,
  pendulum,
  grantedLingering,
  tokensControl,
  locks,
  scopedLocks,
  activationNeeds,
  stateConditions,
  partConditions,
];

export interface RuleRegistry {
  readonly modules: readonly RuleModule[];
  /** Every rule diagnostic code, by the number of its main rule. */
  readonly codes: readonly RuleCodeInfo[];
  /** Every rule, R1, R2 ..., with the code it raises. */
  readonly catalogue: readonly RuleInfo[];
  codeInfo(code: string): RuleCodeInfo | undefined;
  fixKind(code: string): FixKind | undefined;
  /** The rule with that id ('R11', also 'r11'). */
  ruleById(id: string): RuleInfo | undefined;
  /** The rule a code cites; a code shared by two rules (R19/R20, R29/R31) maps to its main one. */
  ruleByCode(code: string): RuleInfo | undefined;
  /** Every rule raising that code, in order (R19 and R20 for missed-timing). */
  rulesByCode(code: string): RuleInfo[];
  /** Whether rule `id` is in force under a ruleset (as its module declares; a rule not registered is not). */
  inForce(id: string, ruleset: Ruleset): boolean;
  /** What the rest of the engine reads of a ruleset, from the rules' declarations. */
  rulesInForce(ruleset: Ruleset): RulesInForce;
  /** The ruleset's label, then a line for each rule the ruleset changes (the hover on `rules`, `explain`). */
  describeRuleset(ruleset: Ruleset): string[];
  /** Runs the modules in force (one of their rules is, or they catalogue none) on one chain. */
  check(chain: ChainView, report: Reporter): void;
  /** Runs the modules' checks of what a scenario states after its chains, once it is simulated. */
  afterScenario(chains: readonly ChainView[], reportOn: (chain: ChainView) => Reporter): void;
  /**
   * Runs the modules' checks of a game action about to happen: its diagnostics stand on the action's line, and what
   * the checks assumed of what the scenario does not say is returned beside them (shown as a link's assumptions are).
   */
  checkAction(action: ActionView, strict: boolean): { diagnostics: Diagnostic[]; assumptions: string[] };
}

const ruleNumber = (id: string) => Number(id.slice(1));

/** A registry of these modules, in this order. Throws on a declaration error (a programming error, not user input). */
export function ruleRegistry(modules: readonly RuleModule[]): RuleRegistry {
  const seen = new Set<string>();
  const declared: Array<RuleCodeInfo & { fix?: FixKind }> = [];
  const catalogue: RuleInfo[] = [];
  const codeOfRule = new Map<string, { code: string; severity: 'error' | 'warning' }>();
  for (const m of modules) {
    for (const need of m.needs ?? []) {
      if (!seen.has(need)) throw new Error(`rule module ${m.name} needs ${need}, which must run before it`);
    }
    if (seen.has(m.name)) throw new Error(`rule module ${m.name} is listed twice`);
    seen.add(m.name);
    for (const [code, meta] of Object.entries(m.codes)) {
      if (declared.some((c) => c.code === code)) throw new Error(`code ${code} is declared twice (${m.name})`);
      declared.push({ code, rule: meta.rules[0], severity: meta.severity, summary: meta.summary, fix: meta.fix });
      for (const id of meta.rules) codeOfRule.set(id, { code, severity: meta.severity });
    }
  }
  for (const m of modules) {
    for (const entry of m.catalogue) {
      if (catalogue.some((r) => r.id === entry.id)) throw new Error(`rule ${entry.id} is catalogued twice (${m.name})`);
      const c = codeOfRule.get(entry.id);
      catalogue.push(c ? { ...entry, code: c.code, severity: c.severity } : { ...entry });
    }
  }
  for (const m of modules) {
    for (const key of Object.keys(m.messages)) {
      if (!declared.some((c) => c.code === codeOfMessage(key))) throw new Error(`message ${key} of ${m.name} reports no declared code`);
    }
  }
  for (const id of codeOfRule.keys()) if (!catalogue.some((r) => r.id === id)) throw new Error(`rule ${id} raises a code but has no catalogue entry`);
  declared.sort((a, b) => ruleNumber(a.rule) - ruleNumber(b.rule));
  catalogue.sort((a, b) => ruleNumber(a.id) - ruleNumber(b.id));
  const byCode = new Map(declared.map((c) => [c.code, c]));
  const byId = new Map(catalogue.map((r) => [r.id.toUpperCase(), r]));
  const inForce = (id: string, ruleset: Ruleset) => {
    const rule = byId.get(id.toUpperCase());
    return rule !== undefined && isInForce(rule.inForce, ruleset);
  };
  // The rules a ruleset switches on or off, then the ones it only nuances (R5's OCG Trap triggers).
  const underRuleset = [...catalogue.filter((r) => r.underRuleset && r.inForce !== 'always'), ...catalogue.filter((r) => r.underRuleset && r.inForce === 'always')];
  // Asked for every module at every chain: a plain loop, no closure made per call.
  const moduleInForce = (m: RuleModule, ruleset: Ruleset): boolean => {
    if (m.catalogue.length === 0) return true;
    for (const r of m.catalogue) if (isInForce(r.inForce, ruleset)) return true;
    return false;
  };
  return {
    modules,
    codes: declared.map(({ code, rule, severity, summary }) => ({ code, rule, severity, summary })),
    catalogue,
    codeInfo: (code) => {
      const c = byCode.get(code);
      return c && { code: c.code, rule: c.rule, severity: c.severity, summary: c.summary };
    },
    fixKind: (code) => byCode.get(code)?.fix,
    ruleById: (id) => byId.get(id.trim().toUpperCase()),
    ruleByCode: (code) => {
      const c = byCode.get(code);
      return c && byId.get(c.rule);
    },
    rulesByCode: (code) => catalogue.filter((r) => r.code === code),
    inForce,
    rulesInForce: (ruleset) => rulesInForce(ruleset, (id) => inForce(id, ruleset)),
    describeRuleset: (ruleset) => [ruleset.label, ...underRuleset.map((r) => r.underRuleset!(isInForce(r.inForce, ruleset), ruleset))],
    check(chain, report) {
      for (const m of modules) if (m.check && moduleInForce(m, chain.ruleset)) m.check(chain, ruleReporter(m, report));
    },
    afterScenario(chains, reportOn) {
      if (chains.length === 0) return;
      for (const m of modules) if (m.afterScenario && moduleInForce(m, chains[0].ruleset)) m.afterScenario(chains, (chain) => ruleReporter(m, reportOn(chain)));
    },
    checkAction(action, strict) {
      const out: Diagnostic[] = [];
      const facts: UnknownFact[] = [];
      const assumptions: string[] = [];
      for (const m of modules) {
        if (!m.checkAction || !moduleInForce(m, action.ruleset)) continue;
        m.checkAction(action, {
          say(key, params) {
            const code = codeOfMessage(key);
            const info = byCode.get(code)!;
            const message = (m.messages[key] as (p: unknown) => string)(params);
            const cited = /\[(R\d+)/.exec(message)?.[1];
            out.push({ code, severity: info.severity, message: cited ? message : `${message} [${info.rule}]`, range: action.range, rule: cited ?? info.rule });
          },
          assume(what) {
            if (!assumptions.includes(what)) assumptions.push(what);
            if (strict) out.push({ code: STRICT_ASSUMPTION, severity: 'error', message: `This game action rests on what the scenario does not say: ${what}. State it in the scenario (--strict: a verdict may not rest on an assumption)`, range: action.range });
          },
          restsOn(fact) {
            if (!facts.some((f) => f.what === fact.what)) facts.push(fact);
          },
        });
      }
      // As on a link (unknown-facts.ts): a fact the action rests on is said unless the action is already illegal.
      if (facts.length && !out.some((d) => d.severity === 'error')) {
        out.push({
          code: UNKNOWN_CARD_FACT,
          severity: strict ? 'error' : 'warning',
          message: `This game action is taken as legal on a card fact the card library does not know: ${facts.map((f) => `${f.what}, and ${f.why}`).join('; ')}. ${strict ? 'With --strict a verdict may not rest on it: c' : 'C'}heck the card's text and rulings, and state the fact in a \`card\` definition`,
          range: action.range,
        });
      }
      return { diagnostics: out, assumptions };
    },
  };
}

/** The registry of the shipped rules. */
export const RULE_REGISTRY = ruleRegistry(RULE_MODULES);

/** The stable rule diagnostic codes of rules.md, from the rule modules' metadata. */
export const RULE_CODES: readonly RuleCodeInfo[] = RULE_REGISTRY.codes;

export function ruleCodeInfo(code: string): RuleCodeInfo | undefined {
  return RULE_REGISTRY.codeInfo(code);
}

export function isRuleCode(code: string): boolean {
  return RULE_REGISTRY.codeInfo(code) !== undefined;
}
