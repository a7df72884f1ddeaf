// `analyze(text, { detail: 'diagnostics' })` (what `segoc check` uses for its text report) must find
// exactly what a full analysis finds: the same diagnostics with the same messages, verdicts and
// expectations. Only the chains' details and the quick fixes are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, Analysis, CardSource, parse } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';

const root = repoRoot();
const files = listFiles(path.join(root, 'samples'), '.segoc');
const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
const workspace: CardSource[] = files.map((f) => ({ uri: f, kind: 'workspace' as const, defs: parse(texts.get(f)!).file.cards }));

/** What a batch check reports of an analysis: every diagnostic without its fixes, and each scenario's outcome. */
function findings(a: Analysis) {
  return {
    diagnostics: a.diagnostics.map(({ fix: _fix, ...d }) => d),
    scenarios: a.scenarios.map((s) => ({ verdict: s.verdict, expectationsMet: s.expectationsMet, chains: s.chains.map((c) => ({ index: c.index, range: c.range, legal: c.legal, phase: c.phase })) })),
  };
}

test('detail "diagnostics" finds what a full analysis finds, on every sample', () => {
  let diagnostics = 0;
  for (const file of files) {
    const text = texts.get(file)!;
    const full = analyze(text, { uri: file, workspaceCards: workspace });
    const lean = analyze(text, { uri: file, workspaceCards: workspace, detail: 'diagnostics' });
    assert.deepEqual(findings(lean), findings(full), path.relative(root, file));
    diagnostics += full.diagnostics.length;
  }
  assert.ok(diagnostics > 50, `the samples hold many diagnostics to compare (${diagnostics})`);
});

/**
 * Quick fixes worked out from a chain's details: fixes.ts's, and the card definition that unknown-card-fact offers
 * from a link's unknown facts (the others are found while names are resolved).
 */
const fromChains = (title: string) => /^(Reorder the chain|Remove CL|Add .* to the chain as CL|Define .* in this file to state)/.test(title);

test('detail "diagnostics" leaves out the chains\' details and the quick fixes worked out from them', () => {
  let chainFixes = 0;
  let otherFixes = 0;
  for (const file of files) {
    const text = texts.get(file)!;
    const full = analyze(text, { uri: file, workspaceCards: workspace });
    const lean = analyze(text, { uri: file, workspaceCards: workspace, detail: 'diagnostics' });
    for (const s of lean.scenarios) for (const c of s.chains) assert.deepEqual([c.links, c.legalOrder, c.collected, c.resolution], [[], [], [], []]);
    full.diagnostics.forEach((d, i) => {
      const titles = (d.fix ?? []).map((f) => f.title);
      chainFixes += titles.filter(fromChains).length;
      otherFixes += titles.filter((t) => !fromChains(t)).length;
      // The same diagnostics in the same order (first test): the lean one keeps exactly the other fixes.
      assert.deepEqual((lean.diagnostics[i].fix ?? []).map((f) => f.title), titles.filter((t) => !fromChains(t)), `${path.relative(root, file)}: ${d.code}`);
    });
  }
  assert.ok(chainFixes > 0, 'the samples have fixes worked out from chains');
  assert.ok(otherFixes > 0, 'and fixes found on the way ("did you mean", players)');
});

test('a full analysis never reuses the results of a "diagnostics" one (previous)', () => {
  const file = files[0];
  const text = texts.get(file)!;
  const lean = analyze(text, { uri: file, workspaceCards: workspace, detail: 'diagnostics' });
  const full = analyze(text, { uri: file, workspaceCards: workspace, previous: lean });
  assert.ok(full.scenarios.some((s) => s.chains.some((c) => c.links.length > 0)));
});
