// The lexer turns text into logical lines of tokens. A statement is one line, and a line that
// ends in `,` continues on the next one, so the parser works on logical lines and never looks at
// indentation. The lexer never throws: an unterminated name becomes a token with `unterminated`.
//
// Speed (parse time is part of every keystroke; bench/ measures it): the parser takes each logical
// line as soon as it is lexed (`LineLexer`), so tokens are visited while fresh and no list of all
// lines is built. A token is one object (its place is numbers; a range is made only when asked),
// and the lexer allocates little else: no per-line strings or growing arrays, and a lower-cased
// copy only when the parser asks for it (a word with capitals or a name). Tokens are fresh objects
// for each line: reusing them from line to line saved about 1 % and made `readonly` fields a lie.
import { Range, sharedPos } from '../text';
import { keepLayoutOf } from '../layout';

export type TokenKind = 'word' | 'number' | 'string' | 'punct' | 'possessive' | 'unknown';

/**
 * A token keeps its place as numbers (its document line and the columns it spans on it); its `range`
 * is made when asked. Ranges are objects of their own (a range and two positions), and most tokens
 * (keywords, punctuation) never need one: a file's tokens are its most numerous objects.
 */
export class Token {
  constructor(
    readonly kind: TokenKind,
    /** For words: the text as written. For strings: the unescaped content. For punct: the symbol. */
    readonly text: string,
    /** The lower-cased text when the lexer has it for free (a word without capitals); else made when asked. */
    private lowerText: string | undefined,
    /** The document line the token stands on (a token never spans lines). */
    readonly line: number,
    /** Its first and past-the-end columns on that line (UTF-16). */
    readonly start: number,
    readonly end: number,
    /** For strings: which quotes were used, so the formatter can keep them. */
    readonly quote: '"' | '“' | '《' | undefined = undefined,
    readonly unterminated: boolean | undefined = undefined,
  ) {}

  /** Lower-cased text, for keyword comparison (made once, on first use: most names are never compared). */
  get lower(): string {
    return (this.lowerText ??= this.text.toLowerCase());
  }

  /** A new range object on each call (none is kept). */
  get range(): Range {
    return lineRange(this.line, this.start, this.end);
  }

  /** Keeps the object layout alive between parses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new Token('unknown', '', '', 0, 0, 0));
}

export interface Comment {
  text: string;
  range: Range;
}

/** The line whose tokens were last lexed again, and those tokens (callers often ask one line several times). */
let relexedLine: LogicalLine | undefined;
let relexedTokens: Token[] = [];

/**
 * A statement's line (one physical line, or several joined by a trailing `,`). Its tokens are kept
 * only while the parser reads them: the syntax tree keeps every statement's line, and keeping their
 * tokens too made them a third of a parsed file's memory. `tokens` lexes the line again when asked
 * (the formatter, semantic tokens, outline); the lexer is deterministic, so they are the same tokens.
 */
export class LogicalLine {
  /** The tokens, until the parser is done with the line (see `release`). */
  private lexed: Token[] | undefined;
  /** The lower-cased first word (what most questions about a line ask). */
  readonly head: string;

  constructor(
    tokens: Token[],
    /** Range from the first token to the last. */
    readonly range: Range,
    /** Physical line numbers this logical line spans. */
    readonly firstLine: number,
    readonly lastLine: number,
    /** Comments on the physical lines of this logical line. */
    readonly comments: Comment[],
    /** The text lexed, and where this line's physical lines start and end in it. */
    private readonly source: string,
    private readonly offset: number,
    private readonly endOffset: number,
  ) {
    this.lexed = tokens;
    this.head = tokens[0].lower;
  }

  /** The tokens: kept while the parser reads them, else lexed again (the last line asked for is remembered). */
  get tokens(): Token[] {
    if (this.lexed) return this.lexed;
    if (relexedLine !== this) {
      // Only this line's text is lexed again (a substring shares the text: no copy).
      relexedTokens = new LineLexer(this.source.slice(this.offset, this.endOffset), this.firstLine).next()?.tokens ?? [];
      relexedLine = this;
    }
    return relexedTokens;
  }

  /** Lets the tokens go (the parser has read them); `tokens` lexes the line again if asked. */
  release(): void {
    this.lexed = undefined;
  }

  /** Keeps the object layout alive between parses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new LogicalLine([Token.keepLayout], { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 0, 0, [], '', 0, 0));
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

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/**
 * Whether one physical line, read alone, ends its tokens with a `,` (so its statement goes on on the
 * next line), or undefined when it has no token (a blank or comment-only line changes nothing). The
 * lexer's own rule, for the scans that find statement boundaries on every keystroke without lexing
 * every line (document segments, card lines). Without a `#`, the last character decides, unless it is
 * a comma on a line with quotes (it may stand in an unterminated name); those lines and lines with a
 * `#` (a comment, or a `#` in a name) are lexed.
 */
export function endsWithComma(line: string): boolean | undefined {
  if (!line.includes('#')) {
    let i = line.length - 1;
    while (i >= 0 && isSpace(line.charCodeAt(i))) i--;
    if (i < 0) return undefined;
    const c = line.charCodeAt(i);
    if (c !== 44 && c !== 0x3001) return false; // `,` and `、` (the lexer reads both as a comma)
    if (!/["“”《]/.test(line)) return true;
  }
  const tokens = new LineLexer(line).next()?.tokens;
  if (!tokens) return undefined;
  const last = tokens[tokens.length - 1];
  return last.kind === 'punct' && last.text === ',';
}

/** A range on one line (the only kind a token has). */
function lineRange(line: number, start: number, end: number): Range {
  return { start: sharedPos(line, start), end: sharedPos(line, end) };
}

function indexOrLength(text: string, s: string, from: number): number {
  const k = text.indexOf(s, from);
  return k < 0 ? text.length : k;
}

/**
 * Lexes logical lines one at a time: `next()` returns the next one, or undefined at the end.
 * The source is a text whose first line is line `lineOffset` of the document.
 */
export class LineLexer {
  /** Comments standing on lines of their own (blank of tokens), filled in as lines are lexed. */
  readonly comments: Comment[] = [];
  /** Physical lines lexed so far: the document's line count once `next()` has returned undefined. */
  lineCount = 0;
  /** True when the logical line last returned holds an unterminated string (rare: the parser reports it). */
  unterminated = false;

  /** The current physical line's bounds in the source. */
  private start = 0;
  private end = 0;
  /** Where the next physical line starts in the text; -1 at the end. */
  private at = 0;
  /** Where the next `\n` and `\r` are (the text's length when there is none). */
  private nextLF = -1;
  private nextCR = -1;
  /**
   * The tokens of the logical line being built: the first `count` of `pending`, copied out at its
   * end into an array of their own (exact size). The scratch array is reused, never emptied.
   */
  private readonly pending: Token[] = [];
  private count = 0;
  private pendingComments: Comment[] | undefined;
  private firstLine = 0;
  private lastLine = 0;
  /** Where the logical line being built starts in the text (its first physical line with tokens). */
  private firstStart = 0;

  private readonly source: string;
  private readonly lineOffset: number;

  /** Keeps the object layout alive between parses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new LineLexer(''));

  constructor(source: string, lineOffset = 0) {
    this.source = source;
    this.lineOffset = lineOffset;
  }

  /** The next logical line, or undefined when the text is done. */
  next(): LogicalLine | undefined {
    this.unterminated = false;
    while (this.nextPhysicalLine()) {
      const line = this.lineCount++ + this.lineOffset;
      const before = this.count;
      const comment = this.lexPhysicalLine(line);
      if (this.count === before) {
        // No tokens: a comment here belongs to the statement it continues, or stands on its own.
        if (comment) {
          if (before > 0) (this.pendingComments ??= []).push(comment);
          else this.comments.push(comment);
        }
        continue;
      }
      if (before === 0) {
        this.firstLine = line;
        this.firstStart = this.start;
      }
      this.lastLine = line;
      if (comment) (this.pendingComments ??= []).push(comment);
      const last = this.pending[this.count - 1];
      if (!(last.kind === 'punct' && last.text === ',')) return this.takeLine();
    }
    // A trailing `,` on the last line leaves a statement pending at the end of the text.
    return this.count > 0 ? this.takeLine() : undefined;
  }

  private takeLine(): LogicalLine {
    const tokens = this.pending.slice(0, this.count);
    this.count = 0;
    const comments = this.pendingComments ?? [];
    this.pendingComments = undefined;
    const last = tokens[tokens.length - 1];
    const range = { start: sharedPos(tokens[0].line, tokens[0].start), end: sharedPos(last.line, last.end) };
    return new LogicalLine(tokens, range, this.firstLine, this.lastLine, comments, this.source, this.firstStart, this.end);
  }

  /** Moves to the next physical line (sets start and end); false when there is none. */
  private nextPhysicalLine(): boolean {
    const at = this.at;
    if (at < 0) return false;
    const source = this.source;
    // Lines end at \n, \r\n or a lone \r (as `text.split(/\r\n|\r|\n/)`). Each search runs once per
    // separator found (none found: the text's length), so that splitting stays linear.
    if (this.nextLF < at) this.nextLF = indexOrLength(source, '\n', at);
    if (this.nextCR < at) this.nextCR = indexOrLength(source, '\r', at);
    const lf = this.nextLF;
    const cr = this.nextCR;
    const end = lf < cr ? lf : cr;
    this.start = at;
    this.end = end;
    if (end === source.length) this.at = -1;
    else this.at = end === cr && cr + 1 === lf ? end + 2 : end + 1;
    return true;
  }

  /** Adds a token to the logical line being built. */
  private add(kind: TokenKind, text: string, lower: string | undefined, line: number, start: number, end: number, quote?: Token['quote'], unterminated?: boolean): void {
    this.pending[this.count++] = new Token(kind, text, lower, line, start, end, quote, unterminated);
  }

  /** Lexes the current physical line, adding its tokens to the pending ones; returns its trailing comment. */
  private lexPhysicalLine(line: number): Comment | undefined {
    const text = this.source;
    const start = this.start;
    const end = this.end;
    let i = start;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (c === 35 /* # */) return { text: text.slice(i, end), range: lineRange(line, i - start, end - start) };
      if (c === 34 /* " */ || c === 0x201c || c === 0x201d || c === 0x300a /* 《 */) {
        i = this.lexString(c, i, line);
        continue;
      }
      if ((c === 45 /* - */ && i + 1 < end && text.charCodeAt(i + 1) === 62) || c === 0x2192 /* → */) {
        const len = c === 45 ? 2 : 1;
        this.add('punct', '->', '->', line, i - start, i - start + len);
        i += len;
        continue;
      }
      if (c === 58 || c === 44 || c === 40 || c === 41 || c === 0xff1a || c === 0x3001) {
        const sym = c === 0xff1a || c === 58 ? ':' : c === 0x3001 || c === 44 ? ',' : c === 40 ? '(' : ')';
        this.add('punct', sym, sym, line, i - start, i - start + 1);
        i++;
        continue;
      }
      if ((c === 39 || c === 0x2019) && i + 1 < end && (text.charCodeAt(i + 1) === 115 || text.charCodeAt(i + 1) === 83) && !(i + 2 < end && isWordCode(text, i + 2))) {
        this.add('possessive', "'s", "'s", line, i - start, i - start + 2);
        i += 2;
        continue;
      }
      if (isWordCode(text, i)) {
        i = this.lexWord(c, i, line);
        continue;
      }
      // Anything else is kept as an unknown token so that the parser can point at it.
      const len = isHighSurrogate(c) && i + 1 < end ? 2 : 1;
      const ch = text.slice(i, i + len);
      this.add('unknown', ch, ch, line, i - start, i - start + len);
      i += len;
    }
    return undefined;
  }

  /** A quoted name from `i` (its opening quote `q`); returns where lexing goes on. */
  private lexString(q: number, i: number, line: number): number {
    const text = this.source;
    const end = this.end;
    const quote: Token['quote'] = q === 0x300a ? '《' : q === 34 ? '"' : '“';
    let j = i + 1;
    let closed = false;
    let escaped = false;
    for (; j < end; j++) {
      const d = text.charCodeAt(j);
      if (q === 34 && d === 92 /* \ */ && j + 1 < end && (text.charCodeAt(j + 1) === 34 || text.charCodeAt(j + 1) === 92)) {
        escaped = true;
        j++;
        continue;
      }
      // Curly quotes close on either curly or straight quote: pasted text mixes them.
      if (q === 0x300a ? d === 0x300b : q === 34 ? d === 34 : d === 0x201d || d === 34) {
        closed = true;
        break;
      }
    }
    let value = text.slice(i + 1, j);
    if (escaped) value = value.replace(/\\(["\\])/g, '$1');
    const stop = closed ? j + 1 : j;
    if (!closed) this.unterminated = true;
    this.add('string', value, undefined, line, i - this.start, stop - this.start, quote, closed ? undefined : true);
    return stop;
  }

  /** A word or number from `i` (its first code `c`); returns where lexing goes on. */
  private lexWord(c: number, i: number, line: number): number {
    const text = this.source;
    const end = this.end;
    let j = i + (isHighSurrogate(c) ? 2 : 1);
    let digits = c >= 48 && c <= 57;
    // Only a word with an upper-case or non-ASCII letter needs a lower-cased copy.
    let lowerCase = c < 65 || (c > 90 && c < 128);
    // Words may hold inner hyphens (`damage-step`, `quick-play`, dates `2016-06`) but not a `->` arrow.
    while (j < end) {
      const d = text.charCodeAt(j);
      if (isWordCode(text, j)) {
        if (!(d >= 48 && d <= 57)) digits = false;
        if (lowerCase && !(d < 65 || (d > 90 && d < 128))) lowerCase = false;
        j += isHighSurrogate(d) ? 2 : 1;
      } else if ((d === 45 || d === 46) && j + 1 < end && isWordCode(text, j + 1)) {
        digits = false;
        j++;
      } else break;
    }
    const word = text.slice(i, j);
    this.add(digits ? 'number' : 'word', word, lowerCase ? word : undefined, line, i - this.start, j - this.start);
    return j;
  }
}

/** Lexes text whose first line is line `lineOffset` of the document (for parsing a part of it). */
export function lex(text: string, lineOffset = 0): LexResult {
  const lexer = new LineLexer(text, lineOffset);
  const lines: LogicalLine[] = [];
  for (let l = lexer.next(); l; l = lexer.next()) lines.push(l);
  return { lines, comments: lexer.comments, lineCount: lexer.lineCount };
}
