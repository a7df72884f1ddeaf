// Wiki pages: extraction of ```segoc / <segoc> blocks, the mapping of everything back to the page's
// own lines and columns, cards shared from earlier blocks, page problems, formatting the blocks of a
// page, and `segoc check` on pages.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { analyzePage, extractBlocks, formatDocument, formatPage, mapEdit, mapRange, pageKind, PageBlock, Position, TextEdit } from '../server/src/core/internal';
import { runCli } from '../server/src/cli/main';
import { applyEdits, repoRoot } from './helpers';

const root = repoRoot();

/** The page position of the first occurrence of `needle` at or after line `fromLine`. */
function find(text: string, needle: string, fromLine = 0): Position {
  const lines = text.split(/\r\n|\r|\n/);
  for (let l = fromLine; l < lines.length; l++) {
    const c = lines[l].indexOf(needle);
    if (c >= 0) return { line: l, character: c };
  }
  throw new Error(`not found: ${needle}`);
}

const SCENARIO = (title: string, links: string[], extra = '') => [
  `scenario "${title}"`,
  '  players Yugi, Kaiba',
  '  turn Yugi',
  '  Yugi field: "Sangan", "Peten the Dark Clown"',
  extra,
  '  chain',
  '    1 Yugi "Dark Hole" -> destroy all monsters',
  '  chain',
  ...links.map((l, i) => `    ${i + 1} ${l}`),
].filter((l) => l !== '');

// ---------------------------------------------------------------------------------------------
// pageKind

test('pageKind: Markdown and wikitext extensions, nothing else', () => {
  assert.equal(pageKind('a/README.md'), 'markdown');
  assert.equal(pageKind('x.MARKDOWN'), 'markdown');
  assert.equal(pageKind('Chain.wiki'), 'wikitext');
  assert.equal(pageKind('p.wikitext'), 'wikitext');
  assert.equal(pageKind('p.mediawiki'), 'wikitext');
  assert.equal(pageKind('s.segoc'), undefined);
  assert.equal(pageKind('notes.txt'), undefined);
  assert.equal(pageKind('md'), undefined);
});

// ---------------------------------------------------------------------------------------------
// Markdown extraction

test('markdown: backtick and tilde fences, info strings with attributes, other languages skipped', () => {
  const page = [
    '# Title', //                                   0
    '```segoc', //                                  1
    'scenario "a"', //                              2
    '```', //                                       3
    '~~~ segoc title="Example 1" {.numberLines}', //4
    'scenario "b"', //                              5
    '~~~', //                                       6
    '```js', //                                     7
    'const x = 1;', //                              8
    '```', //                                       9
    '````markdown', //                              10
    '```segoc', //                                  11  (inside a markdown fence: not a block)
    'scenario "hidden"', //                         12
    '```', //                                       13
    '````', //                                      14
    '```{.segoc .wide}', //                         15
    'scenario "c"', //                              16
    '`````', //                                     17  a longer closing fence closes
    '```segocx', //                                 18  not segoc
    'x', //                                         19
    '```', //                                       20
    '<!-- ```segoc', //                             21  commented out
    'scenario "commented"', //                      22
    '``` -->', //                                   23
    '```SEGOC', //                                  24
    'scenario "d"', //                              25
    '~~~', //                                       26  a tilde line does not close a backtick fence
    '```', //                                       27
  ].join('\n');
  const blocks = extractBlocks(page, 'markdown');
  assert.deepEqual(
    blocks.map((b) => [b.index, b.line, b.text, b.terminated]),
    [
      [1, 2, 'scenario "a"', true],
      [2, 5, 'scenario "b"', true],
      [3, 16, 'scenario "c"', true],
      [4, 25, 'scenario "d"\n~~~', true],
    ],
  );
  assert.equal(blocks[1].info, '~~~ segoc title="Example 1" {.numberLines}');
  assert.deepEqual(blocks[0].openRange, { start: { line: 1, character: 0 }, end: { line: 1, character: 8 } });
  assert.deepEqual(blocks[0].range, { start: { line: 1, character: 0 }, end: { line: 3, character: 3 } });
});

test('markdown: fences indented inside list items (and block quotes) lose their indentation', () => {
  const page = [
    '1. First step', //                              0
    '', //                                           1
    '   ```segoc', //                                2
    '   scenario "in a list"', //                    3
    '', //                                           4
    '     players Yugi, Kaiba', //                   5
    '   ```', //                                     6
    '- ```segoc', //                                 7  the fence on the list item line itself
    '  scenario "on the item line"', //              8
    '  ```', //                                      9
    '> ```segoc', //                                 10
    '> scenario "quoted"', //                        11
    '> ```', //                                      12
  ].join('\n');
  const blocks = extractBlocks(page, 'markdown');
  assert.equal(blocks.length, 3);
  assert.equal(blocks[0].text, 'scenario "in a list"\n\n  players Yugi, Kaiba');
  assert.deepEqual(blocks[0].columns, [3, 0, 3]);
  assert.equal(blocks[0].indent, '   ');
  assert.equal(blocks[0].line, 3);
  assert.equal(blocks[0].column, 3);
  assert.equal(blocks[1].text, 'scenario "on the item line"');
  assert.equal(blocks[1].indent, '  ');
  assert.equal(blocks[2].text, 'scenario "quoted"');
  assert.equal(blocks[2].indent, '> ');
  assert.deepEqual(blocks[2].columns, [2]);
});

test('markdown: an unterminated fence runs to the end of the page and is reported at the fence', () => {
  const page = ['Intro', '', '  ```segoc', '  scenario "open"', '    players Yugi, Kaiba', '    turn Yugi'].join('\n');
  const [b] = extractBlocks(page, 'markdown');
  assert.equal(b.terminated, false);
  assert.equal(b.text, 'scenario "open"\n  players Yugi, Kaiba\n  turn Yugi');
  const a = analyzePage(page, 'markdown');
  const d = a.diagnostics.filter((x) => x.code === 'unterminated-block');
  assert.equal(d.length, 1);
  assert.equal(d[0].severity, 'error');
  assert.deepEqual(d[0].range, { start: { line: 2, character: 2 }, end: { line: 2, character: 10 } });
  assert.match(d[0].message, /never closed.*```/);
  assert.equal(a.scenarios.length, 1, 'the block is still checked');
});

// ---------------------------------------------------------------------------------------------
// Wikitext extraction

test('wikitext: <segoc>, <syntaxhighlight lang=...> in any attribute order and quoting, <source>', () => {
  const page = [
    '== Examples ==', //                                          0
    '<segoc>', //                                                 1
    'scenario "a"', //                                            2
    '</segoc>', //                                                3
    '<syntaxhighlight lang="segoc">', //                          4
    'scenario "b"', //                                            5
    '</syntaxhighlight>', //                                      6
    "<syntaxhighlight line highlight='2' lang='segoc'>", //       7
    'scenario "c"', //                                            8
    '</syntaxhighlight>', //                                      9
    '<SyntaxHighlight lang=segoc line>', //                       10
    'scenario "d"', //                                            11
    '</SyntaxHighlight>', //                                      12
    '<source lang="segoc">', //                                   13
    'scenario "e"', //                                            14
    '</source>', //                                               15
    '<segoc title="x">scenario "f"</segoc>', //                  16
  ].join('\n');
  const blocks = extractBlocks(page, 'wikitext');
  assert.deepEqual(
    blocks.map((b) => [b.line, b.column, b.text]),
    [
      [2, 0, 'scenario "a"'],
      [5, 0, 'scenario "b"'],
      [8, 0, 'scenario "c"'],
      [11, 0, 'scenario "d"'],
      [14, 0, 'scenario "e"'],
      [16, 17, 'scenario "f"'],
    ],
  );
  assert.ok(blocks.every((b) => b.terminated));
});

test('wikitext: other languages, comments, <nowiki>, <pre> and self-closing tags are not blocks', () => {
  const page = [
    '<syntaxhighlight lang="html"><segoc>scenario "in html"</segoc></syntaxhighlight>',
    '<syntaxhighlight lang="segocx">scenario "x"</syntaxhighlight>',
    '<!-- <segoc>scenario "commented"</segoc> -->',
    '<nowiki><segoc>scenario "nowiki"</segoc></nowiki>',
    '<pre><segoc>scenario "pre"</segoc></pre>',
    '<segoc/> <segoc />',
    'Text with the word segoc and lang="segoc".',
  ].join('\n');
  assert.deepEqual(extractBlocks(page, 'wikitext'), []);
});

test('wikitext: an unclosed <segoc> is reported at its tag', () => {
  const page = 'Intro\n  <segoc>\nscenario "open"\n  players Yugi, Kaiba\n';
  const a = analyzePage(page, 'wikitext');
  const d = a.diagnostics.find((x) => x.code === 'unterminated-block');
  assert.ok(d);
  assert.deepEqual(d.range, { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } });
  assert.match(d.message, /<segoc> is never closed: add <\/segoc>/);
});

// ---------------------------------------------------------------------------------------------
// Mapping

test('mapping: a diagnostic in the 3rd block lands on the page line and column of its text', () => {
  const third = SCENARIO('third', ['Yugi "Sangan"', 'Yugi "Peten the Dark Clown"']).map((l) => `     ${l}`);
  third[third.length - 1] = third[third.length - 1].replace('    2 Yugi', '    3 Yugi'); // misnumbered link
  const page = [
    '# Page',
    '```segoc',
    ...SCENARIO('first', ['Yugi "Sangan"', 'Yugi "Peten the Dark Clown"']),
    '```',
    'Between.',
    '~~~segoc',
    ...SCENARIO('second', ['Yugi "Sangan"', 'Yugi "Peten the Dark Clown"']),
    '~~~',
    '',
    '* A list item:',
    '',
    '     ```segoc',
    ...third,
    '     ```',
  ].join('\n');
  const a = analyzePage(page, 'markdown');
  assert.equal(a.blocks.length, 3);
  const d = a.diagnostics.filter((x) => x.code === 'chain-numbering');
  assert.equal(d.length, 1, JSON.stringify(a.diagnostics.map((x) => x.code)));
  const expected = find(page, '3 Yugi "Peten', find(page, 'scenario "third"').line);
  assert.deepEqual(d[0].range.start, expected);
  assert.equal(page.split('\n')[d[0].range.start.line].slice(d[0].range.start.character, d[0].range.end.character), '3');
  assert.equal(d[0].block, 3);
  assert.equal(d[0].scenario, 3, 'scenarios are numbered through the page');
  // The scenario results are mapped too.
  const sc = a.scenarios[2];
  assert.equal(sc.index, 3);
  assert.equal(sc.block, 3);
  assert.equal(sc.blockIndex, 1);
  assert.deepEqual(sc.titleRange.start, find(page, '"third"'));
  const link = sc.chains[1].links[1];
  assert.deepEqual(link.range.start, expected);
  assert.equal(sc.diagnostics.find((x) => x.code === 'chain-numbering'), d[0], 'the scenario shares the page diagnostic objects');
});

test('mapping: related locations and quick-fix edits are mapped; applying the fix to the page fixes it', () => {
  const inner = SCENARIO('order', ['Kaiba "Sangan"', 'Yugi "Sangan"'], '  Kaiba field: "Sangan"');
  const page = ['Text.', '', '- Example:', '', '  ```segoc', ...inner.map((l) => `  ${l}`), '  ```', '', 'After.'].join('\n');
  const a = analyzePage(page, 'markdown');
  const d = a.diagnostics.find((x) => x.code === 'segoc-order');
  assert.ok(d, JSON.stringify(a.diagnostics.map((x) => x.code)));
  assert.deepEqual(d.range.start, find(page, '1 Kaiba "Sangan"'));
  for (const r of d.related ?? []) assert.match(page.split('\n')[r.range.start.line], /^ {6}\d (Yugi|Kaiba) "Sangan"/);
  const fix = d.fix?.[0];
  assert.ok(fix, 'a reorder fix');
  for (const e of fix.edits) assert.ok(e.range.start.line >= 5 && e.range.end.line <= 5 + inner.length, 'edits stay inside the block');
  const fixed = applyEdits(page, fix.edits);
  assert.notEqual(fixed, page);
  const again = analyzePage(fixed, 'markdown');
  assert.deepEqual(again.diagnostics.filter((x) => x.severity === 'error').map((x) => x.code), []);
  assert.match(fixed, /\n {6}1 Yugi "Sangan"\n {6}2 Kaiba "Sangan"\n/, 'the fixed lines keep the list indentation');
  assert.ok(fixed.startsWith('Text.\n\n- Example:\n\n  ```segoc\n') && fixed.endsWith('  ```\n\nAfter.'));
});

test('mapping: mapRange and mapEdit (continuation lines get the block indentation)', () => {
  const block: PageBlock = {
    index: 1,
    text: 'a\nb',
    line: 10,
    column: 4,
    columns: [4, 4],
    indent: '    ',
    range: { start: { line: 9, character: 4 }, end: { line: 12, character: 7 } },
    openRange: { start: { line: 9, character: 4 }, end: { line: 9, character: 12 } },
    info: '```segoc',
    terminated: true,
  };
  assert.deepEqual(mapRange(block, { start: { line: 1, character: 2 }, end: { line: 2, character: 0 } }), {
    start: { line: 11, character: 6 },
    end: { line: 12, character: 4 },
  });
  assert.deepEqual(mapEdit(block, { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: 'x\ny\n' }), {
    range: { start: { line: 11, character: 4 }, end: { line: 11, character: 4 } },
    newText: 'x\n    y\n    ',
  });
});

test('mapping: wikitext content on the tag line, CRLF pages', () => {
  const page = 'Intro\r\nSee <segoc>scenario "x"\r\n  players Yugi, Kaiba\r\n  turn Yugi\r\n  Yugi field: "Sangun"\r\n</segoc>\r\n';
  const a = analyzePage(page, 'wikitext');
  assert.deepEqual(a.scenarios[0].titleRange.start, { line: 1, character: 20 });
  const d = a.diagnostics.find((x) => x.code === 'unknown-card');
  assert.ok(d);
  assert.deepEqual(d.range.start, { line: 4, character: 14 });
});

// ---------------------------------------------------------------------------------------------
// Cards across blocks

test('cards: a card defined in an earlier block resolves in a later one (and not the other way round)', () => {
  const card = ['card "Paper Rat of the Page": effect monster (beast, earth, level 4, atk 1400, def 1450)', '  trigger optional when destroyed by battle and sent to gy'];
  const use = ['scenario "uses the rat"', '  players Yugi, Kaiba', '  turn Kaiba', '  phase battle', '  Yugi field: "Paper Rat of the Page"', '  Kaiba field: "Mystic Tomato"'];
  const page = (first: string[], second: string[]) => ['```segoc', ...first, '```', 'text', '```segoc', ...second, '```'].join('\n');

  const ok = analyzePage(page(card, use), 'markdown', { uri: 'file:///wiki/page.md' });
  assert.deepEqual(ok.diagnostics.filter((x) => x.severity === 'error').map((x) => x.code), []);
  const rat = ok.blocks[1].analysis.cards.get('paper rat of the page');
  assert.ok(rat, 'the later block knows the card');
  assert.equal(rat.origin.uri, 'file:///wiki/page.md');
  assert.deepEqual(rat.origin.range.start, find(page(card, use), '"Paper Rat of the Page"'), 'its definition is located on the page');

  const bad = analyzePage(page(use, card), 'markdown');
  const unknown = bad.diagnostics.filter((x) => x.code === 'unknown-card');
  assert.equal(unknown.length, 1);
  assert.equal(unknown[0].block, 1);
});

// ---------------------------------------------------------------------------------------------
// Pages without blocks; the samples

test('a page without blocks: no block, no diagnostic, no scenario', () => {
  const text = fs.readFileSync(path.join(root, 'test/fixtures/pages/no-blocks.md'), 'utf8');
  const a = analyzePage(text, 'markdown');
  assert.deepEqual([a.blocks.length, a.diagnostics.length, a.scenarios.length], [0, 0, 0]);
  assert.deepEqual(analyzePage('', 'wikitext').blocks, []);
});

test('samples/pages: both pages check clean, with their expectations met and a card shared between blocks', () => {
  for (const [file, kind] of [
    ['samples/pages/segoc-examples.md', 'markdown'],
    ['samples/pages/segoc-examples.wiki', 'wikitext'],
  ] as const) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const a = analyzePage(text, kind, { uri: file });
    assert.ok(a.blocks.length >= 2 && a.blocks.length <= 4, file);
    assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.code}: ${d.message}`), [], file);
    assert.ok(a.scenarios.length >= 2, file);
    assert.ok(a.scenarios.every((s) => s.expectationsMet === true), file);
    assert.ok(a.blocks[0].analysis.fileCards.length > 0 && a.blocks[0].analysis.scenarios.length === 0, `${file}: the first block defines cards`);
    // Without the first block's definition, a later block finds the card elsewhere (the generated library).
    const name = /^card "([^"]+)"/m.exec(text)![1];
    const without = analyzePage(text.replace(/^card "[^"]+"/m, 'card "Something Else"'), kind);
    const origin = (p: typeof a) => p.blocks[p.blocks.length - 1].analysis.cards.get(name)?.origin.kind;
    assert.notEqual(origin(without), origin(a), `${file}: a later block uses the card`);
  }
});

// ---------------------------------------------------------------------------------------------
// Formatting the blocks of a page

test('formatPage: formats each block in place, keeps everything else byte for byte, idempotent', () => {
  const page = [
    '# Title  ',
    '',
    '1. Step:',
    '',
    '   ```segoc',
    '   scenario   "x"',
    '   players Yugi ,Kaiba',
    '',
    '',
    '   chain',
    '   1 Yugi   "Dark Hole"',
    '   ```',
    '',
    '<segoc>scenario "same line"   </segoc>',
    'trailing  ',
  ].join('\r\n');
  const out = formatPage(page, 'markdown');
  const body = formatDocument('scenario   "x"\nplayers Yugi ,Kaiba\n\n\nchain\n1 Yugi   "Dark Hole"').replace(/\n+$/, '');
  const expected = [
    '# Title  ',
    '',
    '1. Step:',
    '',
    '   ```segoc',
    ...body.split('\n').map((l) => (l ? `   ${l}` : '')),
    '   ```',
    '',
    '<segoc>scenario "same line"   </segoc>',
    'trailing  ',
  ].join('\r\n');
  assert.equal(out, expected);
  assert.equal(formatPage(out, 'markdown'), out, 'idempotent');
  const wiki = 'a\n<segoc>scenario "same line"   </segoc>\n<segoc>\nscenario   "y"\n</segoc>\n';
  assert.equal(formatPage(wiki, 'wikitext'), 'a\n<segoc>scenario "same line"   </segoc>\n<segoc>\nscenario "y"\n</segoc>\n');
  assert.equal(formatPage('no blocks at all', 'markdown'), 'no blocks at all');
});

// ---------------------------------------------------------------------------------------------
// The CLI on pages

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-pages-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

function run(argv: string[], cwd: string): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(TMP, name);
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

const LEGAL = [...SCENARIO('legal', ['Yugi "Sangan"', 'Yugi "Peten the Dark Clown"']), '  expect legal'].join('\n');
const WRONG = SCENARIO('wrong', ['Yugi "Sangan"', 'Yugi "Peten the Dark Clown"']).join('\n').replace('    2 Yugi', '    3 Yugi');

test('segoc check: pages are found by default, README-like pages without a block are silent', () => {
  const dir = tree('default', {
    'README.md': '# Hello\n\nNo scenario here.\n',
    'a.segoc': `${LEGAL}\n`,
    'wiki/Chain.md': `# Chain\n\n\`\`\`segoc\n${LEGAL}\n\`\`\`\n`,
    'wiki/Old.wiki': `== Old ==\n<segoc>\n${WRONG}\n</segoc>\n`,
    'notes.txt': 'not read',
  });
  const r = run(['check'], dir);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /^3 files, 3 scenarios: 1 error, 0 warnings; 2\/2 expectations met$/m);
  const wrong = find(fs.readFileSync(path.join(dir, 'wiki/Old.wiki'), 'utf8'), '3 Yugi');
  assert.match(r.out, new RegExp(`^${path.join('wiki', 'Old.wiki').replace(/\./g, '\\.')}:${wrong.line + 1}:${wrong.character + 1}: error chain-numbering: `, 'm'));
  assert.doesNotMatch(r.out, /README/);
  const j = JSON.parse(run(['check', '--format', 'json'], dir).out);
  assert.deepEqual(
    j.files.map((f: { file: string; kind: string }) => [f.file, f.kind]),
    [
      ['a.segoc', 'segoc'],
      [path.join('wiki', 'Chain.md'), 'markdown'],
      [path.join('wiki', 'Old.wiki'), 'wikitext'],
    ],
  );
  assert.deepEqual(j.files[1].blocks, [{ index: 1, line: 4, column: 1, endLine: 14, terminated: true, scenarios: [1] }]);
  assert.equal(j.files[1].scenarios[0].block, 1);
  assert.equal(j.files[1].scenarios[0].line, 4);
});

test('segoc check: explicit pages, folders and globs ({a,b} too); nothing to check is a usage error', () => {
  const dir = tree('explicit', {
    'README.md': '# Hello\n',
    'p/one.md': `\`\`\`segoc\n${LEGAL}\n\`\`\`\n`,
    'p/two.mediawiki': `<syntaxhighlight lang="segoc">\n${LEGAL}\n</syntaxhighlight>\n`,
  });
  assert.match(run(['check', 'p/one.md'], dir).out, /^1 file, 1 scenario: 0 errors/m);
  assert.match(run(['check', 'p'], dir).out, /^2 files, 2 scenarios: 0 errors/m);
  assert.match(run(['check', '**/*.md'], dir).out, /^1 file, 1 scenario: 0 errors/m);
  assert.match(run(['check', 'p/*.{md,mediawiki}'], dir).out, /^2 files, 2 scenarios/m);
  assert.match(run(['check', 'README.md', 'p/one.md'], dir).out, /^1 file, 1 scenario/m);
  const none = run(['check', 'README.md'], dir);
  assert.equal(none.code, 2);
  assert.match(none.err, /^segoc: README\.md: no \.segoc file and no page with a segoc block$/);
  const empty = run(['check'], tree('only-readme', { 'README.md': '# nothing\n', 'docs/x.md': 'text\n' }));
  assert.equal(empty.code, 2);
  assert.equal(empty.err.split('\n').length, 1);
});

test('segoc explain on a page: scenarios with their block and page line', () => {
  const r = run(['explain', 'samples/pages/segoc-examples.wiki'], root);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^scenario 1: "具体例 1: Kick Man revived — Stumbling, Kick Man, Card of Safe Return" \(block 2, line 20\)$/m);
});

test('[page-incremental] a keystroke on a page re-checks only the block it touched, and equals a fresh analysis (F11)', () => {
  // lsp/documents.ts analysed a page whole on every keystroke (10,000 blocks: 240 ms against 20 ms for the same
  // scenarios in a .segoc file): analyzePage now takes the previous version's analysis, block by block.
  const block = (i: number) => `\`\`\`segoc\nscenario "s${i}"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangan", "My Card"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n\`\`\`\n`;
  const cards = '```segoc\ncard "My Card": effect monster (fiend, dark, level 4)\n  trigger optional if destroyed\n```\n';
  const text = `# Page\n\n${cards}\n${Array.from({ length: 6 }, (_, i) => block(i)).join('\nProse.\n\n')}`;
  const first = analyzePage(text, 'markdown');
  const edited = text.replace('scenario "s3"', 'scenario "s3x"');
  const next = analyzePage(edited, 'markdown', { previous: first });
  const fresh = analyzePage(edited, 'markdown');
  const seen = (p: typeof first) => ({ diagnostics: p.diagnostics.map((d) => `${d.range.start.line}:${d.code}:${d.message}`), scenarios: p.scenarios.map((s) => `${s.index} ${s.title} ${s.verdict}`) });
  assert.deepEqual(seen(next), seen(fresh), 'the incremental analysis equals a fresh one');
  // Every block but the edited one kept its scenarios' results (the same objects: nothing was checked again).
  const kept = next.blocks.filter((b, i) => b.analysis.scenarios[0] && b.analysis.scenarios[0] === first.blocks[i].analysis.scenarios[0]).length;
  assert.equal(kept, 5, 'five of the six scenario blocks were not checked again');
  // A change to an earlier block's card definition does re-check the later blocks.
  const redefined = analyzePage(text.replace('trigger optional if destroyed', 'trigger mandatory if destroyed'), 'markdown', { previous: first });
  assert.equal(redefined.blocks.filter((b, i) => b.analysis.scenarios[0] && b.analysis.scenarios[0] === first.blocks[i].analysis.scenarios[0]).length, 0);
});

test('[page-incremental] a line added above a card definition inside its block moves the range later blocks are given', () => {
  // The key of a block's definitions left out where each stands in the block: a comment line added above one kept
  // the previous version's card sources, with the definition's old page line, for every later block.
  const cards = '```segoc\ncard "My Card": effect monster (fiend, dark, level 4)\n  trigger optional if destroyed\n```\n';
  const scenario = '```segoc\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "My Card"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n```\n';
  const text = `# Page\n\n${cards}\n${scenario}`;
  const first = analyzePage(text, 'markdown');
  const edited = text.replace('```segoc\ncard', '```segoc\n# a note\ncard');
  const next = analyzePage(edited, 'markdown', { previous: first });
  const fresh = analyzePage(edited, 'markdown');
  const defLine = (p: typeof first) => p.blocks[1].pageCards.flatMap((s) => s.defs.map((d) => d.range.start.line));
  assert.deepEqual(defLine(next), defLine(fresh));
  assert.notDeepEqual(defLine(next), defLine(first), 'the definition moved down a line');
});
