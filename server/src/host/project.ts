// The project of a folder, read from disk: the nearest `segoc.json` at or above it (core/project.ts
// says what it means), and the card files it declares. The CLI and the language server both read a
// project through loadProject and cardFilesOf, so that they see the same card files and defaults.
import * as fs from 'fs';
import * as path from 'path';
import { defaultProject, isCardFile, parseProject, pathMatcher, Project, PROJECT_FILE } from '../core';
import { isInside, leavesRoot, readTextFile } from './text-file';
import { walk } from './walk';

export interface ProjectSetup {
  /** The project's root: the project file's folder, or the folder asked about when there is none. */
  root: string;
  /** The project file, when there is one. */
  file?: string;
  project: Project;
  /** What is wrong with the project file (the defaults are used meanwhile). */
  error?: string;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Whether anything (a file, a folder, a link, even a broken one) has this name. */
function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** A project file is a few lines of JSON: a larger one is not read. */
const MAX_PROJECT_FILE_BYTES = 1024 * 1024;

/**
 * The nearest project file at or above `dir`, if any. Whatever has that name counts (a folder or a
 * pipe named segoc.json is reported as unreadable, not passed over for a parent's project file).
 */
export function findProjectFile(dir: string): string | undefined {
  let d = path.resolve(dir);
  for (;;) {
    const f = path.join(d, PROJECT_FILE);
    if (exists(f)) return f;
    const up = path.dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** The project that `dir` belongs to (a broken project file: its defaults, and the error). */
export function loadProject(dir: string): ProjectSetup {
  const file = findProjectFile(dir);
  if (!file) return { root: path.resolve(dir), project: defaultProject() };
  // Read as every file is (host/text-file.ts): a link to /proc, a pipe or a huge file is refused.
  const read = readTextFile(file, { maxBytes: MAX_PROJECT_FILE_BYTES, root: path.dirname(file) });
  if ('error' in read) return { root: path.dirname(file), file, project: defaultProject(), error: read.error };
  const r = parseProject(read.text);
  if ('error' in r) return { root: path.dirname(file), file, project: defaultProject(), error: r.error };
  return { root: path.dirname(file), file, project: r.project };
}

/** A path relative to the project root, with forward slashes ('' outside the root). */
export function relativeToRoot(setup: ProjectSetup, file: string): string {
  const rel = path.relative(setup.root, path.resolve(file));
  return rel.startsWith('..') || path.isAbsolute(rel) ? '' : rel.split(path.sep).join('/');
}

/**
 * Whether a file found under `base` (the folder searched) is one the project excludes from `check`
 * and `format` searches. A search that starts inside an excluded folder was asked for: nothing is
 * left out of it (`segoc check` run in test/ checks test/).
 */
export function excludedBy(setup: ProjectSetup): (file: string, base: string) => boolean {
  if (setup.project.exclude.length === 0) return () => false;
  const matches = pathMatcher(setup.project.exclude);
  const excluded = (p: string) => {
    const rel = relativeToRoot(setup, p);
    return rel !== '' && matches(rel);
  };
  // Asked for every file found under the same folder: whether that folder is excluded is worked out
  // once, and a search inside an excluded folder (nothing is left out of it) tests no file.
  let lastBase: string | undefined;
  let baseExcluded = false;
  return (file, base) => {
    if (base !== lastBase) {
      lastBase = base;
      baseExcluded = excluded(base);
    }
    return !baseExcluded && excluded(file);
  };
}

/** Whether a file is a card file of the project. */
export function isProjectCardFile(setup: ProjectSetup, file: string): boolean {
  const rel = relativeToRoot(setup, file);
  return rel !== '' && isCardFile(setup.project, rel);
}

/**
 * What the project file's `cards` name, before any folder is walked: the files named one by one, the
 * folders to walk, and its errors: a path it names that does not exist (`missing`; the default `cards`
 * folder may be absent), and one outside the project folder, or that leads out of it through a symbolic
 * link (`refused`, with why): neither is walked nor read. The language server walks the folders itself,
 * in the background (lsp/workspace.ts); the CLI through cardFilesOf.
 */
export function cardPathsOf(setup: ProjectSetup): { files: string[]; folders: string[]; missing: string[]; refused: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  for (const pattern of setup.project.cards) {
    const glob = /[*?{]/.test(pattern);
    // A glob is matched under its folder part; any other pattern is a file or a folder.
    const base = glob ? pattern.split('/').slice(0, pattern.split('/').findIndex((s) => /[*?{]/.test(s))).join('/') : pattern;
    const start = path.resolve(setup.root, base || '.');
    if (!isInside(start, setup.root)) {
      refused.push(`${pattern}, outside the project folder (the folder of segoc.json): card files live inside it`);
      continue;
    }
    if (!fs.existsSync(start)) {
      if (setup.project.cardsDeclared && !glob) missing.push(pattern);
      continue;
    }
    let real = start;
    try {
      real = fs.realpathSync(start);
    } catch {
      // gone meanwhile: walked (or read) as nothing
    }
    if (leavesRoot(start, real, setup.root)) {
      refused.push(`${pattern}, a symbolic link that leads out of the project folder: segoc follows links only inside it`);
      continue;
    }
    if (isFile(start)) files.push(start);
    else folders.push(start);
  }
  return { files, folders, missing, refused };
}

/**
 * The project's card files, sorted, as the CLI uses them (the language server finds the same ones:
 * cardPathsOf, its folders walked in the background). Folders are walked without following links.
 */
export function cardFilesOf(setup: ProjectSetup): { files: string[]; missing: string[]; refused: string[] } {
  const { files: named, folders, missing, refused } = cardPathsOf(setup);
  const found = [...named];
  for (const folder of folders) walk(folder, found, ['.segoc']);
  return { files: projectCardFiles(setup, found), missing, refused };
}

/** The files among `found` that the project's `cards` patterns take, without repeats, sorted. */
export function projectCardFiles(setup: ProjectSetup, found: string[]): string[] {
  return [...new Set(found)].filter((f) => isProjectCardFile(setup, f)).sort();
}

/** What is wrong with the project's card files (cardFilesOf), in one sentence; undefined when nothing is. */
export function cardFilesProblem(missing: string[], refused: string[]): string | undefined {
  const parts: string[] = [];
  if (missing.length) parts.push(`names ${missing.join(', ')}, which does not exist`);
  if (refused.length) parts.push(`names ${refused.join(', ')}`);
  return parts.length ? `"cards" ${parts.join('; it ')}` : undefined;
}
