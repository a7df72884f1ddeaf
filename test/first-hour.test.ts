// What a new wiki editor tripped on in the first hour (issue 25, items 2-4 and 8): one page saved in
// Latin-1 no longer stops the check of a whole wiki, piping a command into `head` ends quietly, two
// card files that disagree are an error even when only the pages are checked; and small things of
// `segoc card`, the hover and the messages.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn, spawnSync } from 'child_process';
import { runCliAsync } from '../server/src/cli/main';
import { analyze, cardToSegoc, CARD_TYPE_NAMES } from '../server/src/core/internal';
import { cardTags, describeCard } from '../server/src/lsp/describe';
import { runSegoc, writeTree } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-first-hour-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

const folder = (name: string, files: Record<string, string | Uint8Array>): string => writeTree(path.join(TMP, name), files);
const run = runSegoc;

const PAGE = (card: string) =>
  `# ${card}\n\n\`\`\`segoc\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "${card}"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "${card}"\n  expect legal\n\`\`\`\n`;
const LATIN1 = new Uint8Array(Buffer.from('# Caf\xe9 notes\n\nNo segoc here.\n', 'latin1'));

test('a page that is not UTF-8, found by a folder or glob search: one error on that page, the others are checked, exit 1', () => {
  const wiki = folder('latin1-wiki', { 'Sangan.md': PAGE('Sangan'), 'old/latin1.md': LATIN1 });
  for (const args of [[], ['**/*.md'], ['.']]) {
    const r = run(['check', ...args], wiki);
    assert.equal(r.code, 1, `check ${args.join(' ')}: ${r.err}`);
    assert.equal(r.err, '');
    assert.match(r.out, /^old\/latin1\.md:1:1: error unreadable-file: this file cannot be checked: not valid UTF-8 text \(/m);
    assert.match(r.out, /^2 files, 1 scenario: 1 error, 0 warnings; 1\/1 expectations met$/m, 'the other page is checked');
  }
  const json = JSON.parse(run(['check', '--format', 'json'], wiki).out);
  assert.deepEqual(json.files.map((f: { file: string; diagnostics: Array<{ code: string }> }) => [f.file, f.diagnostics.map((d) => d.code)]), [
    ['Sangan.md', []],
    ['old/latin1.md', ['unreadable-file']],
  ]);
  const sarif = JSON.parse(run(['check', '--format', 'sarif'], wiki).out);
  const result = sarif.runs[0].results[0];
  assert.equal(result.ruleId, 'unreadable-file');
  assert.equal(sarif.runs[0].tool.driver.rules[result.ruleIndex].id, 'unreadable-file', 'a rule of its own, with its help');
  // A file named on its own is what the user asked for: as a missing file, a usage error (exit 2).
  const named = run(['check', 'old/latin1.md'], wiki);
  assert.equal(named.code, 2);
  assert.match(named.err, /^segoc: \S*old\/latin1\.md: not valid UTF-8 text$/);
});

test('the same with worker threads (--jobs): the unreadable file is reported in its place', async () => {
  const files: Record<string, string | Uint8Array> = { 'zz-binary.segoc': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]) };
  for (let i = 0; i < 110; i++) files[`p${String(i).padStart(3, '0')}.md`] = PAGE('Sangan');
  const wiki = folder('many', files);
  const out: string[] = [];
  const code = await runCliAsync(['check', '--jobs', '2'], { cwd: wiki, out: (s) => out.push(s), err: (s) => out.push(s), write: (s) => out.push(s) });
  assert.equal(code, 1);
  assert.match(out.join('\n'), /^zz-binary\.segoc:1:1: error unreadable-file: this file cannot be checked: binary file/m);
  assert.match(out.join('\n'), /^111 files, 110 scenarios: 1 error/m);
});

test('conflicting card files are an error when only the pages are checked (every page reads them)', () => {
  const wiki = folder('conflict', {
    'cards/a.segoc': 'card "Hound": effect monster\n  ignition\n',
    'cards/b.segoc': 'card "Hound": effect monster\n  trigger optional when destroyed\n',
    'page.md': PAGE('Hound'),
  });
  const all = run(['check'], wiki);
  const pages = run(['check', '**/*.md'], wiki);
  const one = run(['check', 'page.md'], wiki);
  for (const r of [all, pages, one]) {
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /^cards\/a\.segoc:1:6: error conflicting-card: "Hound" is defined differently in a\.segoc and in b\.segoc/m);
    assert.match(r.out, /^cards\/b\.segoc:1:6: error conflicting-card: /m);
  }
  assert.equal(pages.out, all.out, 'the same report, whichever files were given');
  // Card files that agree add nothing to a check of the pages.
  fs.writeFileSync(path.join(wiki, 'cards/a.segoc'), 'card "Other Hound": effect monster\n  ignition\n');
  const fine = run(['check', '**/*.md'], wiki);
  assert.equal(fine.code, 0, fine.out);
  assert.equal(fine.out, '1 file, 1 scenario: 0 errors, 0 warnings; 1/1 expectations met');
});

/** Runs dist/cli.js with its stdout read by nobody (closed at once, as `| head` does after a line). */
function withClosedStdout(args: string[], cwd = ROOT): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, err }));
  });
}

test('check, explain and render into a pipe that closes early (`| head`): no stack trace, the exit code of the command', async () => {
  assert.ok(fs.existsSync(CLI), 'dist/cli.js is built');
  for (const args of [['check', 'samples', '--chains'], ['explain', 'samples/rules'], ['render', 'samples/rules']]) {
    const r = await withClosedStdout(args);
    assert.equal(r.err, '', `${args.join(' ')}: ${r.err}`);
    assert.equal(r.code, 0, args.join(' '));
  }
  // A check that finds errors still says so by its exit code (`set -o pipefail; segoc check | head`).
  const failing = await withClosedStdout(['check', 'rule-error.segoc', '--chains'], path.join(ROOT, 'test/fixtures/cli'));
  assert.deepEqual(failing, { code: 1, err: '' });
});

// ------------------------------------------------------------------------- item 8: small things

test('`segoc card` names a workspace card file as the user would, relative to the working folder', () => {
  const wiki = folder('card-path', { 'cards/h.segoc': 'card "Homebrew Hound": effect monster (beast, earth, level 4)\n  ignition\n' });
  const r = run(['card', 'Homebrew Hound'], wiki);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^# workspace: cards\/h\.segoc, line 1$/m);
  assert.ok(!r.out.includes(TMP), r.out);
});

test('Xyz Monsters are printed with their Rank and Link Monsters with their Link Rating, in `segoc card` and the hover', () => {
  const text =
    'card "Test Link": link monster (cyberse, dark, link 4, atk 2300)\n  ignition\n' +
    'card "Test Xyz": xyz monster (warrior, light, rank 4, atk 2500, def 2000)\n  ignition\n' +
    'card "Test Level": effect monster (fiend, dark, level 3, atk 1000, def 600)\n  ignition\n';
  const [link, xyz, level] = analyze(text).fileCards;
  assert.match(cardToSegoc(link), /^card "Test Link": link monster \(cyberse, dark, link 4, atk 2300\)$/m);
  assert.match(cardToSegoc(xyz), /^card "Test Xyz": xyz monster \(warrior, light, rank 4, atk 2500, def 2000\)$/m);
  assert.match(cardToSegoc(level), /\(fiend, dark, level 3, atk 1000, def 600\)$/m);
  assert.deepEqual([link, xyz, level].map((c) => cardTags(c).find((t) => /^(level|rank|link) /.test(t))), ['link 4', 'rank 4', 'level 3']);
  // A card of the generated library, as the audit met it.
  const talker = run(['card', 'Accesscode Talker'], ROOT);
  assert.match(talker.out, /^card "Accesscode Talker": link monster \([^)]*\blink 4\b[^)]*\)$/m);
  assert.doesNotMatch(talker.out, /level 4/);
});

test('archetypes in the hover and `segoc card`: the source\'s list, `none`, or said not known (never guessed from the name)', () => {
  const text =
    'card "Test HERO": effect monster (warrior, light, level 4)\n  archetype "HERO"\n  ignition\n' +
    'card "Test None": effect monster (warrior, light, level 4)\n  archetype none\n  ignition\n' +
    'card "Test Unlisted HERO": effect monster (warrior, light, level 4)\n  ignition\n';
  const [hero, none, unlisted] = analyze(text).fileCards;
  assert.match(describeCard(hero, 'file:///x.segoc'), /^Archetypes: "HERO"$/m);
  assert.match(describeCard(none, 'file:///x.segoc'), /^Archetypes: none$/m);
  assert.match(describeCard(unlisted, 'file:///x.segoc'), /^Archetypes: not known \(its source has no list\)$/m);
  assert.match(cardToSegoc(unlisted), /^  # archetypes not known \(its source has no list\)$/m);
  assert.deepEqual(analyze(cardToSegoc(unlisted)).fileCards[0].archetypes, undefined, 'the comment reads back as no list');
  // A curated card (no archetype line) shows the generated library's list of the same card.
  assert.match(run(['card', 'Mermail Abysspike'], ROOT).out, /^  archetype "Mermail"$/m);
});

test('the card types the unknown-card-type error lists (and completion offers) are exactly those docs/language.md documents', () => {
  const docs = fs.readFileSync(path.join(ROOT, 'docs/language.md'), 'utf8');
  const section = docs.slice(docs.indexOf('### Card types'), docs.indexOf('###', docs.indexOf('### Card types') + 3));
  const documented = [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  assert.ok(documented.length >= 16, section);
  assert.deepEqual([...CARD_TYPE_NAMES].sort(), [...documented].sort());
  const [d] = analyze('card "X": pendulum monstr\n').diagnostics;
  assert.equal(d.message, `unknown card type \`pendulum monstr\` (expected one of: ${documented.join(', ')})`);
  // Spellings written before the list was settled are still read, only no longer offered.
  assert.deepEqual(analyze('card "X": quick play spell\ncard "Y": tuner monster\n').diagnostics, []);
});

test('the e2e set-up installs a CJK font (Japanese card names in the screenshots are no empty boxes) and parses as bash', () => {
  const script = path.join(ROOT, 'scripts/e2e-setup.sh');
  const packages = /^for p in (.+); do$/m.exec(fs.readFileSync(script, 'utf8'));
  assert.ok(packages, 'the loop over the Debian packages');
  assert.ok(packages[1].split(' ').includes('fonts-noto-cjk'), packages[1]);
  const syntax = spawnSync('bash', ['-n', script], { encoding: 'utf8' });
  assert.equal(syntax.status, 0, syntax.stderr);
});

test("the README explains npm 11's warning about install scripts not covered by allowScripts", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /npm warn install-scripts .*not yet covered by\s+allowScripts/);
  assert.match(readme, /It is a warning,\s+not a failure, and nothing needs approving/);
});

test('format --check of a folder with a page that is not UTF-8 does not count it as formatted: a usage error', () => {
  const wiki = folder('latin1-format', { 'Sangan.md': PAGE('Sangan'), 'latin1.md': LATIN1 });
  const r = run(['format', '--check', '.'], wiki);
  assert.equal(r.code, 2, r.out);
  assert.equal(r.err, 'segoc: latin1.md: not valid UTF-8 text');
});
