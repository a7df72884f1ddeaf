// The project file, `segoc.json` at the root of a wiki or rule-book repository: which files are card
// files (their card definitions apply to every file of the project) and the project's defaults. Pure:
// the CLI and the language server read the file and list the folders, and both decide here, so that
// they see the same project. docs/cli.md ("The project file") is the reference.
import { globMatcher } from './glob';

/** The project file's name; the nearest one in the folder or above it is the project's root. */
export const PROJECT_FILE = 'segoc.json';

/** The card folder a project has without a project file, or whose project file names no `cards`. */
export const DEFAULT_CARD_PATHS: readonly string[] = ['cards'];

export interface Project {
  /** Paths, folders or globs (relative to the root) of card files: their definitions apply to every file. */
  cards: string[];
  /** Ruleset of scenarios without a `rules` line (`--rules` and a scenario's own line come first). */
  rules?: 'tcg' | 'ocg';
  /** Every assumption is an error (`--strict`; issue 27): a verdict may rest neither on an unknown card fact nor on what a scenario leaves out. */
  strict?: boolean;
  /** Paths, folders or globs that `check` and `format` skip when they look for files. */
  exclude: string[];
  /** Whether the project file names its card files (else the default `cards` folder, which may be absent). */
  cardsDeclared: boolean;
}

/** The project of a folder without a project file. */
export function defaultProject(): Project {
  return { cards: [...DEFAULT_CARD_PATHS], exclude: [], cardsDeclared: false };
}

/** A project, or what is wrong with its file (one sentence, without the file's name). */
export type ProjectResult = { project: Project } | { error: string };

const KEYS = ['cards', 'rules', 'exclude', 'strict'];

/** The project that a project file's text describes; undefined text: no project file (the defaults). */
export function parseProject(text: string | undefined): ProjectResult {
  const project = defaultProject();
  if (text === undefined) return { project };
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { error: `not valid JSON (${String((e as Error).message ?? e).split('\n')[0]})` };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { error: 'must hold a JSON object ({ "cards": [...], "rules": "tcg" })' };
  const o = data as Record<string, unknown>;
  const unknown = Object.keys(o).find((k) => !KEYS.includes(k));
  if (unknown !== undefined) return { error: `unknown key "${unknown}" (the keys are ${KEYS.map((k) => `"${k}"`).join(', ')})` };
  for (const key of ['cards', 'exclude'] as const) {
    if (o[key] === undefined) continue;
    const list = o[key];
    if (!Array.isArray(list) || list.some((p) => typeof p !== 'string' || p.trim() === '')) return { error: `"${key}" must be a list of paths, folders or globs` };
    project[key] = list.map((p: string) => p.trim());
  }
  project.cardsDeclared = o.cards !== undefined;
  if (o.rules !== undefined) {
    if (o.rules !== 'tcg' && o.rules !== 'ocg') return { error: `"rules" must be "tcg" or "ocg", not ${JSON.stringify(o.rules)}` };
    project.rules = o.rules;
  }
  if (o.strict !== undefined) {
    if (typeof o.strict !== 'boolean') return { error: `"strict" must be true or false, not ${JSON.stringify(o.strict)}` };
    project.strict = o.strict;
  }
  return { project };
}

/**
 * Whether a path relative to the project root (forward slashes) is one of `patterns`: a pattern with
 * `*`, `?` or `{` is a glob; any other names a file, or a folder and everything under it.
 */
export function pathMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const tests = patterns.map((p) => {
    const clean = p.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
    if (/[*?{]/.test(clean)) {
      return globMatcher(clean);
    }
    return (rel: string) => rel === clean || rel.startsWith(`${clean}/`) || clean === '.' || clean === '';
  });
  return (rel) => tests.some((t) => t(rel.replace(/\\/g, '/')));
}

/** Whether a file (relative to the root) is a card file of the project. */
export function isCardFile(project: Project, relativePath: string): boolean {
  return /\.segoc$/i.test(relativePath) && pathMatcher(project.cards)(relativePath);
}
