// Memory that holds (F5, F8 of the turn-3 fuzz review): the memory of an analysis grows with the
// scenario lines of a file, so past core's MAX_SCENARIO_CHARS a file or page is not analysed (one
// `too-large` error, in the CLI and the editor alike) instead of a heap OOM; and the server answers
// no faster than its client reads (lsp/pacing.ts) instead of holding every answer of a flood.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { analyze, analyzePage, MAX_SCENARIO_CHARS, scenarioChars, tooLargeToCheck } from '../../server/src/core/internal';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES, ROOT } from '../lsp/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The F5 reproducer's scenario: five lines, three diagnostics and a chain each. */
const DENSE = 'scenario "x"\n  players Yugi, Kaiba\n  chain\n    1 Yugi "Pot of Greed"\n    2 Kaiba "Pot of Greed"\n\n';
const dense = (chars: number) => DENSE.repeat(Math.ceil(chars / DENSE.length));
const CLI = path.join(ROOT, 'dist', 'cli.js');

describe('the scenario limit (core)', () => {
  test('comments and blank lines do not count; past the limit one too-large error, and nothing analysed', () => {
    assert.equal(scenarioChars('# a comment\n\n  \nscenario "x"\n   # indented comment\n  players Yugi, Kaiba\n'), 'scenario "x"'.length + '  players Yugi, Kaiba'.length);
    const comments = `${DENSE}${'# filler\n'.repeat(MAX_SCENARIO_CHARS / 4)}`;
    assert.ok(!tooLargeToCheck(comments), 'a file of comments is checked');
    assert.equal(analyze(comments).scenarios.length, 1);
    const big = dense(MAX_SCENARIO_CHARS * 1.1);
    assert.ok(tooLargeToCheck(big));
    const a = analyze(big);
    assert.deepEqual(a.diagnostics.map((d) => [d.code, d.severity, d.range.start.line]), [['too-large', 'error', 0]]);
    assert.equal(a.scenarios.length, 0);
  });

  test('a page: its blocks together count, and the prose does not', () => {
    const half = dense(MAX_SCENARIO_CHARS * 0.55);
    const page = `# Page\n\n\`\`\`segoc\n${half}\`\`\`\n\nprose\n\n\`\`\`segoc\n${half}\`\`\`\n`;
    assert.ok(tooLargeToCheck(page, 'markdown'));
    const p = analyzePage(page, 'markdown');
    assert.deepEqual(p.diagnostics.map((d) => [d.code, d.range.start.line]), [['too-large', 2]]);
    assert.equal(p.scenarios.length, 0);
    const prose = `${'Prose that is long. '.repeat(MAX_SCENARIO_CHARS / 10)}\n\n\`\`\`segoc\n${DENSE}\`\`\`\n`;
    assert.ok(!tooLargeToCheck(prose, 'markdown'));
    assert.equal(analyzePage(prose, 'markdown').scenarios.length, 1);
  });
});

describe('the scenario limit (CLI, a real process)', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-limits-'));
    // 50 MB of scenarios: a heap OOM (exit 134, 4.4 GB) before the limit.
    fs.writeFileSync(path.join(dir, 'big.segoc'), dense(50 * 1048576));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('check of 50 MB of scenarios: one too-large error and exit 1, at once, in every report format', () => {
    for (const format of ['text', 'json', 'sarif']) {
      const r = spawnSync(process.execPath, [CLI, 'check', 'big.segoc', '--format', format], { cwd: dir, encoding: 'utf8', timeout: 60000, maxBuffer: 64 * 1024 * 1024 });
      assert.equal(r.signal, null, `${format}: killed (${r.signal})`);
      assert.equal(r.status, 1, `${format}: exit ${r.status}; ${r.stderr.slice(0, 500)}`);
      assert.equal(r.stderr, '', format);
      assert.match(r.stdout, /too-large/, format);
      assert.ok(r.stdout.length < 100000, `${format}: ${r.stdout.length} characters of report`);
    }
    const text = spawnSync(process.execPath, [CLI, 'check', 'big.segoc'], { cwd: dir, encoding: 'utf8', timeout: 60000 });
    assert.match(text.stdout, /^big\.segoc:1:1: error too-large: this file has more than 1,000,000 characters of scenario lines/m);
  });

  test('format of it: refused in one line before anything is written', () => {
    const before = fs.statSync(path.join(dir, 'big.segoc')).mtimeMs;
    for (const args of [['format', 'big.segoc'], ['format', '--write', 'big.segoc']]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 60000, maxBuffer: 64 * 1024 * 1024 });
      assert.equal(r.status, 2, `${args.join(' ')}: exit ${r.status}`);
      assert.match(r.stderr, /^segoc: big\.segoc: too large to format \(more than 1,000,000 characters of scenario lines/);
      assert.equal(r.stderr.trim().split('\n').length, 1);
    }
    assert.equal(fs.statSync(path.join(dir, 'big.segoc')).mtimeMs, before);
  });
});

/** The server's resident memory in MB (Linux), or undefined. */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time the process has used, in clock ticks (Linux), or undefined. */
function cpuTicks(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

describe('the language server under a large document and a request flood', () => {
  let client: LspClient;
  before(async () => {
    ensureBuilt();
    client = new LspClient({ timeoutMs: 120000 });
    await client.initialize(PULL_CAPABILITIES);
  });
  after(async () => {
    await client.stop();
    client.kill();
  });

  test('a document past the limit: one too-large diagnostic, no formatting, and the server keeps serving', async () => {
    const uri = 'file:///tmp/segoc-limits/huge.segoc';
    client.open(uri, dense(3 * 1048576));
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(report.items.map((d: Any) => d.code), ['too-large']);
    assert.deepEqual(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);
    assert.deepEqual(await client.request('textDocument/documentSymbol', { textDocument: { uri } }), []);
    const small = 'file:///tmp/segoc-limits/small.segoc';
    client.open(small, DENSE);
    const items = (await client.request('textDocument/diagnostic', { textDocument: { uri: small } })).items;
    assert.ok(items.some((d: Any) => d.code === 'spell-speed-1-chained'), 'a small file is still checked');
  });

  test('a client that does not read: the server does not work ahead of it (back-pressure), then answers everything', async (t) => {
    const pid = client.proc.pid;
    if (rssMb(pid) === undefined || cpuTicks(pid) === undefined) return t.skip('no /proc/<pid>/status here');
    const uri = fileUri(path.join(os.tmpdir(), 'segoc-limits-flood.segoc'));
    client.open(uri, dense(100000));
    await client.request('textDocument/diagnostic', { textDocument: { uri } });
    // What one more pull of it costs the server (the analysis is cached: the answer is built anew): the median of
    // three, since one pull's CPU ticks swing with a collection or a busy host.
    const pulls: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ticks0 = cpuTicks(pid)!;
      await client.request('textDocument/diagnostic', { textDocument: { uri } });
      pulls.push(cpuTicks(pid)! - ticks0);
    }
    const onePull = Math.max(1, pulls.sort((a, b) => a - b)[1]);
    const before = rssMb(pid)!;
    // Stop reading: the pipe fills, the server's writes wait.
    client.proc.stdout!.pause();
    // 100 pulls of 1.7 MB each (1,100 scenarios, 3 diagnostics each), held at once when unpaced.
    const answers: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) answers.push(client.request('textDocument/diagnostic', { textDocument: { uri } }));
    // Wait until the server has done all it does while its client reads nothing (it stops using the CPU).
    let peak = before;
    const pausedAt = cpuTicks(pid)!;
    let last = pausedAt;
    for (let idle = 0, i = 0; idle < 3 && i < 240; i++) {
      await new Promise((r) => setTimeout(r, 500));
      peak = Math.max(peak, rssMb(pid) ?? 0);
      const now = cpuTicks(pid)!;
      idle = now - last <= 2 ? idle + 1 : 0;
      last = now;
    }
    const worked = (last - pausedAt) / onePull;
    client.proc.stdout!.resume();
    const results = await Promise.all(answers);
    assert.equal(results.length, 100);
    t.diagnostic(`server RSS ${before.toFixed(0)} MB before the flood, at most ${peak.toFixed(0)} MB while the client read nothing; CPU of ${worked.toFixed(1)} pulls meanwhile`);
    // A few answers are worked out ahead (lsp/pacing.ts IN_FLIGHT), not the 100 (the bound of 5 leaves room for a busy
    // host; the unpaced server is far above it): unpaced, building the 100
    // answers' objects cost about 8 pulls of CPU (a pull is mostly its JSON text, written one at a time)
    // and 115 MB; paced, under one pull and a few MB.
    assert.ok(worked < 5, `the server worked on the answers for about ${worked.toFixed(1)} pulls while its client read nothing`);
    assert.ok(peak - before < 60, `the server grew by ${(peak - before).toFixed(0)} MB while its client read nothing`);
  });
});
