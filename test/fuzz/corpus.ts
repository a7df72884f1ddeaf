// The seeds of the property tests: the samples (samples/**/*.segoc) cut into small documents (the
// card definitions of a file plus one of its scenarios), a few whole sample files, and the malformed
// fixtures. Small seeds keep each analysis cheap, so the fuzzer tries many inputs per second.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { libraryCards, parse, splitLines } from '../../server/src/core/internal';

export interface Corpus {
  /** Seed documents the mutations start from. */
  seeds: string[];
  /** Whole sample files (bigger; used sparingly). */
  files: string[];
  /** Card names of the library and the samples, for token soup. */
  cardNames: string[];
}

export function segocFiles(dir: string): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...segocFiles(p));
    else if (e.name.endsWith('.segoc')) out.push(p);
  }
  return out.sort();
}

/** The card definitions of a file plus each scenario on its own: one small document per scenario. */
export function scenarioChunks(text: string): string[] {
  const lines = splitLines(text);
  const { file } = parse(text);
  const cards = file.cards.map((c) => lines.slice(c.range.start.line, c.range.end.line + 1).join('\n')).join('\n');
  const uses = file.uses.map((u) => lines[u.range.start.line]).join('\n');
  const head = [uses, cards].filter((s) => s.trim()).join('\n');
  return file.scenarios.map((s) => {
    const body = lines.slice(s.range.start.line, s.range.end.line + 1).join('\n');
    return head ? `${head}\n\n${body}\n` : `${body}\n`;
  });
}

let cached: { root: string; corpus: Corpus } | undefined;

export function loadCorpus(root: string): Corpus {
  if (cached && cached.root === root) return cached.corpus;
  const samples = segocFiles(path.join(root, 'samples'));
  const malformed = segocFiles(path.join(root, 'test', 'fixtures', 'malformed'));
  const seeds: string[] = [];
  const files: string[] = [];
  for (const f of samples) {
    const text = fs.readFileSync(f, 'utf8');
    files.push(text);
    seeds.push(...scenarioChunks(text));
  }
  for (const f of malformed) seeds.push(fs.readFileSync(f, 'utf8'));
  if (seeds.length === 0) seeds.push('scenario "empty"\n');
  const names = new Set<string>();
  for (const n of libraryCards().complete('', Infinity)) if (n.key === n.cardKey) names.add(n.name);
  for (const t of files) for (const c of parse(t).file.cards) names.add(c.name.text);
  const corpus = { seeds, files, cardNames: [...names].sort() };
  cached = { root, corpus };
  return corpus;
}
