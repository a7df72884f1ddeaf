// The seam through which the engine reads cards: a CardProvider answers by normalised name or alias
// and lists its names, so that a source of many cards (the generated library: about 14,000) builds a
// card only when it is asked for, and completion and "did you mean" search its names without building
// any card. Providers are layered by a CardIndex (index.ts): the file > imports > page > workspace >
// curated library > generated library.
import { CardInfo } from './types';

/** One name a provider answers to (a card's name or an alias), without building the card. */
export interface CardName {
  /** The name as written (shown in completion and "did you mean"). */
  name: string;
  /** normalizeName(name): what `get` takes. */
  key: string;
  /** The key of the card's own (English) name: several names, one card. */
  cardKey: string;
  /**
   * The card's type (`effect monster`), when the provider knows it without building the card (the
   * generated library, for completion: a list of 300 names would otherwise build 300 cards).
   */
  cardType?: string;
}

export interface CardProvider {
  /** What this layer is, for hovers and docs: `curated library`, `generated library`, ... */
  readonly label: string;
  /** The card under a normalised name or alias (see normalizeName); built on first ask. */
  get(key: string): CardInfo | undefined;
  /**
   * Every name and alias, cheap (no card built). Called once per provider object and indexed
   * (name-index.ts): return the same array every time.
   */
  names(): readonly CardName[];
  /**
   * A search over the names that needs no CardName per name (a provider of tens of thousands of names:
   * the generated library). Without it, completion and "did you mean" index names() (NameIndex).
   */
  nameSearch?(): NameSearch;
}

/**
 * What completion and "did you mean" ask of a provider's names. NameIndex answers for any provider from
 * its names(); a provider of many names answers itself (CardProvider.nameSearch: the generated library).
 */
export interface NameSearch {
  complete(query: string, max: number): CardName[];
  nameOf(cardKey: string): string;
  near(key: string, limit: number, distance: (a: string, b: string, limit: number) => number): Array<{ name: CardName; d: number }>;
  /** Names whose beginning is within `limit` edits of `key` (what was typed is the start of the name, misspelt). */
  nearBeginning(key: string, limit: number): Array<{ name: CardName; d: number }>;
}
