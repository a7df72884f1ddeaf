// The cost fact (R74) from its three sources, on made-up inputs: the `cost` modifier of a card line (read and printed
// back), the text before the semicolon (core/infer/english-costs.ts), and the script's cost function
// (scripts/lib/lua-facts.js costOf, written into the generated record and read back by cards/generated-record.ts).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { buildCard, cardToSegoc, generatedCard, parse, readRecord } from '../server/src/core/internal';
import { costOfText } from '../server/src/core/infer/english-costs';

const root = path.resolve(__dirname, '../..');
const lua = require(path.join(root, 'scripts/lib/lua-facts.js'));

/** The first card a file defines, as `segoc card` prints it. */
function printed(source: string): string {
  const def = parse(source).file.cards[0];
  return cardToSegoc(buildCard(def, { kind: 'file', range: def.range }).card);
}

test('cost modifier: each part is read and printed back as written; a bare `cost` is a cost not described', () => {
  for (const cost of ['cost discard 1', 'cost tribute itself and pay 1000 lp', 'cost banish 1 from gy', 'cost send itself to gy', 'cost return itself to extra deck', 'cost detach 2', 'cost pay lp', 'cost']) {
    const out = printed(`card "Fixture Cost": effect monster (fiend, dark, level 4, atk 0, def 0)\n  ignition, ${cost}\n`);
    assert.match(out, new RegExp(`ignition, ${cost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), out);
  }
});

test('cost from the text: what is done before the semicolon, targets and declarations left out', () => {
  assert.equal(costOfText('You can discard this card'), 'discard itself');
  assert.equal(costOfText('Discard 1 card, then target 1 card on the field'), 'discard 1');
  assert.equal(costOfText('Pay 1500 LP'), 'pay 1500 lp');
  assert.equal(costOfText('Pay half your LP'), 'pay lp');
  assert.equal(costOfText('You can send this card from your hand to the GY, then target 1 Effect Monster your opponent controls'), 'send itself to gy');
  assert.equal(costOfText('You can Tribute 1 monster'), 'tribute 1');
  assert.equal(costOfText('You can banish 1 "Monarch" Spell/Trap from your GY'), 'banish 1 from gy');
  assert.equal(costOfText('You can shuffle it into the Deck'), 'return itself to deck');
  assert.equal(costOfText('You can detach 2 materials from this card'), 'detach 2');
  assert.equal(costOfText('You can reveal this card in your hand'), 'reveal itself');
  assert.equal(costOfText('Target 1 monster your opponent controls'), undefined);
  assert.equal(costOfText('You can target 1 card on the field'), undefined);
  assert.equal(costOfText(''), undefined);
});

const SCRIPT = (cost: string, extra = ''): string => `local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_IGNITION)
	e1:SetRange(LOCATION_MZONE)
	e1:SetCost(${cost})
	e1:SetTarget(s.target)
	e1:SetOperation(s.operation)
	c:RegisterEffect(e1)
end
${extra}`;

test('cost from the script: helpers, REASON_COST calls, the label idiom; a restriction or a conditional payment is none', () => {
  const cost = (ref: string, extra = ''): string => lua.readScript(SCRIPT(ref, extra)).effects[0].cost;
  assert.equal(cost('Cost.SelfBanish'), 'Bs');
  assert.equal(cost('Cost.PayLP(1000)'), 'L1000');
  assert.equal(cost('Cost.DetachFromSelf(2)'), 'X2');
  assert.equal(cost('Cost.AND(Cost.SelfTribute,Cost.PayLP(500))'), 'Ts+L500');
  assert.equal(cost('Cost.HardOncePerChain'), '');
  assert.equal(cost('s.cost', 'function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return Duel.IsExistingMatchingCard(nil,tp,LOCATION_HAND,0,1,nil) end\n\tDuel.DiscardHand(tp,nil,1,1,REASON_COST+REASON_DISCARD)\nend\n'), 'D1');
  assert.equal(cost('s.cost', 'function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return e:GetHandler():IsReleasable() end\n\tDuel.Release(e:GetHandler(),REASON_COST)\nend\n'), 'Ts');
  // "You cannot Special Summon ... the turn you activate this effect": registered in the cost function, paid nothing.
  assert.equal(cost('s.cost', 'function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return true end\n\tlocal e1=Effect.CreateEffect(e:GetHandler())\n\tDuel.RegisterEffect(e1,tp)\nend\n'), '');
  // Paid only when activated from the hand (Red Reboot's way): no cost of every activation.
  assert.equal(cost('s.cost', 'function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return true end\n\tif e:GetLabel()>0 then\n\t\tDuel.PayLPCost(tp,Duel.GetLP(tp)//2)\n\tend\nend\n'), '');
  // The label idiom: the cost function marks it, the target function pays it.
  assert.equal(cost('s.cost', 'function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\te:SetLabel(100)\n\tif chk==0 then return true end\nend\nfunction s.target(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return true end\n\tlocal g=Duel.SelectReleaseGroup(tp,nil,1,1,nil)\n\tDuel.Release(g,REASON_COST)\nend\n'), 'T1');
});

test('cost in a generated record: field 17 read back as the card line writes it', () => {
  const record = readRecord('90000009\tFixture Cost Dragon\t\tM:Dragon/Effect\tLIGHT\tL4\t1800\t1000\t\tb\t\ts\t\tI,o,s,,,M,,,1n,c,,,,,,,Ds+L1000;I,o,s,,,M,,,1n,c,,,,,,,?\t1', '');
  const card = generatedCard(record, { kind: 'generated' });
  const out = cardToSegoc(card);
  assert.match(out, /ignition, once per turn by name, cost discard itself and pay 1000 lp$/m, out);
  assert.match(out, /ignition, once per turn by name, cost$/m, out);
});

test('cost `discard 1 other`: read, printed and described, and read from a script\'s excepting discard', () => {
  const { readCost, printCost, describeCostPart } = require('../server/src/core/cards/vocabulary/costs');
  const [part] = readCost(['discard', '1', 'other']);
  assert.deepEqual({ verb: part.verb, count: part.count, other: part.other }, { verb: 'discard', count: 1, other: true });
  assert.equal(printCost([part]), 'cost discard 1 other');
  assert.equal(describeCostPart(part), 'discard 1 other card');
  // From the scripts: Cyber Dragon Nachster's `Cost.Discard(filter,true)`.
  assert.match(cardToSegoc(generatedCard(readRecord('00000001\tTest\t\tM:Machine/Effect\tLIGHT\tL5\t2100\t1600\t\tb\t\ts\t\tI,o,s,,,H,,special_summon,1n,c,,,,,,,D1o\t', ''), { kind: 'generated' } as never)), /cost discard 1 other$/m);
});
