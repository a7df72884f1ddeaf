// The `segoc` command (dist/cli.js, spawned as a real process) on unusable input: missing paths,
// folders with no scenario, unreadable files, binary files, invalid UTF-8, special files, a 50 MB
// file and one over the size limit. Each gets one clear `segoc: …` line on stderr and exit code 2
// where the input is unusable, never a stack trace nor a hang; input files are never written.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli } from '../../server/src/cli/main';
import { ensureBuilt, ROOT } from '../lsp/client';

const CLI = path.join(ROOT, 'dist', 'cli.js');

interface Run {
  code: number | null;
  out: string;
  err: string;
  ms: number;
  timedOut: boolean;
}

function cli(args: string[], cwd: string, timeoutMs = 60000, input?: string): Run {
  const started = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, input });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '', ms: Date.now() - started, timedOut: r.error !== undefined || r.signal !== null };
}

/** The same command in this process (runCli, what dist/cli.js runs): fast, for the many small cases. */
function inproc(args: string[], cwd: string): Run {
  const started = Date.now();
  const out: string[] = [];
  const err: string[] = [];
  let code: number;
  try {
    code = runCli(args, { cwd, out: (x) => out.push(x.endsWith('\n') ? x : `${x}\n`), err: (x) => err.push(x.endsWith("\n") ? x : `${x}\n`), write: (x) => out.push(x) });
  } catch (e) {
    return { code: null, out: out.join(''), err: `${err.join('')}runCli threw: ${e instanceof Error ? e.stack : String(e)}`, ms: Date.now() - started, timedOut: false };
  }
  return { code, out: out.join(''), err: err.join(''), ms: Date.now() - started, timedOut: false };
}

/** Exit 2, exactly one `segoc: …` line on stderr matching `pattern`, no stack trace anywhere. */
function assertUnusable(r: Run, pattern: RegExp, what: string): void {
  assert.ok(!r.timedOut, `${what}: no answer (killed after the timeout)`);
  assert.equal(r.code, 2, `${what}: exit code; stderr: ${r.err}; stdout: ${r.out.slice(0, 300)}`);
  const lines = r.err.split('\n').filter((l) => l.length > 0);
  assert.equal(lines.length, 1, `${what}: one stderr line, got:\n${r.err}`);
  assert.match(lines[0], /^segoc: \S/, what);
  assert.match(lines[0], pattern, what);
  assertNoStack(r, what);
}

function assertNoStack(r: Run, what: string): void {
  assert.doesNotMatch(r.err, /^ {4}at /m, `${what}: a stack trace on stderr:\n${r.err}`);
  assert.doesNotMatch(r.out, /^ {4}at /m, `${what}: a stack trace on stdout`);
  assert.doesNotMatch(r.err, /internal error/, `${what}: an internal error:\n${r.err}`);
}

interface Snapshot {
  hash: string;
  mtimeMs: number;
  size: number;
}

function snapshot(files: string[]): Map<string, Snapshot> {
  const out = new Map<string, Snapshot>();
  for (const f of files) {
    try {
      const st = fs.lstatSync(f);
      if (!st.isFile()) continue;
      const hash = crypto.createHash('sha256').update(fs.readFileSync(f) as unknown as Uint8Array).digest('hex');
      out.set(f, { hash, mtimeMs: st.mtimeMs, size: st.size });
    } catch {
      // unreadable: compared by mtime below
      const st = fs.lstatSync(f);
      out.set(f, { hash: '', mtimeMs: st.mtimeMs, size: st.size });
    }
  }
  return out;
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

describe('segoc CLI on unusable input', () => {
  let dir: string;
  let inputs: Map<string, Snapshot>;
  const SCENARIO = 'scenario "ok"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Sangan"\n';

  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-robust-cli-'));
    const w = (name: string, content: string | Uint8Array) => {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    };
    w('ok.segoc', SCENARIO);
    w('unformatted.segoc', 'scenario   "x"\nplayers Yugi,Kaiba\n');
    w('empty/.keep', '');
    w('no-scenarios/notes.txt', 'nothing here\n');
    w('no-scenarios/page.md', '# A page\n\nNo segoc block.\n');
    w('binary.segoc', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    w('nul.segoc', `${SCENARIO}\u0000\n`);
    w('latin1.segoc', new Uint8Array(Buffer.from('scenario "caf\xe9"\n', 'latin1')));
    w('overlong.segoc', new Uint8Array([0x73, 0x63, 0xc0, 0xaf, 0x0a])); // an overlong encoding of '/'
    w('lone-surrogate.segoc', new Uint8Array([...Buffer.from('scenario "x'), 0xed, 0xa0, 0x80, ...Buffer.from('"\n')])); // CESU/WTF-8 \ud800
    w('replacement-char.segoc', 'scenario "valid \ufffd char"\n  players Yugi, Kaiba\n'); // U+FFFD itself is valid UTF-8
    w('bom.segoc', `\ufeff${SCENARIO}`);
    w('locked.segoc', SCENARIO);
    fs.chmodSync(path.join(dir, 'locked.segoc'), 0o000);
    inputs = snapshot(allFiles(dir));
  });

  after(() => {
    try {
      fs.chmodSync(path.join(dir, 'locked.segoc'), 0o644);
    } catch {
      // gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a missing path: one line, exit 2, for every command', () => {
    assertUnusable(cli(['check', 'nope.segoc'], dir), /nope\.segoc: no such file/, 'check nope.segoc');
    assertUnusable(inproc(['check', 'ok.segoc', 'missing/folder'], dir), /missing\/folder: no such file/, 'check ok missing/folder');
    assertUnusable(inproc(['explain', 'nope.segoc'], dir), /nope\.segoc: no such file/, 'explain');
    assertUnusable(inproc(['render', 'nope.segoc'], dir), /nope\.segoc: no such file/, 'render');
    assertUnusable(inproc(['format', 'nope.segoc'], dir), /nope\.segoc: no such file/, 'format');
    assertUnusable(inproc(['format', '--check', 'nope.segoc'], dir), /nope\.segoc: no such file/, 'format --check');
    assertUnusable(inproc(['check', 'nothing-*.segoc'], dir), /no file matches/, 'a glob that matches nothing');
  });

  test('a folder with no scenario: one line, exit 2', () => {
    assertUnusable(cli(['check', 'empty'], dir), /empty: no .*file in this folder/, 'an empty folder');
    assertUnusable(inproc(['check', 'no-scenarios'], dir), /no-scenarios: no \.segoc file and no page with a segoc block/, 'a folder with a page without a block');
    assertUnusable(inproc(['check'], path.join(dir, 'empty')), /no \.segoc file/, 'check with no argument in an empty folder');
    assertUnusable(inproc(['explain', 'empty'], dir), /empty: no \.segoc, .* file in this folder/, 'explain a folder');
  });

  test('an unreadable file (chmod 000): one line, exit 2', (t) => {
    if (process.getuid?.() === 0) {
      // root reads files whatever their mode: there is no unreadable file to test with.
      t.skip('the tests run as root, where chmod 000 does not block reads');
      return;
    }
    assertUnusable(cli(['check', 'locked.segoc'], dir), /locked\.segoc: cannot read \(permission denied\)/, 'check locked.segoc');
  });

  test('binary files and invalid UTF-8: one line, exit 2', () => {
    assertUnusable(cli(['check', 'binary.segoc'], dir), /binary\.segoc: binary file/, 'a PNG header');
    assertUnusable(inproc(['check', 'nul.segoc'], dir), /nul\.segoc: binary file \(contains NUL bytes\)/, 'a NUL byte');
    assertUnusable(cli(['check', 'latin1.segoc'], dir), /latin1\.segoc: not valid UTF-8/, 'Latin-1 é');
    assertUnusable(inproc(['check', 'overlong.segoc'], dir), /overlong\.segoc: not valid UTF-8/, 'an overlong sequence');
    assertUnusable(inproc(['check', 'lone-surrogate.segoc'], dir), /lone-surrogate\.segoc: not valid UTF-8/, 'an encoded lone surrogate');
    assertUnusable(inproc(['explain', 'binary.segoc'], dir), /binary file/, 'explain binary');
    assertUnusable(inproc(['format', 'latin1.segoc'], dir), /not valid UTF-8/, 'format latin1');
    // Valid text is not refused: U+FFFD itself, and a byte-order mark.
    for (const f of ['replacement-char.segoc', 'bom.segoc']) {
      const r = inproc(['check', f], dir);
      assert.ok(r.code === 0 || r.code === 1, `${f}: exit ${r.code}; ${r.err}`);
      assert.equal(r.err, '', `${f}: nothing on stderr`);
    }
  });

  test('a special file (FIFO) given on the command line is refused at once, not read forever', (t) => {
    const fifo = path.join(dir, 'pipe.segoc');
    if (spawnSync('mkfifo', [fifo]).status !== 0) {
      t.skip('mkfifo is not available');
      return;
    }
    try {
      const r = cli(['check', 'pipe.segoc'], dir, 4000);
      assert.ok(!r.timedOut, 'segoc check pipe.segoc blocks: server/src/cli/files.ts readText calls readFileSync on a FIFO (no isFile check)');
      assertUnusable(r, /pipe\.segoc/, 'check pipe.segoc');
    } finally {
      fs.rmSync(fifo, { force: true });
    }
  });

  test('a 50 MB file is checked (or refused) with a clear result; one over the 64 MB limit is refused in one line', (t) => {
    const big = path.join(dir, 'big', 'fifty.segoc');
    fs.mkdirSync(path.dirname(big), { recursive: true });
    const filler = '# filler: a comment line with “quotes”, 《クリッター》 and "a quoted name" in it\n';
    const fd = fs.openSync(big, 'w');
    fs.writeSync(fd, SCENARIO);
    const block = filler.repeat(10000);
    let size = SCENARIO.length;
    while (size < 50 * 1024 * 1024) size += fs.writeSync(fd, block);
    fs.closeSync(fd);
    const before = snapshot([big]);
    const r = cli(['check', 'big/fifty.segoc'], dir, 120000);
    assert.ok(!r.timedOut, 'no answer within 120 s');
    assertNoStack(r, 'check fifty.segoc');
    assert.ok(r.code === 0 || r.code === 1 || r.code === 2, `exit ${r.code}`);
    if (r.code === 2) assert.equal(r.err.split('\n').filter(Boolean).length, 1, `one line: ${r.err}`);
    else assert.match(r.out, /1 file, 1 scenario/);
    assert.deepEqual(snapshot([big]), before, 'the 50 MB file is not written');
    t.diagnostic(`a ${(fs.statSync(big).size / 1048576).toFixed(1)} MB file: exit ${r.code} in ${r.ms} ms`);

    const huge = path.join(dir, 'big', 'huge.segoc');
    fs.writeFileSync(huge, SCENARIO);
    fs.truncateSync(huge, 65 * 1024 * 1024); // sparse: quick to make
    assertUnusable(cli(['check', 'big/huge.segoc'], dir), /huge\.segoc: too large \(65\.0 MB; the limit is 64 MB\)/, 'a 65 MB file');
    fs.rmSync(path.join(dir, 'big'), { recursive: true, force: true });
  });

  test('check, explain, render, format and format --check never write their input files', () => {
    const runs: string[][] = [
      ['check', '.'],
      ['check', '.', '--format', 'json'],
      ['check', '.', '--format', 'sarif', '--chains'],
      ['explain', 'ok.segoc'],
      ['render', 'ok.segoc', '--format', 'html'],
      ['format', 'unformatted.segoc'],
      ['format', '--check', '.'],
      ['format', '--check', 'unformatted.segoc', 'ok.segoc'],
    ];
    for (const [i, args] of runs.entries()) {
      const r = i < 2 ? cli(args, dir) : inproc(args, dir); // two real processes, the rest in this one
      assert.ok(!r.timedOut, `${args.join(' ')}: timed out`);
      assertNoStack(r, args.join(' '));
    }
    const now = snapshot([...inputs.keys()].filter((f) => fs.existsSync(f)));
    for (const [f, s] of inputs) {
      if (!now.has(f)) continue;
      const n = now.get(f)!;
      assert.equal(n.mtimeMs, s.mtimeMs, `${path.relative(dir, f)}: modified time changed`);
      assert.equal(n.size, s.size, `${path.relative(dir, f)}: size changed`);
      if (s.hash) assert.equal(n.hash, s.hash, `${path.relative(dir, f)}: content changed`);
    }
  });

  test('[infer-stdin-pipe] `segoc infer -` reads a piped text; a long run of spaces and a hostile name are handled (F10, F15)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-infer-'));
    const r = cli(['infer', '-', '--name', 'Two\nscenario "injected"'], dir, 60000, `If${' '.repeat(100000)}: draw 1`);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^card "Two scenario \\"injected\\"": effect monster\n/);
    assert.doesNotMatch(r.out, /^scenario/m, 'the name cannot start a statement of its own');
  });
});
