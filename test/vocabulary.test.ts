// The vocabulary (server/src/core/cards/vocabulary/, read through its index.ts) is the one list of
// card words and phrases: what completion offers is what the interpreter understands, and the zone
// words mean the same in a scenario and in a card definition.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import {
  ACTIVATION_PHRASES,
  analyze,
  EFFECT_PROPERTIES,
  EffectFacts,
  EVENT_PHRASES,
  interpretEvent,
  interpretModifier,
  interpretPhaseTime,
  modifierCompletions,
  MODIFIER_START_WORDS,
  PHASE_TIMES,
  SUMMON_PHRASES,
  ZONE_WORDS,
} from '../server/src/core/internal';

const words = (phrase: string) => phrase.toLowerCase().split(/\s+/).filter(Boolean);

test('vocabulary: every event phrase completion offers is understood with no unknown word', () => {
  for (const phrase of [...EVENT_PHRASES, ...ACTIVATION_PHRASES, ...SUMMON_PHRASES]) {
    const p = interpretEvent(words(phrase), phrase);
    assert.notEqual(p.kind, 'unknown', phrase);
    assert.deepEqual(p.unknown, [], phrase);
  }
});

test('vocabulary: two events of this card joined by `or` are one pattern on either; an `or` inside one event is not split', () => {
  const either = interpretEvent(words('sent to gy or banished'), 'sent to gy or banished');
  assert.ok(either.kind === 'card' && either.verb === 'sent-to-gy' && either.unknown.length === 0);
  assert.deepEqual(either.kind === 'card' && either.or?.map((e) => e.kind === 'card' && e.verb), ['banished']);
  const three = interpretEvent(words('normal or special summoned or flipped'), 'normal or special summoned or flipped');
  assert.deepEqual(three.kind === 'card' && [three.verb, three.summonTypes, three.or?.map((e) => e.kind === 'card' && e.verb)], ['summoned', ['normal', 'tribute', 'special'], ['flipped']]);
  // "by battle or card effect" is no second event: the phrase keeps its unread words (assumed, never split wrong).
  const one = interpretEvent(words('destroyed by battle or card effect'), 'destroyed by battle or card effect');
  assert.ok(one.kind === 'card' && !one.or && one.unknown.includes('or'));
});

test('vocabulary: every phase time and modifier completion offers is understood', () => {
  for (const phrase of PHASE_TIMES) assert.ok(interpretPhaseTime(words(phrase), phrase).time, phrase);
  for (const phrase of modifierCompletions()) {
    // `targets ` is completed by the user: a target filter follows.
    const full = phrase === 'targets ' ? 'targets a monster' : phrase;
    const effect: EffectFacts = { kind: 'trigger' };
    assert.ok(interpretModifier(effect, words(full), full), phrase);
  }
});

test('vocabulary: every completion phrase in a card definition gives no diagnostic', () => {
  const lines = [
    ...[...EVENT_PHRASES].map((p) => `  trigger optional when ${p}`),
    ...PHASE_TIMES.map((p) => `  phase trigger optional ${p}`),
    ...modifierCompletions().map((m) => `  ignition, ${m === 'targets ' ? 'targets a monster' : m}`),
  ];
  const { diagnostics } = analyze(`card "Probe": effect monster\n${lines.join('\n')}\n`);
  assert.deepEqual(diagnostics, []);
  const trap = analyze(`card "Probe Trap": counter trap\n${[...ACTIVATION_PHRASES, ...SUMMON_PHRASES].map((p) => `  responds to ${p}`).join('\n')}\n`);
  assert.deepEqual(trap.diagnostics, []);
});

test('vocabulary: every zone word is a zone in a board line, a link and a card modifier alike', () => {
  for (const word of Object.keys(ZONE_WORDS)) {
    const effect: EffectFacts = { kind: 'ignition' };
    assert.ok(interpretModifier(effect, ['from', word], `from ${word}`), word);
    assert.deepEqual(effect.activatesFrom, [ZONE_WORDS[word]], word);
    const text = `card "Probe": effect monster\n  quick optional, from ${word}\nscenario "z"\n  players A, B\n  A ${word}: "Probe"\n`;
    const { diagnostics } = analyze(text);
    assert.deepEqual(
      diagnostics.filter((d) => d.code === 'syntax' || d.code === 'unknown-statement'),
      [],
      `${word}: ${JSON.stringify(diagnostics)}`,
    );
  }
});

test('vocabulary: docs/language.md shows every phrase, modifier and zone word of the vocabulary', () => {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/language.md'), 'utf8');
  const prose = doc.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  const shown = new Set([...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim()));
  const missing = [...EVENT_PHRASES, ...ACTIVATION_PHRASES, ...SUMMON_PHRASES, ...PHASE_TIMES, ...modifierCompletions().map((m) => (m === 'targets ' ? 'targets <filter>' : m.replace(/^spell speed \d$/, 'spell speed N'))), ...Object.keys(ZONE_WORDS)].filter(
    (p) => !shown.has(p) && !(p.startsWith('includes ') && shown.has('includes <what>')),
  );
  assert.deepEqual(missing, []);
});

test('vocabulary: every modifier completion offers starts with a word the parser splits modifiers at', () => {
  for (const m of modifierCompletions()) assert.ok(MODIFIER_START_WORDS.has(words(m)[0]), m);
});

test('vocabulary: the words leaf\'s modifier start words are exactly the effect property table\'s (written in both: the parser may not import the table)', () => {
  assert.deepEqual([...MODIFIER_START_WORDS].sort(), [...new Set(EFFECT_PROPERTIES.flatMap((p) => p.starts))].sort());
});

test('vocabulary: docs/language.md\'s Modifiers table lists exactly the spellings of the effect property table', () => {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/language.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Modifiers'), doc.indexOf('### Event vocabulary'));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  const documented = rows.flatMap((r) => [...r.split(' | ')[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  const tabled = EFFECT_PROPERTIES.flatMap((p) => p.docs);
  assert.deepEqual([...documented].sort(), [...tabled].sort());
  // And in the table's order: the docs read as the printer writes an effect line.
  assert.deepEqual(documented, tabled);
});

test('actions: one answer to "does this part fit that verb" (verbFits), used by expectations, R49, the generator\'s witness and the accuracy measure', async () => {
  const { verbFits } = await import('../server/src/core/internal');
  // "To the hand" where the source does not say from where is an add or a return to the hand, nothing else.
  assert.deepEqual(['add-to-hand', 'return-to-hand', 'return-to-extra', 'to-hand', 'destroy'].map((w) => verbFits('to-hand', w as never)), [true, true, false, true, false]);
  // Not the other way: an add is no `to-hand` of unknown origin, and a return is no add.
  assert.equal(verbFits('add-to-hand', 'to-hand'), false);
  assert.equal(verbFits('return-to-hand', 'add-to-hand'), false);
  // The accuracy script asks core, not a copy of its own.
  const { loadTypeScript } = require(path.join(__dirname, '../../scripts/lib/load-ts.js'));
  assert.ok(!fs.readFileSync(path.join(__dirname, '../../scripts/lib/action-accuracy.js'), 'utf8').includes("got === 'to-hand'"));
  assert.equal(typeof loadTypeScript('server/src/core/cards/vocabulary/actions.ts').verbFits, 'function');
});

test('vocabulary: `other than this card` / `except this card` in a filter spares the effect\'s own card, not its copies', () => {
  const { parseFilter } = require('../server/src/core/cards/vocabulary/filters');
  const { filterMatches } = require('../server/src/core/engine/match');
  for (const phrase of ['a monster you control other than this card', 'a monster you control except this card', 'a monster you control except itself']) {
    assert.deepEqual(parseFilter(words(phrase)), { category: 'monster', controller: 'you', other: true }, phrase);
  }
  const card = { category: 'monster', races: [], attributes: [], abilities: [], cardType: 'effect monster' };
  const self = { card, zone: 'field', controller: 0, owner: 0 };
  const copy = { card, zone: 'field', controller: 0, owner: 0 };
  const f = parseFilter(words('a monster you control other than this card'));
  assert.equal(filterMatches(f, self, 0, undefined, self), 'no');
  assert.equal(filterMatches(f, copy, 0, undefined, self), 'yes');
  assert.equal(filterMatches(parseFilter(words('a monster you control')), self, 0, undefined, self), 'yes');
});
