// Card facts (server/src/core/cards/facts.ts, to-segoc.ts): what `segoc card` prints for a card parses
// back to the same facts (facts -> text -> facts), for every card of the curated library, every card of
// the generated library and every text of the inference fixture; provenance reaches hovers' text.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, assumedNote, buildCard, CardInfo, cardFromText, cardToSegoc, curatedLibrary, generatedCard, inferEffects, makeCard, parse, readRecord } from '../server/src/core/internal';

const ROOT = path.resolve(__dirname, '../..');
const ORIGIN = { kind: 'file' as const, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };

/** What the engine reads of a card, without where it was written (ranges, origin, the line as written). */
function facts(card: CardInfo): unknown {
  return JSON.parse(
    JSON.stringify({ ...card, origin: undefined, effects: card.effects.map((e) => ({ ...e, range: undefined, text: e.kind === 'activation' && !e.responds.length ? e.text : undefined })) }),
  );
}

test('card facts: every curated card printed as .segoc parses back to the same facts', () => {
  const library = curatedLibrary();
  const seen = new Set<CardInfo>();
  for (const { cardKey } of library.names()) {
    const card = library.get(cardKey)!;
    if (seen.has(card)) continue;
    seen.add(card);
    const text = cardToSegoc(card);
    const again = analyze(text);
    // The printed card is a definition of a library card by construction: the redefinition warning is expected.
    assert.deepEqual(again.diagnostics.filter((d) => d.severity !== 'information' && d.code !== 'redefines-library-card'), [], text);
    assert.deepEqual(facts(again.fileCards[0]), facts(card), text);
  }
  assert.ok(seen.size >= 90, `${seen.size} cards`);
});

/** The facts and each effect's line as the engine shows it (`assumed` is printed as comments, not read back). */
function factsAndLines(card: CardInfo): unknown {
  return JSON.parse(JSON.stringify({ ...card, origin: undefined, effects: card.effects.map((e) => ({ ...e, range: undefined, assumed: undefined })) }));
}

test('card facts: every generated card printed as .segoc parses back to the same facts and effect lines', () => {
  const dir = path.join(ROOT, 'server/cards/generated');
  const records = fs.readFileSync(path.join(dir, 'cards.tsv'), 'utf8').split('\n').filter(Boolean);
  const japanese = fs.readFileSync(path.join(dir, 'names-ja.txt'), 'utf8').split('\n');
  const cards = records.map((line, i) => generatedCard(readRecord(line, japanese[i] ?? ''), { kind: 'generated' }));
  // One document of every printed card, parsed once (a parse per card would take seconds).
  const defs = parse(cards.map((c) => cardToSegoc(c)).join('')).file.cards;
  assert.equal(defs.length, cards.length);
  const wrong: string[] = [];
  cards.forEach((card, i) => {
    const { card: again, diagnostics } = buildCard(defs[i], ORIGIN);
    const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    if (errors.length || !isDeepStrictEqual(factsAndLines(again), factsAndLines(card))) wrong.push(`${card.name}: ${errors.join('; ')}\n${cardToSegoc(card)}`);
  });
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} of ${cards.length} cards`);
  assert.ok(cards.length > 14000, `${cards.length} cards`);
});

test('card facts: every card inferred from a fixture text printed as .segoc parses back to the same facts and effect lines', () => {
  const fixture: Array<{ passcode: number; typeLine: string; en: string; pendulumEn?: string }> = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/infer/cards.json'), 'utf8'));
  for (const c of fixture) {
    // Built from the text as a definition with `text` lines and no effect lines is (the facts made directly).
    const type = inferEffects({ text: c.en, typeLine: c.typeLine }).type;
    const cardType = type.category === 'monster' ? 'effect monster' : `${type.property ?? 'normal'} ${type.category}`;
    const card = cardFromText(`Fixture ${c.passcode}`, cardType, c.en, c.pendulumEn)!;
    const printed = cardToSegoc(card);
    const { card: again, diagnostics } = buildCard(parse(printed).file.cards[0], ORIGIN);
    assert.deepEqual(diagnostics.filter((d) => d.severity === 'error'), [], printed);
    const lines = (x: CardInfo) => factsAndLines({ ...x, effects: x.effects.map((e) => ({ ...e, text: e.kind === 'activation' && !e.responds.length && e.text === x.cardType ? '' : e.text })) });
    assert.deepEqual(lines(again), lines(card), `${c.passcode}:\n${printed}`);
  }
});

test('card facts: makeCard fills the defaults a source leaves out, and prints assumed facts as comments', () => {
  const card = makeCard(
    { name: 'Probe Spell', cardType: 'quick-play spell', effects: [{ kind: 'activation', includes: ['draw'], assumed: [assumedNote('what it includes was read from the card text')] }] },
    { kind: 'generated', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, passcode: 123, source: 'test source', commit: 'abc' },
  );
  assert.deepEqual(card.effects[0].activatesFrom, ['hand', 'field']);
  assert.equal(card.effects[0].mandatory, false);
  const text = cardToSegoc(card);
  assert.match(text, /^# generated card library: passcode 123, test source, at abc$/m);
  assert.match(text, /^ {2}# assumed: what it includes was read from the card text$/m);
});
