// The language server under abuse (node dist/server.js --stdio): 10,000 random incremental edits,
// unknown methods, malformed params, positions out of range, a 20 MB document, a 100,000-character
// line, NUL bytes, lone surrogates, a cancelled request and an exception inside a handler. It must
// answer every request (a result or an error), never crash, never hang, and after the edits say
// exactly what a fresh check of the final text says.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { analyze, formatDocument } from '../../server/src/core/internal';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES, ROOT, RpcResponseError } from '../lsp/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const EDITS = Number(process.env.SEGOC_ROBUSTNESS_EDITS) || 10000;

/** A small deterministic PRNG (mulberry32), so a failing edit sequence can be replayed by its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Line starts as vscode-languageserver-textdocument computes them (\r\n, \r and \n end a line). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 13 || c === 10) starts.push(i + 1);
  }
  return starts;
}

function positionAt(starts: number[], offset: number): { line: number; character: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

const INSERTS = [
  ' ', ' ', '\n', '\n', '\r\n', 'chain\n', '  chain\n', '    1 Yugi "Sangan"\n', '    2 Kaiba "Sangan"', 'scenario "edited"\n',
  '"', '"Sangan"', '"Peten the Dark Clown"', '"Sangn', 'Yugi', 'Kaiba', 'Joey', '1', '2', '3', '-> destroy all monsters', ',',
  ':', '#', '# note\n', 'expect legal\n', 'expect illegal segoc-order at 2\n', 'turn Kaiba\n', 'players Yugi, Kaiba\n',
  'card "Fuzzed": effect monster\n  trigger mandatory if sent to gy\n', 'rules ocg\n', 'use "missing.segoc"\n', '\u0000', '\ud800',
  '\udc00', '😀', '《クリッター》', '“Sangan”', '\u00a0', '\t', 'effect 2', 'target "Sangan"', 'from hand', 'then', 'x'.repeat(40),
];

/** Pull diagnostics, without the parts that name the document. */
function normalized(items: Any[], uri: string): string {
  return JSON.stringify(items, (k, v) => (typeof v === 'string' && v === uri ? '<doc>' : v));
}

describe('language server robustness', () => {
  let client: LspClient;
  let dir: string;
  let docs: string;

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-robust-lsp-'));
    fs.mkdirSync(path.join(dir, 'ws'));
    docs = path.join(dir, 'docs'); // outside the workspace folder: no workspace card index in between
    fs.mkdirSync(docs);
    client = new LspClient({ settings: { validate: 'onType', inlayHints: { enabled: true } }, timeoutMs: 60000 });
    await client.initialize(PULL_CAPABILITIES, path.join(dir, 'ws'));
  });

  after(async () => {
    await client.stop();
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const uriOf = (name: string) => fileUri(path.join(docs, name));
  const pull = (uri: string): Promise<Any> => client.request('textDocument/diagnostic', { textDocument: { uri } });
  const alive = async () => {
    assert.equal(client.exitCode, null, `the server exited; stderr:\n${client.stderr}`);
    const stats = await client.request('segoc/stats', null, 20000);
    assert.equal(typeof stats.analyses, 'number');
  };

  test(`${EDITS} random incremental edits: the server stays alive and ends where a fresh check of the final text is`, async (t) => {
    const seed = Number(process.env.SEGOC_FUZZ_SEED ?? 7);
    const random = prng(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
    const initial = fs.readFileSync(path.join(ROOT, 'samples', 'rules', 'R11-segoc-order.segoc'), 'utf8');
    const uri = uriOf('edited.segoc');
    let text = initial;
    let version = 1;
    client.open(uri, text, version);
    const started = Date.now();
    let pulls = 0;
    for (let i = 0; i < EDITS; ) {
      // One to three changes per didChange, applied in order (LSP semantics).
      const n = 1 + Math.floor(random() * (random() < 0.8 ? 1 : 3));
      const changes: Any[] = [];
      for (let k = 0; k < n && i < EDITS; k++, i++) {
        const starts = lineStarts(text);
        const safe = (o: number) => (o > 0 && text[o - 1] === '\r' && text[o] === '\n' ? o - 1 : o); // never between \r and \n
        const from = safe(Math.floor(random() * (text.length + 1)));
        const op = random();
        const grow = text.length < initial.length / 2 ? 0.8 : text.length > initial.length * 2 ? 0.2 : 0.5;
        const length = op < grow ? 0 : Math.floor(random() * (random() < 0.1 ? 400 : 24));
        const to = safe(Math.min(text.length, from + length));
        const insert = op < grow || random() < 0.5 ? pick(INSERTS) : '';
        changes.push({ range: { start: positionAt(starts, from), end: positionAt(starts, to) }, text: insert });
        text = text.slice(0, from) + insert + text.slice(to);
      }
      client.notify('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: changes });
      if (i % 200 < n) {
        // The server analyses the current version (reusing its previous analysis); now and then other features too.
        const report = await pull(uri);
        assert.equal(report.kind, 'full');
        pulls++;
        if (i % 1000 < n) {
          const position = positionAt(lineStarts(text), Math.floor(random() * (text.length + 1)));
          await client.request('textDocument/hover', { textDocument: { uri }, position });
          await client.request('textDocument/completion', { textDocument: { uri }, position });
          await client.request('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: position } });
        }
      }
    }
    await alive();
    const final = await pull(uri);

    // A second document opened with the final text: a fresh analysis, no history.
    const fresh = uriOf('fresh.segoc');
    client.open(fresh, text, 1);
    const check = await pull(fresh);
    assert.equal(normalized(final.items, uri), normalized(check.items, fresh), 'diagnostics after the edits = diagnostics of a fresh document');
    for (const method of ['textDocument/semanticTokens/full', 'textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/formatting']) {
      const params: Any = { textDocument: { uri } };
      if (method === 'textDocument/formatting') params.options = { tabSize: 2, insertSpaces: true };
      const a = await client.request(method, params);
      params.textDocument.uri = fresh;
      const b = await client.request(method, params);
      if (a && typeof a === 'object' && 'resultId' in a) {
        delete a.resultId;
        delete b.resultId;
      }
      assert.equal(normalized(a, uri), normalized(b, fresh), `${method}: edited document = fresh document`);
    }
    // And what core says about the text we hold: the server's text is ours.
    const core = analyze(text, { uri, readUse: () => ({ error: 'no such file' }) });
    assert.deepEqual(
      final.items.map((d: Any) => `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`),
      core.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`),
      'the server diagnostics are core diagnostics of the final text',
    );
    t.diagnostic(`${EDITS} edits (seed ${seed}) in ${Date.now() - started} ms, ${pulls} pulls; final text ${text.length} chars, ${final.items.length} diagnostics`);
  });

  test('unknown methods: requests get MethodNotFound, notifications are ignored', async () => {
    const err = await client.requestError('segoc/noSuchRequest', { x: 1 });
    assert.equal(err.code, -32601);
    client.notify('segoc/noSuchNotification', { x: 1 });
    client.notify('$/noSuchProtocolNotification', null);
    await alive();
  });

  test('malformed params and positions out of range get answers or errors, never a crash', async () => {
    const uri = uriOf('small.segoc');
    client.open(uri, 'scenario "small"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangan"\n');
    const far = { line: 1e9, character: 1e9 };
    const negative = { line: -5, character: -1 };
    const attempts: Array<[string, unknown]> = [
      ['textDocument/hover', null],
      ['textDocument/hover', {}],
      ['textDocument/hover', { textDocument: { uri: 42 }, position: { line: 0, character: 0 } }],
      ['textDocument/hover', { textDocument: { uri }, position: far }],
      ['textDocument/hover', { textDocument: { uri }, position: negative }],
      ['textDocument/hover', { textDocument: { uri }, position: { line: 'one', character: {} } }],
      ['textDocument/hover', { textDocument: { uri: 'file:///not/open.segoc' }, position: { line: 0, character: 0 } }],
      ['textDocument/completion', { textDocument: { uri }, position: far }],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 3, character: 2.5 } }],
      ['textDocument/definition', { textDocument: { uri }, position: negative }],
      ['textDocument/references', { textDocument: { uri }, position: far, context: null }],
      ['textDocument/documentSymbol', { textDocument: null }],
      ['textDocument/foldingRange', { textDocument: { uri: null } }],
      ['textDocument/prepareRename', { textDocument: { uri }, position: far }],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 11 }, newName: '' }],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 11 }, newName: null }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: far, end: negative }, context: { diagnostics: [] } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: null, context: null }],
      ['textDocument/formatting', { textDocument: { uri }, options: null }],
      ['textDocument/semanticTokens/range', { textDocument: { uri }, range: { start: far, end: negative } }],
      ['textDocument/inlayHint', { textDocument: { uri }, range: { start: negative, end: far } }],
      ['textDocument/diagnostic', { textDocument: { uri: 17 } }],
      ['segoc/preview', null],
      ['segoc/preview', { uri: ['x'] }],
      ['segoc/libraryFile', { uri: 'segoc-library:/../../etc/passwd' }],
      ['segoc/libraryFile', 7],
    ];
    const outcomes: string[] = [];
    for (const [method, params] of attempts) {
      try {
        await client.request(method, params, 20000);
        outcomes.push(`${method}: result`);
      } catch (e) {
        assert.ok(e instanceof RpcResponseError, `${method} ${JSON.stringify(params)}: ${String(e)}`);
        outcomes.push(`${method}: error ${e.error.code}`);
      }
      assert.equal(client.exitCode, null, `the server exited after ${method} ${JSON.stringify(params)}`);
    }
    // Garbage notifications too.
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: far, end: negative }, text: 'x' }] });
    client.notify('textDocument/didChange', { textDocument: { uri: 'file:///never/opened.segoc', version: 2 }, contentChanges: [{ text: 'x' }] });
    client.notify('textDocument/didChange', null);
    client.notify('textDocument/didOpen', { textDocument: null });
    client.notify('textDocument/didClose', { textDocument: { uri: 'file:///never/opened.segoc' } });
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: 'not a uri', type: 99 }] });
    client.notify('workspace/didChangeConfiguration', { settings: { segoc: { validate: 42, defaultRuleset: {} } } });
    await alive();
    assert.ok(outcomes.length === attempts.length);
  });

  test('a request whose params break the protocol is answered InvalidParams, nothing is logged; the next request is answered', async () => {
    // (An exception inside a handler is logged and answered InternalError: test/lsp/malformed.test.ts.)
    const uri = uriOf('throws.segoc');
    client.open(uri, 'scenario "x"\n  players Yugi, Kaiba\n');
    const before = client.notifications.length;
    // context: null once made the code-action handler read `context.only` of null: an InternalError and a stack trace.
    const err = await client.requestError('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, context: null });
    assert.equal(err.code, -32602, 'InvalidParams');
    assert.match(err.message, /codeAction: the request's params have no context/);
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 11 } });
    assert.ok(hover === null || typeof hover === 'object', 'the next request is answered');
    assert.equal(client.notifications.slice(before).filter((n) => n.method === 'window/logMessage' && /failed/.test(n.params.message)).length, 0, 'nothing logged');
    await alive();
  });

  test('NUL bytes, lone surrogates and other odd characters in documents and requests', async () => {
    const uri = uriOf('odd.segoc');
    const text = [
      'scenario "odd \u0000 title \ud800"',
      '  players Yugi, Kaiba\u0000',
      '  turn Yugi',
      '  Yugi field: "San\u0000gan", "\udfff", "😀", "\ud83d"',
      '  chain\u2028',
      '    1 Yugi "\ud800\ud800" -> destroy "\u0000"',
      '\u0000\u0000\u0000',
      '  expect legal\udc00',
      '',
    ].join('\n');
    client.open(uri, text);
    const report = await pull(uri);
    assert.equal(report.kind, 'full');
    assert.ok(report.items.length > 0);
    for (const d of report.items) assert.ok(d.range.start.line <= 8, 'ranges stay in the document');
    for (let line = 0; line < 9; line++) {
      for (const character of [0, 1, 5, 13, 20, 40]) {
        await client.request('textDocument/hover', { textDocument: { uri }, position: { line, character } });
        await client.request('textDocument/completion', { textDocument: { uri }, position: { line, character } });
      }
    }
    await client.request('textDocument/semanticTokens/full', { textDocument: { uri } });
    await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    await client.request('segoc/preview', { uri });
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 3, character: 17 }, end: { line: 3, character: 18 } }, text: '\ud800' }] });
    await pull(uri);
    await alive();
  });

  test('a 100,000-character line', async (t) => {
    const uri = uriOf('long-line.segoc');
    const names = Array.from({ length: 9000 }, (_, i) => (i % 3 === 0 ? '"Sangan"' : i % 3 === 1 ? '"Peten the Dark Clown"' : `"Card ${i}"`)).join(', ');
    const line = `  Yugi field: ${names}`.slice(0, 100000);
    const text = `scenario "long"\n  players Yugi, Kaiba\n  turn Yugi\n${line}\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n`;
    assert.ok(line.length >= 99000);
    const started = Date.now();
    client.open(uri, text);
    const report = await pull(uri);
    assert.equal(report.kind, 'full');
    for (const character of [0, 50000, line.length, line.length + 10]) {
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 3, character } });
      await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 3, character } });
    }
    await client.request('textDocument/semanticTokens/full', { textDocument: { uri } });
    await client.request('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 6, character: 0 } } });
    await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    await client.request('segoc/preview', { uri });
    await alive();
    t.diagnostic(`a ${line.length}-character line: ${report.items.length} diagnostics, all requests answered in ${Date.now() - started} ms`);
  });

  test('a 20 MB document, and a request cancelled mid-way', async (t) => {
    const uri = uriOf('big.segoc');
    const sample = fs.readFileSync(path.join(ROOT, 'samples', 'rules', 'R11-segoc-order.segoc'), 'utf8');
    const filler = '# filler: a comment line with “quotes”, 《クリッター》, ünïcödé and "a quoted name" in it\n';
    // Formatted already, so that the formatting request answers [] rather than a 20 MB edit (the test
    // client's buffer handling, not the server, would dominate the time).
    const text = formatDocument(sample + filler.repeat(Math.ceil((20 * 1024 * 1024 - sample.length) / filler.length)));
    assert.ok(text.length >= 20 * 1024 * 1024);
    const started = Date.now();
    client.open(uri, text);
    const report = await pull(uri);
    const firstMs = Date.now() - started;
    assert.equal(report.kind, 'full');
    const lines = text.split('\n').length;
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 20, character: 8 } });
    await client.request('textDocument/completion', { textDocument: { uri }, position: { line: lines - 1, character: 0 } });
    await client.request('textDocument/documentSymbol', { textDocument: { uri } });
    await client.request('textDocument/foldingRange', { textDocument: { uri } });
    await client.request('textDocument/semanticTokens/range', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } } });
    const edits = await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }, 120000);
    assert.deepEqual(edits, [], 'formatted already');

    // An edit at the end, then a pull that is cancelled right away: an answer or a cancellation error.
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: lines - 1, character: 0 }, end: { line: lines - 1, character: 0 } }, text: '# one more line\n' }],
    });
    const pending = client.request('textDocument/diagnostic', { textDocument: { uri } }, 60000);
    const id = (client as unknown as { nextId: number }).nextId - 1;
    client.notify('$/cancelRequest', { id });
    let outcome: string;
    try {
      const r = await pending;
      outcome = `answered (${r.kind})`;
    } catch (e) {
      assert.ok(e instanceof RpcResponseError, String(e));
      assert.ok([-32800, -32802].includes(e.error.code), `a cancellation error, not ${JSON.stringify(e.error)}`);
      outcome = `cancelled (${e.error.code})`;
    }
    // Cancelling a request that is already answered, or that never existed, is harmless.
    client.notify('$/cancelRequest', { id });
    client.notify('$/cancelRequest', { id: 987654321 });
    client.notify('$/cancelRequest', null);
    const again = await pull(uri);
    assert.equal(again.kind, 'full');
    client.notify('textDocument/didClose', { textDocument: { uri } });
    await alive();
    t.diagnostic(`20 MB document (${lines} lines): first diagnostics in ${firstMs} ms; all requests in ${Date.now() - started} ms; the cancelled pull was ${outcome}`);
  });

  test('segoc/preview of a path that is not a regular file (a FIFO, a device) does not block the server', async (t) => {
    // A separate server: if this blocks, the others above are unaffected.
    const fifo = path.join(dir, 'pipe.segoc');
    const mk = spawnSync('mkfifo', [fifo]);
    if (mk.status !== 0) {
      t.skip('mkfifo is not available here');
      return;
    }
    const other = new LspClient({ settings: {}, timeoutMs: 3000 });
    try {
      await other.initialize(PULL_CAPABILITIES, path.join(dir, 'ws'));
      for (const target of [fileUri(fifo), 'file:///dev/zero']) {
        let answered = true;
        try {
          await other.request('segoc/preview', { uri: target }, 3000);
        } catch (e) {
          answered = e instanceof RpcResponseError;
        }
        assert.ok(answered, `segoc/preview ${target} got no answer within 3 s: the server reads it with readFileSync (server/src/lsp/server.ts, PREVIEW_REQUEST) and blocks`);
        await other.request('segoc/stats', null, 3000);
      }
    } finally {
      other.kill();
    }
  });
});
