// The card index: every card a document can name, by normalised name and alias, over layers from
// lowest to highest precedence: the library providers (generated < curated), the workspace, page
// blocks, `use` imports, the file. Lookups ask the highest layer first; "did you mean" and completion
// search every layer, a provider through its name index (no card built but the ones named).
import { CardLayer, Merged, WorkspaceView } from './layers';
import { nameIndexOf } from './name-index';
import { normalizeName } from './names';
import { CardName, CardProvider } from './provider';
import { CardInfo } from './types';
import { curatedLibrary, defaultProviders } from './library';
import { keepLayoutOf } from '../layout';

export { buildLayer, mergedLayer } from './layers';
export type { CardLayer, CardSource } from './layers';
export { curatedLibrary, defaultProviders, libraryFileText } from './library';
export type { CardName, CardProvider } from './provider';

/** A layer of the index: a document's own definitions (small) or a library provider (maybe large). */
type Layer = CardLayer | CardProvider;

function isProvider(layer: Layer): layer is CardProvider {
  return typeof (layer as CardProvider).names === 'function';
}

/** The names of a small layer that complete `key` (a prefix of the name or of a later word). */
function smallLayerNames(layer: CardLayer, key: string): CardName[] {
  const out: CardName[] = [];
  for (const [k, card] of layer.entries()) {
    if (k.startsWith(key) || k.includes(` ${key}`)) out.push({ name: k === card.key ? card.name : (card.aliases.find((a) => normalizeName(a) === k) ?? card.name), key: k, cardKey: card.key });
  }
  return out.sort((a, b) => Number(!a.key.startsWith(key)) - Number(!b.key.startsWith(key)) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export class CardIndex {
  /** Layers from lowest to highest precedence; a lookup asks the highest first (no copying). */
  constructor(private readonly layers: ReadonlyArray<Layer>) {}

  /** Keeps the object layout alive between analyses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new CardIndex([]));

  /** Answers by name as written (a scenario names the same cards again and again); null: not found. */
  private readonly found = new Map<string, CardInfo | null>();

  get(name: string): CardInfo | undefined {
    const known = this.found.get(name);
    if (known !== undefined) return known ?? undefined;
    const key = normalizeName(name);
    let card: CardInfo | null = null;
    for (let i = this.layers.length - 1; i >= 0 && !card; i--) {
      card = this.layers[i].get(key) ?? null;
      // A card is one card whatever name found it: a layer that found it by another name (Japanese,
      // Portuguese) gives way to a higher layer that knows the card by its own name, so the curated facts
      // (or the writer's definition) win for every name of the card, and a verdict never changes with the
      // language of the name.
      if (card && card.key !== key) card = this.higherByName(card.key, i) ?? card;
    }
    if (this.found.size >= 5000) this.found.clear(); // the library's index lives as long as the process
    this.found.set(name, card);
    return card ?? undefined;
  }

  /** The card a layer above `below` defines under `key`, the highest first. */
  private higherByName(key: string, below: number): CardInfo | undefined {
    for (let j = this.layers.length - 1; j > below; j--) {
      const card = this.layers[j].get(key);
      if (card) return card;
    }
    return undefined;
  }

  /**
   * Names for completion, best first, at most `max`: names of every layer that start with the
   * normalised `query` (then names with a later word that does), name and aliases alike; a name a
   * higher layer defines hides the lower layers' card of that name. No card is built.
   */
  complete(query: string, max: number): CardName[] {
    const key = normalizeName(query);
    const out: CardName[] = [];
    const seen = new Set<string>();
    for (let i = this.layers.length - 1; i >= 0 && out.length < max; i--) {
      const layer = this.layers[i];
      const candidates = isProvider(layer) ? nameIndexOf(layer).complete(key, max) : smallLayerNames(layer, key);
      for (const n of candidates) {
        if (out.length >= max) break;
        if (seen.has(n.key)) continue;
        let hidden = false;
        for (let j = i + 1; j < this.layers.length && !hidden; j++) hidden = this.layers[j].get(n.key) !== undefined;
        seen.add(n.key);
        if (!hidden) out.push(n);
      }
    }
    return out;
  }

  /**
   * The closest names to `name`, for "did you mean" (at most `max`, in code-unit order). The layers are
   * asked from the highest (the file's own cards, imports, page, workspace, the curated library, last the
   * generated one), and a lower layer's names are offered only when they are closer than every name above:
   * the reader's own and the curated cards come first, and the generated library's 42,000 names are
   * searched only within fewer edits than the best found above (not at all after a name one edit away).
   * A name farther than the closest is noise to a reader ("Sanan": "Sangan", not also "Nanana" and "Saiam!").
   */
  suggest(name: string, max = 3): string[] {
    const key = normalizeName(name);
    // Each layer's close cards are remembered per layer (the library's for the whole process: a typo is
    // often repeated, and the library is by far the largest layer); a card hidden by a higher layer's
    // card of the same key is not suggested.
    let closest: Scored[] = [];
    let reach = limitFor(key);
    for (let i = this.layers.length - 1; i >= 0 && reach >= 1; i--) {
      let layerClosest: Scored[] = [];
      for (const s of layerScores(this.layers[i], key, reach)) {
        if (s.d > reach || (layerClosest.length && s.d > layerClosest[0].d)) continue;
        let hidden = false;
        for (let j = i + 1; j < this.layers.length && !hidden; j++) hidden = this.layers[j].get(s.key) !== undefined;
        if (hidden) continue;
        if (layerClosest.length && s.d < layerClosest[0].d) layerClosest = [];
        layerClosest.push(s);
      }
      if (layerClosest.length) {
        closest = layerClosest;
        reach = layerClosest[0].d - 1;
      }
    }
    // Nothing close to the whole text: what was typed may be the start of a name, misspelt ("Ash Blosom").
    if (!closest.length) closest = this.beginningScores(key);
    // In code-unit order: a locale's order (localeCompare or an Intl.Collator) loads the collation data in
    // each process, about 20 ms of a first `segoc check` in a CPU profile, and tied names need only a
    // stable order.
    closest.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return closest.slice(0, max).map((s) => s.name);
  }

  /**
   * The library cards whose name begins with what was typed, within an edit or two (keys of 6 characters or
   * more; 2 edits from 10), scored one more than those edits (an exact beginning counts as one, as containment
   * does). Only the libraries (providers): the last resort of "did you mean", one pass over their names.
   */
  private beginningScores(key: string): Scored[] {
    if (key.length < 6) return [];
    const limit = key.length >= 10 ? 2 : 1;
    let closest: Scored[] = [];
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i];
      if (!isProvider(layer)) continue;
      const index = nameIndexOf(layer);
      for (const { name, d } of index.nearBeginning(key, limit)) {
        let hidden = false;
        for (let j = i + 1; j < this.layers.length && !hidden; j++) hidden = this.layers[j].get(name.cardKey) !== undefined;
        if (hidden || (closest.length && d + 1 > closest[0].d) || closest.some((s) => s.key === name.cardKey)) continue;
        if (closest.length && d + 1 < closest[0].d) closest = [];
        closest.push({ key: name.cardKey, name: index.nameOf(name.cardKey), d: d + 1 });
      }
    }
    return closest;
  }

  /** A new index with one more layer on top. */
  with(layer: Layer): CardIndex {
    return new CardIndex([...this.layers, layer]);
  }
}

/** The library layers as an index (the default providers): what a document without definitions can name. */
export function libraryCards(providers: readonly CardProvider[] = defaultProviders()): CardIndex {
  let index = libraryIndexes.get(providers);
  if (!index) libraryIndexes.set(providers, (index = new CardIndex([...providers].reverse())));
  return index;
}
const libraryIndexes = new WeakMap<readonly CardProvider[], CardIndex>();

/** Problems found in the curated library itself (a test keeps this empty). */
export function libraryProblems(): ReadonlyArray<import('../diagnostics').Diagnostic & { path: string }> {
  const library = curatedLibrary();
  library.get('');
  return library.problems;
}

/** A card close to a looked-up key, with its edit distance (0-1 when one name contains the other). */
interface Scored {
  /** The card's key and name (no card is built to score it). */
  key: string;
  name: string;
  d: number;
}

const scoresByLayer = new WeakMap<Layer, Map<string, Scored[]>>();

/** The edit-distance limit for a looked-up key: about a third of its length, at least 2. */
function limitFor(key: string): number {
  return Math.max(2, Math.floor(Math.max(key.length, 4) / 3));
}

/** A typo cache bounded for a long session. */
function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= 2000) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * The cards of one layer close to `key`, unsorted: every one within the key's limit, or (a provider,
 * whose names are many) within `reach` edits, fewer than the closest name found above it. Remembered
 * per layer object; for the workspace, the distances are remembered per merged map (shared by every
 * document's view, see workspaceScores).
 */
function layerScores(layer: Layer, key: string, reach: number): Scored[] {
  if (layer instanceof WorkspaceView) return workspaceScores(layer, key);
  if (isProvider(layer)) return providerScores(layer, key, reach);
  let byKey = scoresByLayer.get(layer);
  if (!byKey) scoresByLayer.set(layer, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const scores: Scored[] = [];
  const limit = limitFor(key);
  const seen = new Set<CardInfo>();
  for (const [, card] of layer.entries()) {
    if (seen.has(card)) continue;
    seen.add(card);
    let d = distance(key, card.key, limit);
    for (const alias of card.aliases) if (d > 0) d = Math.min(d, distance(key, normalizeName(alias), limit));
    const s = scoreOf(card.key, card.name, key, d);
    if (s) scores.push(s);
  }
  return remember(byKey, key, scores);
}

/**
 * A card's "did you mean" score for a looked-up key, from the distance of its closest name: kept within
 * the limit, or (for keys of 4 or more) when one key contains the other. A name that contains what was
 * typed ("Accesscode": "Accesscode Talker") counts as 1 at most; a name inside what was typed counts its
 * distance, capped at the limit: it is offered only when no name is close to the whole text ("Sangan
 * card": "Sangan"; but "Ash Blosom & Joyus Spring" is "Ash Blossom & Joyous Spring", not "Spring").
 */
function scoreOf(cardKey: string, name: string, key: string, d: number): Scored | undefined {
  const limit = limitFor(key);
  if (d <= limit && !cardKey.includes(key)) return { key: cardKey, name, d };
  if (key.length < 4) return undefined;
  if (cardKey.includes(key)) return { key: cardKey, name, d: Math.min(d, 1) };
  return key.includes(cardKey) ? { key: cardKey, name, d: Math.min(d, limit) } : undefined;
}

/**
 * A provider's cards within `reach` edits of `key` (or containing it, or contained in it: scoreOf), from
 * its name index: no card is built (the generated library has about 14,000). Remembered per reach and key.
 */
function providerScores(provider: CardProvider, key: string, reach: number): Scored[] {
  let byKey = scoresByLayer.get(provider);
  if (!byKey) scoresByLayer.set(provider, (byKey = new Map()));
  const cacheKey = `${reach}\t${key}`;
  const known = byKey.get(cacheKey);
  if (known) return known;
  const index = nameIndexOf(provider);
  const best = new Map<string, number>();
  for (const { name, d } of index.near(key, reach, distance)) best.set(name.cardKey, Math.min(d, best.get(name.cardKey) ?? d));
  const scores: Scored[] = [];
  for (const [cardKey, d] of best) {
    const s = scoreOf(cardKey, index.nameOf(cardKey), key, d);
    if (s) scores.push(s);
  }
  return remember(byKey, cacheKey, scores);
}

/** The distance of a looked-up key to one key of the merged workspace. */
interface KeyDistance {
  key: string;
  d: number;
}

const workspaceDistances = new WeakMap<Merged, Map<string, KeyDistance[]>>();

/**
 * The workspace's cards close to `key`, as one document's view shows them: the same answer as
 * layerScores over the view (a card shown under any of its names scores the closest of its name and
 * aliases), but the distances are computed once per distinct key of the merged map (each file of a
 * big run defines the same cards again; each document has a view of its own).
 */
function workspaceScores(view: WorkspaceView, key: string): Scored[] {
  let byKey = workspaceDistances.get(view.merged);
  if (!byKey) workspaceDistances.set(view.merged, (byKey = new Map()));
  let near = byKey.get(key);
  if (!near) {
    near = [];
    // Every key within reach, and (for keys of 4 or more) every key that contains or is contained in it.
    const limit = limitFor(key);
    for (const k of view.merged.keys()) {
      const d = distance(key, k, limit);
      if (d <= limit || (key.length >= 4 && (k.includes(key) || key.includes(k)))) near.push({ key: k, d });
    }
    remember(byKey, key, near);
  }
  const limit = limitFor(key);
  const distances = new Map<string, number>();
  for (const { key: k, d } of near) distances.set(k, d);
  // A card's names (its name and aliases) are keys of the merged map; a name out of reach is not in `near`.
  const distanceOf = (name: string) => distances.get(name) ?? limit + 1;
  const seen = new Set<CardInfo>();
  const scores: Scored[] = [];
  for (const { key: k } of near) {
    // Every definition under a close name (the same card is often defined by many files: all but one are
    // hidden under that name, and only an alias of their own could show them).
    for (const card of view.merged.get(k) ?? []) {
      if (seen.has(card)) continue;
      seen.add(card);
      if (!view.shows(card)) continue;
      let d = distanceOf(card.key);
      for (const alias of card.aliases) d = Math.min(d, distanceOf(normalizeName(alias)));
      const s = scoreOf(card.key, card.name, key, d);
      if (s) scores.push(s);
    }
  }
  return scores;
}

/** One row of the edit-distance table, reused (the names compared are short). */
let row = new Int32Array(64);

/** Levenshtein distance of a and b, or a number above `limit` as soon as it must exceed it. */
function distance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (row.length <= b.length) row = new Int32Array(b.length + 1);
  const prev = row;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      const sub = diag + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      const ins = prev[j - 1] + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
      prev[j] = v;
      if (v < rowMin) rowMin = v;
      diag = tmp;
    }
    if (rowMin > limit) return limit + 1; // every later row is at least this large
  }
  return prev[b.length];
}
