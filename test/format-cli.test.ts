// `segoc format`: --check lists the files that would change (exit 1, 0 when all are formatted),
// --write rewrites only the files that change (the only command that writes input files), a plain
// `format FILE` prints the formatted text, and usage errors exit 2 with one line.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { formatDocument, formatPage } from '../server/src/core/internal';
import { runCli } from '../server/src/cli/main';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-format-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

function run(argv: string[], cwd: string): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const UGLY = 'scenario   "x"\nplayers Yugi ,Kaiba\nturn Yugi\n\n\n\nchain\n1 Yugi   "Dark Hole"  ->  destroy all monsters\n';
const PRETTY = formatDocument(UGLY);
const UGLY_PAGE = `# Page\n\nSome text.\n\n- Item:\n\n  \`\`\`segoc\n  ${UGLY.trimEnd().split('\n').join('\n  ')}\n  \`\`\`\n`;
const README = '# Readme\n\nNo scenario here.   \n';

function tree(name: string): string {
  const dir = path.join(TMP, name);
  const files: Record<string, string> = {
    'pretty.segoc': PRETTY,
    'ugly.segoc': UGLY,
    'wiki/Page.md': UGLY_PAGE,
    'wiki/Fine.wiki': `<segoc>\n${PRETTY}</segoc>\n`,
    'README.md': README,
    'notes.txt': UGLY,
  };
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  // Old mtimes, so that a rewrite is visible even on coarse file systems.
  const old = new Date(Date.now() - 3600_000);
  for (const f of Object.keys(files)) fs.utimesSync(path.join(dir, f), old, old);
  return dir;
}

function snapshot(dir: string): Map<string, { mtimeMs: number; text: string }> {
  const out = new Map<string, { mtimeMs: number; text: string }>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), { mtimeMs: fs.statSync(p).mtimeMs, text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

test('format --check: exit 0 when every file is formatted, nothing written', () => {
  const dir = tree('check-clean');
  const before = snapshot(dir);
  const r = run(['format', '--check', 'pretty.segoc', 'wiki/Fine.wiki'], dir);
  assert.equal(r.code, 0, r.out + r.err);
  assert.equal(r.err, '');
  assert.equal(r.out, 'all 2 files formatted');
  assert.deepEqual(snapshot(dir), before);
});

test('format --check: exit 1 and the list of files that would change (default: every file with scenarios)', () => {
  const dir = tree('check-dirty');
  const before = snapshot(dir);
  const r = run(['format', '--check'], dir);
  assert.equal(r.code, 1, r.out + r.err);
  assert.equal(r.err, '');
  assert.deepEqual(r.out.split('\n'), ['ugly.segoc', path.join('wiki', 'Page.md'), '2 files of 4 would be reformatted (run segoc format --write)']);
  assert.deepEqual(snapshot(dir), before, '--check writes nothing');
  assert.equal(run(['format', '--check', 'wiki'], dir).code, 1);
  assert.equal(run(['format', '--check', '**/*.segoc'], dir).code, 1);
  assert.equal(run(['format', '--check', 'pretty.segoc'], dir).code, 0);
});

test('format --write: rewrites only the files that change, with the formatted text; then --check passes', () => {
  const dir = tree('write');
  const before = snapshot(dir);
  const r = run(['format', '--write'], dir);
  assert.equal(r.code, 0, r.out + r.err);
  assert.deepEqual(r.out.split('\n'), ['ugly.segoc', path.join('wiki', 'Page.md'), '2 files reformatted, 2 unchanged']);
  const afterWrite = snapshot(dir);
  assert.equal(afterWrite.get('ugly.segoc')!.text, PRETTY);
  assert.equal(afterWrite.get(path.join('wiki', 'Page.md'))!.text, formatPage(UGLY_PAGE, 'markdown'));
  assert.match(afterWrite.get(path.join('wiki', 'Page.md'))!.text, /^# Page\n\nSome text\.\n\n- Item:\n\n {2}```segoc\n {2}scenario "x"\n/);
  for (const f of ['pretty.segoc', path.join('wiki', 'Fine.wiki'), 'README.md', 'notes.txt']) {
    assert.equal(afterWrite.get(f)!.text, before.get(f)!.text, `${f} unchanged`);
    assert.equal(afterWrite.get(f)!.mtimeMs, before.get(f)!.mtimeMs, `${f} not touched`);
  }
  assert.notEqual(afterWrite.get('ugly.segoc')!.mtimeMs, before.get('ugly.segoc')!.mtimeMs);
  const again = run(['format', '--check'], dir);
  assert.equal(again.code, 0, again.out);
  const second = run(['format', '--write'], dir);
  assert.equal(second.out, '0 files reformatted, 4 unchanged');
  assert.deepEqual(snapshot(dir), afterWrite, 'a second --write changes nothing');
});

test('format --write keeps a byte-order mark and CRLF line ends', () => {
  const dir = path.join(TMP, 'bom');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bom.segoc');
  fs.writeFileSync(file, '\ufeff' + UGLY.replace(/\n/g, '\r\n'));
  assert.equal(run(['format', '--write', 'bom.segoc'], dir).code, 0);
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.startsWith('\ufeffscenario "x"\r\n'), JSON.stringify(text.slice(0, 20)));
  assert.equal(text.slice(1), formatDocument(UGLY.replace(/\n/g, '\r\n')));
});

test('format FILE prints the formatted text to stdout and writes nothing', () => {
  const dir = tree('print');
  const before = snapshot(dir);
  const r = run(['format', 'ugly.segoc'], dir);
  assert.equal(r.code, 0);
  assert.equal(r.out, PRETTY);
  const p = run(['format', 'wiki/Page.md'], dir);
  assert.equal(p.out, formatPage(UGLY_PAGE, 'markdown'));
  assert.deepEqual(snapshot(dir), before);
});

test('format FILE prints exactly the bytes --write would write (no added newline, the BOM kept)', () => {
  const dir = path.join(TMP, 'bytes');
  fs.mkdirSync(dir, { recursive: true });
  const cases: Record<string, string> = {
    'no-final-newline.md': '```segoc\nscenario "a"\n```',
    'bom.md': '\ufeff# Page\n\n```segoc\nscenario   "a"\n```\n',
    'bom.segoc': '\ufeff' + UGLY,
  };
  for (const [name, text] of Object.entries(cases)) {
    fs.writeFileSync(path.join(dir, name), text);
    const printed = run(['format', name], dir).out;
    assert.equal(run(['format', '--write', name], dir).code, 0);
    assert.equal(printed, fs.readFileSync(path.join(dir, name), 'utf8'), `${name}: stdout and --write agree`);
  }
});

test('format: usage errors exit 2 with one `segoc:` line', () => {
  const dir = tree('usage');
  const before = snapshot(dir);
  for (const [argv, pattern] of [
    [['format'], /exactly one file/],
    [['format', 'ugly.segoc', 'pretty.segoc'], /exactly one file/],
    [['format', '--check', '--write'], /--check or --write, not both/],
    [['format', '--check', '--format', 'json'], /does not take --format/],
    [['format', '--bogus', 'ugly.segoc'], /unknown option --bogus/],
    [['format', 'missing.segoc'], /missing\.segoc: no such file/],
    [['format', '--check', 'missing.segoc'], /missing\.segoc/],
    [['format', 'wiki'], /is a folder/],
    [['format', '--check', 'README.md'], /no \.segoc file and no page with a segoc block/],
  ] as Array<[string[], RegExp]>) {
    const r = run(argv, dir);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.out}`);
    const lines = r.err.split('\n').filter(Boolean);
    assert.equal(lines.length, 1, r.err);
    assert.match(lines[0], /^segoc: /);
    assert.match(lines[0], pattern);
    assert.equal(r.out, '');
  }
  assert.deepEqual(snapshot(dir), before);
});

test('check, explain and render never write their input files', () => {
  const dir = tree('readonly');
  const before = snapshot(dir);
  run(['check'], dir);
  run(['check', '--format', 'sarif'], dir);
  run(['check', '--format', 'json', 'wiki'], dir);
  run(['explain', 'ugly.segoc'], dir);
  run(['render', 'wiki/Page.md', '--format', 'html'], dir);
  assert.deepEqual(snapshot(dir), before);
});
