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

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordChar(ch: string): boolean {
  return WORD_CHAR.test(ch);
}

/** Lexes one physical line into tokens and an optional trailing comment. */
function lexPhysicalLine(text: string, line: number): { tokens: Token[]; comment?: Comment } {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\u00a0' || ch === '\u3000' || ch === '\ufeff') {
      i++;
      continue;
    }
    if (ch === '#') {
      return { tokens, comment: { text: text.slice(i), range: range(line, i, line, n) } };
    }
    if (ch === '"' || ch === '“' || ch === '”' || ch === '《') {
      const close = ch === '《' ? '》' : ch === '"' ? '"' : '”';
      const quote: Token['quote'] = ch === '《' ? '《' : ch === '"' ? '"' : '“';
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const c = text[j];
        if (c === '\\' && j + 1 < n && (text[j + 1] === '"' || text[j + 1] === '\\')) {
          value += text[j + 1];
          j += 2;
          continue;
        }
        // Curly quotes close on either curly or straight quote: pasted text mixes them.
        if (c === close || (quote === '“' && c === '"')) {
          closed = true;
          j++;
          break;
        }
        value += c;
        j++;
      }
      tokens.push({
        kind: 'string',
        text: value,
        lower: value.toLowerCase(),
        range: range(line, i, line, j),
        quote,
        unterminated: closed ? undefined : true,
      });
      i = j;
      continue;
    }
    if (ch === '-' && text[i + 1] === '>') {
      tokens.push({ kind: 'punct', text: '->', lower: '->', range: range(line, i, line, i + 2) });
      i += 2;
      continue;
    }
    if (ch === '→') {
      tokens.push({ kind: 'punct', text: '->', lower: '->', range: range(line, i, line, i + 1) });
      i += 1;
      continue;
    }
    if (ch === ':' || ch === ',' || ch === '(' || ch === ')' || ch === '：' || ch === '、') {
      const sym = ch === '：' ? ':' : ch === '、' ? ',' : ch;
      tokens.push({ kind: 'punct', text: sym, lower: sym, range: range(line, i, line, i + 1) });
      i++;
      continue;
    }
    if ((ch === "'" || ch === '’') && (text[i + 1] === 's' || text[i + 1] === 'S') && !isWordChar(text[i + 2] ?? ' ')) {
      tokens.push({ kind: 'possessive', text: "'s", lower: "'s", range: range(line, i, line, i + 2) });
      i += 2;
      continue;
    }
    if (isWordChar(ch)) {
      let j = i + 1;
      // Words may hold inner hyphens (`damage-step`, `quick-play`, dates `2016-06`) but not a `->` arrow.
      while (j < n) {
        const c = text[j];
        if (isWordChar(c)) {
          j++;
        } else if ((c === '-' || c === '.') && j + 1 < n && isWordChar(text[j + 1]) && text[j + 1] !== '>') {
          j++;
        } else {
          break;
        }
      }
      const word = text.slice(i, j);
      const isNumber = /^\d+$/.test(word);
      tokens.push({
        kind: isNumber ? 'number' : 'word',
        text: word,
        lower: word.toLowerCase(),
        range: range(line, i, line, j),
      });
      i = j;
      continue;
    }
    // Anything else is kept as an unknown token so that the parser can point at it.
    const cp = text.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    tokens.push({ kind: 'unknown', text: text.slice(i, i + len), lower: text.slice(i, i + len), range: range(line, i, line, i + len) });
    i += len;
  }
  return { tokens };
}

export function lex(text: string): LexResult {
  const physical = text.split(/\r\n|\r|\n/);
  const lines: LogicalLine[] = [];
  const comments: Comment[] = [];
  let pending: LogicalLine | undefined;
  for (let ln = 0; ln < physical.length; ln++) {
    const { tokens, comment } = lexPhysicalLine(physical[ln], ln);
    if (tokens.length === 0) {
      if (comment) {
        if (pending) pending.comments.push(comment);
        else comments.push(comment);
      }
      continue;
    }
    if (pending) {
      pending.tokens.push(...tokens);
      pending.lastLine = ln;
      pending.range = { start: pending.range.start, end: tokens[tokens.length - 1].range.end };
      if (comment) pending.comments.push(comment);
    } else {
      pending = {
        tokens,
        range: { start: tokens[0].range.start, end: tokens[tokens.length - 1].range.end },
        firstLine: ln,
        lastLine: ln,
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
