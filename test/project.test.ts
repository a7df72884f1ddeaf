// Where a card definition applies (issue 18, item 2) and one workspace for every command (item 4):
// a file's definitions apply to itself and the files that `use` it; the project's card files
// (segoc.json "cards", by default the `cards/` folder) apply to every file, for check, explain and
// render alike, and in the language server's workspace index. Redefining a library card is a
// warning naming it; two files in force defining one card differently is an error naming both.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { writeTree, runSegoc } from './helpers';
import { WorkspaceIndex } from '../server/src/lsp/workspace';
import { parseProject } from '../server/src/core/internal';

const ROOT = path.resolve(__dirname, '../..');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-project-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

/** A folder with these files (paths relative to it). */
const tree = (name: string, files: Record<string, string>): string => writeTree(path.join(TMP, name), files);
const run = runSegoc;

const HOUND = 'card "Homebrew Hound": effect monster (beast, earth, level 4, atk 1800, def 1000)\n  trigger optional when this card is destroyed\n';
const HOUND_PAGE = '# P\n\n```segoc\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Homebrew Hound"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Homebrew Hound"\n  expect legal\n```\n';
const R30 = fs.readFileSync(path.join(ROOT, 'samples/rules/R30-damage-step.segoc'), 'utf8');

test('a file redefining a library card changes no other file, and is told so (naming the library card)', () => {
  const dir = tree('fixture', { 'R30.segoc': R30, 'fixture.segoc': 'card "Honest": effect monster\n  ignition\n' });
  const r = run(['check', '.'], dir);
  assert.equal(r.code, 0, r.out);
  assert.doesNotMatch(r.out, /no-such-effect/);
  assert.match(r.out, /^fixture\.segoc:1:6: warning redefines-library-card: "Honest" redefines the library card "Honest" \(library\/[\w-]+\.segoc\)/m);
  // A file that uses it gets the redefinition.
  fs.writeFileSync(path.join(dir, 'R30.segoc'), `use "fixture.segoc"\n${R30}`);
  assert.match(run(['check', 'R30.segoc'], dir).out, /no-such-effect: "Honest" has 1 effect/);
});

test('the cards/ folder applies to every file, for check, explain and render alike', () => {
  const dir = tree('convention', { 'cards/hound.segoc': HOUND, 'wiki/page.md': HOUND_PAGE, 'other.segoc': 'card "Stray Hound": effect monster\n  ignition\n' });
  assert.equal(run(['check'], dir).code, 0);
  const checked = run(['check', 'wiki/page.md'], dir);
  assert.equal(checked.code, 0, checked.out);
  const rendered = run(['render', 'wiki/page.md'], dir);
  assert.equal(rendered.code, 0, rendered.err);
  assert.doesNotMatch(rendered.out, /unknown-card/);
  assert.match(rendered.out, /Homebrew Hound/);
  const explained = run(['explain', 'wiki/page.md'], dir);
  assert.equal(explained.code, 0, explained.out);
  // The project is the nearest segoc.json, else the working folder: run in wiki/, there is no cards/ folder.
  assert.equal(run(['render', 'page.md'], path.join(dir, 'wiki')).code, 1);
  // A definition outside the card files applies to its own file only.
  fs.writeFileSync(path.join(dir, 'wiki/stray.segoc'), 'scenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "Stray Hound"\n');
  assert.match(run(['check', 'wiki/stray.segoc'], dir).out, /unknown-card: unknown card "Stray Hound"/);
});

test('segoc.json names the card files, the ruleset and what check and format skip', () => {
  const dir = tree('project', {
    'segoc.json': JSON.stringify({ cards: ['shared/*.segoc'], rules: 'ocg', exclude: ['drafts'] }),
    'shared/hound.segoc': HOUND,
    'pages/page.md': HOUND_PAGE,
    'drafts/broken.segoc': 'scenario "x"\n  players Yugi\n  chain\n    1 Joey "Nothing"\n',
  });
  const r = run(['check', '--format', 'json'], path.join(dir, 'pages'));
  assert.equal(r.code, 0, r.out);
  const json = JSON.parse(r.out);
  assert.equal(json.summary.files, 1, 'run from pages/: the project is the folder of segoc.json; drafts/ excluded');
  assert.match(JSON.stringify(json.files[0].scenarios[0]), /OCG/);
  assert.equal(run(['check', 'drafts/broken.segoc'], dir).code, 1, 'a file named on its own is checked');
  const page = run(['render', 'pages/page.md', '--format', 'json'], dir);
  assert.equal(page.code, 0, page.err);
  assert.match(page.out, /OCG/);
  assert.match(run(['render', 'pages/page.md', '--format', 'json', '--rules', 'tcg'], dir).out, /TCG/);
});

test('two card files defining one card differently: an error naming both files', () => {
  const dir = tree('conflict', { 'cards/a.segoc': HOUND, 'cards/b.segoc': HOUND.replace('atk 1800', 'atk 1900'), 'cards/c.segoc': HOUND, 'page.md': HOUND_PAGE });
  const r = run(['check'], dir);
  assert.equal(r.code, 1);
  assert.match(r.out, /^cards\/a\.segoc:1:6: error conflicting-card: "Homebrew Hound" is defined differently in a\.segoc and in b\.segoc \(line 1\)/m);
  assert.match(r.out, /^cards\/b\.segoc:1:6: error conflicting-card: .* in b\.segoc and in a\.segoc/m);
  assert.doesNotMatch(r.out, /in a\.segoc and in c\.segoc|in c\.segoc and in a\.segoc/, 'the same definition twice is no conflict');
});

test('a broken project file or a card path that does not exist: exit 2 with one line', () => {
  const broken = tree('broken', { 'segoc.json': '{ "cards": "cards" }', 'a.segoc': HOUND });
  const r = run(['check'], broken);
  assert.equal(r.code, 2);
  assert.equal(r.err, 'segoc: segoc.json: "cards" must be a list of paths, folders or globs');
  const missing = tree('missing', { 'segoc.json': '{ "cards": ["nowhere"] }', 'a.segoc': HOUND });
  assert.match(run(['render', 'a.segoc'], missing).err, /^segoc: segoc\.json: "cards" names nowhere, which does not exist$/);
  assert.deepEqual(parseProject('{"rules":"ocg","extra":1}'), { error: 'unknown key "extra" (the keys are "cards", "rules", "exclude", "strict")' });
});

test('render and explain: several files, and a non-zero exit always says why (on stderr)', () => {
  const dir = tree('render', { 'cards/hound.segoc': HOUND, 'a.md': HOUND_PAGE, 'b.md': HOUND_PAGE.replace('"s"', '"t"'), 'bad.segoc': 'card "X": effect monstr\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n' });
  const two = run(['render', 'a.md', 'b.md'], dir);
  assert.equal(two.code, 0, two.err);
  assert.match(two.out, /scenario 1: s$[\s\S]*scenario 1: t$/m);
  assert.equal(run(['render', 'a.md', 'b.md', '--format', 'html'], dir).code, 2);
  const explained = run(['explain', 'a.md', 'b.md'], dir);
  assert.match(explained.out, /^a\.md$[\s\S]*^b\.md$/m);
  const bad = run(['render', 'bad.segoc'], dir);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /^bad\.segoc:1:\d+: error syntax: unknown card type `effect monstr`/m);
  assert.match(bad.err, /^segoc: render: this file has errors \(above\)/m);
});

test('the language server indexes the project card files only', async () => {
  const dir = tree('lsp', { 'cards/hound.segoc': HOUND, 'notes/stray.segoc': 'card "Stray Hound": effect monster\n  ignition\n', 'segoc.json': '{ "rules": "ocg" }' });
  const index = new WorkspaceIndex();
  index.setFolders([`file://${dir}`]);
  await index.scan();
  assert.deepEqual(index.cardSources().map((s) => path.basename(s.uri)), ['hound.segoc']);
  assert.equal(index.projectRules(), 'ocg');
  fs.writeFileSync(path.join(dir, 'segoc.json'), '{ "cards": ["notes"] }');
  assert.equal(await index.fileEvent(`file://${path.join(dir, 'segoc.json')}`, false), true);
  assert.deepEqual(index.cardSources().map((s) => path.basename(s.uri)), ['stray.segoc']);
  assert.equal(index.projectRules(), undefined);
});

test('segoc check and format --check at the repository root pass', () => {
  const cli = path.join(ROOT, 'dist/cli.js');
  const check = spawnSync(process.execPath, [cli, 'check'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(check.status, 0, check.stdout.split('\n').slice(-15).join('\n'));
  const format = spawnSync(process.execPath, [cli, 'format', '--check'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(format.status, 0, format.stdout);
});
