#!/usr/bin/env node
// `npm run test:e2e`: the end-to-end checks in real editors.
//
//   1. scripts/e2e-setup.sh   installs what is missing (Debian chromium, neovim, ripgrep, libkrb5-dev;
//                             code-server 4.100.3 in .e2e/), reuses what is there
//   2. npm run package        build + vsce -> dist/segoc.vsix
//   3. VS Code                the .vsix in code-server + headless Chromium (test/e2e/vscode-checks.js),
//                             including the @vscode/test-electron suite in code-server's extension host
//   3b. VS Code for the Web   the .vsix's browser entry in code-server's web worker extension host
//                             (test/e2e/webext-checks.js)
//   4. Neovim                 headless nvim 0.7 with `node dist/server.js --stdio` (test/e2e/nvim-checks.js)
//   5. Playground             npm run build:web, then dist/web/ from a local static server in headless
//                             Chromium (test/e2e/web-checks.js)
//
// Prints one line per check ("ok   ..." / "FAIL ..."), timings, and ends with "N passed, N failed"
// on a line of its own; exits 1 if anything failed. Screenshots: test-results/*.png (kept). On a
// VS Code failure the tail of the code-server log is printed and its folder kept.
//
// Environment:
//   SEGOC_E2E_SKIP_SETUP=1     do not run scripts/e2e-setup.sh
//   SEGOC_E2E_SKIP_PACKAGE=1   use the existing dist/segoc.vsix (and dist/server.js)
//   SEGOC_E2E_ONLY=vscode|webext|nvim|web run only that part
//   SEGOC_E2E_NO_SUITE=1       skip the @vscode/test-electron suite (check 7)
//   SEGOC_E2E_UPDATE_IMAGES=1  copy the README screenshots from test-results/ to docs/images/
//   SEGOC_E2E_KEEP=1           keep the temporary workspaces and code-server folders
//   SEGOC_E2E_TIMEOUT_S        give up after this many seconds (default 900)
'use strict';

const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const RESULTS = path.join(ROOT, 'test-results');
const T0 = Date.now();
const only = (process.env.SEGOC_E2E_ONLY || '').toLowerCase();

let passed = 0;
let failed = 0;
const failures = [];
const timings = [];

const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
function log(msg) {
  console.log(`[e2e +${secs(Date.now() - T0)}] ${msg}`);
}
function report(name, ok, detail) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
function finish(code) {
  if (timings.length) console.log(`timings: ${timings.map(([n, ms]) => `${n} ${secs(ms)}`).join(', ')}; total ${secs(Date.now() - T0)}`);
  if (failures.length) console.log(`failed:\n  ${failures.join('\n  ')}\nscreenshots: ${path.relative(process.cwd(), RESULTS) || '.'}/`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code === undefined ? (failed ? 1 : 0) : code);
}

/** Runs a command with its output shown (prefixed); resolves to { code, output }. */
function run(cmd, args, { env = {}, quietLines = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', npm_config_update_notifier: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d) => {
      const s = d.toString();
      output += s;
      if (!quietLines) process.stdout.write(s.replace(/^(?=.)/gm, '  | '));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => resolve({ code: 127, output: `${output}${e.message}\n` }));
    child.on('close', (code, signal) => {
      if (quietLines) {
        const tail = output.trimEnd().split('\n').slice(-quietLines).join('\n');
        if (tail) console.log(tail.replace(/^/gm, '  | '));
      }
      resolve({ code: code === null ? `signal ${signal}` : code, output });
    });
  });
}

async function phase(name, fn) {
  const t = Date.now();
  log(`== ${name}`);
  try {
    return await fn();
  } finally {
    timings.push([name, Date.now() - t]);
  }
}

/** The README screenshots: test-results/<from> -> docs/images/<to> (each must stay < 300 KB). */
const README_IMAGES = [
  ['vscode-dark-problems-hover.png', 'vscode-problems-hover.png'],
  ['vscode-dark-preview.png', 'vscode-preview-dark.png'],
  ['vscode-light-preview.png', 'vscode-preview-light.png'],
  ['web-illegal.png', 'playground.png'],
];

function updateImages() {
  const dir = path.join(ROOT, 'docs', 'images');
  fs.mkdirSync(dir, { recursive: true });
  for (const [from, to] of README_IMAGES) {
    const src = path.join(RESULTS, from);
    if (!fs.existsSync(src)) {
      report(`docs/images/${to} updated`, false, `no ${path.relative(ROOT, src)}`);
      continue;
    }
    const size = fs.statSync(src).size;
    if (size >= 300 * 1024) {
      report(`docs/images/${to} updated`, false, `${from} is ${Math.round(size / 1024)} KB (limit 300 KB)`);
      continue;
    }
    fs.copyFileSync(src, path.join(dir, to));
    log(`docs/images/${to} <- test-results/${from} (${Math.round(size / 1024)} KB)`);
  }
}

async function main() {
  const limit = Number(process.env.SEGOC_E2E_TIMEOUT_S || 900) * 1000;
  const watchdog = setTimeout(() => {
    report(`the end-to-end run finishes within ${limit / 1000}s`, false, 'timed out');
    finish(1);
  }, limit);
  watchdog.unref();
  fs.mkdirSync(RESULTS, { recursive: true });
  log(`node ${process.version}, ${process.env.CI ? 'CI' : 'local'}, uid ${process.getuid ? process.getuid() : '?'}`);

  // 1. Setup.
  if (!process.env.SEGOC_E2E_SKIP_SETUP) {
    const r = await phase('setup (scripts/e2e-setup.sh)', () => run('bash', [path.join(ROOT, 'scripts', 'e2e-setup.sh')]));
    report('e2e setup (chromium, neovim, code-server)', r.code === 0, r.code === 0 ? undefined : `scripts/e2e-setup.sh exited with ${r.code}`);
    if (r.code !== 0) return;
  }

  // 2. Package. Without a fresh .vsix the VS Code checks cannot run; the Neovim checks still do
  // (they need only dist/server.js, which the build step of `npm run package` writes first).
  const vsix = path.join(ROOT, 'dist', 'segoc.vsix');
  let haveVsix = true;
  if (only === 'web') {
    // The playground needs no .vsix: its own build runs in step 5.
  } else if (!process.env.SEGOC_E2E_SKIP_PACKAGE) {
    const before = Date.now();
    const r = await phase('package (npm run package)', () => run('npm', ['run', 'package', '--silent'], { quietLines: 3 }));
    const fresh = fs.existsSync(vsix) && fs.statSync(vsix).mtimeMs >= before - 2000;
    const size = fresh ? `${Math.round(fs.statSync(vsix).size / 1024)} KB` : '';
    haveVsix = r.code === 0 && fresh;
    report('npm run package builds dist/segoc.vsix', haveVsix, r.code === 0 ? (fresh ? `dist/segoc.vsix, ${size}` : 'dist/segoc.vsix was not written') : `exit ${r.code}:\n${r.output.trimEnd().split('\n').slice(-25).join('\n')}`);
  } else if (!fs.existsSync(vsix)) {
    report('dist/segoc.vsix exists', false, 'SEGOC_E2E_SKIP_PACKAGE is set but there is no dist/segoc.vsix');
    haveVsix = false;
  }

  // 3. VS Code (code-server + Chromium).
  if ((!only || only === 'vscode') && !haveVsix) {
    log('VS Code checks not run: no fresh dist/segoc.vsix');
  } else if (!only || only === 'vscode') {
    await phase('VS Code (code-server + Chromium)', async () => {
      const { runVscodeChecks } = require('./vscode-checks');
      await runVscodeChecks({ report, log, suite: !process.env.SEGOC_E2E_NO_SUITE });
    });
    if (process.env.SEGOC_E2E_UPDATE_IMAGES) updateImages();
  }

  // 3b. VS Code for the Web (the browser entry in code-server's web worker extension host).
  if ((!only || only === 'webext') && haveVsix) {
    await phase('VS Code for the Web (code-server, web worker extension host)', async () => {
      const { runWebExtensionChecks } = require('./webext-checks');
      await runWebExtensionChecks({ report, log });
    });
  }

  // 4. Neovim.
  if ((!only || only === 'nvim') && !fs.existsSync(path.join(ROOT, 'dist', 'server.js'))) {
    report('dist/server.js exists (for the Neovim checks)', false, 'not built');
  } else if (!only || only === 'nvim') {
    await phase('Neovim (headless, LSP over stdio)', async () => {
      const { runNvimChecks } = require('./nvim-checks');
      await runNvimChecks({ report, log });
    });
  }

  // 5. The playground (a static site: no code-server, no .vsix).
  if (!only || only === 'web') {
    await phase('Playground (dist/web/ + Chromium)', async () => {
      const r = await run('npm', ['run', 'build:web', '--silent'], { quietLines: 3 });
      report('npm run build:web builds dist/web/', r.code === 0, r.code === 0 ? undefined : `exit ${r.code}`);
      if (r.code !== 0) return;
      const { runWebChecks } = require('./web-checks');
      await runWebChecks({ report, log });
    });
  }
}

main().then(
  () => finish(),
  (e) => {
    report('the end-to-end run', false, (e && e.stack) || String(e));
    finish(1);
  },
);
