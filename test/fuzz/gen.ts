// Input generators of the property tests: random token soup shaped like .segoc lines, and sample
// documents with mutations (lines deleted, duplicated, swapped; tokens inserted; strings cut; unicode,
// NUL, lone surrogates, other line ends, very long lines). Mutations are plain data, so fast-check
// shrinks a failing input to the fewest, smallest mutations.
import fc from 'fast-check';
import { Corpus } from './corpus';

export const KEYWORDS = [
  'scenario', 'source', 'rules', 'tcg', 'ocg', 'as', 'of', 'players', 'turn', 'phase', 'chain', 'expect', 'legal',
  'illegal', 'at', 'in', 'card', 'use', 'alias', 'trigger', 'mandatory', 'optional', 'when', 'if', 'quick', 'ignition',
  'continuous', 'flip', 'responds', 'to', 'field', 'hand', 'gy', 'banished', 'deck', 'extra', 'none', 'set', 'face-down',
  'normal', 'summons', 'tribute', 'tributing', 'special', 'summon', 'sets', 'attacks', 'directly', 'with', 'battle',
  'destroys', 'destroy', 'all', 'monsters', 'spells', 'and', 'traps', 'cards', 'send', 'discard', 'banish', 'return',
  'shuffle', 'into', 'add', 'from', 'draw', 'negate', 'link', 'CL2', 'takes', 'damage', 'pay', 'lp', 'change',
  'defense', 'position', 'attack', 'equip', 'nothing', 'then', 'effect', 'cost', 'target', 'targets', 'passes', 'end',
  'standby', 'main1', 'main2', 'damage-step', 'draw', 'effect monster', 'normal spell', 'quick-play spell',
  'counter trap', 'normal trap', 'continuous trap', 'beast', 'dark', 'level', 'atk', 'def', 'sent', 'destroyed',
  'summoned', 'once', 'per', 'spell', 'speed', 'includes', 'search', 'activated', 'segoc-order', 'missed-timing',
  'chain-numbering', 'mandatory-trigger-missing', 'spell-speed', 'hand-summon-limit', 'Yugi', 'Kaiba', 'Joey', 'Yugi\'s',
  "Kaiba's", 'Kaiba’s', 'baboon2', 'peten', 'x',
];

export const PUNCT = [',', ':', '->', '→', '(', ')', "'s", '#', '# comment', '"', '“', '”', '《', '》', '\\"', '：', '、', '-', '.', '=>', ';'];

/** Odd characters: unicode of every plane, controls, NUL, lone surrogates, BOM, line-like separators. */
export const WEIRD = [
  '\u0000', '\ud800', '\udfff', '\udc00\ud800', '😀', '👨‍👩‍👧', 'e\u0301', '\u202e', '\u200d', '\ufeff', '\u00a0', '\u3000',
  '\u2028', '\u2029', '\u0085', '\t', '\v', '\f', '\u001b[31m', 'クリッター', '《クリッター》', '“Sangan”', 'Ⅻ', '٣',
  '𝟙', 'ǅ', 'İ', 'ß', '\uffff', '\ufffd', '\\', '\\\\', '$', '`', '<script>', '&amp;',
];

const NUMBERS = ['0', '1', '2', '3', '4', '9', '10', '99', '1000', '-1', '007', '99999999999999999999', '1e400', '2016-06', '2016-13-45', 'NaN'];

export function tokenArb(corpus: Corpus): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...KEYWORDS) },
    { weight: 3, arbitrary: fc.constantFrom(...corpus.cardNames).map((n) => `"${n}"`) },
    { weight: 2, arbitrary: fc.constantFrom(...PUNCT) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...WEIRD) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((s) => `"${s}"`) },
  );
}

/** One physical line of token soup, indented at random. */
export function lineArb(corpus: Corpus): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('', '', '  ', '    ', '\t', '      '), fc.array(tokenArb(corpus), { maxLength: 10 }), fc.boolean())
    .map(([indent, tokens, spaced]) => indent + tokens.join(spaced ? ' ' : ''));
}

/** A document of random lines (structured loosely: a scenario line first, most of the time). */
export function randomTextArb(corpus: Corpus): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.boolean(),
      fc.array(lineArb(corpus), { maxLength: 30 }),
      fc.constantFrom('\n', '\n', '\n', '\r\n', '\r'),
      fc.boolean(),
    )
    .map(([header, lines, eol, trailing]) => {
      const all = header ? ['scenario "random"', '  players Yugi, Kaiba', ...lines] : lines;
      return all.join(eol) + (trailing ? eol : '');
    });
}

// -------------------------------------------------------------------------------------------------
// Mutations

export type Mutation =
  | { kind: 'delete-line'; at: number }
  | { kind: 'duplicate-line'; at: number }
  | { kind: 'duplicate-block'; at: number; length: number; times: number }
  | { kind: 'swap-lines'; a: number; b: number }
  | { kind: 'insert-token'; at: number; col: number; token: string }
  | { kind: 'insert-line'; at: number; line: string }
  | { kind: 'cut-line'; at: number; col: number }
  | { kind: 'cut-string'; at: number; col: number }
  | { kind: 'delete-char'; offset: number; count: number }
  | { kind: 'weird'; offset: number; text: string }
  | { kind: 'split-surrogate'; offset: number }
  | { kind: 'long-line'; at: number; times: number }
  | { kind: 'eol'; eol: string; all: boolean; at: number }
  | { kind: 'number'; at: number; value: string }
  | { kind: 'reindent'; at: number; indent: string }
  | { kind: 'truncate'; offset: number }
  | { kind: 'trim-end' };

export function mutationArb(corpus: Corpus, maxLong = 2000): fc.Arbitrary<Mutation> {
  const idx = fc.nat({ max: 100000 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete-line' as const), at: idx }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('duplicate-line' as const), at: idx }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('duplicate-block' as const), at: idx, length: fc.integer({ min: 1, max: 12 }), times: fc.integer({ min: 1, max: 4 }) }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('swap-lines' as const), a: idx, b: idx }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert-token' as const), at: idx, col: idx, token: tokenArb(corpus) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert-line' as const), at: idx, line: lineArb(corpus) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cut-line' as const), at: idx, col: idx }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('cut-string' as const), at: idx, col: idx }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-char' as const), offset: idx, count: fc.integer({ min: 1, max: 6 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('weird' as const), offset: idx, text: fc.constantFrom(...WEIRD) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('split-surrogate' as const), offset: idx }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('long-line' as const), at: idx, times: fc.integer({ min: 2, max: maxLong }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('eol' as const), eol: fc.constantFrom('\r\n', '\r', '\n'), all: fc.boolean(), at: idx }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('number' as const), at: idx, value: fc.constantFrom(...NUMBERS) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reindent' as const), at: idx, indent: fc.constantFrom('', ' ', '        ', '\t', '\u3000') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), offset: idx }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('trim-end' as const) }) },
  );
}

/** Lines and their line ends, so a mutation keeps the document's own line ends. */
function splitKeep(text: string): { lines: string[]; eols: string[] } {
  const lines: string[] = [];
  const eols: string[] = [];
  const re = /\r\n|\r|\n/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    lines.push(text.slice(last, m.index));
    eols.push(m[0]);
    last = m.index + m[0].length;
  }
  lines.push(text.slice(last));
  eols.push('');
  return { lines, eols };
}

function join(lines: string[], eols: string[]): string {
  let s = '';
  for (let i = 0; i < lines.length; i++) s += lines[i] + (i < lines.length - 1 ? eols[i] || '\n' : eols[i] ?? '');
  return s;
}

/** Applies one mutation; indices are taken modulo the document's size. */
export function applyMutation(text: string, m: Mutation): string {
  const { lines, eols } = splitKeep(text);
  const n = lines.length;
  const line = (i: number) => i % n;
  switch (m.kind) {
    case 'delete-line': {
      if (n <= 1) return '';
      const i = line(m.at);
      lines.splice(i, 1);
      eols.splice(i === n - 1 ? i - 1 : i, 1);
      return join(lines, eols);
    }
    case 'duplicate-line': {
      const i = line(m.at);
      lines.splice(i, 0, lines[i]);
      eols.splice(i, 0, eols[i] || '\n');
      return join(lines, eols);
    }
    case 'duplicate-block': {
      const i = line(m.at);
      const block = lines.slice(i, i + m.length);
      const blockEols = eols.slice(i, i + m.length).map((e) => e || '\n');
      for (let k = 0; k < m.times; k++) {
        lines.splice(i, 0, ...block);
        eols.splice(i, 0, ...blockEols);
      }
      return join(lines, eols);
    }
    case 'swap-lines': {
      const a = line(m.a);
      const b = line(m.b);
      [lines[a], lines[b]] = [lines[b], lines[a]];
      return join(lines, eols);
    }
    case 'insert-token': {
      const i = line(m.at);
      const col = m.col % (lines[i].length + 1);
      lines[i] = `${lines[i].slice(0, col)} ${m.token} ${lines[i].slice(col)}`;
      return join(lines, eols);
    }
    case 'insert-line': {
      const i = line(m.at);
      lines.splice(i, 0, m.line);
      eols.splice(i, 0, '\n');
      return join(lines, eols);
    }
    case 'cut-line': {
      const i = line(m.at);
      lines[i] = lines[i].slice(0, m.col % (lines[i].length + 1));
      return join(lines, eols);
    }
    case 'cut-string': {
      // Cut a line inside a quoted name (or anywhere when the line has none).
      const i = line(m.at);
      const q = [...lines[i].matchAll(/["“《]/g)].map((x) => x.index ?? 0);
      const col = q.length ? q[m.col % q.length] + 1 + (m.col % 3) : m.col % (lines[i].length + 1);
      lines[i] = lines[i].slice(0, Math.min(col, lines[i].length));
      return join(lines, eols);
    }
    case 'delete-char': {
      const at = m.offset % (text.length + 1);
      return text.slice(0, at) + text.slice(at + m.count);
    }
    case 'weird': {
      const at = m.offset % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at);
    }
    case 'split-surrogate': {
      // Remove one half of a surrogate pair when there is one; else insert a lone high surrogate.
      const pairs = [...text.matchAll(/[\ud800-\udbff][\udc00-\udfff]/g)].map((x) => x.index ?? 0);
      if (pairs.length === 0) {
        const at = m.offset % (text.length + 1);
        return `${text.slice(0, at)}\ud83d${text.slice(at)}`;
      }
      const at = pairs[m.offset % pairs.length] + (m.offset % 2);
      return text.slice(0, at) + text.slice(at + 1);
    }
    case 'long-line': {
      // A very long line: the line's own content repeated (a link or board line with many names),
      // or, for an empty line, a long card name.
      const i = line(m.at);
      const base = lines[i].trim();
      if (!base) lines[i] = `  Yugi field: "${'a'.repeat(m.times * 10)}"`;
      else if (/[",]$/.test(base) || /:/.test(base)) lines[i] = `${lines[i]}${`, ${base.replace(/^.*?:/, '').trim() || '"Sangan"'}`.repeat(Math.ceil(m.times / 4))}`;
      else lines[i] = `${lines[i]} ${base}`.repeat(Math.max(1, Math.floor(m.times / Math.max(1, base.length / 8))));
      if (lines[i].length > m.times * 40) lines[i] = lines[i].slice(0, m.times * 40);
      return join(lines, eols);
    }
    case 'eol': {
      if (m.all) return join(lines, eols.map((e, k) => (k < eols.length - 1 || e ? m.eol : e)));
      const i = line(m.at);
      if (i < n - 1) eols[i] = m.eol;
      return join(lines, eols);
    }
    case 'number': {
      const i = line(m.at);
      lines[i] = lines[i].replace(/\d+/, m.value);
      return join(lines, eols);
    }
    case 'truncate':
      // Typing in progress: the document ends anywhere.
      return text.slice(0, m.offset % (text.length + 1));
    case 'trim-end':
      // No line end (nor blank lines) at the end of the file.
      return text.replace(/[\r\n \t]+$/, '');
    case 'reindent': {
      const i = line(m.at);
      lines[i] = m.indent + lines[i].replace(/^[ \t\u3000]*/, '');
      return join(lines, eols);
    }
  }
}

export function applyMutations(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) t = applyMutation(t, m);
  return t;
}

/** A seed (scenario chunk or, rarely, a whole sample file) with 0-8 mutations. */
export function mutatedTextArb(corpus: Corpus, options: { maxMutations?: number; maxLong?: number } = {}): fc.Arbitrary<string> {
  const seed = fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom(...corpus.seeds) },
    { weight: corpus.files.length ? 1 : 0, arbitrary: fc.constantFrom(...(corpus.files.length ? corpus.files : corpus.seeds)) },
  );
  return fc
    .tuple(seed, fc.array(mutationArb(corpus, options.maxLong), { maxLength: options.maxMutations ?? 8 }))
    .map(([text, ms]) => applyMutations(text, ms));
}

/** Any input: mostly mutated samples, some token soup. */
export function anyTextArb(corpus: Corpus, options: { maxMutations?: number; maxLong?: number } = {}): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: mutatedTextArb(corpus, options) }, { weight: 1, arbitrary: randomTextArb(corpus) });
}

/** A document and an edited version of it (for the incremental analysis property). */
export function editPairArb(corpus: Corpus): fc.Arbitrary<[string, string]> {
  return fc
    .tuple(anyTextArb(corpus, { maxMutations: 4, maxLong: 200 }), fc.array(mutationArb(corpus, 200), { minLength: 1, maxLength: 3 }))
    .map(([a, ms]) => [a, applyMutations(a, ms)] as [string, string]);
}
