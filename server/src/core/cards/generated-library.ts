// The generated library as the lowest CardProvider (below the curated library, the workspace and the
// file): every released card, by its English, Japanese or Portuguese name. Nothing is decoded at start:
// a lookup binary-searches the name index (generated-index.ts), then reads one record and builds its card
// (its `.segoc` text through the one card builder, generated-text.ts), remembered for the process.
import { parse } from '../syntax/parser';
import { factsFromSegoc } from './from-segoc';
import { makeCard } from './facts';
import { normalizeNameOnce } from './names';
import { CardName, CardProvider } from './provider';
import { CardInfo } from './types';
import { GeneratedRecord, readRecord, generatedCardText, assumedFacts } from './generated-text';
import { linesForKey } from './generated-index';
import { GENERATED_LIBRARY } from '../library/generated-cards';

export interface GeneratedLibraryData {
  cards: string;
  japanese: string;
  index: string;
  /** The sources' commits and dates (`yaml-yugi 3469970 (2026-08-22), CardScripts 5de4a50 (...)`). */
  sources: string;
}

/** Where a record's facts come from, by its effect source (`s` script, `n` Normal Monster, `-` none). */
const SOURCE: Record<string, string> = {
  s: 'yaml-yugi + ProjectIgnis CardScripts',
  n: 'yaml-yugi (a Normal Monster: no script needed)',
  '-': 'yaml-yugi (no script found: its effects are not known)',
};

export class GeneratedLibrary implements CardProvider {
  readonly label = 'generated library';
  private records?: string[];
  private japanese?: string[];
  private readonly built = new Map<number, CardInfo | null>();
  private cardNames?: CardName[];

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
        commit: this.data.sources || undefined,
      });
    }
    this.built.set(line, card);
    return card ?? undefined;
  }

  /** English, Japanese and Portuguese names of every record, read from the records without building cards. */
  names(): readonly CardName[] {
    if (!this.cardNames) {
      const out: CardName[] = [];
      this.lines().forEach((text, line) => {
        // The record's second and third fields: the English and Portuguese names.
        const tab1 = text.indexOf('\t');
        const tab2 = text.indexOf('\t', tab1 + 1);
        const en = text.slice(tab1 + 1, tab2);
        const pt = text.slice(tab2 + 1, text.indexOf('\t', tab2 + 1));
        const ja = this.japanese![line];
        const cardKey = normalizeNameOnce(en);
        const keys = new Set<string>();
        for (const name of [en, ja, pt]) {
          const key = name ? normalizeNameOnce(name) : '';
          if (!key || keys.has(key)) continue;
          keys.add(key);
          out.push({ name, key, cardKey });
        }
      });
      this.cardNames = out;
    }
    return this.cardNames;
  }
}

let shipped: GeneratedLibrary | undefined;

/** The generated library shipped with segoc (empty when built without it). */
export function generatedLibrary(): GeneratedLibrary {
  return (shipped ??= new GeneratedLibrary(GENERATED_LIBRARY));
}
