// State conditions (R79) as a card fact: the `while` words read and printed in one form, the Lua reader's
// conditions of a script's condition function (scripts/lib/lua-facts.js stateConditions, on made-up snippets), and
// the English reader's (infer/english-conditions.ts). The rule itself is tested through its samples
// (samples/rules/R79-state-conditions.segoc: golden and expectations).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { CONDITION_PHRASES, englishConditions, printConditions, readConditions } from '../server/src/core/internal';

const root = path.resolve(__dirname, '../..');
const lua = require(path.join(root, 'scripts/lib/lua-facts.js'));

const words = (s: string) => (s.match(/"[^"]*"|\S+/g) ?? []).map((w) => (w.startsWith('"') ? w : w.toLowerCase()));

test('conditions: every phrase completion offers reads, and prints back as written', () => {
  for (const phrase of CONDITION_PHRASES) {
    const body = phrase.replace(/^while /, '').replace('"X"', '"Neo Space"');
    const read = readConditions(words(body), body);
    assert.ok(read, phrase);
    assert.equal(printConditions(read!), `while ${body}`, phrase);
  }
});

test('conditions: several join with `and`; a face-up filter that names an archetype has one form', () => {
  const read = readConditions(words('you control no cards and it is the only card in your hand'), 'you control no cards and it is the only card in your hand');
  assert.deepEqual(read, [
    { kind: 'controls', who: 'you', count: 'none', filter: { category: 'card' } },
    { kind: 'self', state: 'only-card-in-hand' },
  ]);
  const rikka = readConditions(words('you control a face-up "Rikka" monster'), 'you control a face-up "Rikka" monster');
  assert.deepEqual(rikka, [{ kind: 'controls', who: 'you', count: 1, filter: { category: 'monster', archetypes: ['Rikka'] } }]);
  assert.equal(readConditions(words('you control something odd'), 'you control something odd'), undefined, 'words it does not know are not a condition');
});

/** The state conditions a condition function states, through the reader's codes. */
function conditionsOf(body: string): unknown[] {
  const script = `local s,id=GetID()\nfunction s.initial_effect(c)\n\tlocal e1=Effect.CreateEffect(c)\n\te1:SetType(EFFECT_TYPE_ACTIVATE)\n\te1:SetCode(EVENT_FREE_CHAIN)\n\te1:SetCondition(s.condition)\n\tc:RegisterEffect(e1)\nend\nfunction s.condition(e,tp,eg,ep,ev,re,r,rp)\n\treturn ${body}\nend\n`;
  const q = lua.readScript(script).effects[0].qualifiers;
  return q.codes.filter((c: string) => c.startsWith('C:')).map((c: string) => JSON.parse(decodeURIComponent(c.slice(2))));
}

test('lua reader: what a player controls or has, read from the condition function', () => {
  assert.deepEqual(conditionsOf('not Duel.IsExistingMatchingCard(Card.IsFaceup,tp,LOCATION_ONFIELD,0,1,nil)'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'card', faceUp: true } }]);
  assert.deepEqual(conditionsOf('Duel.GetFieldGroupCount(tp,LOCATION_MZONE,0)==0'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'monster' } }]);
  assert.deepEqual(conditionsOf('Duel.GetFieldGroupCount(e:GetHandlerPlayer(),LOCATION_GRAVE,0)==0'), [{ kind: 'holds', who: 'you', zone: 'gy', count: 'none', filter: { category: 'card' } }]);
  assert.deepEqual(conditionsOf('Duel.IsExistingMatchingCard(aux.FaceupFilter(Card.IsSetCard,SET_RIKKA),tp,LOCATION_MZONE,0,1,nil)'), [{ kind: 'controls', who: 'you', count: 1, filter: { category: 'monster', faceUp: true, archetypes: ['SET:RIKKA'] } }]);
  assert.deepEqual(conditionsOf('Duel.GetFieldGroupCount(tp,0,LOCATION_MZONE)>=2'), [{ kind: 'controls', who: 'opponent', count: 2, filter: { category: 'monster' } }]);
  assert.deepEqual(conditionsOf('Duel.IsEnvironment(42015635)'), [{ kind: 'on-field', name: '#42015635' }]);
  assert.deepEqual(conditionsOf('e:GetHandler():GetOverlayCount()>0'), [{ kind: 'self', state: 'has-material' }]);
  // Another card's effect that lifts the condition (PSY-Frame Lambda) is not the card's own text.
  assert.deepEqual(conditionsOf('(Duel.GetFieldGroupCount(tp,LOCATION_MZONE,0)==0 or Duel.IsPlayerAffectedByEffect(tp,CARD_PSYFRAME_LAMBDA))'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'monster' } }]);
  // Anything else of control flow says nothing.
  assert.deepEqual(conditionsOf('Duel.GetFieldGroupCount(tp,LOCATION_MZONE,0)==0 or Duel.GetLP(tp)<1000'), []);
});

test('text inference: state conditions from the words before the colon', () => {
  assert.equal(englishConditions('If you control no face-up cards'), 'you control no face-up cards');
  assert.equal(englishConditions('While you control no cards and this is the only card in your hand, when an opponent\'s monster declares an attack'), 'you control no cards and it is the only card in your hand');
  assert.equal(englishConditions('When your opponent activates a monster effect while you control a "Rikka" monster (Quick Effect)'), 'you control a "Rikka" monster');
  assert.equal(englishConditions('If 3 or more attacks have been declared this turn (Quick Effect)'), '3 or more attacks were declared this turn');
  assert.equal(englishConditions('If you have no cards in your GY (Quick Effect)'), 'you have no cards in gy');
  // "or the only face-up monsters you control are ...": an alternative it does not hold; half of it would be stricter.
  assert.equal(englishConditions('If you control no face-up monsters, or the only face-up monsters you control are LIGHT Fiend monsters'), undefined);
});
