'use strict';
// One extension activation outside VS Code, in a fresh process (argv[2]: the client bundle):
//   load      require() of the bundle, with a stub `vscode` module (Module._resolveFilename + require.cache)
//   activate  activate(context) until it returns, with every VS Code API a recording stub and the
//             language client's server start stubbed (child_process.fork/spawn answer with an inert
//             process, so no server is started and the client's start promise never settles)
//   toServerStartMs  from the start of the load to the language client's server start (fork), which may
//             come after activate returns (a lazily loaded language client)
// Prints JSON: { loadMs, activateMs, toServerStartMs, ok, error, calls }.
const Module = require('module');
const path = require('path');
const { EventEmitter } = require('events');
const { PassThrough } = require('stream');
const childProcess = require('child_process');

const bundle = path.resolve(process.argv[2]);
let calls = 0;

// ---- a stub of the vscode API: any property is a function/object/constructor that returns stubs --------
function stub(name) {
  const fn = function () {};
  fn.cache = Object.create(null);
  return new Proxy(fn, {
    get(target, prop) {
      if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(target.cache, prop)) return target.cache[prop];
      if (prop === 'then' || prop === '__esModule') return undefined; // not a thenable, not an ES module
      if (prop === Symbol.toPrimitive) return () => `[stub ${name}]`;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === 'toString' || prop === 'toJSON') return () => `[stub ${name}]`;
      if (prop === 'dispose') return () => undefined;
      if (prop === 'length') return 0;
      if (prop === 'prototype') return target.prototype;
      if (typeof prop === 'symbol') return undefined;
      if (!(prop in target.cache)) target.cache[prop] = stub(`${name}.${String(prop)}`);
      return target.cache[prop];
    },
    apply() {
      calls++;
      return stub(`${name}()`);
    },
    construct() {
      calls++;
      return stub(`new ${name}`);
    },
    set(target, prop, value) {
      target.cache[prop] = value;
      return true;
    },
    has() {
      return true;
    },
  });
}

class Disposable {
  constructor(fn) {
    this.fn = fn;
  }
  static from(...items) {
    return new Disposable(() => items.forEach((d) => d && d.dispose && d.dispose()));
  }
  dispose() {
    if (this.fn) this.fn();
  }
}
class VsEventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (l) => {
      this.listeners.push(l);
      return new Disposable(() => (this.listeners = this.listeners.filter((x) => x !== l)));
    };
  }
  fire(e) {
    for (const l of this.listeners) l(e);
  }
  dispose() {
    this.listeners = [];
  }
}
class Uri {
  constructor(scheme, p) {
    this.scheme = scheme;
    this.path = p;
    this.fsPath = p;
  }
  static file(p) {
    return new Uri('file', p);
  }
  static parse(s) {
    return new Uri(s.split(':')[0], s);
  }
  static joinPath(base, ...parts) {
    return new Uri(base.scheme, path.join(base.path, ...parts));
  }
  with() {
    return this;
  }
  toString() {
    return `${this.scheme}://${this.path}`;
  }
}

const base = stub('vscode');
const realApi = {
  Disposable,
  EventEmitter: VsEventEmitter,
  Uri,
  ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  workspace: new Proxy(
    {
      getConfiguration: () => ({ get: (_k, d) => d, has: () => false, inspect: () => undefined, update: async () => undefined }),
      workspaceFolders: undefined,
      textDocuments: [],
    },
    { get: (t, p) => (p in t ? t[p] : base.workspace[p]) },
  ),
  window: new Proxy(
    {
      activeTextEditor: undefined,
      visibleTextEditors: [],
      createOutputChannel: (name) => {
        calls++;
        return { name, append() {}, appendLine() {}, replace() {}, clear() {}, show() {}, hide() {}, dispose() {} };
      },
    },
    { get: (t, p) => (p in t ? t[p] : base.window[p]) },
  ),
  version: '1.100.0',
};
// esbuild's CommonJS interop copies the module's own properties: give the stub every name of the API.
try {
  const dts = require('fs').readFileSync(require.resolve('@types/vscode/index.d.ts', { paths: [process.cwd(), __dirname] }), 'utf8');
  for (const m of dts.matchAll(/^\t?export (?:namespace|class|enum|const|let|function) (\w+)/gm)) if (!(m[1] in realApi)) realApi[m[1]] = base[m[1]];
} catch {
  for (const k of ['languages', 'commands', 'env', 'extensions', 'Position', 'Range', 'Location', 'Diagnostic', 'DiagnosticSeverity']) realApi[k] = base[k];
}
const vscode = new Proxy(realApi, { get: (t, p) => (p in t ? t[p] : base[p]), has: () => true });

const stubPath = path.join(__dirname, '__vscode_stub__.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'vscode') return stubPath;
  return resolve.call(this, request, ...rest);
};
const m = new Module(stubPath);
m.filename = stubPath;
m.loaded = true;
m.exports = vscode;
require.cache[stubPath] = m;

// ---- the language client's server start: an inert child process -------------------------------------------
function inertProcess() {
  const p = new EventEmitter();
  p.pid = 0;
  p.stdin = new PassThrough();
  p.stdout = new PassThrough();
  p.stderr = new PassThrough();
  p.connected = true;
  p.send = () => true;
  p.kill = () => true;
  p.disconnect = () => undefined;
  return p;
}
let forks = 0;
let forkedAt;
let onFork = () => undefined;
const forked = new Promise((resolve) => (onFork = resolve));
const startServer = () => {
  forks++;
  if (forkedAt === undefined) forkedAt = process.hrtime.bigint();
  onFork();
  return inertProcess();
};
childProcess.fork = startServer;
childProcess.spawn = startServer;

// ---- measure --------------------------------------------------------------------------------------------------
const result = { ok: false };
const t0 = process.hrtime.bigint();
let ext;
try {
  ext = require(bundle);
  result.loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
} catch (e) {
  result.error = `load: ${e && e.stack ? e.stack : e}`;
}
const context = {
  subscriptions: [],
  extensionPath: path.dirname(path.dirname(bundle)),
  extensionUri: Uri.file(path.dirname(path.dirname(bundle))),
  asAbsolutePath: (p) => path.join(path.dirname(path.dirname(bundle)), p),
  globalState: { get: () => undefined, update: async () => undefined, keys: () => [] },
  workspaceState: { get: () => undefined, update: async () => undefined, keys: () => [] },
  storageUri: undefined,
  globalStorageUri: Uri.file('/tmp'),
  logUri: Uri.file('/tmp'),
  extensionMode: 1,
  environmentVariableCollection: stub('environmentVariableCollection'),
  secrets: stub('secrets'),
};
(async () => {
  if (ext && typeof ext.activate === 'function') {
    const t1 = process.hrtime.bigint();
    try {
      const r = ext.activate(context);
      result.activateSyncMs = Number(process.hrtime.bigint() - t1) / 1e6;
      await r;
      result.activateMs = Number(process.hrtime.bigint() - t1) / 1e6;
      result.ok = true;
    } catch (e) {
      result.error = `activate: ${e && e.stack ? e.stack : e}`;
    }
  } else if (ext) result.error = 'the bundle exports no activate function';
  // The language client may be loaded after activation returns (dist/client-lsp.js): wait for its server start.
  await Promise.race([forked, new Promise((r) => setTimeout(r, 10000))]);
  if (forkedAt !== undefined) result.toServerStartMs = Number(forkedAt - t0) / 1e6;
  result.calls = calls;
  result.serverStarts = forks;
  result.subscriptions = context.subscriptions.length;
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
})();
