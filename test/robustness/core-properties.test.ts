// Property tests of core (test/fuzz/properties.ts), a bounded number of runs: random and mutated
// scenario texts never make lex/parse/analyze/format/render throw or hang, every range lies inside the
// document, formatting is idempotent and keeps the meaning, quick fixes edit only their lines and
// remove their diagnostic, incremental analysis equals a fresh one. `npm run fuzz` runs the same
// properties on 100,000 inputs and more.
//
// SEGOC_ROBUSTNESS_RUNS (default 2000) is the total number of inputs; SEGOC_FUZZ_SEED fixes the seed
// (default: a constant, so that `npm test` is deterministic; the fuzzer uses random seeds).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { KNOWN_ISSUES, knownHits } from '../fuzz/checks';
import { loadCorpus } from '../fuzz/corpus';
import { makeProperties, PropertyStats, runsFor } from '../fuzz/properties';
import { repoRoot } from '../helpers';

const TOTAL = Number(process.env.SEGOC_ROBUSTNESS_RUNS) || 2000;
const SEED = process.env.SEGOC_FUZZ_SEED !== undefined ? Number(process.env.SEGOC_FUZZ_SEED) : 20240601;

describe('core properties (fast-check)', () => {
  const root = repoRoot();
  const corpus = loadCorpus(root);
  const stats: PropertyStats = { formatValid: 0, fixesApplied: 0 };
  const props = makeProperties(root, stats, corpus);
  const runs = runsFor(TOTAL, props);

  test('the seeds: every sample scenario, whole files and the malformed fixtures', () => {
    assert.ok(corpus.seeds.length >= 100, `${corpus.seeds.length} seeds`);
    assert.ok(corpus.files.length >= 20, `${corpus.files.length} sample files`);
    assert.ok(corpus.cardNames.length >= 50, `${corpus.cardNames.length} card names`);
  });

  props.forEach((p, i) => {
    test(`${p.name} (${runs[i]} inputs)`, () => {
      fc.assert(p.property, { numRuns: runs[i], seed: SEED + i });
    });
  });

  test('some inputs were valid and some quick fixes were checked', (t) => {
    assert.ok(stats.formatValid > 0, 'the format property saw valid inputs');
    assert.ok(stats.fixesApplied > 0, 'the quick-fix property applied fixes');
    const hits = Object.entries(knownHits);
    t.diagnostic(`${TOTAL} inputs (seed ${SEED}); ${stats.formatValid} valid inputs formatted; ${stats.fixesApplied} quick fixes applied`);
    for (const [id, n] of hits) t.diagnostic(`known issue ${id} met ${n} time(s): ${KNOWN_ISSUES[id]}`);
  });
});
