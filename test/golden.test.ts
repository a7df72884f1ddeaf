// Golden files: what a judge reads, pinned. For every scenario file under samples/ (recursively:
// .segoc files, and the segoc blocks of the .md/.wiki pages through the page analysis) this test
// prints every diagnostic (code, severity, range, rule, message, related information, quick-fix
// titles), every scenario's verdict and, per chain, its links, legal order, collected triggers and
// resolution, as readable text, and compares it with test/golden/<same relative path>.golden.
// `UPDATE_GOLDEN=1 npm test` rewrites them; otherwise a mismatch fails with a diff of that file and
// a missing golden fails. A file added to samples/ is picked up on its own. A reviewed golden diff is
// how every behaviour change shows: a refactor keeps them byte-identical.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, analyzePage, ChainResult, Diagnostic, pageKind, Range, ScenarioResult, verdictLabel } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';
// samples/modern/ names cards only the generated library knows.
import './generated-cards';

const root = repoRoot();
const samplesDir = path.join(root, 'samples');
const goldenDir = path.join(root, 'test', 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

const files = listFiles(samplesDir, '').filter((f) => f.endsWith('.segoc') || pageKind(f) !== undefined);
const rel = (f: string) => path.relative(samplesDir, f).split(path.sep).join('/');
const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
// As `segoc check samples` does: the repository declares no card files, so each sample's card
// definitions apply to that sample only.

const pos = (r: Range) => `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

function diagnosticLines(d: Diagnostic & { block?: number }): string[] {
  const where = [d.rule, d.scenario !== undefined && `scenario ${d.scenario}`, d.chain !== undefined && `chain ${d.chain}`, d.link !== undefined && `link ${d.link}`, d.block !== undefined && `block ${d.block}`];
  const out = [`${pos(d.range)} ${d.severity} ${d.code}${where.filter(Boolean).map((w) => ` ${w}`).join('')}${d.expected ? ' (expected)' : ''}`];
  out.push(`  ${indent(d.message, '  ')}`);
  for (const r of d.related ?? []) out.push(`  related ${pos(r.range)}${r.link !== undefined ? ` CL${r.link}` : ''}: ${indent(r.message, '    ')}`);
  for (const f of d.fix ?? []) out.push(`  fix${f.preferred ? ' (preferred)' : ''}: ${f.title}`);
  return out;
}

function chainLines(c: ChainResult): string[] {
  const out = [`  chain ${c.index} at ${pos(c.range)}, ${c.phase}: ${c.legal ? 'legal' : 'illegal'}`];
  for (const l of c.links) {
    const kind = [l.role, `speed ${l.spellSpeed}`, l.category && `category ${l.category} (${l.categoryLabel})`, l.mandatory !== undefined && (l.mandatory ? 'mandatory' : 'optional'), l.pending && 'pending', l.triggerStep !== undefined && `step ${l.triggerStep}`, l.fromHand && 'from hand'];
    out.push(`    CL${l.number} (position ${l.position}) ${l.player} "${l.card}"${l.cardKnown ? '' : ' (unknown card)'}${l.effectIndex !== undefined ? ` effect ${l.effectIndex}${l.grantedBy ? ` of "${l.grantedBy}" (granted)` : ''}` : ''}: ${kind.filter(Boolean).join(', ')}; ${l.legal ? 'legal' : `illegal: ${l.codes.join(', ')}`}`);
    if (l.effectKind || l.effectText) out.push(`      effect: ${[l.effectKind, l.effectText].filter(Boolean).join(': ')}`);
    out.push(`      answers: ${l.answers}`);
    for (const a of l.assumptions) out.push(`      assumes: ${a}`);
    for (const f of l.unknownFacts) out.push(`      rests on unknown ${f.fact} of "${f.card}": ${f.what} (${f.why})`);
    if (l.resolution) out.push(`      resolves ${l.resolution.order}: ${l.resolution.status}${l.resolution.did.map((d) => `; ${d}`).join('')}`);
  }
  if (c.legalOrder.length) out.push('    legal order');
  for (const g of c.legalOrder) out.push(`      CL${g.from}-${g.to} ${g.player} category ${g.category} links ${g.links.join(',')}: ${g.description}`);
  if (c.collected.length) out.push('    collected');
  for (const s of c.collected) out.push(`      ${s}`);
  if (c.resolution.length) out.push('    resolution');
  for (const s of c.resolution) out.push(`      ${s}`);
  return out;
}

function scenarioLines(s: ScenarioResult & { block?: number }): string[] {
  const met = s.expectationsMet === undefined ? '' : s.expectationsMet ? ', expectations met' : ', expectations NOT met';
  const out = [`scenario ${s.index} "${s.title}" at ${pos(s.range)}${s.block !== undefined ? ` (block ${s.block})` : ''}: ${verdictLabel(s.verdict, s.restsOnUnknownFacts)}${met}`];
  out.push(`  ${s.ruleset.region}${s.ruleset.asOf ? ` as of ${s.ruleset.asOf}` : ''}; players ${s.players.join(', ')}; turn ${s.turnPlayer}`);
  for (const a of s.actionAssumptions) for (const x of a.assumptions) out.push(`  game action at ${pos(a.range)} assumes: ${x}`);
  for (const c of s.chains) out.push(...chainLines(c));
  return out;
}

/** The golden text of one sample file. */
function golden(file: string): string {
  const name = `samples/${rel(file)}`;
  const text = texts.get(file)!;
  const kind = pageKind(file);
  const options = { uri: name };
  const result = kind ? analyzePage(text, kind, options) : analyze(text, options);
  const out = [`# ${name}: what segoc reports (UPDATE_GOLDEN=1 npm test rewrites this file)`, '', `diagnostics: ${result.diagnostics.length}`];
  for (const d of result.diagnostics) out.push(...diagnosticLines(d));
  for (const s of result.scenarios) out.push('', ...scenarioLines(s));
  return out.join('\n') + '\n';
}

/** A line diff (longest common subsequence), changed lines with two lines of context. */
function diff(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const rows: { mark: ' ' | '-' | '+'; text: string; line: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) rows.push({ mark: ' ', text: a[i++], line: j++ });
    else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) rows.push({ mark: '+', text: b[j], line: j++ });
    else rows.push({ mark: '-', text: a[i++], line: j });
  }
  const keep = rows.map((_, k) => rows.slice(Math.max(0, k - 2), k + 3).some((r) => r.mark !== ' '));
  const out: string[] = [];
  rows.forEach((r, k) => {
    if (keep[k]) out.push(`${r.mark} ${r.text}`);
    else if (keep[k - 1]) out.push('  ...');
  });
  return out.join('\n');
}

for (const file of files) {
  const name = rel(file);
  test(`golden: samples/${name}`, () => {
    const target = path.join(goldenDir, `${name}.golden`);
    const actual = golden(file);
    if (update) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== actual) fs.writeFileSync(target, actual);
      return;
    }
    if (!fs.existsSync(target)) assert.fail(`no golden file test/golden/${name}.golden: run UPDATE_GOLDEN=1 npm test and review it`);
    const expected = fs.readFileSync(target, 'utf8');
    if (expected !== actual) assert.fail(`samples/${name} no longer reads as test/golden/${name}.golden (- golden, + now); if the change is intended, run UPDATE_GOLDEN=1 npm test and review the diff:\n${diff(expected, actual)}`);
  });
}

test('golden: every golden file belongs to a sample', () => {
  const names = new Set(files.map((f) => `${rel(f)}.golden`));
  const stale = fs.existsSync(goldenDir) ? listFiles(goldenDir, '.golden').map((f) => path.relative(goldenDir, f).split(path.sep).join('/')).filter((g) => !names.has(g)) : [];
  assert.deepEqual(stale, [], 'golden files whose sample is gone: delete them');
});
