// The corrections files (server/cards/corrections/: overrides.json, rulings.json; docs/cards.md "Correcting a
// card"): every entry is well-formed, names an existing card by passcode and English name, applies, changes a
// fact of the card (an entry the sources now state is redundant: remove it), and shows with its source.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, applyCorrections, cardCorrections, CardCorrection, CardInfo, cardToSegoc, curatedLibrary, generatedCard, libraryCards, normalizeName, readCorrections, readRecord } from '../server/src/core/internal';
import { describeCard } from '../server/src/lsp/describe';
import './generated-cards';

const DIR = path.resolve(__dirname, '../../server/cards/generated');
const lines = fs.readFileSync(path.join(DIR, 'cards.tsv'), 'utf8').replace(/\n$/, '').split('\n');
const japanese = fs.readFileSync(path.join(DIR, 'names-ja.txt'), 'utf8').replace(/\n$/, '').split('\n');
const byPasscode = new Map(lines.map((l, i) => [Number(l.slice(0, l.indexOf('\t'))), readRecord(l, japanese[i] ?? '')]));

/** The card a correction applies to, as its sources give it (without corrections). */
function uncorrected(c: CardCorrection): CardInfo | undefined {
  const r = byPasscode.get(c.passcode);
  const curated = curatedLibrary().get(normalizeName(c.card));
  if (c.layer === 'ruling' && curated) return { ...curated, origin: { ...curated.origin, corrections: undefined } };
  return r && generatedCard(r, { kind: 'generated', passcode: c.passcode });
}

/** What the engine reads of a card's effects (not where they are written, nor their printed text). */
function facts(card: CardInfo): string {
  return JSON.stringify(card.effects.map((e) => ({ ...e, range: undefined, text: undefined, assumed: undefined })));
}

test('corrections: every entry is well-formed and applies', () => {
  assert.deepEqual(cardCorrections().problems, []);
  // Applying builds the cards: problems found then are listed too.
  for (const c of cardCorrections().all) libraryCards().get(c.card);
  assert.deepEqual(cardCorrections().problems, []);
});

test('corrections: every entry names an existing card by its passcode and English name', () => {
  for (const c of cardCorrections().all) {
    const r = byPasscode.get(c.passcode);
    assert.ok(r, `${c.where}: no card has passcode ${c.passcode}`);
    assert.equal(c.card, r.name, `${c.where}: passcode ${c.passcode} is ${r.name}`);
    if (c.layer === 'override') assert.ok(!curatedLibrary().get(normalizeName(c.card)), `${c.where}: ${c.card} is a curated card, which wins over the generated one: correct it in server/cards/*.segoc`);
  }
});

test('corrections: every entry changes a fact of its card (none is redundant) and shows with its source', () => {
  for (const c of cardCorrections().all) {
    const before = uncorrected(c);
    assert.ok(before, c.where);
    const { card: after, problems } = applyCorrections(before, [c]);
    assert.deepEqual(problems, []);
    assert.notEqual(facts(after), facts(before), `${c.where}: the card already states it: remove the entry`);
    const shown = libraryCards().get(c.card)!;
    assert.ok(cardToSegoc(shown).includes(c.source), `${c.where}: segoc card shows its source`);
    assert.ok(describeCard(shown, '').includes(`(${c.source})`), `${c.where}: the hover links its source`);
  }
});

test('corrections: a bad entry is reported, never applied half, and a redundant one is found', () => {
  const bad = readCorrections('rulings.json', JSON.stringify([{ passcode: 'x', card: '', add: 'once per chain', reason: 'short', source: 'yugipedia' }, { passcode: 1, card: 'X', effect: 1, line: 'a', add: 'b', reason: 'two changes at once', source: 'https://example.org' }]));
  assert.equal(bad.corrections.length, 0);
  assert.equal(bad.problems.length, 6, bad.problems.join('\n'));
  assert.match(readCorrections('overrides.json', '{').problems[0], /not JSON/);
  const solemn = libraryCards().get('Solemn Strike')!;
  const entry = (fields: Partial<CardCorrection>): CardCorrection => ({ layer: 'ruling', passcode: 40605147, card: 'Solemn Strike', reason: 'a probe of the checks', source: 'https://yugipedia.com/wiki/Counter_Trap_Card', where: 'probe', ...fields });
  // A Counter Trap may already be activated in the Damage Step: the ruling would state nothing new.
  const redundant = applyCorrections(solemn, [entry({ effect: 1, add: 'damage step' })]);
  assert.equal(facts(redundant.card), facts(solemn));
  assert.match(applyCorrections(solemn, [entry({ effect: 3, add: 'once per chain' })]).problems[0], /has no effect 3/);
  assert.match(applyCorrections(solemn, [entry({ effect: 1, add: 'flies' })]).problems[0], /not in the vocabulary/);
  const chain = applyCorrections(solemn, [entry({ effect: 1, add: 'once per chain' })]).card;
  assert.equal(chain.effects[0].oncePerChain, true);
  assert.match(cardToSegoc(chain), /# ruling: once per chain \(a probe of the checks; https:\/\/yugipedia.com\/wiki\/Counter_Trap_Card\)\n {2}responds to/);
});

test('corrections: a ruling reaches the verdict, and what it leaves unchecked is a named assumption', () => {
  // Yugipedia, Damage Step (citing Konami, Raging Battle card rulings): Attack of the Cornered Rat may be activated
  // in the Damage Step with its ATK-changing effect. Without the ruling R30 called this illegal.
  const text = [
    'scenario "Attack of the Cornered Rat in the Damage Step"',
    '  rules tcg',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '  phase battle',
    '  Yugi field: "Fiendsmith Engraver"',
    '  Kaiba field: "Maxx \\"C\\"", set "Attack of the Cornered Rat"',
    '  Yugi attacks "Maxx \\"C\\"" with "Fiendsmith Engraver"',
    '  phase damage-step',
    '  chain',
    '    1 Kaiba "Attack of the Cornered Rat"',
    '',
  ].join('\n');
  const ds = analyze(text).diagnostics;
  assert.deepEqual(ds.filter((d) => d.severity === 'error'), []);
  assert.ok(ds.some((d) => d.code === 'unknown-card-fact' && d.message.includes('same Chain Link')), ds.map((d) => d.message).join('\n'));
});
