// The preview's view model (client/src/preview/model.ts), built from real analyses by core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze } from '../../server/src/core/internal';
import { preview } from '../../server/src/lsp/preview';
import {
  buildViewModel,
  fileNameOf,
  isPreviewResult,
  parseWebviewMessage,
  PreviewResult,
  previewStateUri,
  summarize,
} from '../../client/src/preview/model';
import { repoRoot } from '../helpers';

const root = repoRoot();

/** What the server's `segoc/preview` returns for a text: the server's DTO of core's analysis, as JSON. */
export function previewOf(text: string, uri = 'file:///work/sample.segoc'): PreviewResult {
  const analysis = analyze(text, { uri });
  // Typed assignment first: the server's DTO must stay assignable to the client's wire types.
  const result: PreviewResult = preview(analysis, uri, 1);
  return JSON.parse(JSON.stringify(result)) as PreviewResult;
}

function sample(rel: string): string {
  return fs.readFileSync(path.join(root, rel), 'utf8');
}

test('s2: the stack lists the highest link first, with its category and Spell Speed', () => {
  const vm = buildViewModel(previewOf(sample('samples/seeds/s2-chain-pt.segoc'), 'file:///x/s2-chain-pt.segoc'));
  assert.equal(vm.fileName, 's2-chain-pt.segoc');
  assert.equal(vm.scenarios.length, 6);
  const sc = vm.scenarios[0];
  assert.match(sc.title, /Raigeki, Imperial Order, Dark Bribe/);
  assert.match(sc.source ?? '', /Yugipedia \(PT\)/);
  assert.equal(sc.verdict, 'legal');
  assert.equal(sc.expectations.state, 'met');
  assert.deepEqual(sc.players, ['Yugi', 'Kaiba']);
  assert.equal(sc.turnPlayer, 'Yugi');

  const chain = sc.chains[0];
  assert.deepEqual(
    chain.stack.map((l) => [l.position, l.controller, l.card]),
    [
      [3, 'Yugi', 'Dark Bribe'],
      [2, 'Kaiba', 'Imperial Order'],
      [1, 'Yugi', 'Raigeki'],
    ],
  );
  assert.deepEqual(
    chain.stack.map((l) => l.categoryClass),
    ['responder', 'fast', 'slow'],
  );
  assert.deepEqual(
    chain.stack.map((l) => l.spellSpeed),
    [3, 2, 1],
  );
  assert.ok(chain.stack.every((l) => l.legal));
  // The source line of each link (0-based) points at the link statement.
  const lines = sample('samples/seeds/s2-chain-pt.segoc').split('\n');
  for (const l of chain.stack) assert.match(lines[l.line], new RegExp(`^\\s+${l.number} `));
});

test('s2: the resolution goes from the top of the stack down, with what each link did', () => {
  const vm = buildViewModel(previewOf(sample('samples/seeds/s2-chain-pt.segoc')));
  const chain = vm.scenarios[0].chains[0];
  assert.deepEqual(
    chain.resolution.map((s) => [s.order, s.position, s.status]),
    [
      [1, 3, 'resolved'],
      [2, 2, 'negated'],
      [3, 1, 'resolved'],
    ],
  );
  assert.ok(chain.resolution[0].did.some((d) => /negates the activation of CL2/.test(d)));
  assert.ok(chain.resolution[2].did.some((d) => /destroys/.test(d)));
  assert.equal(chain.resolution[1].statusLabel, 'negated');
  // The second chain: Kaiba's Sangan (mandatory) then Peten (optional).
  const triggers = vm.scenarios[0].chains[1];
  assert.deepEqual(
    triggers.stack.map((l) => [l.card, l.categoryClass, l.categoryShort]),
    [
      ['Peten the Dark Clown', 'cat-4', 'NTP optional'],
      ['Sangan', 'cat-2', 'NTP mandatory'],
    ],
  );
  assert.deepEqual(
    triggers.orderGroups.map((g) => [g.from, g.to, g.categoryClass, g.player]),
    [
      [1, 1, 'cat-2', 'Kaiba'],
      [2, 2, 'cat-4', 'Kaiba'],
    ],
  );
  assert.equal(triggers.collected.length, 2);
});

test('R11: the four SEGOC categories get the colour classes cat-1..cat-4, top link first', () => {
  const vm = buildViewModel(previewOf(sample('samples/rules/R11-segoc-order.segoc')));
  const chain = vm.scenarios[0].chains[1];
  assert.deepEqual(
    chain.stack.map((l) => [l.position, l.controller, l.categoryClass]),
    [
      [4, 'Kaiba', 'cat-4'],
      [3, 'Yugi', 'cat-3'],
      [2, 'Kaiba', 'cat-2'],
      [1, 'Yugi', 'cat-1'],
    ],
  );
  assert.deepEqual(
    chain.resolution.map((s) => s.position),
    [4, 3, 2, 1],
  );
  assert.deepEqual(
    chain.orderGroups.map((g) => g.categoryClass),
    ['cat-1', 'cat-2', 'cat-3', 'cat-4'],
  );
});

test('an illegal link carries its diagnostics with code, rule and message; expected ones are marked', () => {
  const vm = buildViewModel(previewOf(sample('samples/seeds/s2-chain-pt.segoc')));
  const sc = vm.scenarios[1];
  assert.equal(sc.verdict, 'illegal');
  assert.equal(sc.expectations.state, 'met');
  assert.ok(sc.ok, 'illegal as expected counts as ok');
  const top = sc.chains[0].stack[0];
  assert.equal(top.position, 4);
  assert.equal(top.card, 'Mystical Space Typhoon');
  assert.equal(top.legal, false);
  const codes = top.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('counter-trap-only'));
  const ct = top.diagnostics.find((d) => d.code === 'counter-trap-only')!;
  assert.equal(ct.rule, 'R8');
  assert.equal(ct.expected, true);
  assert.equal(ct.line, top.line);
  assert.ok(sc.expectations.confirmed.some((d) => d.code === 'counter-trap-only'));
  // The other links of that chain are legal and carry nothing.
  assert.ok(sc.chains[0].stack.slice(1).every((l) => l.legal && l.diagnostics.length === 0));
});

test('unexpected illegality and unmet expectations: the summary names both', () => {
  const text = [
    'scenario "Kaiba\'s Sangan first"',
    '  rules tcg',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '  Yugi field: "Sangan"',
    '  Kaiba field: "Sangan"',
    '  chain',
    '    1 Yugi "Dark Hole" -> destroy all monsters',
    '  chain',
    '    1 Kaiba "Sangan"',
    '    2 Yugi "Sangan"',
    '  expect legal',
    '',
  ].join('\n');
  const result = previewOf(text);
  const vm = buildViewModel(result);
  const sc = vm.scenarios[0];
  assert.equal(sc.verdict, 'illegal');
  assert.equal(sc.expectations.state, 'unmet');
  assert.ok(sc.expectations.problems.some((d) => d.code === 'expect-unmet'));
  assert.equal(sc.ok, false);
  const bad = sc.chains[1].stack.find((l) => !l.legal)!;
  assert.ok(bad.diagnostics.some((d) => d.code === 'segoc-order' && d.severity === 'error' && !d.expected));
  const s = summarize(result);
  assert.equal(s.ok, false);
  assert.equal(s.text, '1 illegal, 1 unmet expectation');
});

test('summary texts', () => {
  const legal = summarize(previewOf(sample('samples/rules/R02-R04-resolution.segoc')));
  assert.equal(legal.ok, true);
  assert.equal(legal.text, `${legal.scenarios} scenarios legal`);
  const mixed = summarize(previewOf(sample('samples/seeds/s2-chain-pt.segoc')));
  assert.equal(mixed.ok, true);
  assert.equal(mixed.text, '6 scenarios as expected');
  assert.equal(mixed.illegalAsExpected, 3);
  assert.equal(summarize({ scenarios: [], diagnostics: [] }).text, 'no scenarios');
  const one = summarize(previewOf('scenario "one"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "Raigeki"\n'));
  assert.equal(one.text, '1 scenario legal');
  // A language error makes the scenario invalid.
  const invalid = summarize(previewOf('scenario "bad"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "No Such Card Anywhere"\n'));
  assert.equal(invalid.ok, false);
  assert.match(invalid.text, /1 invalid/);
});

test('errors outside every scenario go to the file level', () => {
  const vm = buildViewModel(previewOf('this is not a statement\n\nscenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n'));
  assert.ok(vm.fileDiagnostics.length >= 1);
  assert.equal(vm.fileDiagnostics[0].line, 0);
  assert.equal(vm.summary.ok, false);
  assert.match(vm.summary.text, /error/);
});

test('leftovers: what chain.resolution says after the links', () => {
  const result = previewOf(sample('samples/seeds/s2-chain-pt.segoc'));
  const vm = buildViewModel(result);
  // Core appends the R4 leftover line after the per-link lines; the view shows it under "Then".
  assert.equal(vm.scenarios[0].chains[0].leftovers.length, 1);
  assert.match(vm.scenarios[0].chains[0].leftovers[0], /"Raigeki", "Dark Bribe" are sent to the GY/);
  assert.deepEqual(vm.scenarios[0].chains[1].leftovers, []);
});

test('scenario text passes through the model unchanged (escaping is the renderer\'s job)', () => {
  const hostile = '<script>alert(1)</script>';
  const vm = buildViewModel(previewOf(`scenario "${hostile}"\n  source "<img src=x onerror=alert(1)>"\n  players Yugi, Kaiba\n  turn Yugi\n`));
  assert.equal(vm.scenarios[0].title, hostile);
  assert.equal(vm.scenarios[0].source, '<img src=x onerror=alert(1)>');
});

test('messages from the webview: only reveal (integer line inside the document) and ready', () => {
  assert.deepEqual(parseWebviewMessage({ type: 'ready' }, 10), { type: 'ready' });
  assert.deepEqual(parseWebviewMessage({ type: 'reveal', line: 3 }, 10), { type: 'reveal', line: 3 });
  assert.deepEqual(parseWebviewMessage({ type: 'reveal', line: 0, extra: 'x' }, 1), { type: 'reveal', line: 0 });
  for (const bad of [
    null,
    undefined,
    'reveal',
    42,
    [],
    { type: 'reveal' },
    { type: 'reveal', line: '3' },
    { type: 'reveal', line: 3.5 },
    { type: 'reveal', line: -1 },
    { type: 'reveal', line: 10 },
    { type: 'reveal', line: Number.NaN },
    { type: 'reveal', line: Infinity },
    { type: 'command', command: 'workbench.action.terminal.new' },
    { type: 'REVEAL', line: 1 },
    { line: 1 },
  ]) {
    assert.equal(parseWebviewMessage(bad, 10), undefined, JSON.stringify(bad));
  }
  assert.equal(parseWebviewMessage({ type: 'reveal', line: 0 }, 0), undefined);
});

test('preview state: the saved document URI', () => {
  assert.equal(previewStateUri({ uri: 'file:///a/b.segoc', scrollY: 10 }), 'file:///a/b.segoc');
  assert.equal(previewStateUri({ uri: 'untitled:Untitled-1' }), 'untitled:Untitled-1');
  assert.equal(previewStateUri(undefined), undefined);
  assert.equal(previewStateUri({}), undefined);
  assert.equal(previewStateUri({ uri: 42 }), undefined);
  assert.equal(previewStateUri({ uri: '' }), undefined);
  assert.equal(previewStateUri({ uri: 'no scheme here' }), undefined);
});

test('fileNameOf and isPreviewResult', () => {
  assert.equal(fileNameOf('file:///work/samples/s2%20chain.segoc'), 's2 chain.segoc');
  assert.equal(fileNameOf('untitled:Untitled-1'), 'Untitled-1');
  assert.equal(fileNameOf('file:///a/b.segoc?x=1#y'), 'b.segoc');
  assert.equal(isPreviewResult(previewOf('')), true);
  assert.equal(isPreviewResult(null), false);
  assert.equal(isPreviewResult({ uri: 'x', scenarios: 'no', diagnostics: [] }), false);
});
