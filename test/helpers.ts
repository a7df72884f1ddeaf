// Shared test helpers: the repository root and the samples.
import * as fs from 'fs';
import * as path from 'path';

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
