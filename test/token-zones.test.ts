// R76 for Tokens: an effect whose first part Special Summons N Tokens needs N free Main Monster Zones on the field
// they go to (W140: Scapegoat needs 4); Ojama Trio's go to the opponent's field. The samples show it too
// (samples/rules/R74-R75-R76-R77-R78-activation-needs.segoc); this pins the counting on both fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../server/src/core/internal';
import './generated-cards';

function codes(board: string, link: string): string[] {
  const text = `scenario "tokens"\n  players Yugi, Kaiba\n  turn Kaiba\n\n${board}\n\n  chain\n    1 ${link}\n`;
  return analyze(text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);
}

test('R76: Scapegoat needs 4 free Main Monster Zones on its player\'s field', () => {
  assert.deepEqual(codes('  Yugi field: "Sangan", set "Scapegoat"', 'Yugi "Scapegoat"'), []);
  const short = codes('  Yugi field: "Sangan", "Kuriboh", set "Scapegoat"', 'Yugi "Scapegoat"');
  assert.equal(short.length, 1);
  assert.match(short[0], /^no-free-zone: .*Special Summons 4 Tokens to Yugi's field, but only 3 .* are free .*\[R76\]$/);
});

test('R76: Tokens Summoned to the opponent\'s field count the opponent\'s zones (Ojama Trio)', () => {
  const board = '  Yugi field: set "Ojama Trio"\n  Kaiba field: "Sangan", "Kuriboh", "Dark Magician"';
  const errors = codes(board, 'Yugi "Ojama Trio"');
  assert.equal(errors.length, 1);
  assert.match(errors[0], /^no-free-zone: .*Special Summons 3 Tokens to Kaiba's field, but only 2 .*\[R76\]$/);
  assert.deepEqual(codes('  Yugi field: "Sangan", "Kuriboh", "Dark Magician", set "Ojama Trio"', 'Yugi "Ojama Trio"'), []);
});
