// Text and JSON reports of the CLI. The JSON shape is documented in docs/cli.md and is stable.
import * as path from 'path';
import { Analysis, CATEGORY_LABELS, documentPoints, pointLines, PointAnswer, responsesAt, ResponsesOptions, RULE_REGISTRY, Diagnostic, diagnosticJson, scenarioJson, PageBlock, PageKind, phaseLabel, quoteName, ROLE_LABELS, ScenarioResult, verdictLabel } from '../core';

/** What the reports need of an analysis: a .segoc file's Analysis and a page's PageAnalysis both fit. */
export interface CheckedAnalysis {
  diagnostics: Array<Diagnostic & { block?: number }>;
  scenarios: Array<ScenarioResult & { block?: number }>;
}

/** One checked file: a .segoc file, or a Markdown / wikitext page with its segoc blocks. */
export interface Checked {
  file: string;
  kind: 'segoc' | PageKind;
  analysis: CheckedAnalysis;
  /** The page's segoc blocks (pages only). */
  blocks?: PageBlock[];
  /** A .segoc file's text and full analysis (who can act at each point is worked out from them: explain --responses). */
  document?: { text: string; analysis: Analysis };
}

/** Who can act at every point of each scenario of a .segoc file (pages: none yet). */
export function fileResponses(c: Checked, options: ResponsesOptions): Array<{ scenario: number; points: PointAnswer[] }> {
  if (!c.document) return [];
  const { analysis } = c.document;
  const lines = c.document.text.split(/\r?\n/);
  const points = documentPoints(analysis, lines);
  return analysis.scenarios.map((sc) => ({ scenario: sc.index, points: points.filter((p) => p.scenario === sc.index).map((p) => responsesAt(analysis, lines, p, options)) }));
}

/** The code of a file that a folder or glob search found and that cannot be read as text (check.ts). */
export const UNREADABLE_FILE = { code: 'unreadable-file', summary: 'a file found in a folder or by a glob that cannot be read as UTF-8 text (binary, not UTF-8, too large)' };

export interface Summary {
  files: number;
  scenarios: number;
  errors: number;
  warnings: number;
  expectations: number;
  expectationsMet: number;
}

export function rel(cwd: string, file: string): string {
  const r = path.relative(cwd, file);
  return r && !r.startsWith('..') ? r : file;
}

function line(file: string, d: Diagnostic): string {
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${d.message}`;
}

/** What one file adds to the summary. */
export type FileCounts = Omit<Summary, 'files'>;

export function countFile(a: CheckedAnalysis): FileCounts {
  const c: FileCounts = { scenarios: a.scenarios.length, errors: 0, warnings: 0, expectations: 0, expectationsMet: 0 };
  for (const d of a.diagnostics) {
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
  }
  for (const sc of a.scenarios) {
    if (sc.expectationsMet !== undefined) {
      c.expectations++;
      if (sc.expectationsMet) c.expectationsMet++;
    }
  }
  return c;
}

/** The summary of files' counts, in the order given. */
export function summarize(counts: Iterable<FileCounts>): Summary {
  const s: Summary = { files: 0, scenarios: 0, errors: 0, warnings: 0, expectationsMet: 0, expectations: 0 };
  for (const c of counts) {
    s.files++;
    s.scenarios += c.scenarios;
    s.errors += c.errors;
    s.warnings += c.warnings;
    s.expectations += c.expectations;
    s.expectationsMet += c.expectationsMet;
  }
  return s;
}

// The reports are built file by file (a piece per file, made right after the file is checked, on
// whichever thread checked it), then put together in file order: see textPiece / textReport, etc.

/** The text report's lines of one file, joined (empty when the file prints nothing). */
export function textPiece(r: Checked, cwd: string, chains: boolean): string {
  const out: string[] = [];
  const f = rel(cwd, r.file);
  for (const d of r.analysis.diagnostics) {
    if (d.severity === 'information' && d.expected) continue; // met expectations are quiet
    if (d.severity === 'information' || d.severity === 'hint') continue;
    out.push(line(f, d));
  }
  if (chains) {
    for (const sc of r.analysis.scenarios) {
      out.push(`${f}:${sc.titleRange.start.line + 1}: scenario "${sc.title}" — ${verdictLabel(sc.verdict, sc.restsOnUnknownFacts)}${sc.expectationsMet === false ? ' (expectation NOT met)' : sc.expectationsMet ? ' (as expected)' : ''}`);
      for (const c of sc.chains) {
        out.push(`  chain ${c.index}: ${c.links.map((l) => `CL${l.position} ${l.player} ${quoteName(l.card)}`).join(' | ') || '(empty)'}`);
        for (const g of c.legalOrder) out.push(`    order ${g.description}`);
        for (const step of c.resolution) out.push(`    resolves ${step}`);
      }
    }
  }
  return out.join('\n');
}

/** The text report: the files' pieces in order, then the summary line. */
export function textReport(pieces: readonly string[], s: Summary): string {
  const out = pieces.filter((p) => p.length > 0);
  out.push(
    `${s.files} file${s.files === 1 ? '' : 's'}, ${s.scenarios} scenario${s.scenarios === 1 ? '' : 's'}: ${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}; ${s.expectationsMet}/${s.expectations} expectations met`,
  );
  return out.join('\n');
}

/**
 * `JSON.stringify(value, null, 2)` of a value that sits `depth` levels deep in a document that is
 * stringified the same way, as it appears there (every line indented by the depth): pieces made
 * apart and spliced in give the same bytes as one stringify of the whole.
 */
export function jsonAt(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth);
  return pad + JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad}`);
}

/** Stands, in a document given to jsonWithItems, for the array whose items are given as text. */
export const ITEMS = '\u0000segoc-items';

/**
 * `JSON.stringify(doc, null, 2)` where the one ITEMS value in `doc` stands for an array given as its
 * items' texts (jsonAt(item, depth + 1)); `depth` is the level of the line that holds it.
 */
export function jsonWithItems(doc: unknown, depth: number, items: readonly string[]): string {
  const text = JSON.stringify(doc, null, 2);
  const mark = JSON.stringify(ITEMS);
  const at = text.indexOf(mark);
  const list = items.length ? `[\n${items.join(',\n')}\n${'  '.repeat(depth)}]` : '[]';
  return text.slice(0, at) + list + text.slice(at + mark.length);
}

/** One file of the JSON report (an item of `files`). */
export function jsonFile(r: Checked, cwd: string) {
  return {
    file: rel(cwd, r.file),
    kind: r.kind,
    ...(r.blocks
      ? {
          blocks: r.blocks.map((b) => ({
            index: b.index,
            line: b.line + 1,
            column: b.column + 1,
            endLine: b.range.end.line + 1,
            terminated: b.terminated,
            scenarios: r.analysis.scenarios.filter((sc) => sc.block === b.index).map((sc) => sc.index),
          })),
        }
      : {}),
    diagnostics: r.analysis.diagnostics.filter((d) => d.scenario === undefined).map(diagnosticJson),
    scenarios: r.analysis.scenarios.map(scenarioJson),
  };
}

/** One file of the JSON report as text, indented as an item of `files`. */
export function jsonPiece(r: Checked, cwd: string): string {
  return jsonAt(jsonFile(r, cwd), 2);
}

/** The JSON report (docs/cli.md) from the files' pieces, in order. */
export function jsonReport(pieces: readonly string[], s: Summary): string {
  return jsonWithItems({ version: 1, summary: s, files: ITEMS }, 1, pieces);
}

/** How terminal output is styled: bold as ANSI on a terminal, plain text otherwise (never Markdown). */
export interface TextStyle {
  bold: (s: string) => string;
}

export const PLAIN: TextStyle = { bold: (s) => s };
export const ANSI: TextStyle = { bold: (s) => `\x1b[1m${s}\x1b[22m` };

export function formatExplain(a: CheckedAnalysis, file: string, style: TextStyle = PLAIN, responses?: Array<{ scenario: number; points: PointAnswer[] }>): string {
  const out: string[] = [`${file}`];
  for (const d of a.diagnostics.filter((x) => x.scenario === undefined && x.severity === 'error')) out.push(`  ${line(file, d)}`);
  for (const sc of a.scenarios) {
    out.push('');
    out.push(`scenario ${sc.index}: "${sc.title}"${sc.block !== undefined ? ` (block ${sc.block}, line ${sc.titleRange.start.line + 1})` : ''}`);
    if (sc.source) out.push(`  source: ${sc.source}`);
    out.push(`  players: ${sc.players.join(', ')}; turn player: ${sc.turnPlayer}`);
    const [label, ...rules] = RULE_REGISTRY.describeRuleset(sc.ruleset);
    out.push(`  rules: ${[style.bold(label), ...rules].join('\n         ')}`);
    for (const a of sc.actionAssumptions) for (const as of a.assumptions) out.push(`  game action at line ${a.range.start.line + 1}: assumed: ${as}`);
    for (const c of sc.chains) {
      out.push(`  chain ${c.index} (${phaseLabel(c.phase)}):`);
      if (c.collected.length) {
        out.push('    triggers collected:');
        for (const t of c.collected) out.push(`      - ${t}`);
      }
      if (c.legalOrder.length) {
        out.push('    legal order of the batch:');
        for (const g of c.legalOrder) out.push(`      ${g.description}`);
      }
      out.push('    links:');
      for (const l of c.links) {
        const cat = l.category ? `, category ${l.category} (${CATEGORY_LABELS[l.category]})` : '';
        out.push(`      CL${l.position} ${l.player} ${quoteName(l.card)} — ${ROLE_LABELS[l.role]}, Spell Speed ${l.spellSpeed}${cat}; answers ${l.answers}; ${l.legal ? 'legal' : `ILLEGAL (${l.codes.join(', ')})`}`);
        for (const as of l.assumptions) out.push(`        assumed: ${as}`);
        for (const f of l.unknownFacts) out.push(`        not known to the card library: ${f.what} (${f.why})`);
      }
      out.push('    resolution:');
      for (const r of c.resolution) out.push(`      ${r}`);
    }
    const points = responses?.find((r) => r.scenario === sc.index)?.points;
    if (points) {
      out.push('  who can act:');
      for (const p of points) for (const l of pointLines(p)) out.push(`    ${l}`);
    }
    out.push(`  verdict: ${verdictLabel(sc.verdict, sc.restsOnUnknownFacts)}${sc.expectationsMet === undefined ? '' : sc.expectationsMet ? ' (expectations met)' : ' (expectations NOT met)'}`);
    for (const d of sc.diagnostics) out.push(`  ${d.severity} ${d.code}${d.link ? ` at CL${d.link}` : ''}${d.chain ? ` in chain ${d.chain}` : ''}: ${d.message}`);
  }
  return out.join('\n');
}
