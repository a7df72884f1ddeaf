// Cancellation: core's `analyze` stops between scenarios once its token is cancelled (and says so);
// the language server hands the request's token to core, keeps no cancelled analysis, and answers a
// cancelled request as cancelled (RequestCancelled; ServerCancelled with a retrigger for pull diagnostics).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, analyzePage } from '../server/src/core/internal';
import { DocumentStore } from '../server/src/lsp/documents';
import { DEFAULT_SETTINGS } from '../server/src/lsp/settings';
import { WorkspaceIndex } from '../server/src/lsp/workspace';
import { ensureBuilt, LspClient, PULL_CAPABILITIES } from './lsp/client';

const scenario = (n: number) => [`scenario "s${n}"`, '  players Yugi, Kaiba', '  turn Yugi', '  Yugi hand: "Not A Card"', ''].join('\n');
const FILE = [1, 2, 3, 4, 5].map(scenario).join('\n');

/** A token that turns cancelled after it has been asked `afterChecks` times (each check is one scenario about to start). */
function cancelAfter(afterChecks: number) {
  let checks = 0;
  return {
    get isCancellationRequested() {
      return ++checks > afterChecks;
    },
    get checks() {
      return checks;
    },
  };
}

test('analyze: a token cancelled after two scenarios stops before the third, and the analysis says so', () => {
  const token = cancelAfter(2);
  const a = analyze(FILE, { cancellation: token });
  assert.equal(a.cancelled, true);
  assert.deepEqual(a.scenarios.map((s) => s.title), ['s1', 's2']);
  assert.equal(token.checks, 3, 'asked once before each scenario, and no more after it was cancelled');
  // Only the scenarios checked have diagnostics.
  assert.ok(a.diagnostics.every((d) => d.range.start.line < 10), 'no diagnostic of a scenario that was not checked');
  const full = analyze(FILE, { cancellation: { isCancellationRequested: false } });
  assert.equal(full.cancelled, undefined);
  assert.equal(full.scenarios.length, 5);
});

test('analyze: a cancelled analysis used as `previous` gives the full analysis', () => {
  const partial = analyze(FILE, { cancellation: cancelAfter(1) });
  const next = analyze(FILE, { previous: partial });
  assert.equal(next.cancelled, undefined);
  assert.deepEqual(next.diagnostics, analyze(FILE).diagnostics);
});

test('analyzePage: a cancelled block ends the page analysis, marked cancelled', () => {
  const page = ['# Page', '```segoc', scenario(1), scenario(2), '```', '', '```segoc', scenario(3), '```', ''].join('\n');
  const r = analyzePage(page, 'markdown', { cancellation: cancelAfter(1) });
  assert.equal(r.cancelled, true);
  assert.equal(r.blocks.length, 1);
  assert.equal(r.scenarios.length, 1);
});

test('DocumentStore: a cancelled analysis is not kept as the document\'s', () => {
  const store = new DocumentStore(new WorkspaceIndex(), () => DEFAULT_SETTINGS);
  const doc = TextDocument.create('file:///tmp/cancel.segoc', 'segoc', 1, FILE);
  const cancelled = store.analysis(doc, cancelAfter(1));
  assert.equal(cancelled.cancelled, true);
  const again = store.analysis(doc);
  assert.equal(again.cancelled, undefined);
  assert.equal(again.scenarios.length, 5);
  assert.equal(store.analysis(doc), again, 'the complete analysis is the cached one');
});

describe('language server: cancelled requests are answered as cancelled', () => {
  let client: LspClient;
  const uri = 'file:///tmp/segoc-cancel/cancel.segoc';
  before(async () => {
    ensureBuilt();
    client = new LspClient();
    await client.initialize(PULL_CAPABILITIES);
    client.open(uri, FILE);
  });
  after(async () => {
    await client.stop();
    client.kill();
  });

  test('pull diagnostics: ServerCancelled, asking the client to retrigger', async () => {
    const e = await client.requestCancelled('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(e.code, -32802);
    assert.deepEqual(e.data, { retriggerRequest: true });
  });

  test('hover, completion, inlay hints, the preview: RequestCancelled', async () => {
    const position = { line: 3, character: 16 };
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: { uri }, position }],
      ['textDocument/completion', { textDocument: { uri }, position }],
      ['textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 30, character: 0 } } }],
      ['segoc/preview', { uri }],
    ] as const) {
      const e = await client.requestCancelled(method, params);
      assert.equal(e.code, -32800, method);
    }
  });

  test('the same requests, not cancelled, are answered', async () => {
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.ok(report.items.some((d: { code: string }) => d.code === 'unknown-card'));
  });
});
