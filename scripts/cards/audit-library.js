#!/usr/bin/env node
// The library audit: every curated card (server/cards/*.segoc) against its official text.
//   npm run cards:audit -- --texts DIR [--write]
// --texts  a checkout of DawnbrandBots/yaml-yugi (or its data/cards folder): <passcode>.json
// --write  rewrites test/fixtures/library-audit.json, the facts the text inference reads in each
//          curated card's official text (facts only: no card text), which test/library-audit.test.ts
//          compares with the curated library in CI (where the texts are not available).
// For each curated card it runs the text inference (server/src/core/infer, what `segoc infer` uses)
// on the official English text and prints every fact where the curated effect lines differ, with the
// reason written next to the card (`# audit: <key>: <reason>`) or UNEXPLAINED. Exit code 1 when a
// difference is unexplained or an explanation no longer matches a difference.
'use strict';
const fs = require('fs');
const path = require('path');
const { loadTypeScript } = require('../lib/load-ts');

const root = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(root, 'test', 'fixtures', 'library-audit.json');
const LIBRARY = path.join(root, 'server', 'cards');

function args() {
  const a = process.argv.slice(2);
  const o = { write: false };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--texts') o.texts = a[++i];
    else if (a[i] === '--write') o.write = true;
    else throw new Error(`unknown option ${a[i]}`);
  }
  if (!o.texts) throw new Error('usage: npm run cards:audit -- --texts DIR [--write]');
  for (const sub of ['data/cards', 'cards']) if (fs.existsSync(path.join(o.texts, sub))) o.texts = path.join(o.texts, sub);
  return o;
}

/** The curated cards of the working tree's library files (not the embedded copy), with their file's explanations. */
function curatedCards(core) {
  const cards = [];
  for (const f of fs.readdirSync(LIBRARY).filter((n) => n.endsWith('.segoc')).sort()) {
    const text = fs.readFileSync(path.join(LIBRARY, f), 'utf8');
    const explanations = core.auditExplanations(text);
    const seen = new Set();
    for (const [, card] of core.buildLayer({ uri: `library/${f}`, kind: 'library', defs: core.parse(text).file.cards }, [])) {
      if (seen.has(card.key)) continue;
      seen.add(card.key);
      cards.push({ card, file: f, reasons: explanations.get(card.name) ?? new Map() });
    }
  }
  return cards;
}

/** The official cards by normalised English name. */
function officialCards(core, dir) {
  const byName = new Map();
  for (const f of fs.readdirSync(dir).filter((n) => /^\d+\.json$/.test(n))) {
    const card = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (card.name?.en) byName.set(core.normalizeName(card.name.en), card);
  }
  return byName;
}

function main() {
  const o = args();
  // Core from the working tree's TypeScript (the embedded library must exist: `npm run build` writes it).
  const core = loadTypeScript('server/src/core/internal.ts');
  const official = officialCards(core, o.texts);
  const fixture = {};
  let differences = 0;
  let unexplained = 0;
  let stale = 0;
  for (const { card, file, reasons } of curatedCards(core)) {
    const entry = [card.name, ...card.aliases].map((n) => official.get(core.normalizeName(n))).find(Boolean);
    if (!entry || !entry.text?.en) {
      console.log(`${file} "${card.name}": no official text found`);
      continue;
    }
    const inferredCard = core.cardFromText(card.name, card.cardType, entry.text.en, entry.pendulum_effect?.en ?? undefined);
    const inferred = inferredCard ? core.cardFacts(inferredCard) : [];
    fixture[card.name] = { passcode: entry.password, effects: inferred };
    const found = core.auditDifferences(core.cardFacts(card), inferred);
    const keys = new Set(found.map((d) => d.key));
    for (const d of found) {
      differences++;
      const reason = reasons.get(d.key);
      if (!reason) unexplained++;
      console.log(`${file} "${card.name}" ${d.key}: curated ${d.curated} | text ${d.inferred} -> ${reason ?? 'UNEXPLAINED'}`);
    }
    for (const key of reasons.keys()) {
      if (keys.has(key)) continue;
      stale++;
      console.log(`${file} "${card.name}" ${key}: explained, but the curated card and its text agree (remove the audit comment)`);
    }
  }
  console.log(`${Object.keys(fixture).length} curated cards read; ${differences} difference(s), ${unexplained} unexplained, ${stale} stale explanation(s)`);
  if (o.write) {
    fs.writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
    console.log(`wrote ${path.relative(root, FIXTURE)}`);
  }
  process.exitCode = unexplained || stale ? 1 : 0;
}

main();
