'use strict';
// A minimal LSP client over stdio for the benchmarks (test/lsp/client.ts is TypeScript and made for
// the tests; this one only frames messages and answers the server's own requests).
const { spawn } = require('child_process');

class LspClient {
  constructor(serverJs, cwd, nodeArgs = []) {
    this.proc = spawn(process.execPath, [...nodeArgs, serverJs, '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pending = new Map();
    this.nextId = 1;
    this.buffer = Buffer.alloc(0);
    this.stderr = '';
    this.notifications = [];
    this.lastMessageAt = Date.now();
    this.settings = {};
    this.proc.stdout.on('data', (chunk) => this.onData(chunk));
    this.proc.stderr.on('data', (chunk) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code) => {
        for (const p of this.pending.values()) p.reject(new Error(`server exited (${code}) before answering ${p.method}\n${this.stderr}`));
        this.pending.clear();
        resolve(code);
      });
    });
  }

  get pid() {
    return this.proc.pid;
  }

  send(message) {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`, 'utf8');
  }

  onData(chunk) {
    this.lastMessageAt = Date.now();
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const m = /Content-Length:\s*(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      const length = Number(m[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body));
    }
  }

  dispatch(msg) {
    if (msg.id !== undefined && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new Error(`${p.method} failed: ${msg.error.code} ${msg.error.message}`));
      else p.resolve(msg.result);
      return;
    }
    if (msg.id !== undefined) {
      let result = null;
      if (msg.method === 'workspace/configuration') result = (msg.params?.items ?? []).map((i) => (i.section === 'segoc' ? this.settings : null));
      this.send({ id: msg.id, result });
      return;
    }
    this.notifications.push(msg);
    if (this.notifications.length > 1000) this.notifications.splice(0, 500);
  }

  request(method, params, timeoutMs = 120000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`timeout: no answer to ${method} within ${timeoutMs} ms\n${this.stderr}`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  /** Resolves when the server has sent nothing for `quietMs` (start-up work such as the workspace scan is over). */
  async settle(quietMs = 300, maxMs = 10000) {
    const start = Date.now();
    while (Date.now() - this.lastMessageAt < quietMs && Date.now() - start < maxMs) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop() {
    try {
      await this.request('shutdown', null, 5000);
      this.notify('exit');
    } catch {
      // killed below
    }
    const timer = setTimeout(() => this.proc.kill(), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Client capabilities of VS Code as far as the server looks at them: pull diagnostics, configuration, snippets. */
const PULL_CAPABILITIES = {
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
    hover: { contentFormat: ['markdown', 'plaintext'] },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } } },
    rename: { prepareSupport: true },
    publishDiagnostics: { relatedInformation: true },
  },
};

/** VmRSS and VmHWM of a process in MB (Linux /proc); undefined elsewhere. */
function processMemory(pid) {
  try {
    const status = require('fs').readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Number(m[1]) / 1024 : undefined;
    };
    return { rssMB: kb('VmRSS'), peakMB: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

module.exports = { LspClient, PULL_CAPABILITIES, processMemory };
