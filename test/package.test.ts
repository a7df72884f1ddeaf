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

/**
 * Runs action.yml's steps as a runner would: in `workspace`, with GITHUB_ACTION_PATH, GITHUB_OUTPUT and
 * GITHUB_ENV (what one step writes there is the next steps' environment); stops at the first failure.
 */
function runAction(actionPath: string, workspace: string, inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
  const yml = fs.readFileSync(path.join(actionPath, 'action.yml'), 'utf8');
  const output = path.join(TMP, `output-${path.basename(workspace)}`);
  const envFile = path.join(TMP, `env-${path.basename(workspace)}`);
  fs.writeFileSync(output, '');
  fs.writeFileSync(envFile, '');
  let status: number | null = 0;
  let log = '';
  for (const step of actionSteps(yml, inputs)) {
    const written = Object.fromEntries(fs.readFileSync(envFile, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const r = sh('bash', ['-e', '-o', 'pipefail', '-c', step.run], {
      cwd: workspace,
      env: { ...process.env, ...env, ...written, ...step.env, GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: output, GITHUB_ENV: envFile, RUNNER_TEMP: TMP },
    });
    log += `## ${step.name}\n${r.stdout}${r.stderr}`;
    status = r.status;
    if (status !== 0) break;
  }
  return { status, log, output: fs.readFileSync(output, 'utf8') };
}

/** The tarball unpacked at `dir`: the action as a release that holds dist/. */
function unpackedTarball(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  assert.equal(sh('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']).status, 0);
  return dir;
}

test('the CI recipe (action.yml) runs its steps on the tarball: a clean wiki passes, a broken one fails with a SARIF log', () => {
  const action = unpackedTarball(path.join(TMP, 'action'));
  const steps = actionSteps(fs.readFileSync(path.join(action, 'action.yml'), 'utf8'), {});
  assert.deepEqual(steps.map((s) => s.name), ['Find or build segoc', 'Check the rulings']);

  const clean = write(path.join(TMP, 'clean-wiki'), { 'pages/Dark-Hole.md': PAGE, 'pages/Hound.md': HOUND_PAGE, 'cards/hound.segoc': HOUND, 'README.md': '# no block\n' });
  const ok = runAction(action, clean, { files: '**/*.md', sarif: '', options: '' });
  assert.equal(ok.status, 0, ok.log);
  assert.match(ok.log, /2 files, 2 scenarios: 0 errors/);
  assert.match(ok.output, /^exit-code=0$/m);

  const broken = write(path.join(TMP, 'broken-wiki'), { 'Dark-Hole.md': PAGE.replace('expect legal', 'expect illegal segoc-order at 1') });
  const bad = runAction(action, broken, { files: '', sarif: 'segoc.sarif', options: '--rules tcg' });
  assert.equal(bad.status, 1, bad.log);
  assert.match(bad.log, /Dark-Hole\.md:\d+:3: error expect-unmet/);
  assert.match(bad.output, /^exit-code=1$/m);
  const sarif = JSON.parse(fs.readFileSync(path.join(broken, 'segoc.sarif'), 'utf8'));
  assert.equal(sarif.version, '2.1.0');
  assert.ok(sarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'expect-unmet'));
});

test('the action in folders whose names hold spaces: quoted files, a SARIF path with a space, an unclosed quote refused', () => {
  const action = unpackedTarball(path.join(TMP, 'actions dir', 'segoc action'));
  const wiki = write(path.join(TMP, 'my wiki'), { 'Hand traps/Dark Hole.md': PAGE, 'Hand traps/Hound.md': HOUND_PAGE, 'cards/hound.segoc': HOUND, 'other/Broken.md': PAGE.replace('expect legal', 'expect illegal segoc-order at 1') });
  const quoted = runAction(action, wiki, { files: '"Hand traps/Dark Hole.md"\n"Hand traps/*.md"', sarif: 'segoc results.sarif', options: '--rules tcg' });
  assert.equal(quoted.status, 0, quoted.log);
  assert.match(quoted.log, /^2 files, 2 scenarios: 0 errors/m, 'both pages of the folder with a space, and nothing else');
  assert.equal(JSON.parse(fs.readFileSync(path.join(wiki, 'segoc results.sarif'), 'utf8')).version, '2.1.0');
  const unclosed = runAction(action, wiki, { files: '"Hand traps/*.md', sarif: '', options: '' });
  assert.equal(unclosed.status, 2, unclosed.log);
  assert.match(unclosed.log, /segoc: the files input has a quote that is not closed/);
  assert.match(unclosed.output, /^exit-code=2$/m);
  // Only double quotes quote: an apostrophe is part of a card page's name (xargs took it for a quote: exit 2).
  fs.writeFileSync(path.join(wiki, 'Hand traps', "Magician's_Rod.md"), PAGE);
  fs.writeFileSync(path.join(wiki, "Mirror's_Force.md"), PAGE);
  const apostrophes = runAction(action, wiki, { files: `"Hand traps/Magician's_Rod.md" Mirror's_Force.md`, sarif: '', options: '' });
  assert.equal(apostrophes.status, 0, apostrophes.log);
  assert.match(apostrophes.log, /^2 files, 2 scenarios: 0 errors/m);
});

/** A copy of this checkout as `uses: segoc/segoc@<ref>` gets it: the sources, no dist/, no node_modules. */
function checkoutWithoutDist(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json', 'action.yml', 'scripts', 'server', 'client']) fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  return dir;
}

/**
 * An `npm` for the action's steps that installs nothing from a registry (the tests run offline): it
 * logs its arguments and, asked for esbuild, links this checkout's copy into the --prefix folder.
 */
function fakeNpm(dir: string): { env: NodeJS.ProcessEnv; calls: () => string[] } {
  const bin = path.join(dir, 'bin');
  const log = path.join(dir, 'npm-calls.log');
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(
    path.join(bin, 'npm'),
    `#!/usr/bin/env bash\nprintf '%s\\n' "$*" >> "${log}"\nprefix=""\nwhile [ $# -gt 0 ]; do [ "$1" = --prefix ] && prefix="$2"; shift; done\n` +
      `mkdir -p "$prefix/node_modules/@esbuild"\nln -s "${path.join(ROOT, 'node_modules/esbuild')}" "$prefix/node_modules/esbuild"\n` +
      `for p in "${path.join(ROOT, 'node_modules/@esbuild')}"/*; do ln -s "$p" "$prefix/node_modules/@esbuild/"; done\n`,
    { mode: 0o755 },
  );
  return { env: { PATH: `${bin}${path.delimiter}${process.env.PATH}` }, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []) };
}

test('the action from a commit (no dist/): builds the CLI with esbuild alone, not every devDependency', () => {
  const action = checkoutWithoutDist(path.join(TMP, 'from a commit', 'segoc'));
  const npm = fakeNpm(path.join(TMP, 'npm one'));
  const wiki = write(path.join(TMP, 'wiki from commit'), { 'Dark Hole.md': PAGE });
  const r = runAction(action, wiki, { files: '', sarif: '', options: '' }, npm.env);
  assert.equal(r.status, 0, r.log);
  const esbuild = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies.esbuild;
  assert.deepEqual(npm.calls(), [`install --prefix ${path.join(TMP, 'segoc-build-tools')} --no-save --no-package-lock --no-audit --no-fund --ignore-scripts esbuild@${esbuild}`]);
  assert.ok(fs.existsSync(path.join(action, 'dist/cli.js')) && fs.existsSync(path.join(action, 'dist/cards/cards.tsv')), 'the CLI and its card library');
  assert.ok(!fs.existsSync(path.join(action, 'dist/server.js')) && !fs.existsSync(path.join(action, 'node_modules')), 'nothing of the editor, no node_modules');
  assert.match(r.log, /^1 file, 1 scenario: 0 errors/m);
});

test('the action from a commit in a wiki that has segoc installed: uses that one and installs nothing', () => {
  const action = checkoutWithoutDist(path.join(TMP, 'from a commit 2', 'segoc'));
  const npm = fakeNpm(path.join(TMP, 'npm two'));
  const wiki = write(path.join(TMP, 'wiki with segoc'), { 'package.json': '{ "name": "wiki", "version": "1.0.0", "private": true }\n', 'Dark Hole.md': PAGE });
  const install = sh('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: wiki });
  assert.equal(install.status, 0, install.stderr);
  const r = runAction(action, wiki, { files: '"Dark Hole.md"', sarif: '', options: '' }, npm.env);
  assert.equal(r.status, 0, r.log);
  assert.deepEqual(npm.calls(), [], 'no npm install');
  assert.ok(!fs.existsSync(path.join(action, 'dist')), 'no build');
  assert.match(r.log, /segoc: the wiki's own, .*node_modules\/segoc\/dist\/cli\.js/);
  assert.match(r.log, /^1 file, 1 scenario: 0 errors/m);
});

test('every version that the docs and action.yml pin exists: the package\'s own (the tarball npm pack makes) or a tag of the repository', () => {
  const version: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  const tags = sh('git', ['tag', '--list'], { cwd: ROOT }).stdout.split('\n').filter(Boolean);
  const files = ['README.md', 'action.yml', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const wrong: string[] = [];
  const seen = { tarballs: 0, refs: 0 };
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // A tarball of `npm pack` is named by package.json's version.
    for (const m of text.matchAll(/\bsegoc-(\d+\.\d+\.\d+[\w.-]*?)\.tgz\b/g)) {
      seen.tarballs++;
      if (`segoc-${m[1]}.tgz` !== path.basename(tarball)) wrong.push(`${file}: segoc-${m[1]}.tgz, but npm pack makes ${path.basename(tarball)}`);
    }
    // A package version (`segoc@1.2.3`) is package.json's.
    for (const m of text.matchAll(/(?<![\w/])segoc@v?(\d+\.\d+\.\d+[\w.-]*)/g)) if (m[1] !== version) wrong.push(`${file}: segoc@${m[1]}, but the package is ${version}`);
    // A Git reference (`uses: segoc/segoc@REF`, `github:segoc/segoc#REF`) is the default branch or a tag that exists.
    for (const m of text.matchAll(/\bsegoc\/segoc[@#]([\w.-]+)/g)) {
      seen.refs++;
      if (m[1] !== 'main' && !tags.includes(m[1])) wrong.push(`${file}: segoc/segoc@${m[1]}, but the repository has no tag ${m[1]} (tags: ${tags.join(', ') || 'none'})`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(seen.tarballs >= 3 && seen.refs >= 2, `the docs name the tarball and the action: ${JSON.stringify(seen)}`);
});
