// The examples in the docs are checked scenarios too: every ```segoc block of docs/rules.md (and
// every block of docs/language.md with an `expect` line) parses and meets its expectations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, isRuleCode } from '../server/src/core/internal';
import { repoRoot } from './helpers';

const root = repoRoot();

function blocks(file: string): Array<{ line: number; text: string }> {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const out: Array<{ line: number; text: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*```segoc\s*$/.test(lines[i])) {
      const start = i + 1;
      let j = start;
      while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) j++;
      out.push({ line: start + 1, text: lines.slice(start, j).join('\n') });
      i = j;
    }
  }
  return out;
}

for (const doc of ['docs/rules.md', 'docs/language.md', 'README.md']) {
  const file = path.join(root, doc);
  for (const b of blocks(file).filter((x) => /^\s*scenario /m.test(x.text) && (doc === 'docs/rules.md' || /^\s*expect /m.test(x.text)))) {
    const title = /scenario "([^"]*)"/.exec(b.text)?.[1] ?? 'card definitions';
    test(`${doc}:${b.line} ${title}`, () => {
      const a = analyze(b.text);
      const language = a.diagnostics.filter((d) => d.severity === 'error' && !isRuleCode(d.code) && d.code !== 'expect-unmet');
      assert.deepEqual(language.map((d) => `${d.code}: ${d.message}`), []);
      for (const sc of a.scenarios) {
        const unmet = sc.diagnostics.filter((d) => d.code === 'expect-unmet' || d.code === 'bad-expect');
        assert.deepEqual(unmet.map((d) => d.message), [], `${doc} line ${b.line}: "${sc.title}"`);
      }
    });
  }
}
