// Finding one scenario's part of an analysis without reading the whole file (server/src/lsp/query.ts):
// completion asks on every request, and a 10,000-line file has 9,000 references and 500 scenarios.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze } from '../../server/src/core/internal';
import { scenarioReferences } from '../../server/src/lsp/query';
import { listFiles, repoRoot } from '../helpers';

test('references are listed scenario after scenario, and scenarioReferences finds each scenario\'s', () => {
  const files = listFiles(path.join(repoRoot(), 'samples'), '.segoc');
  let checked = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const first = analyze(text, { uri: file });
    // Reused scenarios (an edit above them moves their references) keep the order too.
    const edited = analyze(`# a comment line\n${text}`, { uri: file, previous: first });
    for (const analysis of [first, edited]) {
      const order = analysis.references.map((r) => r.scenario);
      assert.deepEqual(order, [...order].sort((a, b) => a - b), file);
      for (let i = -1; i <= analysis.file.scenarios.length; i++) {
        assert.deepEqual(scenarioReferences(analysis, i), analysis.references.filter((r) => r.scenario === i + 1), `${file}: scenario ${i}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `${checked} scenarios`);
});
