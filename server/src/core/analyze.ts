// The one API boundary of core: text in, analysis out. Everything the server, the CLI and the
// preview show comes from `analyze`. It never throws on user input and does no I/O: `use` files
// are read through the `readUse` callback that the caller (server or CLI) provides.
import { buildLayer, CardIndex, CardProvider, CardSource, defaultProviders, libraryCards, mergedLayer } from './cards';
import { CardInfo } from './cards/model';
import { Diagnostic } from './diagnostics';
import { Reference, SUGGESTIONS_PER_FILE } from './engine/resolve-names';
import { ScenarioResult } from './engine/results';
import { RULE_REGISTRY, RuleRegistry } from './engine/rules';
import { runScenario } from './engine/run';
import { VERDICT_BASIS_CODES } from './engine/unknown-facts';
import { ChainBlock, ExpectStmt, Scenario, SourceFile, UseStmt } from './syntax/ast';
import { endsWithComma } from './syntax/lexer';
import { parse, ParseResult } from './syntax/parser';
import { splitLines } from './text';
import { addFixes } from './fixes';
import { definitionScopeProblems } from './card-scope';
import { overScenarioLimit, tooLargeDiagnostic } from './limits';
import { quoteName } from './syntax/quote';

export interface UseFile {
  uri: string;
  text: string;
}

/**
 * Asked between scenarios: whether the caller no longer wants the result (the language server's
 * request token fits as it is). A cancelled analysis stops before its next scenario.
 */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
}

export interface AnalyzeOptions {
  uri?: string;
  /** Stops the analysis between scenarios; the result is then marked `cancelled` and incomplete. */
  cancellation?: CancellationToken;
  /** Ruleset when a scenario has no `rules` line. */
  defaultRuleset?: { region: 'tcg' | 'ocg'; asOf?: string };
  /**
   * The card libraries under everything a document defines, highest precedence first (default: the
   * curated library, then the generated library where it is shipped; see cards/library.ts). Pass the
   * same array on every call: analyses and their caches are keyed by it.
   */
  cardProviders?: readonly CardProvider[];
  /** Card definitions of the project's card files (lower precedence than imports and this file's). */
  workspaceCards?: CardSource[];
  /** Cards from earlier blocks of the same page (Markdown/wikitext), above the workspace. */
  pageCards?: CardSource[];
  /** Reads a `use` path relative to a file; returns an error message when it cannot. */
  readUse?: (fromUri: string, path: string) => UseFile | { error: string };
  /**
   * What to build besides the diagnostics. 'full' (the default): each chain's links, legal order,
   * collected triggers and resolution, and every quick fix. 'diagnostics': the diagnostics (the same
   * ones, with the same messages) and the verdicts; each chain keeps its number, range, phase and
   * legality, with no links, order or resolution, and the quick fixes worked out from the chains
   * (reorder, remove a link, add a left-out trigger) are not made (fixes found on the way, such as
   * "did you mean", stay). For batch checks that print diagnostics and nothing else (`segoc check`
   * without `--chains`): about a tenth less work.
   */
  detail?: 'full' | 'diagnostics';
  /**
   * The previous analysis of the same document. Scenarios whose text and card environment did not
   * change are reused (their ranges moved to their new lines), so a keystroke re-checks only the
   * scenario it touched.
   */
  previous?: Analysis;
  /** The rule modules to check with (default: the shipped ones; `ruleRegistry([...RULE_MODULES, mine])` adds one). */
  rules?: RuleRegistry;
  /**
   * Every assumption is an error (`--strict`, the `segoc.strict` setting): a card fact the library does not know
   * (`unknown-card-fact`) and what a scenario leaves out (`assumed-in-strict`). Default: the first is a warning,
   * the second a line of `explain`.
   */
  strict?: boolean;
}

export interface Analysis {
  uri: string;
  file: SourceFile;
  diagnostics: Diagnostic[];
  scenarios: ScenarioResult[];
  /** Every card the document can name (library, workspace, imports, file). */
  cards: CardIndex;
  /** Cards defined in this file. */
  fileCards: CardInfo[];
  /** Names in the scenarios, scenario after scenario (the editor finds one scenario's by binary search). */
  references: Reference[];
  /** Files imported with `use` (resolved URIs), for watching. */
  imports: string[];
  /** Per-scenario results by text and environment, for `previous`. */
  readonly cache: ScenarioCache;
  /**
   * Set when `cancellation` stopped the analysis: the scenarios after the last one checked are
   * missing. Its results are right as far as they go (a later analysis may reuse them as `previous`),
   * but it is not the document's analysis: never keep it as one.
   */
  cancelled?: true;
}

interface CachedScenario {
  /** The scenario's lines (the document's own strings, no copy): its text key is built only when a later version asks. */
  lines: string[];
  /** Its key in `byText` (scenario number and text), once built. */
  key?: string;
  result: ScenarioResult;
  references: Reference[];
  startLine: number;
  /** The file's "did you mean" budget left when it ran, and the unknown names it met (see fitsBudget). */
  suggestionBudget: number;
  unknownNames: number;
}

/** Scenario results by position and text, valid for one environment (see environmentKey). */
interface ScenarioCache {
  environment: string;
  /** Every scenario's entry, in order (the text index is built from them only when a later version needs it). */
  entries: CachedScenario[];
  /** Entries by text key: built on first use (after an edit that re-parsed a scenario). */
  byText?: Map<string, CachedScenario>;
  /** The same results by scenario node, for segments that were not re-parsed. */
  byNode: WeakMap<object, { index: number; entry: CachedScenario }>;
  /** Parse results of the document's segments, by first line and text. */
  parses: ParseCache;
}

/** Parsed segments by first line, with their lines (compared line by line: no big keys to build or hash). */
type ParseCache = Map<number, { lines: string[]; result: ParseResult }>;

const SCENARIO_LINE = /^[ \t\u00a0\u3000\ufeff]*scenario\b/i;

/**
 * Parses the document as segments that start at `scenario` lines (statements never cross one, so
 * this is the same tree as one parse), reusing the previous version's segments whose first line and
 * text are unchanged: typing inside one scenario re-parses only that scenario.
 */
function parseBySegments(lines: string[], previous: ParseCache | undefined, out: ParseCache): ParseResult {
  const starts: number[] = [0];
  let continues = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (i > 0 && !continues && SCENARIO_LINE.test(line)) starts.push(i);
    // A statement continued by a trailing `,` keeps the next line in the same segment.
    continues = endsWithComma(line) ?? continues;
  }
  const file: SourceFile = { uses: [], cards: [], scenarios: [], lines: [], comments: [], lineCount: lines.length };
  const diagnostics: Diagnostic[] = [];
  for (let k = 0; k < starts.length; k++) {
    const from = starts[k];
    const to = k + 1 < starts.length ? starts[k + 1] : lines.length;
    const old = previous?.get(from);
    let part: ParseResult;
    if (old && old.lines.length === to - from && old.lines.every((l, j) => l === lines[from + j])) part = old.result;
    // The segment's own text, joined: its tokens then share nothing with the document, so that a cached
    // segment does not keep the whole text of the version it was parsed in alive (one per edited segment).
    else part = parse(lines.slice(from, to).join('\n'), from);
    out.set(from, { lines: lines.slice(from, to), result: part });
    append(file.uses, part.file.uses);
    append(file.cards, part.file.cards);
    append(file.scenarios, part.file.scenarios);
    append(file.lines, part.file.lines);
    append(file.comments, part.file.comments);
    append(diagnostics, part.diagnostics);
  }
  return { file, diagnostics };
}

/** Identity numbers for option objects (workspace and page cards), so a new index invalidates the cache. */
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(o: object | undefined): number {
  if (!o) return 0;
  let id = identities.get(o);
  if (!id) identities.set(o, (id = nextIdentity++));
  return id;
}

/** The layers of a page's earlier blocks, built once per block's definitions (every later block reads them). */
const pageLayers = new WeakMap<CardSource, Map<string, CardInfo>>();
function pageLayer(source: CardSource): Map<string, CardInfo> {
  let layer = pageLayers.get(source);
  if (!layer) pageLayers.set(source, (layer = buildLayer(source)));
  return layer;
}

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  // Past the limit nothing is analysed (the memory would grow with every scenario): one error says so.
  if (overScenarioLimit(text)) {
    const firstLine = Math.max(0, Math.min(text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'), 200));
    return { ...analyze('', { ...options, previous: undefined }), diagnostics: [tooLargeDiagnostic({ start: { line: 0, character: 0 }, end: { line: 0, character: firstLine } }, 'file')] };
  }
  const uri = options.uri ?? 'untitled:document.segoc';
  const lines = splitLines(text);
  const parses: ParseCache = new Map();
  const { file, diagnostics: syntax } = parseBySegments(lines, options.previous?.cache.parses, parses);
  const diagnostics: Diagnostic[] = syntax.slice();

  // Card layers: libraries (generated < curated) < workspace < page < imports < this file.
  // The workspace is one merged layer, shared by every document (this file's own layer, on top, wins).
  const providers = options.cardProviders ?? defaultProviders();
  let cards = libraryCards(providers);
  if (options.workspaceCards?.length) cards = cards.with(mergedLayer(options.workspaceCards, uri));
  for (const pg of options.pageCards ?? []) cards = cards.with(pageLayer(pg));
  const imports: string[] = [];
  const importLayers = readImports(uri, file.uses, options, diagnostics, imports, new Set([uri]), 0);
  for (const layer of importLayers) cards = cards.with(buildLayer(layer));
  const fileLayerDiagnostics: Diagnostic[] = [];
  const fileLayer = buildLayer({ uri, kind: 'file', defs: file.cards }, fileLayerDiagnostics);
  append(diagnostics, fileLayerDiagnostics);
  append(diagnostics, definitionScopeProblems(uri, file.cards, providers, [...(options.workspaceCards ?? []), ...importLayers]));
  cards = cards.with(fileLayer);
  const fileCards = [...new Set(fileLayer.values())];

  const scenarios: ScenarioResult[] = [];
  const references: Reference[] = [];
  const full = options.detail !== 'diagnostics';
  const rules = options.rules ?? RULE_REGISTRY;
  const environment = environmentKey(options, file, lines);
  const cache: ScenarioCache = { environment, entries: [], byNode: new WeakMap(), parses };
  const previousCache = options.previous?.cache.environment === environment ? options.previous.cache : undefined;
  let cancelled = false;
  let suggestionBudget = SUGGESTIONS_PER_FILE;
  // The lines the parser could not read, by scenario (what the run follows on from: runScenario's parseErrors);
  // both in line order, so one pass (a hostile file has thousands of each).
  const syntaxErrors = syntax.filter((d) => d.severity === 'error' && UNREAD_LINE_CODES.has(d.code)).sort((a, b) => a.range.start.line - b.range.start.line);
  let nextSyntax = 0;
  for (let i = 0; i < file.scenarios.length; i++) {
    if (options.cancellation?.isCancellationRequested) {
      cancelled = true;
      break;
    }
    const sc = file.scenarios[i];
    while (nextSyntax < syntaxErrors.length && syntaxErrors[nextSyntax].range.start.line < sc.range.start.line) nextSyntax++;
    const parseErrors: Diagnostic[] = [];
    for (let k = nextSyntax; k < syntaxErrors.length && syntaxErrors[k].range.start.line <= sc.range.end.line; k++) parseErrors.push(syntaxErrors[k]);
    // Fast path: the segment was not re-parsed, so its scenario node is the very same object.
    const same = previousCache?.byNode.get(sc);
    let entry: CachedScenario | undefined = same && same.index === i && fitsBudget(same.entry, suggestionBudget) ? same.entry : undefined;
    if (!entry) {
      const scLines = lines.slice(sc.range.start.line, sc.range.end.line + 1);
      const found = previousCache ? textIndex(previousCache).get(textKey(i, scLines)) : undefined;
      const old = found && fitsBudget(found, suggestionBudget) ? found : undefined;
      if (old) {
        const delta = sc.range.start.line - old.startLine;
        entry = delta === 0 ? old : { lines: old.lines, key: old.key, result: shiftLines(old.result, delta), references: old.references.map((r) => ({ ...r, range: shiftLines(r.range, delta) })), startLine: sc.range.start.line, suggestionBudget: old.suggestionBudget, unknownNames: old.unknownNames };
      } else {
        const run = runScenario(sc, { cards, defaultRuleset: options.defaultRuleset ?? { region: 'tcg' }, index: i + 1, chainDetail: full, rules, parseErrors, suggestionBudget, strict: options.strict });
        dropRepeatedMistakes(run.result, parseErrors);
        applyExpectations(sc, run.result, rules);
        if (full) addFixes(lines, file, [run.result], run.result.diagnostics, i, rules);
        entry = { lines: scLines, result: run.result, references: run.references, startLine: sc.range.start.line, suggestionBudget, unknownNames: run.unknownNames };
        // A cached result outlives this version of the text: give it strings of its own, so that it
        // does not keep the whole document alive through substrings (one copy per edit otherwise).
        if (options.previous) entry = detach(entry);
      }
    }
    suggestionBudget -= Math.min(suggestionBudget, entry.unknownNames);
    cache.entries.push(entry);
    cache.byNode.set(sc, { index: i, entry });
    scenarios.push(entry.result);
    append(diagnostics, entry.result.diagnostics);
    append(references, entry.references);
  }
  for (let i = 0; i < diagnostics.length; i++) if (diagnostics[i].code === 'unterminated-name') diagnostics[i] = withClosingQuote(diagnostics[i], lines, cards);
  diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  const analysis: Analysis = { uri, file, diagnostics, scenarios, cards, fileCards, references, imports, cache };
  if (cancelled) analysis.cancelled = true;
  return analysis;
}

/**
 * A name without its closing quote runs to the end of its line (`"Dark Hole -> destroy all monsters`): where its
 * first words are a card's name, say so and offer to close the quote after them. The longest such name wins; only
 * a card name's length in words is tried (a hostile line has thousands of words).
 */
function withClosingQuote(d: Diagnostic, lines: readonly string[], cards: CardIndex): Diagnostic {
  const line = lines[d.range.start.line] ?? '';
  const from = d.range.start.character + 1;
  const text = line.slice(from, d.range.end.line === d.range.start.line ? d.range.end.character : line.length);
  const ends: number[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    // A name ends with a word, not with an arrow or a colon that follows it (`-> destroy`, `cost:`).
    if (/[\p{L}\p{N}]/u.test(m[0])) ends.push(m.index! + m[0].length);
    if (ends.length >= 16) break;
  }
  for (let k = ends.length - 1; k >= 0; k--) {
    const written = text.slice(0, ends[k]);
    if (!cards.get(written)) continue;
    const at = { line: d.range.start.line, character: from + ends[k] };
    return {
      ...d,
      message: `${d.message}; "${written}" is a card: close the quote after it`,
      fix: [{ title: `Close the quote after "${written}"`, edits: [{ range: { start: at, end: at }, newText: '"' }], preferred: true }],
    };
  }
  return d;
}

/** The parser's codes for a line it could not read (or read only in part): the scenario then says less than was written. */
const UNREAD_LINE_CODES: ReadonlySet<string> = new Set(['syntax', 'unterminated-name', 'unknown-statement', 'outside-chain']);

/**
 * One mistake, one error: a card name without its closing quote runs to the end of the line, and no card has
 * that name; `unterminated-name` says what is wrong, an `unknown-card` on the same name would say it again.
 */
function dropRepeatedMistakes(result: ScenarioResult, parseErrors: readonly Diagnostic[]): void {
  const unterminated = parseErrors.filter((d) => d.code === 'unterminated-name');
  if (!unterminated.length) return;
  const at = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.character}`;
  const starts = new Set(unterminated.map(at));
  result.diagnostics = result.diagnostics.filter((d) => d.code !== 'unknown-card' || !starts.has(at(d)));
}

/**
 * Whether a cached result holds with the "did you mean" budget left now: it got suggestions for its first
 * min(budget, unknown names) unknown names, so a budget that gives the same number gives the same result.
 */
function fitsBudget(entry: CachedScenario, budget: number): boolean {
  return Math.min(entry.suggestionBudget, entry.unknownNames) === Math.min(budget, entry.unknownNames);
}

/** The key of a scenario's result: its number and text (a result depends on both, besides the environment). */
function textKey(index: number, scenarioLines: string[]): string {
  return `${index}\u0000${scenarioLines.join('\n')}`;
}

/** A previous analysis's entries by text key, built once per analysis that needs it (keys are kept on the entries). */
function textIndex(cache: ScenarioCache): Map<string, CachedScenario> {
  if (!cache.byText) {
    cache.byText = new Map();
    cache.entries.forEach((e, i) => cache.byText!.set((e.key ??= textKey(i, e.lines)), e));
  }
  return cache.byText;
}

/** A copy of a cached entry whose strings share nothing with the document text. */
function detach(entry: CachedScenario): CachedScenario {
  const own = (s: string | undefined) => (s === undefined ? s : (JSON.parse(JSON.stringify(s)) as string));
  // Copies of the card copies, one per copy, so that identity (used by navigation) is kept.
  const copies = new Map<NonNullable<Reference['instance']>, NonNullable<Reference['instance']>>();
  const copyOf = (i: Reference['instance']) => {
    if (!i) return i;
    let c = copies.get(i);
    if (!c) copies.set(i, (c = { ...i, name: own(i.name)!, label: own(i.label) }));
    return c;
  };
  return {
    lines: entry.lines.map((l) => own(l)!),
    key: entry.key,
    result: JSON.parse(JSON.stringify(entry.result)) as ScenarioResult,
    references: entry.references.map((r) => ({ ...r, cardName: own(r.cardName), cardKey: own(r.cardKey), player: own(r.player), label: own(r.label), instance: copyOf(r.instance) })),
    startLine: entry.startLine,
    suggestionBudget: entry.suggestionBudget,
    unknownNames: entry.unknownNames,
  };
}

/** What every scenario's result depends on besides its own text: options, imports and the file's cards. */
function environmentKey(options: AnalyzeOptions, file: SourceFile, lines: string[]): string {
  const cardLines: string[] = [];
  for (const c of file.cards) cardLines.push(lines.slice(c.range.start.line, c.range.end.line + 1).join('\n'));
  for (const u of file.uses) cardLines.push(u.path.text);
  return `${optionsKey(options)}\u0002${cardLines.join('\u0001')}`;
}

/** What an analysis depends on among its options (a text analysed twice with options of one key reads the same). */
export function optionsKey(options: AnalyzeOptions): string {
  const r = options.defaultRuleset;
  return [r?.region ?? 'tcg', r?.asOf ?? '', options.detail ?? 'full', options.strict ? 'strict' : '', identity(options.cardProviders), identity(options.workspaceCards), identity(options.pageCards), identity(options.readUse), identity(options.rules), options.uri ?? ''].join('\u0002');
}

/** A deep copy with every position moved by `delta` lines (results are plain data). */
function shiftLines<T>(value: T, delta: number): T {
  if (Array.isArray(value)) return value.map((v) => shiftLines(v, delta)) as T;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.line === 'number' && typeof o.character === 'number' && Object.keys(o).length === 2) {
      return { line: (o.line as number) + delta, character: o.character } as T;
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o)) out[k] = shiftLines(o[k], delta);
    return out as T;
  }
  return value;
}

function readImports(
  fromUri: string,
  uses: UseStmt[],
  options: AnalyzeOptions,
  diagnostics: Diagnostic[],
  imports: string[],
  seen: Set<string>,
  depth: number,
  /** For nested imports: reports on the top-level `use` line that led there. */
  reportTop?: (code: string, message: string) => void,
  /** For nested imports: the path of the importing file as its importer wrote it (messages never show a resolved, absolute path). */
  fromPath?: string,
): CardSource[] {
  const out: CardSource[] = [];
  for (const u of uses) {
    const report =
      reportTop ??
      ((code: string, message: string) => {
        if (!diagnostics.some((d) => d.code === code && d.range === u.path.range)) diagnostics.push({ code, severity: 'error', message, range: u.path.range });
      });
    if (!u.path.text.toLowerCase().endsWith('.segoc')) {
      report('use-not-segoc', `\`use\` imports only .segoc files; "${u.path.text}" is not one`);
      continue;
    }
    if (!options.readUse) {
      report('use-not-found', `"${u.path.text}" cannot be read here (no file access in this context)`);
      continue;
    }
    const r = options.readUse(fromUri, u.path.text);
    if ('error' in r) {
      report('use-not-found', `cannot read "${u.path.text}": ${r.error}`);
      continue;
    }
    if (seen.has(r.uri)) {
      report('use-cycle', depth === 0 ? `"${u.path.text}" imports this file again (an import cycle); the cycle is ignored` : `an import of this file comes back to a file already imported ("${u.path.text}", used by "${fromPath}"): an import cycle, ignored`);
      continue;
    }
    imports.push(r.uri);
    const parsed = parse(r.text).file;
    if (depth < 16) {
      const nested = readImports(
        r.uri,
        parsed.uses,
        options,
        diagnostics,
        imports,
        new Set([...seen, r.uri]),
        depth + 1,
        (code, message) => {
          if (code === 'use-cycle') report(code, message);
        },
        u.path.text,
      );
      append(out, nested);
    }
    out.push({ uri: r.uri, kind: 'workspace', defs: parsed.cards });
  }
  return out;
}

/**
 * `expect` lines (language.md, Expectations): a met `expect illegal` turns its diagnostic into
 * information, and, when every expectation is met, the scenario's other rule diagnostics become
 * "also: ..." information (an unmet one leaves them as they are: they are what the checker found); an
 * unmet expectation is an error on the `expect` line. A scenario that a language error stops (verdict
 * `invalid`) could not be checked: its expectations are not met, and the language error is the one error.
 */
function applyExpectations(sc: Scenario, result: ScenarioResult, rules: RuleRegistry): void {
  const expects = sc.items.filter((x): x is ExpectStmt => x.kind === 'expect');
  const outcomes = result.outcomes ?? [];
  if (expects.length === 0 && outcomes.length === 0) return;
  if (result.verdict === 'invalid') {
    result.expectationsMet = false;
    return;
  }
  // What the scenario expects of the resolution (engine/outcomes.ts): an unmet one is an error on its line.
  let outcomesMet = true;
  for (const o of outcomes) {
    if (o.met) continue;
    outcomesMet = false;
    result.diagnostics.push({ code: o.bad ? 'bad-expect' : 'expect-unmet', severity: 'error', message: o.message ?? 'expectation not met', range: o.range, scenario: result.index });
  }
  const chainBlocks = sc.items.filter((x): x is ChainBlock => x.kind === 'chain');
  const rule = result.diagnostics.filter((d) => rules.codeInfo(d.code));
  const lastChain = result.chains.length;
  const anyIllegal = expects.some((e) => !e.legal);
  let allMet = true;
  const matched = new Set<Diagnostic>();
  for (const e of expects) {
    if (e.legal) {
      // Under `strict` a verdict resting on an assumption is no "legal" either.
      const errors = result.diagnostics.filter((d) => d.severity === 'error' && (rules.codeInfo(d.code) || VERDICT_BASIS_CODES.has(d.code)));
      if (errors.length > 0 && !anyIllegal) {
        allMet = false;
        result.diagnostics.push({
          code: 'expect-unmet',
          severity: 'error',
          message: `expected legal, but the checker finds ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors.map((d) => `${d.code} ${d.link === undefined && d.chain === undefined ? 'on a game action' : `at CL${d.link ?? '?'}`}${d.chain ? ` in chain ${d.chain}` : ''}`).join(', ')}`,
          range: e.range,
          scenario: result.index,
          related: errors.map((d) => ({ range: d.range, message: `${d.code}: ${d.message}` })),
        });
      }
      continue;
    }
    const code = e.code.text;
    if (!rules.codeInfo(code)) {
      allMet = false;
      result.diagnostics.push({
        code: 'bad-expect',
        severity: 'error',
        message: `\`${code}\` is not a rule diagnostic code (see docs/rules.md)`,
        range: e.code.range,
        scenario: result.index,
      });
      continue;
    }
    if (!e.link) {
      // No link: a diagnostic on a game action's line (which stands in no chain).
      const onActions = rule.filter((d) => d.code === code && d.chain === undefined);
      if (onActions.length) for (const h of onActions) matched.add(h);
      else {
        allMet = false;
        const found = rule.filter((d) => d.chain === undefined);
        result.diagnostics.push({
          code: 'expect-unmet',
          severity: 'error',
          message: `expected ${code} on a game action, but the checker ${found.length ? `finds ${found.map((d) => d.code).join(', ')} there` : 'finds no problem with the game actions'} (a problem at a link is expected with \`at N\`)`,
          range: e.range,
          scenario: result.index,
          related: found.map((d) => ({ range: d.range, message: `${d.code}: ${d.message}` })),
        });
      }
      continue;
    }
    const chain = e.chain?.value ?? lastChain;
    if (chain < 1 || chain > lastChain) {
      allMet = false;
      result.diagnostics.push({
        code: 'bad-expect',
        severity: 'error',
        message: lastChain === 0 ? 'this scenario has no chain' : `there is no chain ${chain} (the scenario has ${lastChain})`,
        range: e.chain?.range ?? e.range,
        scenario: result.index,
      });
      continue;
    }
    const link = e.link.value;
    const links = chainBlocks[chain - 1]?.links ?? [];
    // A link is named by its place in the chain or by the number written on it (they differ where the numbering is the mistake, R1).
    if (!(link >= 1 && link <= links.length) && !links.some((l) => l.number.value === link)) {
      allMet = false;
      result.diagnostics.push({
        code: 'bad-expect',
        severity: 'error',
        message: `chain ${chain} has no link ${link} (its links are ${links.length ? links.map((l) => `CL${l.number.value}`).join(', ') : 'none'})`,
        range: e.link.range,
        scenario: result.index,
      });
      continue;
    }
    const hits = rule.filter((d) => d.code === code && d.chain === chain && (d.link === link || d.related?.some((r) => r.link === link)));
    if (hits.length === 0) {
      allMet = false;
      const found = rule.filter((d) => d.chain === chain);
      result.diagnostics.push({
        code: 'expect-unmet',
        severity: 'error',
        message: `expected ${code} at CL${link} of chain ${chain}, but the checker ${found.length ? `finds ${found.map((d) => `${d.code} at CL${d.link ?? '?'}`).join(', ')}` : 'finds this chain legal'}`,
        range: e.range,
        scenario: result.index,
        related: found.map((d) => ({ range: d.range, message: `${d.code}: ${d.message}` })),
      });
      continue;
    }
    for (const h of hits) matched.add(h);
  }
  for (const d of rule) {
    if (matched.has(d)) {
      d.severity = 'information';
      d.expected = true;
      d.message = `expected: ${d.message}`;
    } else if (anyIllegal && allMet) {
      d.severity = 'information';
      d.message = `also: ${d.message}`;
    }
  }
  result.expectationsMet = allMet && outcomesMet;
}

/** Appends without spreading (a spread of a huge array overflows the call stack). */
function append<T>(target: T[], source: readonly T[]): void {
  for (let i = 0; i < source.length; i++) target.push(source[i]);
}
