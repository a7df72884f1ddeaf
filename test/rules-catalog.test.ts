// The rules catalogue (derived from the rule modules, server/src/core/engine/rules) and the user guide
// (docs/rules.md) agree with RULE_CODES: every code has its rule, every rule of the registry is there once,
// the guide has an anchor per code and a section per rule, and every rule with a code shows a legal
// and an illegal example written with `expect` lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { RULE_CODES } from '../server/src/core/internal';
import { InForce, RegionWindow } from '../server/src/core/engine/rulesets';
import { RULE_REGISTRY, RuleInfo, TAG_MEANINGS } from '../server/src/core/internal';

const RULES = RULE_REGISTRY.catalogue;
const ruleById = (id: string) => RULE_REGISTRY.ruleById(id);
const ruleByCode = (code: string) => RULE_REGISTRY.ruleByCode(code);
const rulesByCode = (code: string) => RULE_REGISTRY.rulesByCode(code);

function root(): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = path.resolve(start);
    for (;;) {
      const pj = path.join(dir, 'package.json');
      if (fs.existsSync(pj) && JSON.parse(fs.readFileSync(pj, 'utf8')).name === 'segoc') return dir;
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  throw new Error('rules-catalog.test: repository root not found');
}

const DOC = fs.readFileSync(path.join(root(), 'docs', 'rules.md'), 'utf8');
// The rule ids come from the registry: R1, R2 ... with no gap (a new rule adds the next number).
const RULE_IDS = RULES.map((r) => r.id);

interface Block {
  text: string;
  line: number;
  expects: string[];
}

/** Fenced ```segoc blocks of a markdown text, with their `expect` lines. */
function segocBlocks(md: string): Block[] {
  const out: Block[] = [];
  const lines = md.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```segoc\s*$/.test(lines[i])) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    assert.ok(i < lines.length, `docs/rules.md:${start + 1}: unterminated segoc block`);
    const expects = body
      .map((l) => l.replace(/#.*$/, '').trim())
      .filter((l) => /^expect\b/i.test(l))
      .map((l) => l.replace(/\s+/g, ' ').toLowerCase());
    out.push({ text: body.join('\n'), line: start + 1, expects });
  }
  return out;
}

interface Section {
  id: string;
  heading: string;
  text: string;
}

/** The `### Rn — title` sections of the guide (each runs to the next `##`/`###` heading). */
function ruleSections(md: string): Section[] {
  const out: Section[] = [];
  const re = /^###\s+(R\d+)\s+—\s+(.+)$/gm;
  const heads = [...md.matchAll(re)];
  for (const h of heads) {
    const from = h.index! + h[0].length;
    const rest = md.slice(from);
    const next = /^#{2,3}\s/m.exec(rest);
    out.push({ id: h[1], heading: h[2].trim(), text: rest.slice(0, next ? next.index : rest.length) });
  }
  return out;
}

function anchorsOf(md: string): string[] {
  return [...md.matchAll(/<a\s+id="([^"]+)"\s*><\/a>/g)].map((m) => m[1]);
}

test('every diagnostic code of RULE_CODES has its rule in the catalog', () => {
  for (const c of RULE_CODES) {
    const r = ruleByCode(c.code);
    assert.ok(r, `no RuleInfo for code ${c.code}`);
    assert.equal(r.id, c.rule, `code ${c.code}: catalog says ${r.id}, diagnostics.ts says ${c.rule}`);
    assert.equal(r.severity, c.severity, `code ${c.code}: severity`);
  }
});

test('shared codes: missed-timing is R19 and R20, must-chain-directly is R29 and R31', () => {
  assert.deepEqual(rulesByCode('missed-timing').map((r) => r.id), ['R19', 'R20']);
  assert.deepEqual(rulesByCode('must-chain-directly').map((r) => r.id), ['R29', 'R31']);
  assert.equal(ruleByCode('missed-timing')?.id, 'R19');
  assert.equal(ruleByCode('must-chain-directly')?.id, 'R29');
});

test('every code in the catalog is a code of RULE_CODES', () => {
  const known = new Set(RULE_CODES.map((c) => c.code));
  for (const r of RULES) if (r.code) assert.ok(known.has(r.code), `${r.id}: unknown code ${r.code}`);
  for (const r of RULES) assert.equal(r.code === undefined, r.severity === undefined, `${r.id}: code and severity go together`);
});

test('the rules are numbered R1, R2 ... in order, each once (gaps only between id blocks)', () => {
  // Rules written in parallel take ids in blocks (R38-R39, R44-R49, R50-R59 ...): R1-R37 follow each other, and
  // after them the ids only grow.
  const numbers = RULE_IDS.map((id) => Number(id.slice(1)));
  assert.deepEqual(numbers.slice(0, 37), numbers.slice(0, 37).map((_, i) => i + 1));
  for (let i = 1; i < numbers.length; i++) assert.ok(numbers[i] > numbers[i - 1], `${RULE_IDS[i]} after ${RULE_IDS[i - 1]}`);
  for (const id of RULE_IDS) {
    assert.equal(ruleById(id)?.id, id);
    assert.equal(ruleById(id.toLowerCase())?.id, id);
  }
  assert.equal(ruleById(`R${numbers[numbers.length - 1] + 1}`), undefined);
  assert.equal(ruleByCode('no-such-code'), undefined);
});

test('catalog entries are well formed', () => {
  const tags = new Set(Object.keys(TAG_MEANINGS));
  for (const r of RULES) {
    assert.ok(r.title.trim().length > 0, `${r.id}: title`);
    assert.ok(r.tags.includes(r.tag), `${r.id}: tags must include the main tag`);
    for (const t of r.tags) assert.ok(tags.has(t), `${r.id}: unknown tag ${t}`);
    assert.equal(new Set(r.tags).size, r.tags.length, `${r.id}: duplicate tag`);
    const sentences = r.summary.split(/(?<=[.!?])\s+(?=[A-Z"])/).filter((s) => s.trim());
    assert.ok(sentences.length >= 1 && sentences.length <= 3, `${r.id}: summary should be 1-3 sentences (${sentences.length})`);
    assert.ok(r.sources.length > 0, `${r.id}: sources`);
    for (const s of r.sources) assert.match(s, /^(S[0-3]|W\d+|YC|EC|CS)\b/, `${r.id}: source ${s} should start with its key`);
    if (r.tags.includes('version') || r.tags.includes('disputed') || r.tags.includes('engine≠rule')) {
      assert.ok(r.note && r.note.trim().length > 0, `${r.id}: [version]/[disputed]/[engine≠rule] rules need a note`);
    }
  }
});

/** The dates a rule's in-force declaration names. */
function datesOf(when: InForce): string[] {
  if (when === 'always') return [];
  return [when.tcg, when.ocg].flatMap((w: RegionWindow) => (typeof w === 'string' ? [] : 'from' in w ? [w.from] : [w.before]));
}
const DECLARED_DATES = [...new Set(RULES.flatMap((r) => datesOf(r.inForce)))];

test('the catalog says what the rules declare in force', () => {
  assert.deepEqual(datesOf(ruleById('R13')!.inForce), ['2017-07-21']);
  assert.deepEqual(datesOf(ruleById('R23')!.inForce), ['2021-11-01', '2020-04-01']);
  assert.deepEqual(datesOf(ruleById('R27')!.inForce), ['2010-01-01', '2010-01-01']);
  for (const r of RULES) for (const d of datesOf(r.inForce)) assert.ok(r.note?.includes(d), `${r.id}: its note should name the date ${d} it is declared in force by`);
  for (const r of RULES) if (r.inForce !== 'always') assert.ok(r.tags.includes('version'), `${r.id}: a rule in force only under some rulesets is tagged [version]`);
  assert.match(ruleById('R23')!.note!, /unverified/);
  assert.ok(ruleById('R28')!.tags.includes('disputed'));
  assert.ok(ruleById('R28')!.tags.includes('version'));
  assert.ok(ruleById('R13')!.tags.includes('version'));
  assert.ok(ruleById('R23')!.tags.includes('version'));
  assert.ok(ruleById('R15')!.tags.includes('engine≠rule'));
});

test('docs/rules.md has one anchor per diagnostic code and per rule', () => {
  const anchors = anchorsOf(DOC);
  for (const c of RULE_CODES) {
    assert.equal(anchors.filter((a) => a === c.code).length, 1, `docs/rules.md: anchor <a id="${c.code}"></a> should appear once`);
  }
  for (const id of RULE_IDS) {
    assert.equal(anchors.filter((a) => a === id.toLowerCase()).length, 1, `docs/rules.md: anchor <a id="${id.toLowerCase()}"></a>`);
  }
  assert.equal(new Set(anchors).size, anchors.length, 'docs/rules.md: duplicate anchors');
});

test('docs/rules.md: the anchor of a code stands right before the section of its rule', () => {
  const lines = DOC.split(/\r?\n/);
  for (const c of RULE_CODES) {
    const i = lines.findIndex((l) => l.includes(`<a id="${c.code}"></a>`));
    assert.ok(i >= 0, c.code);
    const heading = lines.slice(i + 1).find((l) => /^#{2,3}\s/.test(l));
    assert.ok(heading?.startsWith(`### ${c.rule} — `), `anchor ${c.code} should precede "### ${c.rule} — ...", found ${heading}`);
  }
});

test('docs/rules.md has one section per rule, in order, titled as the catalog', () => {
  const sections = ruleSections(DOC);
  assert.deepEqual(
    sections.map((s) => s.id),
    RULE_IDS,
  );
  for (const s of sections) assert.equal(s.heading, ruleById(s.id)!.title, `${s.id}: heading and catalog title differ`);
});

test('docs/rules.md: each section shows the rule\'s status tags, and its code and severity', () => {
  for (const s of ruleSections(DOC)) {
    const r = ruleById(s.id)!;
    const status = /^\*\*Status:\*\*(.*)$/m.exec(s.text);
    assert.ok(status, `${s.id}: no **Status:** line`);
    const shown = [...status[1].split(/\s—\s/)[0].matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]).sort();
    assert.deepEqual(shown, [...r.tags].sort(), `${s.id}: status tags`);
    assert.match(s.text, /\*\*Diagnostic:\*\*/, `${s.id}: no **Diagnostic:** line`);
    assert.match(s.text, /\*\*Sources:\*\*/, `${s.id}: no **Sources:** line`);
    if (r.code) {
      const re = new RegExp('`' + r.code + '` \\((\\*\\*)?' + r.severity);
      assert.match(s.text, re, `${s.id}: should name \`${r.code}\` (${r.severity})`);
    } else {
      assert.match(s.text, /\*\*Diagnostic:\*\* none/, `${s.id}: a rule without a code says "none"`);
    }
  }
});

test('docs/rules.md: every segoc block has an expect line', () => {
  const blocks = segocBlocks(DOC);
  assert.ok(blocks.length >= 66, `expected a legal and an illegal example per rule, found ${blocks.length} blocks`);
  for (const b of blocks) {
    assert.ok(b.expects.length > 0, `docs/rules.md:${b.line}: segoc block without an expect line`);
    for (const e of b.expects) {
      // What a link did or where a card is (language.md, "Expecting what happens") besides legal/illegal.
      assert.match(e, /^expect (legal|illegal [a-z0-9-]+( at \d+( in chain \d+)?)?|cl\d+( in chain \d+)? (resolves|negated|has no effect|applies .+|does not apply .+)|.*"[^"]+" (in [a-z ]+|summoned|not summoned)|[a-z]+ has \d+ cards? in [a-z ]+)$/, `docs/rules.md:${b.line}: malformed "${e}"`);
    }
    assert.match(b.text, /^\s*scenario\s+"/m, `docs/rules.md:${b.line}: a segoc block should be a scenario`);
  }
});

test('docs/rules.md: expect illegal lines name rule codes', () => {
  const known = new Set(RULE_CODES.map((c) => c.code));
  for (const b of segocBlocks(DOC)) {
    for (const e of b.expects) {
      const m = /^expect illegal ([a-z0-9-]+)/.exec(e);
      if (m) assert.ok(known.has(m[1]), `docs/rules.md:${b.line}: unknown code ${m[1]}`);
    }
  }
});

test('docs/rules.md: every rule has a legal and an illegal example; a rule with a code shows its code', () => {
  for (const s of ruleSections(DOC)) {
    const r: RuleInfo = ruleById(s.id)!;
    const blocks = segocBlocks(s.text);
    assert.ok(
      blocks.some((b) => b.expects.includes('expect legal')),
      `${s.id}: no "expect legal" example in its section`,
    );
    const illegal = blocks.flatMap((b) => b.expects).filter((e) => e.startsWith('expect illegal '));
    assert.ok(illegal.length > 0, `${s.id}: no "expect illegal" example in its section`);
    if (r.code) {
      assert.ok(
        illegal.some((e) => e === `expect illegal ${r.code}` || e.startsWith(`expect illegal ${r.code} `)),
        `${s.id}: no "expect illegal ${r.code}" example in its section`,
      );
    }
  }
});

test('docs/rules.md links the language error codes and documents the rulesets', () => {
  assert.match(DOC, /\(language\.md#error-codes-of-the-language\)/);
  assert.match(DOC, /^## Language error codes$/m);
  assert.match(DOC, /^## Rulesets and dates$/m);
  assert.ok(DECLARED_DATES.length >= 4);
  for (const d of DECLARED_DATES) {
    assert.ok(DOC.includes(d), `docs/rules.md should name the date ${d}`);
  }
});

test('docs/rules.md: internal links point at existing anchors', () => {
  const anchors = new Set(anchorsOf(DOC));
  // GitHub-style ids of the ## headings
  for (const m of DOC.matchAll(/^##\s+(.+)$/gm)) {
    anchors.add(
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  for (const m of DOC.matchAll(/\]\(#([^)]+)\)/g)) {
    assert.ok(anchors.has(m[1]), `docs/rules.md: link #${m[1]} has no target`);
  }
});
