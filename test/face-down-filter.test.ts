// Issue 29 (a target that turned face-up or face-down): the words `face-down` and `set` in a filter are a face-down
// card, read one way by the card-line filter reader and by the text inference ("Target 1 Set Spell/Trap"), and an
// event subject's face-down filter is checked, not dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFilter } from '../server/src/core/cards/vocabulary/filters';
import { inferEffects } from '../server/src/core/infer';
import { analyze } from '../server/src/core/analyze';
import { cardToSegoc } from '../server/src/core/cards/to-segoc';

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

test('text inference: "Target 1 Set card; destroy that target" rechecks the face-down filter, "destroy it" does not', () => {
  const cyclone = inferEffects({ text: 'Target 1 Set Spell/Trap on the field; destroy it.', typeLine: 'Normal Spell', language: 'en' });
  // "destroy it": it targets a Set card, and the target is not rechecked at resolution (PSCT, W135).
  assert.equal(cyclone.effects[0].targetFilter, 'a face-down spell or trap on the field');
  assert.equal(cyclone.effects[0].targetNotRechecked, true);
  const marksman = inferEffects({ text: 'Target 1 Set card your opponent controls; destroy that target.', typeLine: 'Normal Spell', language: 'en' });
  assert.equal(marksman.effects[0].targetFilter, 'a face-down card your opponent controls');
  assert.equal(marksman.effects[0].targetNotRechecked, undefined);
  // The same for a face-up filter (W161): "banish it" is not rechecked, "banish that target" is.
  const it = inferEffects({ text: 'Target 1 face-up card on the field; banish it.', typeLine: 'Normal Trap', language: 'en' });
  assert.equal(it.effects[0].targetFilter, 'a face-up card on the field');
  assert.equal(it.effects[0].targetNotRechecked, true);
  const that = inferEffects({ text: 'Target 1 face-up monster your opponent controls; banish that target.', typeLine: 'Normal Trap', language: 'en' });
  assert.equal(that.effects[0].targetNotRechecked, undefined);
  // No face in the filter: nothing to recheck, nothing said.
  const plain = inferEffects({ text: 'Target 1 card on the field; destroy it.', typeLine: 'Normal Spell', language: 'en' });
  assert.equal(plain.effects[0].targetNotRechecked, undefined);
  const taiyou = inferEffects({ text: 'Target 1 face-down monster on the field; change that target to face-up Attack Position.', typeLine: 'Normal Spell', language: 'en' });
  assert.equal(taiyou.effects[0].targetFilter, 'a face-down monster on the field');
  assert.equal(parseFilter(taiyou.effects[0].targetFilter!.split(' ')).faceUp, false);
});

const FACE_DOWN_IN_RESPONSE = (cardLine: string, does: string) => `card "Test Trap": normal trap
  activation, targets a face-up monster, ${cardLine}does ${does}

scenario "the target is turned face-down in response"
  rules tcg
  players Yugi, Kaiba
  turn Kaiba
  phase main1
  Yugi field: set "Test Trap"
  Kaiba field: "Cyber Dragon", set "Book of Moon"
  chain
    1 Yugi "Test Trap" target "Cyber Dragon"
    2 Kaiba "Book of Moon" target "Cyber Dragon"
`;

function resolvedCl1(text: string): string {
  const scenario = analyze(text).scenarios[0];
  const cl1 = scenario.chains[0].links.find((l) => l.position === 1)!;
  return JSON.stringify(cl1.resolution);
}

test('R44: `target not rechecked` ("banish it") acts on a target turned face-down; "that target" does not (W161)', () => {
  const it = resolvedCl1(FACE_DOWN_IN_RESPONSE('target not rechecked, ', 'banish target'));
  assert.match(it, /"kind":"banishes"/);
  assert.doesNotMatch(it, /not-applied/);
  const that = resolvedCl1(FACE_DOWN_IN_RESPONSE('', 'banish target'));
  assert.match(that, /"reason":"target-changed","at":"face-down"/);
  // A negation needs a face-up monster whatever the wording: "negate its effects" is still not applied.
  const negate = resolvedCl1(FACE_DOWN_IN_RESPONSE('target not rechecked, ', 'negate effects target'));
  assert.match(negate, /"reason":"target-changed","at":"face-down"/);
});

test('`target not rechecked` is read and printed back by the card line (the property table)', () => {
  const text = FACE_DOWN_IN_RESPONSE('target not rechecked, ', 'banish target');
  const card = analyze(text).fileCards.find((c) => c.name === 'Test Trap')!;
  assert.equal(card.effects[0].targetNotRechecked, true);
  assert.match(cardToSegoc(card), /targets a face-up monster, target not rechecked/);
});
