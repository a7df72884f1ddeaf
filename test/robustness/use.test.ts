// `use` only reads .segoc files, reports a missing or cyclic import on the `use` line, imports only card
// definitions and never executes anything: through core's analyze with a readUse stub that records
// every read, and through the CLI with real files (a FIFO as `evil.js`: reading it would block).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { analyze, UseFile } from '../../server/src/core/internal';
import { ensureBuilt, ROOT } from '../lsp/client';

const CLI = path.join(ROOT, 'dist', 'cli.js');
const BODY = 'scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Imported Monster"\n';
const CARDS = 'card "Imported Monster": effect monster (beast, earth, level 4)\n  trigger optional when summoned\n';

/** A readUse over an in-memory file system that records what core asks for. */
function stub(files: Record<string, string>) {
  const reads: string[] = [];
  const readUse = (fromUri: string, p: string): UseFile | { error: string } => {
    const base = fromUri.slice(0, fromUri.lastIndexOf('/') + 1);
    const uri = new URL(p, base).href;
    reads.push(uri);
    return uri in files ? { uri, text: files[uri] } : { error: 'no such file' };
  };
  return { reads, readUse };
}

const MAIN = 'file:///w/main.segoc';

describe('use (core, with a readUse stub)', () => {
  test('a path that is not .segoc is refused with use-not-segoc and never read', () => {
    for (const p of ['evil.js', 'cards.txt', '../../etc/passwd', 'cards.segoc.js', 'cards.segoc ', 'cards', '.segoc/x.js', 'http://example.com/x.js']) {
      const { reads, readUse } = stub({ 'file:///w/evil.js': 'globalThis.__pwned = true' });
      const a = analyze(`use "${p}"\n${BODY}`, { uri: MAIN, readUse });
      const d = a.diagnostics.filter((x) => x.code === 'use-not-segoc');
      assert.equal(d.length, 1, `use "${p}": ${JSON.stringify(a.diagnostics.map((x) => x.code))}`);
      assert.equal(d[0].severity, 'error');
      assert.equal(d[0].range.start.line, 0, 'on the use line');
      assert.deepEqual(reads, [], `use "${p}" read ${reads.join(', ')}`);
      assert.equal((globalThis as { __pwned?: boolean }).__pwned, undefined);
    }
  });

  test('a missing file is reported on the use line, naming the path', () => {
    const { readUse } = stub({});
    const a = analyze(`use "cards/missing.segoc"\n${BODY}`, { uri: MAIN, readUse });
    const d = a.diagnostics.find((x) => x.code === 'use-not-found');
    assert.ok(d, JSON.stringify(a.diagnostics.map((x) => x.code)));
    assert.equal(d!.range.start.line, 0);
    assert.match(d!.message, /cards\/missing\.segoc/);
    assert.match(d!.message, /no such file/);
    // Without a reader (a context with no file access) it is reported too, never thrown.
    const none = analyze(`use "cards.segoc"\n${BODY}`, { uri: MAIN });
    assert.ok(none.diagnostics.some((x) => x.code === 'use-not-found'));
  });

  test('a cycle is reported on the use line and the analysis ends', () => {
    const self = stub({ [MAIN]: `use "main.segoc"\n${BODY}` });
    const a = analyze(`use "main.segoc"\n${BODY}`, { uri: MAIN, readUse: self.readUse });
    assert.ok(a.diagnostics.some((x) => x.code === 'use-cycle' && x.range.start.line === 0), 'a file importing itself');

    const files = {
      'file:///w/a.segoc': `use "b.segoc"\n${CARDS}`,
      'file:///w/b.segoc': 'use "c.segoc"\n',
      'file:///w/c.segoc': 'use "a.segoc"\nuse "main.segoc"\n',
    };
    const { reads, readUse } = stub(files);
    const b = analyze(`use "a.segoc"\n${BODY}`, { uri: MAIN, readUse });
    const cycles = b.diagnostics.filter((x) => x.code === 'use-cycle');
    assert.ok(cycles.length >= 1, 'an indirect cycle');
    assert.ok(cycles.every((x) => x.range.start.line === 0), 'reported on the top-level use line');
    assert.ok(reads.length <= 10, `bounded reads: ${reads.length}`);
    assert.ok(!b.diagnostics.some((x) => x.code === 'unknown-card'), 'the cards of the cycle are still imported');
  });

  test('a long chain of imports ends (depth bound), and imported scenarios are not run', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 100; i++) files[`file:///w/f${i}.segoc`] = `use "f${i + 1}.segoc"\nscenario "imported ${i}"\n  players A, B\n  chain\n    1 A "Nope"\n`;
    const { reads, readUse } = stub(files);
    const a = analyze(`use "f0.segoc"\n${BODY}`, { uri: MAIN, readUse });
    assert.ok(reads.length <= 20, `reads bounded: ${reads.length}`);
    assert.equal(a.scenarios.length, 1, 'only this file’s scenario runs');
    assert.ok(!a.diagnostics.some((x) => /Nope/.test(x.message)), 'imported scenarios are not checked');
  });

  test('an imported file’s own non-.segoc use is refused too, and its text is only parsed', () => {
    const { reads, readUse } = stub({ 'file:///w/cards.segoc': `use "evil.js"\n${CARDS}`, 'file:///w/evil.js': 'globalThis.__pwned = true' });
    const a = analyze(`use "cards.segoc"\n${BODY}`, { uri: MAIN, readUse });
    assert.deepEqual(reads, ['file:///w/cards.segoc']);
    assert.ok(!a.diagnostics.some((x) => x.code === 'unknown-card'), 'the imported card is known');
    assert.equal((globalThis as { __pwned?: boolean }).__pwned, undefined);
  });
});

describe('use (CLI, real files)', () => {
  let dir: string;
  const marker = () => path.join(dir, 'PWNED');
  const cli = (args: string[], timeoutMs = 10000) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: timeoutMs });
    return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '', timedOut: r.error !== undefined || r.signal !== null };
  };

  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-robust-use-'));
    // evil.js would leave a marker if anything ran it.
    fs.writeFileSync(path.join(dir, 'evil.js'), `require('fs').writeFileSync(${JSON.stringify(marker())}, 'pwned');\n`);
    fs.writeFileSync(path.join(dir, 'cards.segoc'), CARDS);
    fs.writeFileSync(path.join(dir, 'loop-a.segoc'), 'use "loop-b.segoc"\n');
    fs.writeFileSync(path.join(dir, 'loop-b.segoc'), 'use "loop-a.segoc"\nuse "main.segoc"\n');
    fs.mkdirSync(path.join(dir, 'folder.segoc'));
    fs.writeFileSync(path.join(dir, 'binary.segoc'), new Uint8Array([0, 1, 2, 3, 0xff]));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('use "evil.js" is refused with use-not-segoc; the file is neither read nor run', (t) => {
    // A FIFO named trap.js: opening it for reading would block the CLI until the timeout.
    const fifo = spawnSync('mkfifo', [path.join(dir, 'trap.js')]).status === 0;
    if (!fifo) t.diagnostic('mkfifo is not available: the not-read check relies on the marker only');
    fs.writeFileSync(
      path.join(dir, 'main.segoc'),
      `use "evil.js"\n${fifo ? 'use "trap.js"\n' : ''}use "cards.segoc"\nuse "missing.segoc"\nuse "loop-a.segoc"\nuse "folder.segoc"\nuse "binary.segoc"\n${BODY}`,
    );
    const r = cli(['check', 'main.segoc']);
    assert.ok(!r.timedOut, 'the CLI blocked: it opened trap.js (a FIFO) for reading');
    assert.equal(r.code, 1, `exit 1 (errors in the file); stderr: ${r.err}`);
    assert.equal(r.err, '');
    const line = (code: string, n: number) => new RegExp(`^main\\.segoc:${n}:\\d+: error ${code}: `, 'm');
    let n = 1;
    assert.match(r.out, line('use-not-segoc', n++), 'evil.js refused');
    if (fifo) assert.match(r.out, line('use-not-segoc', n++), 'trap.js refused');
    n++; // cards.segoc: fine
    assert.match(r.out, line('use-not-found', n++), 'missing.segoc');
    assert.match(r.out, line('use-cycle', n++), 'loop-a -> loop-b -> main');
    assert.match(r.out, line('use-not-found', n++), 'a folder named .segoc');
    assert.match(r.out, line('use-not-found', n++), 'a binary .segoc');
    assert.doesNotMatch(r.out, /unknown-card/, 'cards.segoc imported');
    assert.equal(fs.existsSync(marker()), false, 'evil.js ran');
  });

  test('use of a .segoc symlink to a device (/dev/zero) ends with use-not-found, not a hang', (t) => {
    try {
      fs.symlinkSync('/dev/zero', path.join(dir, 'zero.segoc'));
    } catch {
      t.skip('cannot make a symlink to /dev/zero here');
      return;
    }
    fs.writeFileSync(path.join(dir, 'zero-main.segoc'), `use "zero.segoc"\n${BODY}`);
    const r = cli(['check', 'zero-main.segoc'], 4000);
    assert.ok(!r.timedOut, 'segoc check blocked reading /dev/zero through `use "zero.segoc"`: server/src/cli/main.ts useReader -> files.ts readText reads any path (no isFile check)');
    assert.match(r.out, /^zero-main\.segoc:1:\d+: error use-not-found: /m);
  });
});
