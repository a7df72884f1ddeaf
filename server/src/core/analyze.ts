// The one API boundary of core: text in, analysis out. Everything the server, the CLI and the
// preview show comes from `analyze`. It never throws on user input and does no I/O: `use` files
// are read through the `readUse` callback that the caller (server or CLI) provides.
import { buildLayer, CardIndex, CardSource, libraryCards } from './cards';
import { CardInfo } from './cards/model';
import { Diagnostic, isRuleCode, ruleCodeInfo } from './diagnostics';
import { Reference } from './engine/resolve-names';
import { ScenarioResult } from './engine/results';
import { runScenario } from './engine/scenario';
import { ExpectStmt, SourceFile, UseStmt } from './syntax/ast';
import { parse } from './syntax/parser';
import { addFixes } from './fixes';

export interface UseFile {
  uri: string;
  text: string;
}

export interface AnalyzeOptions {
  uri?: string;
  /** Ruleset when a scenario has no `rules` line. */
  defaultRuleset?: { region: 'tcg' | 'ocg'; asOf?: string };
  /** Card definitions of the rest of the workspace (lower precedence than this file's). */
  workspaceCards?: CardSource[];
  /** Cards from earlier blocks of the same page (Markdown/wikitext), above the workspace. */
  pageCards?: CardSource[];
  /** Reads a `use` path relative to a file; returns an error message when it cannot. */
  readUse?: (fromUri: string, path: string) => UseFile | { error: string };
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
  references: Array<Reference & { scenario: number }>;
  /** Files imported with `use` (resolved URIs), for watching. */
  imports: string[];
}

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  const uri = options.uri ?? 'untitled:document.segoc';
  const { file, diagnostics: syntax } = parse(text);
  const diagnostics: Diagnostic[] = [...syntax];

  // Card layers: library < workspace < page < imports < this file.
  let cards = libraryCards();
  for (const ws of options.workspaceCards ?? []) if (ws.uri !== uri) cards = cards.with(buildLayer(ws));
  for (const pg of options.pageCards ?? []) cards = cards.with(buildLayer(pg));
  const imports: string[] = [];
  const importLayers = readImports(uri, file.uses, options, diagnostics, imports, new Set([uri]), 0);
  for (const layer of importLayers) cards = cards.with(buildLayer(layer));
  const fileLayerDiagnostics: Diagnostic[] = [];
  const fileLayer = buildLayer({ uri, kind: 'file', defs: file.cards }, fileLayerDiagnostics);
  diagnostics.push(...fileLayerDiagnostics);
  cards = cards.with(fileLayer);
  const fileCards = [...new Set(fileLayer.values())];

  const scenarios: ScenarioResult[] = [];
  const references: Array<Reference & { scenario: number }> = [];
  file.scenarios.forEach((sc, i) => {
    const run = runScenario(sc, { cards, defaultRuleset: options.defaultRuleset ?? { region: 'tcg' }, index: i + 1 });
    applyExpectations(sc.items.filter((x): x is ExpectStmt => x.kind === 'expect'), run.result);
    scenarios.push(run.result);
    diagnostics.push(...run.result.diagnostics);
    for (const r of run.references) references.push({ ...r, scenario: i + 1 });
  });
  addFixes(text, file, scenarios, diagnostics);
  diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { uri, file, diagnostics, scenarios, cards, fileCards, references, imports };
}

function readImports(
  fromUri: string,
  uses: UseStmt[],
  options: AnalyzeOptions,
  diagnostics: Diagnostic[],
  imports: string[],
  seen: Set<string>,
  depth: number,
): CardSource[] {
  const out: CardSource[] = [];
  for (const u of uses) {
    const report = (code: string, message: string) => {
      if (depth === 0) diagnostics.push({ code, severity: 'error', message, range: u.path.range });
    };
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
      report('use-cycle', `"${u.path.text}" imports this file again (an import cycle); the cycle is ignored`);
      continue;
    }
    imports.push(r.uri);
    const parsed = parse(r.text).file;
    if (depth < 16) {
      const nested = readImports(r.uri, parsed.uses, options, diagnostics, imports, new Set([...seen, r.uri]), depth + 1);
      out.push(...nested);
    }
    out.push({ uri: r.uri, kind: 'workspace', defs: parsed.cards });
  }
  return out;
}

/**
 * `expect` lines (language.md, Expectations): a met `expect illegal` turns its diagnostic into
 * information; other rule diagnostics of that scenario become "also: ..." information; an unmet
 * expectation is an error on the `expect` line.
 */
function applyExpectations(expects: ExpectStmt[], result: ScenarioResult): void {
  if (expects.length === 0) return;
  const rule = result.diagnostics.filter((d) => isRuleCode(d.code));
  const lastChain = result.chains.length;
  const anyIllegal = expects.some((e) => !e.legal);
  let allMet = true;
  const matched = new Set<Diagnostic>();
  for (const e of expects) {
    if (e.legal) {
      const errors = rule.filter((d) => d.severity === 'error');
      if (errors.length > 0 && !anyIllegal) {
        allMet = false;
        result.diagnostics.push({
          code: 'expect-unmet',
          severity: 'error',
          message: `expected legal, but the checker finds ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors.map((d) => `${d.code} at CL${d.link ?? '?'}${d.chain ? ` in chain ${d.chain}` : ''}`).join(', ')}`,
          range: e.range,
          scenario: result.index,
          related: errors.map((d) => ({ range: d.range, message: `${d.code}: ${d.message}` })),
        });
      }
      continue;
    }
    const code = e.code.text;
    if (!ruleCodeInfo(code)) {
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
    } else if (anyIllegal) {
      d.severity = 'information';
      d.message = `also: ${d.message}`;
    }
  }
  result.expectationsMet = allMet;
}
