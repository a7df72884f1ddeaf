// The notes of what a card's source was unsure of are typed (AssumedNote): engine/unknown-facts.ts tells them apart by
// kind. A responder's script conditions narrow which activations it answers; a hand activation's own condition says
// only when the card may come from the hand, and is a fact only of a link activated from there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AssumedNote, assumedNote, HAND_CONDITION, interpretEvent, makeCard } from '../server/src/core/internal';
import { sourceUnsure, LinkState } from '../server/src/core/engine/unknown-facts';

const ORIGIN = { kind: 'generated' as const, passcode: 1, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
const SCRIPT_CONDITION: AssumedNote = { kind: 'script-condition', text: 'conditions written in its script are assumed met' };

/** CL2: a Counter Trap answering a monster effect's activation, with these notes, activated from `zone`. */
function cl2(notes: AssumedNote[], zone: string): LinkState {
  const phrase = 'opponent activates a monster effect';
  const card = makeCard({ name: 'Probe Counter', cardType: 'counter trap', effects: [{ kind: 'activation', responds: [interpretEvent(phrase.split(' '), phrase)], assumed: notes }] }, ORIGIN);
  const range = ORIGIN.range;
  return { position: 2, stmt: { range }, inst: { name: card.name, card }, effect: card.effects[0], assumptions: [], unknownFacts: [], codes: [], activatedFrom: { zone } };
}

test('a responder with unread script conditions rests on which activations it answers', () => {
  const l = cl2([SCRIPT_CONDITION], 'field');
  sourceUnsure(l);
  assert.equal(l.unknownFacts.length, 1);
  assert.equal(l.unknownFacts[0].fact, 'event');
  assert.match(l.unknownFacts[0].what, /^which activations "Probe Counter" answers/);
});

test("a hand activation's own condition is that condition, from the hand only, never what the card answers", () => {
  const fromHand = cl2([HAND_CONDITION], 'hand');
  sourceUnsure(fromHand);
  assert.deepEqual(fromHand.unknownFacts.map((f) => [f.fact, f.what]), [['condition', `"Probe Counter": ${HAND_CONDITION.text} (its source was unsure)`]]);
  const fromField = cl2([HAND_CONDITION], 'field');
  sourceUnsure(fromField);
  assert.deepEqual(fromField.unknownFacts, []);
});

test('a note of no kind the engine reads is said in its words', () => {
  const l = cl2([assumedNote('the event is a guess of the test')], 'field');
  sourceUnsure(l);
  assert.equal(l.unknownFacts[0].fact, 'condition');
  assert.match(l.unknownFacts[0].what, /the event is a guess of the test \(its source was unsure\)/);
});
