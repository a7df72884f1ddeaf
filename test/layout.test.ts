// core/layout.ts: the uniform copies keep every field they are given, and every hot class keeps an
// idle instance (the two layout tricks that pay, docs/performance.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, lex } from '../server/src/core/internal';
import { parseEvent } from '../server/src/core/cards/model';
import { keptLayouts } from '../server/src/core/layout';
import { uniformPattern } from '../server/src/core/cards/uniform';

const PHRASES = [
  'this card is sent to the gy',
  'this card is destroyed by battle and sent to the gy',
  'a monster is special summoned from the gy',
  'your opponent normal summons a monster',
  'an opponent\'s monster declares an attack',
  'your opponent activates a spell card',
  'your opponent takes battle damage',
  'a dark monster you control is destroyed by a card effect',
  'something nobody wrote a pattern for',
];

test('layout: a uniform pattern keeps every field of the pattern it copies, for every kind', () => {
  const kinds = new Set<string>();
  for (const phrase of PHRASES) {
    const pattern = parseEvent(lex(phrase).lines[0].tokens);
    kinds.add(pattern.kind);
    const copy = uniformPattern(pattern) as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(pattern)) {
      // Compared without the fields the copy adds as undefined (JSON leaves them out).
      if (value !== undefined) assert.deepEqual(JSON.parse(JSON.stringify(copy[key])), JSON.parse(JSON.stringify(value)), `${phrase}: ${key}`);
    }
  }
  assert.deepEqual([...kinds].sort(), ['activation', 'attack', 'card', 'damage', 'unknown']);
});

test('layout: every class the analysis runs on keeps one idle instance for the process', () => {
  analyze('scenario "s"\n  players A, B\n  turn A\n');
  const kept = new Set(keptLayouts().map((o) => o.constructor.name));
  for (const name of ['Token', 'LogicalLine', 'LineLexer', 'ParseError', 'Cursor', 'CardIndex', 'WorkspaceView', 'Timeline']) {
    assert.ok(kept.has(name), `${name} keeps no instance (static keepLayout = keepLayoutOf(...))`);
  }
});
