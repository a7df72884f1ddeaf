#!/usr/bin/env node
// How long the card text inference takes over a whole card pool (the budget: every ~14,000 texts
// of one language in 2 s or less, on one core). Not part of `npm run bench` because its input, the
// card texts, are not in the repository:
//   node bench/infer.js --texts DIR [--runs N]
// DIR is a checkout of DawnbrandBots/yaml-yugi (or its data/cards folder). Texts are read first;
// only inference (and rendering the effect lines) is timed, English and Japanese separately.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT } = require('./lib/paths');

function options() {
  const a = process.argv.slice(2);
  const o = { runs: 5 };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--texts') o.texts = a[++i];
    else if (a[i] === '--runs') o.runs = Number(a[++i]);
    else throw new Error(`unknown option ${a[i]}`);
  }
  if (!o.texts) throw new Error('usage: node bench/infer.js --texts DIR');
  for (const sub of ['data/cards', 'cards']) if (fs.existsSync(path.join(o.texts, sub))) o.texts = path.join(o.texts, sub);
  return o;
}

function loadInference() {
  const esbuild = require(path.join(ROOT, 'node_modules', 'esbuild'));
  const outfile = path.join(os.tmpdir(), `segoc-infer-bench-${process.pid}.js`);
  esbuild.buildSync({ absWorkingDir: ROOT, entryPoints: ['server/src/core/infer/index.ts'], outfile, bundle: true, minify: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  const m = require(outfile);
  fs.unlinkSync(outfile);
  return m;
}

function main() {
  const o = options();
  const { inferEffects, renderEffectLines } = loadInference();
  const inputs = { en: [], ja: [] };
  for (const f of fs.readdirSync(o.texts)) {
    if (!f.endsWith('.json')) continue;
    const c = JSON.parse(fs.readFileSync(path.join(o.texts, f), 'utf8'));
    const typeLine = c.card_type === 'Monster' ? c.monster_type_line ?? '' : `${c.property ?? 'Normal'} ${c.card_type}`;
    for (const lang of ['en', 'ja']) if (c.text?.[lang]) inputs[lang].push({ text: c.text[lang], typeLine, pendulumText: c.pendulum_effect?.[lang] ?? undefined, language: lang });
  }
  for (const lang of ['en', 'ja']) {
    const times = [];
    const cpu = [];
    let effects = 0;
    for (let r = 0; r < o.runs + 1; r++) {
      const t0 = process.hrtime.bigint();
      const c0 = process.cpuUsage();
      effects = 0;
      for (const input of inputs[lang]) effects += renderEffectLines(inferEffects(input)).length;
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const c1 = process.cpuUsage(c0);
      // The first run warms the JIT. CPU time is what one core spent: on a shared host the wall time
      // also counts the time other processes had the core.
      if (r > 0) {
        times.push(ms);
        cpu.push((c1.user + c1.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(`${lang}: ${inputs[lang].length} texts, ${effects} effects: CPU median ${cpu[cpu.length >> 1].toFixed(0)} ms (min ${cpu[0].toFixed(0)}), wall median ${times[times.length >> 1].toFixed(0)} ms (min ${times[0].toFixed(0)}), ${o.runs} runs, load average ${os.loadavg()[0].toFixed(1)}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`bench/infer: ${e.message}`);
  process.exit(2);
}
