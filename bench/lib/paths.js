'use strict';
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'bench');
const GENERATED = path.join(BENCH, 'generated');
// Results of a run stay on the machine that measured them (git-ignored, as the inputs): docs/performance.md
// keeps one dated table, copied by hand from a run worth keeping.
const RESULTS = path.join(GENERATED, 'results');

module.exports = { ROOT, BENCH, GENERATED, RESULTS };
