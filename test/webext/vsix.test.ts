// Issue 31: the extension's .vsix carries VS Code for the Web's bundles. The production build is made in
// a scratch folder (dist/ of the working tree, which other tests read, is left alone) and packaged by
// the script behind `npm run package`; the .vsix is then read as the zip it is.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as zlib from 'node:zlib';
import { repoRoot } from '../helpers';

const ROOT = repoRoot();
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-vsix-test-'));
const VSIX = path.join(TMP, 'segoc.vsix');
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

interface ZipEntry {
  name: string;
  compressed: number;
  data: () => Buffer;
}

/** The entries of a zip file, from its central directory. */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = () => {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(start, start + compressed);
      return method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    };
    entries.push({ name, compressed, data });
    at += 46 + skip;
  }
  return entries;
}

let entries: ZipEntry[] = [];

before(() => {
  // scripts/build.js builds into the current folder's dist/: a scratch folder whose sources are links.
  const build = path.join(TMP, 'build');
  fs.mkdirSync(build);
  for (const name of ['client', 'server', 'node_modules', 'package.json', 'tsconfig.json']) fs.symlinkSync(path.join(ROOT, name), path.join(build, name));
  const run = (args: string[], cwd: string) => {
    const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, `${args.join(' ')}:\n${r.stdout}\n${r.stderr}`);
  };
  run([path.join(ROOT, 'scripts', 'build.js'), '--production'], build);
  run([path.join(ROOT, 'scripts', 'package-vsix.js'), '--dist', path.join(build, 'dist'), '--out', VSIX], ROOT);
  entries = zipEntries(fs.readFileSync(VSIX));
});

test('the .vsix holds the web extension: its client, its worker server and the card library they fetch', () => {
  const names = entries.map((e) => e.name);
  for (const needed of ['extension/dist/browser/client.js', 'extension/dist/browser/server.js', 'extension/dist/client.js', 'extension/dist/server.js', 'extension/dist/cards/cards.tsv', 'extension/dist/cards/names.txt']) {
    assert.ok(names.includes(needed), `${needed} in ${names.join(' ')}`);
  }
  assert.deepEqual(names.filter((n) => /\.map$|\/src\//.test(n)), [], 'no source maps or sources');
  const manifest = JSON.parse(entries.find((e) => e.name === 'extension/package.json')!.data().toString('utf8'));
  assert.equal(manifest.main, './dist/client.js');
  assert.equal(manifest.browser, './dist/browser/client.js');
  // The worker bundle is a classic script (a Worker runs no CommonJS) with no Node module in it.
  const server = entries.find((e) => e.name === 'extension/dist/browser/server.js')!.data().toString('utf8');
  assert.doesNotMatch(server, /\brequire\("(fs|path|url|child_process|net|os)"\)/);
});

test('the .vsix keeps its size budget (bench/budgets.json)', () => {
  const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'budgets.json'), 'utf8'));
  const list: Array<{ figure: string; max: number }> = Array.isArray(budgets) ? budgets : budgets.budgets;
  const budget = list.find((b) => b.figure === 'size.vsix');
  assert.ok(budget, 'size.vsix is budgeted');
  const kb = fs.statSync(VSIX).size / 1024;
  assert.ok(kb <= budget.max, `the .vsix is ${kb.toFixed(1)} KB, over its budget of ${budget.max} KB`);
});
