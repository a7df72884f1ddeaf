// State conditions (R79) as a card fact: the `while` words read and printed in one form, the Lua reader's
// conditions of a script's condition function (scripts/lib/lua-facts.js stateConditions, on made-up snippets), and
// the English reader's (infer/english-conditions.ts). The rule itself is tested through its samples
// (samples/rules/R79-state-conditions.segoc: golden and expectations).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze, CONDITION_PHRASES, englishConditions, englishHandCondition, printConditions, readConditions } from '../server/src/core/internal';

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
function conditionsOf(body: string, more = ''): unknown[] {
  const script = `local s,id=GetID()\nfunction s.initial_effect(c)\n\tlocal e1=Effect.CreateEffect(c)\n\te1:SetType(EFFECT_TYPE_ACTIVATE)\n\te1:SetCode(EVENT_FREE_CHAIN)\n\te1:SetCondition(s.condition)\n\tc:RegisterEffect(e1)\nend\nfunction s.condition(e,tp,eg,ep,ev,re,r,rp)\n\t${body.includes('\n') ? body : `return ${body}`}\nend\n${more}`;
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
  // "or the only face-up monsters you control are ...": read whole, never half (half would be stricter than the text).
  assert.equal(englishConditions('If you control no face-up monsters, or the only face-up monsters you control are LIGHT Fiend monsters'), 'you control no face-up monsters other than light fiend monsters');
  assert.equal(englishConditions('If your opponent controls a monster with higher ATK than your LP'), 'opponent controls a monster with more atk than your lp');
  assert.equal(englishConditions('Once per turn, during the End Phase, if both players control the same number of monsters'), 'both players control the same number of monsters');
  assert.equal(englishConditions('If this card has a "Utopia" monster as material'), 'it has a "Utopia" monster as material');
  assert.equal(englishHandCondition('At the end of the Battle Phase, ...: You can do it. If you control no cards, you can activate this card from your hand.'), 'you control no cards');
  assert.equal(englishHandCondition('You can activate this card from your hand.'), undefined);
});

test('conditions: the new kinds read into one form (issue 27: Fiendsmith\'s Sanct, Gold Pride, Mystic Mine, Ultimate Falcon)', () => {
  const read = (s: string) => readConditions(words(s), s);
  assert.deepEqual(read('you control no face-up monsters other than light fiend monsters'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'monster', faceUp: true }, except: { category: 'monster', attributes: ['light'], races: ['fiend'] } }]);
  assert.deepEqual(read('opponent controls a monster with more atk than your lp'), [{ kind: 'atk-above-lp', who: 'opponent', lp: 'you' }]);
  assert.deepEqual(read('both players control the same number of monsters'), [{ kind: 'same-count', category: 'monster' }]);
  assert.deepEqual(read('it has a "Raidraptor" monster as material'), [{ kind: 'self', state: 'has-material', filter: { category: 'monster', archetypes: ['Raidraptor'] } }]);
  // "other than this card" stays the filter's own words, not an exception.
  assert.equal(read('you control no monsters other than this card')?.[0]?.kind === 'controls' && 'except' in read('you control no monsters other than this card')![0], false);
});

test('lua reader: the script idioms of the new kinds', () => {
  assert.deepEqual(conditionsOf('Duel.IsExistingMatchingCard(s.spcfilter,tp,0,LOCATION_MZONE,1,nil,Duel.GetLP(tp))', 'function s.spcfilter(c,lp)\n\treturn c:IsFaceup() and c:GetAttack()>lp\nend\n'), [{ kind: 'atk-above-lp', who: 'opponent', lp: 'you' }]);
  assert.deepEqual(conditionsOf('Duel.GetFieldGroupCount(tp,LOCATION_MZONE,0)==Duel.GetFieldGroupCount(tp,0,LOCATION_MZONE)'), [{ kind: 'same-count', category: 'monster' }]);
  assert.deepEqual(conditionsOf('e:GetHandler():GetOverlayGroup():IsExists(Card.IsSetCard,1,nil,SET_RAIDRAPTOR)'), [{ kind: 'self', state: 'has-material', filter: { category: 'card', archetypes: ['SET:RAIDRAPTOR'] } }]);
  const sanct = 'local g=Duel.GetMatchingGroup(Card.IsFaceup,tp,LOCATION_MZONE,0,nil)\n\treturn #g==0 or g:FilterCount(s.confilter,nil)==#g';
  assert.deepEqual(conditionsOf(sanct, 'function s.confilter(c)\n\treturn c:IsAttribute(ATTRIBUTE_LIGHT) and c:IsRace(RACE_FIEND)\nend\n'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'monster', faceUp: true }, except: { category: 'monster', attributes: ['light'], races: ['fiend'] } }]);
  assert.deepEqual(conditionsOf('not Duel.IsExistingMatchingCard(s.cfilter,tp,LOCATION_MZONE,0,1,nil)', 'function s.cfilter(c)\n\treturn c:IsFacedown() or not c:IsRace(RACE_FAIRY)\nend\n'), [{ kind: 'controls', who: 'you', count: 'none', filter: { category: 'monster' }, except: { category: 'monster', races: ['fairy'] } }]);
});

/** R79 on made-up cards: the codes of one scenario's diagnostics, and its links' assumptions. */
function r79(body: string): { codes: string[]; assumed: string[] } {
  const cards = 'card "Set Trigger": normal trap\n  activation\n  trigger optional if destroyed, from gy, while it is set\n\ncard "Mat Xyz": xyz monster (warrior, light, rank 4, atk 2000, def 2000)\n  ignition, cost detach 1\n  quick optional, while it has material\n  quick optional, while it has a "Gem-Knight" monster as material\n\ncard "Gem-Knight Test": normal monster (rock, earth, level 4, atk 1800, def 0)\n  archetype "Gem-Knight"\n\ncard "Plain Test": normal monster (rock, earth, level 4, atk 1800, def 0)\n  archetype none\n';
  const sc = analyze(`${cards}\nscenario "t"\n  players Yugi, Kaiba\n${body}`).scenarios[0];
  return { codes: sc.diagnostics.filter((d) => d.severity !== 'information' || d.code === 'state-condition').map((d) => `${d.code}${d.link ? ` at CL${d.link}` : ''}`), assumed: sc.chains.flatMap((c) => c.links.flatMap((l) => l.assumptions)) };
}

test('R79: "it is Set" is not met where the scenario shows the card face-up before it left the field', () => {
  const destroyed = (board: string) => r79(`  turn Kaiba\n  Yugi field: ${board}\n  Kaiba hand: "Mystical Space Typhoon"\n  chain\n    1 Kaiba "Mystical Space Typhoon" target "Set Trigger"\n  chain\n    1 Yugi "Set Trigger" effect 2\n`);
  assert.deepEqual(destroyed('set "Set Trigger"').codes, []);
  assert.deepEqual(destroyed('"Set Trigger"').codes, ['state-condition at CL1']);
});

test('R79: material, where the scenario shows it with the Xyz Summon: met, none left, none of the kind; else assumed', () => {
  const summoned = (using: string, chains: string) => r79(`  turn Yugi\n  Yugi xyz summons "Mat Xyz" using ${using}\n${chains}`);
  assert.deepEqual(summoned('"Gemini Elf", "Sangan"', '  chain\n    1 Yugi "Mat Xyz" effect 2\n').codes, []);
  // Its only material detached as the cost of its first effect: none left.
  assert.deepEqual(summoned('"Gemini Elf"', '  chain\n    1 Yugi "Mat Xyz" effect 1 cost: send "Gemini Elf" to gy\n  chain\n    1 Yugi "Mat Xyz" effect 2\n').codes, ['state-condition at CL1']);
  assert.deepEqual(summoned('"Gem-Knight Test", "Sangan"', '  chain\n    1 Yugi "Mat Xyz" effect 3\n').codes, []);
  assert.deepEqual(summoned('"Plain Test"', '  chain\n    1 Yugi "Mat Xyz" effect 3\n').codes, ['state-condition at CL1']);
  // A material whose archetypes the library does not list: not known either way, assumed.
  assert.deepEqual(summoned('"Gemini Elf"', '  chain\n    1 Yugi "Mat Xyz" effect 3\n').codes, []);
  // On the board from the start: its material is not shown, so the condition is assumed and said.
  const board = r79('  turn Yugi\n  Yugi field: "Mat Xyz"\n  chain\n    1 Yugi "Mat Xyz" effect 3\n');
  assert.deepEqual(board.codes, []);
  assert.ok(board.assumed.some((a) => /"while it has a "Gem-Knight" monster as material" is assumed met: the scenario does not show all of its material/.test(a)), board.assumed.join(' | '));
});
