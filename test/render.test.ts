// `segoc render`: snapshot tests of every format, the escaping of hostile text, and the CLI command.
//
// The snapshots live in test/fixtures/render/example.{md,wiki,html,svg,json} and are the rendering of
// test/fixtures/render/example.segoc. When a snapshot file is missing the test writes it and fails,
// asking for a review; SEGOC_UPDATE_SNAPSHOTS=1 rewrites them all (review the diff before committing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, analyzePage, render, RenderFormat, escapeMarkdown, escapeWikitext, renderChainSvg } from '../server/src/core/internal';
import { runCli } from '../server/src/cli/main';
import { repoRoot } from './helpers';

const root = repoRoot();
const FIX = path.join(root, 'test/fixtures/render');
const INPUT = path.join(FIX, 'example.segoc');
const TITLE = 'test/fixtures/render/example.segoc';

const EXT: Record<RenderFormat, string> = { markdown: 'md', wikitext: 'wiki', html: 'html', svg: 'svg', json: 'json' };

function renderFixture(format: RenderFormat): string {
  const a = analyze(fs.readFileSync(INPUT, 'utf8'), { uri: INPUT });
  return render({ title: TITLE, scenarios: a.scenarios }, format);
}

for (const format of Object.keys(EXT) as RenderFormat[]) {
  test(`render ${format}: matches the reviewed snapshot example.${EXT[format]}`, () => {
    const actual = renderFixture(format);
    const file = path.join(FIX, `example.${EXT[format]}`);
    if (process.env.SEGOC_UPDATE_SNAPSHOTS === '1') fs.writeFileSync(file, actual);
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, actual);
      assert.fail(`snapshot ${path.relative(root, file)} was missing and has been written: review it (open it, render it), then run the tests again`);
    }
    const expected = fs.readFileSync(file, 'utf8');
    assert.equal(actual, expected, `render ${format} differs from ${path.relative(root, file)}; if the change is intended, review it and rerun with SEGOC_UPDATE_SNAPSHOTS=1`);
  });
}

test('render is deterministic (same input, same bytes) and pure (no absolute paths)', () => {
  for (const format of Object.keys(EXT) as RenderFormat[]) {
    const a = renderFixture(format);
    assert.equal(renderFixture(format), a);
    assert.ok(!a.includes(root), `${format} output contains the repository path`);
  }
});

// ---------------------------------------------------------------------------------------------
// Content

test('render markdown: one table per chain with the columns, rows in link order, what each link did', () => {
  const md = renderFixture('markdown');
  assert.match(md, /^\| Link \| Player \| Card \| Category \| Spell Speed \| What it did \| Legal \|$/m);
  assert.match(md, /^\| CL3 \| Yugi \| "Dark Bribe" \| responds to an activation \| 3 \| negates the activation of CL2 "Imperial Order"; destroys "Imperial Order" \| yes \|$/m);
  assert.match(md, /^\| CL2 \| Yugi \| "Peten the Dark Clown" \| 3 · turn player's optional \| 1 \| .* \| no: segoc-order \|$/m);
  assert.match(md, /Resolves: CL3 → CL2 \(negated\) → CL1/);
});

test('render wikitext: {| class="wikitable" tables with a caption, header row and one row per link', () => {
  const wt = renderFixture('wikitext');
  const tables = wt.match(/^\{\| class="wikitable"$/gm) ?? [];
  assert.equal(tables.length, 4); // 2 + 2 chains
  assert.match(wt, /^\|\+ Chain 1 \(3 links · Main Phase 1 · legal\)$/m);
  assert.match(wt, /^! Link !! Player !! Card !! Category !! Spell Speed !! What it did !! Legal$/m);
  assert.match(wt, /^\| CL1 \|\| Yugi \|\| "Raigeki" \|\| Spell Speed 1 activation \|\| 1 \|\| /m);
  assert.equal((wt.match(/^\{\|/gm) ?? []).length, (wt.match(/^\|\}$/gm) ?? []).length, 'every table is closed');
});

test('render svg: one box per link, highest link on top, category colours, resolution numbers, size set', () => {
  const svg = renderFixture('svg');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
  const a = analyze(fs.readFileSync(INPUT, 'utf8'));
  const links = a.scenarios.flatMap((s) => s.chains.flatMap((c) => c.links));
  assert.equal((svg.match(/<path d="M[^"]* a8 8 [^"]*" fill="#[0-9a-f]{6}"\/>/g) ?? []).length, links.length, 'one coloured band per link');
  // In the first chain CL3 is drawn above CL2 above CL1.
  const y = (label: string, from = 0) => {
    const i = svg.indexOf(`>${label}</text>`, from);
    assert.ok(i >= 0, label);
    return Number(/y="([\d.]+)"[^>]*>$/.exec(svg.slice(svg.lastIndexOf('<text', i), i + 1))![1]);
  };
  assert.ok(y('CL3') < y('CL2') && y('CL2') < y('CL1'));
  assert.match(svg, /fill="#d97706"/, 'the NTP mandatory colour');
  assert.match(svg, /stroke-dasharray="6 4"/, 'the illegal link is dashed');
  assert.match(svg, /✗ illegal: segoc-order/);
  assert.doesNotMatch(svg, /font-family="(?!sans-serif|monospace)/, 'generic font families only');
});

test('render json: scenarios, chains and links with their resolution', () => {
  const j = JSON.parse(renderFixture('json'));
  assert.equal(j.version, 1);
  assert.equal(j.title, TITLE);
  assert.equal(j.scenarios.length, 2);
  const c1 = j.scenarios[0].chains[0];
  assert.deepEqual(
    c1.links.map((l: { link: number; card: string; spellSpeed: number; resolution: { order: number; status: string } }) => [l.link, l.card, l.spellSpeed, l.resolution.order, l.resolution.status]),
    [
      [1, 'Raigeki', 1, 3, 'resolved'],
      [2, 'Imperial Order', 2, 2, 'negated'],
      [3, 'Dark Bribe', 3, 1, 'resolved'],
    ],
  );
  assert.equal(j.scenarios[1].expectationsMet, true);
});

test('render html: a standalone page, inline CSS only, no script, a CSP that forbids scripts', () => {
  const html = renderFixture('html');
  assert.match(html, /^<!DOCTYPE html>\n<html lang="en">/);
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/);
  assert.doesNotMatch(html, /<script|<link |<img |src=|href=|@import|url\(/i);
  assert.equal((html.match(/<table>/g) ?? []).length, 4);
  assert.equal((html.match(/<svg /g) ?? []).length, 4, 'a chain picture per chain');
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique in the page');
});

// ---------------------------------------------------------------------------------------------
// Escaping

const HOSTILE_TITLE = `<script>alert("t")</script> & ]]> 'q' {{Template}} [[Link]] | x ~~~~ __NOTOC__`;
const HOSTILE_CARD = `<img src=x onerror=alert(1)> & "Dark" | [[Hole]] {{!}} ''bold''`;
const HOSTILE = `
card "${HOSTILE_CARD.replace(/"/g, '\\"')}": normal spell

scenario "${HOSTILE_TITLE.replace(/"/g, '\\"')}"
  source "</title><svg onload=alert(2)> \u0001\u0008 control"
  players Yugi, Kaiba
  turn Yugi
  chain
    1 Yugi "${HOSTILE_CARD.replace(/"/g, '\\"')}"
`;

function hostile(format: RenderFormat): string {
  const a = analyze(HOSTILE);
  assert.equal(a.scenarios.length, 1);
  assert.equal(a.scenarios[0].chains[0].links[0].card, HOSTILE_CARD, 'the card name reaches the renderer as written');
  return render({ title: 'evil <b>&amp;</b>.segoc', scenarios: a.scenarios }, format);
}

/** No element that runs code or loads something, no event handler or link attribute in any tag. */
function assertInert(markup: string): void {
  assert.doesNotMatch(markup, /<(script|img|iframe|object|embed|foreignObject|a)\b/i);
  for (const tag of markup.match(/<[^>]+>/g) ?? []) assert.doesNotMatch(tag, /\s(on\w+|href|xlink:href|src)\s*=/i, tag);
}

/** A small XML well-formedness check: balanced tags, quoted attributes, only known entities. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/g;
  let last = 0;
  let m: RegExpExecArray | null;
  const text = (s: string) => {
    assert.doesNotMatch(s, /</, `a raw < in text: ${s.slice(0, 80)}`);
    assert.doesNotMatch(s, /&(?!(?:amp|lt|gt|quot|#39|#\d+);)/, `a raw & in text: ${s.slice(0, 80)}`);
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(s, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/, 'a control character');
  };
  while ((m = re.exec(xml))) {
    text(xml.slice(last, m.index));
    last = re.lastIndex;
    if (!m[2]) continue;
    for (const attr of m[3].matchAll(/="([^"]*)"/g)) text(attr[1]);
    if (m[4]) continue;
    if (m[1]) assert.equal(stack.pop(), m[2], `closing </${m[2]}>`);
    else if (!/^(meta)$/i.test(m[2])) stack.push(m[2]);
  }
  text(xml.slice(last));
  assert.deepEqual(stack, [], 'unclosed elements');
}

test('escaping: hostile names cannot inject markup into SVG (well-formed XML, no script, no handler)', () => {
  const svg = hostile('svg');
  assertWellFormedXml(svg);
  assertInert(svg);
  // The name is written as the language writes it (quotes escaped, quoteName), then escaped for XML.
  assert.match(svg, /&lt;img src=x onerror=alert\(1\)&gt; &amp; \\&quot;Dark\\&quot;/);
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(svg, /[\u0001\u0008]/);
  const one = renderChainSvg(analyze(HOSTILE).scenarios[0], analyze(HOSTILE).scenarios[0].chains[0]);
  assertWellFormedXml(one);
});

test('escaping: hostile names cannot inject markup into HTML', () => {
  const html = hostile('html');
  assertWellFormedXml(html.replace(/<style>[\s\S]*?<\/style>/, '<style></style>'));
  assertInert(html);
  assert.match(html, /<title>Resolved chains: evil &lt;b&gt;&amp;amp;&lt;\/b&gt;\.segoc<\/title>/);
  assert.match(html, /&lt;script&gt;alert\(&quot;t&quot;\)&lt;\/script&gt;/);
});

test('escaping: Markdown and wikitext keep hostile text inert', () => {
  const md = hostile('markdown');
  assert.doesNotMatch(md, /<[a-z]/i);
  assert.ok(md.includes('\\| x'), 'a pipe in a title is escaped');
  assert.ok(md.includes('\\[\\[Hole\\]\\]'));
  for (const line of md.split('\n').filter((l) => l.startsWith('| CL'))) {
    assert.equal(line.split(/(?<!\\)\|/).length - 2, 7, `a table row keeps its 7 cells: ${line}`);
  }
  const wt = hostile('wikitext');
  assert.doesNotMatch(wt, /<[a-z]|\[\[|\]\]|\{\{|\}\}|~~~|__NOTOC__/i);
  assert.match(wt, /^=== Scenario 1: &#60;script&#62;alert\("t"\)&#60;\/script&#62; &#38; &#93;&#93;&#62; 'q' &#123;&#123;Template/m);
  for (const line of wt.split('\n').filter((l) => l.startsWith('| CL'))) {
    assert.doesNotMatch(line, /''/, 'no bold/italic quotes in a row');
    assert.equal(line.split(' || ').length, 7, `a table row keeps its 7 cells: ${line}`);
  }
  assert.equal(escapeMarkdown('a|b*c_d<e'), 'a\\|b\\*c\\_d&lt;e');
  assert.equal(escapeWikitext('[[x]] | {{y}}'), '&#91;&#91;x&#93;&#93; &#124; &#123;&#123;y&#125;&#125;');
});

// ---------------------------------------------------------------------------------------------
// Pages and the CLI

function run(argv: string[], cwd = root): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('render of a page: every block, scenarios numbered through the page, lines of the page', () => {
  const file = path.join(root, 'samples/pages/segoc-examples.md');
  const page = analyzePage(fs.readFileSync(file, 'utf8'), 'markdown', { uri: file });
  const j = JSON.parse(render({ title: 'segoc-examples.md', scenarios: page.scenarios }, 'json'));
  assert.deepEqual(
    j.scenarios.map((s: { index: number; block: number; line: number }) => [s.index, s.block]),
    [
      [1, 2],
      [2, 3],
      [3, 4],
    ],
  );
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (const s of j.scenarios) assert.match(lines[s.line - 1], /^\s*scenario "/);
  const md = render({ title: 'segoc-examples.md', scenarios: page.scenarios }, 'markdown');
  assert.match(md, /^## Block 2, scenario 1: Intro: Mystic Tomato and Giant Rat destroyed by battle$/m);
});

test('segoc render: formats, --scenario, a page, and usage errors (exit 2, one line)', () => {
  const md = run(['render', 'test/fixtures/render/example.segoc']);
  assert.equal(md.code, 0, md.err);
  assert.equal(md.out, renderFixture('markdown'));
  for (const format of Object.keys(EXT) as RenderFormat[]) {
    const r = run(['render', 'test/fixtures/render/example.segoc', '--format', format]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, renderFixture(format), format);
  }
  const one = JSON.parse(run(['render', 'test/fixtures/render/example.segoc', '--format=json', '--scenario', '2']).out);
  assert.deepEqual(one.scenarios.map((s: { index: number }) => s.index), [2]);
  const wiki = run(['render', 'samples/pages/segoc-examples.wiki', '--format', 'wikitext']);
  assert.equal(wiki.code, 0, wiki.err);
  assert.match(wiki.out, /^=== Block 2, scenario 1: /m);
  for (const argv of [
    ['render'],
    ['render', 'a.segoc', 'b.segoc'],
    ['render', 'test/fixtures/render/example.segoc', '--format', 'pdf'],
    ['render', 'test/fixtures/render/example.segoc', '--scenario', '9'],
    ['render', 'test/fixtures/render/example.segoc', '--scenario', 'x'],
    ['render', 'test/fixtures/render/example.segoc', '--chains'],
    ['render', 'no-such-file.segoc'],
    ['render', 'README.md'.replace('README', 'test/fixtures/pages/no-blocks')],
  ]) {
    const r = run(argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.out}`);
    assert.equal(r.err.split('\n').filter(Boolean).length, 1, r.err);
    assert.match(r.err, /^segoc: /);
  }
});

test('check --format json and render --format json give the same scenario objects (one serializer)', () => {
  for (const file of ['test/fixtures/render/example.segoc', 'samples/pages/segoc-examples.md']) {
    const checked = run(['check', file, '--format', 'json']);
    const rendered = run(['render', file, '--format', 'json']);
    assert.equal(rendered.code, 0, rendered.err);
    const fromCheck = JSON.parse(checked.out).files[0].scenarios;
    const fromRender = JSON.parse(rendered.out).scenarios;
    assert.ok(fromCheck.length > 0, file);
    assert.deepEqual(fromRender, fromCheck, file);
    // Absent values are null, never left out: the same keys whether or not the scenario is on a page.
    for (const sc of fromCheck) for (const key of ['block', 'source', 'expectationsMet']) assert.ok(key in sc, `${file}: ${key}`);
  }
});
