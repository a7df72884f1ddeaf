'use strict';
// The in-process figures of core, run in a child process of its own (`node --expose-gc`), so that
// the benchmark driver's own memory does not disturb them. Input: one JSON argument; output: JSON on
// stdout. Every figure is timed after warm-up runs, with a full GC before each timed run.
//   parse        parse(text)
//   check        analyze(text) with no previous analysis (cold; the card library is loaded once per
//                process, as in the server and the CLI)
//   incremental  analyze(edited, { previous }) after a one-character edit in the middle of the file
//   throughput   parse and JSON.parse of a JSON document of the same size, interleaved in the same loop
//   page         extractBlocks and analyzePage of the Markdown page (n/a when core lacks them), and a keystroke on
//                the page: analyzePage(edited, { previous }) after a one-character edit in the middle block
const fs = require('fs');
const path = require('path');
const { summarize, since } = require('./stats');
const { middleEdit } = require('./edits');

const args = JSON.parse(process.argv[2]);
const core = require(args.core);
const gc = typeof global.gc === 'function' ? global.gc : () => undefined;

function time(fn) {
  gc();
  const t0 = process.hrtime.bigint();
  fn();
  return since(t0);
}

function measure(fn, warmup, runs) {
  for (let i = 0; i < warmup; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(time(fn));
  return summarize(times);
}

/** A JSON document of (nearly) `bytes` bytes whose content follows the .segoc text: one object per line. */
function jsonOfSize(text, bytes) {
  const lines = text.split('\n');
  const items = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const line = lines[i % lines.length];
    const trimmed = line.trim();
    const item = { n: i + 1, indent: line.length - line.trimStart().length, kind: trimmed.split(' ')[0] || 'blank', words: trimmed ? trimmed.split(/\s+/) : [] };
    const s = JSON.stringify(item);
    if (size + s.length + 1 > bytes && items.length) break;
    items.push(item);
    size += s.length + 1;
  }
  return JSON.stringify(items);
}

const results = [];
const add = (r) => results.push(r);

for (const input of args.inputs) {
  const text = fs.readFileSync(input.file, 'utf8');
  const bytes = Buffer.byteLength(text);
  const { warmup, runs } = input;
  const label = `${input.name} lines`;

  if (args.figures.includes('parse') || args.figures.includes('throughput')) {
    // parse and JSON.parse interleaved: the same machine conditions for both.
    const json = jsonOfSize(text, bytes);
    const jsonBytes = Buffer.byteLength(json);
    for (let i = 0; i < warmup; i++) {
      core.parse(text);
      JSON.parse(json);
    }
    const p = [];
    const j = [];
    for (let i = 0; i < runs; i++) {
      p.push(time(() => core.parse(text)));
      j.push(time(() => JSON.parse(json)));
    }
    const ps = summarize(p);
    const js = summarize(j);
    if (args.figures.includes('parse')) add({ id: `parse.${input.name}`, group: 'core', name: `parse, ${label}`, unit: 'ms', ...ps, bytes });
    if (args.figures.includes('throughput')) {
      const mbs = (b, ms) => b / 1e6 / (ms / 1000);
      add({
        id: `throughput.${input.name}`,
        group: 'throughput',
        name: `parse throughput, ${label}`,
        unit: 'ratio',
        value: ps.median / js.median,
        parseMBs: mbs(bytes, ps.median),
        jsonMBs: mbs(jsonBytes, js.median),
        parseMs: ps,
        jsonParseMs: js,
        bytes,
        jsonBytes,
      });
    }
  }
  if (args.figures.includes('check')) {
    add({ id: `check.${input.name}`, group: 'core', name: `parse + check (analyze, cold), ${label}`, unit: 'ms', ...measure(() => core.analyze(text), warmup, runs), bytes });
  }
  if (args.figures.includes('incremental')) {
    const base = core.analyze(text);
    const edit = middleEdit(text);
    let last;
    const s = measure(() => (last = core.analyze(edit.text, { previous: base })), warmup, runs);
    add({
      id: `incremental.${input.name}`,
      group: 'core',
      name: `incremental re-check after a one-line edit, ${label}`,
      unit: 'ms',
      ...s,
      bytes,
      note: `edit at line ${edit.line + 1}; ${last.scenarios.length} scenarios`,
    });
  }
}

if (args.figures.includes('page') && args.page) {
  const text = fs.readFileSync(args.page.file, 'utf8');
  const { warmup, runs } = args.page;
  const bytes = Buffer.byteLength(text);
  if (typeof core.extractBlocks === 'function') {
    let blocks = [];
    const s = measure(() => (blocks = core.extractBlocks(text, 'markdown')), warmup, runs);
    add({ id: 'page.extract', group: 'page', name: 'extractBlocks, Markdown page (200 scenarios)', unit: 'ms', ...s, bytes, note: `${blocks.length} blocks` });
  } else add({ id: 'page.extract', group: 'page', name: 'extractBlocks, Markdown page (200 scenarios)', unit: 'ms', na: 'core does not export extractBlocks' });
  if (typeof core.analyzePage === 'function') {
    let page;
    const s = measure(() => (page = core.analyzePage(text, 'markdown')), warmup, runs);
    const scenarios = page && Array.isArray(page.scenarios) ? page.scenarios.length : undefined;
    add({ id: 'page.analyze', group: 'page', name: 'analyzePage (cold), Markdown page (200 scenarios)', unit: 'ms', ...s, bytes, note: scenarios !== undefined ? `${scenarios} scenarios` : undefined });
    // A keystroke: the server hands the previous version's analysis, so only the edited block's scenario is checked.
    const base = core.analyzePage(text, 'markdown');
    const edit = middleEdit(text);
    const k = measure(() => core.analyzePage(edit.text, 'markdown', { previous: base }), warmup, runs);
    add({ id: 'page.keystroke', group: 'page', name: 'analyzePage after a one-character edit (previous given), Markdown page (200 scenarios)', unit: 'ms', ...k, bytes, note: `edit at line ${edit.line + 1}` });
  } else add({ id: 'page.analyze', group: 'page', name: 'analyzePage (cold), Markdown page (200 scenarios)', unit: 'ms', na: 'core does not export analyzePage' });
}

process.stdout.write(JSON.stringify({ results, gc: typeof global.gc === 'function', core: path.basename(args.core) }));
