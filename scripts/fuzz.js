#!/usr/bin/env node
// `npm run fuzz`: the property tests of test/fuzz/properties.ts (the ones `npm test` runs a few
// thousand times) with a large number of inputs, spread over worker threads.
//
//   npm run fuzz                        100,000 inputs in total (or SEGOC_FUZZ_RUNS)
//   npm run fuzz -- --runs 1000000      more
//   npm run fuzz -- --seed 42           a fixed seed (default: random; printed)
//   npm run fuzz -- --only format       only the properties whose name contains "format"
//   npm run fuzz -- --workers 1         worker threads (default: CPU count, at most 4)
//   npm run fuzz -- --seed S --path P --only NAME   replays one counterexample (printed on failure)
//
// Prints per property the inputs tried, the time and any counterexample with its seed and path, and
// writes each counterexample to a file. A worker that makes no progress for --stall-ms (default
// 60,000 ms) is stopped and the input it was checking is reported (a hang). Exit code 1 when a
// property failed or hung.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

const root = path.resolve(__dirname, '..');
const SHARED_BYTES = 8 * 1024 * 1024;

function bundle() {
  const esbuild = require(path.join(root, 'node_modules', 'esbuild'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-fuzz-'));
  const outfile = path.join(dir, 'properties.js');
  esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: ['test/fuzz/properties.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'error',
  });
  return { dir, outfile };
}

function parseArgs(argv) {
  const o = {
    runs: Number(process.env.SEGOC_FUZZ_RUNS) || 100000,
    seed: process.env.SEGOC_FUZZ_SEED !== undefined ? Number(process.env.SEGOC_FUZZ_SEED) : undefined,
    workers: Math.max(1, Math.min(4, (os.availableParallelism ? os.availableParallelism() : os.cpus().length) || 1)),
    only: undefined,
    path: undefined,
    stallMs: 60000,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (name) {
      case '--runs':
        o.runs = Number(String(value()).replace(/[_,]/g, ''));
        break;
      case '--seed':
        o.seed = Number(value());
        break;
      case '--workers':
        o.workers = Math.max(1, Number(value()) || 1);
        break;
      case '--only':
        o.only = value();
        break;
      case '--path':
        o.path = value();
        break;
      case '--stall-ms':
        o.stallMs = Number(value());
        break;
      case '--help':
      case '-h':
        console.log(fs.readFileSync(__filename, 'utf8').split('\n').slice(1, 15).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
        process.exit(0);
        break;
      default:
        console.error(`fuzz: unknown option ${a} (try --help)`);
        process.exit(2);
    }
  }
  if (!Number.isFinite(o.runs) || o.runs < 1) {
    console.error('fuzz: --runs takes a positive number');
    process.exit(2);
  }
  if (o.seed === undefined || !Number.isFinite(o.seed)) o.seed = (Date.now() ^ (process.pid << 16)) | 0;
  return o;
}

// -------------------------------------------------------------------------------------------------
// Worker: runs one share of one property and reports.

function workerMain() {
  const { outfile, propertyIndex, numRuns, seed, replayPath, shared } = workerData;
  const mod = require(outfile);
  const view = new Int32Array(shared, 0, 2);
  const text = new Uint16Array(shared, 8, (SHARED_BYTES - 8) / 2);
  let inputs = 0;
  let lastPost = 0;
  mod.hooks.input = (s) => {
    inputs++;
    const n = Math.min(s.length, text.length);
    for (let i = 0; i < n; i++) text[i] = s.charCodeAt(i);
    Atomics.store(view, 0, n);
    Atomics.store(view, 1, s.length);
    const now = Date.now();
    if (now - lastPost > 1000) {
      lastPost = now;
      parentPort.postMessage({ type: 'progress', inputs });
    }
  };
  const stats = { formatValid: 0, fixesApplied: 0 };
  const props = mod.makeProperties(root, stats);
  const p = props[propertyIndex];
  const started = Date.now();
  const details = mod.check(p.property, { numRuns, seed, path: replayPath, endOnFailure: false });
  const result = {
    type: 'done',
    inputs,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    ms: Date.now() - started,
    failed: details.failed,
    seed: details.seed,
    path: details.counterexamplePath,
    counterexample: details.counterexample ? details.counterexample[0] : undefined,
    error: details.failed ? String(details.errorInstance && details.errorInstance.message ? details.errorInstance.message : details.error) : undefined,
    stats,
    known: { ...mod.knownHits },
  };
  parentPort.postMessage(result);
}

// -------------------------------------------------------------------------------------------------
// Main

function runWorker(job, opts, onProgress = () => {}) {
  return new Promise((resolve) => {
    const shared = new SharedArrayBuffer(SHARED_BYTES);
    const worker = new Worker(__filename, { workerData: { ...job, shared } });
    let last = Date.now();
    let done = false;
    let inputs = 0;
    const timer = setInterval(() => {
      if (Date.now() - last < opts.stallMs) return;
      clearInterval(timer);
      const view = new Int32Array(shared, 0, 2);
      const n = Atomics.load(view, 0);
      const chars = new Uint16Array(shared, 8, n);
      let input = '';
      for (let i = 0; i < n; i += 8192) input += String.fromCharCode.apply(null, Array.from(chars.subarray(i, Math.min(n, i + 8192))));
      done = true;
      void worker.terminate();
      resolve({ hung: true, inputs, input, fullLength: Atomics.load(view, 1), ms: Date.now() - job.started, seed: job.seed });
    }, 1000);
    worker.on('message', (m) => {
      last = Date.now();
      if (m.type === 'progress') {
        inputs = m.inputs;
        onProgress(inputs);
      }
      if (m.type === 'done') {
        done = true;
        clearInterval(timer);
        resolve(m);
      }
    });
    worker.on('error', (e) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve({ failed: true, crashed: true, error: e && e.stack ? e.stack : String(e), seed: job.seed, inputs, ms: Date.now() - job.started });
    });
    worker.on('exit', (code) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve({ failed: true, crashed: true, error: `worker exited with code ${code}`, seed: job.seed, inputs, ms: Date.now() - job.started });
    });
  });
}

function fmt(n) {
  return n.toLocaleString('en-US');
}

function quote(text, max = 1500) {
  const s = JSON.stringify(text);
  return s.length > max ? `${s.slice(0, max)}…" (${text.length} characters in all; see the file)` : s;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const { dir, outfile } = bundle();
  const mod = require(outfile);
  const all = mod.makeProperties(root);
  const selected = all.map((p, i) => ({ p, i })).filter(({ p }) => !opts.only || p.name.includes(opts.only));
  if (selected.length === 0) {
    console.error(`fuzz: no property matches "${opts.only}"`);
    process.exit(2);
  }
  const runs = mod.runsFor(opts.runs, selected.map((s) => s.p));
  console.log(`segoc fuzz: ${fmt(opts.runs)} inputs over ${selected.length} properties, ${opts.workers} worker(s), seed ${opts.seed}`);
  let failures = 0;
  let totalInputs = 0;
  const counterexampleDir = path.join(os.tmpdir(), 'segoc-fuzz-counterexamples');
  const summary = [];
  const knownTotal = {};
  for (let k = 0; k < selected.length; k++) {
    const { p, i } = selected[k];
    const t0 = Date.now();
    const workers = opts.path ? 1 : Math.min(opts.workers, runs[k]);
    const jobs = [];
    const progress = new Array(workers).fill(0);
    for (let w = 0; w < workers; w++) {
      const share = Math.floor(runs[k] / workers) + (w < runs[k] % workers ? 1 : 0);
      jobs.push(runWorker({ outfile, propertyIndex: i, numRuns: share, seed: (opts.seed + w * 7919 + k * 104729) | 0, replayPath: opts.path, started: t0 }, opts, (n) => (progress[w] = n)));
    }
    const ticker = setInterval(() => {
      const done = progress.reduce((a, b) => a + b, 0);
      process.stderr.write(`  … ${p.name.slice(0, 50)}: ${fmt(done)} of ${fmt(runs[k])} inputs, ${Math.round((Date.now() - t0) / 1000)} s\n`);
    }, 30000);
    const results = await Promise.all(jobs);
    clearInterval(ticker);
    const ms = Date.now() - t0;
    const inputs = results.reduce((s, r) => s + (r.runs || r.inputs || 0), 0);
    totalInputs += inputs;
    const stats = results.reduce((s, r) => ({ formatValid: s.formatValid + ((r.stats && r.stats.formatValid) || 0), fixesApplied: s.fixesApplied + ((r.stats && r.stats.fixesApplied) || 0) }), { formatValid: 0, fixesApplied: 0 });
    const extra = /format/.test(p.name) ? `, ${fmt(stats.formatValid)} valid` : /quick fix/.test(p.name) ? `, ${fmt(stats.fixesApplied)} fixes applied` : '';
    const bad = results.filter((r) => r.failed || r.hung);
    console.log(`${bad.length ? 'FAIL' : 'ok  '} ${p.name}: ${fmt(inputs)} inputs${extra}, ${(ms / 1000).toFixed(1)} s`);
    const knownHere = {};
    for (const r of results) for (const [id, n] of Object.entries(r.known || {})) knownHere[id] = (knownHere[id] || 0) + n;
    for (const [id, n] of Object.entries(knownHere)) {
      knownTotal[id] = (knownTotal[id] || 0) + n;
      console.log(`     known issue ${id} met ${fmt(n)} time(s): ${mod.KNOWN_ISSUES[id]}`);
    }
    summary.push({ name: p.name, inputs, ms, failed: bad.length > 0 });
    for (const r of bad) {
      failures++;
      fs.mkdirSync(counterexampleDir, { recursive: true });
      const file = path.join(counterexampleDir, `${Date.now()}-${k}.segoc`);
      if (r.hung) {
        fs.writeFileSync(file, r.input);
        console.log(`  HANG: no progress for ${opts.stallMs} ms (seed ${r.seed}); the input being checked (${fmt(r.fullLength)} chars) is in ${file}:`);
        console.log(`  ${quote(r.input)}`);
      } else if (r.crashed) {
        console.log(`  CRASH of the worker (seed ${r.seed}): ${r.error}`);
      } else {
        const text = Array.isArray(r.counterexample) ? r.counterexample.join('\n\u0000--- edited into ---\u0000\n') : String(r.counterexample);
        fs.writeFileSync(file, text);
        console.log(`  counterexample (seed ${r.seed}, path ${r.path}, after ${fmt(r.shrinks)} shrinks), written to ${file}:`);
        console.log(`  ${quote(text)}`);
        console.log(`  ${r.error.split('\n').filter((l) => !/^(input|before|after|formatted): /.test(l)).join('\n  ')}`);
        console.log(`  replay: npm run fuzz -- --only ${JSON.stringify(p.name.slice(0, 40))} --seed ${r.seed} --path ${r.path}`);
      }
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const knownIds = Object.keys(knownTotal);
  if (knownIds.length) console.log(`known issues (open bugs with failing tests in test/robustness/findings.test.ts, skipped here): ${knownIds.map((id) => `${id} ×${fmt(knownTotal[id])}`).join(', ')}`);
  console.log(`segoc fuzz: ${fmt(totalInputs)} inputs in ${seconds.toFixed(1)} s (${fmt(Math.round(totalInputs / seconds))}/s), ${failures ? `${failures} failure(s)` : 'no failure'}, seed ${opts.seed}`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exitCode = failures ? 1 : 0;
}

if (isMainThread) {
  main().catch((e) => {
    console.error(`fuzz: ${e && e.stack ? e.stack : e}`);
    process.exit(2);
  });
} else {
  workerMain();
}
