// The `segoc/preview` request: what the client's preview webview shows, as a DTO built here from core's
// results, field by field (no generic copying: a field reaches the client only when it is written
// here). The words for categories, kinds of link and phases come from core's labels, so the preview
// says what render and the hovers say. The client mirrors these types (client/src/preview/model.ts);
// test/preview/model.test.ts checks that this DTO is assignable to them.
import {
  Analysis,
  ANSWER_MARKS,
  ANSWER_WORDS,
  documentPoints,
  optionName,
  optionRules,
  optionWhy,
  PointAnswer,
  ResponseAnswer,
  responsesAt,
  ResponsesOptions,
  CATEGORY_LABELS,
  CATEGORY_SHORT,
  categoryShort,
  categoryText,
  ChainResult,
  Diagnostic,
  KIND_LABELS,
  KIND_SHORT,
  LinkKind,
  linkKind,
  LinkResolution,
  LinkResult,
  phaseLabel,
  Range,
  ROLE_LABELS,
  ScenarioResult,
} from '../core';

export const PREVIEW_REQUEST = 'segoc/preview';
export const LIBRARY_FILE_REQUEST = 'segoc/libraryFile';
export const STATS_REQUEST = 'segoc/stats';
/** `segoc/readFile`, asked of the client by the Web Worker (main.browser.ts): a workspace file's text, `{ text } | { error }`. */
export const READ_FILE_REQUEST = 'segoc/readFile';

export interface PreviewParams {
  uri: string;
}

export interface LibraryFileParams {
  uri: string;
}

export interface LibraryFileResult {
  text: string;
}

/** A diagnostic as the preview reads it (positions copied, no related information or fixes). */
export type DiagnosticDto = Pick<Diagnostic, 'code' | 'severity' | 'message' | 'range' | 'rule' | 'chain' | 'link' | 'scenario' | 'expected'>;

/** The words shown for a link: its colour group, the kind of link, its category (short and long). */
export interface LinkLabelsDto {
  kind: LinkKind;
  role: string;
  categoryShort: string;
  categoryLong: string;
}

/** A link as the preview reads it, with the words to show for it. */
export type LinkDto = Pick<
  LinkResult,
  'number' | 'position' | 'range' | 'player' | 'card' | 'cardKnown' | 'effectIndex' | 'effectText' | 'role' | 'spellSpeed' | 'category' | 'mandatory' | 'answers' | 'legal' | 'codes' | 'assumptions'
> & {
  resolution?: Pick<LinkResolution, 'order' | 'status' | 'did' | 'parts'>;
  labels: LinkLabelsDto;
};

export interface OrderGroupDto {
  from: number;
  to: number;
  category: 1 | 2 | 3 | 4;
  categoryShort: string;
  player: string;
  links: number[];
  description: string;
}

export interface ChainDto {
  index: number;
  range: Range;
  keywordRange: Range;
  links: LinkDto[];
  legalOrder: OrderGroupDto[];
  collected: string[];
  resolution: string[];
  afterChain: string[];
  legal: boolean;
  phase: string;
  phaseLabel: string;
}

export interface ScenarioDto {
  index: number;
  title: string;
  range: Range;
  titleRange: Range;
  source?: string;
  ruleset: { region: string; label?: string; asOf?: string };
  players: string[];
  turnPlayer: string;
  chains: ChainDto[];
  /** The game actions whose checks assumed what the scenario does not say (R67's Pendulum Zones), as a link's `assumptions`. */
  actionAssumptions: Array<{ range: Range; assumptions: string[] }>;
  verdict: ScenarioResult['verdict'];
  /** A 'legal' that rests on card facts the library does not know (issue 27). */
  restsOnUnknownFacts: boolean;
  expectationsMet?: boolean;
  diagnostics: DiagnosticDto[];
  /** Who can act at each point of the scenario (issue 30); absent past the preview's budget of points (POINTS_IN_PREVIEW). */
  points?: PointDto[];
}

/** Who can act at one point, in words (core/responses): the preview's section per point. */
export interface PointDto {
  kind: string;
  /** The line of the statement the point follows (from 0). */
  line: number;
  label: string;
  box: string;
  boxText: string;
  priority?: string;
  players: Array<{ player: string; options: Array<{ answer: ResponseAnswer; mark: string; name: string; words: string; why: string; rules: string[] }> }>;
}

/** One entry of the colour legend. */
export interface LegendDto {
  kind: LinkKind;
  short: string;
  label: string;
}

export interface PreviewResult {
  uri: string;
  /** The document version analysed (null for a file that is not open). */
  version: number | null;
  scenarios: ScenarioDto[];
  diagnostics: DiagnosticDto[];
  legend: LegendDto[];
}

const range = (r: Range): Range => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });

function diagnosticDto(d: Diagnostic): DiagnosticDto {
  return { code: d.code, severity: d.severity, message: d.message, range: range(d.range), rule: d.rule, chain: d.chain, link: d.link, scenario: d.scenario, expected: d.expected };
}

function linkDto(l: LinkResult): LinkDto {
  return {
    number: l.number,
    position: l.position,
    range: range(l.range),
    player: l.player,
    card: l.card,
    cardKnown: l.cardKnown,
    effectIndex: l.effectIndex,
    effectText: l.effectText,
    role: l.role,
    spellSpeed: l.spellSpeed,
    category: l.category,
    mandatory: l.mandatory,
    answers: l.answers,
    legal: l.legal,
    codes: [...l.codes],
    assumptions: [...l.assumptions],
    resolution: l.resolution && { order: l.resolution.order, status: l.resolution.status, did: [...l.resolution.did], parts: l.resolution.parts.map((p) => ({ ...p, ...(p.cards ? { cards: [...p.cards] } : {}) })) },
    labels: { kind: linkKind(l.role, l.category), role: ROLE_LABELS[l.role], categoryShort: categoryShort(l.role, l.category), categoryLong: categoryText(l.role, l.category, l.mandatory) },
  };
}

function chainDto(c: ChainResult): ChainDto {
  return {
    index: c.index,
    range: range(c.range),
    keywordRange: range(c.keywordRange),
    links: c.links.map(linkDto),
    legalOrder: c.legalOrder.map((g) => ({ from: g.from, to: g.to, category: g.category, categoryShort: CATEGORY_SHORT[g.category], player: g.player, links: [...g.links], description: g.description })),
    collected: [...c.collected],
    resolution: [...c.resolution],
    afterChain: [...c.afterChain],
    legal: c.legal,
    phase: c.phase,
    phaseLabel: phaseLabel(c.phase),
  };
}

function scenarioDto(sc: ScenarioResult): ScenarioDto {
  return {
    index: sc.index,
    title: sc.title,
    range: range(sc.range),
    titleRange: range(sc.titleRange),
    source: sc.source,
    ruleset: { region: sc.ruleset.region, label: sc.ruleset.label, asOf: sc.ruleset.asOf },
    players: [...sc.players],
    turnPlayer: sc.turnPlayer,
    chains: sc.chains.map(chainDto),
    actionAssumptions: sc.actionAssumptions.map((a) => ({ range: range(a.range), assumptions: [...a.assumptions] })),
    verdict: sc.verdict,
    restsOnUnknownFacts: sc.restsOnUnknownFacts,
    expectationsMet: sc.expectationsMet,
    diagnostics: sc.diagnostics.map(diagnosticDto),
  };
}

const LEGEND: LegendDto[] = [
  ...([1, 2, 3, 4] as const).map((n) => ({ kind: `cat-${n}` as LinkKind, short: CATEGORY_SHORT[n], label: `${n}: ${CATEGORY_LABELS[n]} triggers` })),
  ...(['fast', 'responder', 'phase'] as const).map((kind) => ({ kind, short: KIND_SHORT[kind], label: KIND_LABELS[kind] })),
];

/**
 * The most points a preview answers (each runs every effect shown through the engine, a few ms): the first scenarios'
 * points up to it; past it a scenario has no `points`, and the hover on its links and actions still answers.
 */
export const POINTS_IN_PREVIEW = 30;

function pointDto(a: PointAnswer): PointDto {
  return {
    kind: a.point.kind,
    line: a.point.range.start.line,
    label: a.label,
    box: a.box,
    boxText: a.boxText,
    priority: a.priority,
    players: a.players.map((p) => ({
      player: p.player,
      options: p.options.map((o) => ({ answer: o.answer, mark: ANSWER_MARKS[o.answer], name: optionName(o), words: ANSWER_WORDS[o.answer], why: optionWhy(o), rules: optionRules(o) })),
    })),
  };
}

/** `lines`: the document's text by line; with it, each scenario says who can act at its points (up to POINTS_IN_PREVIEW). */
export function preview(analysis: Analysis, uri: string, version: number | null, lines?: readonly string[], responses: ResponsesOptions = {}): PreviewResult {
  const scenarios = analysis.scenarios.map(scenarioDto);
  if (lines) {
    let budget = POINTS_IN_PREVIEW;
    const points = documentPoints(analysis, lines);
    for (const sc of scenarios) {
      const mine = points.filter((p) => p.scenario === sc.index);
      if (mine.length > budget) break;
      budget -= mine.length;
      sc.points = mine.map((p) => pointDto(responsesAt(analysis, lines, p, responses)));
    }
  }
  return { uri, version, scenarios, diagnostics: analysis.diagnostics.map(diagnosticDto), legend: LEGEND };
}
