// The card-library generator's rules, on made-up fixtures (test/fixtures/generator/): the Lua reader
// (scripts/lib/lua-facts.js) on two small scripts, and the record writer (scripts/cards/generate.js, effects.js)
// against the reader (cards/generated-record.ts): the library written from the fixtures is the committed
// expected one, byte for byte, and reads back into the facts the fixtures state.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cardToSegoc, generatedCard, readRecord } from '../server/src/core/internal';
import { textCoverage } from '../server/src/core/cards/text-coverage';

const root = path.resolve(__dirname, '../..');
const FIXTURES = path.join(root, 'test/fixtures/generator');
const lua = require(path.join(root, 'scripts/lib/lua-facts.js'));
const generator = require(path.join(root, 'scripts/cards/generate.js'));

// The made-up scripts are strings in a JSON file (the repository holds no .lua file); the generator reads a folder.
const SCRIPTS: { official: Record<string, string> } = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'scripts.json'), 'utf8'));
const script = (passcode: number) => SCRIPTS.official[`c${passcode}.lua`];

/** The fixture scripts as a CardScripts folder (official/cNNNN.lua) under `dir`. */
function writeScripts(dir: string): string {
  const official = path.join(dir, 'scripts', 'official');
  fs.mkdirSync(official, { recursive: true });
  for (const [name, text] of Object.entries(SCRIPTS.official)) fs.writeFileSync(path.join(official, name), text);
  return path.join(dir, 'scripts');
}

test('lua reader: effects as registered, with their types, event, range, flags, categories, limits and condition', () => {
  const read = lua.readScript(script(90000001));
  assert.equal(read.hasInitialEffect, true);
  assert.equal(read.effects.length, 2);
  const [search, destroy] = read.effects;
  assert.deepEqual([search.types, search.code, search.flags, search.categories, search.countLimit], [['SINGLE', 'TRIGGER_O'], 'EVENT_SUMMON_SUCCESS', ['DELAY'], ['TOHAND', 'SEARCH'], '1n']);
  assert.deepEqual([destroy.types, destroy.range, destroy.flags, destroy.hasCondition], [['QUICK_O'], ['MZONE'], ['CARD_TARGET'], true]);
  assert.deepEqual(destroy.conditionSays, { turn: 'opponent', phase: 'main' });
  assert.deepEqual(read.deckOperations, ['search']);
  assert.deepEqual(read.unmappedHelpers, ['aux.AddFixtureProcedure'], 'a helper the reader does not know is listed, not dropped');
  assert.deepEqual(lua.kindOf(search), { kind: 'trigger', optional: true });
  assert.deepEqual(lua.kindOf(destroy), { kind: 'quick', optional: true });
});

test('lua reader: a clone registered with other types is a new effect; a material procedure builds none', () => {
  const read = lua.readScript(script(90000002));
  assert.deepEqual(read.unmappedHelpers, []);
  assert.equal(read.effects.length, 2);
  assert.deepEqual(lua.kindOf(read.effects[0]), { kind: 'ignition', optional: true });
  assert.equal(read.effects[1].cloneOf, 'e1');
  assert.equal(lua.kindOf(read.effects[1]), undefined, 'a continuous effect starts no chain');
  assert.deepEqual([read.effects[0].countLimit, read.effects[0].hasCost], ['1', true]);
});

test('lua reader: count limits by their code', () => {
  assert.equal(lua.countLimit('1,{id,1}'), '1e');
  assert.equal(lua.countLimit('1,id,EFFECT_COUNT_CODE_OATH'), '1o');
  assert.equal(lua.countLimit('1,0,EFFECT_COUNT_CODE_CHAIN'), '1c');
  assert.equal(lua.countLimit('2'), '2');
  assert.equal(lua.readScript('-- no initial_effect\n').hasInitialEffect, false);
});

// Made-up scripts in the shape of the ones each rule was found on (Power-Up Adapter, Divine Scorpion Beast of
// Serket, Droll & Lock Bird); no script text of a card.
const effects = require(path.join(root, 'scripts/cards/effects.js'));
const lines = (...l: string[]) => l.join('\n') + '\n';
const CONTINUED = lines(
  'local s,id=GetID()',
  'function s.initial_effect(c)',
  '\tlocal e1=Effect.CreateEffect(c)',
  '\te1:SetCategory(CATEGORY_EQUIP)',
  '\te1:SetType(EFFECT_TYPE_ACTIVATE)',
  '\te1:SetCode(EVENT_FREE_CHAIN)',
  '\te1:SetOperation(s.operation)',
  '\tc:RegisterEffect(e1)',
  '\tlocal e2=Effect.CreateEffect(c)',
  '\te2:SetCategory(CATEGORY_DESTROY)',
  '\te2:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_F)',
  '\te2:SetCode(EVENT_CUSTOM+id)',
  '\tc:RegisterEffect(e2)',
  'end',
  'function s.operation(e,tp,eg,ep,ev,re,r,rp)',
  '\tDuel.RaiseSingleEvent(e:GetHandler(),EVENT_CUSTOM+id,e,0,0,0,0)',
  'end',
);

test('lua reader: a trigger on a custom event its own effect raises is the rest of that resolution where the text writes no trigger for it', () => {
  const read = lua.readScript(CONTINUED);
  assert.equal(read.effects[1].continuationOf, 'e1');
  const type = 'T:Normal';
  const noTrigger = { effects: [{ kind: 'activation', includes: [] }] };
  const kept = effects.effectsOf({ text: { en: 'Equip this card to 1 monster. Then, destroy 1 card.' } }, type, lua.readScript(CONTINUED), noTrigger);
  assert.equal(kept.effects.length, 1, 'one effect of the text: the custom-event trigger is left out');
  assert.match(kept.effects[0], /^A,.*destroy/, 'what the rest of the resolution includes joins the activation');
  // The text writes an activation condition on what the effect did ("When ... by this card's effect:"): its own effect.
  const withTrigger = { effects: [{ kind: 'activation', includes: [] }, { kind: 'trigger', includes: [] }] };
  const both = effects.effectsOf({ text: { en: "Equip it. When a card is destroyed by this card's effect: destroy 1 card." } }, type, lua.readScript(CONTINUED), withTrigger);
  assert.equal(both.effects.length, 2);
});

test('lua reader: a clone on another event with its own condition is the same effect (`v`); a DISABLE category with no negation is dropped', () => {
  const clone = lines(
    'local s,id=GetID()',
    'function s.initial_effect(c)',
    '\tlocal e1=Effect.CreateEffect(c)',
    '\te1:SetCategory(CATEGORY_REMOVE+CATEGORY_DISABLE)',
    '\te1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)',
    '\te1:SetProperty(EFFECT_FLAG_DELAY)',
    '\te1:SetCode(EVENT_SPSUMMON_SUCCESS)',
    '\te1:SetCountLimit(1,id)',
    '\tc:RegisterEffect(e1)',
    '\tlocal e2=e1:Clone()',
    '\te2:SetCode(EVENT_BATTLE_START)',
    '\te2:SetCondition(s.con)',
    '\tc:RegisterEffect(e2)',
    'end',
    'function s.con(e,tp)',
    '\treturn Duel.GetAttacker()==e:GetHandler()',
    'end',
  );
  const read = lua.readScript(clone);
  assert.deepEqual(read.effects.map((e: { categories: string[] }) => e.categories), [['REMOVE'], ['REMOVE']], 'the script negates nothing: no DISABLE');
  const records = read.effects.map(effects.effectRecord);
  assert.ok(!records[0].split(',')[9].includes('v'));
  assert.ok(records[1].split(',')[9].includes('v'), 'the clone is the same effect on another event');
});

/** A made-up script of one continuous effect per entry: [code, target range, value, with a condition]. */
function lockScript(locks: Array<[string, string, string, boolean]>): string {
  const effects = locks.map(([code, range, value, cond], i) =>
    [`\tlocal e${i}=Effect.CreateEffect(c)`, `\te${i}:SetType(EFFECT_TYPE_FIELD)`, `\te${i}:SetProperty(EFFECT_FLAG_PLAYER_TARGET)`, `\te${i}:SetCode(${code})`,
      `\te${i}:SetRange(LOCATION_SZONE)`, `\te${i}:SetTargetRange(${range})`, `\te${i}:SetValue(${value})`, ...(cond ? [`\te${i}:SetCondition(s.cond)`] : []), `\tc:RegisterEffect(e${i})`].join('\n'));
  return `local s,id=GetID()\nfunction s.initial_effect(c)\n${effects.join('\n')}\nend\n`;
}

test('generator: a script lock of a kind the text never states is left out; one lock on both players that the text states per player is the text\'s', () => {
  const { restrictionNotes } = require(path.join(root, 'scripts/cards/effects.js'));
  const { englishRestrictions } = require(path.join(root, 'out/server/src/core/infer/restrictions.js'));
  const notes = (locks: Array<[string, string, string, boolean]>, text: string) => restrictionNotes(lua.readScript(lockScript(locks)), englishRestrictions(text), text);
  // An activation lock carrying out "can only control 1 Type" (a flip by a cost): the text forbids no activation.
  const warlords = 'Each player can only control 1 Type of monster. Send all other face-up monsters they control to the GY.';
  assert.deepEqual(notes([['EFFECT_CANNOT_ACTIVATE', '1,1', 's.flipcost', false], ['EFFECT_FORCE_SPSUMMON_POSITION', '1,1', 'POS_FACEDOWN', false]], warlords), ['lock:locks special summons except some monsters']);
  // A Summon lock carrying out a negation of effects that move cards in the GY: the text forbids no Summon.
  assert.deepEqual(notes([['EFFECT_CANNOT_SPECIAL_SUMMON', '1,1', '1', false]], 'Negate any card effect that would move a card in the GY to a different place.'), []);
  // Forcing another position (Defense) forbids nothing.
  assert.deepEqual(notes([['EFFECT_FORCE_SPSUMMON_POSITION', '1,1', 'POS_FACEUP_DEFENSE', false]], 'Neither player can Special Summon monsters in Attack Position.'), []);
  const village = 'If only you control a Spellcaster monster, your opponent cannot activate Spell Cards. If you control no Spellcaster monsters, you cannot activate Spell Cards.';
  assert.deepEqual(notes([['EFFECT_CANNOT_ACTIVATE', '1,1', 's.actlimit', false]], village), ['lock:locks activation of spell cards for opponent if a condition holds', 'lock:locks activation of spell cards for you if a condition holds']);
  // A lock the text states on both players stays one.
  assert.deepEqual(notes([['EFFECT_CANNOT_ACTIVATE', '1,1', 's.aclimit', false]], 'Neither player can activate Trap Cards.'), ['lock:locks activation of trap cards']);
  // Necrovalley: its banishing lock and its negation as the text states them, without the scripts' immunity condition
  // (EFFECT_NECRO_VALLEY_IM of other cards); a card's own "cannot be banished" is no lock of the text's words.
  const necrovalley = 'Cards in the GY cannot be banished. Negate any card effect that would move a card in the GY to a different place.';
  assert.deepEqual(notes([['EFFECT_CANNOT_REMOVE', 'LOCATION_GRAVE,0', '1', true], ['EFFECT_NECRO_VALLEY', 'LOCATION_GRAVE,0', '1', true]], necrovalley), ['lock:locks banishing from gy', 'lock:negates effects that move cards in the gy']);
  assert.deepEqual(notes([['EFFECT_CANNOT_REMOVE', '1,1', '1', false]], 'While face-up on the field, this card cannot be banished.'), []);
});

test('text coverage: every sentence is read into an effect, starts no chain (materials, limits), or is listed as not read', () => {
  const text = '2 Level 4 monsters\nYou can target 1 card; destroy it. This card\'s name becomes "A. B." while it is on the field. You can only use this effect of "X" once per turn.';
  const coverage = textCoverage(text, [{ sentence: 'You can target 1 card; destroy it.' }]);
  assert.deepEqual(coverage.sentences.length, 4, coverage.sentences.join(' | '));
  assert.deepEqual([coverage.read, coverage.noEffect, coverage.unread], [[2], [1, 4], [3]]);
});

const FILES = ['cards.tsv', 'names-ja.txt', 'index.txt'];

test('generator: the library written from the fixtures is the expected one, and reads back into their facts', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-generator-'));
  try {
    const counts = generator.generate({ texts: path.join(FIXTURES, 'texts'), scripts: writeScripts(out), 'texts-commit': 'fixture 2026-01-01', 'scripts-commit': 'fixture 2026-01-01', out });
    assert.deepEqual([counts.cards, counts.withScript, counts.noScript], [3, 2, 1]);
    const expected = path.join(FIXTURES, 'expected');
    for (const f of FILES) {
      const written = fs.readFileSync(path.join(out, f), 'utf8');
      if (process.env.UPDATE_GOLDEN) fs.mkdirSync(expected, { recursive: true }), fs.writeFileSync(path.join(expected, f), written);
      assert.equal(written, fs.readFileSync(path.join(expected, f), 'utf8'), `${f} differs from test/fixtures/generator/expected/ (UPDATE_GOLDEN=1 rewrites it: read the diff)`);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    assert.equal(manifest.sources.texts.commit, 'fixture');
    const lines = fs.readFileSync(path.join(out, 'cards.tsv'), 'utf8').trimEnd().split('\n');
    const ja = fs.readFileSync(path.join(out, 'names-ja.txt'), 'utf8').trimEnd().split('\n');
    const cards = lines.map((l, i) => {
      const r = readRecord(l, ja[i]);
      return cardToSegoc(generatedCard(r, { kind: 'generated', passcode: Number(r.passcode), konamiId: Number(r.konamiId) }));
    });
    assert.match(cards[0], /card "Fixture Lantern Dragon": effect monster \(dragon, light, level 4, atk 1800, def 1000\)/);
    assert.match(cards[0], /alias "試験灯竜"/, 'ruby markup keeps its base text');
    assert.match(cards[0], /# Konami FAQ \(rulings\): https:\/\/www\.db\.yugioh-card\.com\/yugiohdb\/faq_search\.action\?ope=4&cid=90001&request_locale=ja/, 'the Konami id reaches the record');
    assert.match(cards[0], /alias "Dragão Lanterna de Teste"/);
    assert.match(cards[0], /trigger optional if normal summoned, once per turn by name, includes search/);
    assert.match(cards[0], /quick optional, targets [^\n]*includes destroy[^\n]*during the opponent's main phase/);
    assert.match(cards[1], /card "Fixture Rank Knight": xyz monster \([^)]*rank 4/);
    assert.match(cards[1], /\n {2}ignition[^\n]*\n$/, 'one ignition effect: the continuous clone is left out');
    assert.match(cards[0], /# assumed: its script builds effects with aux\.AddFixtureProcedure, which the generator does not read/, 'an unknown helper is reported, not dropped');
    assert.match(cards[1], /# assumed: sentence 2 of its text was not read into facts/, 'a sentence no effect was read from is reported');
    assert.match(cards[2], /card "Fixture Quiet Spell": quick-play spell/);
    // No script at the pinned commit: its effects are the text inference's lines, each said to be read from the text alone.
    assert.match(cards[2], /# assumed: read from its card text alone: no script was found at the pinned commit/);
    assert.match(cards[2], /\n {2}activation, targets a face-up monster on the field[^\n]*does change atk target\n/);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test('generator: a checkout at another commit than the pinned one is refused with what to fetch', () => {
  // The repository itself is a checkout at a commit that is not the pinned yaml-yugi commit.
  assert.throws(() => generator.generate({ texts: root, scripts: root, out: os.tmpdir() }), /is at yaml-yugi [0-9a-f]{7}, the library is pinned to 3469970: check out 346997050053921374228bd381a085703001a64d/);
});

test('a clone takes its action from the last effect of its local name registered before it (a script may declare `local e1` twice)', () => {
  const { withClonedActions } = require(path.join(root, 'scripts/cards/effects.js'));
  // Stardust Synchron's shape: `local e1` an Ignition Effect that Special Summons itself, then `local e1` again a
  // search trigger, and `e2=e1:Clone()` the same search on another event.
  const sources = [{ name: 'e1' }, { name: 'e1' }, { name: 'e2', cloneOf: 'e1' }];
  const records = ['I,o,s,,,H,,special_summon,1n,cd,,,,,s,Pi', 'T,o,s,it,summon_success,,,tohand+search,1e,d,,,,,,H@d', 'T,o,s,it,spsummon_success,,,tohand+search,1e,d'];
  withClonedActions(records, sources);
  assert.equal(records[2], 'T,o,s,it,spsummon_success,,,tohand+search,1e,d,,,,,,H@d', 'the search, not the Ignition Effect: no `s`, no `Pi`');
});

test('lua reader: an event whose cards except this one (`n`): read into "other than this card"', () => {
  const body = (ret: string) => lines('local s,id=GetID()', 'function s.initial_effect(c)', 'end', 'function s.con(e,tp,eg,ep,ev,re,r,rp)', `\treturn ${ret}`, 'end', 'function s.f(c,tp)', '\treturn c:IsControler(tp)', 'end');
  const read = (ret: string) => lua.conditionQualifiers(body(ret), { code: 'EVENT_DESTROYED', hasCondition: true, condition: 's.con' });
  assert.deepEqual(read('eg:IsExists(s.f,1,e:GetHandler(),tp)'), { codes: ['c:y', 'n'], complete: true });
  assert.deepEqual(read('not eg:IsContains(e:GetHandler())'), { codes: ['n'], complete: true });
  assert.deepEqual(read('eg:IsExists(s.f,1,nil,tp)'), { codes: ['c:y'], complete: true });
});

test('lua reader: a target function whose SelectTarget excepts this card targets "other than this card" (flag `n`)', () => {
  const script = (except: string) =>
    lines(
      'local s,id=GetID()',
      'function s.initial_effect(c)',
      '\tlocal e1=Effect.CreateEffect(c)',
      '\te1:SetType(EFFECT_TYPE_IGNITION)',
      '\te1:SetProperty(EFFECT_FLAG_CARD_TARGET)',
      '\te1:SetRange(LOCATION_MZONE)',
      '\te1:SetTarget(s.tg)',
      '\tc:RegisterEffect(e1)',
      'end',
      'function s.tg(e,tp,eg,ep,ev,re,r,rp,chk,chkc)',
      `\tDuel.SelectTarget(tp,aux.TRUE,tp,LOCATION_MZONE,0,1,1,${except})`,
      'end',
    );
  const flags = (except: string) => effects.effectRecord(lua.readScript(script(except)).effects[0]).split(',')[6];
  assert.equal(flags('e:GetHandler()'), 'tn');
  assert.equal(flags('nil'), 't');
  const card = generatedCard(readRecord('00000002\tTest\t\tM:Warrior/Effect\tLIGHT\tL4\t1000\t1000\t\tb\t\ts\t\tI,o,s,,,M,tn,,,\t', ''), { kind: 'generated' } as never);
  assert.deepEqual({ other: card.effects[0].targets?.other, text: card.effects[0].text }, { other: true, text: 'ignition, targets a qualifying card other than this card' });
});
