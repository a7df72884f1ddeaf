// What each effect does on resolution (`does`) of a source (the library's card, or the text inference's) against
// the hand-checked facts set's `does` (facts/hand-checked.json, read by hand from the official text), per kind
// of action and per PSCT conjunction. Shared by `npm run cards:accuracy` and the ratchet test, like
// fact-accuracy.js (whose pairing of the set's effects with the source's it uses).
//
// Per effect the set's parts are matched with the source's parts of the same verb (in order, each once):
// - per kind of action: a set part is right when the source has a part of that verb (`to-hand`, "to the hand" where the
//   source does not say from where, fits an add or a return to the hand), missing when it has none;
//   a source part of a verb the set's effect does not have is wrong (a claim the card does not make), counted
//   under that verb;
// - the details of a matched part (what it acts on, from where, in which position, under which condition) are right when they equal the
//   set's; a detail the set leaves out (no exact word of the card model) counts only where the source states one;
// - the conjunction of a matched part after the first (of its choice) is right when the source's link equals.
'use strict';
const { chainEffects, align } = require('./fact-accuracy');
const { loadTypeScript } = require('./load-ts');

const CONJUNCTIONS = ['and-if-you-do', 'then', 'also', 'and', 'or'];
const blank = () => ({ right: 0, wrong: 0, missing: 0 });
const bump = (map, key, bucket) => {
  if (!map.has(key)) map.set(key, blank());
  map.get(key)[bucket]++;
};

/** A source's verb fits the set's: core's one answer (cards/vocabulary/actions.ts verbFits), loaded once. */
let coreVerbFits;
function fits(got, want) {
  coreVerbFits ??= loadTypeScript('server/src/core/cards/vocabulary/actions.ts').verbFits;
  return coreVerbFits(got, want);
}

/** A source part's `from` against the set's (a zone, or the list of zones the text names: any of them). */
function sameFrom(want, got) {
  if (want === undefined) return got === undefined;
  return Array.isArray(want) ? want.includes(got) : want === got;
}

/** One effect's parts against the source's: fills the tallies, and `t.misses` with what was not right. */
function compareParts(want, got, t, where = '') {
  const free = [...got];
  for (const [i, w] of want.entries()) {
    const j = free.findIndex((g) => g && fits(g.verb, w.verb));
    if (j < 0) {
      bump(t.byVerb, w.verb, 'missing');
      if (w.link !== 'first') bump(t.byLink, w.link, 'missing');
      t.misses.push(`${where} ${w.verb} missing; the source has: ${got.map((g) => g.verb).join(', ') || 'nothing'}`);
      continue;
    }
    const g = free[j];
    free[j] = undefined;
    bump(t.byVerb, w.verb, 'right');
    for (const [detail, same] of [
      ['object', (w.object ?? '') === (g.object ?? '')],
      ['from', sameFrom(w.from, g.from)],
      ['position', (w.position ?? '') === (g.position ?? '')],
      // A part's own condition (R85, Infinite Impermanence's "then if this card was Set before activation ..."): a
      // source that drops or invents it reads another effect.
      ['condition', (w.condition ?? '') === (g.condition ?? '')],
    ]) {
      if (w[detail] === undefined && g[detail] === undefined) continue;
      bump(t.byDetail, detail, same ? 'right' : 'wrong');
      if (!same) t.misses.push(`${where} ${w.verb}: ${detail} ${JSON.stringify(w[detail]) ?? 'none'} in the set, ${JSON.stringify(g[detail]) ?? 'none'} in the source`);
    }
    if (w.link !== 'first' && i > 0) {
      bump(t.byLink, w.link, g.link === w.link ? 'right' : 'wrong');
      if (g.link !== w.link) t.misses.push(`${where} ${w.verb}: joined by "${w.link}" in the set, "${g.link}" in the source`);
    }
  }
  for (const g of free) {
    if (!g) continue;
    bump(t.byVerb, g.verb, 'wrong');
    t.misses.push(`${where} ${g.verb} wrong (the set reads: ${want.map((w) => w.verb).join(', ')})`);
  }
}

/** Per kind of action, per detail and per conjunction: { right, wrong, missing }. */
function measureActions(set, cardOf) {
  const t = { byVerb: new Map(), byDetail: new Map(), byLink: new Map(), effects: 0, stated: 0, misses: [] };
  for (const c of set.cards) {
    const card = cardOf(c);
    const got = card ? chainEffects(card) : [];
    const pairs = align(c.effects, got);
    for (const [i, w] of c.effects.entries()) {
      if (!w.does) continue;
      t.effects++;
      const does = pairs[i]?.does ?? [];
      if (does.length) t.stated++;
      compareParts(w.does, does, t, `${c.name} (effect ${i + 1}):`);
    }
  }
  return t;
}

const rate = (x) => {
  const n = x.right + x.wrong + x.missing;
  return n ? (100 * x.right) / n : 100;
};
const pct = (x) => `${rate(x).toFixed(1)} %`;

/** The Markdown tables of a measure: per kind of action (most parts first), the details and the conjunctions. */
function actionTables(t) {
  // A set whose readings hold no `does` parts (the held-out set) has nothing to measure: no table of empty rows.
  if (!t.stated && ![...t.byVerb].length) return 'Its readings state no `does` parts: not measured.';
  const row = (label, x) => `| ${label} | ${x.right + x.wrong + x.missing} | ${x.right} | ${x.wrong} | ${x.missing} | ${pct(x)} |`;
  const head = (what) => [`| ${what} | checked | right | wrong | missing | accuracy |`, '|---|---:|---:|---:|---:|---:|'];
  const all = blank();
  const verbs = [...t.byVerb].sort((a, b) => b[1].right + b[1].missing - (a[1].right + a[1].missing) || a[0].localeCompare(b[0]));
  const lines = head('kind of action');
  for (const [v, x] of verbs) {
    lines.push(row(v, x));
    for (const k of Object.keys(all)) all[k] += x[k];
  }
  lines.push(row('**all parts**', all));
  lines.push('', ...head('detail of a found part'));
  for (const d of ['object', 'from', 'position', 'condition']) if (t.byDetail.has(d)) lines.push(row(d, t.byDetail.get(d)));
  lines.push('', ...head('conjunction (PSCT)'));
  for (const l of CONJUNCTIONS) if (t.byLink.has(l)) lines.push(row(l.replace(/-/g, ' '), t.byLink.get(l)));
  return `${t.stated} of the ${t.effects} effects say what they do.\n\n${lines.join('\n')}`;
}

/** Accuracy per kind of action (one decimal), for the committed floor. */
function actionFigures(t) {
  return Object.fromEntries([...t.byVerb].sort((a, b) => a[0].localeCompare(b[0])).map(([v, x]) => [v, Number(rate(x).toFixed(1))]));
}

module.exports = { measureActions, actionTables, actionFigures, rate };
