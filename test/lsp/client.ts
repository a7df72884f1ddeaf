// A small JSON-RPC client for the language server tests: spawns `node dist/server.js --stdio`, frames
// messages with Content-Length, sends requests and notifications with timeouts, answers the server's
// own requests (configuration, registrations, refreshes) and records its notifications.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root: the nearest directory above `start` whose package.json is named "segoc". */
export function findRoot(start: string = __dirname): string {
  for (const from of [start, process.cwd()]) {
    let dir = path.resolve(from);
    for (;;) {
      const pj = path.join(dir, 'package.json');
      if (fs.existsSync(pj)) {
        try {
          if (JSON.parse(fs.readFileSync(pj, 'utf8')).name === 'segoc') return dir;
        } catch {
          // not ours
        }
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  throw new Error(`cannot find the segoc repository root from ${start}`);
}

export const ROOT = findRoot();
export const SERVER = path.join(ROOT, 'dist', 'server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (e.isFile() && !p.endsWith(`${path.sep}generated.ts`)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  const built = fs.existsSync(SERVER) ? fs.statSync(SERVER).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'server', 'src')), newestMtime(path.join(ROOT, 'server', 'cards')));
  return built >= sources;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds dist/server.js when it is missing or older than the server sources or the card library:
 * `node scripts/build.js`, and if that fails because of another bundle (client, CLI), the server
 * bundle alone with the same esbuild options. Test files run in parallel processes, so a lock
 * directory keeps them from building at the same time.
 */
export function ensureBuilt(): void {
  if (isFresh()) return;
  const lock = path.join(os.tmpdir(), `segoc-test-build-${Buffer.from(ROOT).toString('hex').slice(-32)}.lock`);
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 120000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone already
      }
      if (waited > 180000) throw new Error(`ensureBuilt: ${lock} is held by another process`);
      sleepSync(100);
    }
  }
  try {
    if (isFresh()) return;
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { cwd: ROOT, encoding: 'utf8' });
    if (r.status === 0 && fs.existsSync(SERVER)) return;
    // Another bundle may be broken by work in progress; the server bundle alone is what these tests need.
    const esbuild = require(path.join(ROOT, 'node_modules', 'esbuild'));
    try {
      esbuild.buildSync({
        absWorkingDir: ROOT,
        entryPoints: ['server/src/lsp/main.ts'],
        outfile: 'dist/server.js',
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        sourcemap: true,
        logLevel: 'silent',
      });
    } catch (e) {
      throw new Error(`node scripts/build.js failed (${r.status}):\n${r.stdout}\n${r.stderr}\nand the server alone: ${String(e)}`);
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function fileUri(p: string): string {
  return pathToFileURL(p).href;
}

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export class RpcResponseError extends Error {
  constructor(
    readonly method: string,
    readonly error: RpcError,
  ) {
    super(`${method} failed: ${error.code} ${error.message}`);
  }
}

export interface Notification {
  method: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: any;
}

interface Waiter {
  method: string;
  predicate: (params: unknown) => boolean;
  resolve: (params: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export interface ClientOptions {
  /** Settings returned for `workspace/configuration` (section "segoc"). */
  settings?: Record<string, unknown>;
  timeoutMs?: number;
}

export class LspClient {
  readonly proc: ChildProcess;
  readonly notifications: Notification[] = [];
  /** Requests the server sent to the client, in order. */
  readonly serverRequests: Notification[] = [];
  stderr = '';
  exitCode: number | null = null;
  readonly exited: Promise<number | null>;
  settings: Record<string, unknown>;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly pending = new Map<number, { method: string; resolve: (v: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private waiters: Waiter[] = [];
  private readonly timeoutMs: number;

  constructor(options: ClientOptions = {}) {
    this.settings = options.settings ?? {};
    this.timeoutMs = options.timeoutMs ?? 15000;
    this.proc = spawn(process.execPath, [SERVER, '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.proc.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code) => {
        this.exitCode = code;
        for (const p of this.pending.values()) {
          clearTimeout(p.timer);
          p.reject(new Error(`server exited (${code}) before answering ${p.method}; stderr:\n${this.stderr}`));
        }
        this.pending.clear();
        resolve(code);
      });
    });
  }

  private send(message: object): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.proc.stdin!.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`, 'utf8');
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk] as unknown as Uint8Array[]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length:\s*(\d+)/i.exec(header);
      if (!m) throw new Error(`bad header from the server: ${header}`);
      const length = Number(m[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body));
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private dispatch(msg: any): void {
    if (msg.id !== undefined && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new RpcResponseError(p.method, msg.error));
      else p.resolve(msg.result);
      return;
    }
    if (msg.id !== undefined) {
      this.serverRequests.push({ method: msg.method, params: msg.params });
      this.send({ id: msg.id, result: this.answerServerRequest(msg.method, msg.params) });
      return;
    }
    this.notifications.push({ method: msg.method, params: msg.params });
    for (const w of [...this.waiters]) {
      if (w.method === msg.method && w.predicate(msg.params)) {
        clearTimeout(w.timer);
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(msg.params);
      }
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private answerServerRequest(method: string, params: any): unknown {
    if (method === 'workspace/configuration') {
      return (params?.items ?? []).map((i: { section?: string }) => (i.section === 'segoc' ? this.settings : null));
    }
    return null;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(method: string, params?: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`timeout: no answer to ${method} within ${timeoutMs} ms; stderr:\n${this.stderr}`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      this.send({ id, method, params });
    });
  }

  /**
   * A request and its `$/cancelRequest` in one write: the server reads both before it handles the
   * request, so the request's token is cancelled when its handler runs. Resolves with the error.
   */
  async requestCancelled(method: string, params?: unknown): Promise<RpcError> {
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout: no answer to ${method}`)), this.timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
    });
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message });
      return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
    };
    this.proc.stdin!.write(frame({ id, method, params }) + frame({ method: '$/cancelRequest', params: { id } }), 'utf8');
    try {
      const r = await answer;
      throw new Error(`${method} was expected to be cancelled but answered ${JSON.stringify(r)}`);
    } catch (e) {
      if (e instanceof RpcResponseError) return e.error;
      throw e;
    }
  }

  /** A request that is expected to fail: resolves with the error. */
  async requestError(method: string, params?: unknown): Promise<RpcError> {
    try {
      const r = await this.request(method, params);
      throw new Error(`${method} was expected to fail but answered ${JSON.stringify(r)}`);
    } catch (e) {
      if (e instanceof RpcResponseError) return e.error;
      throw e;
    }
  }

  notify(method: string, params?: unknown): void {
    this.send({ method, params });
  }

  /** The first notification (already received or still to come) that matches. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  waitForNotification<T = any>(method: string, predicate: (params: T) => boolean = () => true, timeoutMs = this.timeoutMs): Promise<T> {
    const already = this.notifications.find((n) => n.method === method && predicate(n.params));
    if (already) return Promise.resolve(already.params as T);
    return new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        method,
        predicate: predicate as (p: unknown) => boolean,
        resolve: resolve as (p: unknown) => void,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((x) => x !== w);
          reject(new Error(`timeout: no ${method} notification matched within ${timeoutMs} ms; stderr:\n${this.stderr}`));
        }, timeoutMs),
      };
      this.waiters.push(w);
    });
  }

  /** initialize + initialized, with the given client capabilities. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async initialize(capabilities: object, rootPath?: string, initializationOptions?: unknown): Promise<any> {
    const rootUri = rootPath ? fileUri(rootPath) : null;
    const result = await this.request('initialize', {
      processId: process.pid,
      rootUri,
      capabilities,
      workspaceFolders: rootPath ? [{ uri: rootUri, name: path.basename(rootPath) }] : null,
      initializationOptions,
    });
    this.notify('initialized', {});
    return result;
  }

  open(uri: string, text: string, version = 1, languageId = 'segoc'): void {
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  /** Stops the server politely (shutdown + exit), killing it when it does not go. */
  async stop(): Promise<number | null> {
    if (this.exitCode !== null || this.proc.killed) return this.exitCode;
    try {
      await this.request('shutdown', null, 5000);
      this.notify('exit');
    } catch {
      // fall through to kill
    }
    const timer = setTimeout(() => this.proc.kill(), 5000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  kill(): void {
    if (this.exitCode === null && !this.proc.killed) this.proc.kill();
  }
}

/** Client capabilities of a modern editor (VS Code-like): pull diagnostics, configuration, snippets. */
export const PULL_CAPABILITIES = {
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceFolders: true,
    diagnostics: { refreshSupport: true },
    inlayHint: { refreshSupport: true },
  },
  textDocument: {
    synchronization: { didSave: true, dynamicRegistration: false },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    completion: { completionItem: { snippetSupport: true } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } } },
    rename: { prepareSupport: true },
    publishDiagnostics: { relatedInformation: true },
  },
};

/** Capabilities of an older client (Neovim 0.7-like): push diagnostics only, no configuration. */
export const PUSH_CAPABILITIES = {
  workspace: { workspaceFolders: false },
  textDocument: {
    synchronization: { didSave: true },
    publishDiagnostics: { relatedInformation: true },
    completion: { completionItem: { snippetSupport: false } },
  },
};
