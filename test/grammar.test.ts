// Syntax highlighting: runs vscode-tmgrammar-test on test/grammar/*.segoc (and the Markdown injection fixture),
// checks that the grammars and language-configuration.json are valid, and that the runner can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from './helpers';

const root: string = repoRoot();

const GRAMMAR = path.join(root, 'syntaxes', 'segoc.tmLanguage.json');
const MD_GRAMMAR = path.join(root, 'syntaxes', 'segoc.markdown.tmLanguage.json');
const LANG_CONFIG = path.join(root, 'language-configuration.json');
const CASES_DIR = path.join(root, 'test', 'grammar');
const TOOL_DIR = path.join(root, 'node_modules', 'vscode-tmgrammar-test');

function toolBin(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(TOOL_DIR, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin['vscode-tmgrammar-test'];
  return path.join(TOOL_DIR, bin);
}

interface GrammarEntry {
  scopeName: string;
  path: string;
  language?: string;
  injectTo?: string[];
}

/**
 * Runs the grammar test tool with a configuration file of our own (so the result does not depend on what
 * package.json contributes). The tool joins grammar paths onto the configuration's directory, so they are
 * written relative to it.
 */
function runTool(cases: string[], grammars: GrammarEntry[]): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-grammar-'));
  try {
    const config = path.join(dir, 'config.json');
    const contributes = {
      languages: [{ id: 'segoc', extensions: ['.segoc'] }],
      grammars: grammars.map((g) => ({ ...g, path: path.relative(dir, g.path).split(path.sep).join('/') })),
    };
    fs.writeFileSync(config, JSON.stringify({ name: 'segoc-grammar-test', contributes }));
    const r = spawnSync(process.execPath, [toolBin(), '--config', config, ...cases.map((c) => c.split(path.sep).join('/'))], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const SEGOC: GrammarEntry = { language: 'segoc', scopeName: 'source.segoc', path: GRAMMAR };
const INJECTION: GrammarEntry = { scopeName: 'markdown.segoc.codeblock', path: MD_GRAMMAR, injectTo: ['text.html.markdown'] };

function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function segocCases(): string[] {
  return fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.segoc'))
    .sort()
    .map((f) => path.join(CASES_DIR, f));
}

test('grammar JSON files parse and name the right scopes', () => {
  const g = readJson(GRAMMAR);
  assert.equal(g.scopeName, 'source.segoc');
  assert.ok(Array.isArray(g.patterns) && g.patterns.length > 0);
  const md = readJson(MD_GRAMMAR);
  assert.equal(md.scopeName, 'markdown.segoc.codeblock');
  assert.match(md.injectionSelector, /text\.html\.markdown/);
  assert.ok(JSON.stringify(md).includes('"source.segoc"'), 'the injection embeds source.segoc');
  assert.ok(JSON.stringify(md).includes('meta.embedded.block.segoc'));
});

test('every #include resolves and every regex compiles (Oniguruma)', async () => {
  // vscode-oniguruma is the regex engine of vscode-textmate; resolve it from the test tool, which depends on it.
  const req = createRequire(path.join(TOOL_DIR, 'package.json'));
  const onig: any = req('vscode-oniguruma');
  const wasm = fs.readFileSync(path.join(path.dirname(req.resolve('vscode-oniguruma')), 'onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  // An invalid pattern does not throw here: a scanner holding it finds nothing. A valid pattern next to `\z`
  // always finds something (its own match or the end of the text).
  const compiles = (pattern: string): boolean => {
    const scanner = new onig.OnigScanner([pattern, '\\z']);
    try {
      return scanner.findNextMatchSync('Yugi "Sangan" -> destroy\n', 0) !== null;
    } finally {
      scanner.dispose();
    }
  };
  assert.equal(compiles('(unclosed'), false, 'the compile check must be able to fail');
  assert.equal(compiles('(?i)closed'), true);
  for (const file of [GRAMMAR, MD_GRAMMAR]) {
    const g = readJson(file);
    const repo = g.repository ?? {};
    let regexes = 0;
    const visit = (node: any, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      for (const key of ['match', 'begin', 'end', 'while']) {
        if (typeof node[key] === 'string') {
          regexes++;
          assert.ok(compiles(node[key]), `${path.basename(file)} ${where}.${key} does not compile: ${node[key]}`);
        }
      }
      if (typeof node.include === 'string' && node.include.startsWith('#')) {
        assert.ok(node.include.slice(1) in repo, `${path.basename(file)} ${where}: unknown include ${node.include}`);
      }
      for (const [k, v] of Object.entries(node)) visit(v, `${where}.${k}`);
    };
    visit(g, path.basename(file));
    assert.ok(regexes > 0);
  }
});

test('language-configuration.json: comments, pairs, word pattern', () => {
  const c = readJson(LANG_CONFIG);
  assert.equal(c.comments.lineComment, '#');
  const open = (c.autoClosingPairs as Array<{ open: string; close: string }>).map((p) => p.open + p.close);
  for (const pair of ['""', '“”', '《》', '()']) {
    assert.ok(open.includes(pair), `auto-closing pair ${pair}`);
    assert.ok((c.surroundingPairs as string[][]).some((p) => p.join('') === pair), `surrounding pair ${pair}`);
  }
  assert.deepEqual(c.brackets, [['(', ')']]);
  const words = (s: string): string[] => s.match(new RegExp(c.wordPattern, 'g')) ?? [];
  assert.deepEqual(words('Yugi gy: "Green Baboon" as baboon-2'), ['Yugi', 'gy', 'Green', 'Baboon', 'as', 'baboon-2']);
  assert.deepEqual(words('phase damage-step'), ['phase', 'damage-step']);
  assert.deepEqual(words('card "Mystical Space Typhoon": quick-play spell'), ['card', 'Mystical', 'Space', 'Typhoon', 'quick-play', 'spell']);
  assert.deepEqual(words('1 Kaiba "X" -> destroy CL2'), ['1', 'Kaiba', 'X', 'destroy', 'CL2']);
  assert.equal(words("Kaiba's \"Sangan\"")[0], 'Kaiba');
  assert.deepEqual(words('rules tcg as of 2016-06'), ['rules', 'tcg', 'as', 'of', '2016-06']);
  assert.deepEqual(words('expect illegal segoc-order at 2'), ['expect', 'illegal', 'segoc-order', 'at', '2']);
  assert.deepEqual(words('alias 《クリッター》'), ['alias', 'クリッター']);
  for (const rule of c.onEnterRules ?? []) assert.doesNotThrow(() => new RegExp(rule.beforeText));
});

test('grammar test files: vscode-tmgrammar-test passes on test/grammar/*.segoc', () => {
  const cases = segocCases();
  assert.ok(cases.length >= 4, `expected at least 4 grammar test files, found ${cases.length}`);
  for (const c of cases) {
    assert.match(fs.readFileSync(c, 'utf8').split(/\r?\n/)[0], /^# SYNTAX TEST "source\.segoc"/, `${c}: header`);
  }
  const r = runTool(cases, [SEGOC]);
  assert.equal(r.status, 0, `vscode-tmgrammar-test failed:\n${r.output}`);
  for (const c of cases) assert.ok(r.output.includes(path.basename(c)), `${c} was not run:\n${r.output}`);
});

test('Markdown injection: ```segoc fenced blocks are highlighted (stub Markdown grammar)', () => {
  // A Markdown grammar without patterns: the injection alone must recognise the fence and embed source.segoc.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-md-'));
  try {
    const stub = path.join(dir, 'markdown.tmLanguage.json');
    fs.writeFileSync(stub, JSON.stringify({ name: 'Markdown (stub)', scopeName: 'text.html.markdown', patterns: [] }));
    const r = runTool([path.join(CASES_DIR, 'markdown-injection.md')], [{ scopeName: 'text.html.markdown', path: stub }, SEGOC, INJECTION]);
    assert.equal(r.status, 0, `vscode-tmgrammar-test failed:\n${r.output}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const REAL_MARKDOWN = [
  path.join(root, '.e2e', 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'extensions', 'markdown-basics', 'syntaxes', 'markdown.tmLanguage.json'),
].find((p) => fs.existsSync(p));

test('Markdown injection with VS Code\'s own Markdown grammar', { skip: REAL_MARKDOWN ? false : 'VS Code Markdown grammar not installed (.e2e)' }, () => {
  const r = runTool([path.join(CASES_DIR, 'markdown-injection.md')], [{ scopeName: 'text.html.markdown', path: REAL_MARKDOWN! }, SEGOC, INJECTION]);
  assert.equal(r.status, 0, `vscode-tmgrammar-test failed:\n${r.output}`);
});

test('the grammar test runner fails on a wrong assertion', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-grammar-bad-'));
  try {
    const bad = path.join(dir, 'wrong.segoc');
    fs.writeFileSync(
      bad,
      [
        '# SYNTAX TEST "source.segoc" "deliberately wrong"',
        '  chain',
        '# ^^^^^ string.quoted.double.segoc',
        '    1 Yugi "Sangan"',
        '#   ^ comment.line.number-sign.segoc',
        '',
      ].join('\n'),
    );
    const r = runTool([bad], [SEGOC]);
    assert.notEqual(r.status, 0, `a wrong assertion must fail:\n${r.output}`);
    assert.match(r.output, /missing required scopes/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
