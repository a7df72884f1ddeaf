// Event details and timing qualifiers as facts the engine checks (issue 27, class 2, helper evdetail): the words of
// the event vocabulary ("by a direct attack", "except during the damage step", "targeting", "that targets", "used
// as synchro material") and of activation windows ("during the end of the damage step", "during the start of your
// main phase 1"); the generator's readers of them (scripts/lib/lua-facts.js on small scripts written here, not copied
// from CardScripts; scripts/cards/effects.js on made-up text); the engine's checks; and the measure's details.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze, interpretEvent } from '../server/src/core/internal';
import { WINDOWS } from '../server/src/core/cards/generated-record';
import { englishMoment } from '../server/src/core/infer/english';
import { luaScript, repoRoot } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const luaFacts = require(path.join(repoRoot(), 'scripts/lib/lua-facts.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { effectRecord, effectsOf } = require(path.join(repoRoot(), 'scripts/cards/effects.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { matchPattern } = require(path.join(repoRoot(), 'scripts/lib/fact-accuracy.js'));

const event = (phrase: string) => interpretEvent(phrase.split(' '), phrase);

test('vocabulary: direct attacks, the Damage Step exclusion, an attack\'s target, an activation\'s targets, material by kind', () => {
  const wattcobra = event('inflicts battle damage by a direct attack');
  assert.deepEqual(wattcobra.kind === 'card' && [wattcobra.subject, wattcobra.verb, wattcobra.by, wattcobra.direct, wattcobra.unknown], ['self', 'inflicts-damage', 'battle', true, []]);
  const damage = event('opponent takes battle damage by a direct attack');
  assert.ok(damage.kind === 'damage' && damage.direct && damage.battle && damage.who === 'opponent');
  const leaves = event("a monster you control leaves the field by opponent's card effect except during the damage step");
  assert.ok(leaves.kind === 'card' && leaves.actor === 'opponent');
  assert.deepEqual(leaves.kind === 'card' && leaves.notInPhases, ['damage-step']);
  const summon = event('opponent special summons a monster except during the damage step');
  assert.deepEqual(summon.kind === 'card' && [summon.notInPhases, summon.unknown], [['damage-step'], []]);
  const attack = event('opponent declares an attack targeting a face-up monster you control');
  assert.deepEqual(attack.kind === 'attack' && [attack.actor, attack.target], ['opponent', { faceUp: true, category: 'monster', controller: 'you' }]);
  const activation = event('opponent activates a card or effect that targets a monster you control');
  assert.deepEqual(activation.kind === 'activation' && [activation.what, activation.targets, activation.includes], [['any'], { category: 'monster', controller: 'you' }, undefined]);
  const material = event('used as synchro material');
  assert.deepEqual(material.kind === 'card' && material.methods, ['synchro']);
});

/** A script of one effect of `type` on `code` whose condition is `cond` (plus the functions in `more`). */
function script(type: string, code: string, cond: string, more = ''): string {
  return luaScript(type, '', code, cond, more);
}
const record = (lua: string): string => effectRecord(luaFacts.readScript(lua).effects[0]);

test('reader: the event\'s first card, what an activation targets, the start of a phase, the end of the Battle Phase, material by kind', () => {
  // D - Counter's kind of condition: the attack's target (`local tc=eg:GetFirst()`).
  assert.equal(record(script('EFFECT_TYPE_ACTIVATE', 'EVENT_BE_BATTLE_TARGET', 'local tc=eg:GetFirst()\n\treturn tc:IsControler(tp) and tc:IsPosition(POS_FACEUP)')), 'A,o,s,,be_battle_target|c:y|u|!,,,,,k');
  // Megalith Aratron's kind: a guard, the activation's target group, a filter of it.
  const targets = script(
    'EFFECT_TYPE_QUICK_O',
    'EVENT_CHAINING',
    'if not (re:IsHasProperty(EFFECT_FLAG_CARD_TARGET) and rp==1-tp) then return false end\n\tlocal tg=Duel.GetChainInfo(ev,CHAININFO_TARGET_CARDS)\n\treturn tg and tg:IsExists(s.f,1,nil,tp)',
    'function s.f(c,tp)\n\treturn c:IsOnField() and c:IsControler(tp)\nend\n',
  );
  assert.equal(record(targets), 'Q,o,s,,chaining|xt|p:o|Tc:y|!,,,,,k');
  // "exactly 1" target is read (`T1`) but has no words: the condition stays open in the library.
  const one = script('EFFECT_TYPE_QUICK_O', 'EVENT_CHAINING', 'if rp==tp or not re:IsHasProperty(EFFECT_FLAG_CARD_TARGET) then return false end\n\tlocal tg=Duel.GetChainInfo(ev,CHAININFO_TARGET_CARDS)\n\tif not tg or #tg~=1 then return false end\n\tlocal tc=tg:GetFirst()\n\treturn tc:IsControler(tp)');
  assert.equal(record(one), 'Q,o,s,,chaining|p:o|xt|T1|Tc:y|!,,,,,k');
  assert.equal(record(script('EFFECT_TYPE_ACTIVATE', 'EVENT_FREE_CHAIN', 'return Duel.IsPhase(PHASE_MAIN1) and not Duel.CheckPhaseActivity()')), 'A,o,s,,|P:m1|P:s|!,,,,,k');
  assert.equal(record(script('EFFECT_TYPE_ACTIVATE', 'EVENT_FREE_CHAIN', 'return Duel.GetCurrentPhase()==PHASE_BATTLE')), 'A,o,s,,|P:eb|!,,,,,k');
  assert.equal(record(script('EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O', 'EVENT_BE_MATERIAL', 'return r==REASON_SYNCHRO')), 'T,o,s,ws,be_material|h:synchro|!,,,,,k');
});

test('generator: the text\'s "(except during the Damage Step)" goes to the one record on the event it names; a moment of a phase to the activation', () => {
  const trigger = script('EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O', 'EVENT_LEAVE_FIELD', 'return rp==1-tp');
  const card = { text: { en: 'If a monster you control leaves the field by an opponent\'s card effect (except during the Damage Step): You can draw 1 card.' } };
  assert.deepEqual(effectsOf(card, 'M:Effect', luaFacts.readScript(trigger), undefined).effects, ['T,o,f,ws,leave_field|p:o|nDS|!,,,,,k']);
  // Nothing the sentence names: nothing read.
  const other = { text: { en: 'If a monster is destroyed (except during the Damage Step): You can draw 1 card.' } };
  assert.deepEqual(effectsOf(other, 'M:Effect', luaFacts.readScript(trigger), undefined).effects, ['T,o,f,ws,leave_field|p:o|!,,,,,k']);
  const trap = script('EFFECT_TYPE_ACTIVATE', 'EVENT_FREE_CHAIN', 'return Duel.GetCurrentPhase()==PHASE_BATTLE');
  const evenly = { text: { en: 'At the end of the Battle Phase, if your opponent controls more cards than you do: Banish cards.' } };
  const windowCodes = Object.fromEntries(Object.entries(WINDOWS).map(([code, phrase]) => [phrase, code]));
  assert.deepEqual(effectsOf(evenly, 'T:Normal', luaFacts.readScript(trap), undefined, windowCodes, undefined, undefined, undefined, englishMoment).effects, ['A,o,s,,|P:eb|!,,,,,k,eeb,t']);
});

const CARDS = `card "Direct Striker": effect monster (thunder, light, level 4, atk 1000, def 500)
  trigger mandatory when inflicts battle damage by a direct attack

card "Field Keeper": effect monster (spellcaster, dark, level 4, atk 1000, def 1000)
  trigger optional if a monster you control leaves the field by opponent's card effect except during the damage step, from hand

card "Guard Counter": normal trap
  responds to opponent declares an attack targeting a face-up spellcaster monster you control

card "Target Ward": effect monster (spellcaster, dark, level 4, atk 1000, def 1000)
  quick optional when opponent activates a card or effect that targets a monster you control, from hand

card "Battle End Trap": normal trap
  activation, during the end of the battle phase

card "Late Step Trap": normal trap
  activation, during the end of the damage step

card "Opening Pot": normal spell
  activation, during the start of your main phase 1
`;

function check(body: string, turn = 'Yugi'): { errors: string[]; assumptions: string[] } {
  const a = analyze(`${CARDS}\nscenario "t"\n  players Yugi, Kaiba\n  turn ${turn}\n${body}`);
  const s = a.scenarios[0];
  return {
    errors: s.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}${d.link ? ` at CL${d.link}` : ''}`),
    assumptions: s.chains.flatMap((c) => c.links.flatMap((l) => l.assumptions)),
  };
}

test('engine: "by a direct attack" is the damage of an attack with no target', () => {
  const battle = (attack: string) => `  phase battle\n  Yugi field: "Direct Striker"\n  Kaiba field: "Mystic Tomato"\n  ${attack}\n  damage calculation\n  Kaiba takes 600 battle damage\n  chain\n    1 Yugi "Direct Striker"\n`;
  assert.deepEqual(check(battle('Yugi attacks directly with "Direct Striker"')).errors, []);
  assert.deepEqual(check(battle('Yugi attacks "Mystic Tomato" with "Direct Striker"')).errors, ['condition-qualifier at CL1']);
});

test('engine: "by opponent\'s card effect" and "except during the damage step"', () => {
  const hole = (who: string) => `  turn ${who}\n  Yugi field: "Gemini Elf"\n  Yugi hand: "Field Keeper"\n  ${who} hand: "Dark Hole"\n  chain\n    1 ${who} "Dark Hole" -> destroy "Gemini Elf"\n  chain\n    1 Yugi "Field Keeper"\n`;
  assert.deepEqual(check(hole('Kaiba').replace('  turn Kaiba\n', ''), 'Kaiba').errors, []);
  assert.deepEqual(check(hole('Yugi').replace('  turn Yugi\n', '')).errors, ['condition-qualifier at CL1']);
});

test('engine: an attack\'s target and an activation\'s targets against their filters', () => {
  const attack = (target: string) => `  turn Kaiba\n  phase battle\n  Yugi field: "Dark Magician", "Sangan", set "Guard Counter"\n  Kaiba field: "Mystic Tomato"\n  Kaiba attacks "${target}" with "Mystic Tomato"\n  chain\n    1 Yugi "Guard Counter"\n`;
  assert.deepEqual(check(attack('Dark Magician').replace('  turn Kaiba\n', ''), 'Kaiba').errors, []);
  assert.deepEqual(check(attack('Sangan').replace('  turn Kaiba\n', ''), 'Kaiba').errors, ['nothing-to-answer at CL1']);
  const moon = (target: string) => `  Yugi field: "Dark Magician"\n  Kaiba field: "Mystic Tomato"\n  Kaiba hand: "Book of Moon"\n  Yugi hand: "Target Ward"\n  chain\n    1 Kaiba "Book of Moon" target "${target}"\n    2 Yugi "Target Ward"\n`;
  assert.deepEqual(check(moon('Dark Magician'), 'Kaiba').errors, []);
  assert.deepEqual(check(moon('Mystic Tomato'), 'Kaiba').errors, ['must-chain-directly at CL2']);
  // The link writes no target: what it targets is assumed, and said.
  const unwritten = check(`  Kaiba hand: "Book of Moon"\n  Yugi hand: "Target Ward"\n  chain\n    1 Kaiba "Book of Moon"\n    2 Yugi "Target Ward"\n`, 'Kaiba');
  assert.deepEqual(unwritten.errors, []);
  assert.ok(unwritten.assumptions.some((a) => /taken to meet/.test(a)), unwritten.assumptions.join('; '));
});

test('engine (R37): the end of the Battle Phase, the end of the Damage Step, the start of Main Phase 1', () => {
  const endOfBattle = check(`  phase battle\n  Yugi field: set "Battle End Trap"\n  end of battle phase\n  chain\n    1 Yugi "Battle End Trap"\n`);
  assert.deepEqual(endOfBattle.errors, []);
  assert.deepEqual(check(`  phase main2\n  Yugi field: set "Battle End Trap"\n  chain\n    1 Yugi "Battle End Trap"\n`).errors, ['activation-condition at CL1']);
  const step = (part: string) => `  phase battle\n  Yugi field: "Dark Magician", set "Late Step Trap"\n  Kaiba field: "Mystic Tomato"\n  Yugi attacks "Mystic Tomato" with "Dark Magician"\n  damage calculation\n  ${part}\n  chain\n    1 Yugi "Late Step Trap"\n`;
  assert.deepEqual(check(step('end of damage step')).errors, []);
  assert.deepEqual(check(step('after damage calculation')).errors, ['activation-condition at CL1']);
  const pot = check(`  phase main1\n  Yugi hand: "Opening Pot"\n  chain\n    1 Yugi "Opening Pot"\n`);
  assert.deepEqual(pot.errors, []);
  assert.ok(pot.assumptions.some((a) => /nothing else was done in this phase/.test(a)), pot.assumptions.join('; '));
  assert.deepEqual(check(`  phase main2\n  Yugi hand: "Opening Pot"\n  chain\n    1 Yugi "Opening Pot"\n`).errors, ['activation-condition at CL1']);
});

test('measure: the set\'s event details are the library\'s, or the event is not right', () => {
  const lib = { kind: 'card', subject: 'self', verb: 'inflicts-damage', by: 'battle', direct: true };
  assert.equal(matchPattern({ kind: 'card', subject: 'self', verb: 'inflicts-damage', by: ['battle'], direct: true }, lib), true);
  assert.equal(matchPattern({ kind: 'card', subject: 'self', verb: 'inflicts-damage', by: ['battle'] }, lib), false);
  assert.equal(matchPattern({ kind: 'card', subject: 'any', verb: 'added-to-hand', notInPhases: ['draw'] }, { kind: 'card', subject: {}, verb: 'added-to-hand', notInPhases: ['draw', 'damage-step'] }), false);
  const target = { kind: 'attack', actor: 'opponent', target: { controller: 'you', archetypes: ['Destiny HERO'], faceUp: true, category: 'monster' } };
  assert.equal(matchPattern({ kind: 'attack', actor: 'opponent', target: { controller: 'you', archetypes: ['Destiny HERO'] } }, target), true);
  assert.equal(matchPattern({ kind: 'attack', actor: 'opponent' }, target), false);
  assert.equal(matchPattern({ kind: 'activation', actor: 'opponent', what: ['any'], targets: { controller: 'you' } }, { kind: 'activation', actor: 'opponent', what: ['any'], targets: { category: 'card', controller: 'you' } }), true);
});
