// The card index: every card a document can name, by normalised name and alias. Layers, from
// lowest to highest precedence: the shipped library, the workspace, `use` imports, the file.
import { Diagnostic } from '../diagnostics';
import { CardDef } from '../syntax/ast';
import { parse } from '../syntax/parser';
import { buildCard } from './from-segoc';
import { normalizeName } from './names';
import { CardInfo, CardOrigin } from './types';
import { withTextEffects } from './text-effects';
import { LIBRARY_FILES } from '../library/generated';
import { generatedLibrary, NameList } from './generated-library';

export interface CardSource {
  /** Where the definitions come from (a URI or a library path). */
  uri: string;
  kind: CardOrigin['kind'];
  defs: CardDef[];
}

/** What a layer must offer: a Map of one source, a view of the merged workspace, or the generated library. */
export interface CardLayer {
  get(key: string): CardInfo | undefined;
  /** The cards the layer lists in full (the generated library lists none: see names). */
  entries(): IterableIterator<[string, CardInfo]>;
  /** A large layer's names, for "did you mean" and completion, without building its cards. */
  names?(): NameList;
}

export class CardIndex {
  private allCards?: CardInfo[];

  /** Layers from lowest to highest precedence; a lookup asks the highest first (no copying). */
  constructor(private readonly layers: ReadonlyArray<CardLayer>) {}

  /** Keeps the object layout alive between analyses (see LineLexer.keepLayout and the engine's layoutKeeper). */
  static readonly keepLayout = new CardIndex([]);

  /** Answers by name as written (a scenario names the same cards again and again); null: not found. */
  private readonly found = new Map<string, CardInfo | null>();

  get(name: string): CardInfo | undefined {
    const known = this.found.get(name);
    if (known !== undefined) return known ?? undefined;
    const key = normalizeName(name);
    let card: CardInfo | null = null;
    for (let i = this.layers.length - 1; i >= 0 && !card; i--) card = this.layers[i].get(key) ?? null;
    if (this.found.size >= 5000) this.found.clear(); // the library's index lives as long as the process
    this.found.set(name, card);
    return card ?? undefined;
  }

  all(): CardInfo[] {
    if (!this.allCards) {
      const byKey = new Map<string, CardInfo>();
      for (const layer of this.layers) for (const [k, v] of layer.entries()) byKey.set(k, v);
      this.allCards = [...new Set(byKey.values())];
    }
    return this.allCards;
  }

  /** Names close to `name`, best first, for "did you mean". */
  suggest(name: string, max = 3): string[] {
    const key = normalizeName(name);
    // Each layer's close cards are remembered per layer (the library's for the whole process: a typo is
    // often repeated, and the library is by far the largest layer); a card hidden by a higher layer's
    // card of the same key is not suggested.
    const scored: Scored[] = [];
    for (let i = this.layers.length - 1; i >= 0; i--) {
      for (const s of layerScores(this.layers[i], key)) {
        let hidden = false;
        for (let j = i + 1; j < this.layers.length && !hidden; j++) hidden = this.layers[j].get(s.card.key) !== undefined;
        if (!hidden && !scored.some((x) => x.card.key === s.card.key)) scored.push(s);
      }
    }
    scored.sort((a, b) => a.d - b.d || a.card.name.localeCompare(b.card.name));
    return scored.slice(0, max).map((s) => s.card.name);
  }

  /**
   * Names of the large layers (the generated library) that match what is typed, best first: names that
   * start with it, then names with a word that starts with it, then names that contain it. Up to `max`.
   * The smaller layers are listed in full by all().
   */
  namesMatching(typed: string, max = 50): Array<{ name: string; card: () => CardInfo | undefined }> {
    const key = normalizeName(typed);
    if (key.length < 2) return [];
    const tiers: Array<Array<{ name: string; card: () => CardInfo | undefined }>> = [[], [], []];
    for (const layer of this.layers) {
      const list = layer.names?.();
      if (!list) continue;
      const keys = list.keys();
      for (let i = 0; i < keys.length && tiers[0].length < max; i++) {
        const k = keys[i];
        const at = k.indexOf(key);
        if (at < 0) continue;
        const tier = at === 0 ? 0 : k.charCodeAt(at - 1) === 32 ? 1 : 2;
        if (tiers[tier].length >= max) continue;
        const line = list.lines[i];
        tiers[tier].push({ name: list.names[i], card: () => list.card(line) });
      }
    }
    return tiers.flat().slice(0, max);
  }

  /** A new index with one more layer on top. */
  with(layer: CardLayer): CardIndex {
    return new CardIndex([...this.layers, layer]);
  }
}

/** Every definition of each key, in source order (the last one wins). */
type Merged = Map<string, CardInfo[]>;
const mergedLayers = new WeakMap<readonly CardSource[], Merged>();

/**
 * One layer for many sources (the workspace: one source per file), built once per array: every
 * document of a workspace shares it, so checking n files costs n, not n². The document's own
 * source is skipped (its current text is the file layer; the workspace may hold an older copy).
 */
export function mergedLayer(sources: readonly CardSource[], excludeUri?: string): CardLayer {
  let merged = mergedLayers.get(sources);
  if (!merged) {
    merged = new Map();
    for (const source of sources) {
      for (const [k, v] of buildLayer(source)) {
        const list = merged.get(k);
        if (list) list.push(v);
        else merged.set(k, [v]);
      }
    }
    mergedLayers.set(sources, merged);
  }
  return new WorkspaceView(merged, excludeUri);
}

/** The merged workspace as one document sees it: the latest definition of each key outside the document. */
class WorkspaceView implements CardLayer {
  constructor(
    readonly merged: Merged,
    private readonly excludeUri: string | undefined,
  ) {}

  /** Keeps the object layout alive between analyses (see LineLexer.keepLayout). */
  static readonly keepLayout = new WorkspaceView(new Map(), undefined);

  private pick(list: CardInfo[]): CardInfo | undefined {
    for (let i = list.length - 1; i >= 0; i--) if (list[i].origin.uri !== this.excludeUri) return list[i];
    return undefined;
  }

  get(key: string): CardInfo | undefined {
    const list = this.merged.get(key);
    return list ? this.pick(list) : undefined;
  }

  *entries(): IterableIterator<[string, CardInfo]> {
    for (const [k, list] of this.merged) {
      const c = this.pick(list);
      if (c) yield [k, c];
    }
  }

  /** Whether this view shows `card` under its name or one of its aliases. */
  shows(card: CardInfo): boolean {
    if (this.get(card.key) === card) return true;
    for (const alias of card.aliases) if (this.get(normalizeName(alias)) === card) return true;
    return false;
  }
}

/** Builds the card layer of one set of definitions. Later definitions win over earlier ones. */
export function buildLayer(source: CardSource, diagnostics?: Diagnostic[]): Map<string, CardInfo> {
  const layer = new Map<string, CardInfo>();
  for (const def of source.defs) {
    const fromText: Diagnostic[] = [];
    const { card, diagnostics: ds } = buildCard(withTextEffects(def, fromText), { kind: source.kind, uri: source.uri, range: def.name.range });
    ds.push(...fromText);
    if (diagnostics) diagnostics.push(...ds);
    if (diagnostics && source.kind === 'file' && layer.has(card.key) && layer.get(card.key)!.name === card.name) {
      diagnostics.push({
        code: 'duplicate-card',
        severity: 'warning',
        message: `"${card.name}" is defined twice in this file; the later definition is used`,
        range: def.name.range,
      });
    }
    layer.set(card.key, card);
    for (const alias of card.aliases) layer.set(normalizeName(alias), card);
  }
  return layer;
}

let libraryIndex: CardIndex | undefined;
let libraryDiagnostics: Array<Diagnostic & { path: string }> = [];

/** The shipped card library, parsed once per process and cached. */
export function libraryCards(): CardIndex {
  if (!libraryIndex) {
    const layer = new Map<string, CardInfo>();
    libraryDiagnostics = [];
    for (const f of LIBRARY_FILES) {
      const { file, diagnostics } = parse(f.text);
      const ds: Diagnostic[] = [...diagnostics];
      for (const [k, v] of buildLayer({ uri: f.path, kind: 'library', defs: file.cards }, ds)) layer.set(k, v);
      libraryDiagnostics.push(...ds.map((d) => ({ ...d, path: f.path })));
    }
    // The generated library is the lowest layer: a curated definition overrides it.
    libraryIndex = new CardIndex([generatedLibrary(), layer]);
  }
  return libraryIndex;
}

/** Problems found in the shipped library itself (a test keeps this empty). */
export function libraryProblems(): Array<Diagnostic & { path: string }> {
  libraryCards();
  return libraryDiagnostics;
}

/** The text of a library file, for read-only "go to definition". */
export function libraryFileText(path: string): string | undefined {
  return LIBRARY_FILES.find((f) => f.path === path)?.text;
}

/** A card close to a looked-up key, with its edit distance (0-1 when one name contains the other). */
interface Scored {
  card: CardInfo;
  d: number;
}

const scoresByLayer = new WeakMap<CardLayer, Map<string, Scored[]>>();

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
 * The cards of one layer close to `key`, unsorted. Remembered per layer object; for the workspace, the
 * distances are remembered per merged map (shared by every document's view, see workspaceScores).
 */
function layerScores(layer: CardLayer, key: string): Scored[] {
  if (layer instanceof WorkspaceView) return workspaceScores(layer, key);
  if (layer.names) return nameListScores(layer, layer.names(), key);
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
    const s = scoreOf(card, key, d, limit);
    if (s) scores.push(s);
  }
  return remember(byKey, key, scores);
}

/**
 * A card's "did you mean" score for a looked-up key, from the distance of its closest name: kept within
 * the limit, or (for keys of 4 or more) when one key contains the other, which then counts as 1 at most.
 */
function scoreOf(card: CardInfo, key: string, d: number, limit: number): Scored | undefined {
  const contains = card.key.includes(key) || key.includes(card.key);
  return d <= limit || (contains && key.length >= 4) ? { card, d: contains ? Math.min(d, 1) : d } : undefined;
}

/** The cards of a large layer close to `key`: distances over its names, a card built only when close. */
function nameListScores(layer: CardLayer, list: NameList, key: string): Scored[] {
  let byKey = scoresByLayer.get(layer);
  if (!byKey) scoresByLayer.set(layer, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const limit = limitFor(key);
  const keys = list.keys();
  const signatures = signaturesOf(list);
  const mine = signature(key);
  const best = new Map<number, number>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    let d = limit + 1;
    // Levenshtein distance d changes the length by d and the letter counts by 2d at most: most names are
    // ruled out by these two (this runs over 40,000 names for each name not found).
    if (Math.abs(k.length - key.length) <= limit && countsWithin(signatures, i, mine, 2 * limit)) d = distance(key, k, limit);
    // Here only a name that contains what was typed counts as close (a short name such as "Ante" is inside many keys).
    if (d > limit && key.length >= 4 && k.includes(key)) d = 1;
    if (d > limit) continue;
    const line = list.lines[i];
    best.set(line, Math.min(best.get(line) ?? d, d));
  }
  // The closest few only (a short key can be inside hundreds of names): each is built to be shown.
  const near = [...best].sort((a, b) => a[1] - b[1]).slice(0, 8);
  const scores: Scored[] = [];
  for (const [line, d] of near) {
    const card = list.card(line);
    if (card) scores.push({ card, d });
  }
  return remember(byKey, key, scores);
}

/** Letter counts of a key in 32 buckets (a lower bound of the edit distance: see nameListScores). */
function signature(key: string, out: Uint8Array = new Uint8Array(32), at = 0): Uint8Array {
  for (let i = 0; i < key.length; i++) {
    const b = at + (key.charCodeAt(i) & 31);
    if (out[b] < 255) out[b]++;
  }
  return out;
}

const signatureCache = new WeakMap<NameList, Uint8Array>();

function signaturesOf(list: NameList): Uint8Array {
  let all = signatureCache.get(list);
  if (!all) {
    const keys = list.keys();
    all = new Uint8Array(keys.length * 32);
    for (let i = 0; i < keys.length; i++) signature(keys[i], all, i * 32);
    signatureCache.set(list, all);
  }
  return all;
}

function countsWithin(all: Uint8Array, i: number, mine: Uint8Array, max: number): boolean {
  let sum = 0;
  for (let b = 0, at = i * 32; b < 32; b++, at++) {
    sum += Math.abs(all[at] - mine[b]);
    if (sum > max) return false;
  }
  return true;
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
      const s = scoreOf(card, key, d, limit);
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
