// Builds what the benchmarks run: core as one CommonJS bundle (for the in-process figures), and the
// production build of the three shipped bundles (the real scripts/build.js --production, run in a
// scratch folder so that dist/ of the working tree, which other work uses, is never touched).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { ROOT, GENERATED } = require('./paths');

/**
 * Bundles core of a source tree (the working tree unless told; bench/instructions.js passes a worktree of another
 * commit) into `outfile` (esbuild options of scripts/build.js, minified): core/internal.ts, everything core exports
 * (the benches call parse and the card index, which the public API core/index.ts leaves out), or index.ts in a tree
 * from before the API was cut.
 */
function buildCore(tree = ROOT, outfile = path.join(GENERATED, 'core.js')) {
  const esbuild = require(path.join(ROOT, 'node_modules', 'esbuild'));
  esbuild.buildSync({
    absWorkingDir: tree,
    entryPoints: [coreEntry(tree)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

/** core/internal.ts where the tree has it, else core/index.ts (before the public API was cut, it exported everything). */
function coreEntry(tree = ROOT) {
  const internal = 'server/src/core/internal.ts';
  return fs.existsSync(path.join(tree, internal)) ? internal : 'server/src/core/index.ts';
}

/**
 * The production build (`node scripts/build.js --production`) into bench/generated/prod/dist.
 * scripts/build.js resolves its entry points and outfiles from the current folder, so it runs in
 * bench/generated/prod, where client/, server/, node_modules and the package files are symlinks.
 */
function buildProduction({ folder = 'prod', withoutGenerated = false } = {}) {
  const prod = path.join(GENERATED, folder);
  fs.mkdirSync(prod, { recursive: true });
  for (const name of ['client', 'server', 'node_modules', 'package.json', 'tsconfig.json']) {
    const link = path.join(prod, name);
    try {
      fs.rmSync(link, { recursive: false, force: true });
    } catch {
      // not there
    }
    fs.symlinkSync(path.join(ROOT, name), link);
  }
  fs.rmSync(path.join(prod, 'dist'), { recursive: true, force: true });
  // Without the generated card library (SEGOC_NO_GENERATED=1): the comparison run of the budgets it must keep.
  const env = withoutGenerated ? { ...process.env, SEGOC_NO_GENERATED: '1' } : process.env;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--production'], { cwd: prod, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`node scripts/build.js --production failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return path.join(prod, 'dist');
}

/**
 * The .vsix of the production build: the repository's packaging files copied to a staging folder
 * with dist/ replaced by the production bundles, then `vsce package --no-dependencies` (the same
 * command as `npm run package`), so .vscodeignore decides what goes in.
 */
function buildVsix(prodDist, name = 'segoc') {
  const stage = path.join(GENERATED, `${name}-vsix-stage`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  const skip = new Set(['.git', 'node_modules', 'dist', 'out', 'bench', 'test-results', '.e2e', '.vscode-test']);
  for (const e of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (skip.has(e.name) || e.name.endsWith('.vsix')) continue;
    fs.cpSync(path.join(ROOT, e.name), path.join(stage, e.name), { recursive: true, dereference: true });
  }
  // As scripts/package-vsix.js does: vsce refuses package.json's `files` (the npm package's list) beside
  // .vscodeignore, which decides what the .vsix holds.
  const manifest = JSON.parse(fs.readFileSync(path.join(stage, 'package.json'), 'utf8'));
  delete manifest.files;
  delete manifest.scripts;
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  fs.mkdirSync(path.join(stage, 'dist'));
  for (const f of fs.readdirSync(prodDist)) fs.cpSync(path.join(prodDist, f), path.join(stage, 'dist', f), { recursive: true });
  const out = path.join(GENERATED, `${name}.vsix`);
  fs.rmSync(out, { force: true });
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const pack = (extra) => spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', ...extra, '-o', out], { cwd: stage, encoding: 'utf8' });
  let r = pack([]);
  let note;
  if (r.status !== 0 && /SVGs are restricted/.test(r.stdout + r.stderr)) {
    // vsce refuses SVG images in README.md (so `npm run package` fails too): measure with those image lines left out.
    const readme = path.join(stage, 'README.md');
    fs.writeFileSync(readme, fs.readFileSync(readme, 'utf8').replace(/^.*!\[[^\]]*\]\([^)]*\.svg\).*$/gim, ''));
    r = pack([]);
    note = 'vsce refuses the SVG image in README.md (`npm run package` fails the same way); packaged with the SVG image lines of README.md left out';
  }
  if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`vsce package failed (${r.status}): ${(r.stdout + r.stderr).trim().split('\n').filter(Boolean).slice(-3).join(' ')}`);
  return { file: out, log: r.stdout, note };
}

module.exports = { coreEntry, buildCore, buildProduction, buildVsix };
