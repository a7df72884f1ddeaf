// `segoc check`, file by file: the inputs, the workspace of card definitions, one file checked into
// its piece of the report, and the report put together from the pieces in file order. The same
// functions run on the main thread and on the worker threads of parallel.ts, so the report does not
// depend on which thread checked which file.
import { analyze, analyzePage, CardSource, extractBlocks, pageKind, PageKind, parseCardDefinitions } from '../core';
import { UseReader, useFileReader } from '../host/use-files';
import { readText } from './files';
import { Checked, countFile, FileCounts, jsonPiece, jsonReport, summarize, Summary, textPiece, textReport } from './report';
import { SarifPiece, sarifPiece, sarifReport, sarifRuleIndex } from './sarif';

export interface Input {
  file: string;
  text: string;
  kind: 'segoc' | PageKind;
}

export function kindOf(file: string): Input['kind'] {
  return pageKind(file) ?? 'segoc';
}

/** Reads the files (`root`: the project folder); pages without a segoc block are left out (they are not scenario files). */
export function readInputs(files: string[], root: string): Input[] {
  const out: Input[] = [];
  for (const file of files) {
    const text = readText(file, root);
    const kind = kindOf(file);
    if (kind !== 'segoc' && extractBlocks(text, kind).length === 0) continue;
    out.push({ file, text, kind });
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
  /** The project folder: a `use` path may not lead out of it through a symbolic link. */
  root: string;
}

/** What every file of one run is analysed with, built from the Workspace once per thread. */
export interface Environment {
  workspaceCards: CardSource[];
  readUse: UseReader;
  defaultRuleset: { region: 'tcg' | 'ocg' } | undefined;
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
  return { workspaceCards: sources, readUse, defaultRuleset: workspace.rules ? { region: workspace.rules } : undefined, detail: 'full' };
}

export function analyzeInput(t: Input, env: Environment): Checked {
  if (t.kind === 'segoc') return { file: t.file, kind: 'segoc', analysis: analyze(t.text, { ...env, uri: t.file }) };
  const page = analyzePage(t.text, t.kind, { ...env, uri: t.file });
  return { file: t.file, kind: t.kind, analysis: page, blocks: page.blocks.map((b) => b.block) };
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
