'use strict';
// Profiles one core operation with the V8 CPU profiler (what `node --cpu-prof` records), started and
// stopped around the measured loop only. argv[2]: JSON { core, what, file, iterations, out }.
// Writes the .cpuprofile to `out`.
const fs = require('fs');
const inspector = require('inspector');
const { middleEdit } = require('./edits');

const args = JSON.parse(process.argv[2]);
const core = require(args.core);
const text = fs.readFileSync(args.file, 'utf8');

let run;
if (args.what === 'parse') run = () => core.parse(text);
else if (args.what === 'analyze') run = () => core.analyze(text);
else if (args.what === 'incremental') {
  const base = core.analyze(text);
  const edited = middleEdit(text).text;
  run = () => core.analyze(edited, { previous: base });
} else if (args.what === 'page') run = () => core.analyzePage(text, 'markdown');
else throw new Error(`unknown operation ${args.what}`);

run(); // warm-up (and the card library)

const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))));
(async () => {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < args.iterations; i++) run();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const { profile } = await post('Profiler.stop');
  fs.writeFileSync(args.out, JSON.stringify(profile));
  process.stdout.write(JSON.stringify({ ms, iterations: args.iterations }));
})();
