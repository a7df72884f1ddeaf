// Shared test helpers: the repository root and the samples.
import * as fs from 'fs';
import * as path from 'path';
import type { Position, Range } from '../server/src/core/internal';
import { runCli } from '../server/src/cli/main';

/** The repository root: the nearest folder up from here whose package.json is named "segoc". */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const p = path.join(dir, 'package.json');
    if (fs.existsSync(p) && JSON.parse(fs.readFileSync(p, 'utf8')).name === 'segoc') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
}

export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(ext)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

function offset(text: string, p: Position): number {
  const re = /\r\n|\r|\n/g;
  let line = 0;
  let start = 0;
  while (line < p.line) {
    const m = re.exec(text);
    if (!m) throw new Error(`line ${p.line} out of range`);
    start = m.index + m[0].length;
    line++;
  }
  return start + p.character;
}

/** A text with LSP-style edits (line and UTF-16 character ranges) applied, as an editor would. */
export function applyEdits(text: string, edits: ReadonlyArray<{ range: Range; newText: string }>): string {
  const sorted = [...edits].sort((a, b) => offset(text, b.range.start) - offset(text, a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(out, e.range.start)) + e.newText + out.slice(offset(out, e.range.end));
  return out;
}

/** A small seeded PRNG (mulberry32): numbers in [0, 1), the same on every run. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes the files (paths relative to `dir`, folders made as needed) and returns `dir`. */
export function writeTree(dir: string, files: Record<string, string | Uint8Array>): string {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

/** Runs a `segoc` command in this process, in `cwd`: its exit code and what it printed. */
export function runSegoc(argv: string[], cwd: string): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { cwd, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * A made-up card script of one effect (not copied from CardScripts): its type, property line (none where empty), event
 * code and condition, plus the functions in `more`. The Lua reader's tests write their cases with it.
 */
export function luaScript(type: string, property: string, code: string, cond: string, more = ''): string {
  const prop = property ? `\n\te1:SetProperty(${property})` : '';
  return `local s,id=GetID()
function s.initial_effect(c)
\tlocal e1=Effect.CreateEffect(c)
\te1:SetType(${type})${prop}
\te1:SetCode(${code})
\te1:SetCondition(s.con)
\tc:RegisterEffect(e1)
end
${more}function s.con(e,tp,eg,ep,ev,re,r,rp)
\t${cond}
end
`;
}
