// Scenarios embedded in wiki pages: ```segoc fences in Markdown, <segoc> and
// <syntaxhighlight lang="segoc"> in wikitext. Pure: text in, blocks and a page analysis out.
//
// Every block is analysed as a .segoc file of its own; the card definitions of earlier blocks are
// passed to later ones as `pageCards`. Everything the analysis reports (diagnostics, related
// locations, quick-fix edits, scenario/chain/link ranges) is mapped back to the page's own line
// and column by one function, `mapRange`, so that a page reads exactly like a file to the caller.
import { analyze, Analysis, AnalyzeOptions, optionsKey } from './analyze';
import { CardSource } from './cards';
import { Diagnostic } from './diagnostics';
import { ScenarioResult } from './engine/results';
import { formatDocument } from './format';
import { MAX_SCENARIO_CHARS, overScenarioLimit, scenarioChars, tooLargeDiagnostic } from './limits';
import { Position, Range } from './text';

export type PageKind = 'markdown' | 'wikitext';

/** One segoc block of a page. All positions are 0-based (line, UTF-16 column), like `Range`. */
export interface PageBlock {
  /** 1-based number of the block in the page. */
  index: number;
  /** The block's text as a .segoc file sees it (fence indentation removed, `\n` line ends). */
  text: string;
  /** Page line and column of the block's first character. */
  line: number;
  column: number;
  /** For each line of `text`: the page column where that line starts (what was stripped before it). */
  columns: number[];
  /** What a line inserted into the block must start with in the page (the fence's indentation). */
  indent: string;
  /** The whole block in the page, fences or tags included. */
  range: Range;
  /** The opening fence or tag. */
  openRange: Range;
  /** The fence's info string or the opening tag's attributes. */
  info: string;
  /** False when the page ends before the closing fence or tag. */
  terminated: boolean;
}

/** Codes of page problems (in addition to the language's own codes). */
export const PAGE_CODES: ReadonlyArray<{ code: string; summary: string }> = [
  { code: 'unterminated-block', summary: 'a ```segoc fence or <segoc> tag that the page never closes' },
];

/** The page kind of a file name, by extension; undefined for .segoc and anything else. */
export function pageKind(fileName: string): PageKind | undefined {
  const m = /\.([A-Za-z]+)$/.exec(fileName);
  const ext = m ? m[1].toLowerCase() : '';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'wiki' || ext === 'wikitext' || ext === 'mediawiki') return 'wikitext';
  return undefined;
}

/** The segoc blocks of a page, in page order. Never throws. */
export function extractBlocks(text: string, kind: PageKind): PageBlock[] {
  try {
    return kind === 'wikitext' ? wikitextBlocks(text) : markdownBlocks(text);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Position mapping: the one place where block coordinates become page coordinates.

/** A block position in page coordinates. Lines past the block's end keep counting down the page. */
export function mapPosition(block: PageBlock, p: Position): Position {
  const column = block.columns[p.line] ?? block.indent.length;
  return { line: block.line + p.line, character: p.character + column };
}

/** A block range in page coordinates. Every range of a page analysis goes through here. */
export function mapRange(block: PageBlock, r: Range): Range {
  return { start: mapPosition(block, r.start), end: mapPosition(block, r.end) };
}

/** A text edit of the block as an edit of the page: new lines get the block's indentation. */
export function mapEdit<E extends { range: Range; newText: string }>(block: PageBlock, e: E): E {
  return { ...e, range: mapRange(block, e.range), newText: e.newText.replace(/\r\n|\r|\n/g, (nl) => nl + block.indent) };
}

function isRange(v: unknown): v is Range {
  if (!v || typeof v !== 'object') return false;
  const r = v as Partial<Range>;
  return isPosition(r.start) && isPosition(r.end) && Object.keys(v).length === 2;
}

function isPosition(v: unknown): v is Position {
  return !!v && typeof v === 'object' && typeof (v as Position).line === 'number' && typeof (v as Position).character === 'number';
}

/**
 * A deep copy of `value` with every range (and every text edit: an object with `range` and
 * `newText`) mapped to page coordinates. Objects shared in the input stay shared in the output
 * (a scenario's diagnostics are the same objects as the analysis's).
 */
export function mapDeep<T>(block: PageBlock, value: T, seen = new Map<object, unknown>()): T {
  if (!value || typeof value !== 'object') return value;
  const obj = value as unknown as object;
  if (seen.has(obj)) return seen.get(obj) as T;
  if (isRange(obj)) {
    const r = mapRange(block, obj);
    seen.set(obj, r);
    return r as unknown as T;
  }
  if (Array.isArray(obj)) {
    const out: unknown[] = [];
    seen.set(obj, out);
    for (const x of obj) out.push(mapDeep(block, x, seen));
    return out as unknown as T;
  }
  const proto = Object.getPrototypeOf(obj);
  // Class instances are kept as they are: the card index, and a statement's LogicalLine and its tokens, whose
  // ranges stay in block coordinates (only their text is read from page card definitions).
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  seen.set(obj, out);
  for (const [k, v] of Object.entries(obj)) out[k] = mapDeep(block, v, seen);
  if (typeof out.newText === 'string' && isRange(out.range)) out.newText = (out.newText as string).replace(/\r\n|\r|\n/g, (nl) => nl + block.indent);
  return out as unknown as T;
}

// ---------------------------------------------------------------------------------------------
// Page analysis

export type PageDiagnostic = Diagnostic & {
  /** The block (1-based) the diagnostic comes from; undefined for page problems. */
  block?: number;
};

export type PageScenario = ScenarioResult & {
  /** The block (1-based) the scenario stands in. */
  block: number;
  /** Its number inside that block. (`index` is its number in the page.) */
  blockIndex: number;
};

export interface PageBlockAnalysis {
  block: PageBlock;
  /** The block analysed as a file of its own, in the block's coordinates. */
  analysis: Analysis;
  /** The card definitions of the page's earlier blocks it was analysed with, and what they were (see cardsKey). */
  pageCards: CardSource[];
  cardsKey: string;
  /** The analysis options' key (optionsKey) and the page's scenarios before the block: a block of the same text,
   *  place, options and scenarios before it reads the same, and is taken whole from the previous analysis. */
  optionsKey: string;
  scenarioBase: number;
  /** The card definitions it gives later blocks, in page coordinates. */
  cards?: CardSource;
  /** Its diagnostics and scenarios in page coordinates (the same objects as in PageAnalysis). */
  diagnostics: PageDiagnostic[];
  scenarios: PageScenario[];
}

export interface PageAnalysis {
  uri: string;
  kind: PageKind;
  blocks: PageBlockAnalysis[];
  /** Every diagnostic of the page, blocks and page problems, in page coordinates, sorted. */
  diagnostics: PageDiagnostic[];
  /** Every scenario of the page, numbered through the page (diagnostics' `scenario` follows). */
  scenarios: PageScenario[];
  /** Set when `cancellation` stopped the analysis (see Analysis.cancelled): later blocks are missing. */
  cancelled?: true;
  /** The page cards it was given (PageOptions.previous applies to an analysis with the same ones). */
  pageCards?: CardSource[];
}

export interface PageOptions extends Omit<AnalyzeOptions, 'previous'> {
  /**
   * The previous analysis of the same page: each block is analysed with the previous analysis of the block of the
   * same text (else of the same number) as its `previous`, and with the very same card definitions of earlier blocks
   * when they did not change, so a keystroke re-checks only the scenarios it touched, as in a .segoc file.
   */
  previous?: PageAnalysis;
}

/**
 * Whether a file (a page: its segoc blocks together) has more scenario lines than one analysis takes
 * (core/limits.ts): it is then neither checked nor formatted.
 */
export function tooLargeToCheck(text: string, kind?: PageKind): boolean {
  if (text.length <= MAX_SCENARIO_CHARS) return false;
  return kind ? blocksOverLimit(extractBlocks(text, kind)) : overScenarioLimit(text);
}

function blocksOverLimit(blocks: readonly PageBlock[]): boolean {
  let chars = 0;
  for (const block of blocks) chars += scenarioChars(block.text);
  return chars > MAX_SCENARIO_CHARS;
}

/** Analyses every segoc block of a page; everything comes back in page coordinates. */
export function analyzePage(text: string, kind: PageKind, options: PageOptions = {}): PageAnalysis {
  const uri = options.uri ?? (kind === 'markdown' ? 'untitled:page.md' : 'untitled:page.wiki');
  const blocks = extractBlocks(text, kind);
  const page: PageAnalysis = { uri, kind, blocks: [], diagnostics: [], scenarios: [], pageCards: options.pageCards };
  // The limit holds for the page's blocks together (each block alone may be below it).
  if (blocks.length && text.length > MAX_SCENARIO_CHARS && blocksOverLimit(blocks)) {
    page.diagnostics.push({ ...tooLargeDiagnostic(blocks[0].openRange, 'page'), block: blocks[0].index });
    return page;
  }
  const previous = options.previous?.uri === uri && options.previous.pageCards === options.pageCards ? options.previous : undefined;
  const previousByText = new Map(previous?.blocks.map((b) => [b.block.text, b]));
  const previousCards = new Map(previous?.blocks.map((b) => [b.cardsKey, b.pageCards]));
  const earlier: CardSource[] = [];
  let cardsKey = '';
  // One array of earlier cards per set of them, the same as last time when they did not change: analyze() compares
  // it by identity.
  let pageCards = previousCards.get(cardsKey) ?? [...(options.pageCards ?? [])];
  let scenarioBase = 0;
  for (const block of blocks) {
    const before = previousByText.get(block.text) ?? previous?.blocks[block.index - 1];
    const blockOptions: AnalyzeOptions = { ...options, uri, pageCards, previous: before?.analysis };
    const key = optionsKey(blockOptions);
    // A block of the same text, place, options and scenarios before it reads the same: taken whole, unchecked.
    const done = before && sameBlock(before, block, key, scenarioBase) ? before : analyzeBlock(block, blockOptions, { optionsKey: key, cardsKey, scenarioBase }, kind);
    page.blocks.push(done);
    page.diagnostics.push(...done.diagnostics);
    page.scenarios.push(...done.scenarios);
    scenarioBase += done.scenarios.length;
    if (done.cards) {
      earlier.push(done.cards);
      cardsKey += blockCardsKey(block, done.analysis);
      pageCards = previousCards.get(cardsKey) ?? [...(options.pageCards ?? []), ...earlier];
    }
    if (done.analysis.cancelled) {
      page.cancelled = true;
      break;
    }
  }
  page.diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return page;
}

/** What a block's card definitions give later blocks: their lines, where the block stands (their page ranges). */
function blockCardsKey(block: PageBlock, analysis: Analysis): string {
  const lines = block.text.split('\n');
  const defs = analysis.file.cards.map((c) => lines.slice(c.range.start.line, c.range.end.line + 1).join('\n'));
  return `\u0002${block.line}:${block.column}:${block.columns.join(',')}\u0001${defs.join('\u0001')}`;
}

/** Whether a block of the previous analysis reads as `block` would now (see PageBlockAnalysis.optionsKey). */
function sameBlock(before: PageBlockAnalysis, block: PageBlock, optionsKey: string, scenarioBase: number): boolean {
  const b = before.block;
  return (
    !before.analysis.cancelled &&
    before.optionsKey === optionsKey &&
    before.scenarioBase === scenarioBase &&
    b.text === block.text &&
    b.index === block.index &&
    b.line === block.line &&
    b.column === block.column &&
    b.indent === block.indent &&
    b.terminated === block.terminated &&
    b.info === block.info &&
    b.columns.length === block.columns.length &&
    b.columns.every((c, i) => c === block.columns[i])
  );
}

/** One block analysed, its results mapped to the page (scenarios numbered after the `scenarioBase` before it). */
function analyzeBlock(block: PageBlock, options: AnalyzeOptions, keys: { optionsKey: string; cardsKey: string; scenarioBase: number }, kind: PageKind): PageBlockAnalysis {
  const { scenarioBase } = keys;
  const analysis = analyze(block.text, options);
  // Map once, the whole result, so that shared diagnostic objects stay shared.
  const seen = new Map<object, unknown>();
  const diagnostics = mapDeep(block, analysis.diagnostics, seen) as PageDiagnostic[];
  const scenarios = mapDeep(block, analysis.scenarios, seen) as PageScenario[];
  for (const d of diagnostics) {
    d.block = block.index;
    if (d.scenario !== undefined) d.scenario += scenarioBase;
  }
  for (const sc of scenarios) {
    sc.block = block.index;
    sc.blockIndex = sc.index;
    sc.index += scenarioBase;
  }
  if (!block.terminated) {
    diagnostics.push({
      code: 'unterminated-block',
      severity: 'error',
      message:
        kind === 'markdown'
          ? `this segoc block is never closed: add a closing ${/^(`{3,}|~{3,})/.exec(block.info)?.[1] ?? '```'} line (until then it runs to the end of the page)`
          : `this <${openTagName(block.info)}> is never closed: add </${openTagName(block.info)}> (until then it runs to the end of the page)`,
      range: block.openRange,
      block: block.index,
    });
  }
  const cards: CardSource | undefined = analysis.file.cards.length ? { uri: options.uri!, kind: 'file', defs: mapDeep(block, analysis.file.cards) } : undefined;
  return { block, analysis, diagnostics, scenarios, pageCards: options.pageCards as CardSource[], ...keys, cards };
}

function openTagName(info: string): string {
  const m = /^<?([A-Za-z]+)/.exec(info);
  return m ? m[1].toLowerCase() : 'segoc';
}

// ---------------------------------------------------------------------------------------------
// Formatting the blocks of a page

/**
 * The formatted text of a file of either kind: a `.segoc` file (kind undefined) as a whole, a page
 * only in its segoc blocks. The CLI and the language server both format through this, so Format
 * Document on a page makes exactly the edits of `segoc format`, and never touches its prose.
 */
export function formatText(text: string, kind: PageKind | undefined): string {
  return kind === undefined ? formatDocument(text) : formatPage(text, kind);
}

/**
 * The page with each segoc block formatted by `formatDocument`; everything outside the blocks is
 * kept byte for byte. A block is left as it is when it shares a line with its opening or closing
 * tag (wikitext `<segoc>scenario ...`), when it is not closed, or when it is empty. Idempotent.
 */
export function formatPage(text: string, kind: PageKind): string {
  try {
    const blocks = extractBlocks(text, kind);
    if (blocks.length === 0) return text;
    const starts = [0];
    const re = /\r\n|\r|\n/g;
    let m: RegExpExecArray | null;
    const ends: number[] = [];
    while ((m = re.exec(text))) {
      ends.push(m.index);
      starts.push(m.index + m[0].length);
    }
    ends.push(text.length);
    const eol = /\r\n/.test(text) && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n';
    let out = '';
    let at = 0;
    for (const b of blocks) {
      const first = b.line;
      const last = b.line + b.columns.length - 1;
      if (!b.terminated || b.text.trim() === '' || b.column !== b.indent.length || b.range.end.line <= last) continue;
      const body = formatDocument(b.text).replace(/\n+$/, '');
      const lines = body.split('\n').map((l) => (l === '' ? b.indent.trimEnd() : b.indent + l));
      const replacement = lines.join(eol);
      if (text.slice(starts[first], ends[last]) === replacement) continue;
      out += text.slice(at, starts[first]) + replacement;
      at = ends[last];
    }
    return out + text.slice(at);
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------
// Markdown: fenced code blocks (CommonMark), also inside list items and block quotes.

// Block-quote markers, then indentation and list markers, then the fence. Each repetition ends in a
// character the next cannot start with, so a hostile line cannot make the match backtrack badly.
const FENCE_OPEN = /^((?:[ \t]*>)*)([ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*)(`{3,}|~{3,})(.*)$/;

function isSegocInfo(info: string): boolean {
  const t = info.trim();
  return /^segoc(?:$|[\s{,;:])/i.test(t) || /^\{[^}]*\.segoc(?:[\s}])/i.test(t);
}

function markdownBlocks(text: string): PageBlock[] {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: PageBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    // An HTML comment hides what it contains (a commented-out example is not checked).
    const comment = /^[ \t]{0,3}<!--/.exec(line);
    if (comment) {
      let j = i;
      while (j < lines.length && !lines[j].includes('-->', j === i ? comment[0].length : 0)) j++;
      i = j + 1;
      continue;
    }
    const m = FENCE_OPEN.exec(line);
    if (!m || (m[3][0] === '`' && m[4].includes('`'))) {
      i++;
      continue;
    }
    const quotes = (m[1].match(/>/g) ?? []).length;
    const width = m[2].length;
    const fence = m[3];
    const info = m[4];
    const openCol = m[1].length + m[2].length;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const content: string[] = [];
    const columns: number[] = [];
    let j = i + 1;
    let terminated = false;
    let closeLine = -1;
    for (; j < lines.length; j++) {
      let rest = lines[j];
      let stripped = 0;
      if (quotes > 0) {
        const q = new RegExp(`^(?:[ \\t]*>){${quotes}}`).exec(rest);
        if (!q) {
          terminated = true; // the block quote ends, and the code block with it (CommonMark)
          break;
        }
        stripped = q[0].length;
        rest = rest.slice(stripped);
      }
      const ws = /^[ \t]*/.exec(rest)![0].length;
      const cut = Math.min(ws, width);
      stripped += cut;
      rest = rest.slice(cut);
      if (close.test(rest)) {
        terminated = true;
        closeLine = j;
        break;
      }
      content.push(rest);
      columns.push(stripped);
    }
    if (isSegocInfo(info)) {
      const indent = m[1] + m[2].replace(/[^\t]/g, ' ');
      const lastLine = closeLine >= 0 ? closeLine : Math.max(i, j - 1);
      const first = content.length ? { line: i + 1, column: columns[0] } : { line: i + 1, column: indent.length };
      blocks.push({
        index: blocks.length + 1,
        text: content.join('\n'),
        line: first.line,
        column: first.column,
        columns: content.length ? columns : [indent.length],
        indent,
        range: { start: { line: i, character: openCol }, end: { line: lastLine, character: lines[lastLine]?.length ?? 0 } },
        openRange: { start: { line: i, character: openCol }, end: { line: i, character: line.length } },
        info: `${fence}${info}`.trim(),
        terminated,
      });
    }
    i = closeLine >= 0 ? closeLine + 1 : j;
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Wikitext: <segoc>…</segoc>, <syntaxhighlight lang="segoc">…</syntaxhighlight> (and the older
// <source lang="segoc">). Comments, <nowiki>, <pre> and code tags of other languages are skipped.

const WIKI_TOKEN = /<!--|<(segoc|syntaxhighlight|source|nowiki|pre)(?=[\s>/])([^<>]{0,2000})>/gi;

function isSegocLang(attrs: string): boolean {
  return /(?:^|\s)lang\s*=\s*(?:"\s*segoc\s*"|'\s*segoc\s*'|segoc(?=[\s/]|$))/i.test(attrs);
}

function wikitextBlocks(text: string): PageBlock[] {
  const starts = [0];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) starts.push(k + 1);
  }
  const at = (offset: number): Position => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  };
  const blocks: PageBlock[] = [];
  // Tags whose closing tag is known to be missing from some point on (so that a page full of unclosed
  // tags is still read in linear time).
  const unclosedFrom = new Map<string, number>();
  WIKI_TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WIKI_TOKEN.exec(text))) {
    if (m[0] === '<!--') {
      const end = text.indexOf('-->', m.index + 4);
      WIKI_TOKEN.lastIndex = end < 0 ? text.length : end + 3;
      continue;
    }
    const name = m[1].toLowerCase();
    const attrs = m[2];
    if (/\/\s*$/.test(attrs)) continue; // <segoc/>: self-closing, empty
    const openEnd = m.index + m[0].length;
    let close: RegExpExecArray | null = null;
    if (!(unclosedFrom.has(name) && unclosedFrom.get(name)! <= openEnd)) {
      const closeRe = new RegExp(`</${name}\\s*>`, 'gi');
      closeRe.lastIndex = openEnd;
      close = closeRe.exec(text);
      if (!close) unclosedFrom.set(name, openEnd);
    }
    const segoc = name === 'segoc' || ((name === 'syntaxhighlight' || name === 'source') && isSegocLang(attrs));
    if (!segoc) {
      if (close) WIKI_TOKEN.lastIndex = close.index + close[0].length;
      continue;
    }
    let s = openEnd;
    let e = close ? close.index : text.length;
    const afterOpen = /^[ \t]*(?:\r\n|\r|\n)/.exec(text.slice(s, e));
    if (afterOpen) s += afterOpen[0].length;
    const beforeClose = /(?:\r\n|\r|\n)[ \t]*$/.exec(text.slice(s, e));
    if (beforeClose) e = s + beforeClose.index;
    if (e < s) e = s;
    const body = text.slice(s, e).split(/\r\n|\r|\n/);
    const first = at(s);
    const end = close ? at(close.index + close[0].length) : at(text.length);
    blocks.push({
      index: blocks.length + 1,
      text: body.join('\n'),
      line: first.line,
      column: first.character,
      columns: body.map((_, k) => (k === 0 ? first.character : 0)),
      indent: '',
      range: { start: at(m.index), end },
      openRange: { start: at(m.index), end: at(openEnd) },
      info: `<${name}${attrs}>`,
      terminated: !!close,
    });
    WIKI_TOKEN.lastIndex = close ? close.index + close[0].length : text.length;
  }
  return blocks;
}
