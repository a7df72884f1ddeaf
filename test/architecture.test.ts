// The architecture invariants of ARCHITECTURE.md, enforced: core imports neither vscode nor any LSP
// package and does no I/O; the Node host (server/src/host) knows neither LSP nor the CLI; server/ and
// the CLI do not import the client; the client imports only the VS Code API, the language client and
// its own files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { repoRoot } from './helpers';

const root = repoRoot();

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name)) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out;
}

/** Module specifiers imported or required by a TypeScript file. */
function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

function resolvesInto(file: string, spec: string, dir: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), spec);
  return target.startsWith(path.join(root, dir) + path.sep) || target === path.join(root, dir);
}

test('core imports no vscode, no LSP package, no Node I/O module, nothing outside core', () => {
  const banned = /^(vscode|vscode-languageserver.*|vscode-languageclient.*|fs|fs\/promises|node:fs.*|child_process|node:child_process|net|node:net|http|https|path|node:path|os|node:os)$/;
  const problems: string[] = [];
  for (const f of sources('server/src/core')) {
    for (const spec of imports(f)) {
      if (banned.test(spec)) problems.push(`${path.relative(root, f)} imports ${spec}`);
      if (spec.startsWith('.') && !resolvesInto(f, spec, 'server/src/core')) problems.push(`${path.relative(root, f)} imports ${spec} (outside core)`);
    }
    const text = fs.readFileSync(f, 'utf8');
    if (/\bprocess\.(argv|env|exit|stdout|stderr|cwd)\b/.test(text)) problems.push(`${path.relative(root, f)} touches process`);
  }
  assert.deepEqual(problems, []);
});

test('the Node host reaches core only through index.ts and imports neither LSP, the CLI nor the client', () => {
  const problems: string[] = [];
  for (const f of sources('server/src/host')) {
    for (const spec of imports(f)) {
      if (/^(vscode|vscode-languageserver.*|vscode-languageclient.*)$/.test(spec)) problems.push(`${path.relative(root, f)} imports ${spec}`);
      for (const dir of ['server/src/lsp', 'server/src/cli', 'client']) {
        if (resolvesInto(f, spec, dir)) problems.push(`${path.relative(root, f)} imports ${dir} (${spec})`);
      }
      if (resolvesInto(f, spec, 'server/src/core') && path.resolve(path.dirname(f), spec) !== path.join(root, 'server/src/core')) {
        problems.push(`${path.relative(root, f)} imports ${spec}: use server/src/core (index.ts)`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('server (LSP) and CLI reach core only through its public surface and never import the client', () => {
  const problems: string[] = [];
  for (const dir of ['server/src/lsp', 'server/src/cli', 'server/src/host']) {
    for (const f of sources(dir)) {
      for (const spec of imports(f)) {
        if (spec === 'vscode' || spec.startsWith('vscode-languageclient')) problems.push(`${path.relative(root, f)} imports ${spec}`);
        if (resolvesInto(f, spec, 'client')) problems.push(`${path.relative(root, f)} imports the client (${spec})`);
        if (resolvesInto(f, spec, 'server/src/core')) {
          const target = path.resolve(path.dirname(f), spec);
          if (target !== path.join(root, 'server/src/core') && target !== path.join(root, 'server/src/core/index')) {
            problems.push(`${path.relative(root, f)} imports ${spec}: use server/src/core (index.ts)`);
          }
        }
      }
    }
  }
  for (const f of sources('server/src/cli')) {
    for (const spec of imports(f)) if (/^vscode-languageserver/.test(spec)) problems.push(`${path.relative(root, f)} imports ${spec}`);
  }
  // What the server shares with the CLI lives in the host: the language server never imports CLI code.
  for (const f of sources('server/src/lsp')) {
    for (const spec of imports(f)) if (resolvesInto(f, spec, 'server/src/cli')) problems.push(`${path.relative(root, f)} imports the CLI (${spec})`);
  }
  assert.deepEqual(problems, []);
});

test('the client imports only vscode, the language client and its own files', () => {
  const problems: string[] = [];
  for (const f of sources('client/src')) {
    for (const spec of imports(f)) {
      const ok = spec === 'vscode' || spec.startsWith('vscode-languageclient') || (spec.startsWith('.') && resolvesInto(f, spec, 'client/src'));
      if (!ok) problems.push(`${path.relative(root, f)} imports ${spec}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the playground (web/src) reaches core through index.ts, and of the server and the client only what runs without a connection', () => {
  // The LSP feature modules are pure functions of an analysis; the worker bundles them with
  // vscode-languageserver/node aliased to vscode-languageserver-types (scripts/build-web.js). The card
  // library is fetched as the web extension's worker fetches it (host/web/generated-cards.ts: core only).
  const allowedFiles = new Set(
    ['server/src/core', 'server/src/core/index', 'server/src/lsp/preview', 'server/src/lsp/hover', 'server/src/lsp/completion', 'server/src/lsp/token-words', 'server/src/host/web/generated-cards', 'client/src/preview/model', 'client/src/preview/html', 'client/src/preview/tree'].map((f) => path.join(root, f)),
  );
  const packages = /^(@codemirror\/[a-z]+|@lezer\/highlight|vscode-languageserver-types|vscode-languageserver-textdocument)$/;
  const problems: string[] = [];
  const reached = new Set<string>();
  for (const f of sources('web/src')) {
    for (const spec of imports(f)) {
      if (!spec.startsWith('.')) {
        if (!packages.test(spec)) problems.push(`${path.relative(root, f)} imports ${spec}`);
        continue;
      }
      const target = path.resolve(path.dirname(f), spec);
      if (resolvesInto(f, spec, 'web/src')) continue;
      if (!allowedFiles.has(target)) problems.push(`${path.relative(root, f)} imports ${spec}`);
      else if (target.includes(`${path.sep}lsp${path.sep}`)) reached.add(`${target}.ts`);
    }
  }
  // What those LSP modules import in turn stays clear of the connection, the host and the CLI.
  const queue = [...reached];
  while (queue.length) {
    const f = queue.pop()!;
    for (const spec of imports(f)) {
      if (!spec.startsWith('.')) continue;
      const target = `${path.resolve(path.dirname(f), spec)}.ts`;
      if (/[\\/]lsp[\\/](server|documents|workspace|safe|main)\.ts$/.test(target) || resolvesInto(f, spec, 'server/src/host') || resolvesInto(f, spec, 'server/src/cli')) {
        problems.push(`${path.relative(root, f)} (reached from web/src) imports ${spec}`);
      } else if (resolvesInto(f, spec, 'server/src/lsp') && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the check itself can fail: a core file importing fs would be caught', () => {
  const fake = path.join(root, 'server/src/core/x.ts');
  assert.equal(resolvesInto(fake, '../lsp/server', 'server/src/core'), false);
  assert.ok(/^(fs)$/.test('fs'));
});
