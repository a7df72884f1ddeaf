#!/usr/bin/env node
// segoc benchmarks: `npm run bench [-- options]` (builds first), or `node bench/run.js [options]`.
//
//   --quick          fewer runs and edits, no 100k-line file
//   --only <names>   only these figures (comma-separated, or repeat --only): parse, check, incremental,
//                    throughput, page, lsp (= keystroke, hover, completion, memory), responses (who can act:
//                    a point's answer and the hover with it), cli, cli-memory,
//                    activation, sizes, web (the playground in headless Chromium: bench/lib/web-bench.js)
//   --check          exit 1 when a measured figure exceeds its budget in bench/budgets.json (prints which)
//   --runs <n>       timed runs per in-process/CLI/activation figure (default 10, --quick 5)
//   --no-write       do not write bench/generated/results/
//   --no-compare     skip the comparison run without the generated card library (by default the LSP,
//                    CLI and size figures are measured twice: with it, and with a build without it, whose
//                    figures carry `.without-generated` in their id)
//
// Inputs are generated deterministically (seeded PRNG) into bench/generated/ (git-ignored). The shipped
// bundles are measured from the production build (`node scripts/build.js --production`, run into
// bench/generated/prod/ so that dist/ of the working tree is left alone). Results: bench/generated/results/
// results.json and results.md (with the machine: CPU, cores, Node, load average at start and end), never
// committed; docs/performance.md holds the method, the budgets and one dated table.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { ROOT, BENCH, GENERATED, RESULTS } = require('./lib/paths');
const { buildCore, buildProduction, buildVsix } = require('./lib/build');
const { generate } = require('./lib/generate');
const { runLsp } = require('./lib/lsp-bench');
const { cliMemoryFigures } = require('./lib/cli-memory');
const { runWeb } = require('./lib/web-bench');
const { summarize, since } = require('./lib/stats');

const ALL = ['parse', 'check', 'incremental', 'throughput', 'page', 'keystroke', 'hover', 'responses', 'completion', 'memory', 'cli', 'cli-memory', 'activation', 'sizes', 'web'];
const ALIASES = { lsp: ['keystroke', 'hover', 'completion', 'memory'], core: ['parse', 'check', 'incremental', 'throughput'], size: ['sizes'], bundle: ['sizes'] };

function usage(message) {
  if (message) console.error(`bench: ${message}`);
  console.error('usage: node bench/run.js [--quick] [--only parse,check,incremental,throughput,page,lsp,keystroke,hover,responses,completion,memory,cli,cli-memory,activation,sizes,web] [--check] [--runs N] [--no-write]');
  process.exit(2);
}

function parseArgs(argv) {
  const o = { quick: false, check: false, write: true, compare: true, only: [], runs: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') o.quick = true;
    else if (a === '--check') o.check = true;
    else if (a === '--no-write') o.write = false;
    else if (a === '--no-compare') o.compare = false;
    else if (a === '--only' || a.startsWith('--only=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) usage('--only needs a name');
      for (const n of v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
        const names = ALIASES[n] ?? [n];
        for (const x of names) if (!ALL.includes(x)) usage(`unknown figure "${n}"`);
        o.only.push(...names);
      }
    } else if (a === '--runs' || a.startsWith('--runs=')) {
      const v = Number(a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i]);
      if (!Number.isInteger(v) || v < 1) usage('--runs needs a positive integer');
      o.runs = v;
    } else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  o.figures = o.only.length ? [...new Set(o.only)] : ALL;
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const want = (f) => opts.figures.includes(f);
const log = (m) => process.stderr.write(`${m}\n`);

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0] ? cpus[0].model.trim() : 'unknown',
    cores: cpus.length,
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    totalMemoryMB: Math.round(os.totalmem() / 2 ** 20),
    loadavgStart: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

function runChild(args, options = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    let err = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (err += c));
    p.on('error', reject);
    p.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Wall time of `node <cli> check <folder>` from spawn to exit (Node start included). */
async function cliFigure(cliJs, folder, warmup, runs) {
  const times = [];
  let last;
  let reduced = '';
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = process.hrtime.bigint();
    last = await runChild([cliJs, 'check', folder]);
    const ms = since(t0);
    if (last.code !== 0 && last.code !== 1) throw new Error(`segoc check failed (${last.code}): ${last.err}`);
    if (i >= warmup) times.push(ms);
    // A run far over budget (> 15 s) says enough: two timed runs instead of `runs`, and the note says so.
    if (i === warmup - 1 && ms > 15000 && runs > 2) {
      reduced = `; runs reduced to 2 (the warm-up took ${(ms / 1000).toFixed(1)} s)`;
      runs = 2;
    }
  }
  const summary = last.out.trim().split('\n').filter(Boolean).pop() ?? '';
  return {
    id: 'cli.folder-1000',
    group: 'cli',
    name: 'CLI `segoc check` of 1,000 files, wall time (Node start included)',
    unit: 'ms',
    ...summarize(times),
    note: `exit ${last.code}; ${summary.slice(0, 160)}${reduced}`,
  };
}

async function activationFigure(clientJs, warmup, runs) {
  const totals = [];
  const loads = [];
  const activates = [];
  const toStart = [];
  let last;
  for (let i = 0; i < warmup + runs; i++) {
    const r = await runChild([path.join(BENCH, 'lib', 'activation-child.js'), clientJs]);
    try {
      last = JSON.parse(r.out);
    } catch {
      throw new Error(`activation child failed (${r.code}): ${r.out}\n${r.err}`);
    }
    if (i < warmup) continue;
    loads.push(last.loadMs);
    if (last.toServerStartMs !== undefined) toStart.push(last.toServerStartMs);
    if (last.ok) {
      activates.push(last.activateMs);
      totals.push(last.loadMs + last.activateMs);
    }
  }
  const ok = !!last && last.ok;
  const s = summarize(ok ? totals : loads);
  const serverStart = toStart.length
    ? [
        {
          id: 'activation.server-start',
          group: 'client',
          name: 'extension: bundle load to the language server start (lazily loaded language client included)',
          unit: 'ms',
          ...summarize(toStart),
          note: 'informational: what the extension host runs before the server process is spawned',
        },
      ]
    : [];
  return [{
    id: 'activation',
    group: 'client',
    name: ok ? 'extension activation: bundle load + activate (stub vscode, stub server start)' : 'extension activation: bundle load only (activate failed outside VS Code)',
    unit: 'ms',
    ...s,
    loadMs: summarize(loads),
    activateMs: ok ? summarize(activates) : undefined,
    note: ok
      ? `load median ${summarize(loads).median.toFixed(1)} ms + activate median ${summarize(activates).median.toFixed(1)} ms; fresh process per run; ${last.subscriptions} subscriptions, ${last.serverStarts} server start(s) stubbed`
      : `activate failed: ${String(last && last.error).split('\n')[0]}`,
  }, ...serverStart];
}

function sizeFigures(prodDist, vsix) {
  const kb = (file) => fs.statSync(file).size / 1024;
  const out = [];
  for (const name of fs.readdirSync(prodDist).filter((f) => f.endsWith('.js')).sort()) {
    const id = name.replace(/\.js$/, '');
    const file = path.join(prodDist, name);
    out.push({ id: `size.${id}`, group: 'size', name: `dist/${name} (production build)`, unit: 'KB', value: kb(file), bytes: fs.statSync(file).size });
  }
  const name = '.vsix (production build, vsce package --no-dependencies)';
  if (vsix && vsix.error) out.push({ id: 'size.vsix', group: 'size', name, unit: 'KB', na: vsix.error });
  else if (vsix) out.push({ id: 'size.vsix', group: 'size', name, unit: 'KB', value: kb(vsix.file), bytes: fs.statSync(vsix.file).size, note: vsix.note });
  return out;
}

// ---- results ---------------------------------------------------------------------------------------------

/**
 * Issue 17's budgets are what the generated card library adds, not absolute figures: these figures are measured
 * with the library and without it (`.without-generated`, the same run), and their difference is budgeted.
 */
const LIBRARY_COSTS = ['lsp.open.1k', 'lsp.memory.1k', 'lsp.memory.10k'];

/** `<id>.generated-library-cost`: a figure with the library minus the same figure without it (both measured now). */
function libraryCosts(figures) {
  const out = [];
  for (const id of LIBRARY_COSTS) {
    const withIt = figures.find((f) => f.id === id);
    const withoutIt = figures.find((f) => f.id === `${id}.without-generated`);
    const a = statOf(withIt, 'value');
    const b = statOf(withoutIt, 'value');
    if (a === undefined || b === undefined) continue;
    out.push({ id: `${id}.generated-library-cost`, group: withIt.group, name: `${withIt.name} — what the generated library adds`, unit: withIt.unit, value: a - b, note: `${fmt(a, withIt.unit)} with it, ${fmt(b, withIt.unit)} without it (one run each)` });
  }
  return out;
}

function loadBudgets() {
  return JSON.parse(fs.readFileSync(path.join(BENCH, 'budgets.json'), 'utf8')).budgets;
}

function statOf(figure, stat) {
  if (!figure || figure.na) return undefined;
  if (stat === 'value') return figure.value ?? figure.median;
  return figure[stat];
}

function evaluateBudgets(budgets, figures) {
  return budgets.map((b) => {
    const f = figures.find((x) => x.id === b.figure);
    const value = statOf(f, b.stat);
    let status = 'not measured';
    if (f && f.na) status = 'n/a';
    else if (value !== undefined && Number.isFinite(value)) status = value <= b.max ? 'ok' : 'FAIL';
    return { ...b, value, status, stale: f && f.stale ? true : undefined };
  });
}

function fmt(v, unit) {
  if (v === undefined || v === null || !Number.isFinite(v)) return '';
  if (unit === 'ratio') return v.toFixed(1);
  if (unit === 'KB' || unit === 'MB') return v.toFixed(1);
  if (v < 10) return v.toFixed(2);
  if (v < 100) return v.toFixed(1);
  return Math.round(v).toString();
}

function markdown(results) {
  const { machine: m, figures, budgets } = results;
  const lines = [];
  lines.push(`Machine: ${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.platform}; load average at start ${m.loadavgStart.join(' / ')}, at end ${m.loadavgEnd.join(' / ')} (1/5/15 min).`);
  lines.push(`Run: ${results.mode}${results.only ? ` (only ${results.only.join(', ')})` : ''}, ${results.date}. Times in ms (median of the runs after warm-up, with min and max; the LSP figures: p50 and p95 over ${results.lspCount ?? 200} edits or requests), sizes in KB (1,024 bytes).`);
  if (figures.some((f) => f.stale)) lines.push('† measured in an earlier run (see results.json).');
  lines.push('');
  lines.push('| figure | median | min | max | p95 | budget | status | notes |');
  lines.push('|---|---:|---:|---:|---:|---:|---|---|');
  const budgetOf = (id) => budgets.find((b) => b.figure === id);
  for (const f of figures) {
    if (f.group === 'throughput') continue;
    const b = budgetOf(f.id);
    const name = `${f.name}${f.stale ? ' †' : ''}`;
    if (f.na) {
      lines.push(`| ${name} | n/a | | | | ${b ? `${b.stat === 'value' ? '' : `${b.stat} `}≤ ${b.max} ${b.unit}` : ''} | n/a | ${f.na} |`);
      continue;
    }
    const single = f.value !== undefined && f.median === undefined;
    const unit = f.unit === 'ms' ? '' : ` ${f.unit}`;
    lines.push(
      `| ${name} | ${single ? fmt(f.value, f.unit) + unit : fmt(f.median, f.unit)} | ${single ? '' : fmt(f.min, f.unit)} | ${single ? '' : fmt(f.max, f.unit)} | ${fmt(f.p95, f.unit)} | ${
        b ? `${b.stat === 'value' ? '' : `${b.stat} `}≤ ${b.max}${b.unit === 'ms' ? ' ms' : ` ${b.unit}`}` : ''
      } | ${b ? (b.status === 'FAIL' ? '**FAIL**' : b.status) : ''} | ${(f.note ?? '').replace(/\|/g, '\\|')} |`,
    );
  }
  const tp = figures.filter((f) => f.group === 'throughput');
  if (tp.length) {
    lines.push('');
    lines.push('Parse throughput beside `JSON.parse` of a JSON document of the same size, timed in the same loop (the ratio travels between machines):');
    lines.push('');
    lines.push('| input | bytes | parse (median ms) | parse MB/s | JSON.parse (median ms) | JSON.parse MB/s | ratio parse/JSON.parse | budget | status |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const f of tp) {
      const b = budgetOf(f.id);
      lines.push(
        `| ${f.name.replace('parse throughput, ', '')}${f.stale ? ' †' : ''} | ${f.bytes} | ${fmt(f.parseMs.median, 'ms')} | ${f.parseMBs.toFixed(1)} | ${fmt(f.jsonParseMs.median, 'ms')} | ${f.jsonMBs.toFixed(1)} | ${f.value.toFixed(1)} | ${b ? `≤ ${b.max}` : ''} | ${b ? (b.status === 'FAIL' ? '**FAIL**' : b.status) : ''} |`,
      );
    }
  }
  const failing = budgets.filter((b) => b.status === 'FAIL');
  lines.push('');
  lines.push(failing.length ? `Budgets exceeded: ${failing.map((b) => `${b.figure}${b.stale ? ' †' : ''} (${fmt(b.value, b.unit)} > ${b.max} ${b.unit})`).join(', ')}.` : 'Every measured figure is within its budget.');
  return lines.join('\n') + '\n';
}

// ---- main ------------------------------------------------------------------------------------------------------

/** Orders figures: core, throughput, page, LSP, CLI, client, sizes; inside a group by kind and input size. */
function orderFigures(all) {
  const order = (f) => {
    const groups = ['core', 'throughput', 'page', 'lsp', 'cli', 'client', 'web', 'size', 'error'];
    const sizes = ['100', '1k', '10k', '100k'];
    const kind = ['parse', 'check', 'incremental', 'throughput', 'page.extract', 'page.analyze', 'page.keystroke', 'lsp.open', 'lsp.keystroke', 'lsp.hover', 'lsp.responses.point', 'lsp.hover-responses', 'lsp.preview', 'lsp.completion', 'lsp.memory', 'lsp.memory-after-edits', 'activation', 'activation.server-start', 'size.server', 'size.client', 'size.client-lsp', 'size.cli', 'size.vsix', 'web.load.cold', 'web.load.warm', 'web.keystroke', 'size.web'];
    const exact = kind.indexOf(f.id);
    const k = exact >= 0 ? exact : kind.findIndex((x) => f.id.startsWith(`${x}.`));
    const s = sizes.indexOf(f.id.split('.').pop());
    return [groups.indexOf(f.group), k < 0 ? 99 : k, s < 0 ? 0 : s];
  };
  return [...all].sort((a, b) => {
    const x = order(a);
    const y = order(b);
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.id.localeCompare(b.id);
  });
}

async function main() {
  const started = Date.now();
  const date = new Date(started).toISOString();
  const m = machine();
  log(`bench: ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${m.loadavgStart.join(' ')}${opts.quick ? '; --quick' : ''}`);
  const runs = opts.runs ?? (opts.quick ? 5 : 10);
  const warmup = opts.quick ? 1 : 3;
  const lspCount = opts.quick ? 60 : 200;
  const figures = [];
  const budgets = loadBudgets();
  const resultsFile = path.join(RESULTS, 'results.json');

  // With --only, the figures of the previous results that were not measured now are kept (marked stale).
  let previous = [];
  if (opts.only.length && fs.existsSync(resultsFile)) {
    try {
      previous = JSON.parse(fs.readFileSync(resultsFile, 'utf8')).figures ?? [];
    } catch {
      // unreadable: replaced
    }
  }

  let manifest;
  /** Writes results.json and results.md (after every group, so that a late failure loses nothing). */
  const save = (final) => {
    m.loadavgEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
    const fresh = figures.map((f) => ({ ...f, date }));
    const kept = previous.filter((f) => !figures.some((x) => x.id === f.id)).map((f) => ({ ...f, stale: true }));
    const all = orderFigures([...fresh, ...kept]);
    const results = {
      date,
      mode: opts.quick ? 'quick' : 'full',
      only: opts.only.length ? opts.figures : undefined,
      complete: final,
      durationS: Math.round((Date.now() - started) / 1000),
      lspCount,
      runsPerFigure: runs,
      warmupRuns: warmup,
      machine: m,
      inputs: manifest,
      figures: all,
      budgets: evaluateBudgets(budgets, all),
    };
    const md = markdown(results);
    if (opts.write) {
      fs.mkdirSync(RESULTS, { recursive: true });
      fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
      fs.writeFileSync(path.join(RESULTS, 'results.md'), md);
    }
    return md;
  };
  /** Runs one group of figures; a failure becomes an "error" row instead of ending the run. */
  const group = async (name, fn) => {
    try {
      figures.push(...(await fn()));
    } catch (e) {
      log(`bench: ${name} failed: ${e && e.stack ? e.stack : e}`);
      figures.push({ id: `error.${name}`, group: 'error', name: `${name} (failed)`, unit: 'ms', na: String(e && e.message ? e.message : e).split('\n')[0].slice(0, 300) });
    }
    save(false);
  };

  fs.mkdirSync(GENERATED, { recursive: true });
  log('bench: building core and the production bundles');
  const coreJs = buildCore();
  const needProd = ['keystroke', 'hover', 'responses', 'completion', 'memory', 'cli', 'cli-memory', 'activation', 'sizes', 'web'].some(want);
  const prodDist = needProd ? buildProduction() : undefined;
  const bareDist = needProd && opts.compare ? buildProduction({ folder: 'prod-without-generated', withoutGenerated: true }) : undefined;
  /** The same figures of the build without the generated library, beside the real ones. */
  const without = (list) => list.map((f) => ({ ...f, id: `${f.id}.without-generated`, name: `${f.name} — without the generated library` }));

  log('bench: generating inputs');
  manifest = generate(require(coreJs), { skip100k: opts.quick });
  const input = (name) => ({ name, file: path.join(ROOT, manifest.files[`lines-${name}`].path) });

  const coreFigures = ['parse', 'check', 'incremental', 'throughput', 'page'].filter(want);
  if (coreFigures.length) {
    const sizes = opts.quick ? ['100', '1k', '10k'] : ['100', '1k', '10k', '100k'];
    log(`bench: core (${coreFigures.join(', ')}) on ${sizes.join(', ')} lines${want('page') ? ' and the page' : ''}`);
    await group('core', async () => {
      const args = {
        core: coreJs,
        figures: coreFigures,
        inputs: sizes.map((n) => ({ ...input(n), warmup: n === '100k' ? 1 : warmup, runs: n === '100k' ? Math.min(runs, 5) : runs })),
        page: { file: path.join(ROOT, manifest.files['page-200'].path), warmup, runs: Math.min(runs, 7) },
      };
      const r = await runChild(['--expose-gc', '--max-old-space-size=4096', path.join(BENCH, 'lib', 'core-bench.js'), JSON.stringify(args)]);
      if (r.code !== 0) throw new Error(`core benchmarks failed (${r.code}): ${r.err}`);
      return JSON.parse(r.out).results;
    });
  }

  const lspFigures = ['keystroke', 'hover', 'responses', 'completion', 'memory'].filter(want);
  if (lspFigures.length) {
    log(`bench: language server (${lspFigures.join(', ')}), ${lspCount} edits/requests per file`);
    await group('lsp', () => runLsp(path.join(prodDist, 'server.js'), [input('1k'), input('10k')], { figures: lspFigures, count: lspCount, warmup: opts.quick ? 5 : 10, memoryEdits: opts.quick ? 200 : 1000 }));
    if (bareDist) {
      await group('lsp-without-generated', async () => without(await runLsp(path.join(bareDist, 'server.js'), [input('1k')], { figures: lspFigures, count: lspCount, warmup: opts.quick ? 5 : 10, memoryEdits: opts.quick ? 200 : 1000 })));
      // The 10k-line file's memory without the library: its 80 MB budget is the build's without the library, the
      // library's share is budgeted apart (libraryCosts).
      if (want('memory')) await group('lsp-10k-without-generated', async () => without(await runLsp(path.join(bareDist, 'server.js'), [input('10k')], { figures: ['memory'], count: lspCount, warmup: 0, memoryEdits: opts.quick ? 200 : 1000 })));
      figures.push(...libraryCosts(figures));
      save(false);
    }
  }
  if (want('cli')) {
    log('bench: CLI on 1,000 files');
    await group('cli', async () => [await cliFigure(path.join(prodDist, 'cli.js'), path.join(ROOT, manifest.files['folder-1000'].path), 1, opts.quick ? 5 : Math.min(runs, 7))]);
    if (bareDist) await group('cli-without-generated', async () => without([await cliFigure(path.join(bareDist, 'cli.js'), path.join(ROOT, manifest.files['folder-1000'].path), 1, opts.quick ? 5 : Math.min(runs, 7))]));
  }
  if (want('cli-memory')) {
    log('bench: CLI memory per character of scenario');
    await group('cli-memory', async () => cliMemoryFigures(path.join(prodDist, 'cli.js'), require(coreJs), input('10k').file));
  }
  if (want('activation')) {
    log('bench: extension activation');
    await group('activation', () => activationFigure(path.join(prodDist, 'client.js'), 1, runs));
  }
  if (want('sizes')) {
    log('bench: bundle and .vsix sizes');
    await group('sizes', async () => {
      let vsix;
      try {
        vsix = buildVsix(prodDist);
      } catch (e) {
        vsix = { error: e.message.split('\n')[0] };
      }
      return sizeFigures(prodDist, vsix);
    });
    if (bareDist) {
      await group('sizes-without-generated', async () => {
        let vsix;
        try {
          vsix = buildVsix(bareDist, 'segoc-without-generated');
        } catch (e) {
          vsix = { error: e.message.split('\n')[0] };
        }
        return without(sizeFigures(bareDist, vsix));
      });
    }
  }

  if (want('web')) {
    log('bench: the playground in headless Chromium (load cold and warm, keystrokes on 1k lines, size)');
    await group('web', () =>
      runWeb({ out: path.join(GENERATED, 'web'), cards: path.join(prodDist, 'cards'), inputs: { 100: input('100').file, '1k': input('1k').file }, runs, warmup: opts.quick ? 1 : 2, edits: lspCount }),
    );
  }

  const md = save(true);
  if (opts.write) log(`bench: wrote ${path.relative(ROOT, RESULTS)}/results.json and results.md (${Math.round((Date.now() - started) / 1000)} s)`);
  process.stdout.write(md);

  const evaluated = evaluateBudgets(budgets, figures);
  const errors = figures.filter((f) => f.group === 'error');
  if (opts.check) {
    for (const b of evaluated) {
      if (b.status === 'FAIL') console.error(`budget exceeded: ${b.figure} — ${b.what}: ${fmt(b.value, b.unit)} ${b.unit} > ${b.max} ${b.unit} (${b.stat})`);
    }
    const failing = evaluated.filter((b) => b.status === 'FAIL');
    if (failing.length) {
      console.error(`bench --check: ${failing.length} budget(s) exceeded`);
      process.exit(1);
    }
    console.error(`bench --check: every measured figure is within its budget (${evaluated.filter((b) => b.status === 'ok').length} checked)`);
  }
  if (errors.length) {
    console.error(`bench: ${errors.length} group(s) failed: ${errors.map((e) => e.id).join(', ')}`);
    process.exit(2);
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e && e.stack ? e.stack : e}`);
  process.exit(2);
});

