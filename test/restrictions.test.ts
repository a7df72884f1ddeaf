// Locks and continuous negation as card facts (R62-R65): the modifiers of a `continuous` line read and printed one
// way, the English texts' plain wordings read into them, and a scope or condition not read kept as a named gap.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, englishRestrictions, printRestriction, readRestriction } from '../server/src/core/internal';

const words = (s: string) => s.split(' ');

test('restrictions: every modifier reads back as it prints', () => {
  for (const m of [
    'locks activation of trap cards',
    'locks activation of monster effects for opponent if a condition holds',
    'locks activation of some cards for you',
    'locks activation of cards and effects',
    'locks special summons',
    'locks special summons for opponent except some monsters',
    'negates monster effects on the field',
    'negates some effects on the field if a condition holds',
    'unaffected by other card effects',
    'unaffected by spell and trap effects',
    'unaffected by some effects',
    'locks activation of spell cards unless set earlier',
    'locks activation of spell cards unless set earlier if a condition holds',
    'locks banishing from gy',
    'locks banishing for opponent',
    'negates effects that move cards in the gy',
  ]) {
    const r = readRestriction(words(m));
    assert.ok(r, m);
    assert.equal(printRestriction(r!), m);
  }
  assert.equal(readRestriction(words('locks activation of dragons')), undefined);
  assert.equal(readRestriction(words('negates activation')), undefined);
});

test('restrictions: the official texts of the staples are read into the same modifiers', () => {
  const cases: Array<[string, string[]]> = [
    ['Trap Cards, and their effects on the field, cannot be activated. Negate all Trap effects on the field.', ['locks activation of trap cards', 'negates trap effects on the field']],
    ['Neither player can Special Summon monsters. If a card is sent from the Deck or the field to your GY: Destroy this card.', ['locks special summons']],
    ['You cannot Special Summon monsters from the Extra Deck.', ['locks special summons for you except some monsters']],
    ['Activate this card by paying 1000 LP. Negate the effects of all face-up monsters while they are face-up on the field (but their effects can still be activated).', ['negates monster effects on the field']],
    ['If your opponent controls more monsters than you do, your opponent cannot activate monster effects or declare an attack.', ['locks activation of monster effects for opponent if a condition holds']],
    ['Unaffected by Trap effects.', ['unaffected by trap effects']],
    // A narrower scope than the words' own is `some`: which cards is not read.
    ['Neither player can activate the effects of monsters in the hand.', ['locks activation of some cards']],
    ["Negate the effects of all face-up monsters on the field, while those monsters are face-up on the field, except Tribute Summoned monsters'.", ['negates some effects on the field']],
    ['Neither player can activate Spell Cards during Main Phase 1.', ['locks activation of some cards']],
    // "Can only control 1 Type of monster": a Summon of another Type is forbidden, which ones is not read; a card's own
    // uniqueness ("You can only control 1 "X"") is no lock.
    ['Each player can only control 1 Type of monster. Send all other face-up monsters they control to the GY.', ['locks special summons except some monsters']],
    ['You can only control 1 "Number 39: Utopia".', []],
    // A condition at the end ("as long as ...") is a condition; "as long as this card remains face-up" is none.
    ['This card on the field is unaffected by all other card effects, as long as "Necrovalley" is also on the field.', ['unaffected by other card effects if a condition holds']],
    ['This Link Summoned card is unaffected by Trap effects.', ['unaffected by trap effects if a condition holds']],
    // Two locks of one card, each on one player under its own condition.
    ['If only you control a Spellcaster monster, your opponent cannot activate Spell Cards. If you control no Spellcaster monsters, you cannot activate Spell Cards.', ['locks activation of spell cards for opponent if a condition holds', 'locks activation of spell cards for you if a condition holds']],
    // An oath of the activation, a limit on responses and an activated effect's part are no continuous effect.
    ['You cannot Special Summon monsters the turn you activate this card.', []],
    ["Your opponent cannot activate cards or effects in response to this card's effect activations.", []],
    ['Target 1 face-up monster; it is unaffected by other cards\' effects this turn.', []],
    // Scopes of how a Spell was Set and of the GY (R92, R93; R64's negation), wherever the text states them whole.
    ['Both players must Set Spell Cards before activating them, and cannot activate them until their next turn after Setting them.', ['locks activation of spell cards unless set earlier']],
    ['While you control another "Ice Barrier" monster, both players must Set Spell Cards before activating them, and cannot activate them until their next turn.', ['locks activation of spell cards unless set earlier if a condition holds']],
    ['All "Gravekeeper\'s" monsters on the field gain 500 ATK/DEF. Cards in the GY cannot be banished. Negate any card effect that would move a card in the GY to a different place. Negate any card effect that changes Types or Attributes in the GY.', ['locks banishing from gy', 'negates effects that move cards in the gy']],
    ['Neither player can banish cards.', ['locks banishing']],
    ['Your opponent cannot banish cards.', ['locks banishing for opponent']],
    // A card's own protection, an option of an effect, and a lock for the rest of the turn are no continuous lock.
    ['While face-up on the field, this card cannot be banished.', []],
    ['● Neither player can banish cards from the GY.', []],
    ['During your opponent\'s turn (Quick Effect): You can Tribute this card from your hand or face-up field; neither player can banish cards for the rest of this turn.', []],
  ];
  for (const [text, expected] of cases) assert.deepEqual(englishRestrictions(text), expected, text);
});

test('restrictions: a lock whose scope is not read is a named unknown fact, never a silent legal', () => {
  const a = analyze(`card "Floodgate X": continuous trap
  continuous, locks activation of some cards

scenario "a lock of unknown scope"
  players Yugi, Kaiba
  turn Yugi

  Kaiba field: "Floodgate X"
  Yugi field: set "Raigeki Break", "Gemini Elf"

  chain
    1 Yugi "Raigeki Break" target "Gemini Elf"
`);
  const codes = a.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('unknown-card-fact'), codes.join());
  assert.ok(!codes.includes('activation-locked'));
});

test('restrictions: a conditional Anti-Spell lock (Warlock of the Ice Barrier) is a named unknown fact; Imperial Iron Wall forbids a banishing cost from the hand', () => {
  const warlock = analyze(`card "Ice Warlock X": effect monster (spellcaster, water, level 3, atk 400, def 1000)
  continuous, locks activation of spell cards unless set earlier if a condition holds

scenario "a conditional Set-first lock"
  players Yugi, Kaiba
  turn Yugi

  Kaiba field: "Ice Warlock X", "Gemini Elf"
  Yugi hand: "Dark Hole"

  chain
    1 Yugi "Dark Hole"
`);
  const codes = warlock.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('unknown-card-fact'), codes.join());
  assert.ok(!codes.includes('spell-must-be-set'), codes.join());
  const wall = analyze(`card "Iron Wall X": continuous trap
  continuous, locks banishing

card "Banish Cost X": normal spell
  activation, cost banish 1 from hand, does draw 1

scenario "a banishing cost from the hand under a lock on all banishing"
  players Yugi, Kaiba
  turn Yugi

  Kaiba field: "Iron Wall X"
  Yugi hand: "Banish Cost X", "Gemini Elf"

  chain
    1 Yugi "Banish Cost X"
`);
  assert.deepEqual(wall.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), ['banish-locked']);
});

test('restrictions: a Pendulum Scale under Anti-Spell Fragrance is never Set first (R92)', () => {
  const a = analyze(`card "Scale X": effect monster (spellcaster, dark, pendulum, level 4, scale 4, atk 1000, def 1000)

scenario "a Pendulum Scale under Anti-Spell Fragrance"
  players Yugi, Kaiba
  turn Yugi

  Kaiba field: "Anti-Spell Fragrance"
  Yugi hand: "Scale X"

  chain
    1 Yugi "Scale X" to pendulum zone
`);
  assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), ['spell-must-be-set']);
});
