// The card layers a document brings itself: the definitions of one source (the file, an import, a
// page block) and the merged workspace. Library layers are CardProviders (library.ts).
import { Diagnostic } from '../diagnostics';
import { CardDef } from '../syntax/ast';
import { buildDefinedCard } from './text-effects';
import { normalizeName } from './names';
import { CardInfo, CardOrigin } from './types';
import { keepLayoutOf } from '../layout';
import { quoteName } from '../syntax/quote';

export interface CardSource {
  /** Where the definitions come from (a URI or a library path). */
  uri: string;
  kind: CardOrigin['kind'];
  defs: CardDef[];
}

/** What a layer must offer: a Map of one source, or a view of the merged workspace. */
export interface CardLayer {
  get(key: string): CardInfo | undefined;
  entries(): IterableIterator<[string, CardInfo]>;
}

/** Every definition of each key, in source order (the last one wins). */
export type Merged = Map<string, CardInfo[]>;
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
export class WorkspaceView implements CardLayer {
  constructor(
    readonly merged: Merged,
    private readonly excludeUri: string | undefined,
  ) {}

  /** Keeps the object layout alive between analyses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new WorkspaceView(new Map(), undefined));

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
    const { card, diagnostics: ds } = buildDefinedCard(def, { kind: source.kind, uri: source.uri, range: def.name.range }, fromText);
    ds.push(...fromText);
    if (diagnostics) diagnostics.push(...ds);
    if (diagnostics && source.kind === 'file' && layer.has(card.key) && layer.get(card.key)!.name === card.name) {
      diagnostics.push({
        code: 'duplicate-card',
        severity: 'warning',
        message: `${quoteName(card.name)} is defined twice in this file; the later definition is used`,
        range: def.name.range,
      });
    }
    layer.set(card.key, card);
    for (const alias of card.aliases) layer.set(normalizeName(alias), card);
  }
  return layer;
}

