// The CLI's manners (issue 18, item 8): no command is a one-line usage error, --help and --version
// answer wherever they stand, --jobs states its limit, terminal output carries no Markdown markup
// (bold only as ANSI on a terminal), and the formatter keeps a line it cannot parse as written.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { runCli, CliIO } from '../server/src/cli/main';
import { formatText } from '../server/src/core/internal';

const SAMPLE = path.resolve(__dirname, '../../samples/rules/R01-chain-numbering.segoc');

function run(argv: string[], tty = false): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { cwd: path.dirname(SAMPLE), out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s), tty };
  const code = runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('segoc with no argument: one `segoc:` line on stderr, nothing on stdout, exit 2', () => {
  const r = run([]);
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.equal(r.err.split('\n').length, 1);
  assert.match(r.err, /^segoc: no command given .*--help/);
});

test('--version and --help work after a command too', () => {
  for (const argv of [['check', '--version'], ['render', 'x.segoc', '-v'], ['format', '--check', '--version']]) {
    const r = run(argv);
    assert.equal(r.code, 0, argv.join(' '));
    assert.match(r.out, /^\d+\.\d+\.\d+$/);
  }
  const h = run(['explain', '--help']);
  assert.equal(h.code, 0);
  assert.match(h.out, /Usage:/);
});

test('--jobs says its limit', () => {
  const r = run(['check', '--jobs', '1000', SAMPLE]);
  assert.equal(r.code, 2);
  assert.equal(r.err, 'segoc: --jobs takes a number of threads from 1 to 999, not 1000');
});

test('explain prints no Markdown markup; bold is ANSI on a terminal only', () => {
  const plain = run(['explain', SAMPLE]);
  assert.equal(plain.code, 0, plain.err);
  assert.doesNotMatch(plain.out, /\*\*/);
  assert.doesNotMatch(plain.out, /\x1b/);
  assert.match(plain.out, /^ {2}rules: TCG/m);
  const tty = run(['explain', SAMPLE], true);
  assert.doesNotMatch(tty.out, /\*\*/);
  assert.match(tty.out, /^ {2}rules: \x1b\[1mTCG[^\x1b]*\x1b\[22m/m);
});

test('the formatter keeps a line it cannot parse exactly as written', () => {
  const text = 'card "..."  :  ...\n  quik optional\nscenario  "a"\n  players Yugi,Kaiba\n';
  const out = formatText(text, undefined);
  assert.equal(out.split('\n')[0], 'card "..."  :  ...', 'an unreadable card line is kept byte for byte');
  assert.match(out, /^ {2}players Yugi, Kaiba$/m, 'readable lines are still formatted');
});
