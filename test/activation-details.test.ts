// What an activation or a move is, as a card's condition names it (issue 27, helper evtargets): "targets exactly 1",
// "and would destroy it", target alternatives, "including special summon from gy", "sent from deck or field to your
// gy". The vocabulary reads the words; the generator reads the scripts' idioms (scripts/lib/lua-facts.js on small
// scripts written here, not copied from CardScripts) into the same words; the engine checks them against the link
// below (activation-details.ts, R31's message says what is missed) or the move (R41); the measure compares them.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { analyze, interpretEvent } from '../server/src/core/internal';
import { activationPhrase, otherEventPhrase } from '../server/src/core/cards/generated-qualifiers';
import { luaScript, repoRoot } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const luaFacts = require(path.join(repoRoot(), 'scripts/lib/lua-facts.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { effectRecord } = require(path.join(repoRoot(), 'scripts/cards/effects.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { matchPattern } = require(path.join(repoRoot(), 'scripts/lib/fact-accuracy.js'));

const event = (phrase: string) => interpretEvent(phrase.split(' '), phrase);

test('vocabulary: a target count, "and would destroy it", target alternatives, includes from a zone, two origins and whose GY', () => {
  const rr = event('card or effect activated including destroy that targets exactly 1 monster you control and would destroy it');
  assert.ok(rr.kind === 'activation');
  assert.deepEqual([rr.includes, rr.targets, rr.targetCount, rr.destroysTarget, rr.unknown], [['destroy'], { category: 'monster', controller: 'you' }, 1, true, []]);
  const kagero = event('opponent activates a card or effect that targets exactly 1 "ninja" card or exactly 1 face-down defense position monster you control');
  assert.ok(kagero.kind === 'activation' && kagero.or?.length === 1 && kagero.or[0].kind === 'activation');
  assert.deepEqual([kagero.targets, kagero.targetCount], [{ archetypes: ['"ninja"'.slice(1, -1)], category: 'card', controller: 'you' }, 1]);
  const second = kagero.or[0];
  assert.deepEqual(second.kind === 'activation' && [second.actor, second.targets, second.targetCount], ['opponent', { faceUp: false, category: 'monster', controller: 'you' }, 1]);
  const belle = event('card or effect activated including special summon from gy or banish from gy');
  assert.deepEqual(belle.kind === 'activation' && belle.includes, ['special summon from gy', 'banish from gy']);
  const vanity = event('a card is sent from deck or field to your gy');
  assert.ok(vanity.kind === 'card' && vanity.or?.length === 1);
  assert.deepEqual([vanity.from, vanity.whoseGy, vanity.unknown], ['deck', 'you', []]);
  assert.deepEqual(vanity.or[0].kind === 'card' && [vanity.or[0].from, vanity.or[0].whoseGy], ['field', 'you']);
  // Without "exactly", no count: "targets a monster" is any number of targets of which one is a monster.
  const plain = event('card or effect activated that targets a monster you control');
  assert.ok(plain.kind === 'activation' && plain.targetCount === undefined && !plain.destroysTarget);
});

/** A script of one effect of `type` on `code` whose condition is `cond` (plus the functions in `more`). */
const record = (type: string, code: string, cond: string, more = ''): string => effectRecord(luaFacts.readScript(luaScript(type, '', code, cond, more)).effects[0]);

test('reader: exactly 1 target that the activation would destroy, target alternatives, includes from the GY, two origins, your GY', () => {
  // Remote Revenge's kind: 1 target, and the destroy operation's one card is that target.
  const destroysIt = record(
    'EFFECT_TYPE_ACTIVATE',
    'EVENT_CHAINING',
    'if not re:IsHasProperty(EFFECT_FLAG_CARD_TARGET) then return false end\n\tlocal g=Duel.GetChainInfo(ev,CHAININFO_TARGET_CARDS)\n\tif not g or #g~=1 then return false end\n\tlocal tc=g:GetFirst()\n\tlocal ex,dg=Duel.GetOperationInfo(0,CATEGORY_DESTROY)\n\treturn tc:IsControler(tp) and dg and #dg==1 and dg:GetFirst()==tc',
  );
  assert.equal(destroysIt, 'A,o,s,,chaining|xt|T1|Tc:y|i:destroy|D1|Td|!,,,,,k');
  // Kagero's kind: the one target is a face-up card of an archetype, or a face-down Defense Position monster.
  const either = record(
    'EFFECT_TYPE_QUICK_O',
    'EVENT_CHAINING',
    'if rp==tp then return false end\n\tlocal tg=Duel.GetChainInfo(ev,CHAININFO_TARGET_CARDS)\n\tif not tg or #tg~=1 then return false end\n\tlocal tc=tg:GetFirst()\n\treturn tc:IsControler(tp) and ((tc:IsSetCard(SET_NINJA) and tc:IsFaceup()) or (tc:IsMonster() and tc:IsPosition(POS_FACEDOWN_DEFENSE)))',
  );
  assert.equal(either, 'Q,o,s,,chaining|p:o|T1|Tc:y|TA:[["s:NINJA"]%2C["k:m"%2C"fd"]]|!,,,,,k');
  // Ghost Belle's kind: a helper that reads the operation info of a category and checks one zone.
  const fromGy = record(
    'EFFECT_TYPE_QUICK_O',
    'EVENT_CHAINING',
    'if not Duel.IsChainNegatable(ev) then return false end\n\tif (s.check(ev,CATEGORY_SPECIAL_SUMMON) or s.check(ev,CATEGORY_REMOVE)) then return true end\n\treturn false',
    'function s.check(ev,category)\n\tlocal ex,g,gc,dp,loc=Duel.GetOperationInfo(ev,category)\n\treturn ex and ((loc or 0)&LOCATION_GRAVE)>0\nend\n',
  );
  assert.equal(fromGy, 'Q,o,s,,chaining|i:special_summon_from_gy|i:banish_from_gy|!,,,,,k');
  // Vanity's Emptiness's kind: from either zone, and in the GY of `tp` (its owner's).
  const yourGy = record('EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F', 'EVENT_TO_GRAVE', 'return eg:IsExists(s.f,1,nil,tp)', 'function s.f(c,tp)\n\treturn c:IsPreviousLocation(LOCATION_DECK|LOCATION_ONFIELD) and c:IsLocation(LOCATION_GRAVE) and c:IsControler(tp)\nend\n');
  assert.match(yourGy, /^T,m,f,\w*,to_grave\|f:D\|f:M\|g\|G:y\|!/);
});

test('phrases: the records\' codes as words of the vocabulary, read back whole', () => {
  const rr = activationPhrase({ codes: ['xt', 'T1', 'Tc:y', 'Tk:m', 'i:destroy', 'D1', 'Td'], complete: true });
  assert.deepEqual(rr, { phrase: 'card or effect activated including destroy that targets exactly 1 monster you control and would destroy it', read: true });
  const kagero = activationPhrase({ codes: ['p:o', 'T1', 'Tc:y', 'TA:[["s:Ninja"]%2C["k:m"%2C"fd"]]'], complete: true });
  assert.deepEqual(kagero, { phrase: 'opponent activates a card or effect that targets exactly 1 "Ninja" card or exactly 1 face-down monster you control', read: true });
  // `D1` without `Td` (it destroys exactly 1 card, not said to be its target) has no words: not read.
  assert.equal(activationPhrase({ codes: ['xt', 'T1', 'i:destroy', 'D1'], complete: true }).read, false);
  const belle = activationPhrase({ codes: ['i:special_summon_from_gy', 'i:banish_from_gy'], complete: true });
  assert.equal(belle.phrase, 'card or effect activated including special summon from gy or banish from gy');
  const vanity = otherEventPhrase('to_grave', 'a qualifying card is sent to gy', { codes: ['f:D', 'f:M', 'g', 'G:y'], complete: true });
  assert.deepEqual(vanity, { phrase: 'a card is sent to your gy from deck or field', read: true });
  for (const p of [rr.phrase, kagero.phrase, belle.phrase, vanity.phrase]) assert.deepEqual(event(p.toLowerCase()).unknown, [], p);
});

const CARDS = `card "Revenge Test": normal trap
  responds to card or effect activated that targets exactly 1 monster you control and would destroy it, includes destroy
card "Belle Test": effect monster (zombie, earth, level 3, atk 0, def 1800)
  quick optional when card or effect activated including special summon from gy or banish from gy, from hand, includes negate, does negate activation
card "Twin Strike": quick-play spell
  activation, targets a monster on the field, includes destroy, does destroy target
card "Mystery Move": quick-play spell
  activation, targets a monster on the field
`;

function verdict(chain: string, board = '  Yugi field: "Gemini Elf", "Dark Magician", set "Revenge Test"\n  Yugi hand: "Belle Test"\n  Kaiba hand: "Twin Strike", "Mystery Move", "Monster Reborn"\n  Kaiba gy: "Mystic Tomato"\n'): { codes: string[]; messages: string[]; assumptions: string[] } {
  const text = `${CARDS}\nscenario "s"\n  rules tcg\n  players Yugi, Kaiba\n  turn Kaiba\n${board}\n  chain\n${chain}\n`;
  const a = analyze(text);
  const links = a.scenarios[0]?.chains.flatMap((c) => c.links) ?? [];
  return { codes: a.diagnostics.map((d) => d.code), messages: a.diagnostics.map((d) => d.message), assumptions: links.flatMap((l) => l.assumptions) };
}

test('engine: the target count and "destroys it" against the link below: written, taken from its card, or assumed and said', () => {
  assert.deepEqual(verdict('    1 Kaiba "Twin Strike" target "Gemini Elf" -> destroy "Gemini Elf"\n    2 Yugi "Revenge Test"').codes, []);
  const two = verdict('    1 Kaiba "Twin Strike" target "Gemini Elf", "Dark Magician"\n    2 Yugi "Revenge Test"');
  assert.deepEqual(two.codes, ['must-chain-directly']);
  assert.match(two.messages[0], /it targets 2 cards, and only an activation that targets exactly 1 is answered.*\[R31\]/);
  // Its written destroy names another card than its target.
  const other = verdict('    1 Kaiba "Twin Strike" target "Gemini Elf" -> destroy "Dark Magician"\n    2 Yugi "Revenge Test"');
  assert.match(other.messages[0], /what it destroys is not its target/);
  // A link that writes no target: assumed (the scenario's gap), and said.
  const unwritten = verdict('    1 Kaiba "Twin Strike"\n    2 Yugi "Revenge Test"');
  assert.deepEqual(unwritten.codes, []);
  assert.ok(unwritten.assumptions.some((x) => /was taken to meet/.test(x)), unwritten.assumptions.join('\n'));
  // Its card does not say what it does: a named unknown fact, never a silent "legal".
  const unknown = verdict('    1 Kaiba "Mystery Move" target "Gemini Elf"\n    2 Yugi "Revenge Test"');
  assert.deepEqual(unknown.codes, ['unknown-card-fact']);
  assert.match(unknown.messages[0], /whether "Mystery Move" destroys the card it targets/);
});

test('engine: includes from a zone against the link\'s written actions and its card\'s parts', () => {
  const belle = (chain: string) => verdict(`${chain}\n    2 Yugi "Belle Test"`);
  assert.deepEqual(belle('    1 Kaiba "Monster Reborn" target "Mystic Tomato"').codes, []);
  // Written from another zone: not from the GY.
  const fromHand = belle('    1 Kaiba "Monster Reborn" -> special summon "Gemini Elf" from hand');
  assert.deepEqual(fromHand.codes, ['must-chain-directly']);
  assert.match(fromHand.messages[0], /it includes none of special summon from gy, banish from gy/);
  // Its card's facts say nothing of what it does: a named unknown fact.
  assert.deepEqual(belle('    1 Kaiba "Mystery Move" target "Gemini Elf"').codes, ['unknown-card-fact']);
});

test('measure: the new pattern keys are compared', () => {
  const lib = { kind: 'activation', actor: 'any', what: ['any'], includes: ['destroy'], targets: { category: 'monster', controller: 'you' }, targetCount: 1, destroysTarget: true };
  const want = { kind: 'activation', what: ['any'], includes: ['destroy'], targets: { controller: 'you' }, targetCount: 1, destroysTarget: true };
  assert.equal(matchPattern(want, lib), true);
  assert.equal(matchPattern({ ...want, targetCount: undefined }, lib), false);
  assert.equal(matchPattern({ ...want, destroysTarget: undefined }, lib), false);
  const belle = { kind: 'activation', what: ['any'], includes: ['special summon from gy', 'banish from gy'] };
  assert.equal(matchPattern(belle, { ...belle, actor: 'any' }), true);
  assert.equal(matchPattern(belle, { kind: 'activation', actor: 'any', what: ['any'] }), false);
  const vanity = { kind: 'card', subject: 'any', verb: 'sent-to-gy', from: 'deck', whoseGy: 'you' };
  assert.equal(matchPattern(vanity, { ...vanity, subject: { category: 'card' } }), true);
  assert.equal(matchPattern(vanity, { ...vanity, subject: { category: 'card' }, whoseGy: undefined }), false);
});

test('Mind Mirror Force\'s three timings: the text inference reads each ● line; the engine checks the highest ATK, the zone and the turn', async () => {
  const { inferEffects } = await import('../server/src/core/internal');
  const text = 'At any of the following timings: Destroy them.\n● When the monster your opponent controls with the highest ATK (even if tied) declares an attack.\n● When your opponent activates a monster effect that would destroy a card(s) on the field.\n● When your opponent activates a monster effect in the hand or field during your turn.';
  const read = inferEffects({ text, typeLine: 'Normal Trap' });
  const activation = read.effects.find((e) => e.kind === 'activation');
  assert.equal(activation?.event, 'opponent declares an attack with their highest atk monster, opponent activates a monster effect including destroy on field, opponent activates a monster effect in hand or field during your turn');
  const attack = event('opponent declares an attack with their highest atk monster');
  assert.ok(attack.kind === 'attack' && attack.highestAtk && attack.actor === 'opponent');
  const destroys = event('opponent activates a monster effect including destroy on field');
  assert.deepEqual(destroys.kind === 'activation' && [destroys.what, destroys.includes, destroys.zone], [['monster-effect'], ['destroy on field'], undefined]);
  const hand = event('opponent activates a monster effect in hand or field during your turn');
  assert.deepEqual(hand.kind === 'activation' && [hand.what, hand.zone, hand.duringTurn, hand.unknown], [['monster-effect'], 'hand-or-field', 'your', []]);
  // "During your turn, when ..." is the window of a Quick Effect, not a qualifier of the activation it answers.
  const window = inferEffects({ text: 'During your turn, when your opponent activates a card or effect (Quick Effect): You can negate that effect.', typeLine: 'Spellcaster/Effect' });
  assert.equal(window.effects[0]?.event, 'opponent activates a card or effect');
});

test('reader: "would destroy a card(s) on the field" (Stardust Dragon\'s kind) is including destroy on field', () => {
  const stardust = record('EFFECT_TYPE_QUICK_O', 'EVENT_CHAINING', 'local ex,tg,tc=Duel.GetOperationInfo(ev,CATEGORY_DESTROY)\n\treturn ex and tg~=nil and tc+tg:FilterCount(Card.IsOnField,nil)-#tg>0');
  assert.equal(stardust, 'Q,o,s,,chaining|i:destroy|i:destroy_on_field|!,,,,,k');
  assert.equal(activationPhrase({ codes: ['i:destroy', 'i:destroy_on_field'], complete: true }).phrase, 'card or effect activated including destroy on field');
  // `on field` inside `including ...` says where the destroyed cards are, not where the activation is.
  const p = event('card or effect activated including destroy on field');
  assert.deepEqual(p.kind === 'activation' && [p.zone, p.includes], [undefined, ['destroy on field']]);
});

const MMF = `card "Timings Test": normal trap
  responds to opponent declares an attack with their highest atk monster, opponent activates a monster effect in hand or field during your turn
`;

test('engine: the highest-ATK attacker, and an activation in the hand during the responder\'s turn', () => {
  const run = (turn: string, board: string, chain: string) => {
    const a = analyze(`${MMF}\nscenario "s"\n  rules tcg\n  players Yugi, Kaiba\n  turn ${turn}\n${board}\n  chain\n${chain}\n`);
    return a.diagnostics.map((d) => d.code);
  };
  const board = '  phase battle\n  Yugi field: "Gemini Elf", set "Timings Test"\n  Kaiba field: "Dark Magician", "Mystic Tomato"\n';
  assert.deepEqual(run('Kaiba', `${board}  Kaiba attacks "Gemini Elf" with "Dark Magician"`, '    1 Yugi "Timings Test"'), []);
  assert.deepEqual(run('Kaiba', `${board}  Kaiba attacks "Gemini Elf" with "Mystic Tomato"`, '    1 Yugi "Timings Test"'), ['nothing-to-answer']);
  const hand = '  Yugi field: set "Timings Test"\n  Yugi hand: "Maxx \\"C\\""\n  Kaiba hand: "Ash Blossom & Joyous Spring"\n';
  const chain = '    1 Yugi "Maxx \\"C\\""\n    2 Kaiba "Ash Blossom & Joyous Spring"\n    3 Yugi "Timings Test"';
  assert.deepEqual(run('Yugi', hand, chain), []);
  assert.deepEqual(run('Kaiba', hand, chain), ['must-chain-directly']);
});
