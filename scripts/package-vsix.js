#!/usr/bin/env node
// Packages the VS Code extension as dist/segoc.vsix. The npm package lists its files in package.json
// (`files`: the CLI, the server, the docs), and vsce refuses a package.json with `files` next to a
// .vscodeignore, whose allowlist keeps the .vsix small (no CLI, sources, docs or source maps). So the
// extension is staged in a temporary folder: what .vscodeignore lets through, and package.json
// without `files` and without `scripts` (vsce would run `vscode:prepublish`-like hooks from there).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');

/** `--dist <folder>` packages another build's dist/ (test/webext/vsix.test.ts: a production build in a scratch folder); `--out <file>`. */
function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
}

function main() {
  const dist = option('--dist', path.join(root, 'dist'));
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-vsix-'));
  try {
    const allowed = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1).replace(/\/\*\*$/, ''));
    for (const rel of allowed) {
      const from = rel === 'dist' || rel.startsWith('dist/') ? path.join(dist, rel.slice('dist'.length)) : path.join(root, rel);
      if (!fs.existsSync(from)) throw new Error(`${rel} is missing (run the build first)`);
      fs.cpSync(from, path.join(stage, rel), { recursive: true });
    }
    fs.copyFileSync(path.join(root, '.vscodeignore'), path.join(stage, '.vscodeignore'));
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    delete manifest.files;
    delete manifest.scripts;
    delete manifest.devDependencies;
    fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    const out = option('--out', path.join(root, 'dist', 'segoc.vsix'));
    const vsce = require.resolve('@vscode/vsce/vsce', { paths: [root] });
    const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '-o', out], { cwd: stage, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`vsce exited with ${r.status}`);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

try {
  main();
} catch (e) {
  console.error(`package failed: ${e.message}`);
  process.exit(1);
}
