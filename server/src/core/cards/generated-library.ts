// The generated library as the lowest CardProvider (below the curated library, the workspace and the
// file): every released card, by its English, Japanese or Portuguese name. Core does no I/O: the host
// hands it a loader (host/generated-cards.ts reads the files shipped beside the bundles), called on the
// first lookup that reaches this layer. Nothing is decoded then: a lookup binary-searches the name index
// (generated-index.ts), reads one record and builds its card (its `.segoc` text through the one card
// builder, generated-text.ts), remembered for the process; completion and "did you mean" search the
// sorted name keys in place (generated-names.ts).
import { parse } from '../syntax/parser';
import { factsFromSegoc } from './from-segoc';
import { makeCard } from './facts';
import { normalizeNameOnce } from './names';
import { CardName, CardProvider } from './provider';
import { CardInfo } from './types';
import { GeneratedRecord, readRecord, generatedCardText, assumedFacts } from './generated-text';
import { linesForKey } from './generated-index';
import { encodeNameKeys, GeneratedNames, lineStarts, NameLanguage } from './generated-names';

/** The library's files as text (server/cards/generated/, shipped as dist/cards/). */
export interface GeneratedLibraryData {
  /** cards.tsv: one record a line. */
  cards: string;
  /** names-ja.txt: the Japanese name of each record, line for line. */
  japanese: string;
  /** index.txt: the hashed name index (generated-index.ts). */
  index: string;
  /** The sources' commits and dates (`yaml-yugi 3469970 (2026-08-22), CardScripts 5de4a50 (...)`). */
  sources: string;
  /** names.txt: every name's key, sorted (generated-names.ts); derived from the records when absent. */
  names?: string;
}

/** Where a record's facts come from, by its effect source (`s` script, `n` Normal Monster, `-` none). */
const SOURCE: Record<string, string> = {
  s: 'yaml-yugi + ProjectIgnis CardScripts',
  n: 'yaml-yugi (a Normal Monster: no script needed)',
  '-': 'yaml-yugi (no script found: its effects are not known)',
};

export class GeneratedLibrary implements CardProvider {
  readonly label = 'generated library';
  /** The files, once loaded (null: the loader had none). */
  private data?: GeneratedLibraryData | null;
  /** Where each record starts in `cards` and each Japanese name in `japanese` (one more: the end). */
  private recordStarts?: Int32Array;
  private japaneseStarts?: Int32Array;
  private readonly built = new Map<number, CardInfo | null>();
  private search?: GeneratedNames;
  private allNames?: CardName[];

  /** `load` is called once, on the first lookup or search; undefined: no library (nothing is found). */
  constructor(private readonly load: () => GeneratedLibraryData | undefined) {}

  private files(): GeneratedLibraryData | null {
    if (this.data === undefined) {
      const data = this.load();
      this.data = data && data.cards ? data : null;
      if (this.data) {
        this.recordStarts = lineStarts(this.data.cards);
        this.japaneseStarts = lineStarts(this.data.japanese);
      }
    }
    return this.data;
  }

  /** The number of records (loads the library). */
  get size(): number {
    return this.files() ? this.recordStarts!.length - 1 : 0;
  }

  private line(text: string, starts: Int32Array, i: number): string | undefined {
    return i >= 0 && i < starts.length - 1 ? text.slice(starts[i], starts[i + 1] - 1) : undefined;
  }

  record(line: number): GeneratedRecord | undefined {
    const data = this.files();
    const text = data ? this.line(data.cards, this.recordStarts!, line) : undefined;
    return text === undefined ? undefined : readRecord(text, this.line(data!.japanese, this.japaneseStarts!, line) ?? '');
  }

  /** One name of a record as written, without reading the rest of it. */
  private nameAt(line: number, lang: NameLanguage): string {
    const data = this.files()!;
    if (lang === 'j') return this.line(data.japanese, this.japaneseStarts!, line) ?? '';
    // The record's second and third fields: the English and Portuguese names.
    const start = this.recordStarts![line];
    const tab1 = data.cards.indexOf('\t', start);
    const tab2 = data.cards.indexOf('\t', tab1 + 1);
    return lang === 'e' ? data.cards.slice(tab1 + 1, tab2) : data.cards.slice(tab2 + 1, data.cards.indexOf('\t', tab2 + 1));
  }

  get(key: string): CardInfo | undefined {
    const data = this.files();
    if (!data?.index) return undefined;
    for (const line of linesForKey(data.index, key)) {
      const r = this.record(line);
      if (!r) continue;
      if (normalizeNameOnce(r.name) === key || normalizeNameOnce(r.japanese) === key || normalizeNameOnce(r.portuguese) === key) return this.card(line);
    }
    return undefined;
  }

  /** The engine's card of one record (built once). */
  card(line: number): CardInfo | undefined {
    const known = this.built.get(line);
    if (known !== undefined) return known ?? undefined;
    const r = this.record(line);
    let card: CardInfo | null = null;
    const def = r && parse(generatedCardText(r)).file.cards[0];
    if (r && def) {
      const facts = factsFromSegoc(def).facts;
      // What the record leaves open holds for the whole card: each effect carries it, so every link
      // that uses one says what was assumed (hovers, explain).
      const assumed = assumedFacts(r);
      if (assumed.length) for (const e of facts.effects) e.assumed = [...(e.assumed ?? []), ...assumed];
      card = makeCard(facts, {
        kind: 'generated',
        uri: `generated/${r.passcode || r.name}`,
        range: def.name.range,
        passcode: r.passcode ? Number(r.passcode) : undefined,
        source: SOURCE[r.effectSource] ?? SOURCE['-'],
        commit: this.data?.sources || undefined,
      });
    }
    this.built.set(line, card);
    return card ?? undefined;
  }

  /** Completion and "did you mean" over every name, without a CardName per name (generated-names.ts). */
  nameSearch(): GeneratedNames {
    if (!this.search) {
      const data = this.files();
      let keys = data?.names ?? '';
      if (data && !keys) {
        // A library without its derived key file (the source tree, in tests): derived once here.
        const names: Array<[string, string, string]> = [];
        for (let line = 0; line < this.size; line++) names.push([this.nameAt(line, 'e'), this.nameAt(line, 'j'), this.nameAt(line, 'p')]);
        keys = encodeNameKeys(names);
      }
      this.search = new GeneratedNames(keys, (line, lang) => this.nameAt(line, lang));
    }
    return this.search;
  }

  /** English, Japanese and Portuguese names of every record (42,000 objects: searches use nameSearch). */
  names(): readonly CardName[] {
    return (this.allNames ??= this.nameSearch().all());
  }
}

let installed: GeneratedLibrary | undefined;

/**
 * The generated library the default providers include: the one the host installed (the CLI and the
 * server install the shipped one: host/generated-cards.ts), or none.
 */
export function generatedLibrary(): GeneratedLibrary | undefined {
  return installed;
}

/** Installs the generated library of this process (undefined: none). */
export function setGeneratedLibrary(library: GeneratedLibrary | undefined): void {
  installed = library;
}
