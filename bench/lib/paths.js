'use strict';
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'bench');
const GENERATED = path.join(BENCH, 'generated');
const RESULTS = path.join(BENCH, 'results');

module.exports = { ROOT, BENCH, GENERATED, RESULTS };
