// "Did you mean" on the names judges and wiki editors misspell most (newcomer audit, D10): each typo with
// the first name offered, through the whole index (the curated and the generated library). A name
// inside what was typed ("Spring" in "Ash Blosom & Joyus Spring") must not beat the name the whole
// text is close to.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { libraryCards } from '../server/src/core/internal';
import { BitPattern } from '../server/src/core/cards/bit-distance';
import './generated-cards';

/** typo → the first suggestion. */
const FIRST_SUGGESTION: ReadonlyArray<readonly [string, string]> = [
  ['Ash Blosom & Joyus Spring', 'Ash Blossom & Joyous Spring'],
  ['Ash Blossom and Joyful Spring', 'Ash Blossom & Joyous Spring'],
  ['Ash Blosom & Joyous Spring', 'Ash Blossom & Joyous Spring'],
  ['Ash Blossom & Joyus Spring', 'Ash Blossom & Joyous Spring'],
  ['Ash Blossom', 'Ash Blossom & Joyous Spring'],
  // What was typed is the start of the name, misspelt.
  ['Ash Blosom', 'Ash Blossom & Joyous Spring'],
  ['Infinite Impermanan', 'Infinite Impermanence'],
  ['Called by the Grav', 'Called by the Grave'],
  ['Called by Grave', 'Called by the Grave'],
  ['Caled by teh Grave', 'Called by the Grave'],
  ['Infinite Impermanance', 'Infinite Impermanence'],
  ['Infinate Impermanance', 'Infinite Impermanence'],
  ['Accesscode Talkr', 'Accesscode Talker'],
  ['Accesscode', 'Accesscode Talker'],
  ['Nibiru the Primal Bieng', 'Nibiru, the Primal Being'],
  ['Soleman Strike', 'Solemn Strike'],
  ['Solemn Judgement', 'Solemn Judgment'],
  ['Maxx G', 'Maxx "C"'],
  ['Dark Magican', 'Dark Magician'],
  ['Pot of Greedd', 'Pot of Greed'],
  ['Mirror Forse', 'Mirror Force'],
  ['Efect Veiler', 'Effect Veiler'],
  ['Effect Veilor', 'Effect Veiler'],
  ['Ghost Ogre & Snow Rabit', 'Ghost Ogre & Snow Rabbit'],
  ['Ghost Belle & Haunted Mansoin', 'Ghost Belle & Haunted Mansion'],
  ['Droll & Lock Brid', 'Droll & Lock Bird'],
  ['Raigeki Brake', 'Raigeki Break'],
  ['Monster Rebron', 'Monster Reborn'],
  ['Blue Eyes White Dragn', 'Blue-Eyes White Dragon'],
  ['Sangan card', 'Sangan'],
];

test('did you mean: the most common cards, misspelt, are found first', () => {
  const wrong: string[] = [];
  for (const [typo, expected] of FIRST_SUGGESTION) {
    const first = libraryCards().suggest(typo)[0];
    if (first !== expected) wrong.push(`${typo} → ${first ?? '(nothing)'} (expected ${expected})`);
  }
  assert.deepEqual(wrong, []);
});

test('did you mean: a card name inside what was typed comes after a name close to all of it', () => {
  assert.ok(!libraryCards().suggest('Ash Blosom & Joyus Spring').includes('Spring'));
});

test('did you mean: the distance to a name\'s closest beginning is the table\'s (bit-parallel, read in place)', () => {
  // The smallest value of the table's last row: the key against every beginning of the name.
  const table = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
      row = next;
    }
    return Math.min(...row.slice(0, Math.min(b.length, a.length + 3) + 1));
  };
  for (const [key, name] of [['ash blosom', 'ash blossom and joyous spring'], ['infinate', 'infinite impermanence'], ['dark magicain', 'dark magician girl'], ['zzzzzz', 'sangan']]) {
    const expected = table(key, name);
    assert.equal(new BitPattern(key).prefixDistance(name, 0, name.length, 3), expected <= 3 ? expected : 4, `${key} / ${name}`);
  }
});
