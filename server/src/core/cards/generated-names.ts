// The generated library's names for completion and "did you mean", searched in place: one text of
// every name's key (English, Japanese and Portuguese names of about 14,000 cards: 42,000 keys), sorted,
// one `key\tline\tlanguage` per line. Reading it costs one scan for the line starts; no object is made
// for a name until it is an answer. The build derives the text from the committed files
// (scripts/build.js, encodeNameKeys); without it, the library derives it on first search.
import { BitPattern } from './bit-distance';
import { normalizeNameOnce } from './names';
import { CardName } from './provider';
import { namesNearBeginning, type NameSearch } from './name-index';

/** Which name of a record a key is: English, Japanese or Portuguese. */
export type NameLanguage = 'e' | 'j' | 'p';

/**
 * The sorted key text of records given by their names (English, Japanese, Portuguese per record), in
 * the order NameIndex sorts the same names (by key; equal keys in record order, then English, Japanese,
 * Portuguese), each key once per record.
 */
export function encodeNameKeys(namesPerRecord: ReadonlyArray<readonly [string, string, string]>): string {
  const entries: Array<{ key: string; line: number; lang: NameLanguage }> = [];
  namesPerRecord.forEach(([en, ja, pt], line) => {
    const keys = new Set<string>();
    for (const [name, lang] of [[en, 'e'], [ja, 'j'], [pt, 'p']] as const) {
      const key = name ? normalizeNameOnce(name) : '';
      if (!key || keys.has(key)) continue;
      keys.add(key);
      entries.push({ key, line, lang });
    }
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return entries.map((e) => `${e.key}\t${e.line}\t${e.lang}\n`).join('');
}

/**
 * Where each line of a text of `length` starts, and (last) where it ends, as if it ended with a newline;
 * `nextNewline(from)` finds the next newline (a string's '\n', or a byte 10 of a file's bytes), -1 if none.
 * One search per line (each a call into the engine: 42,000 of them for the name keys), into an array
 * that doubles as it fills, cut to size at the end.
 */
export function lineStarts(length: number, nextNewline: (from: number) => number): Int32Array {
  let starts = new Int32Array(1024);
  let count = 0;
  let start = 0;
  while (start < length) {
    if (count + 1 >= starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = start;
    const end = nextNewline(start);
    start = end < 0 ? length + 1 : end + 1;
  }
  starts[count] = start;
  return starts.slice(0, count + 1);
}

/** Where each entry of the key text starts (one more: the text's end), and its key's length. */
export interface NameKeysLayout {
  readonly starts: Int32Array;
  readonly lengths: Uint16Array;
}

/** The layout of a key text found by scanning it: two searches an entry (42,000 entries: some 35 M instructions cold). */
export function scanNameKeys(text: string): NameKeysLayout {
  const starts = lineStarts(text.length, (from) => text.indexOf('\n', from));
  const lengths = new Uint16Array(starts.length - 1);
  for (let i = 0; i < lengths.length; i++) lengths[i] = text.indexOf('\t', starts[i]) - starts[i];
  return { starts, lengths };
}

/**
 * The layout as the build ships it beside the key text (names-layout.bin): each key's length, then each
 * entry's length (key, line, language and newline), one byte each, so that the first search sums them
 * instead of searching the text twice an entry; 84 KB, a third of that in the .vsix. Undefined when an
 * entry is longer than a byte holds (then nothing is shipped and the text is scanned).
 */
export function encodeNameKeysLayout(layout: NameKeysLayout): Uint8Array | undefined {
  const count = layout.lengths.length;
  const bytes = new Uint8Array(2 * count);
  for (let i = 0; i < count; i++) {
    const entry = layout.starts[i + 1] - layout.starts[i];
    if (entry > 255) return undefined;
    bytes[i] = layout.lengths[i];
    bytes[count + i] = entry;
  }
  return bytes;
}

/** The shipped layout of `text` (see encodeNameKeysLayout); undefined when it cannot be that text's (then the text is scanned). */
export function decodeNameKeysLayout(bytes: Uint8Array, text: string): NameKeysLayout | undefined {
  if (bytes.length % 2 !== 0) return undefined;
  const count = bytes.length / 2;
  const starts = new Int32Array(count + 1);
  const lengths = new Uint16Array(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = start;
    lengths[i] = bytes[i];
    start += bytes[count + i];
  }
  starts[count] = start;
  // The sum catches a cut or stale file; a layout of another key text of the same length would misplace the
  // keys' ends too: three of them are checked to be tabs.
  if (start !== text.length) return undefined;
  for (const i of count ? [0, count >> 1, count - 1] : []) if (text.charCodeAt(starts[i] + lengths[i]) !== 9) return undefined;
  return { starts, lengths };
}

/**
 * What a record says for one of its names, read at once (a record is decoded from the library's bytes on
 * each read: a completion answers up to 300 names).
 */
export interface RecordNames {
  /** The name as written in the entry's language. */
  name: string;
  /** The card's own (English) name as written. */
  english: string;
  /** The card's type (`effect monster`), when asked for (completion). */
  cardType?: string;
}

export class GeneratedNames implements NameSearch {
  /** Where each entry starts in the text (one more: the text's end). */
  private readonly starts: Int32Array;
  /** Each entry's key length. */
  private readonly lengths: Uint16Array;
  /** The keys' later words in order, for completion (built on the first completion). */
  private laterWords?: LaterWords;

  /**
   * `namesAt` reads a record's names (and, for completion, its card type): see RecordNames. `layout`: the
   * text's, when the build shipped it (else the text is scanned).
   */
  constructor(
    private readonly text: string,
    private readonly namesAt: (line: number, lang: NameLanguage, withType: boolean) => RecordNames,
    layout: NameKeysLayout = scanNameKeys(text),
  ) {
    this.starts = layout.starts;
    this.lengths = layout.lengths;
  }

  get size(): number {
    return this.lengths.length;
  }

  private keyAt(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i] + this.lengths[i]);
  }

  /** The entry as a CardName (made only for answers), with its card type for completion. */
  private nameOfEntry(i: number, withType = false): CardName {
    const at = this.starts[i] + this.lengths[i] + 1;
    const tab = this.text.indexOf('\t', at);
    const line = Number(this.text.slice(at, tab));
    const lang = this.text[tab + 1] as NameLanguage;
    const record = this.namesAt(line, lang, withType);
    const key = this.keyAt(i);
    const name: CardName = { name: record.name, key, cardKey: lang === 'e' ? key : normalizeNameOnce(record.english) };
    if (record.cardType !== undefined) name.cardType = record.cardType;
    return name;
  }

  /** Every name (42,000 objects: for tests and tools, not for searches). */
  all(): CardName[] {
    const out: CardName[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.nameOfEntry(i));
    return out;
  }

  /** The first entry whose key is not below `key`. */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keyAt(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The entry that holds text position `at`. */
  private entryAt(at: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The entries whose key is `key`. */
  private entriesOf(key: string): number[] {
    const out: number[] = [];
    for (let i = this.lowerBound(key); i < this.size && this.lengths[i] === key.length && this.text.startsWith(key, this.starts[i]); i++) out.push(i);
    return out;
  }

  /**
   * Names for completion of a normalised `query` of 3 characters or more (fewer match too many of the
   * 42,000 names to be of use; the editor asks again as the user types): names that start with it, then
   * names with a later word that starts with it, as NameIndex orders them.
   */
  complete(query: string, max: number): CardName[] {
    if (query.length < 3) return [];
    const out: CardName[] = [];
    const seen = new Set<number>();
    for (let i = this.lowerBound(query); i < this.size && out.length < max && this.text.startsWith(query, this.starts[i]); i++) {
      seen.add(i);
      out.push(this.nameOfEntry(i, true));
    }
    if (out.length >= max) return out;
    // Then names with a later word that starts with the query, in the words' order: only answers are read.
    for (const at of (this.laterWords ??= new LaterWords(this.text)).startingWith(query)) {
      if (out.length >= max) break;
      const entry = this.entryAt(at);
      if (seen.has(entry)) continue;
      seen.add(entry);
      out.push(this.nameOfEntry(entry, true));
    }
    return out;
  }

  /** The card's own (English) name as written, by its key. */
  nameOf(cardKey: string): string {
    const english = this.entriesOf(cardKey).filter((i) => this.text[this.text.indexOf('\t', this.starts[i] + this.lengths[i] + 1) + 1] === 'e');
    return english.length ? this.nameOfEntry(english[english.length - 1]).name : cardKey;
  }

  /** The same answer as NameIndex.nearBeginning, read in place. */
  nearBeginning(key: string, limit: number): Array<{ name: CardName; d: number }> {
    const keyAt = (i: number) => ({ text: this.text, start: this.starts[i], end: this.starts[i] + this.lengths[i] });
    return namesNearBeginning(key, limit, this.size, keyAt).map(({ index, d }) => ({ name: this.nameOfEntry(index), d }));
  }

  /**
   * The same answer as NameIndex.near, read in place (see there). Only names of a reachable length are
   * compared, by the bit-parallel distance, which stops as soon as the limit is out of reach. (A filter
   * by hashed pairs of characters, tried before, saved about a millisecond per deep search once warm, but
   * its pass over the 42,000 names cost as much as four searches in the fresh process of a first check;
   * "did you mean" now mostly searches within one or two edits: CardIndex.suggest.)
   */
  near(key: string, limit: number, distance: (a: string, b: string, limit: number) => number): Array<{ name: CardName; d: number }> {
    const out: Array<{ name: CardName; d: number }> = [];
    const found = new Set<number>();
    const pattern = new BitPattern(key);
    for (let i = 0; i < this.size; i++) {
      const length = this.lengths[i];
      if (length < key.length - limit || length > key.length + limit) continue;
      const d = pattern.distance(this.text, this.starts[i], this.starts[i] + length, limit);
      if (d <= limit) {
        found.add(i);
        out.push({ name: this.nameOfEntry(i), d });
      }
    }
    if (key.length >= 4) {
      // Names that contain the key: found in the text, then checked to lie inside one key.
      for (let at = this.text.indexOf(key); at >= 0; ) {
        const entry = this.entryAt(at);
        if (at + key.length <= this.starts[entry] + this.lengths[entry] && !found.has(entry)) {
          found.add(entry);
          out.push({ name: this.nameOfEntry(entry), d: distance(key, this.keyAt(entry), limit) });
        }
        at = this.text.indexOf(key, Math.max(at + 1, this.starts[entry + 1]));
      }
      // Names made of whole words of the key.
      const words = key.split(' ');
      for (let from = 0; from < words.length; from++) {
        for (let to = from + 1; to <= Math.min(words.length, from + 12); to++) {
          if (to - from === words.length) continue;
          for (const entry of this.entriesOf(words.slice(from, to).join(' '))) {
            if (found.has(entry)) continue;
            found.add(entry);
            out.push({ name: this.nameOfEntry(entry), d: distance(key, this.keyAt(entry), limit) });
          }
        }
      }
    }
    return out;
  }
}

/**
 * The later words of every key (each word after a key's first, read to the key's end: `grave` of "called
 * by the grave") for completion, as text positions in groups by a hash of their first two characters
 * (a query has 3 or more). A group is sorted by word, equal words by position (NameIndex's order), the
 * first time a query needs it: a search is then two binary searches, and the walk reads only answers.
 * Scanning the million characters of the text for " <query>" and sorting every hit (a 3-letter query
 * hits thousands of words) took most of a completion's time.
 */
class LaterWords {
  /** Each later word's start in the text, group after group. */
  private readonly positions: Int32Array;
  /** Where each group starts in `positions` (one more: the end). */
  private readonly groupStarts: Int32Array;
  private readonly sorted = new Uint8Array(WORD_GROUPS);

  constructor(private readonly text: string) {
    // Keys hold the text's only spaces (a line is `key\tline\tlanguage`), and a key has no space at its ends.
    const words: number[] = [];
    for (let at = text.indexOf(' '); at >= 0; at = text.indexOf(' ', at + 1)) words.push(at + 1);
    const ends = new Int32Array(WORD_GROUPS + 1);
    for (const at of words) ends[this.groupOf(text, at) + 1]++;
    for (let g = 0; g < WORD_GROUPS; g++) ends[g + 1] += ends[g];
    this.groupStarts = ends.slice();
    this.positions = new Int32Array(words.length);
    for (const at of words) this.positions[ends[this.groupOf(text, at)]++] = at;
  }

  private groupOf(text: string, at: number): number {
    return (text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) & (WORD_GROUPS - 1);
  }

  /** The starts of the words that begin with `query` (3 characters or more), in order. */
  startingWith(query: string): Int32Array {
    const group = this.groupOf(query, 0);
    const words = this.positions.subarray(this.groupStarts[group], this.groupStarts[group + 1]);
    if (!this.sorted[group]) {
      words.sort((a, b) => compareWords(this.text, a, b) || a - b);
      this.sorted[group] = 1;
    }
    // Words that begin with the query lie together in a sorted group: from the first not below it to
    // the first above it.
    const from = this.firstWhere(words, (at) => compareWordToPrefix(this.text, at, query) >= 0);
    const to = this.firstWhere(words, (at) => compareWordToPrefix(this.text, at, query) > 0);
    return words.subarray(from, to);
  }

  /** The first index of `words` (sorted) whose word passes `isAtOrAbove`, which holds from some index on. */
  private firstWhere(words: Int32Array, isAtOrAbove: (at: number) => boolean): number {
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isAtOrAbove(words[mid])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * Groups of later words (a power of two). The library's 68,000 later words fall into some 1,700 groups,
 * the largest ("de": Portuguese names) of 3,400 words: a few milliseconds to sort, once.
 */
const WORD_GROUPS = 4096;

/**
 * The order of two words of the text by code unit, each read to its key's end (a tab, below every
 * character of a key: a word that is a prefix of another comes first), as `<` orders their slices.
 */
function compareWords(text: string, a: number, b: number): number {
  for (;; a++, b++) {
    const x = text.charCodeAt(a);
    const y = text.charCodeAt(b);
    if (x !== y) return x - y;
    if (x === 9) return 0;
  }
}

/** The order of the word at `at` and `prefix`, a word that begins with the prefix counting as equal. */
function compareWordToPrefix(text: string, at: number, prefix: string): number {
  for (let k = 0; k < prefix.length; k++) {
    const d = text.charCodeAt(at + k) - prefix.charCodeAt(k);
    if (d !== 0) return d;
  }
  return 0;
}
