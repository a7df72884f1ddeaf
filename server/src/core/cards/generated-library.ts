// The generated library as the lowest CardProvider (below the curated library, the workspace and the
// file): every released card, by its English, Japanese or Portuguese name. Core does no I/O: the host
// hands it a loader (host/generated-cards.ts reads the files shipped beside the bundles), called on the
// first lookup that reaches this layer. Nothing is decoded then: a lookup binary-searches the name index
// (generated-index.ts), reads one record and builds its card (the record read into CardFacts,
// generated-record.ts), remembered for the process; completion and "did you mean" search the
// sorted name keys in place (generated-names.ts).
import { normalizeNameOnce } from './names';
import { CardName, CardProvider } from './provider';
import { CardInfo } from './types';
import { GeneratedRecord, readRecord, generatedCard, generatedCardType } from './generated-record';
import { linesForKey } from './generated-index';
import { withCorrections } from './corrections';
import { decodeNameKeysLayout, encodeNameKeys, GeneratedNames, NameLanguage, RecordNames } from './generated-names';

/** A file of lines read one line at a time (the host keeps the file's bytes and decodes a line when asked). */
export interface TextLines {
  readonly count: number;
  /** Line `i` without its newline; undefined beyond the last. */
  line(i: number): string | undefined;
}

/** The library's files (server/cards/generated/, shipped as dist/cards/). */
export interface GeneratedLibraryData {
  /** cards.tsv: one record a line. */
  cards: TextLines;
  /** names-ja.txt: the Japanese name of each record, line for line. */
  japanese: TextLines;
  /** index.txt: the hashed name index (generated-index.ts). */
  index: string;
  /** The sources' commits and dates (`yaml-yugi 3469970 (2026-08-22), CardScripts 5de4a50 (...)`). */
  sources: string;
  /**
   * names.txt: every name's key, sorted (generated-names.ts), asked for on the first completion or "did
   * you mean" only (a lookup by name reads the index and one record: a file whose cards are all known
   * never reads the 2 MB of keys); undefined when there is none, and then derived from the records.
   * `layout`: names-layout.bin, where each key starts and ends (decodeNameKeysLayout), when shipped.
   */
  names(): { text: string; layout?: Uint8Array } | undefined;
}

/** Where a record's facts come from, by its effect source (`s` script, `n` Normal Monster, `t` the text alone, `-` none). */
const SOURCE: Record<string, string> = {
  s: 'yaml-yugi + ProjectIgnis CardScripts',
  n: 'yaml-yugi (a Normal Monster: no script needed)',
  t: 'yaml-yugi (no script found: its effects are read from its card text alone)',
  '-': 'yaml-yugi (no script found: its effects are not known)',
};

export class GeneratedLibrary implements CardProvider {
  readonly label = 'generated library';
  /** The files, once loaded (null: the loader had none). */
  private data?: GeneratedLibraryData | null;
  private readonly built = new Map<number, CardInfo | null>();
  private search?: GeneratedNames;
  /**
   * The card type of each type field (`M:Dragon/Effect`), worked out once: the records have about 450
   * distinct ones, and a completion asks for up to 300 card types.
   */
  private readonly cardTypes = new Map<string, string>();
  private allNames?: CardName[];

  /** `load` is called once, on the first lookup or search; undefined: no library (nothing is found). */
  constructor(private readonly load: () => GeneratedLibraryData | undefined) {}

  private files(): GeneratedLibraryData | null {
    if (this.data === undefined) {
      const data = this.load();
      this.data = data && data.cards.count ? data : null;
    }
    return this.data;
  }

  /** The number of records (loads the library). */
  get size(): number {
    return this.files()?.cards.count ?? 0;
  }

  record(line: number): GeneratedRecord | undefined {
    const data = this.files();
    const text = data?.cards.line(line);
    return text === undefined ? undefined : readRecord(text, data!.japanese.line(line) ?? '');
  }

  /** A record's name in `lang`, its English name and (`withType`) its card type, the record decoded once. */
  private recordNames(line: number, lang: NameLanguage, withType: boolean): RecordNames {
    // Fields by their tabs: splitting the whole record cost more than decoding it (a completion reads 300).
    const record = this.files()!.cards.line(line) ?? '';
    const english = fieldOf(record, 1);
    const name = lang === 'e' ? english : lang === 'p' ? fieldOf(record, 2) : (this.files()!.japanese.line(line) ?? '');
    if (!withType) return { name, english };
    const type = fieldOf(record, 3);
    let cardType = this.cardTypes.get(type);
    if (cardType === undefined) this.cardTypes.set(type, (cardType = generatedCardType({ type })));
    return { name, english, cardType };
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
    const card = r
      ? withCorrections(generatedCard(r, {
          kind: 'generated',
          uri: `generated/${r.passcode || r.name}`,
          passcode: r.passcode ? Number(r.passcode) : undefined,
          konamiId: r.konamiId ? Number(r.konamiId) : undefined,
          source: SOURCE[r.effectSource] ?? SOURCE['-'],
          commit: this.data?.sources || undefined,
        }))
      : null;
    this.built.set(line, card);
    return card ?? undefined;
  }

  /** Completion and "did you mean" over every name, without a CardName per name (generated-names.ts). */
  nameSearch(): GeneratedNames {
    if (!this.search) {
      const data = this.files();
      const shipped = data?.names();
      let keys = shipped?.text ?? '';
      if (data && !keys) {
        // A library without its derived key file (the source tree, in tests): derived once here.
        const names: Array<[string, string, string]> = [];
        for (let line = 0; line < this.size; line++) {
          const r = this.record(line);
          names.push([r?.name ?? '', r?.japanese ?? '', r?.portuguese ?? '']);
        }
        keys = encodeNameKeys(names);
      }
      this.search = new GeneratedNames(keys, (line, lang, withType) => this.recordNames(line, lang, withType), shipped?.layout && decodeNameKeysLayout(shipped.layout, keys));
    }
    return this.search;
  }

  /** English, Japanese and Portuguese names of every record (42,000 objects: searches use nameSearch). */
  names(): readonly CardName[] {
    return (this.allNames ??= this.nameSearch().all());
  }
}

/** Field `index` (0-based) of a record, '' when it has fewer, read without splitting the record. */
function fieldOf(record: string, index: number): string {
  let start = 0;
  for (let f = 0; f < index; f++) {
    const tab = record.indexOf('\t', start);
    if (tab < 0) return '';
    start = tab + 1;
  }
  const end = record.indexOf('\t', start);
  return record.slice(start, end < 0 ? record.length : end);
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

/** The sources' commits and dates from the manifest (manifest.json; the Node host and the playground's worker read it): `yaml-yugi 3469970 (2026-08-22), CardScripts ...`. */
export function librarySources(manifestText: string): string {
  const manifest = JSON.parse(manifestText) as { sources?: Record<'texts' | 'scripts', { commit?: string; date?: string }> };
  const version = (s: { commit?: string; date?: string } | undefined, name: string) => `${name} ${String(s?.commit).slice(0, 7)} (${String(s?.date).slice(0, 10)})`;
  return manifest.sources ? `${version(manifest.sources.texts, 'yaml-yugi')}, ${version(manifest.sources.scripts, 'CardScripts')}` : '';
}
