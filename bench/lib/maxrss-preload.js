'use strict';
// Preloaded (`node --require`) into a `segoc` run by cli-memory.js: at exit, the process's peak resident
// memory goes to stderr, where the bench reads it (the report on stdout is left alone).
process.on('exit', () => process.stderr.write(`\nsegoc-bench-maxrss-kb ${process.resourceUsage().maxRSS}\n`));
