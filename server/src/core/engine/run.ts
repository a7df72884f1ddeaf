// The rules engine for one scenario, as a pipeline: header → names → timeline, and for each chain:
// trigger collection → link classification → simulation of its placement and resolution → the rule
// modules (rules/index.ts) → results. Rules only report what the scenario shows: where a fact is
// missing, the engine records an assumption and accepts the claim.
import { CardIndex } from '../cards';
import { Diagnostic, RelatedInfo } from '../diagnostics';
import { ChainBlock, GameAction, Scenario } from '../syntax/ast';
import type { Range } from '../text';
import { parse } from '../syntax/parser';
import { batchMembers, classify, ClassifyContext, linkState, LinkState } from './classify';
import { category, collect } from './collect';
import { chainResult, chainSummary } from './chain-result';
import { readHeader } from './header';
import { Reference } from './resolve-names';
import { ActionAssumptions, ChainResult, ScenarioResult } from './results';
import { ChainView, Reporter } from './rules/api';
import type { TurnActivation } from './view';
import { RULE_REGISTRY, RuleRegistry } from './rules';
import { resolveScenarioNames, ScenarioNames } from './scenario-names';
import { CardInstance, PlayerIndex } from './state';
import { Timeline } from './timeline';
import { placeLink, resolveChain } from './link-effects';
import { checkOutcomes } from './outcomes';
import type { ExpectOutcomeStmt } from '../syntax/ast';
import { keepLayoutOf } from '../layout';
import { UNKNOWN_CARD_FACT, verdictBasisDiagnostics, VERDICT_BASIS_CODES } from './unknown-facts';
import { quoteName } from '../syntax/quote';
import { negatesSummon } from './negates-summon';

export interface ScenarioRun {
  result: ScenarioResult;
  references: Reference[];
  /** The unknown card names met (the first `suggestionBudget` of them got a "did you mean"). */
  unknownNames: number;
  /** Every card copy of the scenario, where it is once the scenario has run (who can act: core/responses). */
  instances: readonly CardInstance[];
}

export interface ScenarioOptions {
  cards: CardIndex;
  defaultRuleset: { region: 'tcg' | 'ocg'; asOf?: string };
  index: number;
  /** False: chains are summed up without their links, order and resolution (AnalyzeOptions.detail). */
  chainDetail?: boolean;
  /** The rule modules to run (default: the shipped ones). */
  rules?: RuleRegistry;
  /** Every assumption is an error: unknown card facts and what the scenario left out (unknown-facts.ts). */
  strict?: boolean;
  /** How many unknown names may get a "did you mean" (what the file's budget has left; default the whole of it). */
  suggestionBudget?: number;
  /**
   * The first chain the rule modules check and the result details (default 1: every chain). The chains before it are
   * simulated (what they did is the state the later ones start from) but not checked, and summed up as with
   * `chainDetail` false: who can act (core/responses) asks only about the last chain of a scenario cut at a point.
   */
  checkChainsFrom?: number;
  /** The parser's errors on the scenario's lines (a line it could not read is a mistake the run follows on from). */
  parseErrors?: readonly Diagnostic[];
}

export function runScenario(sc: Scenario, opts: ScenarioOptions): ScenarioRun {
  layoutKeeper ??= keepLayouts();
  return pipeline(sc, opts).run;
}

function pipeline(sc: Scenario, opts: ScenarioOptions): { run: ScenarioRun; timeline: Timeline } {
  const registry = opts.rules ?? RULE_REGISTRY;
  const languageErrors: Diagnostic[] = [];
  const header = readHeader(sc, opts.defaultRuleset, languageErrors);
  const rules = registry.rulesInForce(header.ruleset);
  const names = resolveScenarioNames(sc, opts.cards, header.players, header.turn, opts.index, opts.suggestionBudget);
  const timeline = new Timeline(header.players, names);
  const ruleDiagnostics: Diagnostic[] = [];
  const chains: ChainResult[] = [];
  /** Each chain as checked, kept for the checks of what the scenario states after it (afterScenario). */
  const checked: Array<{ view: ChainView; block: ChainBlock; leftovers: string[]; diags: Diagnostic[] }> = [];
  const earlierActivations: TurnActivation[] = [];
  const classifyContext: ClassifyContext = {
    turn: header.turn,
    rules,
    phase: timeline.phase,
    playerIndex: (name) => timeline.playerIndex(name),
    resolved: names.resolved,
    errors: languageErrors,
  };
  const who = (p: PlayerIndex | undefined) => (p === undefined ? '?' : header.players[p]);

  const runChain = (block: ChainBlock): void => {
    const chainIndex = checked.length + 1;
    // At the moment a Summon would happen (R50) no trigger is collected: what the Summon's materials and Tributes
    // met waits for this chain, and the Summon's own triggers wait for it to succeed (settleSummon).
    const summonAttempt = timeline.pendingSummon?.event;
    const collected = summonAttempt ? [] : collect(timeline);
    const windowStartIndex = timeline.windowStart;
    const chainStartEvent = timeline.events.length;
    const stepAtStart = timeline.step;
    const phase = timeline.phase;
    const phaseStated = timeline.phaseStated;
    const phaseClosed = timeline.phaseClosed;
    const damageStepPart = timeline.phase === 'damage-step' ? timeline.damageStepPart : undefined;
    classifyContext.phase = phase;
    const said = languageErrors.length;
    const links: LinkState[] = block.links.map((stmt, i) => linkState(classifyContext, stmt, i + 1, collected));
    // What classification says at a link (effect-chosen, a Normal Monster's no-such-effect) belongs to this chain.
    for (const d of languageErrors.slice(said)) if (d.link !== undefined) d.chain = chainIndex;
    classify(classifyContext, links);

    // Simulate placement (activation and costs), then resolution.
    for (const l of links) placeLink(timeline, l, chainIndex);
    const lastPlacementEvent = timeline.events.length;
    const leftovers = resolveChain(timeline, links, chainIndex);
    const chainEndEvent = timeline.events.length;

    // Check the claim.
    const diags: Diagnostic[] = [];
    const view: ChainView = {
      chainIndex,
      links,
      members: batchMembers(links),
      collected,
      events: timeline.events,
      chainStartEvent,
      lastPlacementEvent,
      windowStartIndex,
      chainEndEvent,
      stepAtStart,
      phase,
      phaseStated,
      phaseClosed,
      damageStepPart,
      players: header.players,
      turn: header.turn,
      ruleset: header.ruleset,
      rules,
      summonAttempt,
      instances: names.names.instances,
      knownEmpty: names.knownEmpty,
      earlierActivations: [...earlierActivations],
      scenarioRange: sc.range,
      controllerOf: (c) => timeline.controllerOf(c),
      resolvedRef: (r) => names.resolved.get(r),
      category: (player, mandatory) => category(header.turn, player, mandatory),
      who,
      linkName: (l) => `CL${l.position} ${who(l.player)}'s ${quoteName(l.inst?.name ?? '?')}`,
    };
    if (chainIndex >= (opts.checkChainsFrom ?? 1)) registry.check(view, reporter(registry, diags));
    checked.push({ view, block, leftovers, diags });

    for (const l of links) {
      // A link that activates a card its player does not control (R35) used nothing of theirs.
      if (!l.inst?.card || !l.effect || l.player === undefined || timeline.controllerOf(l.inst) !== l.player) continue;
      earlierActivations.push({ player: l.player, cardKey: l.inst.card.key, copyId: l.inst.id, effectIndex: l.effect.index, activation: l.effect.kind === 'activation', chainIndex, linkName: view.linkName(l), negated: l.negated });
    }
    // What this chain produced is the next window (after a Summon's moment, with what that Summon's action did).
    timeline.settleSummon();
    timeline.afterChain(summonAttempt ? windowStartIndex : chainStartEvent);
  };

  // Game actions are checked as they are about to happen (the board before them); their diagnostics stand on their lines.
  const actionDiagnostics: Diagnostic[] = [];
  const actionAssumptions: ActionAssumptions[] = [];
  const earlierActions: Array<{ action: GameAction; range: Range }> = [];
  sc.items.forEach((item, i) => {
    if (item.kind === 'action') {
      const checked = registry.checkAction(
          {
            action: item.action,
            range: item.range,
            players: header.players,
            turn: header.turn,
            ruleset: header.ruleset,
            instances: names.names.instances,
            earlier: [...earlierActions],
            playerIndex: (name) => timeline.playerIndex(name),
            resolvedRef: (r) => names.resolved.get(r),
            appliedSince: (c) => timeline.appliedSince(c),
          },
          !!opts.strict,
        );
      actionDiagnostics.push(...checked.diagnostics);
      if (checked.assumptions.length) actionAssumptions.push({ range: item.range, assumptions: checked.assumptions });
      earlierActions.push({ action: item.action, range: item.range });
      timeline.gameAction(item.action, item.range, chainNegatesSummon(sc, i, names.resolved));
    }
    else if (item.kind === 'chain') runChain(item);
  });
  // What the scenario states after a chain can contradict an assumption made at it; then the results.
  registry.afterScenario(
    checked.map((c) => c.view),
    (view) => reporter(registry, checked[view.chainIndex - 1].diags),
  );
  // One mistake, one error: from the chain that holds a line the parser could not read, or a card, player or
  // label that does not resolve, the simulation no longer follows what the judge wrote; what the rules find
  // there (a trigger "missing" for the misspelt card, a card "not there" because the misspelt Dark Hole
  // destroyed nothing) stems from that mistake and is not said.
  let firstMistake = Infinity;
  for (const list of [names.names.diagnostics, opts.parseErrors ?? []]) for (const d of list) if (d.severity === 'error') firstMistake = Math.min(firstMistake, d.range.start.line);
  const followFrom = firstMistake === Infinity ? Infinity : firstAffectedLine(sc, firstMistake);
  let restsOnUnknownFacts = false;
  for (const { view, block, leftovers, diags: all } of checked) {
    // A diagnostics-only check (chainDetail false: `segoc check` without --chains) builds no quick fixes, as analyze's
    // addFixes does not run there: the fixes' card definitions are not printed.
    const cardOf = opts.chainDetail === false ? undefined : (name: string) => opts.cards.get(name);
    const basis = verdictBasisDiagnostics(view.links, all, !!opts.strict, cardOf, sc.range.start);
    all.push(...basis);
    const diags = all.filter((d) => d.range.start.line < followFrom);
    if (diags.length < all.length) for (const l of view.links) l.codes = l.codes.filter((c) => diags.some((d) => d.code === c && d.link === l.position));
    restsOnUnknownFacts ||= diags.some((d) => d.code === UNKNOWN_CARD_FACT);
    for (const d of diags) d.chain = view.chainIndex;
    ruleDiagnostics.push(...diags);
    const detail = opts.chainDetail !== false && view.chainIndex >= (opts.checkChainsFrom ?? 1);
    chains.push(!detail ? chainSummary(block, view.chainIndex, diags, view.phase) : chainResult(view, block, leftovers, diags));
  }

  const actionDiags = actionDiagnostics.filter((d) => d.range.start.line < followFrom);
  restsOnUnknownFacts ||= actionDiags.some((d) => d.code === UNKNOWN_CARD_FACT);
  ruleDiagnostics.push(...actionDiags);
  const diagnostics = [...languageErrors, ...names.names.diagnostics, ...ruleDiagnostics];
  for (const d of diagnostics) d.scenario = opts.index;
  const hasLanguageError = firstMistake !== Infinity || diagnostics.some((d) => d.severity === 'error' && !registry.codeInfo(d.code) && !VERDICT_BASIS_CODES.has(d.code));
  const ruleErrors = ruleDiagnostics.some((d) => d.severity === 'error');
  const result: ScenarioResult = {
    index: opts.index,
    title: sc.title.text,
    range: sc.range,
    titleRange: sc.title.range,
    source: header.source,
    ruleset: header.ruleset,
    players: header.players,
    turnPlayer: header.players[header.turn],
    chains,
    // Past the first mistake the simulation no longer follows the text: what was assumed there is not said either.
    actionAssumptions: actionAssumptions.filter((a) => a.range.start.line < followFrom),
    verdict: hasLanguageError ? 'invalid' : ruleErrors ? 'illegal' : 'legal',
    restsOnUnknownFacts: restsOnUnknownFacts && !hasLanguageError && !ruleErrors,
    diagnostics,
  };
  const outcomeStmts = sc.items.filter((x): x is ExpectOutcomeStmt => x.kind === 'expect-outcome');
  if (outcomeStmts.length) result.outcomes = checkOutcomes(outcomeStmts, checked.map((c) => c.view.links), timeline);
  return { run: { result, references: names.names.references, unknownNames: names.names.unknownNames, instances: names.names.instances }, timeline };
}

/**
 * Whether the item at `i` is a Summon by its procedure whose next chain (the next action or chain of the scenario)
 * negates a Summon: a link writes `negate the summon`, or its Chain Link 1 writes no actions and its card answers
 * a Summon and does `negate summon` (Solemn Strike written bare: the only thing CL1 there can answer is the Summon).
 * That chain is at the moment the monster would be Summoned (R50), so the Summon waits for it.
 */
function chainNegatesSummon(sc: Scenario, i: number, resolved: ScenarioNames['resolved']): boolean {
  const item = sc.items[i];
  if (item.kind !== 'action' || (item.action.kind !== 'summon' && item.action.kind !== 'material-summon' && item.action.kind !== 'pendulum-summon')) return false;
  const next = sc.items.slice(i + 1).find((x) => x.kind === 'action' || x.kind === 'chain');
  if (next?.kind !== 'chain') return false;
  // A link above CL1 that writes the Summon's negation is R50's mistake, but it is what the judge wrote happens.
  return next.links.some((l, at) => negatesSummon(l.actions, at === 0, resolved.get(l.card)?.card?.effects ?? []));
}

/** The first line a mistake on `line` can affect: its chain's `chain` line when it is inside a chain block, else itself. */
function firstAffectedLine(sc: Scenario, line: number): number {
  for (const item of sc.items) if (item.kind === 'chain' && item.range.start.line <= line && line <= item.range.end.line) return item.range.start.line;
  return line;
}

const CITED_RULE = /\[(R\d+)/;

/** The rule modules' reporter for one chain: diagnostics carry the rule their message cites. */
function reporter(registry: RuleRegistry, diags: Diagnostic[]): Reporter {
  return {
    link(code, l, message, related = []) {
      const info = registry.codeInfo(code);
      if (!info) throw new Error(`rule code ${code} is not declared by any rule module`);
      const rel: RelatedInfo[] = related.map((r) => ({ range: r.link ? r.link.stmt.range : r.range!, message: r.message, link: r.link?.position }));
      const cited = CITED_RULE.exec(message)?.[1];
      diags.push({
        code,
        severity: info.severity,
        message: cited ? message : `${message} [${info.rule}]`,
        range: l.stmt.range,
        rule: cited ?? info.rule,
        link: l.position,
        related: rel.length ? rel : undefined,
      });
      l.codes.push(code);
    },
    add(d, on) {
      diags.push(d);
      on?.codes.push(d.code);
    },
  };
}

/**
 * A scenario run once, its timeline kept for the life of the process (see layout.ts: the engine's
 * classes keep their layouts, so their optimized code survives full collections between analyses).
 */
let layoutKeeper: Timeline | undefined;

function keepLayouts(): Timeline {
  const sc = parse('scenario "layout"\n  players A, B\n  turn A\n').file.scenarios[0];
  return keepLayoutOf(pipeline(sc, { cards: new CardIndex([]), defaultRuleset: { region: 'tcg' }, index: 0 }).timeline);
}
