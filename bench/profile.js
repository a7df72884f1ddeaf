#!/usr/bin/env node
// CPU profiles (V8's profiler, as `node --cpu-prof` records them) of the slow paths, summarised by function
// with its TypeScript file:line, for whoever optimises them.
//
//   node bench/profile.js [analyze|parse|incremental|page] [100|1k|10k|100k] [--iterations N]
//       core in-process: the profiler runs around N iterations after a warm-up (default analyze, 10k, 10)
//   node bench/profile.js cli [folder]
//       `node --cpu-prof cli.js check <folder>` (default: the first 100 files of the 1,000-file folder)
//   node bench/profile.js lsp [1k|10k] [--iterations N]
//       `node --cpu-prof server.js --stdio` during N keystrokes, hovers and completions (default 10k, 100)
//   --top N       rows of the self-time table (default 25)
//   --no-inline   core modes: V8 inlining off, so that self time is charged to the function that spends it
//
// The profiled code is bundled unminified with a source map into bench/generated/*-profile.js, so that
// names and lines map back to server/src. Raw profiles: bench/generated/profiles/*.cpuprofile (open them in
// Chrome DevTools); summaries: printed and written to bench/generated/results/profile-<what>-<input>.md.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { ROOT, GENERATED, RESULTS } = require('./lib/paths');
const { loadSourceMap } = require('./lib/sourcemap');

const argv = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(argv[i + 1]);
  argv.splice(i, 2);
  return v;
};
const MODES = ['analyze', 'parse', 'incremental', 'page', 'cli', 'lsp'];
const what = argv[0] ?? 'analyze';
const top = flag('--top', 25);
const iterations = flag('--iterations', what === 'lsp' ? 100 : 10);
// --no-inline: V8 does not inline functions, so self time is charged where it is spent (slower overall).
const noInline = argv.includes('--no-inline') ? (argv.splice(argv.indexOf('--no-inline'), 1), ['--no-turbo-inlining']) : [];
if (!MODES.includes(what)) {
  console.error('usage: node bench/profile.js [analyze|parse|incremental|page [size]] | [cli [folder]] | [lsp [1k|10k]] [--iterations N] [--top N]');
  process.exit(2);
}

const esbuild = require(path.join(ROOT, 'node_modules', 'esbuild'));
fs.mkdirSync(GENERATED, { recursive: true });
const profiles = path.join(GENERATED, 'profiles');
fs.mkdirSync(profiles, { recursive: true });

/** An unminified bundle with an external source map. */
function bundle(entry, name) {
  const outfile = path.join(GENERATED, `${name}-profile.js`);
  esbuild.buildSync({ absWorkingDir: ROOT, entryPoints: [entry], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: 'external', logLevel: 'warning' });
  return outfile;
}

function ensureInputs(coreJs, needs100k) {
  if (fs.existsSync(path.join(GENERATED, 'manifest.json')) && (!needs100k || fs.existsSync(path.join(GENERATED, 'lines-100k.segoc')))) return;
  require('./lib/generate').generate(require(coreJs), { skip100k: !needs100k });
}

/** Self and total time per function (name + source file:line), from a .cpuprofile. */
function summarise(profileFile, title, perRunDivisor, header) {
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8'));
  const maps = new Map();
  const mapFor = (url) => {
    if (!maps.has(url)) {
      let m;
      try {
        const file = url.startsWith('file://') ? new URL(url).pathname : url;
        if (file.endsWith('-profile.js') && fs.existsSync(`${file}.map`)) m = { dir: path.dirname(file), map: loadSourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) };
      } catch {
        m = undefined;
      }
      maps.set(url, m);
    }
    return maps.get(url);
  };
  const keyOf = (n) => {
    const cf = n.callFrame;
    let where = '';
    if (cf.url) {
      const m = mapFor(cf.url);
      const hit = m && cf.lineNumber >= 0 ? m.map.lookup(cf.lineNumber, cf.columnNumber) : undefined;
      where = hit ? `${path.relative(ROOT, path.resolve(m.dir, hit.source))}:${hit.line}` : `${cf.url.replace(/^file:\/\/\/?/, '/').replace(ROOT + '/', '')}:${cf.lineNumber + 1}`;
    }
    return `${cf.functionName || '(anonymous)'}\u0000${where}`;
  };
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keys = new Map(profile.nodes.map((n) => [n.id, keyOf(n)]));
  const selfUs = new Map();
  const totalUs = new Map();
  let sampled = 0;
  // The profiler's own stop (node:inspector) is left out.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ours = new Map();
  const isOurs = (id) => {
    if (ours.has(id)) return ours.get(id);
    const n = byId.get(id);
    const p = parent.get(id);
    const v = !(n.callFrame.url || '').startsWith('node:inspector') && (p === undefined || isOurs(p));
    ours.set(id, v);
    return v;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const dt = profile.timeDeltas[i] ?? 0;
    if (!isOurs(id)) continue;
    sampled += dt;
    const k = keys.get(id);
    selfUs.set(k, (selfUs.get(k) ?? 0) + dt);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const kk = keys.get(n);
      if (seen.has(kk)) continue;
      seen.add(kk);
      totalUs.set(kk, (totalUs.get(kk) ?? 0) + dt);
    }
  }
  // Hot source lines, from the line-level ticks V8 records for each function.
  const perSample = sampled / Math.max(1, profile.samples.length);
  const lineTicks = new Map();
  const sourceText = new Map();
  for (const n of profile.nodes) {
    const m = n.callFrame.url ? mapFor(n.callFrame.url) : undefined;
    if (!m || !n.positionTicks || !isOurs(n.id)) continue;
    for (const t of n.positionTicks) {
      const hit = m.map.lookup(t.line - 1, 0);
      if (!hit) continue;
      const file = path.resolve(m.dir, hit.source);
      const k = `${path.relative(ROOT, file)}:${hit.line}`;
      if (!sourceText.has(k)) {
        try {
          sourceText.set(k, fs.readFileSync(file, 'utf8').split('\n')[hit.line - 1].trim());
        } catch {
          sourceText.set(k, '');
        }
      }
      lineTicks.set(k, (lineTicks.get(k) ?? 0) + t.ticks);
    }
  }
  const unit = perRunDivisor > 1 ? 'ms per iteration' : 'ms';
  const rows = (m, n) =>
    [...m.entries()]
      .filter(([k]) => !/^\((root|program|idle)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => {
        const [fn, where] = k.split('\u0000');
        return `| ${fn.replace(/\|/g, '\\|')} | ${where} | ${(us / 1000 / perRunDivisor).toFixed(2)} | ${((100 * us) / sampled).toFixed(1)}% |`;
      });
  const share = (name) => (((selfUs.get(`${name}\u0000`) ?? 0) / sampled) * 100).toFixed(1);
  return [
    `# CPU profile: ${title}`,
    '',
    ...header,
    `Sampled ${(sampled / 1000).toFixed(0)} ms. Raw profile: ${path.relative(ROOT, profileFile)}. (garbage collector) ${share('(garbage collector)')}%, (program) ${share('(program)')}%, (idle) ${share('(idle)')}%.`,
    '',
    `Top ${top} by self time (${unit}):`,
    '',
    '| function | file:line | self | self % |',
    '|---|---|---:|---:|',
    ...rows(selfUs, top),
    '',
    `Top 20 by total (inclusive) time (${unit}):`,
    '',
    '| function | file:line | total | total % |',
    '|---|---|---:|---:|',
    ...rows(totalUs, 20),
    '',
    `Hottest source lines (V8 line ticks of the functions' self time, builtins they call included; ${unit}):`,
    '',
    '| file:line | self | code |',
    '|---|---:|---|',
    ...[...lineTicks.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([k, ticks]) => `| ${k} | ${((ticks * perSample) / 1000 / perRunDivisor).toFixed(2)} | \`${sourceText.get(k).slice(0, 120).replace(/\|/g, '\\|').replace(/`/g, "'")}\` |`),
  ].join('\n');
}

function write(label, md) {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `profile-${label}.md`);
  fs.writeFileSync(file, md + '\n');
  console.log(md);
  console.error(`\nwritten: ${path.relative(ROOT, file)}`);
}

async function main() {
  const coreJs = bundle(require('./lib/build').coreEntry(), 'core');
  const load = require('os').loadavg().map((x) => x.toFixed(2)).join(' / ');

  if (['analyze', 'parse', 'incremental', 'page'].includes(what)) {
    const size = argv[1] ?? '10k';
    ensureInputs(coreJs, size === '100k');
    const file = what === 'page' ? path.join(GENERATED, 'page-200.md') : path.join(GENERATED, `lines-${size}.segoc`);
    const label = `${what}-${what === 'page' ? 'page-200' : size}${noInline.length ? '-noinline' : ''}`;
    const out = path.join(profiles, `${label}.cpuprofile`);
    const r = spawnSync(process.execPath, [...noInline, path.join(__dirname, 'lib', 'profile-child.js'), JSON.stringify({ core: coreJs, what, file, iterations, out })], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    const timing = JSON.parse(r.stdout);
    write(
      label,
      summarise(out, `${what} of ${what === 'page' ? 'the 200-scenario Markdown page' : `the ${size}-line file`}`, iterations, [
        `${iterations} iterations after a warm-up, ${(timing.ms / iterations).toFixed(1)} ms per iteration with the profiler on (100 µs sampling)${noInline.length ? ', V8 inlining off (--no-turbo-inlining)' : ''}; load average ${load}; ${new Date().toISOString()}.`,
      ]),
    );
    return;
  }

  if (what === 'cli') {
    ensureInputs(coreJs, false);
    const cliJs = bundle('server/src/cli/main.ts', 'cli');
    let target = argv[1];
    if (!target) {
      // The first 100 files of the 1,000-file folder (set-00, set-01).
      target = path.join(GENERATED, 'cli-profile-input');
      fs.rmSync(target, { recursive: true, force: true });
      for (const set of ['set-00', 'set-01']) fs.cpSync(path.join(GENERATED, 'folder-1000', set), path.join(target, set), { recursive: true });
    }
    const dir = path.join(profiles, 'cli');
    fs.rmSync(dir, { recursive: true, force: true });
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200', cliJs, 'check', target], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
    const ms = Date.now() - t0;
    if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
    const profile = path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')));
    const count = spawnSync('find', [target, '-name', '*.segoc'], { encoding: 'utf8' }).stdout.trim().split('\n').length;
    write(
      'cli',
      summarise(profile, `segoc check of ${count} files (${path.relative(ROOT, target)})`, 1, [
        `\`node --cpu-prof cli.js check ${path.relative(ROOT, target)}\`: ${ms} ms wall; load average ${load}; ${new Date().toISOString()}.`,
        `Summary line: ${r.stdout.trim().split('\n').pop()}`,
      ]),
    );
    return;
  }

  if (what === 'lsp') {
    const size = argv[1] ?? '10k';
    ensureInputs(coreJs, false);
    const serverJs = bundle('server/src/lsp/main.ts', 'server');
    const dir = path.join(profiles, 'lsp');
    fs.rmSync(dir, { recursive: true, force: true });
    const { runLsp } = require('./lib/lsp-bench');
    const figures = await runLsp(serverJs, [{ name: size, file: path.join(GENERATED, `lines-${size}.segoc`) }], {
      figures: ['keystroke', 'hover', 'completion'],
      count: iterations,
      warmup: 5,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
    });
    const profile = path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')));
    const line = (f) => `${f.id}: ${f.median !== undefined ? `median ${f.median.toFixed(1)} ms, p95 ${(f.p95 ?? f.max).toFixed(1)} ms` : `${f.value.toFixed(1)} ms`}`;
    write(
      `lsp-${size}`,
      summarise(profile, `language server, ${size}-line file: open, ${iterations} keystrokes (pull diagnostics), ${iterations} hovers, ${iterations} completions`, 1, [
        `\`node --cpu-prof server.js --stdio\`, the whole session (start-up and idle included); load average ${load}; ${new Date().toISOString()}.`,
        `Figures with the profiler on: ${figures.map(line).join('; ')}.`,
      ]),
    );
  }
}

main().catch((e) => {
  console.error(`profile failed: ${e && e.stack ? e.stack : e}`);
  process.exit(2);
});
