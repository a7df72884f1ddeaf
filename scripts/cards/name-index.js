// The name index of the generated library, written with core's own functions (server/src/core/cards/
// generated-index.ts: the same normalisation and hash as the lookups), loaded from the working tree's source.
'use strict';
const { loadTypeScript } = require('../lib/load-ts');

/** The index of every card's English, Portuguese (record fields 1, 2) and Japanese names. */
function nameIndex(records, ja) {
  const names = records.map((r, i) => {
    const f = r.split('\t');
    return [f[1], ja[i], f[2]];
  });
  return loadTypeScript('server/src/core/cards/generated-index.ts').encodeNameIndex(names);
}

module.exports = { nameIndex };
