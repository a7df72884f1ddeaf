// The generated library's name index: for every name of every card (English, Japanese, Portuguese),
// the 32-bit hash of its normalised form and the card's line number, sorted by hash, 8 characters per
// entry. A lookup is a binary search in the string itself: nothing is decoded or built at start.
// The generator writes it (scripts/cards/name-index.js) with these same functions.
import { normalizeName } from './model';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** FNV-1a over the UTF-16 code units of a normalised name. */
export function nameHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The index of names (one list per card: its names), each name normalised here. */
export function encodeNameIndex(namesPerCard: ReadonlyArray<ReadonlyArray<string>>): string {
  const entries: number[] = [];
  namesPerCard.forEach((names, line) => {
    const keys = new Set(names.filter(Boolean).map(normalizeName).filter(Boolean));
    for (const key of keys) entries.push(nameHash(key) * 65536 + line);
  });
  entries.sort((a, b) => a - b);
  let out = '';
  for (let v of entries) {
    let chunk = '';
    for (let i = 0; i < 8; i++) {
      chunk = DIGITS[v % 64] + chunk;
      v = Math.floor(v / 64);
    }
    out += chunk;
  }
  return out;
}

function entryAt(index: string, i: number): number {
  let v = 0;
  for (let k = i * 8; k < i * 8 + 8; k++) v = v * 64 + VALUE[index.charCodeAt(k)];
  return v;
}

/** The line numbers of the cards one of whose names may normalise to `key` (hash matches: check the names). */
export function linesForKey(index: string, key: string): number[] {
  const h = nameHash(key);
  let lo = 0;
  let hi = Math.floor(index.length / 8);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Math.floor(entryAt(index, mid) / 65536) < h) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < index.length / 8; i++) {
    const v = entryAt(index, i);
    if (Math.floor(v / 65536) !== h) break;
    out.push(v % 65536);
  }
  return out;
}
