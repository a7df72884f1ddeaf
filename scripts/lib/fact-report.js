// The figures of the hand-checked facts set (facts/hand-checked.json): the library's cards and the text
// inference against it, fact by fact, and the probes where a gap flips a verdict; the committed floor
// (facts/accuracy-floor.json) that test/card-accuracy.test.ts holds them to, and the table of docs/cards.md.
'use strict';
const fs = require('fs');
const path = require('path');
const { FACTS, FACT_LABELS, loadSet, align, chainEffects, compareCard, tally, rate } = require('./fact-accuracy');
const { runProbes, summarize } = require('./fact-probes');
const { measureActions, actionTables, actionFigures } = require('./action-accuracy');

const ROOT = path.join(__dirname, '..', '..');
const FLOOR_FILE = path.join(ROOT, 'facts', 'accuracy-floor.json');
const DOCS_FILE = path.join(ROOT, 'docs', 'cards.md');
const DOCS_START = '<!-- cards:accuracy figures (npm run cards:accuracy -- --write) -->';
const DOCS_END = '<!-- end of cards:accuracy figures -->';

/** The library's cards (what `segoc card` prints) against the set, and the probes. `core`: analyze, spellSpeed. */
function measureLibrary(core, set = loadSet()) {
  const cards = core.analyze('', {}).cards;
  const results = set.cards.map((c) => ({ card: c, facts: compareCard(c, cards.get(c.name), core) }));
  const byName = new Map(results.map((r) => [r.card.name, r.facts]));
  const probes = runProbes(set, core, (n) => cards.get(n), align, (n) => byName.get(n));
  return { results, tally: tally(results), probes, summary: summarize(probes), actions: measureActions(set, (c) => cards.get(c.name)), cardOf: (n) => cards.get(n) };
}

/**
 * Per card, each fact of `facts` (fact kinds) that is not right: what the set reads beside what the source
 * holds (the effect's events with their raw words and unknown parts, window, response restriction, condition
 * and assumptions), so that a miss can be classed without opening the card. `cardOf`: name -> source card.
 */
function misses(results, cardOf, facts) {
  const out = [];
  for (const r of results) {
    const bad = r.facts.filter((f) => f.bucket !== 'right' && facts.includes(f.fact));
    if (!bad.length) continue;
    const card = cardOf(r.card.name);
    const pairs = card ? align(r.card.effects, chainEffects(card)) : [];
    for (const f of bad) {
      const want = r.card.effects[f.effect - 1] ?? {};
      const got = pairs[f.effect - 1];
      const said = { event: want.event, qualifiers: want.eventQualifiers, window: want.window, responseRestriction: want.responseRestriction };
      const held = got && {
        patterns: (got.kind === 'activation' ? got.responds : got.event ? [got.event] : []).map((p) => ({ ...p, range: undefined })),
        phaseTime: got.phaseTime?.raw, condition: got.condition, window: got.window?.raw, noResponse: got.noResponse, assumed: got.assumed?.map((a) => a.text),
      };
      out.push(`- ${r.card.name} (effect ${f.effect}) ${f.fact} ${f.bucket}\n    set:     ${JSON.stringify(said)}\n    library: ${JSON.stringify(held) ?? 'no effect'}`);
    }
  }
  return out.join('\n');
}

/** The text inference's card (what `segoc infer` reads) against the set; `texts`: yaml-yugi's data/cards. */
function measureInference(core, texts, set = loadSet()) {
  const results = [];
  const inferred = new Map();
  for (const c of set.cards) {
    const file = path.join(texts, `${String(c.passcode).padStart(8, '0')}.json`);
    const official = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
    const text = official?.text?.en;
    const card = text ? core.cardFromText(c.name, c.stats.cardType, text, official.pendulum_effect?.en ?? undefined) : undefined;
    if (card && c.stats.level !== undefined) card.level ??= c.stats.level;
    inferred.set(c.name, card);
    // The inference reads effects, not the type line: its stats are the set's own (not measured).
    const facts = compareCard(c, card && { ...card, cardType: c.stats.cardType }, core).filter((f) => f.fact !== 'stats');
    results.push({ card: c, facts });
  }
  return { results, tally: tally(results), actions: measureActions(set, (c) => inferred.get(c.name)) };
}

const pct = (x) => `${x.toFixed(1)} %`;

/** A Markdown table: per fact, checked, each bucket, accuracy (right %) and coverage (stated at all %). */
function factTable(t) {
  const lines = ['| fact | checked | right | wrong | missing | assumed | not in the card model | accuracy | coverage |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
  const row = (label, x) => `| ${label} | ${x.checked} | ${x.right} | ${x.wrong} | ${x.missing} | ${x.assumed} | ${x.unrepresented} | ${pct(rate(x))} | ${pct(coverage(x))} |`;
  for (const f of FACTS) if (t.byFact[f].checked) lines.push(row(FACT_LABELS[f], t.byFact[f]));
  lines.push(row('**all facts**', t.all));
  return lines.join('\n');
}

/** The share of the set's facts the source states at all (right, wrong or flagged as assumed). */
function coverage(x) {
  return x.checked ? (100 * (x.right + x.wrong + x.assumed)) / x.checked : 100;
}

function probeTable(s) {
  const lines = ['| probe | scenarios | judge and engine agree | "legal" on a named unknown fact | silent "legal" (judge: illegal) | false "illegal" |', '|---|---:|---:|---:|---:|---:|'];
  for (const [p, x] of Object.entries(s.byProbe)) lines.push(`| ${p} | ${x.probes} | ${x.probes - x.warned - x.silentLegal - x.falseIllegal} | ${x.warned} | ${x.silentLegal} | ${x.falseIllegal} |`);
  lines.push(`| **all** | ${s.probes} | ${s.agrees} | ${s.warned} | ${s.silentLegal} | ${s.falseIllegal} |`);
  return lines.join('\n');
}

/** What the ratchet holds: accuracy per fact (one decimal), and the numbers of cards whose verdicts flip. */
function figures(library, inference) {
  const byFact = (t) => Object.fromEntries(FACTS.filter((f) => t.byFact[f].checked).map((f) => [f, Number(rate(t.byFact[f]).toFixed(1))]));
  const out = {
    library: { all: Number(rate(library.tally.all).toFixed(1)), byFact: byFact(library.tally), actions: actionFigures(library.actions) },
    probes: { silentLegalCards: library.summary.silentLegalCards.length, silentLegalFactGapCards: library.summary.silentLegalFactGapCards.length, falseIllegalCards: library.summary.falseIllegalCards.length },
  };
  if (inference) out.inference = { all: Number(rate(inference.tally.all).toFixed(1)), byFact: byFact(inference.tally), actions: actionFigures(inference.actions) };
  return out;
}

function readFloor() {
  return fs.existsSync(FLOOR_FILE) ? JSON.parse(fs.readFileSync(FLOOR_FILE, 'utf8')) : undefined;
}

/** Where the figures fell below the committed floor (accuracy lower, more flipping cards): sentences. */
function belowFloor(now, floor) {
  const out = [];
  for (const source of ['library', 'inference']) {
    if (!now[source] || !floor?.[source]) continue;
    if (now[source].all < floor[source].all) out.push(`${source}: all facts ${now[source].all} % < ${floor[source].all} %`);
    for (const [f, v] of Object.entries(floor[source].byFact)) {
      const got = now[source].byFact[f] ?? 100;
      if (got < v) out.push(`${source}: ${FACT_LABELS[f] ?? f} ${got} % < ${v} %`);
    }
    for (const [verb, v] of Object.entries(floor[source].actions ?? {})) {
      const got = now[source].actions?.[verb] ?? 100;
      if (got < v) out.push(`${source}: what it does, ${verb} ${got} % < ${v} %`);
    }
  }
  for (const [k, v] of Object.entries(floor?.probes ?? {})) if (now.probes[k] > v) out.push(`probes: ${k} ${now.probes[k]} > ${v}`);
  return out;
}

/** The committed floor becomes today's figures (the inference's kept where this run did not measure it). */
function writeFloor(now) {
  const old = readFloor();
  const merged = { ...now, inference: now.inference ?? old?.inference };
  fs.writeFileSync(FLOOR_FILE, JSON.stringify(merged, null, 1) + '\n');
}

/** docs/cards.md's figures, between its markers. */
function writeDocs(library, inference, heldOut) {
  const text = fs.readFileSync(DOCS_FILE, 'utf8');
  const start = text.indexOf(DOCS_START);
  const end = text.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`docs/cards.md has no "${DOCS_START}" ... "${DOCS_END}" markers`);
  const held = heldOut ? ['', heldOutFigures(heldOut)] : [];
  const body = [DOCS_START, '', docsFigures(library, inference), ...held, '', DOCS_END].join('\n');
  fs.writeFileSync(DOCS_FILE, text.slice(0, start) + body + text.slice(end + DOCS_END.length));
}

/** The held-out set's library figures, apart (never held by the ratchet): its facts and what its effects do, per kind. */
function heldOutFigures(library) {
  return [
    `The held-out set (facts/hand-checked-heldout.json, ${library.results.length} cards, not held by the ratchet), the library:`,
    '',
    factTable(library.tally),
    '',
    'What its effects do, per kind of action:',
    '',
    actionTables(library.actions),
  ].join('\n');
}

function docsFigures(library, inference) {
  const s = library.summary;
  const parts = [
    `The library (\`segoc card\`: curated cards over generated ones), ${library.results.length} cards:`,
    '',
    factTable(library.tally),
    '',
    `What each effect does on resolution (\`does\`), the library against the set's parts, per kind of action:`,
    '',
    actionTables(library.actions),
    '',
  ];
  if (inference) {
    parts.push(`The text inference (\`segoc infer\` on the official English text), the same cards (stats not measured):`, '', factTable(inference.tally), '');
    parts.push(`What each effect does, the text inference against the set's parts:`, '', actionTables(inference.actions), '');
  }
  parts.push(
    `Probes where a fact decides the verdict (${s.probes} scenarios on ${s.cardsProbed} cards, the library's cards):`,
    '',
    probeTable(s),
    '',
    `Cards with a silent "legal" where a judge says "illegal": ${s.silentLegalCards.length} (${s.silentLegalFactGapCards.length} of them from a fact the library lacks or has wrong; the others have the fact right and the engine does not check it): ${s.silentLegalCards.join('; ') || 'none'}.`,
    `Cards with a false "illegal": ${s.falseIllegalCards.length}: ${s.falseIllegalCards.join('; ') || 'none'}.`,
  );
  return parts.join('\n');
}

module.exports = { misses, measureLibrary, measureInference, factTable, probeTable, figures, readFloor, belowFloor, writeFloor, writeDocs, docsFigures, FLOOR_FILE };
