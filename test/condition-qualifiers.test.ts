// Conditions and events keep their qualifiers (issue 27, class 2) and responses can be forbidden (class 7): the
// generator's reader of script conditions (scripts/lib/lua-facts.js, on small scripts written here, not copied from
// CardScripts), the record's words (generated-qualifiers.ts), and the engine's checks (R41, R36, R40).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze } from '../server/src/core/internal';
import { luaScript, repoRoot } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const luaFacts = require(path.join(repoRoot(), 'scripts/lib/lua-facts.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { effectRecord } = require(path.join(repoRoot(), 'scripts/cards/effects.js'));

/** A script of one trigger whose condition is `cond` (plus the functions in `more`). */
function script(code: string, cond: string, more = ''): string {
  return luaScript('EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O', 'EFFECT_FLAG_DELAY', code, cond, more);
}

const record = (lua: string): string => effectRecord(luaFacts.readScript(lua).effects[0]);

test('reader: a condition read whole is its qualifiers and `!`; a part it cannot read leaves it open', () => {
  assert.equal(record(script('EVENT_SPSUMMON_SUCCESS', 'return e:GetHandler():IsLinkSummoned()')), 'T,o,s,is,spsummon_success|h:link|!,,,,,k');
  assert.equal(record(script('EVENT_TO_GRAVE', 'local c=e:GetHandler()\n\treturn c:IsPreviousLocation(LOCATION_ONFIELD) and c:IsReason(REASON_EFFECT) and rp==1-tp')), 'T,o,s,is,to_grave|f:M|b:e|p:o|!,,,,,k');
  // A part it cannot read: the qualifiers it could read still hold, without `!`.
  assert.equal(record(script('EVENT_SPSUMMON_SUCCESS', 'return e:GetHandler():IsLinkSummoned() and e:GetLabel()==1')), 'T,o,s,is,spsummon_success|h:link,,,,,k');
  // `or` is not a conjunction: nothing is read from it.
  assert.equal(record(script('EVENT_SPSUMMON_SUCCESS', 'return e:GetHandler():IsLinkSummoned() or rp==1-tp')), 'T,o,s,is,spsummon_success,,,,,k');
});

test('reader: a filter function of the event\'s cards, with whose card it names swapped by the caller', () => {
  const more = 'function s.cfilter(c,tp)\n\treturn c:IsControler(tp) and c:IsType(TYPE_LINK) and c:IsAttribute(ATTRIBUTE_DARK)\nend\n';
  const lua = script('EVENT_SPSUMMON_SUCCESS', 'return eg:IsExists(s.cfilter,1,nil,1-tp)', more).replace('EFFECT_TYPE_SINGLE+', 'EFFECT_TYPE_FIELD+');
  assert.equal(record(lua), 'T,o,f,is,spsummon_success|c:o|t:link|a:dark|!,,,,,k');
});

test('reader: a custom event re-raised from a global check is decoded to that event (the Droll & Lock Bird family)', () => {
  const lua = `local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_QUICK_O)
	e1:SetCode(EVENT_CUSTOM+id)
	e1:SetRange(LOCATION_HAND)
	e1:SetCondition(s.condition)
	c:RegisterEffect(e1)
	aux.GlobalCheck(s,function()
		local ge1=Effect.CreateEffect(c)
		ge1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_CONTINUOUS)
		ge1:SetCode(EVENT_TO_HAND)
		ge1:SetCondition(s.regcon)
		ge1:SetOperation(s.regop)
		Duel.RegisterEffect(ge1,0)
	end)
end
function s.cfilter(c,tp)
	return c:IsControler(tp) and c:IsPreviousLocation(LOCATION_DECK)
end
function s.regcon(e,tp,eg,ep,ev,re,r,rp)
	if Duel.IsPhase(PHASE_DRAW) then return false end
	local v=0
	if eg:IsExists(s.cfilter,1,nil,0) then v=v+1 end
	if eg:IsExists(s.cfilter,1,nil,1) then v=v+2 end
	if v==0 then return false end
	e:SetLabel(({0,1,PLAYER_ALL})[v])
	return true
end
function s.regop(e,tp,eg,ep,ev,re,r,rp)
	Duel.RaiseEvent(eg,EVENT_CUSTOM+id,re,r,rp,ep,e:GetLabel())
end
function s.condition(e,tp,eg,ep,ev,re,r,rp)
	return ev==1-tp or ev==PLAYER_ALL
end
`;
  assert.equal(record(lua), 'Q,o,s,,to_hand|nd|f:D|c:o|!,H,,,,k');
});

test('reader: `Duel.SetChainLimit` in the target function: the opponent may not respond (r), no one may (R); its Deck operations read per effect (d, none)', () => {
  const lua = (limit: string) => `local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_IGNITION)
	e1:SetRange(LOCATION_MZONE)
	e1:SetTarget(s.tg)
	c:RegisterEffect(e1)
end
function s.tg(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return true end
	Duel.SetChainLimit(${limit})
end
function s.chlimit(e,ep,tp)
	return tp==ep
end
`;
  assert.equal(record(lua('s.chlimit')), 'I,o,s,,,M,,,,rd');
  assert.equal(record(lua('aux.FALSE')), 'I,o,s,,,M,,,,Rd');
});

const CARDS = `card "Link Trigger": link monster (cyberse, dark, link 2, atk 1000)
  trigger optional if link summoned

card "Draw Watcher": effect monster (spellcaster, wind, level 1, atk 0, def 0)
  quick optional when a card your opponent controls is added to hand from deck except during the draw phase, from hand

card "Silent Ignition": effect monster (cyberse, dark, level 4, atk 1000, def 1000)
  ignition, cannot be responded to by opponent

card "Open Ignition": effect monster (cyberse, dark, level 4, atk 1000, def 1000)
  ignition
`;

function codes(body: string): string[] {
  const a = analyze(`${CARDS}\nscenario "t"\n  players Yugi, Kaiba\n  turn Yugi\n${body}`);
  return a.scenarios[0].diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}${d.link ? ` at CL${d.link}` : ''}`);
}

test('R41: a Special Summon that is not a Link Summon does not meet "if link summoned"; a Link Summon does', () => {
  const reborn = `  Yugi hand: "Monster Reborn"\n  Yugi gy: "Link Trigger"\n  chain\n    1 Yugi "Monster Reborn" target "Link Trigger" -> special summon "Link Trigger"\n  chain\n    1 Yugi "Link Trigger"\n`;
  assert.deepEqual(codes(reborn), ['condition-qualifier at CL1']);
  const link = `  Yugi field: "Gemini Elf", "Dark Magician"\n  Yugi link summons "Link Trigger" using "Gemini Elf", "Dark Magician"\n  chain\n    1 Yugi "Link Trigger"\n`;
  assert.deepEqual(codes(link), []);
});

test('a Quick Effect on an event checks its qualifiers: not in the Draw Phase, and only the opponent\'s hand', () => {
  const draw = (phase: string, who: string) => `  phase ${phase}\n  Kaiba hand: "Draw Watcher"\n  ${who} draws "Pot of Greed"\n  chain\n    1 Kaiba "Draw Watcher"\n`;
  assert.deepEqual(codes(draw('draw', 'Yugi')), ['nothing-to-answer at CL1']);
  assert.deepEqual(codes(draw('main1', 'Yugi')), []);
  assert.deepEqual(codes(draw('main1', 'Kaiba')), ['nothing-to-answer at CL1']);
});

test('R40: the opponent may not respond to the link; the link\'s own controller may', () => {
  const chain = (second: string) => `  Yugi field: "Silent Ignition"\n  Yugi hand: "Effect Veiler"\n  Kaiba field: "Open Ignition"\n  Kaiba hand: "Effect Veiler"\n  chain\n    1 Yugi "Silent Ignition"\n    2 ${second}\n`;
  const noResponse = (body: string) => codes(body).filter((c) => c.startsWith('no-response'));
  assert.deepEqual(noResponse(chain('Kaiba "Effect Veiler" target "Silent Ignition"')), ['no-response at CL2']);
  assert.deepEqual(noResponse(chain('Yugi "Effect Veiler" target "Open Ignition"')), []);
});
