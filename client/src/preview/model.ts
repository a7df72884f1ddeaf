// The preview's view model: turns the result of the server's `segoc/preview` request into what the
// resolved-chain view shows. Pure (no `vscode` import): the unit tests compile it on their own.
//
// The wire types below mirror the DTO of server/src/lsp/preview.ts (the client may not import server
// code). They only list what the client reads; the tests check that the server's DTO is assignable
// to them, so a change on the server side breaks the build there. Every word shown for a category, a
// kind of link or a phase comes in the DTO (core's labels): the client keeps no label table.

// ---------------------------------------------------------------------------------------------
// Wire types (the JSON of `segoc/preview`)

export interface WirePosition {
  line: number;
  character: number;
}

export interface WireRange {
  start: WirePosition;
  end: WirePosition;
}

export type WireSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface WireDiagnostic {
  code: string;
  severity: WireSeverity;
  message: string;
  range: WireRange;
  rule?: string;
  chain?: number;
  link?: number;
  scenario?: number;
  expected?: boolean;
}

export interface WireLinkResolution {
  order: number;
  status: 'resolved' | 'negated' | 'no-effect';
  did: string[];
  /** What it did and did not do, as fields (core's PartOutcome); the preview shows these. */
  parts?: WirePartOutcome[];
}

/** One thing a link did or did not do (core's PartOutcome, engine/results.ts). */
export interface WirePartOutcome {
  applied: boolean;
  kind: string;
  text: string;
  part?: string;
  verb?: string;
  cards?: string[];
  reason?: string;
  rule?: string;
  at?: string;
}

export type WireLinkRole = 'batch-trigger' | 'hand-trigger' | 'phase-trigger' | 'responder' | 'fast' | 'slow';

/** The words the server sends for a link (core's labels). */
export interface WireLinkLabels {
  kind: CategoryClass;
  role: string;
  categoryShort: string;
  categoryLong: string;
}

export interface WireLink {
  number: number;
  position: number;
  range: WireRange;
  player: string;
  card: string;
  cardKnown: boolean;
  effectIndex?: number;
  effectText?: string;
  role: WireLinkRole;
  spellSpeed: number;
  category?: 1 | 2 | 3 | 4;
  mandatory?: boolean;
  answers: string;
  legal: boolean;
  codes: string[];
  assumptions: string[];
  resolution?: WireLinkResolution;
  labels: WireLinkLabels;
}

export interface WireOrderGroup {
  from: number;
  to: number;
  category: 1 | 2 | 3 | 4;
  categoryShort: string;
  player: string;
  links: number[];
  description: string;
}

export interface WireChain {
  index: number;
  range: WireRange;
  keywordRange: WireRange;
  links: WireLink[];
  legalOrder: WireOrderGroup[];
  collected: string[];
  resolution: string[];
  /** What happens after the links have resolved (leftover cards), in words. */
  afterChain: string[];
  legal: boolean;
  phase: string;
  phaseLabel: string;
}

export interface WireScenario {
  index: number;
  title: string;
  range: WireRange;
  titleRange: WireRange;
  source?: string;
  ruleset: { region: string; label?: string; asOf?: string };
  players: [string, string] | string[];
  turnPlayer: string;
  chains: WireChain[];
  /** The game actions whose checks assumed something (absent from older servers). */
  actionAssumptions?: Array<{ range: WireRange; assumptions: string[] }>;
  verdict: 'legal' | 'illegal' | 'invalid';
  /** A 'legal' that rests on card facts the library does not know (absent from older servers). */
  restsOnUnknownFacts?: boolean;
  expectationsMet?: boolean;
  diagnostics: WireDiagnostic[];
  /** Who can act at each point (issue 30; absent from older servers, and past the server's budget of points). */
  points?: WirePoint[];
}

/** Who can act at one point: the server's words (server/src/lsp/preview.ts PointDto). */
export interface WirePoint {
  kind: string;
  line: number;
  label: string;
  box: string;
  boxText: string;
  priority?: string;
  players: Array<{ player: string; options: Array<{ answer: 'yes' | 'no' | 'unknown' | 'if-assumed'; mark: string; name: string; words: string; why: string; rules: string[] }> }>;
}

/** The result of `segoc/preview` (params `{ uri }`). */
export interface PreviewResult {
  uri: string;
  version: number | null;
  scenarios: WireScenario[];
  diagnostics: WireDiagnostic[];
  /** The colour legend (classes and words). */
  legend: Array<{ kind: CategoryClass; short: string; label: string }>;
}

// ---------------------------------------------------------------------------------------------
// View model

export type CategoryClass = 'cat-1' | 'cat-2' | 'cat-3' | 'cat-4' | 'fast' | 'responder' | 'phase' | 'slow' | 'hand';

export interface DiagnosticView {
  code: string;
  severity: WireSeverity;
  message: string;
  rule?: string;
  /** 0-based source line of the diagnostic. */
  line: number;
  /** An `expect illegal` confirmed this diagnostic (shown as information, not as an error). */
  expected: boolean;
}

export interface LinkView {
  /** The number written in the file (CLn). */
  number: number;
  /** Position in the chain (1-based). */
  position: number;
  /** 0-based source lines of the link statement. */
  line: number;
  endLine: number;
  controller: string;
  card: string;
  cardKnown: boolean;
  /** The effect the engine picked ("trigger mandatory if sent to gy ..."), when known. */
  effect?: string;
  effectIndex?: number;
  role: WireLinkRole;
  /** Short label of the kind of link ("Trigger", "Quick effect", ...). */
  roleLabel: string;
  categoryClass: CategoryClass;
  /** Short text of the chip ("TP mandatory", "Fast", "Responder"). */
  categoryShort: string;
  /** Long text of the category ("turn player's mandatory"). */
  categoryLabel: string;
  category?: 1 | 2 | 3 | 4;
  mandatory?: boolean;
  spellSpeed: number;
  legal: boolean;
  answers: string;
  codes: string[];
  assumptions: string[];
  diagnostics: DiagnosticView[];
  resolution?: WireLinkResolution;
}

export interface ResolutionStepView {
  /** 1 = resolves first. */
  order: number;
  position: number;
  line: number;
  controller: string;
  card: string;
  status: WireLinkResolution['status'];
  statusLabel: string;
  did: string[];
  /** The same as fields: applied or not, and the rule of what was not (the preview renders from these). */
  parts: WirePartOutcome[];
}

export interface OrderGroupView {
  from: number;
  to: number;
  category: 1 | 2 | 3 | 4;
  categoryClass: CategoryClass;
  categoryShort: string;
  player: string;
  links: number[];
  description: string;
}

export interface ChainView {
  index: number;
  line: number;
  endLine: number;
  phase: string;
  phaseLabel: string;
  legal: boolean;
  /** The links, highest first (the top of the stack resolves first). */
  stack: LinkView[];
  /** Step by step, in the order of resolution. */
  resolution: ResolutionStepView[];
  /** What happened after the last link resolved (leftover Spells/Traps to the GY, ...). */
  leftovers: string[];
  /** Legal positions of the trigger batch, in chain order. */
  orderGroups: OrderGroupView[];
  /** The triggers that were collected when the chain started. */
  collected: string[];
  /** Diagnostics on the chain as a whole (not on one link). */
  diagnostics: DiagnosticView[];
}

export type ExpectationState = 'met' | 'unmet' | 'none';

export interface ScenarioView {
  index: number;
  title: string;
  line: number;
  endLine: number;
  source?: string;
  ruleset: string;
  players: string[];
  turnPlayer: string;
  verdict: WireScenario['verdict'];
  verdictLabel: string;
  expectations: {
    state: ExpectationState;
    label: string;
    /** Why an expectation is not met (the `expect-unmet` / `bad-expect` messages). */
    problems: DiagnosticView[];
    /** Rule diagnostics that an `expect illegal` line confirmed. */
    confirmed: DiagnosticView[];
  };
  /** Diagnostics of the scenario not shown on a chain or link (language errors, expectations). */
  diagnostics: DiagnosticView[];
  chains: ChainView[];
  /** What the checks of the game actions assumed, each with its action's line (from 0), as a link's assumptions. */
  actionAssumptions: Array<{ line: number; assumptions: string[] }>;
  /** Who can act at each point, as the server words it (empty when the server sent none). */
  points: WirePoint[];
  /** Whether this scenario is "as expected" (for the summary). */
  ok: boolean;
}

export interface Summary {
  scenarios: number;
  legal: number;
  /** Illegal scenarios that no `expect illegal` line predicted. */
  illegal: number;
  /** Illegal scenarios that the file expects to be illegal. */
  illegalAsExpected: number;
  invalid: number;
  unmet: number;
  /** Errors in the file outside any scenario. */
  fileErrors: number;
  ok: boolean;
  /** "5 scenarios legal" / "1 illegal, 1 unmet expectation" (no icon). */
  text: string;
  /** Multi-line explanation for tooltips. */
  details: string[];
}

export interface PreviewViewModel {
  uri: string;
  fileName: string;
  version: number | null;
  summary: Summary;
  /** Diagnostics outside every scenario (errors and warnings only). */
  fileDiagnostics: DiagnosticView[];
  scenarios: ScenarioView[];
  /** The colour legend, in the server's words. */
  legend: Array<{ kind: CategoryClass; short: string; label: string }>;
}

// ---------------------------------------------------------------------------------------------
// Labels (the server sends the words; only the resolution status is named here)

const STATUS_LABELS: Record<WireLinkResolution['status'], string> = {
  resolved: 'resolved',
  negated: 'negated',
  'no-effect': 'no effect',
};

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Building

function toDiagnosticView(d: WireDiagnostic): DiagnosticView {
  return {
    code: String(d.code),
    severity: d.severity,
    message: String(d.message),
    rule: d.rule,
    line: d.range?.start?.line ?? 0,
    expected: d.expected === true,
  };
}

function diagnosticKey(d: WireDiagnostic): string {
  const r = d.range;
  return `${d.code}|${r?.start?.line}:${r?.start?.character}-${r?.end?.line}:${r?.end?.character}|${d.message}`;
}

function inRange(line: number, r: WireRange): boolean {
  return line >= r.start.line && line <= r.end.line;
}

/** The last segment of a URI's path, decoded ("s2-chain-pt.segoc"). */
export function fileNameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:/i, '');
  const last = path.split('/').filter((s) => s.length > 0).pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const EXPECT_CODES = new Set(['expect-unmet', 'bad-expect']);

/** What a server without labels (an older one) sends: the role's code stands for every word. */
function labelsOf(link: WireLink): WireLinkLabels {
  return link.labels ?? { kind: 'slow', role: String(link.role), categoryShort: String(link.role), categoryLong: String(link.role) };
}

function buildLink(link: WireLink, diagnostics: DiagnosticView[]): LinkView {
  const labels = labelsOf(link);
  return {
    number: link.number,
    position: link.position,
    line: link.range.start.line,
    endLine: link.range.end.line,
    controller: link.player,
    card: link.card,
    cardKnown: link.cardKnown,
    effect: link.effectText,
    effectIndex: link.effectIndex,
    role: link.role,
    roleLabel: capitalized(labels.role),
    categoryClass: labels.kind,
    categoryShort: labels.categoryShort,
    categoryLabel: labels.categoryLong,
    category: link.category,
    mandatory: link.mandatory,
    spellSpeed: link.spellSpeed,
    legal: link.legal,
    answers: link.answers,
    codes: [...link.codes],
    assumptions: [...link.assumptions],
    diagnostics,
    resolution: link.resolution,
  };
}

function buildChain(chain: WireChain, scenarioDiagnostics: WireDiagnostic[]): { view: ChainView; used: Set<WireDiagnostic> } {
  const used = new Set<WireDiagnostic>();
  const ofChain = scenarioDiagnostics.filter((d) => d.chain === chain.index);
  const links = [...chain.links].sort((a, b) => a.position - b.position);
  const linkViews = links.map((l) => {
    const mine = ofChain.filter((d) => d.link !== undefined && d.link === l.position);
    mine.forEach((d) => used.add(d));
    return buildLink(l, mine.map(toDiagnosticView));
  });
  const chainDiags = ofChain.filter((d) => !used.has(d));
  chainDiags.forEach((d) => used.add(d));

  // Resolution: the links that resolved, in order of resolution (CLn first).
  const resolved = linkViews.filter((l) => l.resolution).sort((a, b) => a.resolution!.order - b.resolution!.order);
  const resolution: ResolutionStepView[] = resolved.map((l) => ({
    order: l.resolution!.order,
    position: l.position,
    line: l.line,
    controller: l.controller,
    card: l.card,
    status: l.resolution!.status,
    statusLabel: STATUS_LABELS[l.resolution!.status] ?? String(l.resolution!.status),
    did: [...l.resolution!.did],
    parts: l.resolution!.parts ? l.resolution!.parts.map((p) => ({ ...p })) : l.resolution!.did.map((text) => ({ applied: true, kind: 'text', text })),
  }));
  const leftovers = [...chain.afterChain];

  const orderGroups: OrderGroupView[] = [...chain.legalOrder]
    .sort((a, b) => a.from - b.from)
    .map((g) => ({
      from: g.from,
      to: g.to,
      category: g.category,
      categoryClass: `cat-${g.category}` as CategoryClass,
      categoryShort: g.categoryShort,
      player: g.player,
      links: [...g.links],
      description: g.description,
    }));

  return {
    view: {
      index: chain.index,
      line: chain.keywordRange.start.line,
      endLine: chain.range.end.line,
      phase: chain.phase,
      phaseLabel: chain.phaseLabel,
      legal: chain.legal,
      stack: [...linkViews].reverse(),
      resolution,
      leftovers,
      orderGroups,
      collected: [...chain.collected],
      diagnostics: chainDiags.map(toDiagnosticView),
    },
    used,
  };
}

function buildScenario(sc: WireScenario, extra: WireDiagnostic[]): ScenarioView {
  const used = new Set<WireDiagnostic>();
  const chains = [...sc.chains]
    .sort((a, b) => a.index - b.index)
    .map((c) => {
      const built = buildChain(c, sc.diagnostics);
      built.used.forEach((d) => used.add(d));
      return built.view;
    });
  const rest = [...sc.diagnostics.filter((d) => !used.has(d)), ...extra];
  const problems = rest.filter((d) => EXPECT_CODES.has(d.code)).map(toDiagnosticView);
  const confirmed = sc.diagnostics.filter((d) => d.expected === true).map(toDiagnosticView);
  const state: ExpectationState = sc.expectationsMet === true ? 'met' : sc.expectationsMet === false ? 'unmet' : 'none';
  const label =
    state === 'met'
      ? 'expectations met'
      : state === 'unmet'
        ? problems.length > 1
          ? `${problems.length} unmet expectations`
          : 'unmet expectation'
        : 'no expectation';
  const verdictLabel = sc.verdict === 'legal' ? (sc.restsOnUnknownFacts ? 'Legal, resting on unknown facts' : 'Legal') : sc.verdict === 'illegal' ? 'Illegal' : 'Invalid';
  return {
    index: sc.index,
    title: sc.title,
    line: sc.titleRange.start.line,
    endLine: sc.range.end.line,
    source: sc.source,
    ruleset: sc.ruleset.label ?? sc.ruleset.region.toUpperCase(),
    players: [...sc.players],
    turnPlayer: sc.turnPlayer,
    verdict: sc.verdict,
    verdictLabel,
    expectations: { state, label, problems, confirmed },
    diagnostics: rest.filter((d) => !EXPECT_CODES.has(d.code)).map(toDiagnosticView),
    chains,
    actionAssumptions: (Array.isArray(sc.actionAssumptions) ? sc.actionAssumptions : []).map((a) => ({ line: a.range.start.line, assumptions: [...a.assumptions] })),
    points: Array.isArray(sc.points) ? sc.points : [],
    ok: sc.verdict !== 'invalid' && sc.expectationsMet !== false && (sc.verdict === 'legal' || sc.expectationsMet === true),
  };
}

/** Counts and the one-line verdict of a file (the status bar text, without its icon). */
export function summarize(result: Pick<PreviewResult, 'scenarios' | 'diagnostics'>): Summary {
  const scenarios = result.scenarios;
  let legal = 0;
  let illegal = 0;
  let illegalAsExpected = 0;
  let invalid = 0;
  let unmet = 0;
  for (const sc of scenarios) {
    if (sc.verdict === 'legal') legal++;
    else if (sc.verdict === 'invalid') invalid++;
    else if (sc.expectationsMet === true) illegalAsExpected++;
    else illegal++;
    if (sc.expectationsMet === false) unmet++;
  }
  const fileErrors = result.diagnostics.filter(
    (d) => d.severity === 'error' && !scenarios.some((sc) => inRange(d.range.start.line, sc.range)),
  ).length;
  const ok = illegal === 0 && invalid === 0 && unmet === 0 && fileErrors === 0;
  let text: string;
  if (ok) {
    if (scenarios.length === 0) text = 'no scenarios';
    else if (illegalAsExpected === 0) text = `${plural(scenarios.length, 'scenario')} legal`;
    else text = `${plural(scenarios.length, 'scenario')} as expected`;
  } else {
    const parts: string[] = [];
    if (illegal) parts.push(`${illegal} illegal`);
    if (invalid) parts.push(`${invalid} invalid`);
    if (unmet) parts.push(plural(unmet, 'unmet expectation'));
    if (fileErrors) parts.push(plural(fileErrors, 'error'));
    text = parts.join(', ');
  }
  const details: string[] = [];
  details.push(`${plural(scenarios.length, 'scenario')}`);
  if (legal) details.push(`${legal} legal`);
  if (illegalAsExpected) details.push(`${illegalAsExpected} illegal, as expected`);
  if (illegal) details.push(`${illegal} illegal, not expected`);
  if (invalid) details.push(`${invalid} invalid (a language error stops the check)`);
  if (unmet) details.push(plural(unmet, 'unmet expectation'));
  if (fileErrors) details.push(`${plural(fileErrors, 'error')} outside the scenarios`);
  return { scenarios: scenarios.length, legal, illegal, illegalAsExpected, invalid, unmet, fileErrors, ok, text, details };
}

/** Turns a `segoc/preview` result into the view model of the resolved-chain preview. */
export function buildViewModel(result: PreviewResult): PreviewViewModel {
  const scenarios = [...result.scenarios].sort((a, b) => a.index - b.index);
  // Diagnostics the scenarios do not carry themselves (syntax and name errors): place them in the
  // scenario whose lines hold them, or at file level.
  const known = new Set<string>();
  for (const sc of scenarios) for (const d of sc.diagnostics) known.add(diagnosticKey(d));
  const extra = new Map<number, WireDiagnostic[]>();
  const fileLevel: WireDiagnostic[] = [];
  for (const d of result.diagnostics) {
    if (known.has(diagnosticKey(d))) continue;
    const owner = scenarios.find((sc) => inRange(d.range.start.line, sc.range));
    if (owner) {
      const list = extra.get(owner.index) ?? [];
      list.push(d);
      extra.set(owner.index, list);
    } else if (d.severity === 'error' || d.severity === 'warning') {
      fileLevel.push(d);
    }
  }
  return {
    uri: result.uri,
    fileName: fileNameOf(result.uri),
    version: result.version,
    summary: summarize(result),
    fileDiagnostics: fileLevel.map(toDiagnosticView),
    scenarios: scenarios.map((sc) => buildScenario(sc, extra.get(sc.index) ?? [])),
    legend: Array.isArray(result.legend) ? result.legend.map((l) => ({ kind: l.kind, short: String(l.short), label: String(l.label) })) : [],
  };
}

/** Whether a value looks like a `segoc/preview` result (the server is another process). */
export function isPreviewResult(value: unknown): value is PreviewResult {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<PreviewResult>;
  return typeof v.uri === 'string' && Array.isArray(v.scenarios) && Array.isArray(v.diagnostics);
}

// ---------------------------------------------------------------------------------------------
// Messages between the extension and the webview (typed both ways; the webview is untrusted)

/** From the webview: reveal a source line, or the script has loaded. */
export type WebviewMessage = { type: 'reveal'; line: number } | { type: 'ready' };

/** To the webview: mark the link that holds the editor's cursor line. */
export type HostMessage = { type: 'highlightLine'; line: number };

/**
 * Validates a message from the webview. Only `{ type: 'reveal', line }` with an integer line inside
 * the document (0 <= line < lineCount) and `{ type: 'ready' }` pass; anything else is undefined.
 */
export function parseWebviewMessage(raw: unknown, lineCount: number): WebviewMessage | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const m = raw as Record<string, unknown>;
  if (m.type === 'ready') return { type: 'ready' };
  if (m.type === 'reveal') {
    const line = m.line;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 0 || line >= lineCount) return undefined;
    return { type: 'reveal', line };
  }
  return undefined;
}

/** The document URI saved by the webview script (`vscode.setState({ uri, scrollY })`), if valid. */
export function previewStateUri(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const uri = (state as Record<string, unknown>).uri;
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 4096) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(uri) ? uri : undefined;
}
