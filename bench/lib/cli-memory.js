'use strict';
// Memory per character of scenario: the peak RSS of `segoc check FILE --format F`, less that of the same
// command on a one-scenario file, over the file's scenario characters (core's scenarioChars: the lines
// that are neither blank nor comments). core/limits.ts MAX_SCENARIO_CHARS times the costliest format's
// figure is the most memory one file can take: docs/performance.md, "Memory per character of scenario".
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { GENERATED } = require('./paths');

const FORMATS = ['text', 'json', 'sarif'];
/** The F5 reproducer's scenario: five lines, three diagnostics and a chain each (the costliest kind per character). */
const DENSE = 'scenario "x"\n  players Yugi, Kaiba\n  chain\n    1 Yugi "Pot of Greed"\n    2 Kaiba "Pot of Greed"\n\n';

function peakKb(cliJs, file, format) {
  const r = spawnSync(process.execPath, ['--require', path.join(__dirname, 'maxrss-preload.js'), cliJs, 'check', file, '--format', format], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const m = /segoc-bench-maxrss-kb (\d+)/.exec(r.stderr ?? '');
  if (!m || (r.status !== 0 && r.status !== 1)) throw new Error(`segoc check ${path.basename(file)} --format ${format} failed (${r.status}): ${(r.stderr ?? '').slice(0, 300)}`);
  return Number(m[1]);
}

/**
 * Figures `cli.memory-per-char.<format>` (bytes of peak RSS per character of scenario) for the dense
 * file of `chars` characters and, in the note, for `realistic` (the generated 10k-line file).
 */
function cliMemoryFigures(cliJs, core, realistic, chars = 250000) {
  const dir = path.join(GENERATED, 'cli-memory');
  fs.mkdirSync(dir, { recursive: true });
  const dense = path.join(dir, 'dense.segoc');
  fs.writeFileSync(dense, DENSE.repeat(Math.ceil(chars / DENSE.length)));
  const small = path.join(dir, 'one.segoc');
  fs.writeFileSync(small, DENSE);
  const charsOf = (file) => core.scenarioChars(fs.readFileSync(file, 'utf8'));
  const perChar = (file, format, base) => ((peakKb(cliJs, file, format) - base) * 1024) / charsOf(file);
  return FORMATS.map((format) => {
    const base = peakKb(cliJs, small, format);
    const value = perChar(dense, format, base);
    const real = perChar(realistic, format, base);
    return {
      id: `cli.memory-per-char.${format}`,
      group: 'cli',
      name: `CLI \`segoc check --format ${format}\`: peak memory per character of scenario`,
      unit: 'B/char',
      value,
      note: `${charsOf(dense).toLocaleString('en-US')} characters of five-line scenarios (3 diagnostics each); ${Math.round(real)} B/char on the generated 10k-line file; base ${Math.round(base / 1024)} MB; limit ${core.MAX_SCENARIO_CHARS.toLocaleString('en-US')} characters × this = ${Math.round((core.MAX_SCENARIO_CHARS * value) / 1048576)} MB`,
    };
  });
}

module.exports = { cliMemoryFigures };
