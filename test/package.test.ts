// The routes docs/ci.md gives a wiki repository (issue 18, item 1), run here on the npm package:
// `npm pack` makes a tarball that installs into an empty folder and runs `npx segoc check`; the
// composite action (action.yml), the ready CI recipe, runs its steps on the tarball's copy; and
// package.json has what a registry and a git install need (files, repository, keywords, prepare).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync, SpawnSyncOptions } from 'child_process';

const ROOT = path.resolve(__dirname, '../..');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-package-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

const PAGE = '# Dark Hole\n\n```segoc\nscenario "Dark Hole, Sangan on both sides"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangan"\n  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Sangan"\n    2 Kaiba "Sangan"\n  expect legal\n```\n';
const HOUND = 'card "Homebrew Hound": effect monster (beast, earth, level 4, atk 1800, def 1000)\n  trigger optional when this card is destroyed\n';
const HOUND_PAGE = '```segoc\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Homebrew Hound"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Homebrew Hound"\n  expect legal\n```\n';

function sh(cmd: string, args: string[], opts: SpawnSyncOptions = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000, ...opts });
  return { status: r.status, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

function write(dir: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

let tarball = '';

before(() => {
  // dist/ is built by `npm test`'s pretest; the prepare script (the same build) is not run again here.
  assert.ok(fs.existsSync(path.join(ROOT, 'dist/cli.js')), 'dist/cli.js is built');
  const r = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', TMP], { cwd: ROOT });
  assert.equal(r.status, 0, r.stderr);
  const [info] = JSON.parse(r.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(TMP, info.filename);
  const files = info.files.map((f) => f.path);
  for (const needed of ['dist/cli.js', 'dist/server.js', 'dist/cards/cards.tsv', 'dist/cards/index.txt', 'dist/cards/names-ja.txt', 'dist/cards/names.txt', 'dist/cards/names-layout.bin', 'dist/cards/manifest.json', 'action.yml', 'README.md', 'docs/ci.md', 'package.json']) assert.ok(files.includes(needed), `the tarball holds ${needed}`);
  assert.ok(!files.some((f) => /^(server|test|client)\/src\/|\.map$|^node_modules\//.test(f)), `no sources, tests or maps: ${files.join(' ')}`);
});

test('package.json: what a registry and a git install need', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.private, undefined, 'publishable');
  assert.ok(Array.isArray(pkg.files) && pkg.files.includes('dist/cli.js'));
  assert.match(pkg.repository?.url ?? '', /^https:\/\/github\.com\//);
  assert.ok(pkg.keywords.length >= 5);
  assert.equal(pkg.bin.segoc, './dist/cli.js');
  // A git install has no dist/ (it is not committed): npm runs `prepare` after installing the devDependencies.
  assert.match(pkg.scripts.prepare, /scripts\/build\.js/);
  assert.deepEqual(pkg.dependencies ?? {}, {}, 'the bundles need no runtime dependency');
});

test('the npm tarball installs into an empty folder and `npx segoc check` runs on a page', () => {
  const wiki = write(path.join(TMP, 'wiki'), { 'package.json': '{ "name": "wiki", "version": "1.0.0", "private": true }\n', 'Dark-Hole.md': PAGE });
  const install = sh('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: wiki });
  assert.equal(install.status, 0, install.stderr);
  const check = sh('npx', ['--no-install', 'segoc', 'check', 'Dark-Hole.md'], { cwd: wiki });
  assert.equal(check.status, 0, check.stderr + check.stdout);
  assert.match(check.stdout, /^1 file, 1 scenario: 0 errors, 0 warnings; 1\/1 expectations met$/m);
});

/** The steps of action.yml: each step's `run` script and its environment (inputs substituted). */
function actionSteps(yml: string, inputs: Record<string, string>): Array<{ name: string; env: Record<string, string>; run: string }> {
  const steps: Array<{ name: string; env: Record<string, string>; run: string }> = [];
  const lines = yml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const name = /^ {4}- name: (.+)$/.exec(lines[i]);
    if (name) steps.push({ name: name[1], env: {}, run: '' });
    const env = /^ {8}(\w+): \$\{\{ inputs\.([\w-]+) \}\}$/.exec(lines[i]);
    if (env && steps.length) steps[steps.length - 1].env[env[1]] = inputs[env[2]] ?? '';
    if (/^ {6}run: \|$/.test(lines[i])) {
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1].startsWith('        ') || lines[i + 1].trim() === '')) body.push(lines[++i].slice(8));
      steps[steps.length - 1].run = body.join('\n');
    }
  }
  return steps;
}

test('the CI recipe (action.yml) runs its steps on the tarball: a clean wiki passes, a broken one fails with a SARIF log', () => {
  const action = path.join(TMP, 'action');
  fs.mkdirSync(action);
  assert.equal(sh('tar', ['-xzf', tarball, '-C', action, '--strip-components=1']).status, 0);
  const yml = fs.readFileSync(path.join(action, 'action.yml'), 'utf8');
  const runSteps = (workspace: string, inputs: Record<string, string>) => {
    const output = path.join(TMP, `output-${path.basename(workspace)}`);
    fs.writeFileSync(output, '');
    let status: number | null = 0;
    let log = '';
    for (const step of actionSteps(yml, inputs)) {
      const r = sh('bash', ['-e', '-c', step.run], { cwd: workspace, env: { ...process.env, ...step.env, GITHUB_ACTION_PATH: action, GITHUB_OUTPUT: output } });
      log += `## ${step.name}\n${r.stdout}${r.stderr}`;
      status = r.status;
      if (status !== 0) break;
    }
    return { status, log, output: fs.readFileSync(output, 'utf8') };
  };
  const steps = actionSteps(yml, {});
  assert.deepEqual(steps.map((s) => s.name), ['Build segoc', 'Check the rulings']);

  const clean = write(path.join(TMP, 'clean-wiki'), { 'pages/Dark-Hole.md': PAGE, 'pages/Hound.md': HOUND_PAGE, 'cards/hound.segoc': HOUND, 'README.md': '# no block\n' });
  const ok = runSteps(clean, { files: '**/*.md', sarif: '', options: '' });
  assert.equal(ok.status, 0, ok.log);
  assert.match(ok.log, /2 files, 2 scenarios: 0 errors/);
  assert.match(ok.output, /^exit-code=0$/m);

  const broken = write(path.join(TMP, 'broken-wiki'), { 'Dark-Hole.md': PAGE.replace('expect legal', 'expect illegal segoc-order at 1') });
  const bad = runSteps(broken, { files: '', sarif: 'segoc.sarif', options: '--rules tcg' });
  assert.equal(bad.status, 1, bad.log);
  assert.match(bad.log, /Dark-Hole\.md:\d+:3: error expect-unmet/);
  assert.match(bad.output, /^exit-code=1$/m);
  const sarif = JSON.parse(fs.readFileSync(path.join(broken, 'segoc.sarif'), 'utf8'));
  assert.equal(sarif.version, '2.1.0');
  assert.ok(sarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'expect-unmet'));
});
