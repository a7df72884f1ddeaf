// Text and JSON reports of the CLI. The JSON shape is documented in docs/cli.md and is stable.
import * as path from 'path';
import { describeRules, Diagnostic, PageBlock, PageKind, ScenarioResult } from '../core';

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
}

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

export function formatText(results: Checked[], s: Summary, cwd: string, chains: boolean): string {
  const out: string[] = [];
  for (const r of results) {
    const f = rel(cwd, r.file);
    for (const d of r.analysis.diagnostics) {
      if (d.severity === 'information' && d.expected) continue; // met expectations are quiet
      if (d.severity === 'information' || d.severity === 'hint') continue;
      out.push(line(f, d));
    }
    if (chains) {
      for (const sc of r.analysis.scenarios) {
        out.push(`${f}:${sc.titleRange.start.line + 1}: scenario "${sc.title}" — ${sc.verdict}${sc.expectationsMet === false ? ' (expectation NOT met)' : sc.expectationsMet ? ' (as expected)' : ''}`);
        for (const c of sc.chains) {
          out.push(`  chain ${c.index}: ${c.links.map((l) => `CL${l.position} ${l.player} "${l.card}"`).join(' | ') || '(empty)'}`);
          for (const g of c.legalOrder) out.push(`    order ${g.description}`);
          for (const step of c.resolution) out.push(`    resolves ${step}`);
        }
      }
    }
  }
  out.push(
    `${s.files} file${s.files === 1 ? '' : 's'}, ${s.scenarios} scenario${s.scenarios === 1 ? '' : 's'}: ${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}; ${s.expectationsMet}/${s.expectations} expectations met`,
  );
  return out.join('\n');
}

export function formatJson(results: Checked[], s: Summary, cwd: string): string {
  const diag = (d: Diagnostic) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    rule: d.rule,
    range: d.range,
    scenario: d.scenario,
    ...('block' in d && d.block !== undefined ? { block: d.block } : {}),
    chain: d.chain,
    link: d.link,
    expected: d.expected ?? false,
    related: d.related,
  });
  return JSON.stringify(
    {
      version: 1,
      summary: s,
      files: results.map((r) => ({
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
        diagnostics: r.analysis.diagnostics.filter((d) => d.scenario === undefined).map(diag),
        scenarios: r.analysis.scenarios.map((sc) => ({
          index: sc.index,
          ...(sc.block !== undefined ? { block: sc.block } : {}),
          line: sc.titleRange.start.line + 1,
          title: sc.title,
          source: sc.source,
          ruleset: sc.ruleset.label,
          players: sc.players,
          turnPlayer: sc.turnPlayer,
          verdict: sc.verdict,
          expectationsMet: sc.expectationsMet ?? null,
          chains: sc.chains.map((c) => ({
            index: c.index,
            legal: c.legal,
            legalOrder: c.legalOrder,
            links: c.links.map((l) => ({
              link: l.position,
              number: l.number,
              player: l.player,
              card: l.card,
              role: l.role,
              spellSpeed: l.spellSpeed,
              category: l.category ?? null,
              legal: l.legal,
              codes: l.codes,
              resolution: l.resolution ?? null,
            })),
            resolution: c.resolution,
          })),
          diagnostics: sc.diagnostics.map(diag),
        })),
      })),
    },
    null,
    2,
  );
}

export function formatExplain(a: CheckedAnalysis, file: string): string {
  const out: string[] = [`${file}`];
  for (const d of a.diagnostics.filter((x) => x.scenario === undefined && x.severity === 'error')) out.push(`  ${line(file, d)}`);
  for (const sc of a.scenarios) {
    out.push('');
    out.push(`scenario ${sc.index}: "${sc.title}"${sc.block !== undefined ? ` (block ${sc.block}, line ${sc.titleRange.start.line + 1})` : ''}`);
    if (sc.source) out.push(`  source: ${sc.source}`);
    out.push(`  players: ${sc.players.join(', ')}; turn player: ${sc.turnPlayer}`);
    out.push(`  rules: ${describeRules(sc.ruleset).join('\n         ')}`);
    for (const c of sc.chains) {
      out.push(`  chain ${c.index} (${c.phase}):`);
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
        const cat = l.category ? `, category ${l.category} (${l.categoryLabel})` : '';
        out.push(`      CL${l.position} ${l.player} "${l.card}" — ${l.role}, Spell Speed ${l.spellSpeed}${cat}; answers ${l.answers}; ${l.legal ? 'legal' : `ILLEGAL (${l.codes.join(', ')})`}`);
        for (const as of l.assumptions) out.push(`        assumed: ${as}`);
      }
      out.push('    resolution:');
      for (const r of c.resolution) out.push(`      ${r}`);
    }
    out.push(`  verdict: ${sc.verdict}${sc.expectationsMet === undefined ? '' : sc.expectationsMet ? ' (expectations met)' : ' (expectations NOT met)'}`);
    for (const d of sc.diagnostics) out.push(`  ${d.severity} ${d.code}${d.link ? ` at CL${d.link}` : ''}${d.chain ? ` in chain ${d.chain}` : ''}: ${d.message}`);
  }
  return out.join('\n');
}
