// Walking folders for files by extension: the CLI's folder arguments and the project's card folders
// (read by the CLI and the language server alike).
import * as fs from 'fs';
import * as path from 'path';

/** Collects the files under `dir` whose names end with one of `extensions`, skipping node_modules and dot folders. */
export function walk(dir: string, out: string[], extensions: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out, extensions);
    else if (e.isFile() && hasExtension(e.name.toLowerCase(), extensions)) out.push(p);
  }
}

function hasExtension(lowerCaseName: string, extensions: string[]): boolean {
  for (const x of extensions) if (lowerCaseName.endsWith(x)) return true;
  return false;
}
