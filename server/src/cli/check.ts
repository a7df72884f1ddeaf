// `segoc check`, file by file: the inputs, the workspace of card definitions, one file checked into
// its piece of the report, and the report put together from the pieces in file order. The same
// functions run on the main thread and on the worker threads of parallel.ts, so the report does not
// depend on which thread checked which file.
import { analyze, analyzePage, CardSource, Diagnostic, extractBlocks, pageKind, PageKind, parseCardDefinitions } from '../core';
import { UseReader, useFileReader } from '../host/use-files';
import { FileError, readTextAndBom } from './files';
import { Checked, countFile, FileCounts, jsonPiece, jsonReport, summarize, Summary, textPiece, textReport, UNREADABLE_FILE } from './report';
import { SarifPiece, sarifPiece, sarifReport, sarifRuleIndex } from './sarif';

export interface Input {
  file: string;
  text: string;
  kind: 'segoc' | PageKind;
  /** Why the file cannot be read (then `text` is empty): it is checked as one `unreadable-file` error. */
  unreadable?: string;
  /** A project card file that was not asked for: only its `conflicting-card` errors are reported. */
  conflictsOnly?: boolean;
  /** The file starts with a byte-order mark (dropped from `text`; format --write writes it back). */
  bom?: boolean;
}

export function kindOf(file: string): Input['kind'] {
  return pageKind(file) ?? 'segoc';
}

/**
 * Reads the files (`root`: the project folder); pages without a segoc block are left out (they are not scenario files). A file
 * that cannot be read stops the command (a usage error, as a missing file does) when it was named
 * on the command line; one that a folder or glob search `found` is kept as an unreadable input, so
 * that one page saved in Latin-1 is reported on that page instead of hiding the report on the others.
 */
export function readInputs(files: string[], root: string, found: (file: string) => boolean = () => false): Input[] {
  const out: Input[] = [];
  for (const file of files) {
    const kind = kindOf(file);
    let read: { text: string; bom: boolean };
    try {
      read = readTextAndBom(file, root);
    } catch (e) {
      if (!(e instanceof FileError) || !found(file)) throw e;
      out.push({ file, text: '', kind, unreadable: e.reason });
      continue;
    }
    const { text, bom } = read;
    if (kind !== 'segoc' && extractBlocks(text, kind).length === 0) continue;
    out.push(bom ? { file, text, kind, bom } : { file, text, kind });
  }
  return out;
}

/**
 * What every file of one run is checked with, as plain data (it is sent to the worker threads): the
 * project's card files, read (their definitions apply to every file: see project.ts), and the
 * ruleset of scenarios without a `rules` line (--rules, else the project's).
 */
export interface Workspace {
  cards: Input[];
  rules: 'tcg' | 'ocg' | undefined;
  /** --strict (or the project's `"strict": true`): every assumption is an error. */
  strict: boolean;
  /** The project folder: a `use` path may not lead out of it through a symbolic link. */
  root: string;
}

/** What every file of one run is analysed with, built from the Workspace once per thread. */
export interface Environment {
  workspaceCards: CardSource[];
  readUse: UseReader;
  defaultRuleset: { region: 'tcg' | 'ocg' } | undefined;
  strict: boolean;
  /** 'diagnostics' when the report shows nothing else (text without --chains): see AnalyzeOptions.detail. */
  detail: 'full' | 'diagnostics';
}

/**
 * The card definitions of the project's card files act as the workspace (for pages too); a file's
 * other definitions apply to itself and the files that `use` it, and cards defined in a page's
 * blocks to that page's later blocks. Built once per thread from the same workspace, so every
 * thread sees the same cards.
 */
export function environment(workspace: Workspace): Environment {
  const sources: CardSource[] = [];
  for (const t of workspace.cards) {
    const defs = parseCardDefinitions(t.text);
    if (defs.length) sources.push({ uri: t.file, kind: 'workspace', defs });
  }
  // `use` imports are read relative to the importing file, by the same reader as the language server's.
  const readUse = useFileReader(undefined, () => workspace.root);
  return { workspaceCards: sources, readUse, defaultRuleset: workspace.rules ? { region: workspace.rules } : undefined, strict: workspace.strict, detail: 'full' };
}

export function analyzeInput(t: Input, env: Environment): Checked {
  if (t.unreadable !== undefined) return unreadableFile(t);
  if (t.conflictsOnly) {
    const diagnostics = analyze(t.text, { ...env, uri: t.file, detail: 'diagnostics' }).diagnostics.filter((d) => d.code === 'conflicting-card');
    return { file: t.file, kind: 'segoc', analysis: { diagnostics, scenarios: [] } };
  }
  if (t.kind === 'segoc') return { file: t.file, kind: 'segoc', analysis: analyze(t.text, { ...env, uri: t.file }) };
  const page = analyzePage(t.text, t.kind, { ...env, uri: t.file });
  return { file: t.file, kind: t.kind, analysis: page, blocks: page.blocks.map((b) => b.block) };
}

/** A file that cannot be read: one error at its start, saying why and what to do. */
function unreadableFile(t: Input): Checked {
  const start = { line: 0, character: 0 };
  const diagnostic: Diagnostic = {
    code: UNREADABLE_FILE.code,
    severity: 'error',
    message: `this file cannot be checked: ${t.unreadable} (${/UTF-8/.test(t.unreadable!) ? 'segoc reads UTF-8 text: save it as UTF-8, or leave it out' : 'leave it out'} with "exclude" in segoc.json)`,
    range: { start, end: start },
  };
  return { file: t.file, kind: t.kind, analysis: { diagnostics: [diagnostic], scenarios: [] }, ...(t.kind === 'segoc' ? {} : { blocks: [] }) };
}

/**
 * The inputs, with the project's card files that are not among them and define a card differently
 * from another card file (checked for those conflicts only). Every checked file reads every card
 * file, so such a conflict makes its verdicts depend on the files' order: it is an error whichever
 * files were given (a check of the pages alone as well as `segoc check`).
 */
export function withCardFileConflicts(inputs: Input[], workspace: Workspace): Input[] {
  if (workspace.cards.length < 2) return inputs;
  const checked = new Set(inputs.map((t) => t.file));
  const env = environment(workspace);
  const conflicting = workspace.cards
    .filter((c) => !checked.has(c.file))
    .map((c): Input => ({ ...c, conflictsOnly: true }))
    .filter((c) => analyzeInput(c, env).analysis.diagnostics.length > 0);
  if (conflicting.length === 0) return inputs;
  return [...inputs, ...conflicting].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

export type ReportFormat = 'text' | 'json' | 'sarif';

/** How the report is made: plain data, handed to the worker threads. */
export interface ReportSettings {
  format: ReportFormat;
  chains: boolean;
  cwd: string;
}

/** One checked file: its summary counts and its part of the report (plain data: it crosses threads). */
export interface FilePiece {
  counts: FileCounts;
  text?: string;
  sarif?: SarifPiece;
}

/** Checks one file and makes its piece of the report; the analysis is dropped right after. */
export function makeChecker(env: Environment, settings: ReportSettings): (t: Input) => FilePiece {
  const ruleIndex = settings.format === 'sarif' ? sarifRuleIndex() : undefined;
  // The text report without --chains shows diagnostics only: the chains' details and the fixes are not built.
  const checkEnv: Environment = { ...env, detail: settings.format === 'text' && !settings.chains ? 'diagnostics' : 'full' };
  return (t) => {
    const r = analyzeInput(t, checkEnv);
    const counts = countFile(r.analysis);
    if (settings.format === 'sarif') return { counts, sarif: sarifPiece(r, settings.cwd, ruleIndex!) };
    if (settings.format === 'json') return { counts, text: jsonPiece(r, settings.cwd) };
    return { counts, text: textPiece(r, settings.cwd, settings.chains) };
  };
}

/** Checks the files one after the other on this thread (`--jobs 1`). */
export function checkSerial(inputs: readonly Input[], settings: ReportSettings, workspace: Workspace): FilePiece[] {
  const check = makeChecker(environment(workspace), settings);
  return inputs.map(check);
}

/** The report from the pieces (in the order of `inputs`), and the summary it ends with. */
export function report(inputs: readonly Input[], pieces: readonly FilePiece[], settings: ReportSettings, version: string): { output: string; summary: Summary } {
  const summary = summarize(pieces.map((p) => p.counts));
  let output: string;
  if (settings.format === 'sarif') output = sarifReport(inputs, pieces.map((p) => p.sarif!), settings.cwd, version);
  else if (settings.format === 'json') output = jsonReport(pieces.map((p) => p.text!), summary);
  else output = textReport(pieces.map((p) => p.text!), summary);
  return { output, summary };
}
