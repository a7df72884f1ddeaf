// How well the text inference's `does` agrees with what the scripts' operations call, per kind of action,
// on the inference fixture (test/fixtures/infer/cards.json, hand-checked texts with passcodes):
//   node scripts/cards/actions-accuracy.js --scripts DIR   (a CardScripts checkout or its official folder)
// Per verb: of the cards whose inferred `does` has it, how many scripts call it (agreement), and of the cards
// whose script calls it, how many inferred it (found). Verbs the script reads one way and the text another
// (SendtoHand: add or return to the hand) are compared as one kind.
'use strict';
const fs = require('fs');
const path = require('path');
const { loadTypeScript } = require('../lib/load-ts');
const { operationVerbs } = require('../lib/lua-actions');

const SAME = { 'return-to-hand': 'add-to-hand', 'return-to-extra': 'return-to-deck', 'negate-summon': 'negate-activation' };
const kind = (v) => SAME[v] ?? v;

function main() {
  const a = process.argv.slice(2);
  let dir = a[a.indexOf('--scripts') + 1];
  if (!dir || a.indexOf('--scripts') < 0) throw new Error('usage: node scripts/cards/actions-accuracy.js --scripts DIR');
  if (fs.existsSync(path.join(dir, 'official'))) dir = path.join(dir, 'official');
  const core = { ...loadTypeScript('server/src/core/infer/index.ts'), ...loadTypeScript('server/src/core/cards/vocabulary/actions.ts') };
  const cards = JSON.parse(fs.readFileSync(path.join(__dirname, '../../test/fixtures/infer/cards.json'), 'utf8'));
  const stats = new Map();
  const stat = (v) => stats.get(v) ?? stats.set(v, { inferred: 0, agreed: 0, scripted: 0, found: 0 }).get(v);
  let compared = 0;
  for (const c of cards) {
    const file = path.join(dir, `c${c.passcode}.lua`);
    if (!fs.existsSync(file)) continue;
    compared++;
    const script = new Set(operationVerbs(fs.readFileSync(file, 'utf8')).map(kind));
    const inferred = new Set();
    for (const e of core.inferEffects({ text: c.en, typeLine: c.typeLine, pendulumText: c.pendulumEn, language: 'en' }).effects) {
      for (const w of (e.does ?? '').split(/ (?:and if you do|then|also|and) /)) {
        const verb = core.ACTION_PHRASES_TO_VERBS.get([...core.ACTION_PHRASES_TO_VERBS.keys()].find((p) => w === p || w.startsWith(`${p} `)));
        if (verb) inferred.add(kind(verb));
      }
    }
    for (const v of inferred) {
      stat(v).inferred++;
      if (script.has(v)) stat(v).agreed++;
    }
    for (const v of script) {
      stat(v).scripted++;
      if (inferred.has(v)) stat(v).found++;
    }
  }
  const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(0)} %` : '-');
  console.log(`${compared} fixture cards with a script\n\n| kind | inferred | scripts agree | scripts call it | inferred too |\n|---|---:|---:|---:|---:|`);
  for (const [v, s] of [...stats].sort((x, y) => y[1].scripted + y[1].inferred - x[1].scripted - x[1].inferred)) {
    console.log(`| ${v} | ${s.inferred} | ${pct(s.agreed, s.inferred)} | ${s.scripted} | ${pct(s.found, s.scripted)} |`);
  }
}

main();
