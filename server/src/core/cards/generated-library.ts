// The generated library as the lowest card layer: every released card, by its English, Japanese or
// Portuguese name, below the curated library, the workspace and the file. Nothing is decoded at start:
// a lookup binary-searches the name index (generated-index.ts), then reads one record and builds its card
// (its `.segoc` text through the one card builder, generated-text.ts), remembered for the process.
import { parse } from '../syntax/parser';
import { buildCard, CardInfo, GeneratedProvenance, normalizeNameOnce } from './model';
import { GeneratedRecord, readRecord, generatedCardText, assumedFacts } from './generated-text';
import { linesForKey } from './generated-index';
import { GENERATED_LIBRARY } from '../library/generated-cards';

/** Every name of the layer and the line of its card, for completion and "did you mean". */
export interface NameList {
  names: readonly string[];
  lines: readonly number[];
  /** The names normalised, made on first use (a completion or a name not found). */
  keys(): readonly string[];
  /** The card of a line. */
  card(line: number): CardInfo | undefined;
}

export interface GeneratedLibraryData {
  cards: string;
  japanese: string;
  index: string;
  sources: string;
}

export class GeneratedLayer {
  private records?: string[];
  private japanese?: string[];
  private readonly built = new Map<number, CardInfo | null>();
  private nameList?: NameList;

  constructor(private readonly data: GeneratedLibraryData) {}

  get size(): number {
    return this.lines().length;
  }

  private lines(): string[] {
    if (!this.records) {
      this.records = this.data.cards ? this.data.cards.replace(/\n$/, '').split('\n') : [];
      this.japanese = this.data.japanese.replace(/\n$/, '').split('\n');
    }
    return this.records;
  }

  record(line: number): GeneratedRecord | undefined {
    const text = this.lines()[line];
    return text === undefined ? undefined : readRecord(text, this.japanese![line] ?? '');
  }

  get(key: string): CardInfo | undefined {
    if (!this.data.index) return undefined;
    for (const line of linesForKey(this.data.index, key)) {
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
    if (r) {
      const { file } = parse(generatedCardText(r));
      const def = file.cards[0];
      if (def) {
        card = buildCard(def, {
          kind: 'generated',
          uri: `generated/${r.passcode || r.name}`,
          range: def.name.range,
          generated: provenance(r, this.data.sources),
        }).card;
      }
    }
    this.built.set(line, card);
    return card ?? undefined;
  }

  /** The layer lists no cards in full (14,000 cards built for nothing); see names(). */
  *entries(): IterableIterator<[string, CardInfo]> {}

  names(): NameList {
    if (!this.nameList) {
      const names: string[] = [];
      const lines: number[] = [];
      this.lines().forEach((text, line) => {
        // The record's second and third fields: the English and Portuguese names.
        const tab1 = text.indexOf('\t');
        const tab2 = text.indexOf('\t', tab1 + 1);
        const en = text.slice(tab1 + 1, tab2);
        const pt = text.slice(tab2 + 1, text.indexOf('\t', tab2 + 1));
        const ja = this.japanese![line];
        for (const n of [en, ja !== en ? ja : '', pt !== en && pt !== ja ? pt : '']) {
          if (!n) continue;
          names.push(n);
          lines.push(line);
        }
      });
      let keys: string[] | undefined;
      this.nameList = { names, lines, keys: () => (keys ??= names.map(normalizeNameOnce)), card: (line) => this.card(line) };
    }
    return this.nameList;
  }
}

function provenance(r: GeneratedRecord, sources: string): GeneratedProvenance {
  return { passcode: r.passcode, sources, effectSource: r.effectSource, assumed: assumedFacts(r), released: r.released, archetypes: r.archetypes };
}

let shipped: GeneratedLayer | undefined;

/** The generated library shipped with segoc (empty when built without it). */
export function generatedLibrary(): GeneratedLayer {
  return (shipped ??= new GeneratedLayer(GENERATED_LIBRARY));
}
