// Issue 29 (a target that turned face-up or face-down): the words `face-down` and `set` in a filter are a face-down
// card, read one way by the card-line filter reader and by the text inference ("Target 1 Set Spell/Trap"), and an
// event subject's face-down filter is checked, not dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFilter } from '../server/src/core/cards/vocabulary/filters';
import { inferEffects } from '../server/src/core/infer';

test('filter words: `face-down`, `face down` and `set` before a card word are a face-down card', () => {
  assert.equal(parseFilter(['a', 'face-down', 'monster']).faceUp, false);
  assert.equal(parseFilter(['a', 'face', 'down', 'monster']).faceUp, false);
  const set = parseFilter(['a', 'set', 'spell', 'or', 'trap']);
  assert.equal(set.faceUp, false);
  assert.equal(set.unknown, undefined);
  assert.equal(parseFilter(['a', 'face-up', 'monster']).faceUp, true);
  // `set` that is not before a card word is not a filter word.
  assert.deepEqual(parseFilter(['a', 'monster', 'set']).unknown, ['set']);
});

test('text inference: "Target 1 Set card; destroy that target" reads a face-down filter, "destroy it" does not', () => {
  const cyclone = inferEffects({ text: 'Target 1 Set Spell/Trap on the field; destroy it.', typeLine: 'Normal Spell', language: 'en' });
  // "destroy it": the target is not rechecked at resolution (PSCT), so the filter keeps no `face-down` (W135).
  assert.equal(cyclone.effects[0].targetFilter, 'a spell or trap on the field');
  const marksman = inferEffects({ text: 'Target 1 Set card your opponent controls; destroy that target.', typeLine: 'Normal Spell', language: 'en' });
  assert.equal(marksman.effects[0].targetFilter, 'a face-down card your opponent controls');
  const taiyou = inferEffects({ text: 'Target 1 face-down monster on the field; change that target to face-up Attack Position.', typeLine: 'Normal Spell', language: 'en' });
  assert.equal(taiyou.effects[0].targetFilter, 'a face-down monster on the field');
  assert.equal(parseFilter(taiyou.effects[0].targetFilter!.split(' ')).faceUp, false);
});
