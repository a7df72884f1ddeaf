// The server speaks over every transport `createConnection` offers: --node-ipc (what the VS Code
// client uses) and --socket (stdio is covered by the other LSP tests).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import { ensureBuilt, PUSH_CAPABILITIES, ROOT, SERVER } from './client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

before(() => ensureBuilt());

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout: ${what}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

test('--node-ipc: initialize, hover, shutdown, exit', async () => {
  const child = spawn(process.execPath, [SERVER, '--node-ipc'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const answers = new Map<number, Any>();
    const waiters = new Map<number, (m: Any) => void>();
    child.on('message', (m: Any) => {
      if (m.id !== undefined && m.method === undefined) {
        answers.set(m.id, m);
        waiters.get(m.id)?.(m);
      } else if (m.id !== undefined) {
        child.send({ jsonrpc: '2.0', id: m.id, result: null });
      }
    });
    const request = (id: number, method: string, params: unknown) =>
      withTimeout(
        new Promise<Any>((resolve) => {
          waiters.set(id, resolve);
          child.send({ jsonrpc: '2.0', id, method, params });
        }),
        10000,
        method,
      );
    const init = await request(1, 'initialize', { processId: process.pid, rootUri: null, capabilities: PUSH_CAPABILITIES });
    assert.equal(init.result.capabilities.hoverProvider, true);
    child.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    const uri = 'untitled:ipc.segoc';
    child.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'segoc', version: 1, text: 'card "X": normal spell\n' } } });
    const hover = await request(2, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 7 } });
    assert.match(hover.result.contents.value, /\*\*"X"\*\* — normal spell/);
    const down = await request(3, 'shutdown', null);
    assert.equal(down.result, null);
    child.send({ jsonrpc: '2.0', method: 'exit' });
    assert.equal(await withTimeout(exited, 10000, 'exit'), 0);
  } finally {
    if (child.exitCode === null) child.kill();
  }
});

test('--socket: the server connects to the given port and answers', async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const connected = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const child = spawn(process.execPath, [SERVER, `--socket=${port}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const socket = await withTimeout(connected, 10000, 'connection');
    let buffer = Buffer.alloc(0);
    const answer = new Promise<Any>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk] as unknown as Uint8Array[]);
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, headerEnd).toString('ascii'))![1]);
        if (buffer.length >= headerEnd + 4 + length) resolve(JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')));
      });
    });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
    socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const init = await withTimeout(answer, 10000, 'initialize');
    assert.equal(init.id, 1);
    assert.equal(init.result.capabilities.documentFormattingProvider, true);
    socket.destroy();
  } finally {
    child.kill();
    server.close();
  }
});
