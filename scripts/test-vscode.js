#!/usr/bin/env node
// Runs the extension-host suite (test/vscode/suite/index.js) in a real VS Code with
// @vscode/test-electron, on the fixtures in test/vscode/workspace.
//
//   VSCODE_EXECUTABLE_PATH=/path/to/code node scripts/test-vscode.js
//
// It never downloads VS Code: without VSCODE_EXECUTABLE_PATH pointing to a VS Code binary it prints
// "skipped: no VS Code binary (set VSCODE_EXECUTABLE_PATH)" and exits 0. It builds dist/ first when
// dist/client.js or dist/server.js is missing.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');

async function main() {
  const executable = process.env.VSCODE_EXECUTABLE_PATH;
  if (!executable || !fs.existsSync(executable) || !fs.statSync(executable).isFile()) {
    console.log('skipped: no VS Code binary (set VSCODE_EXECUTABLE_PATH)');
    return 0;
  }
  if (!fs.existsSync(path.join(root, 'dist', 'client.js')) || !fs.existsSync(path.join(root, 'dist', 'server.js'))) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) return build.status || 1;
  }
  const { runTests } = require('@vscode/test-electron');
  try {
    await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'test', 'vscode', 'suite', 'index.js'),
      launchArgs: [path.join(root, 'test', 'vscode', 'workspace'), '--disable-extensions'],
    });
    return 0;
  } catch (err) {
    console.error(`the VS Code suite failed: ${err && err.message ? err.message : err}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
