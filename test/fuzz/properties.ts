// The properties shared by the robustness tests (a bounded number of runs in `npm test`) and by
// `npm run fuzz` (scripts/fuzz.js: many runs, the seed of any counterexample printed). Each property
// has a weight: the share of a run budget it gets.
import fc from 'fast-check';
import { checkCore, checkFixes, checkFormat, checkIncremental } from './checks';
import { Corpus, loadCorpus } from './corpus';
import { anyTextArb, editPairArb, mutatedTextArb, randomTextArb } from './gen';

export interface NamedProperty {
  name: string;
  /** Share of the total number of runs. */
  weight: number;
  property: fc.IProperty<unknown>;
}

export interface PropertyStats {
  /** Inputs that were valid (no language error) in the format property. */
  formatValid: number;
  /** Quick fixes applied and checked. */
  fixesApplied: number;
}

export function makeProperties(root: string, stats: PropertyStats = { formatValid: 0, fixesApplied: 0 }, corpus: Corpus = loadCorpus(root)): NamedProperty[] {
  return [
    {
      name: 'core never throws or hangs on mutated samples; every range lies inside the document',
      weight: 40,
      property: fc.property(mutatedTextArb(corpus), (text) => {
        checkCore(text);
      }) as fc.IProperty<unknown>,
    },
    {
      name: 'core never throws or hangs on token soup; every range lies inside the document',
      weight: 15,
      property: fc.property(randomTextArb(corpus), (text) => {
        checkCore(text);
      }) as fc.IProperty<unknown>,
    },
    {
      name: 'formatting is idempotent and keeps the verdicts and rule codes (valid inputs)',
      weight: 20,
      property: fc.property(anyTextArb(corpus, { maxLong: 300 }), (text) => {
        if (checkFormat(text).valid) stats.formatValid++;
      }) as fc.IProperty<unknown>,
    },
    {
      name: 'every quick fix edits only its own lines and removes its diagnostic',
      weight: 15,
      property: fc.property(mutatedTextArb(corpus, { maxMutations: 4, maxLong: 100 }), (text) => {
        stats.fixesApplied += checkFixes(text);
      }) as fc.IProperty<unknown>,
    },
    {
      name: 'incremental analysis (previous) equals a fresh analysis',
      weight: 10,
      property: fc.property(editPairArb(corpus), ([before, after]) => {
        checkIncremental(before, after);
      }) as fc.IProperty<unknown>,
    },
  ];
}

/** Splits a total number of runs over the properties by weight (at least 1 each). */
export function runsFor(total: number, props: NamedProperty[]): number[] {
  const sum = props.reduce((s, p) => s + p.weight, 0);
  const runs = props.map((p) => Math.max(1, Math.floor((total * p.weight) / sum)));
  runs[0] += Math.max(0, total - runs.reduce((s, r) => s + r, 0));
  return runs;
}

export { hooks, KNOWN_ISSUES, knownHits } from './checks';

/** fast-check's `check`, for scripts/fuzz.js (which loads this module bundled, fast-check inside). */
export const check = fc.check;
