// Requests whose params break the protocol (fuzz report F5) are answered InvalidParams (-32602), with
// nothing logged: the mistake is the client's. And references and rename stay linear in the number of
// occurrences (F2: 32,000 occurrences took 5 s when duplicates were found by a list search).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES } from './client';
import { analyze } from '../../server/src/core/internal';
import { references, rename } from '../../server/src/lsp/navigation';
import { WorkspaceIndex } from '../../server/src/lsp/workspace';
import { safeRequest } from '../../server/src/lsp/safe';
import { Connection, ResponseError } from 'vscode-languageserver/node';

describe('language server: malformed request params', () => {
  let client: LspClient;
  let dir: string;

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lsp-malformed-'));
    client = new LspClient({ settings: { validate: 'onType' } });
    await client.initialize(PULL_CAPABILITIES, dir);
    client.open(fileUri(path.join(dir, 'a.segoc')), 'scenario "a"\n  players Yugi, Kaiba\n');
  });

  after(async () => {
    await client.stop();
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('are answered InvalidParams without a logged stack trace', async () => {
    const uri = fileUri(path.join(dir, 'a.segoc'));
    const cases: Array<[string, unknown]> = [
      ['textDocument/hover', { textDocument: null, position: { line: 0, character: 0 } }],
      ['textDocument/definition', { position: { line: 0, character: 0 } }],
      ['textDocument/references', { textDocument: { uri }, context: { includeDeclaration: true } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 0 } }],
      ['textDocument/formatting', { textDocument: { uri: 42 } }],
      ['completionItem/resolve', null],
      // params: null (the typed helpers of vscode-languageserver used to fail on it before any handler)
      ...[
        'textDocument/diagnostic', 'textDocument/hover', 'textDocument/completion', 'textDocument/definition',
        'textDocument/references', 'textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/prepareRename',
        'textDocument/rename', 'textDocument/formatting', 'textDocument/codeAction', 'textDocument/semanticTokens/full',
        'textDocument/semanticTokens/range', 'textDocument/inlayHint',
      ].map((method): [string, unknown] => [method, null]),
    ];
    for (const [method, params] of cases) {
      const err = await client.requestError(method, params);
      assert.equal(err.code, -32602, `${method} ${JSON.stringify(params)}: ${err.message}`);
    }
    const logged = client.notifications.filter((n) => n.method === 'window/logMessage' && /failed|\n\s+at /.test(JSON.stringify(n.params)));
    assert.deepEqual(logged, []);
  });
});

test('an exception inside a well-formed request is logged and answered InternalError', async () => {
  const logged: string[] = [];
  const connection = { console: { error: (m: string) => logged.push(m) } } as unknown as Connection;
  const handler = safeRequest(connection, 'hover', (params: unknown): null => {
    throw new TypeError(`boom${params ? '' : '?'}`);
  });
  const answer = await handler({ textDocument: { uri: 'file:///a.segoc' }, position: { line: 0, character: 0 } });
  assert.ok(answer instanceof ResponseError);
  assert.equal(answer.code, -32603);
  assert.match(answer.message, /hover failed: boom/);
  assert.equal(logged.length, 1);
  assert.match(logged[0], /segoc: hover failed: TypeError: boom/);
});

test('references and rename are linear in the number of occurrences (32,000 of one player)', () => {
  const n = 32000;
  const text = 'scenario "a"\n  players Yugi, Kaiba\n' + '  Yugi field: "Sangan"\n'.repeat(n);
  const analysis = analyze(text, { uri: 'file:///tmp/many.segoc' });
  const ctx = { docUri: 'file:///tmp/many.segoc', workspace: new WorkspaceIndex(), openUri: () => undefined };
  const at = { line: 2 + n / 2, character: 3 };
  let t0 = performance.now();
  const refs = references(analysis, at, true, ctx);
  const refsMs = performance.now() - t0;
  assert.ok(refs.length >= n, `${refs.length} references`);
  t0 = performance.now();
  const edit = rename(analysis, at, 'Joey', ctx);
  const renameMs = performance.now() - t0;
  assert.ok(edit && !('code' in edit), 'a workspace edit');
  // Quadratic, this took 5-6 s on a 2-core host; linear, a few tens of milliseconds.
  assert.ok(refsMs < 1500 && renameMs < 1500, `references ${Math.round(refsMs)} ms, rename ${Math.round(renameMs)} ms`);
});
