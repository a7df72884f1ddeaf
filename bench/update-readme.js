#!/usr/bin/env node
// Copies bench/results/results.md into README.md, between the markers of the "Performance" section.
'use strict';
const fs = require('fs');
const path = require('path');
const { ROOT, RESULTS } = require('./lib/paths');

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';
const readmeFile = path.join(ROOT, 'README.md');
const readme = fs.readFileSync(readmeFile, 'utf8');
const results = fs.readFileSync(path.join(RESULTS, 'results.md'), 'utf8');
const a = readme.indexOf(START);
const b = readme.indexOf(END);
if (a < 0 || b < a) {
  console.error(`README.md has no ${START} ... ${END} markers (the "Performance" section)`);
  process.exit(2);
}
const next = `${readme.slice(0, a + START.length)}\n${results.endsWith('\n') ? results : `${results}\n`}${readme.slice(b)}`;
if (next !== readme) fs.writeFileSync(readmeFile, next);
console.log(next !== readme ? 'README.md: Performance results updated' : 'README.md: already up to date');
