// Issue 31: the web extension's language server (dist/browser/server.js) answers in a worker as VS Code
// for the Web runs it (test/webext/worker-host.ts): initialize, the diagnostics of an illegal chain, a
// hover, a card of the generated library (fetched over HTTP from the extension's files), and a `use`
// file read through the client (`segoc/readFile`), the document checked again when it arrives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PULL_CAPABILITIES } from '../lsp/client';
import { repoRoot } from '../helpers';
import { serveFolder, WorkerClient } from './worker-host';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const DIST = path.join(repoRoot(), 'dist');
const BUNDLE = path.join(DIST, 'browser', 'server.js');
/** A GitHub repository as vscode.dev and github.dev name its files. */
const REPO = 'vscode-vfs://github/segoc/wiki';
const ILLEGAL = fs.readFileSync(path.join(repoRoot(), 'test', 'e2e', 'fixtures', 'illegal-order.segoc'), 'utf8');
/** The workspace's files as the client reads them (vscode.workspace.fs). */
const WORKSPACE: Record<string, string> = {
  [`${REPO}/cards/hound.segoc`]: 'card "Homebrew Hound": effect monster (beast, earth, level 4, atk 1800, def 1000)\n  trigger optional when this card is destroyed\n',
};

describe('the web extension server in a worker', () => {
  let files: Awaited<ReturnType<typeof serveFolder>>;
  let client: WorkerClient;
  let init: Any;
  let version = 0;
  const open = (name: string, text: string) => {
    const uri = `${REPO}/${name}`;
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'segoc', version: ++version, text } });
    return uri;
  };
  const diagnostics = async (uri: string): Promise<Any[]> => (await client.request('textDocument/diagnostic', { textDocument: { uri } })).items;

  before(async () => {
    assert.ok(fs.existsSync(BUNDLE), 'dist/browser/server.js is built (npm run build)');
    files = await serveFolder(DIST);
    client = new WorkerClient(BUNDLE, new URL('browser/server.js', files.url).href, (method, params) => {
      if (method === 'segoc/readFile') return params.uri in WORKSPACE ? { text: WORKSPACE[params.uri] } : { error: 'no such file' };
      if (method === 'workspace/configuration') return params.items.map(() => ({}));
      return null;
    });
    init = await client.request('initialize', {
      processId: null,
      rootUri: REPO,
      workspaceFolders: [{ uri: REPO, name: 'wiki' }],
      capabilities: PULL_CAPABILITIES,
      initializationOptions: { validate: 'onType' },
    });
    client.notify('initialized', {});
  });

  after(async () => {
    await client?.terminate();
    await files?.close();
  });

  test('initialize: the same capabilities as the Node server', () => {
    assert.equal(init.serverInfo.name, 'segoc');
    for (const c of ['hoverProvider', 'completionProvider', 'codeActionProvider', 'documentFormattingProvider', 'diagnosticProvider', 'inlayHintProvider']) {
      assert.ok(init.capabilities[c], `${c} is offered`);
    }
  });

  test('an illegal chain: the SEGOC-order error at its link, with the rule', async () => {
    const uri = open('illegal.segoc', ILLEGAL);
    const items = await diagnostics(uri);
    const order = items.find((d: Any) => d.code === 'segoc-order');
    assert.ok(order, JSON.stringify(items));
    assert.equal(order.severity, 1);
    assert.equal(order.range.start.line, ILLEGAL.split('\n').findIndex((l) => l.includes('2 Yugi "Peten the Dark Clown"')));
    assert.match(order.message, /a legal order is CL1 Yugi's "Sangan", CL2 Kaiba's "Sangan"/);
  });

  test('a hover on a card name', async () => {
    const uri = open('hover.segoc', ILLEGAL);
    const line = ILLEGAL.split('\n').findIndex((l) => l.includes('1 Yugi "Dark Hole"'));
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line, character: ILLEGAL.split('\n')[line].indexOf('Dark Hole') + 2 } });
    assert.match(hover?.contents?.value ?? '', /Dark Hole/);
  });

  test('a card of the generated library, fetched from the extension files, is known', async () => {
    const uri = open('generated.segoc', 'scenario "g"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Labrynth Cooclock"\n');
    assert.deepEqual((await diagnostics(uri)).map((d: Any) => d.code), []);
  });

  test('quick fixes, formatting and completion answer as on the desktop', async () => {
    const uri = open('features.segoc', ILLEGAL);
    const items = await diagnostics(uri);
    const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: items[0].range, context: { diagnostics: items } });
    assert.ok(actions.some((a: Any) => /Reorder/.test(a.title)), JSON.stringify(actions.map((a: Any) => a.title)));
    const messy = open('messy.segoc', ILLEGAL.replace('  turn Yugi', 'turn    Yugi'));
    const edits = await client.request('textDocument/formatting', { textDocument: { uri: messy }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(edits.length, 1);
    const typing = open('complete.segoc', 'scenario "c"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Labrynth Coo');
    const answer = await client.request('textDocument/completion', { textDocument: { uri: typing }, position: { line: 3, character: 28 } });
    const labels = (Array.isArray(answer) ? answer : answer.items).map((i: Any) => i.label);
    assert.ok(labels.includes('Labrynth Cooclock'), labels.slice(0, 10).join(', '));
  });

  test('a `use` file is read through the client and the document is checked again when it arrives', async () => {
    const scenario = 'use "cards/hound.segoc"\n\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Homebrew Hound"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Homebrew Hound"\n  expect legal\n';
    const refreshed = client.next('workspace/diagnostic/refresh');
    const uri = open('uses.segoc', scenario);
    const first = await diagnostics(uri);
    await refreshed;
    assert.deepEqual((await diagnostics(uri)).map((d: Any) => `${d.code}: ${d.message}`), [], `after the file arrived (before: ${JSON.stringify(first.map((d: Any) => d.message))})`);
    assert.ok(client.serverRequests.some((r) => r.method === 'segoc/readFile' && r.params.uri === `${REPO}/cards/hound.segoc`));
    // Go to definition on the `use` path opens the file (its web URI).
    const definition = await client.request('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 8 } });
    assert.deepEqual(definition.map((l: Any) => l.uri), [`${REPO}/cards/hound.segoc`]);
  });
});

test('without the library files the worker still answers, says why, and the generated cards are unknown', async () => {
  const files = await serveFolder(DIST, 4732);
  const client = new WorkerClient(BUNDLE, new URL('browser/server.js', files.url).href, (method, params) => (method === 'workspace/configuration' ? params.items.map(() => ({})) : null));
  try {
    const logged = client.next('window/logMessage');
    await client.request('initialize', { processId: null, rootUri: null, capabilities: PULL_CAPABILITIES, initializationOptions: { libraryUrl: new URL('missing/', files.url).href } });
    client.notify('initialized', {});
    assert.match((await logged).message, /generated card library at .*missing\/ cannot be read \(cards\.tsv, names-ja\.txt, index\.txt, manifest\.json missing\)/);
    const uri = `${REPO}/generated.segoc`;
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'segoc', version: 1, text: 'scenario "g"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Labrynth Cooclock"\n' } });
    const items = (await client.request('textDocument/diagnostic', { textDocument: { uri } })).items;
    assert.deepEqual(items.map((d: Any) => d.code), ['unknown-card']);
  } finally {
    await client.terminate();
    await files.close();
  }
});

test('a library posted by the client (a remote window, where the worker fetches nothing) is used', async () => {
  const client = new WorkerClient(BUNDLE, 'blob:nowhere', (method, params) => (method === 'workspace/configuration' ? params.items.map(() => ({})) : null));
  try {
    const cards = path.join(DIST, 'cards');
    const files = Object.fromEntries(fs.readdirSync(cards).map((f) => [f, new Uint8Array(fs.readFileSync(path.join(cards, f)))]));
    client.worker.postMessage({ segoc: 'segoc/libraryFiles', files });
    await client.request('initialize', { processId: null, rootUri: null, capabilities: PULL_CAPABILITIES, initializationOptions: { libraryPosted: true } });
    client.notify('initialized', {});
    const uri = `${REPO}/generated.segoc`;
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'segoc', version: 1, text: 'scenario "g"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Labrynth Cooclock"\n' } });
    assert.deepEqual((await client.request('textDocument/diagnostic', { textDocument: { uri } })).items, []);
  } finally {
    await client.terminate();
  }
});
