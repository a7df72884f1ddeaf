// The common EDOPro condition idioms read into event details (issue 27, evscript): the reader of script conditions
// (scripts/lib/lua-facts.js, on small scripts written here, not copied from CardScripts), the record's words
// (generated-qualifiers.ts), the vocabulary that reads them back, and the engine's checks of the details it gains
// ("this card you control", "Summoned this way" by its own procedure, "attacked and destroyed an opponent's monster",
// a monster that "battles" in the Damage Step). An idiom the reader does not know keeps the condition unread.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze } from '../server/src/core/internal';
import { otherEventPhrase, selfEventPhrase } from '../server/src/core/cards/generated-qualifiers';
import { interpretEvent } from '../server/src/core/cards/vocabulary';
import { luaScript, repoRoot } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const luaFacts = require(path.join(repoRoot(), 'scripts/lib/lua-facts.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const effects = require(path.join(repoRoot(), 'scripts/cards/effects.js'));
const { effectRecord } = effects;

const SINGLE = 'EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O';
const FIELD = 'EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O';
/** The event field of the record of a script's first effect (`to_grave|d|...|!`). */
const eventField = (lua: string): string => effectRecord(luaFacts.readScript(lua).effects[0]).split(',')[4];
const phrase = (words: string) => interpretEvent(words.split(' '), words);

test('reader: a self destruction by the opponent\'s card effect, from your Monster Zone, read whole', () => {
  const cond = 'local c=e:GetHandler()\n\treturn c:IsReason(REASON_DESTROY) and rp~=tp and c:IsReason(REASON_EFFECT)\n\t\tand c:IsPreviousLocation(LOCATION_MZONE) and c:IsPreviousControler(tp)';
  assert.equal(eventField(luaScript(SINGLE, 'EFFECT_FLAG_DELAY', 'EVENT_TO_GRAVE', cond)), 'to_grave|d|p:o|b:e|f:M|c:y|!');
  const q = selfEventPhrase('to_grave', 'sent to gy', { codes: ['d', 'p:o', 'b:e', 'f:M', 'c:y'], complete: true });
  assert.deepEqual(q, { phrase: "this card you control is destroyed from field by opponent's card effect and sent to gy", read: true });
  const p = phrase(q.phrase);
  assert.ok(p.kind === 'card' && p.subject === 'self' && p.controlledBy === 'you' && p.by === 'effect' && p.actor === 'opponent' && p.toGy && !p.unknown.length);
  // From the hand it was its owner's: `c:y` says nothing more and adds no words.
  assert.deepEqual(selfEventPhrase('to_grave', 'sent to gy', { codes: ['f:H', 'c:y'], complete: true }), { phrase: 'sent to gy from hand', read: true });
});

test('reader: an undecoded part keeps the condition open (never a silent "met")', () => {
  const cond = 'local c=e:GetHandler()\n\treturn c:IsReason(REASON_DESTROY) and c:IsPreviousControler(tp) and c:GetTurnID()~=Duel.GetTurnCount()';
  assert.equal(eventField(luaScript(SINGLE, 'EFFECT_FLAG_DELAY', 'EVENT_TO_GRAVE', cond)), 'to_grave|d|c:y');
  const q = selfEventPhrase('to_grave', 'sent to gy', { codes: ['d', 'c:y'], complete: false });
  assert.equal(q.read, false);
});

test('reader: "Summoned this way" is by its own procedure, or by its own effect, as the script Summons it', () => {
  const procedure = '\tlocal e0=Effect.CreateEffect(c)\n\te0:SetCode(EFFECT_SPSUMMON_PROC)\n\te0:SetValue(1)\n';
  const cond = 'return e:GetHandler():GetSummonType()==SUMMON_TYPE_SPECIAL+1';
  const script = (more: string) => luaScript(SINGLE.replace('_O', '_F'), '', 'EVENT_SPSUMMON_SUCCESS', cond).replace('end\n', `${more}end\n`);
  assert.equal(eventField(script(procedure)), 'spsummon_success|h:proc|!');
  assert.equal(eventField(script('\tDuel.SpecialSummon(c,1,tp,tp,false,false,POS_FACEUP)\n')), 'spsummon_success|h:own|!');
  // Neither (another kind of Summon with that value): not read.
  assert.equal(eventField(script('')), 'spsummon_success');
  assert.deepEqual(selfEventPhrase('spsummon_success', 'special summoned', { codes: ['h:proc'], complete: true }), { phrase: 'special summoned by its own procedure', read: true });
  const p = phrase('special summoned by its own procedure');
  assert.ok(p.kind === 'card' && p.byOwnProcedure && !p.unknown.length);
});

test('reader: a monster of yours that destroyed an opponent\'s monster by battle (IsStatus(STATUS_OPPO_BATTLE)); what the effect can do is no qualifier', () => {
  const cond = 'local tc=eg:GetFirst()\n\treturn tc:IsControler(tp) and tc:IsRace(RACE_SPELLCASTER) and tc:CanChainAttack() and tc:IsStatus(STATUS_OPPO_BATTLE)';
  assert.equal(eventField(luaScript(FIELD, '', 'EVENT_BATTLE_DESTROYING', cond)), 'battle_destroying|c:y|r:spellcaster|ob|!');
  // `at`: the text's "attacked and destroyed" (effects.js withAttackerQualifier; EDOPro does not check it).
  const q = otherEventPhrase('battle_destroying', 'a qualifying monster destroys a monster by battle', { codes: ['c:y', 'r:spellcaster', 'ob', 'at'], complete: true });
  assert.deepEqual(q, { phrase: "a spellcaster monster you control attacks and destroys an opponent's monster by battle", read: true });
  const p = phrase(q.phrase);
  assert.ok(p.kind === 'card' && p.verb === 'destroys-by-battle' && p.attacker && p.opponentsMonster && !p.unknown.length);
});

test('reader: a merged Summon\'s filter: the target check and "still in the Monster Zone" are no qualifiers; "something to negate or ATK" is face-up', () => {
  const more = 'function s.cf(c,tp)\n\treturn c:IsSummonPlayer(1-tp) and c:IsCanBeEffectTarget(e) and c:IsLocation(LOCATION_MZONE) and (c:HasNonZeroAttack() or c:IsNegatableMonster())\nend\n';
  const lua = luaScript(FIELD, '', 'EVENT_SPSUMMON_SUCCESS', 'return eg:IsExists(s.cf,1,nil,tp)', more);
  assert.deepEqual(luaFacts.conditionQualifiers(lua, { code: 'EVENT_SPSUMMON_SUCCESS', hasCondition: true, condition: 's.con' }), { codes: ['p:o', 'u'], complete: true });
  assert.deepEqual(otherEventPhrase('spsummon_success', 'a qualifying monster is special summoned', { codes: ['p:o', 'u', 'nDS'], complete: true }), {
    phrase: 'opponent special summons a face-up monster except during the damage step',
    read: true,
  });
});

test('generator: an effect in the GY whose card is not among the event\'s is "while this card is in your GY", "other than this card" only where the text says it', () => {
  const record = 'T,o,f,it,destroyed|p:o|n|!,G,,,,kd';
  const card = (text: string) => ({ text: { en: text } });
  const run = (text: string) => {
    const records = [record];
    effects.withoutUnstatedOther(records, card(text));
    return records[0].split(',')[4];
  };
  assert.equal(run('If a monster you control is destroyed, while this card is in your GY: You can Set this card.'), 'destroyed|p:o|!');
  assert.equal(run('If another card you control is destroyed, while this card is in your GY: You can Set this card.'), 'destroyed|p:o|n|!');
  // No sentence names the GY condition: the script's reading stays.
  assert.equal(run('If a monster you control is destroyed: You can Set this card.'), 'destroyed|p:o|n|!');
});

test('reader: this card attacked and is still in its battle; who caused it and whose it was, written as comparisons; Summoned from the Extra Deck', () => {
  const attacked = 'local c=e:GetHandler()\n\treturn Duel.GetAttacker()==c and not c:IsStatus(STATUS_BATTLE_DESTROYED) and c:IsRelateToBattle()';
  assert.equal(eventField(luaScript(SINGLE, '', 'EVENT_BATTLE_DESTROYING', attacked)), 'battle_destroying|at|!');
  assert.deepEqual(selfEventPhrase('battle_destroying', 'destroys a monster by battle', { codes: ['at'], complete: true }), { phrase: 'attacks and destroys a monster by battle', read: true });
  const moved = 'local c=e:GetHandler()\n\treturn c:GetReasonPlayer()==1-tp and c:GetPreviousControler()==tp and c:IsPreviousLocation(LOCATION_ONFIELD)';
  assert.equal(eventField(luaScript(SINGLE, '', 'EVENT_LEAVE_FIELD', moved)), 'leave_field|p:o|c:y|f:M|!');
  // "Leaves the field" takes no `is`, and reads back whole.
  const left = selfEventPhrase('leave_field', 'leaves the field', { codes: ['c:y', 'f:M'], complete: true });
  assert.deepEqual(left, { phrase: 'this card you control leaves the field', read: true });
  assert.ok(phrase(left.phrase).kind === 'card' && !phrase(left.phrase).unknown.length);
  const more = 'function s.cf(c,tp)\n\treturn c:IsSummonLocation(LOCATION_EXTRA) and c:IsControler(1-tp)\nend\n';
  assert.equal(eventField(luaScript(FIELD, '', 'EVENT_SPSUMMON_SUCCESS', 'return eg:IsExists(s.cf,1,nil,tp)', more)), 'spsummon_success|f:X|c:o|!');
});

test('reader: utility.lua\'s battle conditions and a battle target alias: an opponent\'s monster, sent to the GY', () => {
  const read = (condition: string, lua = '') => luaFacts.conditionQualifiers(lua, { code: 'EVENT_BATTLE_DESTROYING', hasCondition: true, condition });
  assert.deepEqual(read('aux.bdogcon'), { codes: ['ob', 'g'], complete: true });
  assert.deepEqual(read('aux.bdcon'), { codes: [], complete: true });
  const cond = 'local c=e:GetHandler()\n\tlocal bc=c:GetBattleTarget()\n\treturn c:IsRelateToBattle() and bc:IsLocation(LOCATION_GRAVE) and bc:IsMonster() and bc:IsControler(1-tp)';
  assert.equal(eventField(luaScript(SINGLE, '', 'EVENT_BATTLE_DESTROYING', cond)), 'battle_destroying|g|ob|!');
  const q = selfEventPhrase('battle_destroying', 'destroys a monster by battle', { codes: ['ob', 'g'], complete: true });
  assert.deepEqual(q, { phrase: "destroys an opponent's monster by battle and sends it to gy", read: true });
  const p = phrase(q.phrase);
  assert.ok(p.kind === 'card' && p.verb === 'destroys-by-battle' && p.opponentsMonster && p.toGy && !p.unknown.length);
});

test('reader: a Link Monster by its kind\'s function, and a card sent as a cost', () => {
  const more = 'function s.cf(c,tp)\n\treturn c:IsLinkMonster() and c:IsControler(tp)\nend\n';
  assert.equal(eventField(luaScript(FIELD, '', 'EVENT_SPSUMMON_SUCCESS', 'return eg:IsExists(s.cf,1,nil,tp)', more)), 'spsummon_success|t:link|c:y|!');
  const cost = 'local c=e:GetHandler()\n\treturn c:IsReason(REASON_COST) and c:IsPreviousLocation(LOCATION_HAND)';
  assert.equal(eventField(luaScript(SINGLE, '', 'EVENT_TO_GRAVE', cost)), 'to_grave|co|f:H|!');
  const q = selfEventPhrase('to_grave', 'sent to gy', { codes: ['co', 'f:H'], complete: true });
  assert.deepEqual(q, { phrase: 'sent to gy from hand as cost', read: true });
  assert.ok(phrase(q.phrase).kind === 'card' && (phrase(q.phrase) as { asCost?: boolean }).asCost);
});

const CARDS = `card "Proc Angel": effect monster (fairy, light, level 8, atk 2800, def 2300)
  trigger mandatory if special summoned by its own procedure

card "Steady Keeper": effect monster (fiend, light, level 4, atk 1000, def 1000)
  trigger optional if this card you control is destroyed by opponent's card effect and sent to gy, from gy

card "Prophecy Test": normal trap
  responds to a spellcaster monster you control attacks and destroys an opponent's monster by battle, damage step, during the end of the damage step

card "Light Helper": effect monster (fairy, light, level 4, atk 1100, def 1900)
  quick optional when a light monster you control battles, from hand, during the damage step, damage step, changes atk, cost send itself to gy
`;

function problems(body: string): string[] {
  const a = analyze(`${CARDS}\nscenario "t"\n  players Yugi, Kaiba\n${body}`);
  return a.scenarios[0].diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}${d.link ? ` at CL${d.link}` : ''}`);
}

test('engine: "Summoned this way" is met by its own procedure (a game action), not by an effect\'s Special Summon', () => {
  assert.deepEqual(problems('  turn Yugi\n  Yugi special summons "Proc Angel"\n  chain\n    1 Yugi "Proc Angel"\n'), []);
  const reborn = '  turn Yugi\n  Yugi hand: "Monster Reborn"\n  Yugi gy: "Proc Angel"\n  chain\n    1 Yugi "Monster Reborn" target "Proc Angel" -> special summon "Proc Angel"\n  chain\n    1 Yugi "Proc Angel"\n';
  assert.deepEqual(problems(reborn), ['condition-qualifier at CL1']);
});

test('engine: "this card you control is destroyed": met while you controlled it', () => {
  const mine = '  turn Kaiba\n  Yugi field: "Steady Keeper"\n  Kaiba hand: "Fissure"\n  chain\n    1 Kaiba "Fissure" -> destroy "Steady Keeper"\n  chain\n    1 Yugi "Steady Keeper"\n';
  assert.deepEqual(problems(mine), []);
});

test('engine: "attacked and destroyed an opponent\'s monster": not met by a monster that was attacked', () => {
  const base = (turn: string, attack: string) =>
    `  turn ${turn}\n  phase battle\n  Yugi field: "Dark Magician", set "Prophecy Test"\n  Kaiba field: "Gemini Elf"\n  ${attack}\n  battle destroys "Gemini Elf"\n  end of damage step\n  chain\n    1 Yugi "Prophecy Test"\n`;
  assert.deepEqual(problems(base('Yugi', 'Yugi attacks "Gemini Elf" with "Dark Magician"')), []);
  assert.deepEqual(problems(base('Kaiba', 'Kaiba attacks "Dark Magician" with "Gemini Elf"')), ['nothing-to-answer at CL1']);
});

test('engine: a Quick Effect "when a LIGHT monster you control battles" answers the battle going on in the Damage Step', () => {
  const battle = (mine: string) =>
    `  turn Yugi\n  phase battle\n  Yugi field: "${mine}"\n  Yugi hand: "Light Helper"\n  Kaiba field: "Gemini Elf"\n  Yugi attacks "Gemini Elf" with "${mine}"\n  phase damage-step\n  chain\n    1 Yugi "Light Helper" from hand cost: send "Light Helper" to gy\n`;
  assert.deepEqual(problems(battle('Cyber Dragon')), []);
  assert.notDeepEqual(problems(battle('Dark Magician')), []);
});
