// The web extension's language server (dist/browser/server.js) as VS Code for the Web runs it: in a
// worker, spoken to with postMessage, its card library fetched over HTTP. A Node worker thread runs the
// bundle in a context that has a Web Worker's globals and nothing of Node (no process, Buffer or
// require: a bundle that reached for one would fail here as it would in vscode.dev); the test thread
// plays the web extension host's language client, and serves dist/ on a local port as the extension's files.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Runs in the worker thread: a Web Worker-like global scope for the bundle. */
const WORKER_SCOPE = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const fs = require('node:fs');
const listeners = { error: [], unhandledrejection: [], message: [] };
const scope = {
  location: { href: workerData.href },
  postMessage: (message) => parentPort.postMessage(message),
  addEventListener: (type, listener) => (listeners[type] || (listeners[type] = [])).push(listener),
  removeEventListener: () => undefined,
  console, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
  TextEncoder, TextDecoder, URL, fetch, AbortController, structuredClone,
};
let onmessage;
Object.defineProperty(scope, 'onmessage', { get: () => onmessage, set: (listener) => (onmessage = listener) });
scope.self = scope;
parentPort.on('message', (data) => {
  onmessage?.({ data });
  for (const l of listeners.message) l({ data });
});
process.on('uncaughtException', (error) => listeners.error.forEach((l) => l({ error })));
process.on('unhandledRejection', (reason) => listeners.unhandledrejection.forEach((l) => l({ reason })));
vm.runInContext(fs.readFileSync(workerData.bundle, 'utf8'), vm.createContext(scope), { filename: workerData.bundle });
`;

/** A static server of `root` on a 47xx port (another one when it is taken). */
export async function serveFolder(root: string, port = 4731): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => (e.code === 'EADDRINUSE' ? server.listen(0, '127.0.0.1', resolve) : reject(e)));
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The language client's side of the worker: requests, notifications, and answers to the server's requests. */
export class WorkerClient {
  readonly worker: Worker;
  readonly notifications: Array<{ method: string; params: Any }> = [];
  readonly serverRequests: Array<{ method: string; params: Any }> = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Any) => void; reject: (e: Error) => void }>();
  private readonly waiters: Array<{ method: string; resolve: (params: Any) => void }> = [];

  /** `answer` answers the server's own requests (segoc/readFile, workspace/configuration, ...). */
  constructor(bundle: string, href: string, private readonly answer: (method: string, params: Any) => unknown) {
    this.worker = new Worker(WORKER_SCOPE, { eval: true, workerData: { bundle, href } });
    this.worker.on('message', (msg) => void this.dispatch(msg));
    this.worker.on('error', (e) => {
      for (const p of this.pending.values()) p.reject(e);
    });
  }

  private async dispatch(msg: Any): Promise<void> {
    if (msg.id !== undefined && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${msg.error.code} ${msg.error.message}`));
      else p?.resolve(msg.result);
      return;
    }
    const entry = { method: msg.method, params: msg.params };
    if (msg.id !== undefined) {
      this.serverRequests.push(entry);
      this.worker.postMessage({ jsonrpc: '2.0', id: msg.id, result: (await this.answer(msg.method, msg.params)) ?? null });
    } else this.notifications.push(entry);
    for (const w of this.waiters.filter((x) => x.method === msg.method)) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(msg.params);
    }
  }

  request(method: string, params?: unknown): Promise<Any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    this.worker.postMessage({ jsonrpc: '2.0', method, params });
  }

  /** The next message of `method` the server sends (a notification or a request). */
  next(method: string): Promise<Any> {
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}
