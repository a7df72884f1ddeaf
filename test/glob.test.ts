// Globs of segoc.json and the command line (core/glob.ts): what they match, and in what time (fuzz turn 3, F3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { globMatcher, pathMatcher } from '../server/src/core/internal';
import { findFiles } from '../server/src/cli/files';

test('globMatcher: `**`, `*`, `?` and `{a,b}` match as documented', () => {
  const cases: Array<[string, string, boolean]> = [
    ['**/*.segoc', 'a.segoc', true],
    ['**/*.segoc', 'x/y/a.segoc', true],
    ['**/*.segoc', 'x/y/a.md', false],
    ['cards/*.segoc', 'cards/a.segoc', true],
    ['cards/*.segoc', 'cards/x/a.segoc', false],
    ['cards/**', 'cards/x/a.segoc', true],
    ['cards/**/a.segoc', 'cards/a.segoc', true],
    ['a?.segoc', 'ab.segoc', true],
    ['a?.segoc', 'a/.segoc', false],
    ['**/*.{md,wiki}', 'docs/x.wiki', true],
    ['**/*.{md,wiki}', 'docs/x.txt', false],
    ['{cards,more/cards}/*.segoc', 'more/cards/a.segoc', true],
    ['{a,b', '{a,b', true],
    ['x{a,{b,c}}y', 'xcy', true],
    ['x{a,}y', 'xy', true],
    ['a.b+c(d)', 'a.b+c(d)', true],
    ['a.b', 'axb', false],
    ['**', '', true],
    ['*', 'a/b', false],
  ];
  for (const [glob, path, expected] of cases) assert.equal(globMatcher(glob)(path), expected, `${glob} on ${path}`);
  assert.equal(pathMatcher(['cards/**/*.segoc'])('cards\\x\\a.segoc'), true, 'back slashes read as forward ones');
});

test('[glob-backtracking] many `**/` against a deep path cost linear time, not exponential', () => {
  // core/project.ts globToRegExp turned each `**/` into `(?:.*/)?`: 12 of them against a path 20 folders deep took 16 s.
  const path = `${Array.from({ length: 20 }, (_, i) => `d${i}`).join('/')}/deep.segoc`;
  const cost = (stars: number) => {
    const matches = globMatcher(`${'**/'.repeat(stars)}z`);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) assert.equal(matches(path), false);
    return performance.now() - t0;
  };
  const small = cost(5);
  const large = cost(10);
  assert.ok(large < 8 * small + 60, `5 × "**/": ${Math.round(small)} ms; 10: ${Math.round(large)} ms`);
});

test('[glob-literal-name] a file whose name holds `{`, `*` or `?` can be named on the command line (F13)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-glob-'));
  fs.writeFileSync(path.join(dir, 'a{1}.segoc'), 'scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n');
  assert.deepEqual(findFiles(['a{1}.segoc'], dir).map((f) => path.basename(f)), ['a{1}.segoc']);
  // A glob that names no file is still a glob.
  assert.deepEqual(findFiles(['*.segoc'], dir).map((f) => path.basename(f)), ['a{1}.segoc']);
});
