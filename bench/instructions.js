#!/usr/bin/env node
// Instructions per cold analysis, counted by valgrind: the figure to compare two builds by on a noisy
// machine. Wall times of the same build on this 2-core host vary by a third from run to run, which
// hides a 10 % change; this count repeats within 0.1 %. It counts work (the garbage collector's
// included, on a fixed schedule that is not V8's usual one), not cache misses or waiting, so it
// complements `npm run bench`: use it to decide between two versions of the code, and `npm run bench`
// for the published figures (and for what less garbage gains).
//
//   node bench/instructions.js [--against REF] [--input 10k|1k|100] [--what analyze|parse] [--runs N]
//
// Each build runs node under `valgrind --tool=cachegrind` twice, with N and 2N cold analyses (a full
// GC before each; V8 on one thread with a fixed collection schedule and fixed seeds, so that its compiler and
// collector are counted and the count repeats: two runs of one build agree within 0.1 %);
// the difference divided by N is one analysis, start-up and warm-up excluded. With --against, the
// core of a git ref (a commit, a branch, HEAD~3) is measured beside the working tree's, side by side
// (one run per core; the ref's worktree, in bench/generated, is removed afterwards). Needs valgrind
// (`apt-get install -y valgrind`); makes the inputs if `npm run bench` has not. A run takes about 2 minutes.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { ROOT, GENERATED } = require('./lib/paths');
const { buildCore } = require('./lib/build');

function fail(message) {
  console.error(`bench/instructions: ${message}`);
  process.exit(2);
}

const argv = process.argv.slice(2);
/** `--name value` or `--name=value`. */
const option = (name, dflt) => {
  const joined = argv.find((a) => a.startsWith(`${name}=`));
  if (joined) return joined.slice(name.length + 1);
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
  return value;
};
const against = option('--against', undefined);
const input = option('--input', '10k');
const what = option('--what', 'analyze');
const runs = Number(option('--runs', '4'));

if (!['analyze', 'parse'].includes(what)) fail(`--what is analyze or parse, not ${what}`);
if (!Number.isInteger(runs) || runs < 1) fail('--runs is a whole number of analyses (at least 1)');
if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed (apt-get install -y valgrind)');
if (!['100', '1k', '10k'].includes(input)) fail(`--input is 100, 1k or 10k, not ${input}`);
const inputFile = path.join(GENERATED, `lines-${input}.segoc`);

/** The core of a git ref: a worktree of it in bench/generated, with its card library embedded as its own build does. */
function coreOf(ref) {
  const sha = spawnSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  if (sha.status !== 0) fail(`unknown git ref \`${ref}\``);
  const tree = path.join(GENERATED, `against-${sha.stdout.trim().slice(0, 12)}`);
  if (!fs.existsSync(tree)) {
    const add = spawnSync('git', ['worktree', 'add', '--detach', tree, sha.stdout.trim()], { cwd: ROOT, encoding: 'utf8' });
    if (add.status !== 0) fail(`git worktree add failed: ${add.stderr.trim()}`);
  }
  cleanup.push(tree);
  const modules = path.join(tree, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(ROOT, 'node_modules'), modules, 'dir');
  // Its own scripts/build.js embeds its own card library (server/src/core/library/generated.ts).
  const build = spawnSync(process.execPath, ['scripts/build.js'], { cwd: tree, encoding: 'utf8' });
  if (build.status !== 0) fail(`the build of ${ref} failed: ${build.stderr.trim()}`);
  return buildCore(tree, path.join(GENERATED, `core-${path.basename(tree)}.js`));
}

/** Instructions of node running `n` analyses with this core (valgrind's "I refs"). */
function instructions(coreJs, n) {
  // V8 made deterministic: one thread, a garbage-collection schedule that does not depend on measured speeds
  // (under valgrind everything is 50 times slower, and its heuristics then vary from run to run by up to 15 %),
  // fixed hash and random seeds.
  const v8 = ['--single-threaded', '--predictable', '--predictable-gc-schedule', '--hash-seed=1', '--random-seed=1', '--expose-gc'];
  const args = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', '--smc-check=all-non-file', process.execPath, ...v8, path.join(__dirname, 'lib', 'instructions-child.js'), coreJs, String(n), inputFile, what];
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !m) reject(new Error(`valgrind exited ${code}: ${err.split('\n').slice(-5).join(' ')}`));
      else resolve(Number(m[1].replace(/,/g, '')));
    });
  });
}

/** One analysis: the instructions of 2n analyses minus those of n, divided by n. */
async function perAnalysis(coreJs) {
  const once = await instructions(coreJs, runs);
  const twice = await instructions(coreJs, 2 * runs);
  return (twice - once) / runs;
}

/** Worktrees made for --against, removed when the run ends (their bundles stay in bench/generated). */
const cleanup = [];

async function main() {
  fs.mkdirSync(GENERATED, { recursive: true });
  // The working tree's card library embedded as its build does, then its core.
  require(path.join(ROOT, 'scripts', 'build.js')).generateLibrary();
  const cores = [{ name: 'working tree', js: buildCore(ROOT, path.join(GENERATED, 'core-instructions.js')) }];
  if (!fs.existsSync(inputFile)) require('./lib/generate').generate(require(cores[0].js), { skip100k: true });
  if (against) cores.unshift({ name: against, js: coreOf(against) });
  console.log(`bench/instructions: ${what} of lines-${input}.segoc, ${runs} and ${2 * runs} runs per build under valgrind (about 2 minutes)`);
  const counts = await Promise.all(cores.map((c) => perAnalysis(c.js)));
  const million = (x) => `${(x / 1e6).toFixed(1)}M`;
  cores.forEach((c, i) => console.log(`${c.name.padEnd(20)} ${million(counts[i]).padStart(9)} instructions per ${what}`));
  if (counts.length === 2) console.log(`working tree / ${against}: ${(counts[1] / counts[0]).toFixed(3)}`);
}

// On any exit (a failure included), synchronously: exit listeners cannot wait.
process.on('exit', () => {
  for (const tree of cleanup) spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
});

main().catch((e) => fail(e.message));
