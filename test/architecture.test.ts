// The architecture invariants of ARCHITECTURE.md, enforced: core imports neither vscode nor any LSP
// package and does no I/O; the Node host (server/src/host) knows neither LSP nor the CLI; server/ and
// the CLI do not import the client; the client imports only the VS Code API, the language client and
// its own files. Inside core: the layer order below (ARCHITECTURE.md "Layers of core"), with type
// imports counted, and no import cycle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { repoRoot } from './helpers';
import { CORE_LAYERS, layerProblems } from './core-layers';
import { ImportGraph, importGraph, moduleSpecifiers } from './import-graph';

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

// ---- Layers of core -------------------------------------------------------------------------------------------------

const coreDir = path.join(root, 'server/src/core');
let coreGraph: ImportGraph | undefined;
const graphOfCore = () => (coreGraph ??= importGraph(coreDir));

test('core keeps its layers: no import goes up or across a layer, type imports included, and no import cycle', () => {
  assert.deepEqual(layerProblems(graphOfCore(), coreDir), []);
});

test('the layer check fails on a deliberate bad import: upward, across peers, and the cycle it closes', () => {
  const graph = graphOfCore();
  const at = (rel: string) => path.join(coreDir, rel);
  const withEdge = (from: string, to: string): ImportGraph => {
    const copy: ImportGraph = new Map([...graph].map(([f, ts]) => [f, new Set(ts)]));
    copy.get(at(from))!.add(at(to));
    return copy;
  };
  // The edge that closed the 62-file cycle before the layers: diagnostics reading the rule registry.
  const upward = layerProblems(withEdge('diagnostics.ts', 'engine/rules/index.ts'), coreDir);
  assert.ok(upward.includes('diagnostics.ts (leaves) imports engine/rules/index.ts (rules), a higher layer'), upward.join('\n'));
  assert.ok(upward.some((p) => /^import cycle of \d+ files: .*diagnostics\.ts/.test(p)), upward.join('\n'));
  // The parser reading the card vocabulary: two peers.
  const across = layerProblems(withEdge('syntax/parser.ts', 'cards/vocabulary/index.ts'), coreDir);
  assert.deepEqual(across, ['syntax/parser.ts (syntax) imports cards/vocabulary/index.ts (card model), a peer layer']);
  // A file no layer names.
  const unplaced = new Map(graph).set(at('stray.ts'), new Set<string>());
  assert.deepEqual(layerProblems(unplaced, coreDir), ['stray.ts is in no layer of CORE_LAYERS']);
});

test('the import reader counts type imports, re-exports, import() types and require', () => {
  const text = [
    "import type { A } from './a';",
    "import { type B } from './b';",
    "export type { C } from './c';",
    "export * from './d';",
    "let e: import('./e').E;",
    "const f = require('./f');",
    "import g = require('./g');",
    "// import { h } from './h';",
  ].join('\n');
  assert.deepEqual(moduleSpecifiers(text), ['./a', './b', './c', './d', './e', './f', './g']);
});

test('ARCHITECTURE.md names the layers of core in the order of CORE_LAYERS', () => {
  const doc = fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
  const section = doc.split('## Layers of core')[1]?.split('\n## ')[0] ?? '';
  const named = [...section.matchAll(/^\d+\. \*\*([^*]+)\*\*/gm)].map((m) => m[1]);
  assert.deepEqual(named, CORE_LAYERS.map((l) => l.name));
});

test('a fresh clone type-checks before its first build: library/generated.d.ts declares what the build writes', () => {
  // Without the declaration, `tsc --noEmit -p .` fails on a clean clone until `npm run build` writes generated.ts.
  const declared = fs.readFileSync(path.join(coreDir, 'library/generated.d.ts'), 'utf8').match(/export declare const (LIBRARY_FILES: .+);$/m)?.[1];
  const written = fs.readFileSync(path.join(root, 'scripts/build.js'), 'utf8').match(/'export const (LIBRARY_FILES: [^=]+?) = '/)?.[1];
  assert.ok(declared && written, 'the declaration and the build line are both found');
  assert.equal(declared, written);
});

test('the public API of core (index.ts) exports only what the server, the CLI, the host and the playground import', () => {
  const exported = [...fs.readFileSync(path.join(coreDir, 'index.ts'), 'utf8').matchAll(/^export (?:type )?\{([^}]*)\} from/gm)]
    .flatMap((m) => m[1].split(',').map((n) => n.trim()))
    .filter(Boolean);
  const imported = new Set<string>();
  for (const dir of ['server/src/lsp', 'server/src/cli', 'server/src/host', 'web/src']) {
    for (const f of sources(dir)) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/import (?:type )?\{([^}]*)\} from '(?:\.\.\/)+(?:server\/src\/)?core'/g)) {
        for (const n of m[1].split(',')) imported.add(n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]);
      }
    }
  }
  assert.ok(exported.length > 50, `index.ts exports ${exported.length} names`);
  assert.deepEqual(exported.filter((n) => !imported.has(n)), [], 'exported by core/index.ts but imported by none of lsp/, cli/, host/, web/src: move it to core/internal.ts');
  assert.deepEqual([...imported].filter((n) => n && !exported.includes(n)), []);
});
