// One mistake, one error (newcomer audit D8, D11): a misspelt card or a missing closing quote is reported once,
// without the rule findings that only follow from it; a scenario a language error stops could not be checked, so
// its expectations are not met; an `expect illegal` that misses leaves the checker's real findings visible.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, Diagnostic, render } from '../server/src/core/internal';

const HEAD = 'scenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n';

function codes(ds: readonly Diagnostic[]): string[] {
  return ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}`);
}

test('follow-on: a misspelt card in a link is one error, not also a "missing" trigger of the real card', () => {
  const a = analyze(HEAD + '  Yugi field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Sangn"\n  expect legal\n');
  assert.deepEqual(codes(a.diagnostics), ['8:12 error unknown-card']);
});

test('follow-on: a missing closing quote is one error, not also an unknown card and what its chain failed to do', () => {
  const a = analyze(HEAD + '  Yugi field: "Sangan"\n  chain\n    1 Yugi "Dark Hole -> destroy all monsters\n  chain\n    1 Yugi "Sangan"\n  expect legal\n');
  assert.deepEqual(codes(a.diagnostics), ['6:12 error unterminated-name']);
  // Its first words are a card: the message says so and the fix closes the quote after them.
  const d = a.diagnostics[0];
  assert.match(d.message, /no closing quote; "Dark Hole" is a card: close the quote after it/);
  assert.deepEqual(d.fix?.[0].edits, [{ range: { start: { line: 5, character: 21 }, end: { line: 5, character: 21 } }, newText: '"' }]);
});

test('follow-on: a scenario stopped by a language error has its expectations NOT met (it could not be checked)', () => {
  const a = analyze(HEAD + '  Yugi field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Sangn"\n  expect legal\n');
  assert.equal(a.scenarios[0].verdict, 'invalid');
  assert.equal(a.scenarios[0].expectationsMet, false);
});

test('follow-on: what the rules find before the chain of the mistake is still reported', () => {
  // Chain 2 leaves out Sangan's mandatory trigger (R17, a warning); chain 3 holds the typo.
  const a = analyze(
    HEAD +
      '  Yugi field: "Sangan", "Peten the Dark Clown"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Peten the Dark Clown"\n  chain\n    1 Yugi "Dork Hole"\n',
  );
  assert.deepEqual(codes(a.diagnostics), ['8:5 warning mandatory-trigger-missing', '10:12 error unknown-card']);
});

const MISSED_EXPECTATION =
  HEAD +
  '  Yugi field: "Sangan", "Peten the Dark Clown"\n  Kaiba field: "Witch of the Black Forest", "Dandylion"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n' +
  '    1 Yugi "Sangan"\n    2 Kaiba "Witch of the Black Forest"\n    3 Yugi "Peten the Dark Clown"\n  expect illegal mandatory-trigger-missing at 1\n';

test('follow-on: an `expect illegal` that misses leaves the real finding at its severity (D8)', () => {
  const a = analyze(MISSED_EXPECTATION);
  assert.deepEqual(codes(a.diagnostics), ['11:5 warning mandatory-trigger-missing', '12:3 error expect-unmet']);
  assert.ok(!a.diagnostics.some((d) => d.message.startsWith('also: ')));
  const page = render({ title: 't', scenarios: a.scenarios }, 'markdown');
  assert.match(page, /mandatory-trigger-missing/);
  assert.match(page, /Dandylion/);
});
