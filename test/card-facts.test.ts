// Card facts (server/src/core/cards/facts.ts, to-segoc.ts): what `segoc card` prints for a card parses
// back to the same facts, for every card of the curated library; provenance reaches hovers' text.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, CardInfo, cardToSegoc, curatedLibrary, makeCard } from '../server/src/core/internal';

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

test('card facts: makeCard fills the defaults a source leaves out, and prints assumed facts as comments', () => {
  const card = makeCard(
    { name: 'Probe Spell', cardType: 'quick-play spell', effects: [{ kind: 'activation', includes: ['draw'], assumed: ['what it includes was read from the card text'] }] },
    { kind: 'generated', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, passcode: 123, source: 'test source', commit: 'abc' },
  );
  assert.deepEqual(card.effects[0].activatesFrom, ['hand', 'field']);
  assert.equal(card.effects[0].mandatory, false);
  const text = cardToSegoc(card);
  assert.match(text, /^# generated card library: passcode 123, test source, at abc$/m);
  assert.match(text, /^ {2}# assumed: what it includes was read from the card text$/m);
});
