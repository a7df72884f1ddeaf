// The language server as an older client sees it (Neovim 0.7): no pull diagnostics, no
// workspace/configuration; diagnostics are pushed and settings arrive with didChangeConfiguration.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fileUri, LspClient, PUSH_CAPABILITIES } from './client';
import { ILLEGAL, LEGAL } from './fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('language server (push client)', () => {
  let client: LspClient;
  let dir: string;
  let init: Any;
  const uri = (name: string) => fileUri(path.join(dir, name));

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lsp-push-'));
    client = new LspClient();
    init = await client.initialize(PUSH_CAPABILITIES, dir);
  });

  after(async () => {
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const settings = (segoc: object) => client.notify('workspace/didChangeConfiguration', { settings: { segoc } });

  test('no pull diagnostics are advertised to a client that cannot pull', () => {
    assert.equal(init.capabilities.diagnosticProvider, undefined);
  });

  test('diagnostics are pushed on open, with version, range and related information', async () => {
    const u = uri('a.segoc');
    client.open(u, ILLEGAL, 1);
    const p = await client.waitForNotification('textDocument/publishDiagnostics', (x: Any) => x.uri === u);
    assert.equal(p.version, 1);
    const d = p.diagnostics.find((x: Any) => x.code === 'segoc-order');
    assert.ok(d, JSON.stringify(p.diagnostics.map((x: Any) => x.code)));
    assert.equal(d.severity, 1);
    assert.deepEqual(d.range, { start: { line: 16, character: 4 }, end: { line: 16, character: 20 } });
    assert.equal(d.relatedInformation[0].location.uri, u);
    assert.equal(d.relatedInformation[0].location.range.start.line, 17);
  });

  test('didChange pushes the new diagnostics for the new version', async () => {
    const u = uri('a.segoc');
    client.notify('textDocument/didChange', {
      textDocument: { uri: u, version: 2 },
      contentChanges: [
        { range: { start: { line: 16, character: 6 }, end: { line: 16, character: 11 } }, text: 'Yugi' },
        { range: { start: { line: 17, character: 6 }, end: { line: 17, character: 10 } }, text: 'Kaiba' },
      ],
    });
    const p = await client.waitForNotification('textDocument/publishDiagnostics', (x: Any) => x.uri === u && x.version === 2);
    assert.deepEqual(
      p.diagnostics.filter((x: Any) => x.severity === 1),
      [],
    );
  });

  test('didClose clears the pushed diagnostics', async () => {
    const u = uri('a.segoc');
    const before = client.notifications.length;
    client.notify('textDocument/didClose', { textDocument: { uri: u } });
    const p = await client.waitForNotification(
      'textDocument/publishDiagnostics',
      (x: Any) => x.uri === u && x.diagnostics.length === 0 && client.notifications.indexOf(client.notifications.find((n) => n.params === x)!) >= before,
    );
    assert.deepEqual(p.diagnostics, []);
  });

  test('settings from didChangeConfiguration: inlay hints off and on', async () => {
    const u = uri('hints.segoc');
    client.open(u, LEGAL);
    const range = { start: { line: 0, character: 0 }, end: { line: 30, character: 0 } };
    const on: Any[] = await client.request('textDocument/inlayHint', { textDocument: { uri: u }, range });
    assert.equal(on.length, 5);
    settings({ inlayHints: { enabled: false } });
    assert.deepEqual(await client.request('textDocument/inlayHint', { textDocument: { uri: u }, range }), []);
    settings({ inlayHints: { enabled: true } });
    assert.equal((await client.request('textDocument/inlayHint', { textDocument: { uri: u }, range })).length, 5);
  });

  test('segoc.defaultRuleset applies to scenarios without a rules line', async () => {
    const u = uri('ruleset.segoc');
    client.open(u, LEGAL.replace('  rules tcg\n', ''));
    let r = await client.request('segoc/preview', { uri: u });
    assert.equal(r.scenarios[0].ruleset.region, 'tcg');
    settings({ defaultRuleset: 'ocg' });
    r = await client.request('segoc/preview', { uri: u });
    assert.equal(r.scenarios[0].ruleset.region, 'ocg');
    settings({ defaultRuleset: 'tcg' });
    r = await client.request('segoc/preview', { uri: u });
    assert.equal(r.scenarios[0].ruleset.region, 'tcg');
  });

  test('segoc.validate "onSave": diagnostics follow saves, not keystrokes', async () => {
    settings({ validate: 'onSave' });
    await sleep(50);
    const u = uri('onsave.segoc');
    client.open(u, ILLEGAL, 1);
    const first = await client.waitForNotification('textDocument/publishDiagnostics', (x: Any) => x.uri === u);
    assert.ok(first.diagnostics.some((x: Any) => x.code === 'segoc-order'), 'the opened text is validated');
    client.notify('textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: [{ text: LEGAL }] });
    await sleep(400);
    const afterTyping = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === u);
    assert.ok(afterTyping.every((n) => n.params.diagnostics.some((x: Any) => x.code === 'segoc-order')), 'no new verdict before the save');
    client.notify('textDocument/didSave', { textDocument: { uri: u } });
    const saved = await client.waitForNotification('textDocument/publishDiagnostics', (x: Any) => x.uri === u && x.version === 2);
    assert.equal(saved.diagnostics.some((x: Any) => x.code === 'segoc-order'), false);
    settings({ validate: 'onType' });
  });

  test('shutdown and exit end the process with code 0', async () => {
    const result = await client.request('shutdown', null);
    assert.equal(result, null);
    client.notify('exit');
    const code = await client.exited;
    assert.equal(code, 0);
  });
});
