// The layers of core as data, and the check of an import graph against them (test/architecture.test.ts runs it).
// `node out/test/core-layers.js [coreDir]` prints the graph's file cycles, folder cycles and every import that breaks
// the layers: the measurement behind issue 26 (on 61f7a83: one cycle of 62 files).
import * as path from 'path';
import { cycles, foldGraph, ImportGraph, importGraph } from './import-graph';

/**
 * The layers of core, lowest first (ARCHITECTURE.md "Layers of core" lists the same names in the same order). A file
 * may import files of its own layer and of lower tiers only: layers of one tier are peers and import none of each
 * other. Paths are relative to server/src/core: a folder ends with `/`, anything else is one file; the most specific
 * path wins (cards/from-segoc.ts is a card source although cards/ is the card model). A file no layer names fails
 * the test, so a new file is placed on purpose.
 */
export const CORE_LAYERS: ReadonlyArray<{ tier: number; name: string; paths: readonly string[] }> = [
  { tier: 0, name: 'leaves', paths: ['text.ts', 'labels.ts', 'words.ts', 'layout.ts', 'suggest.ts', 'diagnostics.ts', 'limits.ts', 'syntax/quote.ts', 'library/'] },
  { tier: 1, name: 'syntax', paths: ['syntax/'] },
  { tier: 1, name: 'card model', paths: ['cards/'] },
  { tier: 1, name: 'infer', paths: ['infer/'] },
  {
    tier: 2,
    name: 'card sources',
    paths: ['cards/from-segoc.ts', 'cards/text-effects.ts', 'cards/generated-index.ts', 'cards/generated-library.ts', 'cards/generated-names.ts',
      'cards/generated-record.ts', 'cards/generated-actions.ts', 'cards/from-inferred.ts', 'cards/library.ts', 'cards/audit.ts', 'cards/layers.ts', 'cards/index.ts', 'cards/model.ts', 'cards/provider.ts',
      'cards/name-index.ts', 'cards/corrections.ts', 'cards/text-coverage.ts'],
  },
  { tier: 3, name: 'engine', paths: ['engine/'] },
  { tier: 4, name: 'rules', paths: ['engine/rules/'] },
  { tier: 5, name: 'engine run', paths: ['engine/run.ts'] },
  { tier: 6, name: 'analysis', paths: ['analyze.ts', 'responses/', 'fixes.ts', 'format.ts', 'pages.ts', 'render.ts', 'render/', 'scenario-json.ts', 'project.ts', 'glob.ts', 'card-scope.ts', 'index.ts', 'internal.ts'] },
];

type Layer = (typeof CORE_LAYERS)[number];

/** The layer of a file (a path relative to core, with `/`): the layer naming the longest path that covers it. */
export function layerOf(rel: string, layers: readonly Layer[] = CORE_LAYERS): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers) {
    for (const p of layer.paths) {
      const covers = p.endsWith('/') ? rel.startsWith(p) : rel === p;
      if (covers && (!best || p.length > best.length)) best = { layer, length: p.length };
    }
  }
  return best?.layer;
}

/** Everything wrong with a graph of core's files against the layers: unplaced files, edges up or across, cycles. */
export function layerProblems(graph: ImportGraph, coreDir: string, layers: readonly Layer[] = CORE_LAYERS): string[] {
  const rel = (f: string) => path.relative(coreDir, f).split(path.sep).join('/');
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const a = layerOf(rel(from), layers);
    if (!a) { problems.push(`${rel(from)} is in no layer of CORE_LAYERS`); continue; }
    for (const to of targets) {
      const b = layerOf(rel(to), layers);
      if (!b || b === a || b.tier < a.tier) continue;
      const how = b.tier === a.tier ? 'a peer' : 'a higher';
      problems.push(`${rel(from)} (${a.name}) imports ${rel(to)} (${b.name}), ${how} layer`);
    }
  }
  for (const c of cycles(graph)) problems.push(`import cycle of ${c.length} files: ${c.map(rel).join(' -> ')}`);
  return problems;
}

if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? 'server/src/core');
  const graph = importGraph(dir);
  const rel = (f: string) => path.relative(dir, f).split(path.sep).join('/');
  console.log(`${graph.size} files, ${[...graph.values()].reduce((n, s) => n + s.size, 0)} edges`);
  for (const c of cycles(graph)) console.log(`file cycle of ${c.length}: ${c.map(rel).join(' ')}`);
  // Folders of core, its root files left out (they are the leaves and the top: one bucket would loop by itself).
  const folder = (f: string) => path.dirname(rel(f));
  const folders = foldGraph(new Map([...graph].filter(([f]) => folder(f) !== '.')), folder);
  for (const targets of folders.values()) targets.delete('.');
  for (const c of cycles(folders)) console.log(`folder cycle: ${c.join(' ')}`);
  const problems = layerProblems(graph, dir).filter((p) => !p.startsWith('import cycle'));
  console.log(`${problems.length} imports against the layers`);
  for (const p of problems) console.log(`  ${p}`);
}
