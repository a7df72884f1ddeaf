// Searching the names of a provider without building its cards: prefix and word-prefix search for
// completion, and the close names of "did you mean". Built on first search, once per provider, from
// its names(): a sorted key array (prefixes by binary search) and keys grouped by length (an edit
// distance of d only reaches keys whose length differs by d at most).
import { BitPattern, letterMask, popCount } from './bit-distance';
import { CardName, CardProvider, NameSearch } from './provider';

export type { NameSearch } from './provider';

export class NameIndex implements NameSearch {
  /** Every name, sorted by key. */
  private readonly sorted: CardName[];
  /**
   * The later words of every key (from each word after the first to the key's end), bucketed by their
   * first two letters, for word-prefix search: built on the first search that needs it.
   */
  private words?: Map<string, Array<{ word: string; name: CardName }>>;
  private readonly byLength = new Map<number, Array<{ name: CardName; letters: number }>>();
  /** Each card's own name, by its key. */
  private readonly own = new Map<string, string>();
  /** Every name by its key (several cards may share one). */
  private readonly byKey = new Map<string, CardName[]>();

  constructor(names: readonly CardName[]) {
    this.sorted = [...names].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const n of this.sorted) {
      if (n.key === n.cardKey) this.own.set(n.key, n.name);
      const same = this.byKey.get(n.key);
      if (same) same.push(n);
      else this.byKey.set(n.key, [n]);
      let group = this.byLength.get(n.key.length);
      if (!group) this.byLength.set(n.key.length, (group = []));
      group.push({ name: n, letters: letterMask(n.key) });
    }
  }

  private wordBuckets(): Map<string, Array<{ word: string; name: CardName }>> {
    if (!this.words) {
      this.words = new Map();
      for (const n of this.sorted) {
        for (let at = n.key.indexOf(' '); at >= 0; at = n.key.indexOf(' ', at + 1)) {
          const word = n.key.slice(at + 1);
          const head = word.slice(0, 2);
          let bucket = this.words.get(head);
          if (!bucket) this.words.set(head, (bucket = []));
          bucket.push({ word, name: n });
        }
      }
    }
    return this.words;
  }

  /**
   * Names for completion of a normalised `query`, at most `max`: names that start with it first, then
   * names with a later word that starts with it (`grave` finds "Called by the Grave").
   * An empty query lists names in key order.
   */
  complete(query: string, max: number): CardName[] {
    const out: CardName[] = [];
    const seen = new Set<CardName>();
    for (let i = lowerBound(this.sorted, query, (n) => n.key); i < this.sorted.length && out.length < max; i++) {
      const n = this.sorted[i];
      if (!n.key.startsWith(query)) break;
      seen.add(n);
      out.push(n);
    }
    if (!query) return out;
    if (query.length < 2) return out;
    const later = (this.wordBuckets().get(query.slice(0, 2)) ?? []).filter((w) => w.word.startsWith(query));
    later.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    for (const w of later) {
      if (out.length >= max) break;
      if (!seen.has(w.name)) {
        seen.add(w.name);
        out.push(w.name);
      }
    }
    return out;
  }

  /** The card's own name (as written) by its key. */
  nameOf(cardKey: string): string {
    return this.own.get(cardKey) ?? cardKey;
  }

  nearBeginning(key: string, limit: number): Array<{ name: CardName; d: number }> {
    const keyOf = (i: number) => ({ text: this.sorted[i].key, start: 0, end: this.sorted[i].key.length });
    return namesNearBeginning(key, limit, this.sorted.length, keyOf).map(({ index, d }) => ({ name: this.sorted[index], d }));
  }

  /**
   * Names within `limit` edits of `key`, and (for keys of 4 or more) names that contain it or that it
   * contains, with their distance. Only keys of a reachable length are compared by distance.
   */
  near(key: string, limit: number, distance: (a: string, b: string, limit: number) => number): Array<{ name: CardName; d: number }> {
    const out: Array<{ name: CardName; d: number }> = [];
    const found = new Set<CardName>();
    const letters = letterMask(key);
    for (let len = Math.max(0, key.length - limit); len <= key.length + limit; len++) {
      for (const { name, letters: theirs } of this.byLength.get(len) ?? []) {
        // One edit adds or removes at most one letter of each key's set of letters: a cheap bound first.
        if (popCount(letters ^ theirs) > 2 * limit) continue;
        const d = distance(key, name.key, limit);
        if (d <= limit) {
          found.add(name);
          out.push({ name, d });
        }
      }
    }
    // Containment: a name that contains what was typed, or a name made of whole words of it ("Ante" is
    // inside "zephir lantern" but is no word of it): those are looked up by key, not scanned for.
    if (key.length >= 4) {
      for (const n of this.sorted) {
        if (!found.has(n) && n.key.includes(key)) {
          found.add(n);
          out.push({ name: n, d: distance(key, n.key, limit) });
        }
      }
      const words = key.split(' ');
      for (let from = 0; from < words.length; from++) {
        // A card name has a dozen words at most: longer runs are not looked up.
        for (let to = from + 1; to <= Math.min(words.length, from + 12); to++) {
          if (to - from === words.length) continue;
          for (const n of this.byKey.get(words.slice(from, to).join(' ')) ?? []) {
            if (found.has(n)) continue;
            found.add(n);
            out.push({ name: n, d: distance(key, n.key, limit) });
          }
        }
      }
    }
    return out;
  }
}

/** NameSearch.nearBeginning over names given one by one (by index), read in place by the bit-parallel distance. */
export function namesNearBeginning(key: string, limit: number, count: number, nameAt: (i: number) => { text: string; start: number; end: number }): Array<{ index: number; d: number }> {
  const pattern = new BitPattern(key);
  const out: Array<{ index: number; d: number }> = [];
  for (let i = 0; i < count; i++) {
    const { text, start, end } = nameAt(i);
    if (end - start <= key.length) continue;
    const d = pattern.prefixDistance(text, start, end, limit);
    if (d <= limit) out.push({ index: i, d });
  }
  return out;
}

/** The first index whose value is not below `value`. */
function lowerBound<T>(items: readonly T[], value: string, of: (t: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (of(items[mid]) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const indexes = new WeakMap<object, NameSearch>();

/** The name search of a provider, its own or built on its first search, kept as long as the provider. */
export function nameIndexOf(provider: CardProvider): NameSearch {
  let index = indexes.get(provider);
  if (!index) indexes.set(provider, (index = provider.nameSearch?.() ?? new NameIndex(provider.names())));
  return index;
}
