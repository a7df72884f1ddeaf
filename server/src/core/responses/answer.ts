// Who can act at a point, and why not: each effect of each card the scenario shows is written as the next link there
// (Chain Link 1 of a new chain after an action or a resolved chain, the next link after a link) and the scenario, cut
// at the point, is run through the same engine and rule modules as any chain the judge writes. The answer for an
// effect is the verdict the engine gives that link, so the two agree by construction (test/responses.test.ts writes
// each response into the file and checks it): its errors are the reasons, with their rule ids; a card fact the
// library does not know makes it "unknown", never yes or no; a Trigger Effect whose event the scenario does not show
// is allowed only on that assumption, and says so.
import { pendulumScaleActivation } from '../cards/model';
import { Analysis } from '../analyze';
import { Diagnostic } from '../diagnostics';
import { RULE_REGISTRY, RuleRegistry } from '../engine/rules';
import { ChainResult, UnknownFact } from '../engine/results';
import { runScenario } from '../engine/run';
import { CardInstance } from '../engine/state';
import { parse } from '../syntax/parser';
import { quoteName } from '../syntax/quote';
import { Scenario } from '../syntax/ast';
import { CutScenario } from './cut';
import { FETC_BOXES, FetcBox, Point, POINT_KINDS } from './points';

/** `yes`; `no` (with reasons); `unknown` (a card fact the library lacks); `if-assumed`: only if what the scenario does not show happened. */
export type ResponseAnswer = 'yes' | 'no' | 'unknown' | 'if-assumed';

export interface ResponseReason {
  /** The rule the reason applies (`R7`), absent for a language error. */
  rule?: string;
  code: string;
  message: string;
}

export interface ResponseOption {
  player: string;
  card: string;
  /** Where the card is at the point (as the language writes zones). */
  zone: string;
  /** The effect's number on its card (from 1), its kind and text. */
  effect: number;
  effectKind: string;
  effectText: string;
  spellSpeed: number;
  answer: ResponseAnswer;
  /** Why not (`no`), with the rule and the fact it rests on: the engine's errors on the link written here. */
  reasons: ResponseReason[];
  /** What the library does not know (`unknown`). */
  unknownFacts: UnknownFact[];
  /** What the engine would assume (`if-assumed`, and any `yes` that rests on something left out). */
  assumptions: string[];
  /** The link as it would be written here (without its number), e.g. `Kaiba "Ash Blossom & Joyous Spring"`. */
  link: string;
  /**
   * The lines the verdict was given on (indented, numbered): the link, then the Trigger Effects that must still be
   * placed in this batch. The agreement test writes exactly these.
   */
  written: string[];
  /**
   * Written here, the link is read by the engine as the chain at the moment a Summon is about to happen (the point
   * before this one): it negates that Summon, which here has already happened (the answer is `no`, R52).
   */
  readAtSummonMoment?: true;
}

export interface PointAnswer {
  point: Point;
  label: string;
  box: FetcBox;
  boxText: string;
  /** Who holds priority (the right to act first) at the point; undefined while a chain resolves. */
  priority?: string;
  /** For each player of the scenario: every effect of their cards, those that can be activated first. */
  players: Array<{ player: string; options: ResponseOption[] }>;
  /** The number the next link would have (1 for a new chain). */
  nextLink: number;
}

export interface ResponsesOptions {
  defaultRuleset?: { region: 'tcg' | 'ocg'; asOf?: string };
  rules?: RuleRegistry;
}

const ANSWER_ORDER: Readonly<Record<ResponseAnswer, number>> = { yes: 0, unknown: 1, 'if-assumed': 2, no: 3 };
/** Zones whose cards a scenario "shows" as able to act: the Deck's never can. */
const ACTING_ZONES = new Set(['hand', 'field', 'gy', 'banished', 'extra']);

/**
 * Answers already worked out, per analysis (one version of a document's text): the preview, the hover and completion
 * ask the same points again. Dropped with the analysis.
 */
const answered = new WeakMap<Analysis, Map<string, PointAnswer>>();

/** The answer at one point of an analysed document (`lines`: its text, split into lines). */
export function responsesAt(analysis: Analysis, lines: readonly string[], point: Point, options: ResponsesOptions = {}): PointAnswer {
  let cache = answered.get(analysis);
  if (!cache) answered.set(analysis, (cache = new Map()));
  const key = `${point.scenario}:${point.kind}:${point.afterLine}:${point.link ?? ''}:${options.defaultRuleset?.region ?? ''}:${options.defaultRuleset?.asOf ?? ''}:${options.rules ? 'rules' : ''}`;
  const known = cache.get(key);
  if (known) return known;
  const answer = answerAt(analysis, lines, point, options);
  // A registry of the caller's own is not part of the key's words: such answers are not kept.
  if (!options.rules) cache.set(key, answer);
  return answer;
}

function answerAt(analysis: Analysis, lines: readonly string[], point: Point, options: ResponsesOptions): PointAnswer {
  const sc = analysis.file.scenarios[point.scenario - 1];
  const result = analysis.scenarios[point.scenario - 1];
  const kind = POINT_KINDS[point.kind];
  const players = result?.players ?? ['?', '?'];
  const turnPlayer = result?.turnPlayer;
  const nextLink = kind.writeAs === 'next-link' ? (point.link ?? 0) + 1 : 1;
  const answer: PointAnswer = { point, label: kind.label(point), box: kind.box, boxText: FETC_BOXES[kind.box], nextLink, players: players.map((player) => ({ player, options: [] })) };
  const other = (p: string) => (p === players[0] ? players[1] : players[0]);
  answer.priority = kind.priority === 'turn' ? turnPlayer : kind.priority === 'opponent-of-link' && point.linkPlayer ? other(point.linkPlayer) : undefined;
  if (!sc || kind.writeAs === 'none') return answer;

  const probe = new Probe(analysis, lines, sc, point, options);
  for (const inst of probe.board()) {
    const card = inst.card!;
    const list = answer.players[inst.controller]?.options;
    if (!list) continue;
    for (const e of card.effects) {
      if (e.kind === 'continuous') continue;
      const link = `${players[inst.controller]} ${probe.reference(inst)}${card.effects.length > 1 ? ` effect ${e.index}` : ''}${probe.needsZone(inst) ? ` from ${inst.zone}` : ''}`;
      if (list.some((o) => o.link === link)) continue;
      list.push({ player: players[inst.controller], card: card.name, zone: inst.zone, effect: e.index, effectKind: e.kind, effectText: e.text, link, ...probe.verdict(link, nextLink) });
    }
    // A Pendulum Monster in the hand may also be activated as a Pendulum Scale (R66), none of its numbered effects.
    if (inst.zone === 'hand' && card.category === 'monster' && card.abilities.includes('pendulum')) {
      const link = `${players[inst.controller]} ${probe.reference(inst)} to pendulum zone`;
      const scale = pendulumScaleActivation(card);
      if (!list.some((o) => o.link === link)) list.push({ player: players[inst.controller], card: card.name, zone: inst.zone, effect: scale.index, effectKind: scale.kind, effectText: scale.text, link, ...probe.verdict(link, nextLink) });
    }
  }
  for (const p of answer.players) p.options.sort((a, b) => ANSWER_ORDER[a.answer] - ANSWER_ORDER[b.answer]);
  // A Trigger Effect that can activate here puts the game in the chart's yellow box first (SEGOC).
  if (kind.writeAs === 'new-chain' && answer.players.some((p) => p.options.some((o) => o.answer === 'yes' && (o.effectKind === 'trigger' || o.effectKind === 'flip' || o.effectKind === 'phase-trigger')))) {
    answer.box = 'triggers';
    answer.boxText = FETC_BOXES.triggers;
  }
  return answer;
}

type Verdict = Pick<ResponseOption, 'answer' | 'reasons' | 'unknownFacts' | 'assumptions' | 'spellSpeed' | 'written' | 'readAtSummonMoment'>;

/** The scenario cut at a point, and a link written there run through the engine. */
class Probe {
  private readonly cut: CutScenario;
  private readonly indent: string;
  private readonly instances: readonly CardInstance[];
  private readonly registry: RuleRegistry;
  /** How a link names a card shown here that negates Summons, to write above a probe at a Summon's moment. */
  readonly negator: string | undefined;

  constructor(
    private readonly analysis: Analysis,
    lines: readonly string[],
    private readonly sc: Scenario,
    private readonly point: Point,
    private readonly options: ResponsesOptions,
  ) {
    this.registry = options.rules ?? RULE_REGISTRY;
    const start = sc.range.start.line;
    const itemIndent = /^\s*/.exec(lines[sc.items[0]?.range.start.line ?? start + 1] ?? '')?.[0] ?? '  ';
    this.indent = itemIndent;
    const cut = lines.slice(start, point.afterLine + 1);
    this.cut = new CutScenario(cut.join('\n') + (POINT_KINDS[point.kind].writeAs === 'new-chain' ? `\n${itemIndent}chain` : ''), start);
    // The cards and where they are at the point: the scenario run up to it (for a link, up to its chain's start:
    // what the chain's links moved is where they were activated from).
    // At a Summon's moment, the board before the Summon (the monster is still in the hand or the Extra Deck).
    const boardEnd = point.kind === 'link' ? chainStartLine(sc, point.chain!) : point.kind === 'summon-moment' ? point.range.start.line - 1 : point.afterLine;
    const boardText = lines.slice(start, boardEnd + 1).join('\n');
    this.instances = this.run(boardText)?.instances ?? [];
    const players = analysis.scenarios[point.scenario - 1]?.players ?? [];
    const negator = this.board().find((i) => i.card!.effects.some((e) => e.does.some((a) => a.verb === 'negate-summon')));
    this.negator = negator ? `${players[negator.controller] ?? '?'} ${this.reference(negator)}` : undefined;
  }

  /** The card copies that can act: a known card, in a zone cards act from. */
  board(): CardInstance[] {
    return this.instances.filter((i) => i.card && ACTING_ZONES.has(i.zone) && i.card.effects.some((e) => e.kind !== 'continuous'));
  }

  /** How a link names the copy: its label, or its name (with its controller's when both players have one). */
  reference(inst: CardInstance): string {
    if (inst.label) return inst.label;
    const both = this.instances.some((o) => o !== inst && o.name === inst.name && o.controller !== inst.controller);
    return both ? `${this.analysis.scenarios[this.point.scenario - 1]?.players[inst.owner] ?? '?'}'s ${quoteName(inst.name)}` : quoteName(inst.name);
  }

  /** Whether another copy of the same name and controller is elsewhere (the link then says `from`). */
  needsZone(inst: CardInstance): boolean {
    return !inst.label && this.instances.some((o) => o !== inst && o.name === inst.name && o.controller === inst.controller && o.zone !== inst.zone);
  }

  /**
   * The engine's verdict on `link` written as link `position`. Where Trigger Effects that must activate are still to
   * be placed (a trigger batch, SEGOC), they are written after it, in the order collected: whether the link may come
   * before them (R11, R14, R17) is part of whether it can be activated now.
   */
  verdict(link: string, position: number): Verdict {
    const first = this.judge([link], position);
    // At a Summon's moment the engine puts only a chain that negates the Summon there (R50): another effect is
    // probed with a negation of the Summon written above it, so that the engine sees the chain at that moment.
    const moment = !!first.chain && atSummonMoment(first.chain);
    if (POINT_KINDS[this.point.kind].atSummonMoment && first.chain && !moment) {
      return this.judge([link, `${this.negator ?? link} -> negate the summon`], position).verdict;
    }
    // After the Summon has happened, a negation of it written here is read by the engine as the chain at the moment
    // before (the `summon-moment` point): here, there is no Summon left to negate (R52).
    if (moment && position === 1 && !POINT_KINDS[this.point.kind].atSummonMoment) {
      const reason = { rule: 'R52', code: 'no-summon-to-negate', message: `${link.replace(/^(\S+) /, "$1's ")} negates a Summon, but the Summon has already happened here: it can be negated only at the moment it is about to happen (the point before this one), when this link would start the chain [R52]` };
      return { ...first.verdict, answer: 'no', reasons: [reason], readAtSummonMoment: true };
    }
    if (!first.chain || first.verdict.answer === 'no') return first.verdict;
    const onChain = first.chain.links.map((l) => `${l.player}:${l.card}`);
    const pending: string[] = [];
    for (const t of first.chain.collectedTriggers) {
      if (t.status !== 'must-activate') continue;
      const i = onChain.indexOf(`${t.player}:${t.card}`);
      if (i >= 0) onChain.splice(i, 1);
      else pending.push(`${t.player} ${quoteName(t.card)}`);
    }
    return pending.length ? this.judge([link, ...pending], position).verdict : first.verdict;
  }

  private judge(links: string[], position: number): { verdict: Verdict; chain?: ChainResult } {
    const written = links.map((l, i) => `${this.indent}  ${position + i} ${l}`);
    const run = this.runParsed(this.cut.with(written));
    const chains = run?.result.chains ?? [];
    const chain = chains[chains.length - 1];
    const l = chain?.links[position - 1];
    const probeLine = this.cut.firstWrittenLine;
    if (!run || !chain || !l) return { verdict: { answer: 'unknown', reasons: [{ code: 'no-answer', message: 'the engine could not place this link here' }], unknownFacts: [], assumptions: [], spellSpeed: 0, written } };
    const diags = run.result.diagnostics;
    // At a Summon's moment the negation written above the probe (verdict) is a device: what it says of the probe
    // (a Spell Speed it cannot chain at) is not the probe's.
    const device = links.length > 1 && POINT_KINDS[this.point.kind].atSummonMoment;
    const onLink = (d: Diagnostic) => d.chain === chain.index && (d.link === position || (!device && !!d.related?.some((r) => r.link === position)));
    const reasons = diags.filter((d) => d.severity === 'error' && (onLink(d) || d.range.start.line === probeLine)).map((d) => ({ rule: d.rule, code: d.code, message: d.message }));
    const language = reasons.filter((r) => !this.registry.codeInfo(r.code));
    const base = { unknownFacts: l.unknownFacts, assumptions: l.assumptions, spellSpeed: l.spellSpeed, written };
    if (language.length) return { chain, verdict: { ...base, answer: 'unknown', reasons: language } };
    if (reasons.length) return { chain, verdict: { ...base, answer: 'no', reasons } };
    if (l.unknownFacts.length) return { chain, verdict: { ...base, answer: 'unknown', reasons: [] } };
    return { chain, verdict: { ...base, answer: l.eventAssumed ? 'if-assumed' : 'yes', reasons: [] } };
  }

  private run(text: string) {
    return this.runParsed(parse(text, this.sc.range.start.line).file.scenarios[0]);
  }

  private runParsed(parsed: Scenario | undefined) {
    if (!parsed) return undefined;
    const chains = parsed.items.filter((i) => i.kind === 'chain').length;
    return runScenario(parsed, { checkChainsFrom: chains, cards: this.analysis.cards, defaultRuleset: this.options.defaultRuleset ?? { region: 'tcg' }, index: this.point.scenario, rules: this.registry });
  }
}

/** Whether the engine put a chain at the moment a Summon would happen (its Chain Link 1 answers that attempt, R50). */
function atSummonMoment(chain: ChainResult): boolean {
  const answered = chain.links[0]?.answered;
  return answered?.kind === 'event' && answered.event.kind === 'summon' && !!answered.event.attempt;
}

/** The line before chain `chain`'s `chain` line (the state its links were activated in). */
function chainStartLine(sc: Scenario, chain: number): number {
  let n = 0;
  for (const item of sc.items) if (item.kind === 'chain' && item.links.length && ++n === chain) return item.range.start.line - 1;
  return sc.range.end.line;
}
