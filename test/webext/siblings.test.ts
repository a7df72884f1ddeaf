// The browser bundles put a module's `.browser.ts` sibling in its place (scripts/lib/browser-bundles.js).
// A sibling must offer what its Node module offers to the code that imports it (checked by the compiler
// here), import no Node built-in, and do the same job on URIs a web workspace uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../helpers';
import * as nodeUri from '../../server/src/host/uri';
import * as webUri from '../../server/src/host/uri.browser';
import * as nodeTextFile from '../../server/src/host/text-file';
import * as webTextFile from '../../server/src/host/text-file.browser';
import * as nodeUseFiles from '../../server/src/host/use-files';
import * as webUseFiles from '../../server/src/host/use-files.browser';
import { WorkspaceIndex as NodeWorkspaceIndex } from '../../server/src/lsp/workspace';
import { WorkspaceIndex as WebWorkspaceIndex } from '../../server/src/lsp/workspace.browser';
import { connectWorkspaceFiles, forgetWorkspaceFile } from '../../server/src/host/web/workspace-files';
import type * as nodeConnection from '../../client/src/server-connection';
import type * as webConnection from '../../client/src/server-connection.browser';
import type * as nodeClient from '../../client/src/languageClient';
import type * as webClient from '../../client/src/languageClient.browser';

/** What other modules can reach of an instance: its public members. */
type Public<T> = { [K in keyof T]: T[K] };

/** Compiles only when `Web` offers what `Node` does. */
type Offers<Web extends Node, Node> = [Web, Node];

// The compiler's check: each sibling offers its module's exports with the same types (the client's
// modules as types only: they load `vscode`, which only the extension host has).
export type ClientSiblings = [Offers<typeof webConnection, typeof nodeConnection>, Offers<typeof webClient, typeof nodeClient>];
const surfaces: unknown[] = [
  ((m: typeof nodeUri) => m)(webUri),
  // What the language server reaches of text-file.ts (the CLI's and the project reader's functions stay on Node).
  ((m: Pick<typeof nodeTextFile, 'MAX_TEXT_BYTES' | 'readTextFile'>) => m)(webTextFile),
  ((m: Pick<typeof nodeUseFiles, 'useFileReader'>) => m)(webUseFiles),
  ((c: new (log?: (message: string) => void) => Public<NodeWorkspaceIndex>) => c)(WebWorkspaceIndex),
];

const root = repoRoot();
const NODE_BUILTIN = /^(node:)?(fs|fs\/promises|path|url|os|child_process|net|http|https|worker_threads|vm|crypto|stream|util|zlib)$/;

function browserModules(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.browser.ts') || (p.includes(`${path.sep}web${path.sep}`) && e.name.endsWith('.ts'))) out.push(p);
    }
  };
  for (const dir of ['server/src', 'client/src']) walk(path.join(root, dir));
  return out;
}

test('every browser module imports no Node built-in, and every sibling replaces a module', () => {
  assert.equal(surfaces.length, 4);
  const modules = browserModules();
  assert.ok(modules.length >= 8, modules.join(' '));
  const problems: string[] = [];
  for (const f of modules) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/from\s+'([^']+)'|require\('([^']+)'\)/g)) if (NODE_BUILTIN.test(m[1] ?? m[2])) problems.push(`${path.relative(root, f)} imports ${m[1] ?? m[2]}`);
    const sibling = f.replace(/\.browser\.ts$/, '.ts');
    if (f.endsWith('.browser.ts') && !f.endsWith('main.browser.ts') && !fs.existsSync(sibling)) problems.push(`${path.relative(root, f)} replaces nothing`);
  }
  assert.deepEqual(problems, []);
});

test('uri.browser: web URIs are kept as they are, file URIs go through their path', () => {
  const vfs = 'vscode-vfs://github/segoc/wiki/a%20b.segoc';
  assert.equal(webUri.canonicalUri(vfs), vfs);
  assert.equal(webUri.isFileUri(vfs), false);
  assert.equal(webUri.uriToPath('file:///wiki/a%20b%23c.segoc'), '/wiki/a b#c.segoc');
  assert.equal(webUri.pathToUri('/wiki/a b#c.segoc'), 'file:///wiki/a%20b%23c.segoc');
  assert.equal(webUri.canonicalUri('file:///wiki/./x/../a.segoc'), 'file:///wiki/a.segoc');
  assert.equal(webUri.resolveRelative('file:///wiki/pages/a.segoc', '../cards/b.segoc'), '/wiki/cards/b.segoc');
  assert.equal(webUri.resolveUseUri('vscode-vfs://github/segoc/wiki/pages/a.segoc', '../cards/b.segoc'), 'vscode-vfs://github/segoc/wiki/cards/b.segoc');
  assert.equal(webUri.resolveUseUri('untitled:Untitled-1', 'b.segoc'), undefined);
  assert.equal(nodeUri.resolveUseUri('file:///wiki/pages/a.segoc', '../cards/b.segoc'), 'file:///wiki/cards/b.segoc');
});

test('use-files.browser: the same rules as the Node reader, the files read through the client', async () => {
  const asked: string[] = [];
  let arrived = 0;
  connectWorkspaceFiles(
    async (uri) => {
      asked.push(uri);
      return uri.endsWith('/cards/b.segoc') ? { text: 'card text' } : { error: 'no such file' };
    },
    () => arrived++,
  );
  const read = webUseFiles.useFileReader((uri) => (uri.endsWith('/open.segoc') ? 'open text' : undefined));
  const from = 'vscode-vfs://github/segoc/wiki/pages/a.segoc';
  assert.deepEqual(read('untitled:Untitled-1', 'b.segoc'), { error: 'only files saved in the workspace can import other files' });
  assert.deepEqual(read(from, '../cards/b.txt'), { error: 'only .segoc files can be imported' });
  assert.deepEqual(read(from, 'open.segoc'), { uri: 'vscode-vfs://github/segoc/wiki/pages/open.segoc', text: 'open text' });
  assert.match((read(from, '../cards/b.segoc') as { error: string }).error, /is being read/);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(arrived, 1);
  assert.deepEqual(read(from, '../cards/b.segoc'), { uri: 'vscode-vfs://github/segoc/wiki/cards/b.segoc', text: 'card text' });
  assert.deepEqual(asked, ['vscode-vfs://github/segoc/wiki/cards/b.segoc']);
  // A watched-file event (the workspace index forwards it): the file is read again on its next use.
  forgetWorkspaceFile('vscode-vfs://github/segoc/wiki/cards/b.segoc');
  read(from, '../cards/b.segoc');
  assert.equal(asked.length, 2);
  await new WebWorkspaceIndex().fileEvent('vscode-vfs://github/segoc/wiki/cards/b.segoc', false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  read(from, '../cards/b.segoc');
  assert.equal(asked.length, 3);
});
