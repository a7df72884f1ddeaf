// The name index of the generated library, written with core's own functions (server/src/core/cards/
// generated-index.ts: the same normalisation and hash as the lookups), bundled here with esbuild.
'use strict';
const path = require('path');
const esbuild = require('esbuild');

/** A module of core (a path below server/src/core), bundled and loaded: the generator uses core's own code. */
function coreModule(file) {
  const out = esbuild.buildSync({
    entryPoints: [path.join(__dirname, '..', '..', 'server', 'src', 'core', file)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports;
}

/** The index of every card's English, Portuguese (record fields 1, 2) and Japanese names. */
function nameIndex(records, ja) {
  const names = records.map((r, i) => {
    const f = r.split('\t');
    return [f[1], ja[i], f[2]];
  });
  return coreModule('cards/generated-index.ts').encodeNameIndex(names);
}

module.exports = { nameIndex, coreModule };
