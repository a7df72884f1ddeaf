// The generated library's names for completion and "did you mean", searched in place: one text of
// every name's key (English, Japanese and Portuguese names of about 14,000 cards: 42,000 keys), sorted,
// one `key\tline\tlanguage` per line. Reading it costs one scan for the line starts; no object is made
// for a name until it is an answer. The build derives the text from the committed files
// (scripts/build.js, encodeNameKeys); without it, the library derives it on first search.
import { BitPattern, letterMask, popCount } from './bit-distance';
import { normalizeNameOnce } from './names';
import { CardName } from './provider';
import type { NameSearch } from './name-index';

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

/** Where each line of a text starts, and (last) where the text ends, as if it ended with a newline. */
export function lineStarts(text: string): Int32Array {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  if (text && !text.endsWith('\n')) count++;
  const starts = new Int32Array(count + 1);
  let start = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = start;
    const end = text.indexOf('\n', start);
    start = end < 0 ? text.length + 1 : end + 1;
  }
  starts[count] = start;
  return starts;
}

export class GeneratedNames implements NameSearch {
  /** Where each entry starts in the text (one more: the text's end). */
  private readonly starts: Int32Array;
  /** Each entry's key length. */
  private readonly lengths: Uint16Array;
  /** Each entry's set of characters (letterMask), made on the first "did you mean". */
  private masks?: Int32Array;
  /** Pairs of adjacent characters: their postings, and the count per entry of one search (reused). */
  private pairs?: { first: Int32Array; postings: Int32Array };
  private shared?: Uint16Array;

  /** `nameAt` gives a record's name as written in one language. */
  constructor(
    private readonly text: string,
    private readonly nameAt: (line: number, lang: NameLanguage) => string,
  ) {
    this.starts = lineStarts(text);
    this.lengths = new Uint16Array(this.starts.length - 1);
    for (let i = 0; i < this.lengths.length; i++) this.lengths[i] = text.indexOf('\t', this.starts[i]) - this.starts[i];
  }

  get size(): number {
    return this.lengths.length;
  }

  private keyAt(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i] + this.lengths[i]);
  }

  /** The entry as a CardName (made only for answers). */
  private nameOfEntry(i: number): CardName {
    const at = this.starts[i] + this.lengths[i] + 1;
    const tab = this.text.indexOf('\t', at);
    const line = Number(this.text.slice(at, tab));
    const lang = this.text[tab + 1] as NameLanguage;
    const name = this.nameAt(line, lang);
    return { name, key: this.keyAt(i), cardKey: lang === 'e' ? this.keyAt(i) : normalizeNameOnce(this.nameAt(line, 'e')) };
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
      out.push(this.nameOfEntry(i));
    }
    if (out.length >= max) return out;
    // A later word: a space then the query, inside a key (keys are the text's only spaces).
    const later: Array<{ word: string; entry: number }> = [];
    const needle = ` ${query}`;
    for (let at = this.text.indexOf(needle); at >= 0; at = this.text.indexOf(needle, at + 1)) {
      const entry = this.entryAt(at);
      later.push({ word: this.text.slice(at + 1, this.starts[entry] + this.lengths[entry]), entry });
    }
    later.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    for (const { entry } of later) {
      if (out.length >= max) break;
      if (seen.has(entry)) continue;
      seen.add(entry);
      out.push(this.nameOfEntry(entry));
    }
    return out;
  }

  /** The card's own (English) name as written, by its key. */
  nameOf(cardKey: string): string {
    const english = this.entriesOf(cardKey).filter((i) => this.text[this.text.indexOf('\t', this.starts[i] + this.lengths[i] + 1) + 1] === 'e');
    return english.length ? this.nameOfEntry(english[english.length - 1]).name : cardKey;
  }

  /**
   * The same answer as NameIndex.near, read in place (see there). Only names that share enough pairs of
   * letters with the key are compared by distance: a name within d edits of the key shares at least
   * max(length) - 1 - 2d of its pairs (the q-gram lemma), which a random name of the same length does not.
   */
  near(key: string, limit: number, distance: (a: string, b: string, limit: number) => number): Array<{ name: CardName; d: number }> {
    const out: Array<{ name: CardName; d: number }> = [];
    const found = new Set<number>();
    const masks = this.letterMasks();
    const shared = this.sharedPairs(key);
    const letters = letterMask(key);
    const pattern = new BitPattern(key);
    for (let i = 0; i < this.size; i++) {
      const length = this.lengths[i];
      if (length < key.length - limit || length > key.length + limit) continue;
      if (shared[i] < Math.max(length, key.length) - 1 - 2 * limit) continue;
      if (popCount(letters ^ masks[i]) > 2 * limit) continue;
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

  /**
   * For each entry, at least how many pairs of adjacent characters it shares with `key` (counted
   * through hashed pairs: a collision only counts more, never fewer).
   */
  private sharedPairs(key: string): Uint16Array {
    const { first, postings } = this.pairPostings();
    const shared = (this.shared ??= new Uint16Array(this.size));
    shared.fill(0);
    const seen = new Set<number>();
    for (let k = 1; k < key.length; k++) {
      const bucket = (key.charCodeAt(k - 1) * 31 + key.charCodeAt(k)) & (PAIR_BUCKETS - 1);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      for (let p = first[bucket]; p < first[bucket + 1]; p++) shared[postings[p]]++;
    }
    return shared;
  }

  /** Which entries hold each hashed pair of adjacent characters (once per occurrence), built once. */
  private pairPostings(): { first: Int32Array; postings: Int32Array } {
    if (!this.pairs) {
      const { text, starts, lengths } = this;
      // Each pair's bucket, in text order, counted per bucket; then the entries placed by bucket.
      const buckets = new Uint16Array(text.length);
      const first = new Int32Array(PAIR_BUCKETS + 1);
      for (let i = 0; i < this.size; i++) {
        for (let k = starts[i] + 1, end = starts[i] + lengths[i]; k < end; k++) {
          const bucket = ((text.charCodeAt(k - 1) * 31 + text.charCodeAt(k)) & (PAIR_BUCKETS - 1)) + 1;
          buckets[k] = bucket;
          first[bucket]++;
        }
      }
      for (let b = 0; b < PAIR_BUCKETS; b++) first[b + 1] += first[b];
      const postings = new Int32Array(first[PAIR_BUCKETS]);
      const next = first.slice(0, PAIR_BUCKETS);
      for (let i = 0; i < this.size; i++) {
        for (let k = starts[i] + 1, end = starts[i] + lengths[i]; k < end; k++) postings[next[buckets[k] - 1]++] = i;
      }
      this.pairs = { first, postings };
    }
    return this.pairs;
  }

  private letterMasks(): Int32Array {
    if (!this.masks) {
      this.masks = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) {
        let mask = 0;
        for (let k = this.starts[i], end = k + this.lengths[i]; k < end; k++) mask |= 1 << this.text.charCodeAt(k) % 32;
        this.masks[i] = mask;
      }
    }
    return this.masks;
  }
}

/** Pairs of characters are hashed into this many buckets (pairs of a-z, 0-9 and space: 1,369). */
const PAIR_BUCKETS = 4096;
