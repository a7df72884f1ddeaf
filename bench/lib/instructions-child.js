'use strict';
// Run under valgrind by bench/instructions.js: N cold analyses (or parses) of one input, with a full
// GC before each, as the `check` figure runs them. Arguments: core bundle, N, input file, what.
const fs = require('fs');

const [coreJs, n, file, what] = process.argv.slice(2);
const core = require(coreJs);
const text = fs.readFileSync(file, 'utf8');
const gc = typeof global.gc === 'function' ? global.gc : () => undefined;
for (let i = 0; i < Number(n); i++) {
  gc();
  if (what === 'parse') core.parse(text);
  else core.analyze(text);
}
