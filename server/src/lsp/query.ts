// Finding things at a position in an analysis: references, links, scenarios, card definitions.
import {
  Analysis,
  CardDef,
  ChainResult,
  comparePositions,
  containsPosition,
  LinkResult,
  LinkStmt,
  Position,
  Range,
  Reference,
  Scenario,
  ScenarioResult,
} from '../core';

export type AnalysisReference = Analysis['references'][number];

function size(r: Range): number {
  return (r.end.line - r.start.line) * 100000 + (r.end.character - r.start.character);
}

/** References by start line, built once per analysis: a hover looks at one line, not the whole file. */
const byLine = new WeakMap<Analysis, Map<number, AnalysisReference[]>>();

function referencesOnLine(analysis: Analysis, line: number): AnalysisReference[] {
  let index = byLine.get(analysis);
  if (!index) {
    index = new Map();
    for (const r of analysis.references) {
      for (let l = r.range.start.line; l <= r.range.end.line; l++) {
        const list = index.get(l);
        if (list) list.push(r);
        else index.set(l, [r]);
      }
    }
    byLine.set(analysis, index);
  }
  return index.get(line) ?? [];
}

/**
 * The references of the scenario at `scenarioIndex` (0-based), by binary search: the analysis lists
 * them scenario after scenario (a 10,000-line file has 9,000, and completion asks on every request).
 */
export function scenarioReferences(analysis: Analysis, scenarioIndex: number): AnalysisReference[] {
  const refs = analysis.references;
  const scenario = scenarioIndex + 1;
  let lo = 0;
  let hi = refs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (refs[mid].scenario < scenario) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < refs.length && refs[end].scenario === scenario) end++;
  return refs.slice(lo, end);
}

/** The innermost reference at a position (the end of a name counts, so a cursor right after it works). */
export function referenceAt(analysis: Analysis, p: Position): AnalysisReference | undefined {
  let best: AnalysisReference | undefined;
  for (const r of referencesOnLine(analysis, p.line)) {
    if (!containsPosition(r.range, p)) continue;
    if (!best || size(r.range) < size(best.range)) best = r;
  }
  return best;
}

export interface LinkHit {
  scenario: ScenarioResult;
  chain: ChainResult;
  link: LinkResult;
}

export function linkAt(analysis: Analysis, p: Position): LinkHit | undefined {
  for (const scenario of analysis.scenarios) {
    if (!containsPosition(scenario.range, p)) continue;
    for (const chain of scenario.chains) {
      for (const link of chain.links) if (containsPosition(link.range, p)) return { scenario, chain, link };
    }
  }
  return undefined;
}

/** The AST link statements of a scenario, by range, to pair them with results. */
export function linkStatement(scenario: Scenario, range: Range): LinkStmt | undefined {
  for (const item of scenario.items) {
    if (item.kind !== 'chain') continue;
    for (const l of item.links) if (sameRange(l.range, range)) return l;
  }
  return undefined;
}

export function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}

/** The scenario a line belongs to (its range, or the blank and comment lines after its last line). */
export function scenarioIndexAtLine(analysis: Analysis, line: number): number | undefined {
  const scs = analysis.file.scenarios;
  const lines = analysis.file.lines;
  for (let i = scs.length - 1; i >= 0; i--) {
    const start = scs[i].range.start.line;
    if (start > line) continue;
    // A `card` or `use` line after the scenario ends it: only the scenario's lines up to `line` are read.
    for (let k = firstLogicalLineAfter(analysis, start); k < lines.length && lines[k].line.firstLine <= line; k++) {
      if (lines[k].role === 'top' && lines[k].line.head !== 'scenario') return undefined;
    }
    return i;
  }
  return undefined;
}

/**
 * The index of the first logical line of the file that starts after `line` (the lines are in order: a
 * binary search, where a scan of a 10,000-line file on each completion cost a tenth of its time).
 */
export function firstLogicalLineAfter(analysis: Analysis, line: number): number {
  const lines = analysis.file.lines;
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lines[mid].line.firstLine <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function cardDefNameAt(analysis: Analysis, p: Position): CardDef | undefined {
  return analysis.file.cards.find((c) => containsPosition(c.name.range, p) || c.aliases.some((a) => containsPosition(a.name.range, p)));
}

/** The card definition one of whose `text` lines is at `p`. */
export function cardTextAt(analysis: Analysis, p: Position): CardDef | undefined {
  return analysis.file.cards.find((c) => c.texts.some((t) => containsPosition(t.range, p)));
}

/** The players of a scenario as written on its `players` and `turn` lines. */
export function playerNodes(scenario: Scenario): { players: Array<{ text: string; range: Range }>; turn?: { text: string; range: Range } } {
  let players: Array<{ text: string; range: Range }> = [];
  let turn: { text: string; range: Range } | undefined;
  for (const item of scenario.items) {
    if (item.kind === 'players' && item.players) players = item.players;
    if (item.kind === 'turn' && item.turn) turn = item.turn;
  }
  return { players, turn };
}

export function sameInstance(a: Reference, b: Reference): boolean {
  return !!a.instance && a.instance === b.instance;
}

