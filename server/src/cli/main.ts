// The `segoc` command. Exit codes: 0 no error, 1 an error in a scenario (an unmet `expect`
// included), 2 usage or I/O problems. A user mistake prints one line, never a stack trace.
import * as fs from 'fs';
import * as path from 'path';
import { analyze, Analysis, CardSource, parse } from '../core';
import { findFiles, readText, UsageError } from './files';
import { formatJson, formatText, formatExplain, Summary } from './report';

const HELP = `segoc — checks Yu-Gi-Oh! ruling scenarios (.segoc)

Usage:
  segoc check [files|folders|globs] [--format text|json] [--chains] [--rules tcg|ocg]
      Checks every scenario (default: **/*.segoc under the current folder).
      Prints file:line:col: severity code: message, then a summary.
      --chains   also print each scenario's resolved chains
  segoc explain FILE
      Prints what the engine understood: players, rules, triggers collected,
      legal orders of each batch and how each chain resolves.
  segoc --help | --version

Exit codes: 0 no error, 1 a scenario has an error (an unmet expect included), 2 usage or I/O problem.`;

export interface CliIO {
  cwd: string;
  out: (s: string) => void;
  err: (s: string) => void;
}

export function runCli(argv: string[], io: CliIO): number {
  try {
    return dispatch(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`segoc: ${e.message}`);
      return 2;
    }
    io.err(`segoc: internal error: ${(e as Error)?.message ?? String(e)} (please report it)`);
    return 2;
  }
}

function dispatch(argv: string[], io: CliIO): number {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    io.out(HELP);
    return cmd ? 0 : 2;
  }
  if (cmd === '--version' || cmd === '-v') {
    io.out(VERSION);
    return 0;
  }
  const opts = parseOptions(rest);
  switch (cmd) {
    case 'check':
      return check(opts, io);
    case 'explain':
      return explain(opts, io);
    default:
      throw new UsageError(`unknown command "${cmd}" (try: segoc check, segoc explain, segoc --help)`);
  }
}

declare const SEGOC_VERSION: string | undefined;
const VERSION = typeof SEGOC_VERSION === 'string' ? SEGOC_VERSION : '0.1.0';

interface Options {
  files: string[];
  format: 'text' | 'json';
  chains: boolean;
  rules?: 'tcg' | 'ocg';
}

function parseOptions(args: string[]): Options {
  const o: Options = { files: [], format: 'text', chains: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--format' || a.startsWith('--format=')) {
      const v = a.includes('=') ? a.split('=')[1] : args[++i];
      if (v !== 'text' && v !== 'json') throw new UsageError(`--format takes text or json, not ${v ?? 'nothing'}`);
      o.format = v;
    } else if (a === '--chains') o.chains = true;
    else if (a === '--rules' || a.startsWith('--rules=')) {
      const v = a.includes('=') ? a.split('=')[1] : args[++i];
      if (v !== 'tcg' && v !== 'ocg') throw new UsageError(`--rules takes tcg or ocg, not ${v ?? 'nothing'}`);
      o.rules = v;
    } else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`);
    else o.files.push(a);
  }
  return o;
}

/** Reads `use` imports relative to the importing file, only .segoc files. */
export function useReader(fromUri: string, p: string): { uri: string; text: string } | { error: string } {
  const base = fromUri.startsWith('file://') ? fromUri.slice(7) : fromUri;
  const target = path.resolve(path.dirname(base), p);
  if (!target.toLowerCase().endsWith('.segoc')) return { error: 'only .segoc files can be imported' };
  try {
    return { uri: target, text: readText(target) };
  } catch (e) {
    return { error: e instanceof UsageError ? e.message.replace(`${target}: `, '') : 'cannot read' };
  }
}

function analyzeFiles(files: string[], opts: Options): Array<{ file: string; analysis: Analysis }> {
  const texts = files.map((f) => ({ file: f, text: readText(f) }));
  // Card definitions of every file checked act as the workspace.
  const workspace: CardSource[] = texts.map((t) => ({ uri: t.file, kind: 'workspace' as const, defs: parse(t.text).file.cards })).filter((s) => s.defs.length);
  return texts.map((t) => ({
    file: t.file,
    analysis: analyze(t.text, {
      uri: t.file,
      workspaceCards: workspace,
      readUse: useReader,
      defaultRuleset: opts.rules ? { region: opts.rules } : undefined,
    }),
  }));
}

function check(opts: Options, io: CliIO): number {
  const files = findFiles(opts.files, io.cwd);
  if (files.length === 0) throw new UsageError('no .segoc file found (give files, folders or globs)');
  const results = analyzeFiles(files, opts);
  const summary: Summary = { files: results.length, scenarios: 0, errors: 0, warnings: 0, expectationsMet: 0, expectations: 0 };
  for (const r of results) {
    summary.scenarios += r.analysis.scenarios.length;
    for (const d of r.analysis.diagnostics) {
      if (d.severity === 'error') summary.errors++;
      else if (d.severity === 'warning') summary.warnings++;
    }
    for (const s of r.analysis.scenarios) {
      if (s.expectationsMet !== undefined) {
        summary.expectations++;
        if (s.expectationsMet) summary.expectationsMet++;
      }
    }
  }
  if (opts.format === 'json') io.out(formatJson(results, summary, io.cwd));
  else io.out(formatText(results, summary, io.cwd, opts.chains));
  return summary.errors > 0 ? 1 : 0;
}

function explain(opts: Options, io: CliIO): number {
  if (opts.files.length !== 1) throw new UsageError('explain takes exactly one file');
  const file = path.resolve(io.cwd, opts.files[0]);
  if (!fs.existsSync(file)) throw new UsageError(`${opts.files[0]}: no such file`);
  const [r] = analyzeFiles([file], opts);
  io.out(formatExplain(r.analysis, path.relative(io.cwd, file) || file));
  return r.analysis.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}

if (require.main === module) {
  const code = runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    out: (s) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`),
    err: (s) => process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
  });
  process.exitCode = code;
}
