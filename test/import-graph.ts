// The import graph of a TypeScript source tree, type imports included: every `import ... from`, `export ... from`,
// `import x = require()`, `import('...')` (in types and values) and `require('...')`, read with the TypeScript
// compiler's import scanner (no type checker: an erased `import type` is an edge like any other, because the design cycle it closes is
// real even where run time never sees it). Used by test/architecture.test.ts and test/core-layers.ts.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** file -> the files of the same tree it imports (absolute paths without extension of .ts files). */
export type ImportGraph = Map<string, Set<string>>;

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

/**
 * Every module specifier a file names, in any import or export form, type-only ones included: the compiler's own
 * import scanner (ts.preProcessFile, which the language service uses to find a file's dependencies without parsing it).
 */
export function moduleSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function resolve(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base + '.ts', path.join(base, 'index.ts')]) if (known.has(candidate)) return candidate;
  return undefined;
}

/** The graph of the .ts files under `dir`; imports that leave the tree are dropped. */
export function importGraph(dir: string): ImportGraph {
  const files = tsFiles(dir);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const f of files) {
    const targets = new Set<string>();
    for (const spec of moduleSpecifiers(fs.readFileSync(f, 'utf8'))) {
      const t = resolve(f, spec, known);
      if (t && t !== f) targets.add(t);
    }
    graph.set(f, targets);
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan), each sorted; the import cycles. */
export function cycles<T>(graph: Map<T, Set<T>>): T[][] {
  let counter = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const out: T[][] = [];
  const strong = (v: T): void => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { strong(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: T[] = [];
      let w: T;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) strong(v);
  return out;
}

/** The graph folded onto groups (folders, layers): an edge between two groups for every file edge across them. */
export function foldGraph<T>(graph: ImportGraph, groupOf: (file: string) => T): Map<T, Set<T>> {
  const out = new Map<T, Set<T>>();
  for (const [from, targets] of graph) {
    const g = groupOf(from);
    if (!out.has(g)) out.set(g, new Set());
    for (const t of targets) { const h = groupOf(t); if (h !== g) out.get(g)!.add(h); }
  }
  return out;
}
