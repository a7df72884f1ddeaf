// Card definitions across the workspace: other files, the editor's unsaved text, watched-file events
// and `use` imports.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES } from './client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const MAIN = [
  'use ".private/imported.segoc"', // 0
  'scenario "workspace cards"', // 1
  '  players Yugi, Kaiba', // 2
  '  turn Yugi', // 3
  '  Yugi hand: "Workspace Beast", "Imported Card"', // 4
  '  Kaiba hand: "Ignored Card", "Hidden Card", "Fresh Card"', // 5
  '',
].join('\n');

describe('language server: workspace card definitions', () => {
  let client: LspClient;
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const uri = (rel: string) => fileUri(file(rel));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
    fs.writeFileSync(file(rel), text);
  };

  /** Names reported as unknown cards in main.segoc. */
  const unknownCards = async (): Promise<string[]> => {
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri: uri('main.segoc') } });
    return report.items
      .filter((d: Any) => d.code === 'unknown-card')
      .map((d: Any) => /unknown card "([^"]+)"/.exec(d.message)![1])
      .sort();
  };

  /** Pulls until the unknown cards are the given ones (the server rescans asynchronously). */
  const eventually = async (expected: string[], what: string) => {
    let last: string[] = [];
    for (let i = 0; i < 100; i++) {
      last = await unknownCards();
      if (JSON.stringify(last) === JSON.stringify([...expected].sort())) return;
      await sleep(50);
    }
    assert.deepEqual(last, [...expected].sort(), what);
  };

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lsp-ws-'));
    write('cards/extra.segoc', 'card "Workspace Beast": effect monster (beast)\n  trigger optional when summoned\n');
    write('node_modules/pkg/ignored.segoc', 'card "Ignored Card": normal spell\n');
    write('.hidden/hidden.segoc', 'card "Hidden Card": normal spell\n');
    write('.private/imported.segoc', 'card "Imported Card": normal spell\n');
    write('main.segoc', MAIN);
    client = new LspClient();
    await client.initialize(PULL_CAPABILITIES, dir);
    client.open(uri('main.segoc'), MAIN);
  });

  after(async () => {
    await client.stop();
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('cards of other workspace files are known; node_modules and dot folders are skipped; `use` imports', async () => {
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'after the initial scan');
  });

  test('the server registers a watcher for .segoc files', () => {
    const reg = client.serverRequests.find((r) => r.method === 'client/registerCapability' && r.params.registrations.some((x: Any) => x.method === 'workspace/didChangeWatchedFiles'));
    assert.ok(reg);
    const watcher = reg!.params.registrations.find((x: Any) => x.method === 'workspace/didChangeWatchedFiles');
    assert.deepEqual(watcher.registerOptions.watchers, [{ globPattern: '**/{*.segoc,segoc.json}' }]);
  });

  test('definition and hover of a workspace card lead to its file', async () => {
    const locs: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('main.segoc') }, position: { line: 4, character: 16 } });
    assert.equal(locs.length, 1);
    assert.equal(locs[0].uri, uri('cards/extra.segoc'));
    assert.deepEqual(locs[0].range, { start: { line: 0, character: 5 }, end: { line: 0, character: 22 } });
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('main.segoc') }, position: { line: 4, character: 16 } });
    assert.match(h.contents.value, /Defined in the workspace: `extra\.segoc`/);
    const imported: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('main.segoc') }, position: { line: 4, character: 36 } });
    assert.equal(imported[0].uri, uri('.private/imported.segoc'));
    const usePath: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('main.segoc') }, position: { line: 0, character: 8 } });
    assert.deepEqual(usePath, [{ uri: uri('.private/imported.segoc'), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }]);
  });

  test('editing a card file in the editor updates the other documents (refresh requested)', async () => {
    const refreshesBefore = client.serverRequests.filter((r) => r.method === 'workspace/diagnostic/refresh').length;
    const text = fs.readFileSync(file('cards/extra.segoc'), 'utf8');
    client.open(uri('cards/extra.segoc'), text, 1);
    client.notify('textDocument/didChange', {
      textDocument: { uri: uri('cards/extra.segoc'), version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 16 }, end: { line: 0, character: 21 } }, text: 'Cat' }],
    });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card', 'Workspace Beast'], 'after renaming the card in the editor');
    for (let i = 0; i < 50 && client.serverRequests.filter((r) => r.method === 'workspace/diagnostic/refresh').length === refreshesBefore; i++) await sleep(20);
    assert.ok(client.serverRequests.filter((r) => r.method === 'workspace/diagnostic/refresh').length > refreshesBefore, 'workspace/diagnostic/refresh sent');
    // Closing without saving: the file on disk counts again.
    client.notify('textDocument/didClose', { textDocument: { uri: uri('cards/extra.segoc') } });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'after closing the unsaved edit');
  });

  test('watched-file events: a created card file adds its cards, a deleted one removes them', async () => {
    write('cards/fresh.segoc', 'card "Fresh Card": normal spell\n');
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('cards/fresh.segoc'), type: 1 }] });
    await eventually(['Hidden Card', 'Ignored Card'], 'after the created event');
    fs.rmSync(file('cards/fresh.segoc'));
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('cards/fresh.segoc'), type: 3 }] });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'after the deleted event');
  });

  test('only the project\'s card files apply to other files; segoc.json names them (a watched file too)', async () => {
    write('notes/stray.segoc', 'card "Fresh Card": normal spell\n');
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('notes/stray.segoc'), type: 1 }] });
    await sleep(200);
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'a file outside the card folder');
    write('segoc.json', '{ "cards": ["cards", "notes"] }');
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('segoc.json'), type: 1 }] });
    await eventually(['Hidden Card', 'Ignored Card'], 'after segoc.json names notes/');
    fs.rmSync(file('segoc.json'));
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('segoc.json'), type: 3 }] });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'after segoc.json is deleted');
  });

  test('a `use`d file that changes on disk is read again', async () => {
    write('.private/imported.segoc', 'card "Imported Renamed": normal spell\n');
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('.private/imported.segoc'), type: 2 }] });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card', 'Imported Card'], 'after the imported file changed');
    write('.private/imported.segoc', 'card "Imported Card": normal spell\n');
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('.private/imported.segoc'), type: 2 }] });
    await eventually(['Fresh Card', 'Hidden Card', 'Ignored Card'], 'after the imported file changed back');
  });

  test('a missing `use` file is reported on the use line', async () => {
    const u = uri('broken-use.segoc');
    client.open(u, 'use "nowhere/missing.segoc"\n');
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    const d = report.items.find((x: Any) => x.code === 'use-not-found');
    assert.ok(d);
    assert.equal(d.range.start.line, 0);
  });
});
