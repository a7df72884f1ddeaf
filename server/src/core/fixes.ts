// Quick fixes that need the document text: reorder a trigger batch into the nearest legal order,
// remove a link that cannot be activated, add a left-out mandatory trigger. Each is a list of
// text edits attached to its diagnostic; the server turns them into code actions. A removal or
// an insertion edits only its own line (a `chain-numbering` fix then renumbers the links).
import { Diagnostic, QuickFix, TextEdit } from './diagnostics';
import { ChainResult, LinkResult, ScenarioResult } from './engine/results';
import { RULE_REGISTRY, RuleRegistry } from './engine/rules';
import { ChainBlock, LinkStmt, SourceFile } from './syntax/ast';
import { Range } from './text';
import { quoteName } from './syntax/quote';

/** Adds fixes to the diagnostics of `scenarios`, which start at scenario number `offset + 1` of the file. */
/**
 * An insertion the engine placed on the line after the last one (a fact to confirm under a `card` line that ends the
 * file, which has no line after it) goes at the end of the last line, on a line of its own.
 */
function insideDocument(f: QuickFix, lines: string[]): QuickFix {
  if (!f.edits.some((e) => e.range.start.line >= lines.length)) return f;
  const last = lines.length - 1;
  const end = { line: last, character: lines[last]?.length ?? 0 };
  return { ...f, edits: f.edits.map((e) => (e.range.start.line >= lines.length ? { range: { start: end, end }, newText: `\n${e.newText.replace(/\n$/, '')}` } : e)) };
}

export function addFixes(lines: string[], file: SourceFile, scenarios: ScenarioResult[], diagnostics: Diagnostic[], offset = 0, rules: RuleRegistry = RULE_REGISTRY): void {
  for (const d of diagnostics) {
    if (d.fix) d.fix = d.fix.map((f) => insideDocument(f, lines));
    if (!d.scenario || !d.chain) continue;
    const sc = file.scenarios[d.scenario - 1];
    const result = scenarios[d.scenario - 1 - offset];
    const block = sc?.items.filter((x): x is ChainBlock => x.kind === 'chain')[d.chain - 1];
    const chain = result?.chains[d.chain - 1];
    if (!block || !chain) continue;
    const fixes: QuickFix[] = d.fix ? [...d.fix] : [];
    // Which fix a code gets is the rule module's metadata (its codes' `fix`).
    const kind = rules.fixKind(d.code);
    if (kind === 'reorder') {
      const f = reorderFix(lines, block, chain);
      if (f) fixes.unshift(f);
    }
    if (kind === 'remove-link' && d.link) {
      const link = block.links[d.link - 1];
      if (link) fixes.push(removeFix(lines, link, chain.links[d.link - 1]));
    }
    if (kind === 'insert-missing') {
      const f = insertMissingFix(lines, block, d);
      if (f) fixes.unshift(f);
    }
    if (fixes.length) d.fix = fixes;
  }
}

function slice(lines: string[], r: Range): string {
  if (r.start.line === r.end.line) return lines[r.start.line]?.slice(r.start.character, r.end.character) ?? '';
  const parts = [lines[r.start.line]?.slice(r.start.character) ?? ''];
  for (let i = r.start.line + 1; i < r.end.line; i++) parts.push(lines[i] ?? '');
  parts.push(lines[r.end.line]?.slice(0, r.end.character) ?? '');
  return parts.join('\n');
}

/** The link's statement text with its number replaced. */
function renumbered(lines: string[], link: LinkStmt, n: number): string {
  const t = slice(lines, link.range);
  const numLen = link.number.range.end.character - link.number.range.start.character;
  return `${n}${t.slice(numLen)}`;
}

/** The legal order nearest to the claim: stable sort of the batch by group and category. */
function desiredOrder(chain: ChainResult): LinkResult[] {
  const key = (l: LinkResult): [number, number, number] => {
    const isTrigger = l.role === 'batch-trigger' || l.role === 'hand-trigger' || (l.pending && l.role === 'slow');
    if (!isTrigger || !l.category) return [2, 0, 0];
    return [l.role === 'hand-trigger' ? 1 : 0, l.category, l.triggerStep ?? 0];
  };
  const legacy = chain.links.some((l) => l.codes.includes('legacy-trigger-order'));
  return [...chain.links].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1] || (legacy ? ka[2] - kb[2] : 0) || a.position - b.position;
  });
}

function reorderFix(lines: string[], block: ChainBlock, chain: ChainResult): QuickFix | undefined {
  const order = desiredOrder(chain);
  if (order.every((l, i) => l.position === i + 1)) return undefined;
  const newPosition = new Map(order.map((l, i) => [l.position, i + 1]));
  const edits: TextEdit[] = [];
  order.forEach((l, i) => {
    const at = block.links[i];
    const from = block.links[l.position - 1];
    if (!at || !from) return;
    // `negate N` follows the link it names to its new number.
    const newText = renumbered(lines, from, i + 1).replace(/\b(negates?\s+(?:the\s+activation\s+of\s+)?(?:chain\s+link\s+|link\s+)?)(CL)?(\d+)/gi, (m, head: string, cl: string | undefined, num: string) => {
      const to = newPosition.get(Number(num));
      return to === undefined ? m : `${head}${cl ?? ''}${to}`;
    });
    if (newText !== slice(lines, at.range)) edits.push({ range: at.range, newText });
  });
  if (!edits.length) return undefined;
  return {
    title: `Reorder the chain into a legal order: ${order.map((l) => `${quoteName(l.card)}`).join(', ')}`,
    edits,
    preferred: true,
  };
}

function removeFix(lines: string[], link: LinkStmt, result: LinkResult | undefined): QuickFix {
  const first = link.line.firstLine;
  const last = link.line.lastLine;
  // From the end of the line above (a link always has one: its `chain` line at least) to the end of its
  // last line: the edit depends only on the scenario's own lines, not on whether more lines follow (so a
  // cached result stays right when lines are added or removed after it), and works without a final newline.
  const range: Range = { start: { line: Math.max(0, first - 1), character: (lines[first - 1] ?? '').length }, end: { line: last, character: lines[last].length } };
  return { title: `Remove CL${link.number.value}${result ? ` ${quoteName(result.card)}` : ''}: it cannot be activated here`, edits: [{ range, newText: '' }] };
}

function insertMissingFix(lines: string[], block: ChainBlock, d: Diagnostic): QuickFix | undefined {
  const data = d.data;
  if (!data?.player || !data.card || !data.insertAt || data.ambiguous) return undefined;
  const n = data.insertAt;
  const before = block.links[n - 1];
  const prev = n >= 2 ? block.links[n - 2] : undefined;
  const sample = before ?? prev;
  const indent = sample ? (lines[sample.line.firstLine].match(/^\s*/)?.[0] ?? '    ') : '    ';
  const ref = data.isLabel ? data.card : quoteName(data.card);
  const text = `${indent}${n} ${data.player} ${ref}`;
  // Before the link that is there, or at the end of the line above: the edit depends only on the
  // scenario's own lines (not on what follows it, so cached results stay right), and never lies past
  // the end of a file without a final newline.
  let edit: TextEdit;
  if (before) {
    const line = before.line.firstLine;
    edit = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${text}\n` };
  } else {
    const line = prev ? prev.line.lastLine : block.line.lastLine;
    const end = { line, character: (lines[line] ?? '').length };
    edit = { range: { start: end, end }, newText: `\n${text}` };
  }
  return { title: `Add ${data.player}'s mandatory ${ref} to the chain as CL${n}`, edits: [edit], preferred: true };
}
