// The generated library's searches read in place (core/cards/generated-names.ts, bit-distance.ts) give
// the answers of the general name index (NameIndex over names()), and the library is read only when a
// lookup reaches it: the first lookup reads one record, not every name.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze, CardName, curatedLibrary, GeneratedLibrary, GeneratedLibraryData, libraryCards, lineStarts, normalizeName } from '../server/src/core/internal';
import { BitPattern } from '../server/src/core/cards/bit-distance';
import { decodeNameKeysLayout, encodeNameKeys, encodeNameKeysLayout, scanNameKeys } from '../server/src/core/cards/generated-names';
import { NameIndex } from '../server/src/core/cards/name-index';
import { readGeneratedLibrary } from '../server/src/host/generated-cards';
import { seededRandom } from './helpers';

const DIR = path.resolve(__dirname, '../../server/cards/generated');
const DATA = readGeneratedLibrary(DIR)!;

/** The edit distance by the full table. */
function table(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

test('bit-parallel distance: the full table\'s answer below the limit, above it when beyond (keys of 0-80 characters, Japanese too)', () => {
  const next = seededRandom(5);
  const letters = 'abcde ドラゴン';
  const word = (n: number) => Array.from({ length: n }, () => letters[Math.floor(next() * letters.length)]).join('');
  for (let i = 0; i < 3000; i++) {
    const a = word(Math.floor(next() * 80));
    const b = next() < 0.5 ? word(Math.floor(next() * 80)) : a.slice(0, Math.floor(next() * a.length)) + word(3) + a.slice(Math.floor(next() * a.length));
    const limit = Math.floor(next() * 30);
    const want = table(a, b);
    const got = new BitPattern(a).distance(`xx${b}yy`, 2, 2 + b.length, limit);
    if (want <= limit) assert.equal(got, want, `${a} / ${b} (limit ${limit})`);
    else assert.ok(got > limit, `${a} / ${b}: ${got} within ${limit}, table ${want}`);
  }
});

test('lineStarts: one start per line and the end, with or without a final newline', () => {
  const starts = (text: string) => [...lineStarts(text.length, (from) => text.indexOf('\n', from))];
  assert.deepEqual(starts(''), [0]);
  assert.deepEqual(starts('\n'), [0, 1]);
  assert.deepEqual(starts('a\nbc\n'), [0, 2, 5]);
  assert.deepEqual(starts('a\n\nbc'), [0, 2, 3, 6]);
  const many = 'x\n'.repeat(5000);
  assert.deepEqual(starts(many), Array.from({ length: 5001 }, (_, i) => 2 * i), 'past the first 1,024 lines');
});

test('generated names: the layout the build ships (names-layout.bin) is the scanned layout of its names.txt, read in place', () => {
  // dist/ is built by `npm test`'s pretest, with the library's files in dist/cards/.
  const shipped = readGeneratedLibrary(path.resolve(__dirname, '../../dist/cards'))?.names();
  assert.ok(shipped?.layout, 'dist/cards/names-layout.bin is shipped');
  const scanned = scanNameKeys(shipped.text);
  const read = decodeNameKeysLayout(shipped.layout, shipped.text);
  assert.ok(read);
  assert.deepEqual([...read.starts], [...scanned.starts]);
  assert.deepEqual([...read.lengths], [...scanned.lengths]);
  // A layout that cannot be the text's (another text, a cut file) is refused: the text is scanned instead.
  assert.equal(decodeNameKeysLayout(shipped.layout, shipped.text.slice(0, -1)), undefined);
  assert.equal(decodeNameKeysLayout(shipped.layout.subarray(0, shipped.layout.length - 2), shipped.text), undefined);
  const misplaced = shipped.layout.slice();
  misplaced[0]++;
  assert.equal(decodeNameKeysLayout(misplaced, shipped.text), undefined, 'the same total, a key that does not end at a tab');
  const small = encodeNameKeys([['Pot of Prosperity', '強欲で金満な壺', 'Pote da Prosperidade']]);
  assert.deepEqual(decodeNameKeysLayout(encodeNameKeysLayout(scanNameKeys(small))!, small), scanNameKeys(small));
  // An entry longer than a byte holds: no layout is shipped (the keys are scanned).
  assert.equal(encodeNameKeysLayout(scanNameKeys(encodeNameKeys([['x'.repeat(300), '', '']]))), undefined);
});

/** The generated library as a fresh provider, with a count of loads and of reads of the sorted keys. */
function counted(): { library: GeneratedLibrary; loads: number; keyReads: number } {
  const state = { library: undefined as unknown as GeneratedLibrary, loads: 0, keyReads: 0 };
  state.library = new GeneratedLibrary(() => {
    state.loads++;
    const data: GeneratedLibraryData = {
      ...DATA,
      names: () => {
        state.keyReads++;
        return DATA.names();
      },
    };
    return data;
  });
  return state;
}

test('generated library: read on the first lookup that reaches it, once; that lookup searches no names', () => {
  const state = counted();
  const providers = [curatedLibrary(), state.library];
  const curatedOnly = ['scenario "s"', '  players Yugi, Kaiba', '  turn Yugi', '  chain', '    1 Yugi "Dark Hole" -> destroy all monsters', ''].join('\n');
  assert.deepEqual(analyze(curatedOnly, { cardProviders: providers }).diagnostics, []);
  assert.equal(state.loads, 0, 'a file that names curated cards only does not read the generated library');
  assert.equal(state.library.get(normalizeName('Effect Veiler'))?.name, 'Effect Veiler');
  assert.equal(libraryCards(providers).get('Ash Blossom & Joyous Spring')?.name, 'Ash Blossom & Joyous Spring');
  assert.equal(state.loads, 1);
  assert.equal(state.keyReads, 0, 'a lookup by name reads the hashed index and one record, not the sorted keys');
  assert.deepEqual(libraryCards(providers).suggest('Pot of Prosperty'), ['Pot of Prosperity']);
  assert.equal(state.loads, 1);
});

test('generated library: a file that defines its own cards is told about a redefined curated card without reading the generated library', () => {
  const state = counted();
  const providers = [curatedLibrary(), state.library];
  // "Pot of Prosperity" is a generated card and "Sangan" a curated one: only the curated one is a redefinition
  // worth a warning (correcting a generated card is what a definition is for), so only the curated library is asked.
  const text = [
    'card "Pot of Prosperity": normal spell',
    'card "Sangan": effect monster (atk 1000, def 600)',
    '  trigger mandatory if sent to gy from field, includes search',
    'card "My Own Card": normal spell',
    '',
    'scenario "s"',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '  chain',
    '    1 Yugi "My Own Card"',
    '',
  ].join('\n');
  const codes = analyze(text, { cardProviders: providers }).diagnostics.map((d) => `${d.code}: ${d.message}`);
  assert.equal(codes.filter((c) => c.startsWith('redefines-library-card')).length, 1, codes.join('\n'));
  assert.match(codes.find((c) => c.startsWith('redefines-library-card'))!, /"Sangan" redefines the library card/);
  assert.equal(state.loads, 0, 'definitions and cards the file defines: the generated library is not read');
});

/** Completion answers without the card type the generated library adds (the general index has none). */
function untyped(names: CardName[]): CardName[] {
  return names.map(({ name, key, cardKey }) => ({ name, key, cardKey }));
}

/** The same provider answering through the general index (NameIndex over every CardName). */
function general(library: GeneratedLibrary): NameIndex {
  return new NameIndex(library.names());
}

test('generated library: "did you mean" and completion read in place give the general index\'s answers', () => {
  const library = new GeneratedLibrary(() => DATA);
  const search = library.nameSearch();
  const index = general(library);
  const names = library.names();
  const next = seededRandom(11);
  const distance = (a: string, b: string) => table(a, b);
  const seen = (list: Array<{ name: { key: string; cardKey: string; name: string }; d: number }>) => list.map((x) => `${x.name.key}|${x.name.cardKey}|${x.name.name}|${x.d}`).sort();
  for (let i = 0; i < 60; i++) {
    const key = names[Math.floor(next() * names.length)].key;
    const at = Math.floor(next() * key.length);
    // A letter dropped, one doubled, or the name cut short (the containment cases).
    const typo = i % 3 === 0 ? key.slice(0, at) + key.slice(at + 1) : i % 3 === 1 ? key.slice(0, at) + key[at] + key.slice(at) : key.slice(0, Math.max(4, at));
    const limit = Math.max(2, Math.floor(Math.max(typo.length, 4) / 3));
    assert.deepEqual(seen(search.near(typo, limit, distance)), seen(index.near(typo, limit, distance)), typo);
    assert.deepEqual(seen(search.nearBeginning(typo, 2)), seen(index.nearBeginning(typo, 2)), typo);
    const query = key.slice(0, 3 + (i % 5));
    assert.deepEqual(untyped(search.complete(query, 50)), index.complete(query, 50), query);
    const word = key.split(' ').slice(-1)[0];
    if (word.length >= 3) assert.deepEqual(untyped(search.complete(word, 301)), index.complete(word, 301), word);
    assert.equal(search.nameOf(names[i * 97].cardKey), index.nameOf(names[i * 97].cardKey));
  }
  assert.deepEqual(search.complete('po', 50), [], 'the generated names are searched from 3 characters on');
});

test('generated library: completion of a common start lists every name the general index lists, in its order (later words sorted once, in groups)', () => {
  const library = new GeneratedLibrary(() => DATA);
  const search = library.nameSearch();
  const index = general(library);
  // Thousands of later words ("dra": dragon, draw; "the"), words that are prefixes of others ("mag" of
  // "magi" and "magician"), queries across words, names in Japanese.
  for (const query of ['dra', 'the', 'mag', 'of the', 'dark m', 'ドラゴ', 'zzz', 'the dragon']) {
    const all = untyped(search.complete(query, Infinity));
    assert.deepEqual(all, index.complete(query, Infinity), query);
    if (query !== 'zzz') assert.ok(all.length > 2, query);
    assert.deepEqual(untyped(search.complete(query, 7)), all.slice(0, 7), `${query}: the first 7`);
  }
});

test('generated library: completion gives each name\'s card type without building the card, the type its card has', () => {
  const library = new GeneratedLibrary(() => DATA);
  for (const query of ['pot of', 'dark mag', 'ash blo', 'called by', 'nibiru', 'tearlaments', 'mystical space', 'solemn']) {
    const names = library.nameSearch().complete(query, 20);
    assert.ok(names.length, query);
    for (const n of names) assert.equal(n.cardType, library.get(n.key)?.cardType, n.name);
  }
});
