// Card providers (server/src/core/cards/provider.ts): a library of many cards plugs in through
// AnalyzeOptions.cardProviders below the curated library, builds a card only when a name is asked for,
// and is searched by "did you mean" and completion through its name index, without building its cards.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, assumedNote, CardFacts, CardInfo, CardName, CardProvider, curatedLibrary, libraryCards, makeCard, normalizeName } from '../server/src/core/internal';

/** A synthetic library of `count` cards, each with a Japanese and a Portuguese name, that counts what it builds. */
class FakeLibrary implements CardProvider {
  readonly label = 'generated library (test)';
  built = 0;
  namesAsked = 0;
  private readonly cards = new Map<number, CardInfo>();
  private list?: CardName[];
  constructor(
    private readonly count: number,
    private readonly extra: CardFacts[] = [],
  ) {}

  private facts(i: number): CardFacts {
    if (i >= this.count) return this.extra[i - this.count];
    const n = String(i).padStart(5, '0');
    return {
      name: `Synthetic Card ${n}`,
      aliases: [`合成カード${n}`, `Carta Sintética ${n}`],
      cardType: i % 3 === 0 ? 'quick-play spell' : 'effect monster',
      attributes: ['dark'],
      level: 4,
      atk: 1000 + (i % 20) * 100,
      def: 1000,
      effects: [{ kind: 'trigger', mandatory: false, timing: 'if', assumed: [assumedNote('the event is a guess of the test')] }],
    };
  }

  private card(i: number): CardInfo {
    let c = this.cards.get(i);
    if (!c) {
      this.built++;
      c = makeCard(this.facts(i), { kind: 'generated', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, passcode: 10000 + i, source: 'test', commit: 'abc1234' });
      this.cards.set(i, c);
    }
    return c;
  }

  names(): readonly CardName[] {
    if (!this.list) {
      this.namesAsked++;
      this.list = [];
      for (let i = 0; i < this.count + this.extra.length; i++) {
        const f = this.facts(i);
        const cardKey = normalizeName(f.name);
        for (const name of [f.name, ...(f.aliases ?? [])]) this.list.push({ name, key: normalizeName(name), cardKey });
      }
      this.byKey = new Map(this.list.map((n) => [n.key, Number(/\d+/.exec(n.name)?.[0] ?? -1)]));
      for (let k = 0; k < this.extra.length; k++) this.byKey.set(normalizeName(this.extra[k].name), this.count + k);
    }
    return this.list;
  }

  private byKey?: Map<string, number>;
  get(key: string): CardInfo | undefined {
    this.names();
    const i = this.byKey!.get(key);
    return i === undefined ? undefined : this.card(i);
  }
}

const text = (cards: string[]) => `scenario "provider"\n  players A, B\n  turn A\n  A field: ${cards.map((c) => `"${c}"`).join(', ')}\n`;

test('provider: a card of a 14,000-card provider is found by name and alias, and only it is built', () => {
  const fake = new FakeLibrary(14000);
  const providers = [curatedLibrary(), fake];
  const a = analyze(text(['Synthetic Card 00042', '《合成カード00043》', 'Carta Sintética 00044', 'Sangan']), { cardProviders: providers });
  assert.deepEqual(a.diagnostics.filter((d) => d.code === 'unknown-card'), []);
  assert.equal(fake.built, 3);
  const card = a.cards.get('Synthetic Card 00043')!;
  assert.equal(card.origin.kind, 'generated');
  assert.equal(card.origin.passcode, 10043);
  assert.deepEqual(card.effects[0].assumed, [assumedNote('the event is a guess of the test')]);
});

test('provider: layers: the file > the curated library > the generated library', () => {
  const fake = new FakeLibrary(10, [{ name: 'Sangan', cardType: 'normal monster', atk: 9999, effects: [] }, { name: 'Only Generated', cardType: 'normal monster', effects: [] }]);
  const providers = [curatedLibrary(), fake];
  const a = analyze(`card "Only Generated": effect monster (atk 1)\n${text(['Sangan', 'Only Generated'])}`, { cardProviders: providers });
  assert.equal(a.cards.get('Sangan')!.origin.kind, 'library');
  assert.equal(a.cards.get('Only Generated')!.origin.kind, 'file');
  const lib = libraryCards(providers);
  assert.equal(lib.get('Only Generated')!.origin.kind, 'generated');
  assert.equal(lib.get('Sangan')!.atk, 1000);
});

test('provider: "did you mean" and completion search the provider without building its cards', () => {
  const fake = new FakeLibrary(14000);
  const providers = [curatedLibrary(), fake];
  const a = analyze(text(['Synthetic Crad 00042']), { cardProviders: providers });
  const unknown = a.diagnostics.find((d) => d.code === 'unknown-card');
  assert.ok(unknown && unknown.message.includes('Synthetic Card 00042'), unknown?.message);
  assert.ok(fake.built <= 3, `built ${fake.built}`);
  const index = libraryCards(providers);
  const names = index.complete('synthetic card 00', 50).map((n) => n.name);
  assert.equal(names.length, 50);
  assert.ok(names.every((n) => n.startsWith('Synthetic Card 00')), names.join(', '));
  // A later word of the name, and a name in another language.
  assert.ok(index.complete('sintética 0123', 5).some((n) => n.name === 'Carta Sintética 01234'));
  assert.ok(index.complete('sangan', 5).some((n) => n.name === 'Sangan'));
  assert.equal(fake.namesAsked, 1);
  assert.ok(fake.built <= 3, `built ${fake.built}`);
});

test('provider: an index over a provider builds nothing and lists no name until asked', () => {
  const fake = new FakeLibrary(14000);
  libraryCards([fake]);
  assert.equal(fake.namesAsked, 0);
  assert.equal(fake.built, 0);
});

test('provider: a link whose effect has assumed facts says so: a fact the library is unsure of (explain, hovers)', () => {
  const fake = new FakeLibrary(100);
  const a = analyze(
    `scenario "assumed"\n  players A, B\n  turn A\n  A hand: "Synthetic Card 00043"\n  chain\n    1 A "Synthetic Card 00043"\n`,
    { cardProviders: [curatedLibrary(), fake] },
  );
  const link = a.scenarios[0].chains[0].links[0];
  assert.ok(
    link.unknownFacts.some((f) => f.what.includes('the event is a guess of the test') && f.what.includes('its source was unsure')),
    JSON.stringify(link.unknownFacts),
  );
});
