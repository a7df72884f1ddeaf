// Tests of the `segoc` command: exit codes (0 no error, 1 a scenario error or an unmet expect,
// 2 usage or I/O problems), the one-line `segoc: …` message on stderr, the text and JSON report
// formats, default arguments, `explain`, and that input files are never written. Most tests call
// runCli in-process; a few spawn the bundled dist/cli.js as a real process.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { lastParallelCheck, parallelTuning, runCli, runCliAsync } from '../server/src/cli/main';
import { PARALLEL_MIN_FILES, threadsFor } from '../server/src/cli/parallel';

const ROOT = path.resolve(__dirname, '../..');
const FIX = path.join(ROOT, 'test/fixtures/cli');
const CLI = path.join(ROOT, 'dist/cli.js');

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(argv: string[], cwd = FIX): Run {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A usage or I/O error: exit 2, exactly one `segoc: …` line on stderr, no stack trace. */
function assertUsageError(r: Run, pattern: RegExp): void {
  assert.equal(r.code, 2, `exit code; stderr: ${r.err}; stdout: ${r.out}`);
  const lines = r.err.split('\n').filter((l) => l.length > 0);
  assert.equal(lines.length, 1, `expected one stderr line, got:\n${r.err}`);
  assert.match(lines[0], /^segoc: \S/);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(r.err, /^\s+at /m, 'a stack trace on stderr');
  assert.doesNotMatch(r.err, /internal error/);
  assert.doesNotMatch(r.out, /^\s+at /m, 'a stack trace on stdout');
}

const DIAG_LINE = /^(.+):(\d+):(\d+): (error|warning|information|hint) ([a-z0-9-]+): (.+)$/;

function diagLines(out: string): RegExpMatchArray[] {
  return out
    .split('\n')
    .map((l) => l.match(DIAG_LINE))
    .filter((m): m is RegExpMatchArray => m !== null);
}

// Temporary files for the inputs that must not live in the repository (binary, invalid UTF-8).
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-cli-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

function tmpFile(name: string, content: Uint8Array | string): string {
  const p = path.join(TMP, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}

// ---------------------------------------------------------------------------------------------
// exit codes
// ---------------------------------------------------------------------------------------------

test('cli: exit 0 on a legal file, with the summary line and nothing on stderr', () => {
  const r = run(['check', 'legal.segoc']);
  assert.equal(r.code, 0, r.out);
  assert.equal(r.err, '');
  assert.deepEqual(diagLines(r.out), []);
  assert.match(r.out, /^1 file, 1 scenario: 0 errors, 0 warnings; 1\/1 expectations met$/m);
});

test('cli: exit 0 when `expect illegal` states the mistake (the matching diagnostic is not printed as an error)', () => {
  const r = run(['check', 'met-illegal.segoc']);
  assert.equal(r.code, 0, r.out);
  assert.ok(!diagLines(r.out).some((m) => m[4] === 'error'), r.out);
  assert.match(r.out, /0 errors.*1\/1 expectations met/);
});

test('cli: exit 1 on a file with a rule error, printed as file:line:col: severity code: message', () => {
  const r = run(['check', 'rule-error.segoc']);
  assert.equal(r.code, 1, r.out);
  assert.equal(r.err, '');
  const ds = diagLines(r.out);
  assert.equal(ds.length, 1, r.out);
  const [, file, line, col, severity, code, message] = ds[0];
  assert.equal(file, 'rule-error.segoc');
  assert.equal(line, '11');
  assert.equal(col, '5');
  assert.equal(severity, 'error');
  assert.equal(code, 'segoc-order');
  assert.match(message, /Peten the Dark Clown/);
  assert.match(message, /\[R11\]/);
  assert.match(r.out, /1 file, 1 scenario: 1 error, 0 warnings; 0\/0 expectations met/);
});

test('cli: exit 0 on a file with only a warning, which is printed', () => {
  const r = run(['check', 'warning-only.segoc']);
  assert.equal(r.code, 0, r.out);
  const ds = diagLines(r.out);
  assert.equal(ds.length, 1, r.out);
  assert.deepEqual(ds[0].slice(1, 6), ['warning-only.segoc', '9', '5', 'warning', 'mandatory-trigger-missing']);
  assert.match(r.out, /0 errors, 1 warning;/);
});

test('cli: exit 1 on an unmet expectation (expect-unmet on the expect line)', () => {
  const r = run(['check', 'unmet-expect.segoc']);
  assert.equal(r.code, 1, r.out);
  const ds = diagLines(r.out);
  assert.equal(ds.length, 1, r.out);
  assert.deepEqual(ds[0].slice(1, 6), ['unmet-expect.segoc', '14', '3', 'error', 'expect-unmet']);
  assert.match(r.out, /0\/1 expectations met/);
});

test('cli: exit 1 on a language error (unknown card) in a checked file', () => {
  const f = tmpFile('lang/unknown.segoc', 'scenario "t"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangun"\n');
  const r = run(['check', f], TMP);
  assert.equal(r.code, 1, r.out);
  const ds = diagLines(r.out);
  assert.equal(ds.length, 1, r.out);
  assert.deepEqual(ds[0].slice(1, 6), [path.join('lang', 'unknown.segoc'), '4', '15', 'error', 'unknown-card']);
  assert.match(ds[0][6], /did you mean "Sangan"/);
});

test('cli: several files: exit 1 if any has an error; the summary counts all', () => {
  const r = run(['check', 'legal.segoc', 'rule-error.segoc', 'unmet-expect.segoc']);
  assert.equal(r.code, 1);
  assert.match(r.out, /^3 files, 3 scenarios: 2 errors, 0 warnings; 1\/2 expectations met$/m);
  assert.deepEqual(
    diagLines(r.out).map((m) => `${m[1]} ${m[5]}`),
    ['rule-error.segoc segoc-order', 'unmet-expect.segoc expect-unmet'],
  );
});

test('cli: `use` paths are read relative to the importing file; missing and non-.segoc imports are errors', () => {
  tmpFile('use/x/lib/cards.segoc', 'card "Lib Card": normal spell\n');
  const main = tmpFile(
    'use/x/main.segoc',
    'use "lib/cards.segoc"\nscenario "u"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "Lib Card"\n  expect legal\n',
  );
  // The working folder is elsewhere: the import must still be found next to main.segoc.
  const ok = run(['check', main], FIX);
  assert.equal(ok.code, 0, ok.out);
  const bad = tmpFile('use/y/main.segoc', 'use "lib/nope.segoc"\nuse "lib/cards.txt"\n');
  const r = run(['check', bad], path.join(TMP, 'use', 'y'));
  assert.equal(r.code, 1, r.out);
  assert.deepEqual(
    diagLines(r.out).map((m) => `${m[1]}:${m[2]}:${m[3]} ${m[5]}`),
    ['main.segoc:1:5 use-not-found', 'main.segoc:2:5 use-not-segoc'],
  );
});

test('cli: exit 2 on a missing path', () => {
  assertUsageError(run(['check', 'no-such-file.segoc']), /no-such-file\.segoc/);
});

test('cli: exit 2 on an unknown option', () => {
  assertUsageError(run(['check', '--frobnicate', 'legal.segoc']), /--frobnicate/);
});

test('cli: exit 2 on a bad option value (--format yaml)', () => {
  assertUsageError(run(['check', '--format', 'yaml', 'legal.segoc']), /yaml/);
});

test('cli: exit 2 on an unknown command', () => {
  assertUsageError(run(['frobnicate', 'legal.segoc']), /frobnicate/);
});

test('cli: exit 2 on a folder with no .segoc file', () => {
  assertUsageError(run(['check', 'empty-folder']), /empty-folder/);
});

test('cli: exit 2 on a glob that matches nothing', () => {
  assertUsageError(run(['check', 'empty-folder/**/*.segoc']), /empty-folder/);
});

test('cli: exit 2 on a binary file (NUL bytes)', () => {
  const f = tmpFile('binary.segoc', Uint8Array.from([0x73, 0x63, 0x65, 0x00, 0x01, 0x02, 0xff, 0x00, 0x0a]));
  assertUsageError(run(['check', f], TMP), /binary/);
});

test('cli: exit 2 on invalid UTF-8', () => {
  const f = tmpFile('latin1.segoc', Uint8Array.from([...new TextEncoder().encode('scenario "caf'), 0xe9, 0x22, 0x0a, 0xc3, 0x28, 0x0a]));
  assertUsageError(run(['check', f], TMP), /UTF-8/);
});

test('cli: valid UTF-8 with a BOM and CRLF is accepted', () => {
  const f = tmpFile(
    'bom/bom.segoc',
    '\ufeffscenario "bom"\r\n  players Yugi, Kaiba\r\n  turn Yugi\r\n  Yugi field: 《クリッター》\r\n  chain\r\n    1 Yugi "Dark Hole"\r\n  expect legal\r\n',
  );
  const r = run(['check', f], TMP);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /1\/1 expectations met/);
});

test('cli: `explain` with a missing file or two files is a usage error', () => {
  assertUsageError(run(['explain', 'no-such-file.segoc']), /no-such-file\.segoc/);
  assertUsageError(run(['explain']), /explain takes one or more files/);
});

test('cli: `explain` takes what `check` takes: a folder explains each of its files', () => {
  const r = run(['explain', 'tree']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^tree\/a\.segoc$[\s\S]*^tree\/sub\/b\.segoc$/m);
});

test('cli: --help prints the usage and exits 0; --version prints a version', () => {
  const h = run(['--help']);
  assert.equal(h.code, 0);
  assert.match(h.out, /segoc check/);
  assert.match(h.out, /segoc explain/);
  assert.equal(h.err, '');
  const v = run(['--version']);
  assert.equal(v.code, 0);
  assert.match(v.out, /^\d+\.\d+\.\d+/);
});

// ---------------------------------------------------------------------------------------------
// arguments
// ---------------------------------------------------------------------------------------------

test('cli: with no file argument `check` reads **/*.segoc under the working folder', () => {
  const r = run(['check'], path.join(FIX, 'tree'));
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^2 files, 2 scenarios: 0 errors, 0 warnings; 2\/2 expectations met$/m);
  const j = JSON.parse(run(['check', '--format', 'json'], path.join(FIX, 'tree')).out);
  assert.deepEqual(
    j.files.map((f: { file: string }) => f.file),
    ['a.segoc', path.join('sub', 'b.segoc')],
  );
});

test('cli: a folder argument checks every .segoc file under it (and nothing else)', () => {
  const j = JSON.parse(run(['check', 'tree', '--format=json']).out);
  assert.deepEqual(
    j.files.map((f: { file: string }) => f.file),
    [path.join('tree', 'a.segoc'), path.join('tree', 'sub', 'b.segoc')],
  );
});

test('cli: a glob argument checks the files it matches', () => {
  const r = run(['check', 'tree/**/*.segoc', '--format', 'json']);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.equal(j.summary.files, 2);
});

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

test('cli: --format json shape (version, summary, files, scenarios, chains, links, diagnostics)', () => {
  const r = run(['check', '--format', 'json', 'rule-error.segoc', 'legal.segoc']);
  assert.equal(r.code, 1);
  const j = JSON.parse(r.out);
  assert.equal(j.version, 1);
  assert.deepEqual(j.summary, { files: 2, scenarios: 2, errors: 1, warnings: 0, expectations: 1, expectationsMet: 1 });
  assert.deepEqual(
    j.files.map((f: { file: string }) => f.file),
    ['legal.segoc', 'rule-error.segoc'],
  );

  const legal = j.files[0].scenarios[0];
  assert.equal(legal.title, 'Dark Hole: Sangan and Peten on both sides');
  assert.equal(legal.source, 'Yugipedia, Simultaneous Effect Go On Chain, Example 1');
  assert.deepEqual(legal.players, ['Yugi', 'Kaiba']);
  assert.equal(legal.turnPlayer, 'Yugi');
  assert.equal(legal.verdict, 'legal');
  assert.equal(legal.expectationsMet, true);
  assert.equal(legal.chains.length, 2);
  assert.deepEqual(
    legal.chains[1].links.map((l: { player: string; card: string; category: number; codes: string[]; legal: boolean }) => [
      l.player,
      l.card,
      l.category,
      l.codes,
      l.legal,
    ]),
    [
      ['Yugi', 'Sangan', 1, [], true],
      ['Kaiba', 'Sangan', 2, [], true],
      ['Yugi', 'Peten the Dark Clown', 3, [], true],
      ['Kaiba', 'Peten the Dark Clown', 4, [], true],
    ],
  );
  assert.equal(legal.chains[0].links[0].category, null);
  assert.ok(Array.isArray(legal.chains[1].resolution) && legal.chains[1].resolution.length === 4);

  const bad = j.files[1].scenarios[0];
  assert.equal(bad.verdict, 'illegal');
  assert.equal(bad.expectationsMet, null);
  const links = bad.chains[1].links;
  assert.deepEqual(
    links.map((l: { link: number; player: string; card: string; category: number; codes: string[] }) => [l.link, l.player, l.card, l.category, l.codes]),
    [
      [1, 'Yugi', 'Peten the Dark Clown', 3, ['segoc-order']],
      [2, 'Yugi', 'Sangan', 1, []],
    ],
  );
  assert.equal(bad.diagnostics.length, 1);
  const d = bad.diagnostics[0];
  assert.equal(d.code, 'segoc-order');
  assert.equal(d.severity, 'error');
  assert.equal(d.rule, 'R11');
  assert.equal(d.chain, 2);
  assert.equal(d.link, 1);
  assert.equal(d.expected, false);
  assert.deepEqual(d.range.start, { line: 10, character: 4 });
  assert.equal(typeof d.message, 'string');
  assert.deepEqual(j.files[1].diagnostics, []);
});

test('cli: --format json puts diagnostics outside scenarios in files[].diagnostics', () => {
  const f = tmpFile('json/top.segoc', 'use "missing.segoc"\ncard "X": spaceship\n');
  const r = run(['check', '--format', 'json', f], TMP);
  assert.equal(r.code, 1);
  const j = JSON.parse(r.out);
  assert.equal(j.files[0].scenarios.length, 0);
  const codes = j.files[0].diagnostics.map((d: { code: string; range: { start: { line: number } } }) => `${d.range.start.line}:${d.code}`);
  assert.deepEqual(codes, ['0:use-not-found', '1:syntax']);
});

test('cli: --format json of a met `expect illegal` marks the diagnostic as expected information', () => {
  const j = JSON.parse(run(['check', '--format', 'json', 'met-illegal.segoc']).out);
  const sc = j.files[0].scenarios[0];
  assert.equal(sc.expectationsMet, true);
  const d = sc.diagnostics.find((x: { code: string }) => x.code === 'segoc-order');
  assert.ok(d);
  assert.equal(d.severity, 'information');
  assert.equal(d.expected, true);
  assert.equal(d.chain, 2);
  assert.equal(d.link, 1);
  assert.equal(j.summary.errors, 0);
});

// ---------------------------------------------------------------------------------------------
// explain, --chains
// ---------------------------------------------------------------------------------------------

test('cli: `segoc explain FILE` prints players, the legal order of the batch and the resolution', () => {
  const r = run(['explain', 'legal.segoc']);
  assert.equal(r.code, 0, r.out);
  const lines = r.out.split('\n');
  assert.equal(lines[0], 'legal.segoc');
  assert.ok(lines.includes('scenario 1: "Dark Hole: Sangan and Peten on both sides"'), r.out);
  assert.ok(lines.includes('  players: Yugi, Kaiba; turn player: Yugi'), r.out);
  const order = lines.indexOf('    legal order of the batch:');
  assert.ok(order > 0, r.out);
  assert.deepEqual(lines.slice(order + 1, order + 5), [
    "      CL1: Yugi's mandatory effect",
    "      CL2: Kaiba's mandatory effect",
    "      CL3: Yugi's optional effect",
    "      CL4: Kaiba's optional effect",
  ]);
  // Resolution runs backwards: the last link first.
  const res = lines.lastIndexOf('    resolution:');
  assert.ok(res > order);
  assert.match(lines[res + 1], /^ {6}CL4 Kaiba's "Peten the Dark Clown"/);
  assert.match(lines[res + 4], /^ {6}CL1 Yugi's "Sangan"/);
  // The first chain's resolution says what Dark Hole destroyed.
  assert.ok(lines.some((l) => /CL1 Yugi's "Dark Hole": destroys/.test(l)), r.out);
  assert.match(r.out, /verdict: legal \(expectations met\)/);
});

test('cli: `segoc explain` of an illegal file exits 1 and names the broken link', () => {
  const r = run(['explain', 'rule-error.segoc']);
  assert.equal(r.code, 1);
  assert.match(r.out, /CL1 Yugi "Peten the Dark Clown" .*ILLEGAL \(segoc-order\)/);
  assert.match(r.out, /verdict: illegal/);
  assert.match(r.out, /error segoc-order at CL1 in chain 2:/);
});

test('cli: --chains also prints each scenario and its chains', () => {
  const r = run(['check', '--chains', 'legal.segoc']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^legal\.segoc:2: scenario "Dark Hole: Sangan and Peten on both sides" — legal \(as expected\)$/m);
  assert.match(r.out, /^ {2}chain 2: CL1 Yugi "Sangan" \| CL2 Kaiba "Sangan" \| CL3 Yugi "Peten the Dark Clown" \| CL4 Kaiba "Peten the Dark Clown"$/m);
});

test('cli: --rules ocg sets the default ruleset of scenarios without a `rules` line', () => {
  const tcg = JSON.parse(run(['check', '--format', 'json', 'rule-error.segoc']).out);
  const ocg = JSON.parse(run(['check', '--format', 'json', '--rules', 'ocg', 'rule-error.segoc']).out);
  assert.match(tcg.files[0].scenarios[0].ruleset, /TCG/);
  assert.match(ocg.files[0].scenarios[0].ruleset, /OCG/);
});

// ---------------------------------------------------------------------------------------------
// --jobs: worker threads give the same report as one thread
// ---------------------------------------------------------------------------------------------

/**
 * A folder big enough for worker threads: .segoc files whose scenarios use cards defined in other
 * files (the workspace), typos answered with "did you mean" from the workspace, rule errors and
 * warnings, met and unmet expectations, a `use` import, the samples (pages included), a page that
 * uses a workspace card and a page without a segoc block (left out).
 */
function manyFiles(): string {
  const dir = path.join(TMP, 'many');
  if (fs.existsSync(dir)) return dir;
  const N = 120;
  const name = (k: number) => `Herald ${String(k % N).padStart(3, '0')}`;
  for (let k = 0; k < N; k++) {
    const other = name(k + 7);
    const lines = [
      `# file ${k}`,
      `card "${name(k)}": effect monster (warrior, dark, level 4, atk ${100 * (k % 30)}, def 200)`,
      `  trigger mandatory if destroyed and sent to gy`,
      '',
      `scenario "${other}, defined in another file"`,
      '  players Yugi, Kaiba',
      '  turn Yugi',
      `  Yugi field: "${other}"`,
      '  Kaiba field: "Sangan"',
      '  chain',
      '    1 Yugi "Dark Hole" -> destroy all monsters',
      '  chain',
      `    1 Yugi "${other}"`,
      ...(k % 3 === 1 ? [] : ['    2 Kaiba "Sangan"']),
      k % 5 === 2 ? '  expect illegal segoc-order at 1' : '  expect legal',
    ];
    if (k % 4 === 3) lines.push('', 'scenario "a typo"', '  players Yugi, Kaiba', '  turn Yugi', `  Yugi field: "${other.replace('Herald', 'Herld')}"`, '  chain', '    1 Yugi "Dark Hole" -> destroy all monsters');
    tmpFile(`many/set-${k % 4}/cards-${String(k).padStart(3, '0')}.segoc`, lines.join('\n') + '\n');
  }
  tmpFile('many/imports/uses.segoc', ['use "../set-0/cards-000.segoc"', '', 'scenario "imported"', '  players Yugi, Kaiba', '  turn Yugi', `  Yugi field: "${name(0)}"`, '  chain', '    1 Yugi "Dark Hole" -> destroy all monsters', '  chain', `    1 Yugi "${name(0)}"`, ''].join('\n'));
  tmpFile('many/pages/workspace.md', ['# A page', '', '```segoc', 'scenario "a workspace card on a page"', '  players Yugi, Kaiba', '  turn Yugi', `  Yugi field: "${name(5)}"`, '  chain', '    1 Yugi "Dark Hole" -> destroy all monsters', '  chain', `    1 Yugi "${name(5)}"`, '  expect legal', '```', ''].join('\n'));
  tmpFile('many/pages/README.md', '# No segoc block here\n');
  // The files that define the cards are the project's card files: their cards are known to every file.
  tmpFile('many/segoc.json', JSON.stringify({ cards: ['set-0', 'set-1', 'set-2', 'set-3'] }));
  fs.cpSync(path.join(ROOT, 'samples'), path.join(dir, 'samples'), { recursive: true });
  return dir;
}

async function runAsync(argv: string[], cwd: string): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCliAsync(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('cli: --jobs takes a number of threads; other commands do not take it', () => {
  assertUsageError(run(['check', '--jobs', '0', 'legal.segoc']), /--jobs takes a number of threads/);
  assertUsageError(run(['check', '--jobs', 'many', 'legal.segoc']), /--jobs takes a number of threads/);
  assertUsageError(run(['check', 'legal.segoc', '--jobs']), /--jobs takes a number of threads from 1 to 999, not nothing/);
  assertUsageError(run(['explain', '--jobs', '2', 'legal.segoc']), /`segoc explain` does not take --jobs/);
  const r = run(['check', '--jobs=1', 'legal.segoc']);
  assert.equal(r.code, 0, r.err);
});

test('cli: checking on worker threads (--jobs 3) prints the same bytes as --jobs 1 (text, json, sarif, --chains, --rules ocg, file arguments)', async () => {
  const dir = manyFiles();
  const serial = (args: string[]) => run(['check', '--jobs', '1', ...args], dir);
  const base = serial([]);
  assert.equal(base.code, 1, base.err);
  const files = Number(base.out.match(/^(\d+) files, /m)?.[1]);
  assert.ok(files >= 3 * 50 && files >= PARALLEL_MIN_FILES, `${files} files: too few for three threads`);
  // Cards defined in other files apply (the workspace), and the deliberate mistakes are reported.
  const has = (re: RegExp, text: string, what: string) => assert.ok(re.test(text), what);
  has(/unknown card "Herld \d+": .*did you mean "Herald/, base.out, 'a typo answered from the workspace');
  assert.ok(!/unknown card "Herald/.test(base.out), 'a card defined in another file is unknown');
  has(/warning mandatory-trigger-missing/, base.out, 'a warning');
  has(/error expect-unmet/, base.out, 'an unmet expectation');
  const chains = serial(['--chains']).out;
  has(/^imports\/uses\.segoc:3: scenario "imported" — legal$/m, chains, 'a `use` import');
  has(/^pages\/workspace\.md:4: scenario "a workspace card on a page" — legal \(as expected\)$/m, chains, 'a workspace card on a page');
  has(/^samples\/pages\/segoc-examples\.md:\d+: scenario/m, chains, 'the sample pages');
  assert.ok(!/README\.md/.test(chains), 'a page without a block is left out');
  parallelTuning.mainThreadChecks = false; // every file goes to a worker (unless one fails)
  try {
    // Part of the folder: as many threads as its files make (the samples' count moves it), two at least.
    const cases: Array<[string[], number | undefined]> = [[[], 3], [['--format', 'json'], 3], [['--format', 'sarif'], 3], [['--rules', 'ocg', '--chains'], 3], [['set-1', 'set-2', 'set-3', 'samples'], undefined]];
    for (const [args, threads] of cases) {
      const one = serial(args);
      if (args.length === 0) assert.deepEqual(await runAsync(['check', '--jobs', '1'], dir), one, 'runCliAsync with --jobs 1');
      lastParallelCheck.threads = 0;
      const many = await runAsync(['check', '--jobs', '3', ...args], dir);
      const expected = threads ?? threadsFor(Number(one.out.match(/^(\d+) files, /m)?.[1]), 3);
      assert.ok(expected >= 2, `${args.join(' ')}: too few files for worker threads`);
      assert.equal(lastParallelCheck.threads, expected, `worker threads were not used: ${args.join(' ')}`);
      const checked = Number(many.out.match(/^(\d+) files, /m)?.[1] ?? JSON.parse(many.out).summary?.files ?? JSON.parse(many.out).runs[0].artifacts.length);
      assert.equal(lastParallelCheck.filesByWorkers, checked, 'every file was checked by a worker');
      assert.equal(many.code, one.code, args.join(' '));
      assert.equal(many.err, one.err, args.join(' '));
      assert.ok(many.out === one.out, `the reports differ: ${args.join(' ')}`);
    }
  } finally {
    parallelTuning.mainThreadChecks = true;
  }
  // The main thread works too by default: the same report whoever checks what.
  const mixed = await runAsync(['check', '--jobs', '2', '--format', 'json'], dir);
  assert.ok(mixed.out === serial(['--format', 'json']).out);
});

test('cli (process): dist/cli.js on worker threads prints the same bytes and exit code as --jobs 1', () => {
  const dir = manyFiles();
  for (const args of [['--chains'], ['--format', 'sarif', '--rules', 'ocg']]) {
    const one = spawnCli(['check', '--jobs', '1', ...args], dir);
    assert.equal(one.code, 1, one.err);
    const many = spawnCli(['check', '--jobs', '2', ...args], dir);
    assert.equal(many.code, one.code);
    assert.equal(many.err, '');
    assert.ok(many.out === one.out, `the reports differ: ${args.join(' ')}`);
  }
  // The bundle is its own worker: every file checked on worker threads started from dist/cli.js.
  const script = `const cli = require(${JSON.stringify(CLI)});
cli.parallelTuning.mainThreadChecks = false;
const out = [];
cli.runCliAsync(['check', '--jobs', '2'], { cwd: process.cwd(), out: (s) => out.push(s), err: (s) => out.push('ERR ' + s), write: (s) => out.push(s) })
  .then((code) => process.stdout.write(JSON.stringify({ code, out: out.join('\\n') + '\\n', stats: cli.lastParallelCheck })));`;
  const p = spawnSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 28 });
  assert.equal(p.stderr, '');
  const r = JSON.parse(p.stdout) as { code: number; out: string; stats: { threads: number; filesByWorkers: number } };
  const one = spawnCli(['check', '--jobs', '1'], dir);
  assert.equal(r.code, one.code);
  assert.ok(r.out === one.out, 'the reports differ');
  assert.equal(r.stats.threads, 2);
  assert.equal(r.stats.filesByWorkers, Number(one.out.match(/^(\d+) files, /m)?.[1]));
});

// ---------------------------------------------------------------------------------------------
// input files are never written
// ---------------------------------------------------------------------------------------------

function snapshot(dir: string): Map<string, { mtimeMs: number; content: string }> {
  const out = new Map<string, { mtimeMs: number; content: string }>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, { mtimeMs: fs.statSync(p).mtimeMs, content: fs.readFileSync(p).toString('base64') });
    }
  };
  walk(dir);
  return out;
}

test('cli: never writes to its input files (contents, mtimes and the file list are unchanged)', () => {
  const before = snapshot(FIX);
  run(['check']);
  run(['check', '--format', 'json']);
  run(['check', '--chains', 'legal.segoc', 'rule-error.segoc', 'unmet-expect.segoc', 'met-illegal.segoc']);
  run(['explain', 'legal.segoc']);
  run(['explain', 'rule-error.segoc']);
  run(['check', 'tree']);
  const afterRun = snapshot(FIX);
  assert.deepEqual([...afterRun.keys()].sort(), [...before.keys()].sort(), 'files were created or removed');
  for (const [p, s] of before) {
    const a = afterRun.get(p)!;
    assert.equal(a.content, s.content, `${p} changed`);
    assert.equal(a.mtimeMs, s.mtimeMs, `${p} was touched`);
  }
});

// ---------------------------------------------------------------------------------------------
// the real process (dist/cli.js)
// ---------------------------------------------------------------------------------------------

function spawnCli(args: string[], cwd = FIX) {
  const p = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 28 });
  return { code: p.status, out: p.stdout, err: p.stderr };
}

test('cli (process): dist/cli.js checks the working folder by default and exits 0', () => {
  assert.ok(fs.existsSync(CLI), 'dist/cli.js is missing: run `node scripts/build.js`');
  const r = spawnCli(['check'], path.join(FIX, 'tree'));
  assert.equal(r.code, 0, r.err + r.out);
  assert.equal(r.err, '');
  assert.equal(r.out, '2 files, 2 scenarios: 0 errors, 0 warnings; 2/2 expectations met\n');
});

test('cli (process): dist/cli.js exits 1 on a rule error with the diagnostic line on stdout', () => {
  const r = spawnCli(['check', 'rule-error.segoc']);
  assert.equal(r.code, 1);
  assert.match(r.out, /^rule-error\.segoc:11:5: error segoc-order: /m);
  assert.equal(r.err, '');
});

test('cli (process): dist/cli.js exits 2 with one `segoc:` line and no stack trace (missing path, binary file)', () => {
  const missing = spawnCli(['check', 'does-not-exist.segoc']);
  assert.equal(missing.code, 2);
  assert.equal(missing.err, 'segoc: does-not-exist.segoc: no such file or folder\n');
  assert.equal(missing.out, '');
  const bin = tmpFile('proc/binary.segoc', Uint8Array.from([0, 1, 2, 3, 0xff, 0xfe, 0]));
  const b = spawnCli(['check', bin], TMP);
  assert.equal(b.code, 2);
  const lines = b.err.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, b.err);
  assert.match(lines[0], /^segoc: .*binary/);
  assert.doesNotMatch(b.err, /^\s+at /m);
});

test('cli (process): a file named relatively is named relatively in read errors, also behind a `use` line (no machine paths)', () => {
  tmpFile('rel/sub/binary.segoc', Uint8Array.from([0, 1, 2, 3, 0xff, 0xfe, 0]));
  tmpFile('rel/sub/latin1.segoc', Uint8Array.from([0x73, 0xe9, 0xff, 0x0a]));
  tmpFile('rel/sub/uses.segoc', 'use "binary.segoc"\n');
  const cwd = path.join(TMP, 'rel');
  assert.equal(spawnCli(['check', 'sub/binary.segoc'], cwd).err, 'segoc: sub/binary.segoc: binary file (contains NUL bytes), not a scenario\n');
  assert.equal(spawnCli(['check', 'sub/latin1.segoc'], cwd).err, 'segoc: sub/latin1.segoc: not valid UTF-8 text\n');
  const used = spawnCli(['check', 'sub/uses.segoc'], cwd);
  assert.match(used.out, /^sub\/uses\.segoc:1:5: error use-not-found: cannot read "binary\.segoc": binary file \(contains NUL bytes\), not a scenario$/m);
  assert.ok(!used.out.includes(TMP) && !used.err.includes(TMP), used.out + used.err);
});

test('cli: segoc card prints the definition the engine uses, by any name, with where it came from', () => {
  const r = run(['card', '《クリッター》']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^# curated card library: library\/[\w-]+\.segoc, line \d+$/m);
  assert.match(r.out, /^card "Sangan": effect monster \(fiend, dark, level 3, atk 1000, def 600\)$/m);
  const unknown = run(['card', 'Sangna']);
  assert.equal(unknown.code, 1);
  // The curated card first; the generated library may add real cards as close ("Nanana").
  assert.match(unknown.err, /^segoc: unknown card "Sangna"; did you mean "Sangan"[,?]/);
  assertUsageError(run(['card']), /card takes a card name/);
  assertUsageError(run(['card', 'Sangan', '--chains']), /does not take --chains/);
});
