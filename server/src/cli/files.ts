// File discovery and reading for the CLI: folders, files and simple globs. All I/O of the CLI
// lives here and in main.ts; core only ever sees text.
import * as fs from 'fs';
import * as path from 'path';
import { globMatcher } from '../core';
import { readTextFile } from '../host/text-file';
import { walk } from '../host/walk';

export const SCENARIO_EXTENSIONS = ['.segoc'];
/** Wiki pages whose ```segoc / <segoc> blocks are checked (pages without a block are skipped silently). */
export const PAGE_EXTENSIONS = ['.md', '.markdown', '.wiki', '.wikitext', '.mediawiki'];
export const ALL_EXTENSIONS = [...SCENARIO_EXTENSIONS, ...PAGE_EXTENSIONS];
/** What `check` and `format` read when no file is given. */
/** Without arguments: scenario files and the pages that hold segoc blocks (pages without one stay silent). */
export const DEFAULT_GLOB = '**/*.{segoc,md,markdown,wiki,wikitext,mediawiki}';

export class UsageError extends Error {}

/** A file that cannot be read as text: the file as the user named it, and why (for `use` lines, the why alone). */
export class FileError extends UsageError {
  constructor(
    readonly shown: string,
    readonly reason: string,
  ) {
    super(`${shown}: ${reason}`);
  }
}

const GLOB_CHARS = /[*?{]/;

/**
 * Expands the command-line arguments into a sorted, de-duplicated list of files: files as given,
 * folders walked for `extensions`, globs matched (`**`, `*`, `?`, `{a,b}`). No argument means
 * DEFAULT_GLOB under `cwd`. Files that `skip` (the project's `exclude`) names are left out of folders
 * and globs (searched from `base`); a file named on its own is always read.
 */
export function findFiles(args: string[], cwd: string, extensions = ALL_EXTENSIONS, skip: (file: string, base: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const patterns = args.length ? args : [DEFAULT_GLOB];
  for (const arg of patterns) {
    // A file whose name holds `{`, `*` or `?` (a`{1}`.segoc) is that file, not a glob that cannot match it.
    if (GLOB_CHARS.test(arg) && !fs.existsSync(path.resolve(cwd, arg))) {
      const base = arg.split(/[\\/]/).findIndex((seg) => GLOB_CHARS.test(seg));
      const root = path.resolve(cwd, arg.split(/[\\/]/).slice(0, base).join('/') || '.');
      const all: string[] = [];
      walk(root, all, ['']);
      const matches = globMatcher(path.resolve(cwd, arg).replace(/\\/g, '/'));
      const matched = all.filter((f) => matches(f.replace(/\\/g, '/')) && !skip(f, root));
      if (matched.length === 0 && args.length) throw new UsageError(`no file matches ${arg}`);
      out.push(...matched);
      continue;
    }
    const p = path.resolve(cwd, arg);
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      throw new UsageError(`${arg}: no such file or folder`);
    }
    if (st.isDirectory()) {
      const before = out.length;
      const found: string[] = [];
      walk(p, found, extensions);
      out.push(...found.filter((f) => !skip(f, p)));
      if (out.length === before) throw new UsageError(`${arg}: no ${extensions.join(', ')} file in this folder`);
    } else out.push(p);
  }
  return [...new Set(out)].sort();
}

/**
 * Whether a file of findFiles(args, cwd) was found by a folder or glob search rather than named on
 * its own (a named file that cannot be read is a usage error; a found one is reported on the file).
 */
export function foundBySearch(args: string[], cwd: string): (file: string) => boolean {
  const named = new Set(args.filter((a) => !GLOB_CHARS.test(a)).map((a) => path.resolve(cwd, a)));
  return (file) => !named.has(file);
}

/**
 * Reads a file as UTF-8 text; refuses binary, invalid UTF-8, huge and special files, and a symbolic
 * link from inside the project folder `root` to outside it, with a clear message (host/text-file.ts).
 */
export function readText(file: string, root?: string): string {
  return readTextAndBom(file, root).text;
}

/** readText, and whether the file started with a byte-order mark (format --write keeps it). */
export function readTextAndBom(file: string, root?: string): { text: string; bom: boolean } {
  const r = readTextFile(file, { root });
  if ('error' in r) {
    // Messages name the file as the user did (relative to the working folder), never a machine's absolute path.
    const relative = path.relative(process.cwd(), file);
    throw new FileError(relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file, r.error);
  }
  return r;
}
