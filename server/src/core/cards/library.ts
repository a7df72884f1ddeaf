// The curated card library (server/cards/*.segoc, embedded at build time) as a CardProvider, and the
// default library layers an analysis reads when its caller passes none. The library is parsed on its
// first lookup (93 cards: a few milliseconds), not when the module loads.
import { Diagnostic } from '../diagnostics';
import { CURATED_KONAMI_IDS, LIBRARY_FILES } from '../library/generated';
import { parse } from '../syntax/parser';
import { buildLayer } from './layers';
import { CardName, CardProvider } from './provider';
import { CardInfo } from './types';
import { normalizeName } from './names';
import { generatedLibrary } from './generated-library';
import { withCorrections } from './corrections';

class CuratedLibrary implements CardProvider {
  readonly label = 'curated library';
  private cards?: Map<string, CardInfo>;
  private cardNames?: CardName[];
  /** Problems found in the library's own definitions (a test keeps this empty). */
  problems: Array<Diagnostic & { path: string }> = [];

  private built(): Map<string, CardInfo> {
    if (!this.cards) {
      this.cards = new Map();
      for (const f of LIBRARY_FILES) {
        const { file, diagnostics } = parse(f.text);
        const ds: Diagnostic[] = [...diagnostics];
        // A card's rulings (corrections.ts) are applied once per card, then shared by its name and aliases.
        const corrected = new Map<CardInfo, CardInfo>();
        for (const [k, v] of buildLayer({ uri: f.path, kind: 'library', defs: file.cards }, ds)) {
          if (!corrected.has(v)) {
            const konamiId = CURATED_KONAMI_IDS[v.name];
            corrected.set(v, withCorrections(konamiId ? { ...v, origin: { ...v.origin, konamiId } } : v));
          }
          this.cards.set(k, corrected.get(v)!);
        }
        this.problems.push(...ds.map((d) => ({ ...d, path: f.path })));
      }
    }
    return this.cards;
  }

  get(key: string): CardInfo | undefined {
    const card = this.built().get(key);
    if (!card || card.archetypes !== undefined) return card;
    // A curated card states no archetypes: the generated library's list for the same card (one card, whatever layer
    // found it), taken per installed library (none installed: not known, as the card says).
    const generated = generatedLibrary();
    if (this.archetypesFrom !== generated) this.withArchetypes = new Map();
    this.archetypesFrom = generated;
    let out = this.withArchetypes.get(card);
    if (!out) {
      const list = generated?.get(card.key)?.archetypes;
      out = list ? { ...card, archetypes: list } : card;
      this.withArchetypes.set(card, out);
    }
    return out;
  }
  private withArchetypes = new Map<CardInfo, CardInfo>();
  private archetypesFrom: CardProvider | undefined;

  names(): readonly CardName[] {
    if (!this.cardNames) {
      this.cardNames = [];
      for (const [key, card] of this.built()) this.cardNames.push({ name: key === card.key ? card.name : (card.aliases.find((a) => normalizeName(a) === key) ?? card.name), key, cardKey: card.key });
    }
    return this.cardNames;
  }
}

let curated: CuratedLibrary | undefined;

/** The curated library, one per process. */
export function curatedLibrary(): CardProvider & { problems: Array<Diagnostic & { path: string }> } {
  return (curated ??= new CuratedLibrary());
}

/**
 * The library layers of an analysis whose caller passes none, highest precedence first: the curated
 * library, then (when the host installed one) the generated library below it. The same array while
 * the installed library is the same (analyses cache their index by it).
 */
export function defaultProviders(): readonly CardProvider[] {
  const generated = generatedLibrary();
  if (!defaults || defaults.generated !== generated) defaults = { generated, providers: generated ? [curatedLibrary(), generated] : [curatedLibrary()] };
  return defaults.providers;
}
let defaults: { generated: CardProvider | undefined; providers: readonly CardProvider[] } | undefined;

/** The text of a library file, for read-only "go to definition". */
export function libraryFileText(path: string): string | undefined {
  return LIBRARY_FILES.find((f) => f.path === path)?.text;
}
