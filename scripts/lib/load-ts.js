// Loads a module of the working tree's TypeScript by bundling it with esbuild in memory, so that a script
// run by hand (cards:generate, cards:accuracy, cards:audit) uses core's current source with no build: the
// one loader of TypeScript for these scripts.
'use strict';
const path = require('path');

const root = path.resolve(__dirname, '..', '..');

/** `entry`: a path from the repository root, e.g. `server/src/core/infer/index.ts`. */
function loadTypeScript(entry) {
  // Found as build.js finds it: the checkout's node_modules, else NODE_PATH (the Action's own copy).
  const esbuild = require('esbuild');
  const out = esbuild.buildSync({ absWorkingDir: root, entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'warning' });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports;
}

module.exports = { loadTypeScript };
