// The project of a folder, read from disk: the nearest `segoc.json` at or above it (core/project.ts
// says what it means), and the card files it declares. The CLI and the language server both read a
// project through loadProject and cardFilesOf, so that they see the same card files and defaults.
import * as fs from 'fs';
import * as path from 'path';
import { defaultProject, isCardFile, parseProject, pathMatcher, Project, PROJECT_FILE } from '../core';
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

/** The nearest project file at or above `dir`, if any. */
export function findProjectFile(dir: string): string | undefined {
  let d = path.resolve(dir);
  for (;;) {
    const f = path.join(d, PROJECT_FILE);
    if (isFile(f)) return f;
    const up = path.dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** The project that `dir` belongs to (a broken project file: its defaults, and the error). */
export function loadProject(dir: string): ProjectSetup {
  const file = findProjectFile(dir);
  if (!file) return { root: path.resolve(dir), project: defaultProject() };
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    return { root: path.dirname(file), file, project: defaultProject(), error: `cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  const r = parseProject(text);
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
 * The project's card files, sorted. A path the project file names that does not exist is an error
 * (returned as `missing`); the default `cards` folder may be absent.
 */
export function cardFilesOf(setup: ProjectSetup): { files: string[]; missing: string[] } {
  const found: string[] = [];
  const missing: string[] = [];
  for (const pattern of setup.project.cards) {
    const glob = /[*?{]/.test(pattern);
    // A glob is matched under its folder part; any other pattern is a file or a folder.
    const base = glob ? pattern.split('/').slice(0, pattern.split('/').findIndex((s) => /[*?{]/.test(s))).join('/') : pattern;
    const start = path.resolve(setup.root, base || '.');
    if (!fs.existsSync(start)) {
      if (setup.project.cardsDeclared && !glob) missing.push(pattern);
      continue;
    }
    if (isFile(start)) found.push(start);
    else walk(start, found, ['.segoc']);
  }
  const files = [...new Set(found)].filter((f) => isProjectCardFile(setup, f)).sort();
  return { files, missing };
}
