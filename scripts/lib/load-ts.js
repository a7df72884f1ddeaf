// Loads a module of the working tree's TypeScript by bundling it with esbuild into a temporary file,
// so that a script run by hand (cards:accuracy, cards:audit) reads the current source with no build.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');

/** `entry`: a path from the repository root, e.g. `server/src/core/infer/index.ts`. */
function loadTypeScript(entry) {
  const esbuild = require(path.join(root, 'node_modules', 'esbuild'));
  const outfile = path.join(os.tmpdir(), `segoc-${path.basename(path.dirname(entry))}-${process.pid}.js`);
  esbuild.buildSync({ absWorkingDir: root, entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  try {
    return require(outfile);
  } finally {
    fs.unlinkSync(outfile);
  }
}

module.exports = { loadTypeScript };
