// Every sample is a checked scenario: it parses and resolves without language errors and the
// engine meets every `expect` line. Rule fixtures in samples/rules are named after their rule id,
// and each rule with a diagnostic code has a legal and an illegal scenario there.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, RULE_CODES, RULE_REGISTRY, isRuleCode } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';
// samples/modern/ names cards only the generated library knows.
import './generated-cards';

const root = repoRoot();
const files = listFiles(path.join(root, 'samples'), '.segoc');
const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));

// Each sample is checked on its own, as `segoc check` at the repository root checks it: the project
// declares no card files, so a sample's card definitions apply to that sample only.
function check(file: string) {
  return analyze(texts.get(file)!, { uri: file });
}

for (const file of files) {
  const rel = path.relative(root, file);
  describe(rel, () => {
    const a = check(file);
    test('no language error', () => {
      const errors = a.diagnostics.filter((d) => d.severity === 'error' && !isRuleCode(d.code) && d.code !== 'expect-unmet');
      assert.deepEqual(errors.map((d) => `${d.range.start.line + 1}: ${d.code}: ${d.message}`), []);
    });
    for (const sc of a.scenarios) {
      test(`${sc.title}`, () => {
        const unmet = sc.diagnostics.filter((d) => d.code === 'expect-unmet' || d.code === 'bad-expect');
        assert.deepEqual(unmet.map((d) => d.message), [], `scenario "${sc.title}" (line ${sc.range.start.line + 1})`);
        assert.equal(sc.expectationsMet, true, `scenario "${sc.title}" has an expect line that is met`);
      });
    }
  });
}

test('every rule with a diagnostic code has a legal and an illegal scenario named after its rule id', () => {
  const rulesDir = path.join(root, 'samples', 'rules');
  const missing: string[] = [];
  for (const info of RULE_CODES) {
    // A code shared by rules (missed-timing: R19 and R20) may be shown in a file named after any of them.
    const ids = RULE_REGISTRY.rulesByCode(info.code).map((r) => r.id);
    const mine = files.filter((f) => f.startsWith(rulesDir) && ids.some((id) => path.basename(f).includes(id.replace(/^R(\d)$/, 'R0$1'))));
    const text = mine.map((f) => texts.get(f)!).join('\n');
    if (!/^\s*expect legal\s*$/m.test(text)) missing.push(`${info.rule} ${info.code}: no legal scenario`);
    if (!new RegExp(`^\\s*expect illegal ${info.code} at`, 'm').test(text)) missing.push(`${info.rule} ${info.code}: no illegal scenario`);
  }
  assert.deepEqual(missing, []);
});

test('an expectation can fail: a flipped verdict is reported as unmet', () => {
  const text = `scenario "flipped"
  players Yugi, Kaiba
  turn Yugi
  Yugi field: "Sangan", "Peten the Dark Clown"
  Kaiba field: "Sangan"
  chain
    1 Yugi "Dark Hole" -> destroy all monsters
  chain
    1 Yugi "Peten the Dark Clown"
    2 Kaiba "Sangan"
    3 Yugi "Sangan"
  expect legal
`;
  const a = analyze(text);
  assert.equal(a.scenarios[0].expectationsMet, false);
  assert.ok(a.diagnostics.some((d) => d.code === 'expect-unmet' && d.severity === 'error'));
});
