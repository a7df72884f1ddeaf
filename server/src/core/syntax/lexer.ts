// The lexer turns text into logical lines of tokens. A statement is one line, and a line that
// ends in `,` continues on the next one, so the parser works on logical lines and never looks at
// indentation. The lexer never throws: an unterminated name becomes a token with `unterminated`.
import { Range, range } from '../text';

export type TokenKind = 'word' | 'number' | 'string' | 'punct' | 'possessive' | 'unknown';

export interface Token {
  kind: TokenKind;
  /** For words: the text as written. For strings: the unescaped content. For punct: the symbol. */
  text: string;
  /** Lower-cased text of a word, for keyword comparison. */
  lower: string;
  range: Range;
  /** For strings: which quotes were used, so the formatter can keep them. */
  quote?: '"' | '“' | '《';
  unterminated?: boolean;
}

export interface Comment {
  text: string;
  range: Range;
}

export interface LogicalLine {
  tokens: Token[];
  /** Range from the first token to the last (or the whole physical line when there are no tokens). */
  range: Range;
  /** Physical line numbers this logical line spans. */
  firstLine: number;
  lastLine: number;
  /** Comments on the physical lines of this logical line. */
  comments: Comment[];
}

export interface LexResult {
  lines: LogicalLine[];
  /** Comments standing on lines of their own (blank of tokens). */
  comments: Comment[];
  lineCount: number;
}

const NON_ASCII_WORD = /[\p{L}\p{N}_]/u;

/** Letters, digits and `_` (any script). An ASCII fast path keeps the lexer at JSON.parse speeds. */
function isWordCode(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  if (c === 0x3000 || c === 0xa0 || c === 0xfeff) return false;
  return NON_ASCII_WORD.test(text[k]) || (c >= 0xd800 && c <= 0xdbff && NON_ASCII_WORD.test(text.slice(k, k + 2)));
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0x3000 || c === 0xfeff;
}

/** Lexes one physical line into tokens and an optional trailing comment. */
function lexPhysicalLine(text: string, line: number): { tokens: Token[]; comment?: Comment } {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 35 /* # */) return { tokens, comment: { text: text.slice(i), range: range(line, i, line, n) } };
    if (c === 34 /* " */ || c === 0x201c || c === 0x201d || c === 0x300a /* 《 */) {
      const quote: Token['quote'] = c === 0x300a ? '《' : c === 34 ? '"' : '“';
      let j = i + 1;
      let closed = false;
      let escaped = false;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (quote === '"' && d === 92 /* \ */ && j + 1 < n && (text.charCodeAt(j + 1) === 34 || text.charCodeAt(j + 1) === 92)) {
          escaped = true;
          j++;
          continue;
        }
        // Curly quotes close on either curly or straight quote: pasted text mixes them.
        if (quote === '《' ? d === 0x300b : quote === '"' ? d === 34 : d === 0x201d || d === 34) {
          closed = true;
          break;
        }
      }
      let value = text.slice(i + 1, j);
      if (escaped) value = value.replace(/\\(["\\])/g, '$1');
      const end = closed ? j + 1 : j;
      tokens.push({ kind: 'string', text: value, lower: value.toLowerCase(), range: range(line, i, line, end), quote, unterminated: closed ? undefined : true });
      i = end;
      continue;
    }
    if ((c === 45 /* - */ && text.charCodeAt(i + 1) === 62) || c === 0x2192 /* → */) {
      const len = c === 45 ? 2 : 1;
      tokens.push({ kind: 'punct', text: '->', lower: '->', range: range(line, i, line, i + len) });
      i += len;
      continue;
    }
    if (c === 58 || c === 44 || c === 40 || c === 41 || c === 0xff1a || c === 0x3001) {
      const sym = c === 0xff1a ? ':' : c === 0x3001 ? ',' : text[i];
      tokens.push({ kind: 'punct', text: sym, lower: sym, range: range(line, i, line, i + 1) });
      i++;
      continue;
    }
    if ((c === 39 || c === 0x2019) && (text.charCodeAt(i + 1) === 115 || text.charCodeAt(i + 1) === 83) && !(i + 2 < n && isWordCode(text, i + 2))) {
      tokens.push({ kind: 'possessive', text: "'s", lower: "'s", range: range(line, i, line, i + 2) });
      i += 2;
      continue;
    }
    if (isWordCode(text, i)) {
      let j = i + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
      let digits = c >= 48 && c <= 57;
      // Words may hold inner hyphens (`damage-step`, `quick-play`, dates `2016-06`) but not a `->` arrow.
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isWordCode(text, j)) {
          if (!(d >= 48 && d <= 57)) digits = false;
          j += d >= 0xd800 && d <= 0xdbff ? 2 : 1;
        } else if ((d === 45 || d === 46) && j + 1 < n && isWordCode(text, j + 1)) {
          digits = false;
          j++;
        } else break;
      }
      const word = text.slice(i, j);
      tokens.push({ kind: digits ? 'number' : 'word', text: word, lower: word.toLowerCase(), range: range(line, i, line, j) });
      i = j;
      continue;
    }
    // Anything else is kept as an unknown token so that the parser can point at it.
    const len = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
    const ch = text.slice(i, i + len);
    tokens.push({ kind: 'unknown', text: ch, lower: ch, range: range(line, i, line, i + len) });
    i += len;
  }
  return { tokens };
}

/** Lexes text whose first line is line `lineOffset` of the document (for parsing a part of it). */
export function lex(text: string, lineOffset = 0): LexResult {
  const physical = text.split(/\r\n|\r|\n/);
  const lines: LogicalLine[] = [];
  const comments: Comment[] = [];
  let pending: LogicalLine | undefined;
  for (let ln = 0; ln < physical.length; ln++) {
    const { tokens, comment } = lexPhysicalLine(physical[ln], ln + lineOffset);
    if (tokens.length === 0) {
      if (comment) {
        if (pending) pending.comments.push(comment);
        else comments.push(comment);
      }
      continue;
    }
    if (pending) {
      pending.tokens.push(...tokens);
      pending.lastLine = ln + lineOffset;
      pending.range = { start: pending.range.start, end: tokens[tokens.length - 1].range.end };
      if (comment) pending.comments.push(comment);
    } else {
      pending = {
        tokens,
        range: { start: tokens[0].range.start, end: tokens[tokens.length - 1].range.end },
        firstLine: ln + lineOffset,
        lastLine: ln + lineOffset,
        comments: comment ? [comment] : [],
      };
    }
    const last = pending.tokens[pending.tokens.length - 1];
    if (!(last.kind === 'punct' && last.text === ',')) {
      lines.push(pending);
      pending = undefined;
    }
  }
  if (pending) lines.push(pending);
  return { lines, comments, lineCount: physical.length };
}
