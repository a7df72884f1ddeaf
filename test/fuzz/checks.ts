// The properties of core that the robustness tests and `npm run fuzz` check on every generated input.
// Each check throws an Error that says what broke (fast-check then shrinks the input).
//
// 1. checkCore: lex, parse, analyze, formatDocument and (on one input in four) render never throw,
//    finish within HANG_MS (a guard against super-linear paths, not a benchmark), and every range they
//    hand out (diagnostic, related information, quick-fix edit, scenario, chain, link, reference) lies
//    inside the document; no exception surfaces as a diagnostic ("internal parser problem").
// 2. checkFormat: formatDocument is idempotent for every input and, for inputs without a language error,
//    keeps the meaning (verdicts, expectations and the rule diagnostic codes per scenario/chain/link).
// 3. checkFixes: every quick fix, applied alone, edits only the lines it names and removes its diagnostic
//    (FIX KINDS below says what "removes" means for each kind of fix).
// 4. checkIncremental: analyze(b, { previous: analyze(a) }) says exactly what analyze(b) says.
import {
  analyze,
  Analysis,
  AnalyzeOptions,
  Diagnostic,
  formatDocument,
  isRuleCode,
  lex,
  parse,
  Position,
  QuickFix,
  Range,
  render,
  RENDER_FORMATS,
  splitLines,
  TextEdit,
  UseFile,
} from '../../server/src/core/internal';

/** Called with each input before it is checked (scripts/fuzz.js records it, to show a hanging input). */
export const hooks: { input?: (text: string) => void } = {};

/** Generous bound for one input's whole check (all calls together). */
export const HANG_MS = 5000;

export const URI = 'file:///fuzz/doc.segoc';

/**
 * Bugs these properties found, each with a failing test of its own in test/robustness/findings.test.ts.
 * While one is open, the properties count its occurrences instead of failing on it, so that the
 * fuzzer keeps looking for new problems. SEGOC_FUZZ_KNOWN=fail makes them fail again. When a bug is
 * fixed, delete its entry here (its test in findings.test.ts then guards it).
 */
export const KNOWN_ISSUES: Record<string, string> = {
};

/** How often each known issue was met (and skipped). */
export const knownHits: Record<string, number> = {};

export const knownSettings = { skip: typeof process === 'undefined' || process.env.SEGOC_FUZZ_KNOWN !== 'fail' };

function known(id: keyof typeof KNOWN_ISSUES): boolean {
  if (!knownSettings.skip) return false;
  knownHits[id] = (knownHits[id] ?? 0) + 1;
  return true;
}

const USED_CARDS = 'card "Fuzz Imported": effect monster (beast, earth, level 4)\n  trigger optional when summoned\n';

/** A `use` reader for the properties: `*.segoc` paths resolve to a small card file, `missing*` fail. */
export function readUseStub(fromUri: string, p: string): UseFile | { error: string } {
  if (/missing/i.test(p)) return { error: 'no such file' };
  if (p.includes('self')) return { uri: URI, text: '' };
  return { uri: `file:///fuzz/${encodeURIComponent(p)}`, text: USED_CARDS };
}

/** One options object for every analysis (core's cache keys on the identity of readUse). */
export const OPTIONS: AnalyzeOptions = { uri: URI, readUse: readUseStub };

export function preview(text: string, max = 300): string {
  const s = JSON.stringify(text);
  return s.length > max ? `${s.slice(0, max)}…" (${text.length} chars)` : s;
}

// -------------------------------------------------------------------------------------------------
// Ranges

function positionOk(lines: string[], p: Position | undefined): boolean {
  return (
    !!p &&
    Number.isInteger(p.line) &&
    Number.isInteger(p.character) &&
    p.line >= 0 &&
    p.line < lines.length &&
    p.character >= 0 &&
    p.character <= lines[p.line].length
  );
}

function cmp(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

export function rangeProblem(lines: string[], r: Range | undefined): string | undefined {
  if (!r) return 'missing range';
  if (!positionOk(lines, r.start)) return `start ${JSON.stringify(r.start)} outside the document (${lines.length} lines${positionLine(lines, r.start)})`;
  if (!positionOk(lines, r.end)) return `end ${JSON.stringify(r.end)} outside the document (${lines.length} lines${positionLine(lines, r.end)})`;
  if (cmp(r.start, r.end) > 0) return `start ${JSON.stringify(r.start)} after end ${JSON.stringify(r.end)}`;
  return undefined;
}

function positionLine(lines: string[], p: Position | undefined): string {
  if (!p || !Number.isInteger(p.line) || p.line < 0 || p.line >= lines.length) return '';
  return `; line ${p.line} has ${lines[p.line].length} chars`;
}

/** Edits of one fix must not overlap (LSP rejects overlapping edits of one workspace edit). */
function overlapProblem(edits: TextEdit[]): string | undefined {
  const sorted = [...edits].sort((a, b) => cmp(a.range.start, b.range.start) || cmp(a.range.end, b.range.end));
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i - 1];
    const q = sorted[i];
    if (cmp(q.range.start, p.range.end) < 0) return `edits overlap: ${JSON.stringify(p.range)} and ${JSON.stringify(q.range)}`;
    if (cmp(q.range.start, p.range.end) === 0 && cmp(p.range.start, p.range.end) === 0 && cmp(q.range.start, q.range.end) === 0) {
      return `two insertions at the same position ${JSON.stringify(q.range.start)} (their order is undefined)`;
    }
  }
  return undefined;
}

export function rangeProblems(text: string, a: Analysis): string[] {
  const lines = splitLines(text);
  const out: string[] = [];
  const check = (what: string, r: Range | undefined) => {
    const p = rangeProblem(lines, r);
    if (p) out.push(`${what}: ${p}`);
  };
  for (const d of a.diagnostics) {
    const tag = `diagnostic ${d.code} "${d.message.slice(0, 80)}"`;
    check(tag, d.range);
    for (const r of d.related ?? []) check(`${tag} related "${r.message.slice(0, 60)}"`, r.range);
    for (const f of d.fix ?? []) {
      for (const e of f.edits) check(`${tag} fix "${f.title}" edit`, e.range);
      const o = overlapProblem(f.edits);
      if (o) out.push(`${tag} fix "${f.title}": ${o}`);
    }
  }
  for (const s of a.scenarios) {
    check(`scenario ${s.index} range`, s.range);
    check(`scenario ${s.index} title range`, s.titleRange);
    for (const c of s.chains) {
      check(`scenario ${s.index} chain ${c.index} range`, c.range);
      check(`scenario ${s.index} chain ${c.index} keyword range`, c.keywordRange);
      for (const l of c.links) check(`scenario ${s.index} chain ${c.index} link ${l.position} range`, l.range);
    }
  }
  for (const r of a.references) check(`reference ${r.kind}`, r.range);
  return out;
}

/** Messages that betray an exception caught inside core (the parser turns them into diagnostics). */
const INTERNAL = /internal (parser )?problem|TypeError|ReferenceError|RangeError|is not a function|Cannot read propert|undefined is not|Maximum call stack/;

export function internalProblems(a: Analysis): string[] {
  return a.diagnostics.filter((d) => INTERNAL.test(d.message)).map((d) => `an exception surfaced as a diagnostic: ${d.code}: ${d.message}`);
}

function fail(what: string, text: string, problems: string[]): never {
  throw new Error(`${what} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.slice(0, 8).join('\n  ')}\ninput: ${preview(text)}`);
}

/** A cheap deterministic hash of a text (to sample the costlier checks). */
function sample(text: string): number {
  let h = text.length;
  for (let i = 0; i < Math.min(64, text.length); i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

// -------------------------------------------------------------------------------------------------
// 1. Never throws, never hangs, ranges inside the document

/** Runs every entry point of core on `text`; returns the analysis. */
export function checkCore(text: string): Analysis {
  hooks.input?.(text);
  const times: Array<[string, number]> = [];
  const step = <T>(name: string, f: () => T): T => {
    const t0 = performance.now();
    try {
      return f();
    } catch (e) {
      throw new Error(`${name} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\ninput: ${preview(text)}`);
    } finally {
      times.push([name, performance.now() - t0]);
    }
  };
  step('lex', () => lex(text));
  step('parse', () => parse(text));
  const a = step('analyze', () => analyze(text, OPTIONS));
  step('formatDocument', () => formatDocument(text));
  // The renderers (segoc render) on one input in four: they cost more than the analysis itself.
  if (sample(text) % 4 === 0) {
    for (const format of RENDER_FORMATS) step(`render ${format}`, () => render({ title: 'fuzz', scenarios: a.scenarios }, format));
  }
  const ms = times.reduce((s, [, t]) => s + t, 0);
  if (ms > HANG_MS) {
    const slowest = [...times].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([n, t]) => `${n} ${Math.round(t)} ms`).join(', ');
    throw new Error(`hang guard: one input took ${Math.round(ms)} ms (bound ${HANG_MS} ms): ${slowest}\ninput: ${preview(text)}`);
  }
  const problems = [...rangeProblems(text, a), ...internalProblems(a)];
  if (problems.length) fail('ranges outside the document', text, problems);
  return a;
}

// -------------------------------------------------------------------------------------------------
// 2. The formatter: idempotent, meaning kept

/** What a text means to the checker, independent of line numbers and message wording. */
export function meaning(a: Analysis, rulesOnly = false): unknown {
  return {
    scenarios: a.scenarios.map((s) => ({
      title: s.title,
      verdict: s.verdict,
      met: s.expectationsMet,
      chains: s.chains.map((c) => c.links.map((l) => `${l.number}:${l.legal}:${l.codes.join(',')}:${l.category ?? 0}:${l.spellSpeed}`)),
    })),
    codes: a.diagnostics
      .filter((d) => !rulesOnly || isRuleCode(d.code))
      .map((d) => `${d.code}/${d.severity}/${d.scenario ?? ''}/${d.chain ?? ''}/${d.link ?? ''}`)
      .sort(),
  };
}

/** A language error: an error about the text itself (expectations aside), not about the rules. */
export function isLanguageError(d: Diagnostic): boolean {
  return d.severity === 'error' && !isRuleCode(d.code) && d.code !== 'expect-unmet' && d.code !== 'bad-expect';
}

/** A text is valid when it has no language error (only rule diagnostics, warnings, information). */
export function isValid(a: Analysis): boolean {
  return !a.diagnostics.some(isLanguageError);
}

export interface FormatOutcome {
  valid: boolean;
}

/**
 * format(format(x)) === format(x) for every x; for valid x, the verdicts, expectations and rule
 * diagnostic codes of format(x) equal those of x. With `strict`, also for invalid x and for every
 * diagnostic code (language ones included).
 */
export function checkFormat(text: string, strict = false): FormatOutcome {
  hooks.input?.(text);
  const started = performance.now();
  const once = formatDocument(text);
  const twice = formatDocument(once);
  if (twice !== once) {
    const a = splitLines(once);
    const b = splitLines(twice);
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    throw new Error(`format is not idempotent: first difference at line ${i}: ${preview(a[i] ?? '<none>')} then ${preview(b[i] ?? '<none>')}\ninput: ${preview(text)}`);
  }
  const before = analyze(text, OPTIONS);
  const valid = isValid(before);
  if (valid || strict) {
    const after = analyze(once, OPTIONS);
    const m0 = JSON.stringify(meaning(before, !strict));
    const m1 = JSON.stringify(meaning(after, !strict));
    if (m0 !== m1) {
      throw new Error(`format changed the meaning${valid ? '' : ' (of an invalid input)'}:\n  before: ${m0.slice(0, 600)}\n  after:  ${m1.slice(0, 600)}\ninput:     ${preview(text)}\nformatted: ${preview(once)}`);
    }
  }
  const ms = performance.now() - started;
  if (ms > HANG_MS * 2) throw new Error(`hang guard: formatting checks took ${Math.round(ms)} ms\ninput: ${preview(text)}`);
  return { valid };
}

// -------------------------------------------------------------------------------------------------
// 3. Quick fixes
//
// FIX KINDS and what "removes its diagnostic" means for each (checked on the analysis of the fixed text):
// - "Change to ..." (unknown-card, unknown-player), "Use effect N" (ambiguous-effect): one edit inside the
//   diagnostic's line; afterwards no diagnostic of that code starts at the same position.
// - "Renumber the links 1..n" (chain-numbering): edits only the number tokens of that chain's links
//   (link-number lines); afterwards no chain-numbering in that chain.
// - "Reorder the chain ..." (segoc-order, legacy-trigger-order, hand-trigger-order, fast-effect-in-batch):
//   rewrites only the link lines of that chain (their numbers included); afterwards no diagnostic of that
//   code in that chain.
// - "Remove CLn ..." (missed-timing and the other "cannot be activated here" codes): deletes exactly the
//   lines of that link's statement, nothing else; the link is gone, so its diagnostic is gone with it.
//   The links above it keep their written numbers, so chain-numbering may appear (the renumber fix
//   then applies), and the same code may remain on ANOTHER link (two links can miss the timing).
// - "Add ...'s mandatory ... as CLn" (mandatory-trigger-missing): inserts exactly one line; afterwards no
//   mandatory-trigger-missing for that player and card in that chain. chain-numbering may appear on
//   the links above (their written numbers are unchanged).
// Every fix: edits inside the document, not overlapping; lines outside the edits unchanged; only lines
// of the diagnostic's own scenario edited. "Removes its diagnostic" is judged for the chain fixes
// (renumber, reorder, remove, add) only when the input has no OTHER language error: with an ambiguous
// or unknown name, or a line that does not parse, the engine does not see the chain the fix sees.

export type FixKind = 'change' | 'effect' | 'renumber' | 'reorder' | 'remove' | 'insert' | 'other';

export function fixKind(f: QuickFix): FixKind {
  if (/^Change to /.test(f.title)) return 'change';
  if (/^Use effect \d+/.test(f.title)) return 'effect';
  if (/^Renumber/.test(f.title)) return 'renumber';
  if (/^Reorder/.test(f.title)) return 'reorder';
  if (/^Remove CL/.test(f.title)) return 'remove';
  if (/^Add .* mandatory/.test(f.title)) return 'insert';
  return 'other';
}

function offsetAt(lineStarts: number[], text: string, p: Position): number {
  return Math.min(lineStarts[p.line] + p.character, text.length);
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  const re = /\r\n|\r|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index + m[0].length);
  return starts;
}

/** Applies non-overlapping edits (from the end backwards). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = lineStartsOf(text);
  const sorted = [...edits].sort((a, b) => cmp(b.range.start, a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offsetAt(starts, text, e.range.start)) + e.newText + out.slice(offsetAt(starts, text, e.range.end));
  return out;
}

/** Original lines an edit touches: from its start line to its end line, not counting an end at column 0 of a later line. */
function touchedLines(edits: TextEdit[]): Set<number> {
  const out = new Set<number>();
  for (const e of edits) {
    const last = e.range.end.line > e.range.start.line && e.range.end.character === 0 ? e.range.end.line - 1 : e.range.end.line;
    for (let l = e.range.start.line; l <= last; l++) out.add(l);
    if (last < e.range.start.line) out.add(e.range.start.line);
  }
  return out;
}

/**
 * The untouched original lines must appear in the fixed text unchanged and in order, each run of them
 * where the edits leave it: checked by rebuilding the expected text from untouched runs and edits.
 */
function untouchedProblem(before: string[], after: string[], touched: Set<number>): string | undefined {
  // Untouched prefix and suffix must be identical line by line.
  let firstTouched = Infinity;
  let lastTouched = -1;
  for (const l of touched) {
    firstTouched = Math.min(firstTouched, l);
    lastTouched = Math.max(lastTouched, l);
  }
  if (lastTouched < 0) return before.join('\n') === after.join('\n') ? undefined : 'the text changed but no line was edited';
  for (let i = 0; i < firstTouched; i++) if (before[i] !== after[i]) return `line ${i} (before the edits) changed: ${preview(before[i])} -> ${preview(after[i] ?? '<gone>')}`;
  const tail = before.length - 1 - lastTouched;
  for (let k = 0; k < tail; k++) {
    const b = before[before.length - 1 - k];
    const a = after[after.length - 1 - k];
    if (a !== b) return `line ${before.length - 1 - k} (after the edits) changed: ${preview(b)} -> ${preview(a ?? '<gone>')}`;
  }
  // Untouched lines between the edits: each must still be there, in order, between the prefix and the suffix.
  const middle = after.slice(firstTouched, after.length - tail);
  let j = 0;
  for (let i = firstTouched; i <= lastTouched; i++) {
    if (touched.has(i)) continue;
    while (j < middle.length && middle[j] !== before[i]) j++;
    if (j >= middle.length) return `line ${i} (between the edits) changed or moved: ${preview(before[i])}`;
    j++;
  }
  return undefined;
}

function sameChainDiags(a: Analysis, d: Diagnostic, code: string): Diagnostic[] {
  return a.diagnostics.filter((x) => x.code === code && x.scenario === d.scenario && x.chain === d.chain);
}

function linkCount(a: Analysis, scenario: number | undefined, chain: number | undefined): number | undefined {
  if (!scenario || !chain) return undefined;
  return a.scenarios[scenario - 1]?.chains[chain - 1]?.links.length;
}

function crBefore(text: string, p: Position): boolean {
  const o = offsetAt(lineStartsOf(text), text, p);
  return o > 0 && text[o - 1] === '\r';
}

function lfAfter(text: string, p: Position): boolean {
  const o = offsetAt(lineStartsOf(text), text, p);
  return text[o] === '\n';
}

/** Checks one fix of one diagnostic; returns the problems found. */
export function fixProblems(text: string, a: Analysis, d: Diagnostic, f: QuickFix): string[] {
  const lines = splitLines(text);
  const out: string[] = [];
  const tag = `fix "${f.title}" of ${d.code} at ${d.range.start.line}:${d.range.start.character}`;
  for (const e of f.edits) {
    const p = rangeProblem(lines, e.range);
    if (p) return [`${tag}: edit ${p}`];
  }
  const o = overlapProblem(f.edits);
  if (o) return [`${tag}: ${o}`];
  const fixed = applyEdits(text, f.edits);
  const after = splitLines(fixed);
  const touched = touchedLines(f.edits);
  // Mixed line ends: deleting whole lines between a lone CR and an LF merges them into one CRLF, so a
  // blank line disappears. Such fixes are checked for everything but the untouched lines.
  const merges = f.edits.some((e) => e.newText === '' && crBefore(text, e.range.start) && lfAfter(text, e.range.end));
  const u = merges ? undefined : untouchedProblem(lines, after, touched);
  if (u) out.push(`${tag}: ${u}`);

  // Only lines of the diagnostic's own scenario (or, for a language diagnostic, of the scenario it stands in).
  const sc = d.scenario ? a.file.scenarios[d.scenario - 1] : a.file.scenarios.find((s) => s.range.start.line <= d.range.start.line && d.range.start.line <= s.range.end.line);
  if (sc) {
    const lo = sc.range.start.line;
    const hi = sc.range.end.line + 1; // an insertion right after the scenario's last line
    // A fix that states a card fact under the writer's own definition of that card edits that definition (its
    // lines and the line right after it), where the fact belongs: the title names the card.
    const own = (l: number) => a.file.cards.some((c) => f.title.includes(`definition of "${c.name.text}"`) && c.range.start.line <= l && l <= c.range.end.line + 1);
    for (const l of touched) if ((l < lo || l > hi) && !own(l)) out.push(`${tag}: edits line ${l}, outside its scenario (lines ${lo}-${sc.range.end.line})`);
  }

  const kind = fixKind(f);
  // A fix that restructures a chain can only be judged on a scenario that is otherwise valid: with
  // another language error (an ambiguous or unknown name, a line that does not parse) the engine does
  // not see the chain the fix sees. In-place fixes of names are judged always.
  const judged = kind === 'change' || kind === 'effect' || !a.diagnostics.some((x) => x !== d && isLanguageError(x));
  const b = analyze(fixed, OPTIONS);
  const rangeIssues = rangeProblems(fixed, b);
  if (rangeIssues.length) out.push(`${tag}: the fixed text has ranges outside it: ${rangeIssues[0]}`);
  switch (kind) {
    case 'change':
    case 'effect': {
      const lineSet = new Set(f.edits.map((e) => e.range.start.line));
      if (f.edits.some((e) => e.range.start.line !== e.range.end.line || /[\r\n]/.test(e.newText)) || [...lineSet].some((l) => l !== d.range.start.line)) {
        out.push(`${tag}: a ${kind} fix must edit only the diagnostic's line, in place`);
      }
      const still = b.diagnostics.find((x) => x.code === d.code && cmp(x.range.start, d.range.start) === 0);
      if (still) out.push(`${tag}: ${d.code} is still reported at ${d.range.start.line}:${d.range.start.character} after the fix: ${still.message}`);
      break;
    }
    case 'renumber':
    case 'reorder': {
      const block = d.scenario && d.chain ? a.file.scenarios[d.scenario - 1]?.items.filter((x) => x.kind === 'chain')[d.chain - 1] : undefined;
      const linkLines = new Set<number>();
      if (block && block.kind === 'chain') for (const l of block.links) for (let k = l.line.firstLine; k <= l.line.lastLine; k++) linkLines.add(k);
      for (const l of touched) if (!linkLines.has(l)) out.push(`${tag}: edits line ${l}, which is not a link line of chain ${d.chain}`);
      if (after.length !== lines.length) out.push(`${tag}: changed the number of lines (${lines.length} -> ${after.length})`);
      const code = kind === 'renumber' ? 'chain-numbering' : d.code;
      if (!judged) break;
      const still = sameChainDiags(b, d, code);
      if (still.length) out.push(`${tag}: ${code} is still reported in scenario ${d.scenario} chain ${d.chain} after the fix: ${still[0].message}`);
      break;
    }
    case 'remove': {
      const link = d.scenario && d.chain && d.link ? a.scenarios[d.scenario - 1]?.chains[d.chain - 1]?.links[d.link - 1] : undefined;
      const stmt = d.scenario && d.chain && d.link ? a.file.scenarios[d.scenario - 1]?.items.filter((x) => x.kind === 'chain')[d.chain - 1] : undefined;
      const ls = stmt && stmt.kind === 'chain' ? stmt.links[(d.link ?? 0) - 1] : undefined;
      if (!link || !ls) {
        out.push(`${tag}: the removed link is not in the analysis`);
        break;
      }
      const expected = [...lines.slice(0, ls.line.firstLine), ...lines.slice(ls.line.lastLine + 1)];
      if (!merges && expected.join('\n') !== after.join('\n')) out.push(`${tag}: did not delete exactly lines ${ls.line.firstLine}-${ls.line.lastLine} (the link's statement)`);
      const n0 = linkCount(a, d.scenario, d.chain);
      const n1 = linkCount(b, d.scenario, d.chain);
      if (judged && n0 !== undefined && n1 !== undefined && n1 !== n0 - 1) out.push(`${tag}: chain ${d.chain} has ${n1} links after the fix, expected ${n0 - 1}`);
      break;
    }
    case 'insert': {
      if (after.length !== lines.length + 1) out.push(`${tag}: inserted ${after.length - lines.length} lines, expected 1`);
      if (!judged) break;
      const still = sameChainDiags(b, d, 'mandatory-trigger-missing').filter((x) => x.data?.card === d.data?.card && x.data?.player === d.data?.player);
      if (still.length) out.push(`${tag}: mandatory-trigger-missing for ${d.data?.player}'s "${d.data?.card}" is still reported after the fix: ${still[0].message}`);
      const n0 = linkCount(a, d.scenario, d.chain);
      const n1 = linkCount(b, d.scenario, d.chain);
      if (n0 !== undefined && n1 !== undefined && n1 !== n0 + 1) out.push(`${tag}: chain ${d.chain} has ${n1} links after the fix, expected ${n0 + 1}`);
      break;
    }
    case 'other': {
      // A fix that only writes comments (the card facts to confirm under the writer's own definition of a card,
      // unknown-facts.ts: a fact is never stated for them) cannot remove its diagnostic, by design. It used to pass
      // only where the comment moved the diagnostic down a line (a definition above the scenario).
      const commentsOnly = f.edits.every((e) => e.newText.split('\n').every((x) => x.trim() === '' || x.trim().startsWith('#')));
      const still = b.diagnostics.find((x) => x.code === d.code && cmp(x.range.start, d.range.start) === 0 && x.message === d.message);
      if (still && !commentsOnly) out.push(`${tag}: the same diagnostic is still reported after the fix`);
      break;
    }
  }
  return out;
}

/** Every fix of every diagnostic (at most `maxFixes` per input, spread over the diagnostics). */
export function checkFixes(text: string, maxFixes = 12): number {
  hooks.input?.(text);
  const started = performance.now();
  const a = analyze(text, OPTIONS);
  const all: Array<[Diagnostic, QuickFix]> = [];
  for (const d of a.diagnostics) for (const f of d.fix ?? []) all.push([d, f]);
  const step = Math.max(1, Math.ceil(all.length / maxFixes));
  const problems: string[] = [];
  let tried = 0;
  for (let i = 0; i < all.length; i += step) {
    tried++;
    problems.push(...fixProblems(text, a, all[i][0], all[i][1]));
    if (problems.length) break;
  }
  if (problems.length) fail('a quick fix misbehaves', text, problems);
  const ms = performance.now() - started;
  if (ms > HANG_MS * 4) throw new Error(`hang guard: the fixes of one input took ${Math.round(ms)} ms\ninput: ${preview(text)}`);
  return tried;
}

// -------------------------------------------------------------------------------------------------
// 4. Incremental analysis (the language server passes the previous analysis on every keystroke)

function comparable(a: Analysis): string {
  return JSON.stringify({
    diagnostics: a.diagnostics,
    scenarios: a.scenarios,
  });
}

export function checkIncremental(before: string, after: string): void {
  hooks.input?.(`${before}\n\u0000--- edited into ---\u0000\n${after}`);
  const previous = analyze(before, OPTIONS);
  const incremental = analyze(after, { ...OPTIONS, previous });
  const fresh = analyze(after, OPTIONS);
  const x = comparable(incremental);
  const y = comparable(fresh);
  if (x !== y) {
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    throw new Error(
      `analyze(after, { previous }) differs from analyze(after) at JSON offset ${i}:\n  incremental: …${x.slice(Math.max(0, i - 200), i + 200)}\n  fresh:       …${y.slice(Math.max(0, i - 200), i + 200)}\nbefore: ${preview(before)}\nafter:  ${preview(after)}`,
    );
  }
}
