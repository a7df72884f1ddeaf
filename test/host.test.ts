// One host for reading `use` files (server/src/host): the CLI and the language server refuse the same
// imports with the same messages (missing, a folder, too large, binary, not UTF-8), and import the same.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../server/src/cli/main';
import { MAX_TEXT_BYTES, readTextFile } from '../server/src/host/text-file';
import { useFileReader } from '../server/src/host/use-files';
import { pathToUri } from '../server/src/host/uri';
import { readGeneratedLibrary } from '../server/src/host/generated-cards';
import { GeneratedLibrary } from '../server/src/core/internal';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES } from './lsp/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const IMPORTS = ['missing', 'folder', 'huge', 'binary', 'latin1', 'good'];
const MAIN = [...IMPORTS.map((n) => `use "${n}.segoc"`), 'scenario "s"', '  players Yugi, Kaiba', '  turn Yugi', '  Yugi hand: "Imported Card"', ''].join('\n');
const EXPECTED = [
  'cannot read "missing.segoc": no such file',
  'cannot read "folder.segoc": not a regular file (a folder, a pipe or a device)',
  `cannot read "huge.segoc": too large (65.0 MB; the limit is ${MAX_TEXT_BYTES / 1048576} MB)`,
  'cannot read "binary.segoc": binary file (contains NUL bytes), not a scenario',
  'cannot read "latin1.segoc": not valid UTF-8 text',
];

describe('host: `use` files read the same by the CLI and the language server', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-host-'));
    fs.mkdirSync(path.join(dir, 'folder.segoc'));
    // A sparse file: its size is past the limit, and nothing is written or read.
    fs.writeFileSync(path.join(dir, 'huge.segoc'), '');
    fs.truncateSync(path.join(dir, 'huge.segoc'), 65 * 1048576);
    fs.writeFileSync(path.join(dir, 'binary.segoc'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    fs.writeFileSync(path.join(dir, 'latin1.segoc'), Buffer.from('card "Caf\xe9": normal spell\n', 'latin1'));
    fs.writeFileSync(path.join(dir, 'good.segoc'), '\ufeffcard "Imported Card": normal spell\n');
    fs.writeFileSync(path.join(dir, 'main.segoc'), MAIN);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the CLI: one use-not-found per unreadable import, with the host\'s message; the good one is imported', () => {
    const out: string[] = [];
    const code = runCli(['check', path.join(dir, 'main.segoc'), '--format', 'json'], { cwd: dir, out: (s) => out.push(s), err: (s) => out.push(s), write: (s) => out.push(s) });
    assert.equal(code, 1);
    const report = JSON.parse(out.join(''));
    const messages = report.files[0].diagnostics.filter((d: Any) => d.code === 'use-not-found').map((d: Any) => d.message);
    assert.deepEqual(messages, EXPECTED);
    assert.ok(!report.files[0].diagnostics.some((d: Any) => d.code === 'unknown-card'), 'good.segoc imported');
  });

  test('the language server: the same messages for the same imports', async () => {
    ensureBuilt();
    const client = new LspClient();
    try {
      await client.initialize(PULL_CAPABILITIES, dir);
      const uri = fileUri(path.join(dir, 'main.segoc'));
      client.open(uri, MAIN);
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
      const messages = report.items.filter((d: Any) => d.code === 'use-not-found').map((d: Any) => d.message);
      assert.deepEqual(messages, EXPECTED);
      assert.ok(!report.items.some((d: Any) => d.code === 'unknown-card'), 'good.segoc imported');
    } finally {
      await client.stop();
      client.kill();
    }
  });

  test('the reader names an import as the importer is named: a path for a path, a file URI for a file URI', () => {
    const read = useFileReader();
    const main = path.join(dir, 'main.segoc');
    assert.deepEqual(read(main, 'good.segoc'), { uri: path.join(dir, 'good.segoc'), text: 'card "Imported Card": normal spell\n' });
    const byUri = read(pathToUri(main), 'good.segoc');
    assert.equal('uri' in byUri && byUri.uri, pathToUri(path.join(dir, 'good.segoc')));
    assert.deepEqual(read('untitled:Untitled-1', 'good.segoc'), { error: 'only files saved on disk can import other files' });
    assert.deepEqual(read(main, 'notes.txt'), { error: 'only .segoc files can be imported' });
    const unsaved = useFileReader((c) => (c === pathToUri(path.join(dir, 'good.segoc')) ? 'unsaved text' : undefined));
    assert.deepEqual(unsaved(pathToUri(main), 'good.segoc'), { uri: pathToUri(path.join(dir, 'good.segoc')), text: 'unsaved text' });
  });

  test('readTextFile never throws: a missing file is an error value', () => {
    assert.deepEqual(readTextFile(path.join(dir, 'nope.segoc')), { error: 'no such file' });
  });
});

test('host: a generated library whose files cannot be read is said once, never silently taken as no library', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-broken-cards-'));
  try {
    // cards.tsv is there (the folder is found), the other files are not: a broken install.
    fs.writeFileSync(path.join(dir, 'cards.tsv'), '');
    const heard: string[] = [];
    const library = new GeneratedLibrary(() => readGeneratedLibrary(dir, (m) => heard.push(m)));
    assert.equal(library.get('ash blossom joyous spring'), undefined);
    assert.equal(library.get('pot of prosperity'), undefined);
    assert.equal(heard.length, 1, 'said once, on the first lookup');
    assert.match(heard[0], /^segoc: the generated card library in .+ cannot be read \(.+\): only the curated library and your own card definitions are known; reinstall segoc$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('host: the sorted name keys (names.txt) are read on the first search, not with the rest; unreadable, they are derived', () => {
  const source = path.resolve(__dirname, '../../server/cards/generated');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lazy-names-'));
  try {
    for (const f of ['cards.tsv', 'names-ja.txt', 'index.txt', 'manifest.json']) fs.copyFileSync(path.join(source, f), path.join(dir, f));
    const heard: string[] = [];
    const data = readGeneratedLibrary(dir, (m) => heard.push(m));
    assert.ok(data);
    // Written after the library was read: found on the first search all the same.
    const keys = 'pot of prosperity\t0\te\n';
    fs.writeFileSync(path.join(dir, 'names.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(keys, 'utf16le')]));
    assert.deepEqual(data.names(), { text: keys, layout: undefined });
    // A names.txt that cannot be read is said, and the library searches keys derived from its records.
    fs.rmSync(path.join(dir, 'names.txt'));
    fs.mkdirSync(path.join(dir, 'names.txt'));
    const library = new GeneratedLibrary(() => readGeneratedLibrary(dir, (m) => heard.push(m)));
    assert.deepEqual(library.nameSearch().complete('pot of prosp', 5).map((n) => n.name), ['Pot of Prosperity']);
    assert.equal(heard.length, 1);
    assert.match(heard[0], /^segoc: the card names' files \(names\.txt, names-layout\.bin\) in .+ cannot be read \(.+\): the names are searched without them \(slower\); reinstall segoc$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
