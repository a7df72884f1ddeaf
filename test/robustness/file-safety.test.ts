// Every file segoc reads goes through one bounded reader (server/src/host/text-file.ts): a symlink to
// a /proc file ("regular", size 0, endless), to a device or to a FIFO is refused at once and read
// never, through every entry point of the CLI and the language server; a symbolic link may not lead
// out of the project folder (the same rule for `use`, segoc.json's `cards` and named files, in the
// CLI and the editor); `cards` outside the project folder is an error, not a silent walk.
// The CLI runs as a real process with a timeout, so a hang or an endless read fails the test
// instead of stopping it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES, ROOT } from '../lsp/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const CLI = path.join(ROOT, 'dist', 'cli.js');
const HAS_PROC = process.platform === 'linux' && fs.existsSync('/proc/self/pagemap');
const SCENARIO = ['scenario "s"', '  players Yugi, Kaiba', '  turn Yugi', '  Yugi field: set "Linked Card"', ''].join('\n');
const CARD = 'card "Linked Card": normal trap\n';

interface Run {
  code: number | null;
  out: string;
  err: string;
  timedOut: boolean;
}

/** `segoc ARGS` in `cwd`, killed after 20 s (an endless read or a hang shows as timedOut). */
function cli(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 20000, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '', timedOut: r.error !== undefined || r.signal !== null };
}

/** Exit 2 and one `segoc: …` line matching `pattern`: no hang, no stack trace. */
function assertRefused(r: Run, pattern: RegExp, what: string): void {
  assert.ok(!r.timedOut, `${what}: no answer within 20 s (an endless or blocking read)`);
  const lines = r.err.split('\n').filter(Boolean);
  assert.equal(r.code, 2, `${what}: exit ${r.code}; stderr: ${r.err}`);
  assert.equal(lines.length, 1, `${what}: one line on stderr, got:\n${r.err}`);
  assert.match(lines[0], pattern, what);
  assert.doesNotMatch(r.err, /^ {4}at /m, `${what}: a stack trace`);
}

/** The messages of one code in a check's JSON report. */
function messages(r: Run, code: string): string[] {
  assert.ok(!r.timedOut, 'no answer within 20 s');
  return JSON.parse(r.out).files.flatMap((f: Any) => f.diagnostics.filter((d: Any) => d.code === code).map((d: Any) => d.message));
}

function mkfifo(p: string): boolean {
  return spawnSync('mkfifo', [p]).status === 0;
}

describe('file safety: one bounded reader for every file (CLI)', () => {
  let dir: string;
  let project: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-fsafe-'));
    project = path.join(dir, 'project');
    fs.mkdirSync(path.join(project, 'real'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.writeFileSync(path.join(project, 'real', 'defs.segoc'), CARD);
    fs.writeFileSync(path.join(dir, 'outside', 'defs.segoc'), CARD);
    fs.symlinkSync(path.join('real', 'defs.segoc'), path.join(project, 'link.segoc'));
    fs.symlinkSync(path.join('..', 'outside', 'defs.segoc'), path.join(project, 'out.segoc'));
    fs.symlinkSync('/dev/zero', path.join(project, 'zero.segoc'));
    if (HAS_PROC) fs.symlinkSync('/proc/self/pagemap', path.join(project, 'evil.segoc'));
    fs.writeFileSync(path.join(project, 's.segoc'), SCENARIO);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const withProjectFile = (json: string | undefined, run: () => void) => {
    const file = path.join(project, 'segoc.json');
    fs.rmSync(file, { force: true });
    if (json !== undefined) fs.writeFileSync(file, json);
    try {
      run();
    } finally {
      fs.rmSync(file, { force: true });
    }
  };

  test('/proc/self/pagemap behind a .segoc symlink: refused at once as `use`, named file, segoc.json and card file', (t) => {
    if (!HAS_PROC) return t.skip('no /proc/self/pagemap here');
    fs.writeFileSync(path.join(project, 'use-evil.segoc'), `use "evil.segoc"\n${SCENARIO}`);
    assert.deepEqual(messages(cli(['check', 'use-evil.segoc', '--format', 'json'], project), 'use-not-found'), [
      'cannot read "evil.segoc": a system file (under /proc, /sys, /dev), not a scenario',
    ]);
    assertRefused(cli(['check', 'evil.segoc'], project), /^segoc: evil\.segoc: a system file/, 'check evil.segoc');
    assertRefused(cli(['format', '--check', 'evil.segoc'], project), /^segoc: evil\.segoc: a system file/, 'format --check evil.segoc');
    withProjectFile('{"cards": ["evil.segoc"]}', () => {
      assertRefused(cli(['check', 's.segoc'], project), /"cards" names evil\.segoc, a symbolic link that leads out of the project folder/, 'cards: evil.segoc');
    });
    fs.symlinkSync('/proc/self/pagemap', path.join(project, 'segoc.json'));
    try {
      assertRefused(cli(['check', 's.segoc'], project), /^segoc: segoc\.json: a system file/, 'segoc.json -> pagemap');
    } finally {
      fs.rmSync(path.join(project, 'segoc.json'), { force: true });
    }
  });

  test('a FIFO: `format FILE` answers at once (it used to wait for a writer), and so do `use` and segoc.json', (t) => {
    const fifo = path.join(project, 'pipe.segoc');
    if (!mkfifo(fifo)) return t.skip('mkfifo is not available');
    try {
      assertRefused(cli(['format', 'pipe.segoc'], project), /^segoc: pipe\.segoc: not a regular file/, 'format pipe.segoc');
      fs.writeFileSync(path.join(project, 'use-pipe.segoc'), `use "pipe.segoc"\n${SCENARIO}`);
      assert.deepEqual(messages(cli(['check', 'use-pipe.segoc', '--format', 'json'], project), 'use-not-found'), [
        'cannot read "pipe.segoc": not a regular file (a folder, a pipe or a device)',
      ]);
      assert.ok(mkfifo(path.join(project, 'segoc.json')));
      assertRefused(cli(['check', 's.segoc'], project), /^segoc: segoc\.json: not a regular file/, 'segoc.json as a FIFO');
    } finally {
      fs.rmSync(fifo, { force: true });
      fs.rmSync(path.join(project, 'segoc.json'), { force: true });
    }
  });

  test('a folder named segoc.json is an error, not passed over for a parent folder\'s project file', () => {
    const sub = path.join(dir, 'nested');
    fs.mkdirSync(path.join(sub, 'inner', 'segoc.json'), { recursive: true });
    fs.writeFileSync(path.join(sub, 'segoc.json'), '{"rules": "ocg"}');
    fs.writeFileSync(path.join(sub, 'inner', 's.segoc'), SCENARIO);
    assertRefused(cli(['check', 's.segoc'], path.join(sub, 'inner')), /^segoc: segoc\.json: not a regular file/, 'a folder named segoc.json');
  });

  test('/dev/zero behind a .segoc symlink: refused as a named file and as `use`', () => {
    assertRefused(cli(['check', 'zero.segoc'], project), /^segoc: zero\.segoc: a system file/, 'check zero.segoc');
    fs.writeFileSync(path.join(project, 'use-zero.segoc'), `use "zero.segoc"\n${SCENARIO}`);
    assert.deepEqual(messages(cli(['check', 'use-zero.segoc', '--format', 'json'], project), 'use-not-found'), [
      'cannot read "zero.segoc": a system file (under /proc, /sys, /dev), not a scenario',
    ]);
  });

  test('symbolic links: followed inside the project folder, refused when they lead out of it; a path written to lead out is read', () => {
    fs.writeFileSync(path.join(project, 'uses.segoc'), `use "link.segoc"\nuse "out.segoc"\nuse "../outside/defs.segoc"\n${SCENARIO}`);
    const r = cli(['check', 'uses.segoc', '--format', 'json'], project);
    assert.deepEqual(messages(r, 'use-not-found'), ['cannot read "out.segoc": a symbolic link to a file outside the project folder (segoc follows links only inside it)']);
    assert.deepEqual(messages(r, 'unknown-card'), []);
    assertRefused(cli(['check', 'out.segoc'], project), /^segoc: out\.segoc: a symbolic link to a file outside the project folder/, 'a named link out of the folder');
    const inside = cli(['check', 'link.segoc'], project);
    assert.equal(inside.code, 0, inside.err);
  });

  test('F6: a card file named in segoc.json that is a symlink inside the folder is used; one that leads out is an error', () => {
    withProjectFile('{"cards": ["link.segoc"]}', () => {
      const r = cli(['check', 's.segoc'], project);
      assert.equal(r.code, 0, r.out + r.err);
    });
    withProjectFile('{"cards": ["out.segoc"]}', () => {
      assertRefused(cli(['check', 's.segoc'], project), /^segoc: segoc\.json: "cards" names out\.segoc, a symbolic link that leads out of the project folder/, 'cards: out.segoc');
    });
  });

  test('F12: `cards` outside the project folder is an error, and is not walked', () => {
    withProjectFile('{"cards": ["../outside"]}', () => {
      assertRefused(cli(['check', 's.segoc'], project), /^segoc: segoc\.json: "cards" names \.\.\/outside, outside the project folder/, 'cards: ../outside');
    });
    withProjectFile('{"cards": ["/"]}', () => {
      assertRefused(cli(['check', 's.segoc'], project), /"cards" names \/, outside the project folder/, 'cards: /');
    });
  });
});

describe('file safety: the language server reads files as the CLI does', () => {
  let dir: string;
  let client: LspClient;
  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-fsafe-lsp-'));
    fs.mkdirSync(path.join(dir, 'real'));
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'real', 'defs.segoc'), CARD);
    fs.symlinkSync(path.join('real', 'defs.segoc'), path.join(dir, 'link.segoc'));
    fs.writeFileSync(path.join(dir, 'segoc.json'), '{"cards": ["link.segoc"]}');
    fs.mkdirSync(`${dir}-outside`);
    fs.writeFileSync(path.join(`${dir}-outside`, 'defs.segoc'), CARD);
    fs.symlinkSync(path.join(`${dir}-outside`, 'defs.segoc'), path.join(dir, 'out.segoc'));
    if (HAS_PROC) {
      fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'evil.segoc'));
      // A folder whose project file leads to /proc: the server starts, says why, and serves.
      fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'sub', 'segoc.json'));
    }
    client = new LspClient({ timeoutMs: 20000 });
    await client.initialize(PULL_CAPABILITIES, dir);
  });
  after(async () => {
    await client.stop();
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}-outside`, { recursive: true, force: true });
  });

  const pull = async (uri: string) => (await client.request('textDocument/diagnostic', { textDocument: { uri } })).items as Any[];

  test('F6: a symlinked card file named in segoc.json is used by the editor as by the CLI', async () => {
    const uri = fileUri(path.join(dir, 's.segoc'));
    client.open(uri, SCENARIO);
    // The workspace scan runs after `initialized`: the diagnostics settle once it is done.
    let items: Any[] = [];
    for (let i = 0; i < 50; i++) {
      items = await pull(uri);
      if (!items.some((d) => d.code === 'unknown-card')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(items.map((d) => `${d.code}: ${d.message}`), []);
  });

  test('symbolic links in `use`: followed inside the workspace folder, refused when they lead out of it, as in the CLI', async () => {
    const uri = fileUri(path.join(dir, 'links.segoc'));
    client.open(uri, `use "link.segoc"\nuse "out.segoc"\n${SCENARIO}`);
    const items = await pull(uri);
    assert.deepEqual(items.map((d) => `${d.code}: ${d.message}`), ['use-not-found: cannot read "out.segoc": a symbolic link to a file outside the project folder (segoc follows links only inside it)']);
    assert.equal(await client.request('segoc/preview', { uri: fileUri(path.join(dir, 'out.segoc')) }), null);
  });

  test('/proc/self/pagemap: as `use`, as a preview, as a watched file and as a folder\'s segoc.json: refused at once', async (t) => {
    if (!HAS_PROC) return t.skip('no /proc/self/pagemap here');
    const uri = fileUri(path.join(dir, 'main.segoc'));
    client.open(uri, `use "evil.segoc"\n${SCENARIO}`);
    const items = await pull(uri);
    assert.deepEqual(items.filter((d) => d.code === 'use-not-found').map((d) => d.message), ['cannot read "evil.segoc": a system file (under /proc, /sys, /dev), not a scenario']);
    assert.equal(await client.request('segoc/preview', { uri: fileUri(path.join(dir, 'evil.segoc')) }), null);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(dir, 'evil.segoc')), type: 1 }] });
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 22 } });
    assert.ok(hover, 'the server still answers after the watched-file event');
    // A server started on a folder whose segoc.json leads to /proc: it says why, and serves.
    const second = new LspClient({ timeoutMs: 20000 });
    try {
      await second.initialize(PULL_CAPABILITIES, path.join(dir, 'sub'));
      const log = await second.waitForNotification('window/logMessage', (p: Any) => /segoc\.json: /.test(p.message));
      assert.match(log.message, /segoc\.json: a system file \(under \/proc, \/sys, \/dev\), not a scenario/);
      const sub = fileUri(path.join(dir, 'sub', 's.segoc'));
      second.open(sub, SCENARIO);
      assert.ok(Array.isArray((await second.request('textDocument/diagnostic', { textDocument: { uri: sub } })).items));
    } finally {
      await second.stop();
      second.kill();
    }
  });
});
