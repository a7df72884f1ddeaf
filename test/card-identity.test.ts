// A card is one card whatever name, language or layer found it: the curated facts (and a writer's own
// definition) win for every name of the card (English, Japanese, Portuguese), so the same question gets
// the same verdict in every language (issue 27, "identity").
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, curatedLibrary, libraryCards, normalizeName, readRecord } from '../server/src/core/internal';
import './generated-cards';

const DIR = path.resolve(__dirname, '../../server/cards/generated');
const lines = fs.readFileSync(path.join(DIR, 'cards.tsv'), 'utf8').replace(/\n$/, '').split('\n');
const japanese = fs.readFileSync(path.join(DIR, 'names-ja.txt'), 'utf8').replace(/\n$/, '').split('\n');

test('identity: every name the generated library knows a curated card by finds the curated card', () => {
  const wrong: string[] = [];
  let checked = 0;
  lines.forEach((line, i) => {
    const r = readRecord(line, japanese[i] ?? '');
    const curated = curatedLibrary().get(normalizeName(r.name));
    if (!curated) return;
    checked++;
    for (const name of [r.name, r.japanese, r.portuguese].filter(Boolean)) {
      const found = libraryCards().get(name);
      if (found !== curated) wrong.push(`${name} (${r.passcode}): ${found?.origin.kind ?? 'nothing'}`);
    }
  });
  assert.ok(checked >= 80, `only ${checked} curated cards have a generated record`);
  assert.deepEqual(wrong, []);
});

test('identity: a writer\'s definition wins for every name of the card', () => {
  const text = 'card "Sangan": effect monster (fiend, dark, level 3, atk 1000, def 600)\n  trigger optional when summoned\n';
  const cards = analyze(text).cards;
  const own = cards.get('Sangan');
  assert.equal(own?.origin.kind, 'file');
  assert.equal(cards.get('《クリッター》'), own);
});

/**
 * Solemn Strike chained to a Spell's activation, Solemn Strike named `solemn`. The generated record under the
 * curated card answers "a card or effect activated" under an assumed script condition: by its Portuguese name the
 * link was once a warning where the English name gave none.
 */
function scenario(solemn: string): string {
  return [
    'scenario "identity"',
    '  rules tcg',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '  Yugi hand: "Pot of Greed"',
    `  Kaiba field: set ${solemn}`,
    '  chain',
    '    1 Yugi "Pot of Greed"',
    `    2 Kaiba ${solemn}`,
    '',
  ].join('\n');
}

test('identity: the same question gets the same verdict by English, Japanese or Portuguese name', () => {
  const verdict = (text: string) => analyze(text).diagnostics.map((d) => `${d.code} ${d.severity} ${d.range.start.line}`).sort();
  const record = lines.map((l, i) => readRecord(l, japanese[i] ?? '')).find((r) => r.name === 'Solemn Strike')!;
  const english = verdict(scenario('"Solemn Strike"'));
  assert.deepEqual(verdict(scenario(`《${record.japanese}》`)), english);
  assert.deepEqual(verdict(scenario(`"${record.portuguese}"`)), english);
});
