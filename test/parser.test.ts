// Tests of the parser: one test per construct of language.md (use, card definitions, scenario
// headers, board lines, game actions, chains, links, actions, expectations), exact node ranges,
// comments in the tree, and malformed inputs (each costs one located diagnostic; the rest parses).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import {
  Action,
  ActionStmt,
  analyze,
  modifierCompletions,
  BoardStmt,
  CardRef,
  CardSet,
  ChainBlock,
  Diagnostic,
  EffectLine,
  ExpectStmt,
  GameAction,
  HeaderStmt,
  LinkStmt,
  parse,
  Range,
  Scenario,
  ScenarioItem,
  SourceFile,
  Token,
} from '../server/src/core/internal';

const MALFORMED = path.resolve(__dirname, '../../test/fixtures/malformed');

// ---------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------

function fmt(ds: Diagnostic[]): string {
  return ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}: ${d.message}`).join('\n');
}

/** Parses text that must have no syntax diagnostic. */
function parseOk(text: string): SourceFile {
  const r = parse(text);
  assert.equal(r.diagnostics.length, 0, `unexpected diagnostics:\n${fmt(r.diagnostics)}`);
  return r.file;
}

function r(sl: number, sc: number, el: number, ec: number): Range {
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

const HEAD = 'scenario "t"\n  players Yugi, Kaiba\n  turn Yugi\n';

/** The items of the single scenario of `HEAD + body`. */
function items(body: string): ScenarioItem[] {
  const f = parseOk(HEAD + body);
  assert.equal(f.scenarios.length, 1);
  return f.scenarios[0].items;
}

/** The game action of one scenario line. */
function gameAction(lineText: string): GameAction {
  const its = items(`  ${lineText}\n`);
  const last = its[its.length - 1];
  assert.equal(last.kind, 'action', `\`${lineText}\` is not a game action`);
  return (last as ActionStmt).action;
}

/** The one link of `chain` + that link line. */
function link(linkText: string): LinkStmt {
  const its = items(`  chain\n    ${linkText}\n`);
  const chain = its[its.length - 1] as ChainBlock;
  assert.equal(chain.kind, 'chain');
  assert.equal(chain.links.length, 1);
  return chain.links[0];
}

/** The `->` action groups of `1 Yugi "Dark Hole" -> <actions>`. */
function actions(text: string): Action[][] {
  const l = link(`1 Yugi "Dark Hole" -> ${text}`);
  assert.ok(l.actions, 'the link has no actions');
  return l.actions.groups;
}

function oneAction(text: string): Action {
  const g = actions(text);
  assert.equal(g.length, 1);
  assert.equal(g[0].length, 1);
  return g[0][0];
}

/** Card references in a compact form: `Name`, `Kaiba's Name`, `@label`. */
function refs(x: CardRef[] | CardSet | undefined): string[] {
  if (!x) return [];
  if (!Array.isArray(x)) {
    if (x.kind === 'all') return [`all ${x.owner ? `${x.owner.text}'s ` : ''}${x.what}`];
    if (x.kind === 'count') return [`${x.count} cards${x.from ? ` from ${x.from}` : ''}${x.faceDown ? ' face-down' : ''}`];
    x = x.refs;
  }
  return x.map((c) => (c.kind === 'label' ? `@${c.label}` : `${c.owner ? `${c.owner.text}'s ` : ''}${c.name}`));
}

function words(ts: Token[]): string {
  return ts.map((t) => (t.kind === 'string' ? `"${t.text}"` : t.text)).join(' ');
}

function effects(text: string): EffectLine[] {
  const f = parseOk(text);
  assert.equal(f.cards.length, 1);
  return f.cards[0].effects;
}

// ---------------------------------------------------------------------------------------------
// file structure
// ---------------------------------------------------------------------------------------------

test('parser: use "path" imports a file (path text and ranges)', () => {
  const f = parseOk('use "cards/monarchs.segoc"   # the monarchs\n');
  assert.equal(f.uses.length, 1);
  assert.equal(f.uses[0].path.text, 'cards/monarchs.segoc');
  assert.deepEqual(f.uses[0].path.range, r(0, 4, 0, 26));
  assert.deepEqual(f.uses[0].range, r(0, 0, 0, 26));
  assert.equal(f.lines[0].role, 'top');
});

test('parser: keywords are case-insensitive (USE, CARD, SCENARIO, Players, CHAIN, Expect Legal)', () => {
  const f = parseOk(
    'USE "a.segoc"\nCARD "X": Normal Spell\nSCENARIO "t"\n  Players Yugi, Kaiba\n  TURN Yugi\n  CHAIN\n    1 Yugi "X" -> NOTHING\n  Expect Legal\n',
  );
  assert.equal(f.uses.length, 1);
  assert.equal(f.cards[0].cardType.text, 'normal spell');
  const its = f.scenarios[0].items;
  assert.deepEqual(
    its.map((i) => i.kind),
    ['players', 'turn', 'chain', 'expect'],
  );
  assert.equal((its[2] as ChainBlock).links[0].actions!.groups[0][0].kind, 'nothing');
});

test('parser: a scenario runs until the next scenario line; card definitions stand anywhere', () => {
  const f = parseOk(
    'scenario "one"\n  players Yugi, Kaiba\ncard "X": normal spell\nscenario "two"\n  players A, B\n  chain\n    1 A "X"\n',
  );
  assert.deepEqual(
    f.scenarios.map((s) => s.title.text),
    ['one', 'two'],
  );
  assert.equal(f.scenarios[0].items.length, 1);
  assert.equal(f.scenarios[1].items.length, 2);
  assert.deepEqual(
    f.cards.map((c) => c.name.text),
    ['X'],
  );
  // The scenario's range runs from its `scenario` line to its last line.
  assert.deepEqual(f.scenarios[0].range, r(0, 0, 1, 21));
  assert.deepEqual(f.scenarios[1].range, r(3, 0, 6, 11));
  assert.deepEqual(f.scenarios[1].headerRange, r(3, 0, 3, 14));
  assert.deepEqual(f.scenarios[1].title.range, r(3, 9, 3, 14));
});

test('parser: every logical line is listed in order with its role', () => {
  const f = parseOk('use "a.segoc"\ncard "X": normal spell\n  alias "Y"\nscenario "t"\n  players Yugi, Kaiba\n  chain\n    1 Yugi "X"\n');
  assert.deepEqual(
    f.lines.map((l) => l.role),
    ['top', 'top', 'card-effect', 'top', 'scenario-item', 'scenario-item', 'link'],
  );
  assert.deepEqual(
    f.lines.map((l) => l.line.firstLine),
    [0, 1, 2, 3, 4, 5, 6],
  );
});

test('parser: a card definition inside a scenario does not end the scenario', () => {
  const f = parseOk('scenario "t"\n  players Yugi, Kaiba\ncard "Home Card": normal spell\n  turn Yugi\n  chain\n    1 Yugi "Home Card"\n');
  assert.equal(f.cards.length, 1);
  assert.equal(f.cards[0].effects.length, 0);
  assert.deepEqual(
    f.scenarios[0].items.map((i) => i.kind),
    ['players', 'turn', 'chain'],
  );
  assert.equal((f.scenarios[0].items[2] as ChainBlock).links.length, 1);
});

// ---------------------------------------------------------------------------------------------
// card definitions
// ---------------------------------------------------------------------------------------------

test('parser: card "Name": type (tags) with exact ranges', () => {
  const f = parseOk('card "Mermail Abyssturge": effect monster (fish, water, level 3, atk 1700, def 1100)\n');
  const c = f.cards[0];
  assert.equal(c.name.text, 'Mermail Abyssturge');
  assert.deepEqual(c.name.range, r(0, 5, 0, 25));
  assert.equal(c.cardType.text, 'effect monster');
  assert.deepEqual(c.cardType.range, r(0, 27, 0, 41));
  assert.deepEqual(
    c.tags.map((t) => t.text),
    ['fish', 'water', 'level 3', 'atk 1700', 'def 1100'],
  );
  assert.deepEqual(c.tags[2].range, r(0, 56, 0, 63));
  assert.deepEqual(c.range, r(0, 0, 0, 84));
  assert.deepEqual(c.effects, []);
});

test('parser: every card type of language.md is read as its words', () => {
  const types = [
    'effect monster',
    'normal monster',
    'normal spell',
    'quick-play spell',
    'continuous spell',
    'field spell',
    'equip spell',
    'ritual spell',
    'normal trap',
    'continuous trap',
    'counter trap',
    'fusion monster',
    'link monster',
  ];
  const f = parseOk(types.map((t, i) => `card "C${i}": ${t}`).join('\n'));
  assert.deepEqual(
    f.cards.map((c) => c.cardType.text),
    types,
  );
});

test('parser: a multi-word tag (sea serpent, winged beast) is one tag', () => {
  const f = parseOk('card "X": effect monster (sea serpent, winged beast, beast-warrior)');
  assert.deepEqual(
    f.cards[0].tags.map((t) => t.text),
    ['sea serpent', 'winged beast', 'beast-warrior'],
  );
});

test('parser: effect line `trigger mandatory if <event>`', () => {
  const [e] = effects('card "Sangan": effect monster\n  trigger mandatory if sent to gy from field\n');
  assert.equal(e.effectKind, 'trigger');
  assert.equal(e.mandatory, true);
  assert.equal(e.timing, 'if');
  assert.equal(words(e.phrase), 'sent to gy from field');
  assert.deepEqual(e.modifiers, []);
  assert.deepEqual(e.range, r(1, 2, 1, 44));
});

test('parser: effect line `trigger optional when <event>` with modifiers after commas', () => {
  const [e] = effects(
    'card "Green Baboon, Defender of the Forest": effect monster (beast)\n  trigger optional when a beast you control is destroyed, from hand or gy, summons itself\n',
  );
  assert.equal(e.effectKind, 'trigger');
  assert.equal(e.mandatory, false);
  assert.equal(e.timing, 'when');
  assert.equal(words(e.phrase), 'a beast you control is destroyed');
  assert.deepEqual(
    e.modifiers.map(words),
    ['from hand or gy', 'summons itself'],
  );
});

test('parser: effect line `phase trigger` with a phase time and an if-condition', () => {
  const [a, b] = effects(
    'card "Gladiator Beast Laquari": effect monster (beast-warrior)\n  phase trigger optional at end of battle phase if this card battled\n  phase trigger mandatory during your standby phase, spell speed 2\n',
  );
  assert.equal(a.effectKind, 'phase-trigger');
  assert.equal(a.mandatory, false);
  assert.equal(a.timing, undefined);
  assert.equal(words(a.phrase), 'at end of battle phase if this card battled');
  assert.equal(b.effectKind, 'phase-trigger');
  assert.equal(b.mandatory, true);
  assert.equal(words(b.phrase), 'during your standby phase');
  assert.deepEqual(b.modifiers.map(words), ['spell speed 2']);
});

test('parser: effect line `quick mandatory when <event>, once per chain`', () => {
  const [e] = effects('card "Light and Darkness Dragon": effect monster\n  quick mandatory when card or effect activated, once per chain\n');
  assert.equal(e.effectKind, 'quick');
  assert.equal(e.mandatory, true);
  assert.equal(e.timing, 'when');
  assert.equal(words(e.phrase), 'card or effect activated');
  assert.deepEqual(e.modifiers.map(words), ['once per chain']);
});

test('parser: effect line `quick optional` without an event keeps only modifiers', () => {
  const [e] = effects('card "Kuriboh": effect monster\n  quick optional, from hand, damage step\n');
  assert.equal(e.effectKind, 'quick');
  assert.equal(e.mandatory, false);
  assert.equal(e.timing, undefined);
  assert.deepEqual(e.phrase, []);
  assert.deepEqual(e.modifiers.map(words), ['from hand', 'damage step']);
});

test('parser: effect lines `ignition`, `continuous`, `flip mandatory`', () => {
  const es = effects(
    'card "X": effect monster\n  ignition, from hand, summons itself\n  continuous\n  flip mandatory, targets a monster your opponent controls\n',
  );
  assert.deepEqual(
    es.map((e) => e.effectKind),
    ['ignition', 'continuous', 'flip'],
  );
  assert.equal(es[0].mandatory, undefined);
  assert.deepEqual(es[0].modifiers.map(words), ['from hand', 'summons itself']);
  assert.deepEqual(es[1].modifiers, []);
  assert.equal(es[2].mandatory, true);
  assert.deepEqual(es[2].modifiers.map(words), ['targets a monster your opponent controls']);
});

test('parser: effect line `responds to` lists its alternatives, modifiers apart', () => {
  const [e] = effects('card "Solemn Strike": counter trap\n  responds to monster effect activated, summon, spell speed 3\n');
  assert.equal(e.effectKind, 'responds');
  assert.deepEqual(
    e.alternatives!.map(words),
    ['monster effect activated', 'summon'],
  );
  assert.equal(words(e.phrase), 'monster effect activated');
  assert.deepEqual(e.modifiers.map(words), ['spell speed 3']);
});

test('parser: every modifier of language.md is kept as its own clause', () => {
  // What completion offers of each effect property (the table behind docs/language.md's Modifiers).
  const mods = [...modifierCompletions().map((m) => (m === 'targets ' ? 'targets a level 3 or lower water monster in your gy' : m)), 'includes search or deck summon'];
  const [e] = effects(`card "X": effect monster\n  trigger optional when summoned, ${mods.join(', ')}\n`);
  assert.equal(words(e.phrase), 'summoned');
  // `words` spaces every token, a possessive too (`opponent 's`).
  assert.deepEqual(e.modifiers.map(words), mods.map((m) => m.replace(/'s\b/g, " 's")));
});

test('parser: `alias` gives another name, in any quote style', () => {
  const f = parseOk('card "Sangan": effect monster\n  alias 《クリッター》\n  alias “Critter”\n');
  const c = f.cards[0];
  assert.deepEqual(
    c.aliases.map((a) => a.name.text),
    ['クリッター', 'Critter'],
  );
  assert.deepEqual(c.aliases[0].name.range, r(1, 8, 1, 15));
  assert.deepEqual(c.effects, []);
  // The card's range grows over its effect and alias lines.
  assert.deepEqual(c.range, r(0, 0, 2, 17));
});

test('parser: a card definition continues over `,` continuation lines', () => {
  const [e] = effects('card "X": effect monster\n  trigger optional when summoned,\n    from hand,\n    summons itself\n');
  assert.deepEqual(e.modifiers.map(words), ['from hand', 'summons itself']);
  assert.equal(e.line.firstLine, 1);
  assert.equal(e.line.lastLine, 3);
});

test('parser: a non-effect line ends the card; a later effect line is outside any card', () => {
  const r1 = parse('card "X": effect monster\nscenario "t"\n  trigger optional when summoned\n');
  assert.equal(r1.file.cards[0].effects.length, 0);
  assert.equal(r1.diagnostics.length, 1);
  assert.equal(r1.diagnostics[0].code, 'outside-card');
  assert.equal(r1.diagnostics[0].range.start.line, 2);
});

// ---------------------------------------------------------------------------------------------
// scenario header lines
// ---------------------------------------------------------------------------------------------

test('parser: header `source "..."`', () => {
  const its = items('  source "Yugipedia, Example 1"\n');
  const s = its[2] as HeaderStmt;
  assert.equal(s.kind, 'source');
  assert.equal(s.source!.text, 'Yugipedia, Example 1');
  assert.deepEqual(s.source!.range, r(3, 9, 3, 31));
});

test('parser: header `rules tcg` / `rules ocg`', () => {
  const a = items('  rules tcg\n')[2] as HeaderStmt;
  assert.equal(a.kind, 'rules');
  assert.equal(a.ruleset!.text, 'tcg');
  assert.equal(a.asOf, undefined);
  const b = items('  rules OCG\n')[2] as HeaderStmt;
  assert.equal(b.ruleset!.text, 'ocg');
});

test('parser: header `rules tcg as of 2016-06` (also YYYY and YYYY-MM-DD)', () => {
  for (const d of ['2016-06', '2009', '2017-03-31']) {
    const h = items(`  rules tcg as of ${d}\n`)[2] as HeaderStmt;
    assert.equal(h.kind, 'rules');
    assert.equal(h.asOf!.text, d);
    assert.deepEqual(h.asOf!.range, r(3, 18, 3, 18 + d.length));
  }
});

test('parser: header `players A, B` (also `players A and B`)', () => {
  const h = items('')[0] as HeaderStmt;
  assert.equal(h.kind, 'players');
  assert.deepEqual(
    h.players!.map((p) => p.text),
    ['Yugi', 'Kaiba'],
  );
  assert.deepEqual(h.players![1].range, r(1, 16, 1, 21));
  const f = parseOk('scenario "t"\n  players Joey and Mai\n');
  assert.deepEqual(
    (f.scenarios[0].items[0] as HeaderStmt).players!.map((p) => p.text),
    ['Joey', 'Mai'],
  );
});

test('parser: header `turn A`', () => {
  const h = items('')[1] as HeaderStmt;
  assert.equal(h.kind, 'turn');
  assert.equal(h.turn!.text, 'Yugi');
  assert.deepEqual(h.turn!.range, r(2, 7, 2, 11));
});

test('parser: header `phase X` for every starting phase of the spec', () => {
  const phases: Array<[string, string]> = [
    ['draw', 'draw'],
    ['standby', 'standby'],
    ['main1', 'main1'],
    ['battle', 'battle'],
    ['damage-step', 'damage-step'],
    ['main2', 'main2'],
    ['end', 'end'],
  ];
  for (const [word, phase] of phases) {
    const its = items(`  phase ${word}\n`);
    const it = its[2];
    // A `phase` line before any chain is where the scenario starts; the tree may keep it as a
    // start-phase header or as a phase game action.
    if (it.kind === 'start-phase') assert.equal(it.phase!.phase, phase);
    else {
      assert.equal(it.kind, 'action');
      const a = (it as ActionStmt).action;
      assert.equal(a.kind, 'phase');
      assert.equal((a as { phase: string }).phase, phase, `phase ${word}`);
    }
  }
});

// ---------------------------------------------------------------------------------------------
// board lines
// ---------------------------------------------------------------------------------------------

test('parser: board line `<player> <zone>: <cards>` for every zone', () => {
  for (const zone of ['field', 'hand', 'gy', 'banished', 'deck', 'extra']) {
    const b = items(`  Kaiba ${zone}: "Sangan", "Peten the Dark Clown"\n`)[2] as BoardStmt;
    assert.equal(b.kind, 'board');
    assert.equal(b.player.text, 'Kaiba');
    assert.equal(b.zone, zone);
    assert.deepEqual(
      b.cards.map((c) => refs([c.ref])[0]),
      ['Sangan', 'Peten the Dark Clown'],
    );
    assert.equal(b.explicitEmpty, false);
    assert.deepEqual(b.zoneRange, r(3, 8, 3, 8 + zone.length));
  }
});

test('parser: board line `set "X"` is face-down; others face-up', () => {
  const b = items('  Yugi field: set "Solemn Strike", "Sangan", face-down "Mirror Force"\n')[2] as BoardStmt;
  assert.deepEqual(
    b.cards.map((c) => [refs([c.ref])[0], c.faceDown]),
    [
      ['Solemn Strike', true],
      ['Sangan', false],
      ['Mirror Force', true],
    ],
  );
  assert.deepEqual(b.cards[0].range, r(3, 14, 3, 33));
});

test('parser: board line `as label` names a copy', () => {
  const b = items('  Yugi gy: "Green Baboon, Defender of the Forest" as baboon2, "Sangan" as s_1\n')[2] as BoardStmt;
  assert.deepEqual(
    b.cards.map((c) => c.label?.text),
    ['baboon2', 's_1'],
  );
  assert.deepEqual(b.cards[0].label!.range, r(3, 53, 3, 60));
  assert.deepEqual(b.cards[0].range, r(3, 11, 3, 60));
});

test('parser: board line `none` states an empty zone', () => {
  const b = items('  Yugi gy: none\n')[2] as BoardStmt;
  assert.equal(b.kind, 'board');
  assert.equal(b.explicitEmpty, true);
  assert.deepEqual(b.cards, []);
});

test('parser: board line over continuation lines', () => {
  const b = items('  Yugi field: "Sangan",\n    "Peten the Dark Clown",\n    "Mystic Tomato"\n')[2] as BoardStmt;
  assert.equal(b.cards.length, 3);
  assert.deepEqual(b.range, r(3, 2, 5, 19));
});

// ---------------------------------------------------------------------------------------------
// game actions
// ---------------------------------------------------------------------------------------------

test('parser: `Yugi normal summons "X"`', () => {
  const a = gameAction('Yugi normal summons "Mystic Tomato"');
  assert.equal(a.kind, 'summon');
  if (a.kind !== 'summon') return;
  assert.equal(a.summonType, 'normal');
  assert.equal(a.player.text, 'Yugi');
  assert.deepEqual(refs([a.card]), ['Mystic Tomato']);
  assert.equal(a.tributes, undefined);
});

test('parser: `Yugi tribute summons "X" tributing "Y"` (also several tributes)', () => {
  const a = gameAction('Yugi tribute summons "Zaborg the Thunder Monarch" tributing "Sangan"');
  assert.equal(a.kind, 'summon');
  if (a.kind !== 'summon') return;
  assert.equal(a.summonType, 'tribute');
  assert.deepEqual(refs([a.card]), ['Zaborg the Thunder Monarch']);
  assert.deepEqual(refs(a.tributes), ['Sangan']);
  const b = gameAction('Yugi tribute summons "Dark Magician" tributing "Sangan" and Kaiba\'s "Peten the Dark Clown"');
  assert.ok(b.kind === 'summon');
  assert.deepEqual(refs((b as { tributes?: CardRef[] }).tributes), ['Sangan', "Kaiba's Peten the Dark Clown"]);
});

test('parser: `Yugi special summons "X"` (summon by procedure)', () => {
  const a = gameAction('Yugi special summons "Cyber Dragon"');
  assert.ok(a.kind === 'summon' && a.summonType === 'special');
  assert.deepEqual(refs([(a as { card: CardRef }).card]), ['Cyber Dragon']);
});

test('parser: `Yugi flip summons "X"`', () => {
  const a = gameAction('Yugi flip summons "Old Vindictive Magician"');
  assert.ok(a.kind === 'summon' && a.summonType === 'flip');
  assert.deepEqual(refs([(a as { card: CardRef }).card]), ['Old Vindictive Magician']);
});

test('parser: `Yugi sets "X"`', () => {
  const a = gameAction('Yugi sets "Mystic Tomato"');
  assert.equal(a.kind, 'set');
  assert.deepEqual(refs([(a as { card: CardRef }).card]), ['Mystic Tomato']);
  assert.equal((a as { player: { text: string } }).player.text, 'Yugi');
});

test('parser: `Kaiba attacks "X" with "Y"` (target first, attacker after with)', () => {
  const a = gameAction('Kaiba attacks "Mystic Tomato" with Kaiba\'s "Gemini Elf"');
  assert.equal(a.kind, 'attack');
  if (a.kind !== 'attack') return;
  assert.equal(a.player.text, 'Kaiba');
  assert.deepEqual(refs([a.target!]), ['Mystic Tomato']);
  assert.deepEqual(refs([a.attacker]), ["Kaiba's Gemini Elf"]);
  assert.deepEqual(a.attacker.range, r(3, 37, 3, 57));
});

test('parser: `Kaiba attacks directly with "X"`', () => {
  const a = gameAction('Kaiba attacks directly with "Gemini Elf"');
  assert.equal(a.kind, 'attack');
  if (a.kind !== 'attack') return;
  assert.equal(a.target, undefined);
  assert.deepEqual(refs([a.attacker]), ['Gemini Elf']);
});

test('parser: `battle destroys "X", Kaiba\'s "X"`', () => {
  const a = gameAction('battle destroys "Mystic Tomato", Kaiba\'s "Mystic Tomato"');
  assert.equal(a.kind, 'battle-destroys');
  assert.deepEqual(refs((a as { cards: CardRef[] }).cards), ['Mystic Tomato', "Kaiba's Mystic Tomato"]);
});

test('parser: `phase X` after a chain is a phase game action (with its range)', () => {
  const its = items('  chain\n    1 Yugi "Dark Hole"\n  phase standby\n');
  const a = its[3] as ActionStmt;
  assert.equal(a.kind, 'action');
  assert.deepEqual(a.action, { kind: 'phase', phase: 'standby', phaseRange: r(5, 8, 5, 15) });
  assert.deepEqual(a.range, r(5, 2, 5, 15));
});

test('parser: `end of battle phase` and `phase end of battle phase`', () => {
  const a = gameAction('end of battle phase');
  assert.equal(a.kind, 'phase');
  assert.equal((a as { phase: string }).phase, 'end-of-battle');
  const b = gameAction('phase end of battle phase');
  assert.equal((b as { phase: string }).phase, 'end-of-battle');
  const c = gameAction('end of the battle phase');
  assert.equal((c as { phase: string }).phase, 'end-of-battle');
});

test('parser: `Yugi passes`', () => {
  const a = gameAction('Yugi passes');
  assert.deepEqual(a.kind, 'pass');
  assert.equal((a as { player: { text: string } }).player.text, 'Yugi');
});

test('parser: `Yugi link summons "X" using "A", "B"` (and xyz, synchro, fusion, ritual)', () => {
  const a = gameAction('Yugi link summons "Knightmare Phoenix" using "Sangan", Kaiba\'s "Gemini Elf"');
  assert.equal(a.kind, 'material-summon');
  if (a.kind !== 'material-summon') return;
  assert.equal(a.method, 'link');
  assert.deepEqual(refs([a.card]), ['Knightmare Phoenix']);
  assert.deepEqual(refs(a.materials), ['Sangan', "Kaiba's Gemini Elf"]);
  for (const m of ['xyz', 'synchro', 'fusion', 'ritual']) {
    assert.equal((gameAction(`Yugi ${m} summons "X" using "A"`) as { method: string }).method, m);
  }
  // A label material is read as one (`using` ends the card; `,` the list).
  items('  Yugi field: "Sangan" as s1\n  Yugi xyz summons "Gagaga Cowboy" using s1, "Gemini Elf"\n');
  assert.ok(parse(`${HEAD}  Yugi link summons "Knightmare Phoenix" "Sangan"\n`).diagnostics.some((d) => /using/.test(d.message)));
});

test('parser: `Yugi draws "X"` and `destroy "X" by continuous effect`', () => {
  const a = gameAction('Yugi draws "Palladium Oracle Mahad"');
  assert.equal(a.kind, 'draw');
  assert.deepEqual(refs((a as { cards: CardRef[] }).cards), ['Palladium Oracle Mahad']);
  const d = gameAction('destroy "Sangan", Kaiba\'s "Sangan" by continuous effect');
  assert.equal(d.kind, 'continuous-destroy');
  assert.deepEqual(refs((d as { cards: CardRef[] }).cards), ['Sangan', "Kaiba's Sangan"]);
  // A destruction by a link is written in its chain: the game action says how it happened.
  assert.ok(parse(`${HEAD}  destroy "Sangan"\n`).diagnostics.some((d) => /by continuous effect/.test(d.message)));
});

// ---------------------------------------------------------------------------------------------
// chains and links
// ---------------------------------------------------------------------------------------------

test('parser: a chain block holds its links in order (seed 001 example 1)', () => {
  const f = parseOk(`scenario "Dark Hole: Sangan and Peten on both sides"
  source "Yugipedia, Simultaneous Effect Go On Chain, Example 1"
  rules tcg
  players Yugi, Kaiba
  turn Yugi

  Yugi field: "Sangan", "Peten the Dark Clown"
  Kaiba field: "Sangan", "Peten the Dark Clown"

  chain
    1 Yugi "Dark Hole" -> destroy all monsters

  chain
    1 Yugi "Sangan"
    2 Kaiba "Sangan"
    3 Yugi "Peten the Dark Clown"
    4 Kaiba "Peten the Dark Clown"

  expect legal
`);
  const sc = f.scenarios[0];
  assert.deepEqual(
    sc.items.map((i) => i.kind),
    ['source', 'rules', 'players', 'turn', 'board', 'board', 'chain', 'chain', 'expect'],
  );
  const chains = sc.items.filter((i): i is ChainBlock => i.kind === 'chain');
  assert.deepEqual(
    chains[1].links.map((l) => [l.number.value, l.player.text, refs([l.card])[0]]),
    [
      [1, 'Yugi', 'Sangan'],
      [2, 'Kaiba', 'Sangan'],
      [3, 'Yugi', 'Peten the Dark Clown'],
      [4, 'Kaiba', 'Peten the Dark Clown'],
    ],
  );
  assert.deepEqual(chains[0].keywordRange, r(9, 2, 9, 7));
  assert.deepEqual(chains[1].range, r(12, 2, 16, 34));
  assert.deepEqual(chains[1].links[3].range, r(16, 4, 16, 34));
  assert.deepEqual(chains[1].links[3].number.range, r(16, 4, 16, 5));
  assert.deepEqual(chains[1].links[3].player.range, r(16, 6, 16, 11));
  assert.deepEqual((chains[1].links[3].card as { nameRange: Range }).nameRange, r(16, 12, 16, 34));
  assert.deepEqual(sc.range, r(0, 0, 18, 14));
});

test('parser: link `effect N`', () => {
  const l = link('1 Yugi "Edea the Heavenly Squire" effect 2');
  assert.equal(l.effectIndex!.value, 2);
  assert.deepEqual(l.effectIndex!.range, r(4, 45, 4, 46));
});

test('parser: link `from <zone>`', () => {
  const l = link('1 Yugi "Green Baboon, Defender of the Forest" from gy');
  assert.deepEqual(l.from, { zone: 'gy', range: r(4, 50, 4, 57) });
  assert.equal(link('1 Yugi "Battle Fader" from hand').from!.zone, 'hand');
});

test('parser: link `cost: <actions>`', () => {
  const l = link('1 Kaiba "Raigeki Break" cost: discard "Kuriboh"');
  assert.ok(l.cost);
  assert.equal(l.cost.groups.length, 1);
  assert.equal(l.cost.groups[0][0].kind, 'discard');
  assert.deepEqual(refs((l.cost.groups[0][0] as { cards: CardSet }).cards), ['Kuriboh']);
  assert.deepEqual(l.cost.range, r(4, 34, 4, 51));
});

test('parser: link `target <cards>`', () => {
  const l = link('1 Yugi "Monster Reborn" target "Dark Magician"');
  assert.deepEqual(refs(l.targets), ['Dark Magician']);
  const m = link('1 Yugi "X" target "A", Kaiba\'s "B" and lbl');
  assert.deepEqual(refs(m.targets), ['A', "Kaiba's B", '@lbl']);
});

test('parser: link `-> <actions>`', () => {
  const l = link('1 Yugi "Monster Reborn" target "Dark Magician" -> special summon "Dark Magician"');
  assert.equal(l.actions!.groups[0][0].kind, 'special-summon');
  assert.deepEqual(l.actions!.range, r(4, 54, 4, 84));
});

test('parser: a link with every part (effect, from, cost:, target, ->) in order', () => {
  const l = link(
    '2 Kaiba "Raigeki Break" effect 1 from hand cost: discard "Kuriboh", target "Peten the Dark Clown" -> destroy "Peten the Dark Clown"',
  );
  assert.equal(l.number.value, 2);
  assert.equal(l.player.text, 'Kaiba');
  assert.deepEqual(refs([l.card]), ['Raigeki Break']);
  assert.equal(l.effectIndex!.value, 1);
  assert.equal(l.from!.zone, 'hand');
  assert.deepEqual(
    l.cost!.groups.map((g) => g.map((a) => a.kind)),
    [['discard']],
  );
  assert.deepEqual(refs(l.targets), ['Peten the Dark Clown']);
  assert.deepEqual(
    l.actions!.groups.map((g) => g.map((a) => a.kind)),
    [['destroy']],
  );
  assert.deepEqual(l.range, r(4, 4, 4, 135));
});

test("parser: a link's card may be a label or Kaiba's \"X\"", () => {
  assert.deepEqual(refs([link('1 Yugi baboon2').card]), ['@baboon2']);
  const l = link('1 Kaiba Kaiba\'s "Sangan"');
  assert.deepEqual(refs([l.card]), ["Kaiba's Sangan"]);
  assert.deepEqual(l.card.range, r(4, 12, 4, 28));
});

test('parser: a link continues over `,` continuation lines', () => {
  const its = items('  chain\n    1 Kaiba "Raigeki Break" cost: discard "Kuriboh",\n      target "Sangan" -> destroy "Sangan"\n');
  const l = (its[2] as ChainBlock).links[0];
  assert.deepEqual(refs(l.targets), ['Sangan']);
  assert.equal(l.actions!.groups[0][0].kind, 'destroy');
  assert.equal(l.line.firstLine, 4);
  assert.equal(l.line.lastLine, 5);
});

// ---------------------------------------------------------------------------------------------
// actions
// ---------------------------------------------------------------------------------------------

test('parser: action `destroy <cards>`', () => {
  const a = oneAction('destroy "Sangan", Kaiba\'s "Sangan"');
  assert.equal(a.kind, 'destroy');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Sangan', "Kaiba's Sangan"]);
  assert.deepEqual(a.range, r(4, 26, 4, 60));
});

test('parser: action `destroy all monsters`', () => {
  const a = oneAction('destroy all monsters');
  assert.deepEqual((a as { cards: CardSet }).cards, { kind: 'all', what: 'monsters', owner: undefined, range: r(4, 34, 4, 46) });
});

test('parser: action `destroy all spells and traps`', () => {
  const a = oneAction('destroy all spells and traps');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['all spells-and-traps']);
});

test('parser: action `destroy all cards`', () => {
  assert.deepEqual(refs((oneAction('destroy all cards') as { cards: CardSet }).cards), ['all cards']);
});

test("parser: action `destroy all Kaiba's monsters` (and all Kaiba's cards)", () => {
  const a = oneAction("destroy all Kaiba's monsters");
  const cs = (a as { cards: CardSet }).cards;
  assert.equal(cs.kind, 'all');
  if (cs.kind !== 'all') return;
  assert.equal(cs.what, 'monsters');
  assert.equal(cs.owner!.text, 'Kaiba');
  assert.deepEqual(refs((oneAction("destroy all Kaiba's cards") as { cards: CardSet }).cards), ["all Kaiba's cards"]);
});

test('parser: action `send <cards> to gy`', () => {
  const a = oneAction('send "Sangan" and "Witch of the Black Forest" to gy');
  assert.equal(a.kind, 'send-to-gy');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Sangan', 'Witch of the Black Forest']);
});

test('parser: action `discard <cards>`', () => {
  const a = oneAction('discard "Kuriboh"');
  assert.equal(a.kind, 'discard');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Kuriboh']);
});

test('parser: action `tribute <cards>`', () => {
  const a = oneAction('tribute "Sangan"');
  assert.equal(a.kind, 'tribute');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Sangan']);
});

test('parser: action `banish <cards>`', () => {
  const a = oneAction('banish "Peten the Dark Clown"');
  assert.equal(a.kind, 'banish');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Peten the Dark Clown']);
});

test('parser: action `return <cards> to hand` / `to deck` / `shuffle <cards> into deck`', () => {
  const a = oneAction('return "Sangan" to hand');
  assert.equal(a.kind, 'return');
  assert.equal((a as { to: string }).to, 'hand');
  assert.equal((oneAction('return "Sangan" to deck') as { to: string }).to, 'deck');
  const s = oneAction('shuffle "Sangan" into deck');
  assert.equal(s.kind, 'return');
  assert.equal((s as { to: string }).to, 'deck');
});

test('parser: action `special summon <card> [from <zone>]`', () => {
  const a = oneAction('special summon "Peten the Dark Clown" from deck');
  assert.equal(a.kind, 'special-summon');
  assert.equal((a as { from?: string }).from, 'deck');
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Peten the Dark Clown']);
  assert.equal((oneAction('special summon "Dark Magician"') as { from?: string }).from, undefined);
});

test('parser: action `add <card> to hand` (from deck by default, `from gy` when written)', () => {
  const a = oneAction('add "Sangan" to hand');
  assert.equal(a.kind, 'add-to-hand');
  assert.equal((a as { from?: string }).from, undefined);
  assert.deepEqual(refs((a as { cards: CardSet }).cards), ['Sangan']);
  assert.equal((oneAction('add "Sangan" from gy to hand') as { from?: string }).from, 'gy');
  assert.equal((oneAction('add "Sangan" to hand from gy') as { from?: string }).from, 'gy');
});

test('parser: action `return <cards> to extra deck`, `set <cards> from <zone>`, `fusion summon <card> using <cards>`', () => {
  assert.equal((oneAction('return "Gem-Knight Aquamarine" to extra deck') as { to: string }).to, 'extra');
  assert.equal((oneAction('return "Gem-Knight Aquamarine" to the extra deck') as { to: string }).to, 'extra');
  const set = oneAction('set "Chicken Game", "Fossil Dig" from deck');
  assert.equal(set.kind, 'set');
  assert.equal((set as { from?: string }).from, 'deck');
  assert.deepEqual(refs((set as { cards: CardSet }).cards), ['Chicken Game', 'Fossil Dig']);
  const f = oneAction('fusion summon "Thousand-Eyes Restrict" using "Relinquished", "Thousand-Eyes Idol"');
  assert.equal(f.kind, 'material-summon');
  assert.equal((f as { method: string }).method, 'fusion');
  assert.deepEqual(refs((f as { materials: CardRef[] }).materials), ['Relinquished', 'Thousand-Eyes Idol']);
});

test('parser: action `draw "X"` names the drawn cards (`draw 2` counts them)', () => {
  const a = oneAction('draw "Palladium Oracle Mahad", "Sangan"');
  assert.equal(a.kind, 'draw');
  assert.equal((a as { count: number }).count, 2);
  assert.deepEqual(refs((a as { cards: CardRef[] }).cards), ['Palladium Oracle Mahad', 'Sangan']);
  // `then` after the named cards starts the next part.
  const l = link('1 Yugi "Graceful Charity" -> draw "Sangan" then discard "Kuriboh"');
  assert.equal(l.actions!.groups.length, 2);
});

test('parser: action `draw N`', () => {
  assert.deepEqual(oneAction('draw 2'), { kind: 'draw', count: 2, range: r(4, 26, 4, 32) });
  assert.equal((oneAction('draw 1 card') as { count: number }).count, 1);
});

test('parser: action `negate N` (also `negate link 2`, `negate CL2`)', () => {
  for (const t of ['negate 2', 'negate link 2', 'negate CL2', 'negate the activation of chain link 2']) {
    const a = oneAction(t);
    assert.equal(a.kind, 'negate', t);
    assert.equal((a as { link: { value: number } }).link.value, 2, t);
  }
});

test('parser: action `<player> takes N damage`', () => {
  const a = oneAction('Kaiba takes 1000 damage');
  assert.equal(a.kind, 'damage');
  if (a.kind !== 'damage') return;
  assert.equal(a.player.text, 'Kaiba');
  assert.equal(a.amount, 1000);
  assert.deepEqual(a.range, r(4, 26, 4, 49));
});

test('parser: action `pay N lp`', () => {
  const a = oneAction('pay 1500 lp');
  assert.deepEqual(a, { kind: 'pay-lp', amount: 1500, range: r(4, 26, 4, 37) });
});

test('parser: action `change <cards> to defense position` / `to attack position`', () => {
  const a = oneAction('change "Gemini Elf" to defense position');
  assert.equal(a.kind, 'change-position');
  assert.equal((a as { position: string }).position, 'defense');
  assert.equal((oneAction('change "Gemini Elf" to attack position') as { position: string }).position, 'attack');
});

test('parser: action `equip <card> to <card>`', () => {
  const a = oneAction('equip "Sangan" to Kaiba\'s "Gemini Elf"');
  assert.equal(a.kind, 'equip');
  if (a.kind !== 'equip') return;
  assert.deepEqual(refs([a.card]), ['Sangan']);
  assert.deepEqual(refs([a.to]), ["Kaiba's Gemini Elf"]);
});

test('parser: action `nothing`', () => {
  assert.deepEqual(oneAction('nothing'), { kind: 'nothing', range: r(4, 26, 4, 33) });
});

test('parser: actions joined by `,` and `and` are one simultaneous group', () => {
  const g = actions('destroy "Sangan", Kaiba takes 500 damage and draw 1');
  assert.equal(g.length, 1);
  assert.deepEqual(
    g[0].map((a) => a.kind),
    ['destroy', 'damage', 'draw'],
  );
  assert.deepEqual(refs((g[0][0] as { cards: CardSet }).cards), ['Sangan']);
});

test('parser: `then` starts a new group (also `, then` and `and then`)', () => {
  const g = actions('special summon "Battle Fader", then nothing and then draw 1 then destroy "Sangan"');
  assert.deepEqual(
    g.map((x) => x.map((a) => a.kind)),
    [['special-summon'], ['nothing'], ['draw'], ['destroy']],
  );
});

test('parser: a cost list stops before `target` and `->`', () => {
  const l = link('1 Yugi "X" cost: pay 1000 lp and discard "Kuriboh" target "Sangan" -> destroy "Sangan"');
  assert.deepEqual(
    l.cost!.groups.map((g) => g.map((a) => a.kind)),
    [['pay-lp', 'discard']],
  );
  assert.deepEqual(refs((l.cost!.groups[0][1] as { cards: CardSet }).cards), ['Kuriboh']);
  assert.deepEqual(refs(l.targets), ['Sangan']);
  assert.deepEqual(refs((l.actions!.groups[0][0] as { cards: CardSet }).cards), ['Sangan']);
});

// ---------------------------------------------------------------------------------------------
// expectations
// ---------------------------------------------------------------------------------------------

test('parser: `expect legal`', () => {
  const e = items('  expect legal\n')[2] as ExpectStmt;
  assert.equal(e.kind, 'expect');
  assert.equal(e.legal, true);
  assert.deepEqual(e.range, r(3, 2, 3, 14));
});

test('parser: `expect illegal CODE at N`', () => {
  const e = items('  expect illegal segoc-order at 2\n')[2] as ExpectStmt;
  assert.ok(!e.legal);
  if (e.legal) return;
  assert.equal(e.code.text, 'segoc-order');
  assert.deepEqual(e.code.range, r(3, 17, 3, 28));
  assert.equal(e.link?.value, 2);
  assert.deepEqual(e.link?.range, r(3, 32, 3, 33));
  assert.equal(e.chain, undefined);
});

test('parser: `expect illegal CODE at N in chain K`', () => {
  const e = items('  expect illegal missed-timing at 1 in chain 3\n')[2] as ExpectStmt;
  assert.ok(!e.legal);
  if (e.legal) return;
  assert.equal(e.code.text, 'missed-timing');
  assert.equal(e.link?.value, 1);
  assert.equal(e.chain!.value, 3);
  assert.deepEqual(e.chain!.range, r(3, 45, 3, 46));
});

test('parser: `expect illegal CODE at CL2` / `at link 2`', () => {
  for (const t of ['at CL2', 'at link 2']) {
    const e = items(`  expect illegal spell-speed ${t}\n`)[2] as ExpectStmt;
    assert.ok(!e.legal);
    assert.equal((e as { link: { value: number } }).link.value, 2, t);
  }
});

// ---------------------------------------------------------------------------------------------
// comments
// ---------------------------------------------------------------------------------------------

test('parser: comments are kept in the tree (file.comments and line comments)', () => {
  const f = parseOk(
    '# file comment\nscenario "t" # title comment\n  players Yugi, Kaiba\n  # about the chain\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters # resolves\n',
  );
  assert.deepEqual(
    f.comments.map((c) => [c.text, c.range.start.line]),
    [
      ['# file comment', 0],
      ['# about the chain', 3],
    ],
  );
  assert.deepEqual(f.scenarios[0].line.comments.map((c) => c.text), ['# title comment']);
  const chain = f.scenarios[0].items[1] as ChainBlock;
  assert.deepEqual(chain.links[0].line.comments.map((c) => c.text), ['# resolves']);
  assert.deepEqual(chain.links[0].line.comments[0].range, r(5, 47, 5, 57));
  // The comment does not become part of the link.
  assert.deepEqual(chain.links[0].range, r(5, 4, 5, 46));
});

test('parser: comments on card definitions and effect lines are kept', () => {
  const f = parseOk('card "X": effect monster # the header\n  trigger optional when summoned # the effect\n');
  assert.deepEqual(f.cards[0].line.comments.map((c) => c.text), ['# the header']);
  assert.deepEqual(f.cards[0].effects[0].line.comments.map((c) => c.text), ['# the effect']);
  assert.equal(words(f.cards[0].effects[0].phrase), 'summoned');
});

// ---------------------------------------------------------------------------------------------
// malformed input: one located diagnostic for the broken line, the rest still parses
// ---------------------------------------------------------------------------------------------

interface Malformed {
  name: string;
  /** Fixture file in test/fixtures/malformed, or the text itself. */
  file?: string;
  text?: string;
  /** Expected diagnostic code and 1-based line; none for inputs that are not errors. */
  code?: string;
  line?: number;
  /** Whether the diagnostic comes from `analyze` (names, dates, card types) rather than `parse`. */
  viaAnalyze?: boolean;
  /** Checks that the rest of the file parsed. */
  rest: (f: SourceFile) => void;
}

function scenarioTitles(f: SourceFile): string[] {
  return f.scenarios.map((s) => s.title.text);
}

function chainsOf(s: Scenario): ChainBlock[] {
  return s.items.filter((i): i is ChainBlock => i.kind === 'chain');
}

function linkCards(c: ChainBlock): string[] {
  return c.links.map((l) => `${l.number.value} ${l.player.text} ${refs([l.card])[0]}`);
}

/** The rest of a standard fixture: scenario "after" with one chain of two links and `expect legal`. */
function afterScenarioParsed(f: SourceFile): void {
  const after = f.scenarios.find((s) => s.title.text === 'after');
  assert.ok(after, `the scenario after the broken line is missing (have ${JSON.stringify(scenarioTitles(f))})`);
  const cs = chainsOf(after);
  assert.equal(cs.length, 1);
  assert.deepEqual(linkCards(cs[0]), ['1 Yugi Dark Hole', '2 Kaiba Mystical Space Typhoon']);
  assert.ok(after.items.some((i) => i.kind === 'expect' && i.legal));
}

const CASES: Malformed[] = [
  {
    name: 'missing closing quote',
    file: 'missing-closing-quote.segoc',
    code: 'unterminated-name',
    line: 6,
    rest: (f) => {
      // The broken board line still yields its board statement; the chain after it parses.
      const cs = chainsOf(f.scenarios[0]);
      assert.equal(cs.length, 1);
      assert.deepEqual(linkCards(cs[0]), ['1 Yugi Dark Hole']);
      afterScenarioParsed(f);
    },
  },
  {
    name: '`card` without `:`',
    file: 'card-without-colon.segoc',
    code: 'syntax',
    line: 1,
    rest: (f) => {
      const good = f.cards.find((c) => c.name.text === 'Good Card');
      assert.ok(good);
      assert.equal(good.effects.length, 1);
      afterScenarioParsed(f);
    },
  },
  {
    name: 'unknown card type',
    file: 'unknown-card-type.segoc',
    code: 'syntax',
    line: 1,
    viaAnalyze: true,
    rest: (f) => {
      assert.deepEqual(
        f.cards.map((c) => c.name.text),
        ['Space Card', 'Good Card'],
      );
      afterScenarioParsed(f);
    },
  },
  {
    name: 'effect line outside a card',
    file: 'effect-outside-card.segoc',
    code: 'outside-card',
    line: 2,
    rest: (f) => {
      assert.equal(f.cards.length, 1);
      assert.equal(f.cards[0].effects.length, 1);
      afterScenarioParsed(f);
    },
  },
  {
    name: 'link outside a chain',
    file: 'link-outside-chain.segoc',
    code: 'outside-chain',
    line: 5,
    rest: (f) => {
      const cs = chainsOf(f.scenarios[0]);
      assert.equal(cs.length, 1);
      assert.deepEqual(linkCards(cs[0]), ['1 Yugi Dark Hole']);
      afterScenarioParsed(f);
    },
  },
  {
    name: 'scenario line before `scenario`',
    file: 'line-before-scenario.segoc',
    code: 'outside-scenario',
    line: 2,
    rest: afterScenarioParsed,
  },
  {
    name: '`rules xyz`',
    file: 'rules-xyz.segoc',
    code: 'syntax',
    line: 3,
    rest: (f) => {
      assert.ok(!f.scenarios[0].items.some((i) => i.kind === 'rules'));
      assert.equal(chainsOf(f.scenarios[0]).length, 1);
      afterScenarioParsed(f);
    },
  },
  {
    name: '`players` with one name',
    file: 'players-one-name.segoc',
    code: 'syntax',
    line: 2,
    rest: (f) => {
      // The line is kept (its name is one of the scenario's players); its mistake is reported on it.
      assert.deepEqual(
        f.scenarios[0].items.map((i) => i.kind),
        ['players', 'turn', 'chain'],
      );
      afterScenarioParsed(f);
    },
  },
  {
    name: 'bad `as of` date',
    file: 'bad-date.segoc',
    code: 'bad-date',
    line: 3,
    viaAnalyze: true,
    rest: (f) => {
      const rules = f.scenarios[0].items.find((i) => i.kind === 'rules') as HeaderStmt;
      assert.ok(rules);
      assert.equal(rules.asOf!.text, 'June-2016');
      afterScenarioParsed(f);
    },
  },
  {
    name: 'link with an unknown clause',
    file: 'link-unknown-clause.segoc',
    code: 'syntax',
    line: 6,
    rest: (f) => {
      const cs = chainsOf(f.scenarios[0]);
      assert.deepEqual(linkCards(cs[0]), ['1 Yugi Dark Hole']);
      afterScenarioParsed(f);
    },
  },
  {
    name: 'unknown action verb',
    file: 'unknown-action.segoc',
    code: 'syntax',
    line: 6,
    rest: afterScenarioParsed,
  },
  {
    name: '`negate` without a number',
    file: 'negate-without-number.segoc',
    code: 'syntax',
    line: 7,
    rest: (f) => {
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['1 Yugi Dark Hole']);
      afterScenarioParsed(f);
    },
  },
  {
    name: '`expect illegal` without `at`',
    file: 'expect-without-at.segoc',
    code: 'syntax',
    line: 8,
    rest: (f) => {
      assert.ok(!f.scenarios[0].items.some((i) => i.kind === 'expect'));
      afterScenarioParsed(f);
    },
  },
  {
    name: '`expect` with garbage',
    file: 'expect-garbage.segoc',
    code: 'syntax',
    line: 6,
    rest: afterScenarioParsed,
  },
  {
    name: 'board line with an unquoted card',
    file: 'board-unquoted.segoc',
    code: 'syntax',
    line: 4,
    viaAnalyze: true,
    rest: afterScenarioParsed,
  },
  {
    name: '`attacks "X"` without `with`',
    file: 'attacks-without-with.segoc',
    code: 'syntax',
    line: 5,
    rest: (f) => {
      assert.equal(chainsOf(f.scenarios[0]).length, 1);
      afterScenarioParsed(f);
    },
  },
  {
    name: 'statement that starts with punctuation',
    file: 'starts-with-punctuation.segoc',
    code: 'unknown-statement',
    line: 4,
    rest: afterScenarioParsed,
  },
  {
    name: 'scenario without a title',
    file: 'scenario-without-title.segoc',
    code: 'syntax',
    line: 1,
    rest: afterScenarioParsed,
  },
  {
    name: 'unknown phase',
    file: 'unknown-phase.segoc',
    code: 'syntax',
    line: 4,
    rest: afterScenarioParsed,
  },
  {
    name: '`chain` with trailing words',
    file: 'chain-trailing.segoc',
    code: 'syntax',
    line: 4,
    rest: afterScenarioParsed,
  },
  {
    name: '`trigger` without mandatory/optional',
    file: 'trigger-without-mandatory.segoc',
    code: 'syntax',
    line: 2,
    rest: (f) => {
      assert.equal(f.cards.length, 1);
      assert.equal(f.cards[0].effects.length, 1);
      assert.equal(f.cards[0].effects[0].effectKind, 'ignition');
      afterScenarioParsed(f);
    },
  },
  {
    name: '`send ... to` a zone that is not the GY',
    file: 'send-to-moon.segoc',
    code: 'syntax',
    line: 5,
    rest: afterScenarioParsed,
  },
  {
    name: 'unclosed tag parenthesis',
    file: 'unclosed-paren.segoc',
    code: 'syntax',
    line: 1,
    rest: afterScenarioParsed,
  },
  {
    name: '`as` without a label',
    file: 'as-without-label.segoc',
    code: 'syntax',
    line: 4,
    rest: afterScenarioParsed,
  },
  {
    name: 'empty file',
    text: '',
    rest: (f) => {
      assert.deepEqual(f.scenarios, []);
      assert.deepEqual(f.cards, []);
      assert.deepEqual(f.lines, []);
      assert.equal(f.lineCount, 1);
    },
  },
  {
    name: 'only comments',
    file: 'only-comments.segoc',
    rest: (f) => {
      assert.deepEqual(f.scenarios, []);
      assert.deepEqual(f.lines, []);
      assert.equal(f.comments.length, 3);
      assert.equal(f.comments[2].text, '#no space after the hash "quoted"');
    },
  },
  {
    name: 'binary junk and NUL bytes',
    text: `scenario "junk"\n  players Yugi, Kaiba\n\u0000\u0001\u0002\u00ff\u0007 \u0000\u0000 junk\n  chain\n    1 Yugi "Dark Hole"\n`,
    code: 'unknown-statement',
    line: 3,
    rest: (f) => {
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['1 Yugi Dark Hole']);
    },
  },
  {
    name: 'a 100,000-character line',
    text: `scenario "long"\n  players Yugi, Kaiba\n  ${'x'.repeat(50000)} ${'y '.repeat(25000)}\n  chain\n    1 Yugi "Dark Hole"\n`,
    code: 'unknown-statement',
    line: 3,
    rest: (f) => {
      assert.ok(f.lines[2].line.range.end.character >= 100000);
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['1 Yugi Dark Hole']);
    },
  },
  {
    name: 'a 100,000-character card name (not an error)',
    text: `scenario "long name"\n  players Yugi, Kaiba\n  chain\n    1 Yugi "${'Z'.repeat(100000)}" -> nothing\n    2 Kaiba "Dark Hole"\n`,
    rest: (f) => {
      const c = chainsOf(f.scenarios[0])[0];
      assert.equal(c.links.length, 2);
      assert.equal((c.links[0].card as { name: string }).name.length, 100000);
    },
  },
  {
    name: 'deeply repeated `,` continuations',
    text:
      'scenario "commas"\n  players Yugi, Kaiba\n  Yugi field: "Sangan",\n' +
      ',\n'.repeat(10000) +
      '  "Peten the Dark Clown"\n  chain\n    1 Yugi "Dark Hole"\n',
    code: 'syntax',
    line: 4,
    rest: (f) => {
      assert.equal(f.lines.length, 5);
      assert.equal(f.lines[2].line.lastLine, 10003);
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['1 Yugi Dark Hole']);
    },
  },
  {
    name: 'deeply repeated valid continuations (not an error)',
    text:
      'scenario "many"\n  players Yugi, Kaiba\n  Yugi deck: ' +
      Array.from({ length: 3000 }, () => '"Sangan"').join(',\n') +
      '\n  chain\n    1 Yugi "Dark Hole"\n',
    rest: (f) => {
      const b = f.scenarios[0].items[1] as BoardStmt;
      assert.equal(b.cards.length, 3000);
      assert.equal(chainsOf(f.scenarios[0]).length, 1);
    },
  },
  {
    name: 'emoji outside a name, emoji and lone surrogates inside names',
    text: `scenario "emoji 😀"\n  players Yugi, Kaiba\n  Yugi hand: "Sangan 😀", "Peten \ud800 Clown", "\udfff"\n  Yugi field: "Sangan" 😀\n  chain\n    1 Yugi "Dark Hole"\n`,
    code: 'syntax',
    line: 4,
    rest: (f) => {
      assert.equal(f.scenarios[0].title.text, 'emoji 😀');
      const b = f.scenarios[0].items[1] as BoardStmt;
      assert.deepEqual(
        b.cards.map((c) => (c.ref as { name: string }).name),
        ['Sangan 😀', 'Peten \ud800 Clown', '\udfff'],
      );
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['1 Yugi Dark Hole']);
    },
  },
  {
    name: 'tabs and CRLF',
    text: 'scenario "tabs"\r\n\tplayers Yugi, Kaiba\r\n\tturn Yugi\r\n\tchain\r\n\t\t1 Yugi "Dark Hole" ->\r\n\t\t2 Kaiba "Mystical Space Typhoon"\r\n\texpect legal\r\n',
    code: 'syntax',
    line: 5,
    rest: (f) => {
      assert.deepEqual(linkCards(chainsOf(f.scenarios[0])[0]), ['2 Kaiba Mystical Space Typhoon']);
      assert.ok(f.scenarios[0].items.some((i) => i.kind === 'expect'));
    },
  },
];

test('parser: at least 25 malformed inputs are covered', () => {
  assert.ok(CASES.filter((c) => c.code).length >= 25, `only ${CASES.filter((c) => c.code).length} malformed inputs`);
});

for (const c of CASES) {
  test(`parser: malformed input — ${c.name}`, () => {
    const text = c.file ? fs.readFileSync(path.join(MALFORMED, c.file), 'utf8') : c.text!;
    let parsed: ReturnType<typeof parse> | undefined;
    assert.doesNotThrow(() => {
      parsed = parse(text);
    });
    const p = parsed!;
    let diags: Diagnostic[] = p.diagnostics;
    if (c.viaAnalyze) {
      assert.equal(p.diagnostics.length, 0, `parse should accept this line; the check reports it:\n${fmt(p.diagnostics)}`);
    }
    // The whole check never throws either; language errors are what we count.
    let an: ReturnType<typeof analyze> | undefined;
    assert.doesNotThrow(() => {
      an = analyze(text);
    });
    if (c.viaAnalyze) diags = an!.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
    if (c.code) {
      assert.equal(diags.length, 1, `expected exactly one diagnostic, got:\n${fmt(diags)}`);
      assert.equal(diags[0].code, c.code, fmt(diags));
      assert.equal(diags[0].range.start.line + 1, c.line, `diagnostic on the wrong line: ${fmt(diags)}`);
      assert.ok(diags[0].message.length > 0);
    } else {
      assert.equal(diags.length, 0, `expected no diagnostic, got:\n${fmt(diags)}`);
    }
    c.rest(p.file);
  });
}

test('parser: a 100,000-character line and 10,000 continuations parse (hang guard; speed is measured in bench/)', { timeout: 60000 }, () => {
  const text =
    'scenario "big"\n  players Yugi, Kaiba\n  chain\n    1 Yugi "Dark Hole" -> destroy ' +
    Array.from({ length: 8000 }, () => '"Sangan"').join(', ') +
    '\n  Yugi deck: ' +
    Array.from({ length: 10000 }, () => '"Sangan"').join(',\n') +
    '\n';
  const p = parse(text);
  assert.equal(p.diagnostics.length, 0, fmt(p.diagnostics));
  const destroy = chainsOf(p.file.scenarios[0])[0].links[0].actions!.groups[0][0] as { cards: CardSet };
  assert.equal(refs(destroy.cards).length, 8000);
});

test('parser: 1,500 random documents from the vocabulary never make parse or analyze throw; every range is inside the text', () => {
  const frags = [
    'scenario "s"', 'players Yugi, Kaiba', 'turn Yugi', 'turn Kaiba', 'chain', '1', '2', '3', 'Yugi', 'Kaiba', '"Sangan"',
    '"Dark Hole"', '"Peten the Dark Clown"', '"Battle Fader"', '"Green Baboon, Defender of the Forest"', "Kaiba's", 'field:',
    'hand:', 'gy:', '->', 'destroy', 'all', 'monsters', 'then', 'and', ',', 'cost:', 'target', 'effect', 'from', 'hand', 'gy',
    'negate', 'special summon', 'add', 'to hand', 'draw', 'takes 1000 damage', 'expect illegal', 'expect legal', 'segoc-order',
    'at', 'in chain', 'phase', 'standby', 'end of battle phase', 'attacks', 'directly', 'with', 'normal summons',
    'tribute summons', 'tributing', 'battle destroys', 'passes', 'card "Z":', 'effect monster', 'trigger optional when',
    'summoned', 'phase trigger mandatory', 'quick mandatory when card or effect activated', 'responds to', 'summon', 'alias',
    'as', 'lbl', 'set', 'none', '#', '"', '《', '(', ')', 'use "x.segoc"', 'rules ocg as of 2009', 'rules tcg as of 2016-06',
    '\t', '\u0000', '😀', '\ud800', 'Yugi sets', 'Kaiba flip summons', '"Mystic Tomato"', '"Solemn Strike"',
    '"Ash Blossom & Joyous Spring"', '"Light and Darkness Dragon"', 'pay 1000 lp', 'equip', 'change', 'to defense position',
    'discard', 'send', 'to gy', 'banish', 'return', 'nothing',
  ];
  let seed = 20240601;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let doc = 0; doc < 1500; doc++) {
    const lines: string[] = [];
    const n = 1 + Math.floor(rnd() * 20);
    for (let i = 0; i < n; i++) {
      const k = Math.floor(rnd() * 8);
      const ws: string[] = [];
      for (let j = 0; j < k; j++) ws.push(frags[Math.floor(rnd() * frags.length)]);
      lines.push((rnd() < 0.5 ? '  ' : '') + ws.join(' '));
    }
    const text = (rnd() < 0.7 ? 'scenario "f"\n  players Yugi, Kaiba\n' : '') + lines.join(rnd() < 0.2 ? '\r\n' : '\n');
    const lineCount = text.split(/\r\n|\r|\n/).length;
    let a: ReturnType<typeof analyze> | undefined;
    assert.doesNotThrow(() => {
      a = analyze(text);
    }, `analyze threw on ${JSON.stringify(text)}`);
    for (const d of a!.diagnostics) {
      assert.ok(
        d.range.start.line >= 0 && d.range.start.line <= d.range.end.line && d.range.end.line < lineCount,
        `${d.code} has a range outside the text: ${JSON.stringify(d.range)} in ${JSON.stringify(text)}`,
      );
      assert.doesNotMatch(d.message, /internal/, `${JSON.stringify(text)}`);
    }
  }
});
