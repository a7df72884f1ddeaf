// The document formatter. Pure: text in, text out; it never throws and never loses text.
//
// It works on the lexer's logical lines and the parser's line roles (SourceFile.lines):
// - indentation by role: top-level lines at column 0, scenario items 2 spaces, chain links 4 spaces,
//   card effect lines 2 spaces; physical lines that continue a statement (after a line ending in `,`)
//   stay on their own lines with a 6-space indent;
// - single spaces between tokens, none before `,` `:` `)` nor after `(`, `->` between spaces, the
//   possessive `'s` attached, names in their original quote style with their escapes (`\"`);
// - comments kept: trailing comments after two spaces, full-line comments indented like the next
//   statement;
// - at most one blank line in a row, a blank line before each `scenario` (and the comments just above
//   it), a newline at the end;
// - a line the parser could not read (role 'error', or any error the parser reports on it) or with an
//   unterminated name is kept verbatim: the formatter never rewrites a line it cannot parse.
// A formatted statement is re-lexed and compared with the original tokens; if they differ in any way
// the statement is kept as written. Formatting is therefore meaning-preserving and idempotent.
import { parse } from './syntax/parser';
import { lex, LogicalLine, Token } from './syntax/lexer';
import { LineInfo } from './syntax/ast';
import { buildCard } from './cards/model';

const INDENT: Record<LineInfo['role'], string> = {
  top: '',
  'scenario-item': '  ',
  link: '    ',
  'card-effect': '  ',
  error: '',
};
const CONTINUATION_INDENT = '      ';

/** Formats a whole .segoc document. Idempotent; keeps every comment and every line it cannot read. */
export function formatDocument(text: string): string {
  try {
    return formatUnsafe(text);
  } catch {
    // Never throw on user input: an unexpected problem leaves the document as it is.
    return text;
  }
}

interface Entry {
  kind: 'statement' | 'comment';
  first: number;
  last: number;
  info?: LineInfo;
  comment?: string;
  /** False when the parser reported an error on one of the statement's lines (kept verbatim). */
  readable?: boolean;
}

function formatUnsafe(text: string): string {
  const eol = /\r\n/.test(text) && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n';
  const physical = text.split(/\r\n|\r|\n/);
  const { file, diagnostics } = parse(text);
  // Physical lines the parser, or the reading of a card definition, reported an error on (where the
  // error starts): their statements are kept as written.
  const unreadable = new Set<number>();
  const problems = diagnostics.slice();
  for (const def of file.cards) problems.push(...buildCard(def, { kind: 'file', uri: '', range: def.name.range }).diagnostics);
  for (const d of problems) if (d.severity === 'error') unreadable.add(d.range.start.line);

  // What stands on each physical line: a statement (possibly several lines long) or a comment.
  const entries: Entry[] = [];
  for (const info of file.lines) {
    let last = info.line.lastLine;
    // Comment lines after an unfinished statement at the end of the file belong to it.
    for (const c of info.line.comments) last = Math.max(last, c.range.start.line);
    let readable = true;
    for (let l = info.line.firstLine; l <= info.line.lastLine && readable; l++) readable = !unreadable.has(l);
    entries.push({ kind: 'statement', first: info.line.firstLine, last, info, readable });
  }
  for (const c of file.comments) {
    entries.push({ kind: 'comment', first: c.range.start.line, last: c.range.start.line, comment: c.text });
  }
  entries.sort((a, b) => a.first - b.first);

  // Indentation of each statement, for the comments above it.
  const statementIndent = (e: Entry): string => {
    const info = e.info!;
    if (isVerbatim(info) || !e.readable) return /^[ \t]*/.exec(physical[info.line.firstLine] ?? '')![0];
    return INDENT[info.role];
  };

  // Runs of adjacent full-line comments: indented like the statement right below them, else like the
  // statement right above them, else like the next statement.
  const commentIndent = new Map<number, string>();
  const blankBefore = new Set<number>();
  for (let i = 0; i < entries.length; ) {
    if (entries[i].kind !== 'comment') {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < entries.length && entries[j + 1].kind === 'comment' && entries[j + 1].first === entries[j].last + 1) j++;
    const below = entries[j + 1];
    const above = entries[i - 1];
    let indent = '';
    if (below && below.kind === 'statement' && below.first === entries[j].last + 1) indent = statementIndent(below);
    else if (above && above.kind === 'statement' && above.last + 1 === entries[i].first) indent = statementIndent(above);
    else {
      const next = entries.slice(j + 1).find((x) => x.kind === 'statement');
      if (next) indent = statementIndent(next);
    }
    for (let k = i; k <= j; k++) commentIndent.set(k, indent);
    i = j + 1;
  }
  // A `scenario` line, with the run of comments right above it, gets a blank line before it.
  for (let j = 0; j < entries.length; j++) {
    if (entries[j].kind !== 'statement' || !isScenarioLine(entries[j].info!)) continue;
    let k = j;
    while (k > 0 && entries[k - 1].kind === 'comment' && entries[k - 1].last + 1 === entries[k].first) k--;
    blankBefore.add(k);
  }

  const out: string[] = [];
  let prevLast = -1;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const blank = e.first > prevLast + 1 || blankBefore.has(i);
    if (blank && out.length > 0) out.push('');
    if (e.kind === 'comment') out.push(commentIndent.get(i)! + e.comment!.trimEnd());
    else if (!e.readable) out.push(...verbatim(e.first, e.last, physical));
    else out.push(...formatStatement(e.info!, e.last, physical));
    prevLast = Math.max(prevLast, e.last);
  }
  // Only spaces and tabs make a line blank: the lexer keeps \f, \v or U+2028 as tokens (never lose text).
  while (out.length > 0 && /^[ \t]*$/.test(out[out.length - 1])) out.pop();
  return out.length === 0 ? '' : out.join(eol) + eol;
}

function isScenarioLine(info: LineInfo): boolean {
  // A top-level line starts with its keyword (`use`, `card`, `scenario`), so its head tells which.
  return info.role === 'top' && info.line.head === 'scenario';
}

function isVerbatim(info: LineInfo): boolean {
  return info.role === 'error' || info.line.tokens.some((t) => t.kind === 'string' && t.unterminated);
}

function verbatim(first: number, last: number, physical: string[]): string[] {
  return physical.slice(first, last + 1);
}

/** The physical lines of one formatted statement. */
function formatStatement(info: LineInfo, last: number, physical: string[]): string[] {
  const line = info.line;
  if (isVerbatim(info)) return verbatim(line.firstLine, last, physical);
  const indent = INDENT[info.role];
  const out: string[] = [];
  const all = line.tokens;
  for (let ln = line.firstLine; ln <= last; ln++) {
    const tokens = all.filter((t) => t.line === ln);
    const comment = line.comments.find((c) => c.range.start.line === ln);
    const lead = ln === line.firstLine ? indent : CONTINUATION_INDENT;
    if (tokens.length === 0) {
      // A comment line inside a statement spread over lines; blank lines there are dropped.
      if (comment) out.push(lead + comment.text.trimEnd());
      continue;
    }
    const body = joinTokens(tokens, physical[ln]);
    out.push(lead + body + (comment ? '  ' + comment.text.trimEnd() : ''));
  }
  // The safety net: the formatted statement must lex to the very same tokens and comments.
  if (!sameLexing(line, out, last)) return verbatim(line.firstLine, last, physical);
  return out;
}

function joinTokens(tokens: Token[], source: string): string {
  let s = '';
  let prev: Token | undefined;
  for (const t of tokens) {
    const text = tokenSource(t, source);
    if (prev && spaceBetween(prev, t)) s += ' ';
    s += text;
    prev = t;
  }
  return s;
}

function spaceBetween(a: Token, b: Token): boolean {
  if (b.kind === 'possessive') return false;
  if (b.kind === 'punct' && (b.text === ',' || b.text === ':' || b.text === ')')) return false;
  if (a.kind === 'punct' && a.text === '(') return false;
  return true;
}

function tokenSource(t: Token, source: string): string {
  const written = source.slice(t.range.start.character, t.range.end.character);
  switch (t.kind) {
    case 'string':
      // Names keep their quotes and escapes as written (the lexer reads them back the same); a curly
      // name closed by a straight quote gets its curly closing quote.
      if (t.quote === '“' && written.endsWith('"') && written.length >= 2) return `“${written.slice(1, -1)}”`;
      return written;
    case 'punct':
      return t.text;
    default:
      return written || t.text;
  }
}

function tokenKey(t: Token): string {
  return `${t.kind}\u0000${t.text}\u0000${t.quote ?? ''}\u0000${t.unterminated ? 1 : 0}`;
}

function sameLexing(original: LogicalLine, formatted: string[], last: number): boolean {
  const relexed = lex(formatted.join('\n'));
  if (relexed.lines.length !== 1) return false;
  const l = relexed.lines[0];
  const now = l.tokens;
  const before = original.tokens;
  if (now.length !== before.length) return false;
  for (let i = 0; i < now.length; i++) if (tokenKey(now[i]) !== tokenKey(before[i])) return false;
  const a = l.comments.map((c) => c.text.trimEnd());
  const b = original.comments.filter((c) => c.range.start.line <= last).map((c) => c.text.trimEnd());
  return a.length === b.length && a.every((x, i) => x === b[i]) && relexed.comments.length === 0;
}
