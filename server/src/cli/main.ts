// The `segoc` command. Exit codes: 0 no error, 1 an error in a scenario (an unmet `expect`
// included; for `format --check`: a file would change), 2 usage or I/O problems. A user mistake
// prints one line, never a stack trace. Only `format --write` ever writes a file.
import * as fs from 'fs';
import * as path from 'path';
import { isMainThread } from 'worker_threads';
import { analyze, cardToSegoc, extractBlocks, formatText, inferEffects, MAX_SCENARIO_CHARS, pageKind, pointJson, quoteName, scenarioJson, render, renderDefinition, RENDER_FORMATS, RenderFormat, tooLargeToCheck } from '../core';
import { analyzeInput, checkSerial, environment, FilePiece, Input, kindOf, readInputs, report, ReportFormat, ReportSettings, withCardFileConflicts, Workspace } from './check';
import { ALL_EXTENSIONS, findFiles, foundBySearch, readText, readTextAndBom, UsageError } from './files';
import { cardFilesOf, cardFilesProblem, excludedBy, loadProject, ProjectSetup } from '../host/project';
import { installGeneratedLibrary } from '../host/generated-cards';
import { CheckPool, threadsFor } from './parallel';
import { ANSI, Checked, fileResponses, formatExplain, PLAIN, textPiece } from './report';

/** For tests: how the parallel check runs, and what the last one did. */
export { lastParallelCheck, parallelTuning } from './parallel';

// Every released card, read on the first lookup that reaches it (in each worker thread too).
installGeneratedLibrary((message) => process.stderr.write(`${message}\n`));

const HELP = `segoc — checks Yu-Gi-Oh! ruling scenarios (.segoc files, and segoc blocks in wiki pages)

Usage:
  segoc check [files|folders|globs] [--format text|json|sarif] [--chains] [--rules tcg|ocg] [--strict] [--jobs N]
      Checks every scenario. Reads .segoc files and the segoc blocks of Markdown
      (.md, .markdown: \`\`\`segoc fences) and wikitext pages (.wiki, .wikitext, .mediawiki:
      <segoc> and <syntaxhighlight lang="segoc">); pages without a segoc block are skipped.
      Default: **/*.{segoc,md,markdown,wiki,wikitext,mediawiki} under the current folder
      (pages count only when they hold a segoc block).
      Prints file:line:col: severity code: message (page lines and columns), then a summary.
      --format   text (default), json (docs/cli.md), sarif (SARIF 2.1.0, for code scanning)
      --chains   also print each scenario's resolved chains (text format)
      --rules    ruleset of scenarios without a \`rules\` line (default tcg)
      --strict   every assumption is an error: a card fact the library does not know
                 (else a warning, unknown-card-fact) and what a scenario leaves out
      --jobs     threads checking files at once (worker threads, from 100 files on;
                 default: one per two cores); --jobs 1 checks one file after the other
  segoc explain files|folders|globs [--rules tcg|ocg] [--strict] [--responses] [--format text|json]
      Prints what the engine understood of each file: players, rules, triggers
      collected, legal orders of each batch and how each chain resolves.
      --responses  also who can act at every point of each scenario: the Fast Effect
                   Timing box, who holds priority, and for each player every effect of
                   every card shown, with why not (rule id) or "unknown" (.segoc files)
      --format     text (default), json (the files' points and answers; with --responses)
  segoc render files|folders|globs [--format markdown|wikitext|html|svg|json] [--scenario N] [--rules tcg|ocg] [--strict]
      Prints each scenario's resolved chains: a table per chain (link, player, card,
      category, Spell Speed, what it did) in Markdown (default), wikitext or a standalone
      HTML page, the chain stack as an SVG picture, or JSON. A page: all its blocks are
      rendered. html, svg, json and --scenario N (numbered through the file) take one file.
      explain and render check the files as check does; render prints errors on stderr.
  Card files: every .segoc file under cards/, or what segoc.json names (docs/cli.md).
  segoc format [--check | --write] [files|folders|globs]
      Formats .segoc files (and the segoc blocks of pages) with the built-in formatter.
      format FILE      prints the formatted text to stdout
      --check          lists the files that would change; exit 1 if any (default: all files)
      --write          rewrites the files that change, and only those
  segoc infer "<card text>" [--file FILE] [--ja] [--type "<type line>"] [--name "<name>"] [--pendulum "<text>"]
      Prints the card definition inferred from an official card text (English
      Problem-Solving Card Text, or Japanese): each effect line after the sentence
      it comes from, and notes for what the text did not settle (assumed).
      --file     read the text from FILE (UTF-8) instead of the argument
      --ja       the text is Japanese (default: guessed from the text)
      --type     the card's type line (default: effect monster), e.g. "Counter Trap"
      --name     the card's name in the definition (default: Card)
      --pendulum the card's Pendulum Effect text
  segoc card NAME [files|folders|globs]
      Prints the definition the engine uses for a card (English, Japanese or Portuguese
      name) as .segoc text, with where its facts came from and what was assumed: copy it
      into a file and correct it there. Definitions in the given files count, as in check.
  segoc --help | --version

Exit codes: 0 no error, 1 a scenario has an error (an unmet expect included) or, for
format --check, a file is not formatted; 2 usage or I/O problem.
Docs: docs/cli.md (commands, JSON and SARIF shapes), docs/ci.md (CI for a wiki).`;

export interface CliIO {
  cwd: string;
  /** A line of output (a final newline is added where there is none). */
  out: (s: string) => void;
  err: (s: string) => void;
  /** Output exactly as given (`format FILE` prints the bytes `--write` would write). */
  write: (s: string) => void;
  /** Whether stdout is a terminal that takes ANSI styles (bold); otherwise plain text. */
  tty?: boolean;
  /** The text piped into the command, or undefined when standard input is a terminal (`segoc infer -`). */
  stdin?: () => string | undefined;
}

/**
 * Runs a command in this thread and returns its exit code. `check` checks its files one after the
 * other here (`--jobs` is honoured by runCliAsync, which the `segoc` command uses).
 */
export function runCli(argv: string[], io: CliIO): number {
  try {
    return dispatch(argv, io, false) as number;
  } catch (e) {
    return failed(e, io);
  }
}

/** Runs a command as the `segoc` command does: `check` of many files uses worker threads (--jobs). */
export async function runCliAsync(argv: string[], io: CliIO): Promise<number> {
  try {
    return await dispatch(argv, io, true);
  } catch (e) {
    return failed(e, io);
  }
}

/** A usage or I/O problem, or a bug: one `segoc:` line on stderr, exit 2, never a stack trace. */
function failed(e: unknown, io: CliIO): number {
  if (e instanceof UsageError) {
    io.err(`segoc: ${e.message.split('\n')[0]}`);
    return 2;
  }
  io.err(`segoc: internal error: ${String((e as Error)?.message ?? e).split('\n')[0]} (please report it)`);
  return 2;
}

function dispatch(argv: string[], io: CliIO, threads: boolean): number | Promise<number> {
  const [cmd, ...rest] = argv;
  // Exit 2 is always one `segoc:` line on stderr; the usage is for --help.
  if (!cmd) throw new UsageError('no command given (try: segoc check, explain, render, format, infer, card; segoc --help for the usage)');
  // --help and --version answer wherever they stand (`segoc check --version` too), before any option is read.
  if (argv.includes('--help') || argv.includes('-h') || cmd === 'help') {
    io.out(HELP);
    return 0;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    io.out(VERSION);
    return 0;
  }
  switch (cmd) {
    case 'check':
      return check(parseOptions(cmd, rest), io, threads);
    case 'explain':
      return explain(parseOptions(cmd, rest), io);
    case 'render':
      return renderCommand(parseOptions(cmd, rest), io);
    case 'format':
      return formatCommand(parseOptions(cmd, rest), io);
    case 'infer':
      return inferCommand(rest, io);
    case 'card':
      return cardCommand(rest, io);
    default:
      throw new UsageError(`unknown command "${cmd}" (try: segoc check, explain, render, format, infer, card, --help)`);
  }
}

declare const SEGOC_VERSION: string | undefined;
export const VERSION = typeof SEGOC_VERSION === 'string' ? SEGOC_VERSION : '0.1.0';

/** The most threads --jobs may ask for (three digits: more is surely a typo). */
const MAX_JOBS = 999;

type Command = 'check' | 'explain' | 'render' | 'format';

interface Options {
  files: string[];
  format?: string;
  chains: boolean;
  /** explain --responses: who can act at every point. */
  responses: boolean;
  rules?: 'tcg' | 'ocg';
  /** --strict: every assumption is an error. */
  strict: boolean;
  scenario?: number;
  check: boolean;
  write: boolean;
  /** --jobs: at most this many threads check files. */
  jobs?: number;
}

/** The options each command takes, and the values of --format. */
const COMMAND_OPTIONS: Record<Command, { options: string[]; formats?: readonly string[] }> = {
  check: { options: ['--format', '--chains', '--rules', '--strict', '--jobs'], formats: ['text', 'json', 'sarif'] },
  explain: { options: ['--rules', '--strict', '--responses', '--format'], formats: ['text', 'json'] },
  render: { options: ['--format', '--scenario', '--rules', '--strict'], formats: RENDER_FORMATS },
  format: { options: ['--check', '--write'] },
};

function parseOptions(cmd: Command, args: string[]): Options {
  const o: Options = { files: [], chains: false, responses: false, strict: false, check: false, write: false };
  const spec = COMMAND_OPTIONS[cmd];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--') || a === '--') {
      if (a !== '--') o.files.push(a);
      continue;
    }
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (!spec.options.includes(name)) {
      const known = ['--format', '--chains', '--rules', '--strict', '--scenario', '--check', '--write', '--jobs', '--responses'].includes(name);
      throw new UsageError(known ? `\`segoc ${cmd}\` does not take ${name}` : `unknown option ${a}`);
    }
    const value = (): string | undefined => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i]);
    switch (name) {
      case '--format': {
        const v = value();
        if (!v || !spec.formats!.includes(v)) throw new UsageError(`--format takes ${spec.formats!.join(', ')}, not ${v || 'nothing'}`);
        o.format = v;
        break;
      }
      case '--rules': {
        const v = value();
        if (v !== 'tcg' && v !== 'ocg') throw new UsageError(`--rules takes tcg or ocg, not ${v || 'nothing'}`);
        o.rules = v;
        break;
      }
      case '--scenario': {
        const v = value();
        if (!v || !/^[1-9]\d{0,5}$/.test(v)) throw new UsageError(`--scenario takes a scenario number (1, 2, ...), not ${v || 'nothing'}`);
        o.scenario = Number(v);
        break;
      }
      case '--jobs': {
        const v = value();
        if (!v || !/^[1-9]\d{0,2}$/.test(v)) throw new UsageError(`--jobs takes a number of threads from 1 to ${MAX_JOBS}, not ${v || 'nothing'}`);
        o.jobs = Number(v);
        break;
      }
      case '--chains':
        o.chains = true;
        break;
      case '--responses':
        o.responses = true;
        break;
      case '--strict':
        o.strict = true;
        break;
      case '--check':
        o.check = true;
        break;
      case '--write':
        o.write = true;
        break;
    }
  }
  return o;
}

/** The project of the working folder; a broken project file is a usage error. */
function project(io: CliIO): ProjectSetup {
  const setup = loadProject(io.cwd);
  if (setup.error) throw new UsageError(`${shown(io, setup.file!)}: ${setup.error}`);
  return setup;
}

/** What every file is checked with: the project's card files, read, and the default ruleset. */
function workspace(setup: ProjectSetup, rules: 'tcg' | 'ocg' | undefined, io: CliIO, strict = false): Workspace {
  const { files, missing, refused } = cardFilesOf(setup);
  const problem = cardFilesProblem(missing, refused);
  if (problem) throw new UsageError(`${shown(io, setup.file!)}: ${problem}`);
  return { cards: files.map((file) => ({ file, text: readText(file, setup.root), kind: 'segoc' as const })), rules: rules ?? setup.project.rules, strict: strict || !!setup.project.strict, root: setup.root };
}

/** The files a command reads: as check finds them (files, folders, globs; the project's `exclude` left out). */
function inputsOf(setup: ProjectSetup, opts: Options, io: CliIO, threads?: (files: number) => CheckPool | undefined): { inputs: Input[]; pool?: CheckPool } {
  const files = findFiles(opts.files, io.cwd, ALL_EXTENSIONS, excludedBy(setup));
  if (files.length === 0) throw nothingFound(opts.files);
  // Many files: worker threads start now, while this thread reads the files.
  const pool = threads?.(files.length);
  try {
    const inputs = readInputs(files, setup.root, foundBySearch(opts.files, io.cwd));
    if (inputs.length === 0) throw nothingFound(opts.files);
    return { inputs, pool };
  } catch (e) {
    pool?.stop();
    throw e;
  }
}

/** A file as messages show it: relative to the working folder when inside it. */
function shown(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

function nothingFound(args: string[]): UsageError {
  return new UsageError(
    args.length
      ? `${args.join(' ')}: no .segoc file and no page with a segoc block`
      : 'no .segoc file and no page with a segoc block found (give files, folders or globs)',
  );
}

function check(opts: Options, io: CliIO, threads: boolean): number | Promise<number> {
  const setup = project(io);
  const ws = workspace(setup, opts.rules, io, opts.strict);
  const asked = inputsOf(setup, opts, io, threads ? (n) => CheckPool.start(threadsFor(n, opts.jobs)) : undefined);
  const { pool } = asked;
  const inputs = withCardFileConflicts(asked.inputs, ws);
  const settings: ReportSettings = { format: (opts.format ?? 'text') as ReportFormat, chains: opts.chains, cwd: io.cwd };
  const done = (pieces: FilePiece[]): number => {
    const { output, summary } = report(inputs, pieces, settings, VERSION);
    io.out(output);
    return summary.errors > 0 ? 1 : 0;
  };
  if (!pool) return done(checkSerial(inputs, settings, ws));
  return pool
    .check(inputs, settings, ws)
    .then(done)
    .finally(() => pool.stop());
}

/** The files `explain` and `render` take, analysed as `check` analyses them (the same workspace). */
function analysed(cmd: string, opts: Options, io: CliIO): Checked[] {
  if (opts.files.length === 0) throw new UsageError(`${cmd} takes one or more files (or folders, or globs)`);
  const setup = project(io);
  for (const f of opts.files) {
    const p = path.resolve(io.cwd, f);
    const kind = kindOf(p);
    if (kind !== 'segoc' && fs.existsSync(p) && fs.statSync(p).isFile() && extractBlocks(readText(p, setup.root), kind).length === 0) {
      throw new UsageError(`${f}: no segoc block in this page`);
    }
  }
  const env = environment(workspace(setup, opts.rules, io, opts.strict));
  return inputsOf(setup, opts, io).inputs.map((t) => analyzeInput(t, env));
}

/** `segoc card NAME [files]`: the card as the engine sees it, with the files' definitions on top of the libraries. */
function cardCommand(args: string[], io: CliIO): number {
  const unknownOption = args.find((a) => a.startsWith('--') && a !== '--');
  if (unknownOption) throw new UsageError(`\`segoc card\` does not take ${unknownOption}`);
  const [name, ...paths] = args.filter((a) => a !== '--');
  if (!name) throw new UsageError('card takes a card name, e.g. segoc card "Called by the Grave"');
  // The project's card files, and the files given, as check would see them.
  const setup = project(io);
  const inputs = paths.length ? readInputs(findFiles(paths, io.cwd), setup.root) : [];
  const ws = workspace(setup, undefined, io);
  const cards = analyze('', environment({ ...ws, cards: [...ws.cards, ...inputs.filter((t) => t.kind === 'segoc')], rules: undefined })).cards;
  const card = cards.get(name);
  if (!card) {
    const near = cards.suggest(name);
    io.err(`segoc: unknown card ${quoteName(name)}${near.length ? `; did you mean ${near.map(quoteName).join(', ')}?` : ''}`);
    return 1;
  }
  // A workspace card's file as the user would name it from here, not the machine's absolute path.
  io.out(cardToSegoc(card, (file) => shown(io, file)));
  return 0;
}

const hasError = (c: Checked) => c.analysis.diagnostics.some((d) => d.severity === 'error');

function explain(opts: Options, io: CliIO): number {
  const checked = analysed('explain', opts, io);
  const responses = (c: Checked) => (opts.responses ? fileResponses(c, { defaultRuleset: opts.rules ? { region: opts.rules } : undefined }) : undefined);
  if (opts.format === 'json' && !opts.responses) {
    // What each scenario's links did, as fields: the scenarios of `check --format json` (each link's resolution with its parts).
    io.out(JSON.stringify({ files: checked.map((c) => ({ file: shown(io, c.file), scenarios: c.analysis.scenarios.map(scenarioJson) })) }, null, 2));
  } else if (opts.format === 'json') {
    io.out(JSON.stringify({ files: checked.map((c) => ({ file: shown(io, c.file), scenarios: responses(c)!.map(({ scenario, points }) => ({ scenario, points: points.map(pointJson) })) })) }, null, 2));
  } else {
    io.out(checked.map((c) => formatExplain(c.analysis, shown(io, c.file), io.tty ? ANSI : PLAIN, responses(c))).join('\n\n'));
  }
  return checked.some(hasError) ? 1 : 0;
}

/** Formats whose output is one standalone document: they render one file. */
const ONE_FILE_FORMATS: readonly string[] = ['html', 'svg', 'json'];

function renderCommand(opts: Options, io: CliIO): number {
  const format = (opts.format ?? 'markdown') as RenderFormat;
  const checked = analysed('render', opts, io);
  if (checked.length > 1 && (ONE_FILE_FORMATS.includes(format) || opts.scenario !== undefined)) {
    throw new UsageError(`render ${opts.scenario !== undefined ? '--scenario' : `--format ${format}`} takes one file (${checked.length} given: render them one by one)`);
  }
  const parts: string[] = [];
  for (const c of checked) {
    let scenarios = c.analysis.scenarios;
    if (opts.scenario !== undefined) {
      scenarios = scenarios.filter((s) => s.index === opts.scenario);
      if (scenarios.length === 0) {
        const n = c.analysis.scenarios.length;
        throw new UsageError(`--scenario ${opts.scenario}: ${shown(io, c.file)} has ${n} scenario${n === 1 ? '' : 's'}`);
      }
    }
    parts.push(render({ title: shown(io, c.file), scenarios }, format));
  }
  io.out(parts.join('\n'));
  // The tables go to stdout (often into a file); why the exit code is 1 goes to stderr, as check prints it.
  const failing = checked.filter(hasError);
  for (const c of failing) io.err(textPiece({ ...c, analysis: { ...c.analysis, diagnostics: c.analysis.diagnostics.filter((d) => d.severity === 'error') } }, io.cwd, false));
  if (failing.length) io.err(`segoc: render: ${failing.length === 1 ? 'this file has' : `${failing.length} files have`} errors (above); the tables show the scenarios as the checker reads them`);
  return failing.length ? 1 : 0;
}

/** The formatted text of a file: the whole file for .segoc, the segoc blocks for a page. */
function formatted(file: string, text: string): string {
  const kind = kindOf(file);
  return formatText(text, kind === 'segoc' ? undefined : kind);
}

function formatCommand(opts: Options, io: CliIO): number {
  if (opts.check && opts.write) throw new UsageError('format takes --check or --write, not both');
  if (!opts.check && !opts.write) {
    if (opts.files.length !== 1) throw new UsageError('format without --check or --write takes exactly one file (and prints it formatted)');
    const file = path.resolve(io.cwd, opts.files[0]);
    if (!fs.existsSync(file)) throw new UsageError(`${opts.files[0]}: no such file`);
    if (fs.statSync(file).isDirectory()) throw new UsageError(`${opts.files[0]}: is a folder (use --check or --write for folders)`);
    // Read first (a FIFO or a device is refused there, never waited on); then the bytes --write would
    // write, byte-order mark included: `segoc format F | diff F -` is empty exactly when `--check`
    // says the file is formatted.
    const root = project(io).root;
    const { text, bom } = readTextAndBom(file, root);
    refuseTooLarge([{ file, text }], io);
    io.write((bom ? '\ufeff' : '') + formatted(file, text));
    return 0;
  }
  const { inputs } = inputsOf(project(io), opts, io);
  // A file that cannot be read cannot be formatted, nor said to be formatted: a usage error, wherever it was found.
  const unreadable = inputs.find((t) => t.unreadable !== undefined);
  if (unreadable) throw new UsageError(`${shown(io, unreadable.file)}: ${unreadable.unreadable}`);
  // Before any file is written: a file too large to format stops the command with nothing changed.
  refuseTooLarge(inputs, io);
  const changed: string[] = [];
  for (const t of inputs) {
    const next = formatted(t.file, t.text);
    if (next === t.text) continue;
    changed.push(t.file);
    if (opts.write) writeKeepingBom(t.file, next, t.bom === true);
  }
  for (const f of changed) io.out(shown(io, f));
  const n = inputs.length;
  const files_ = (k: number) => `${k} file${k === 1 ? '' : 's'}`;
  if (opts.check) {
    io.out(changed.length ? `${files_(changed.length)} of ${n} would be reformatted (run segoc format --write)` : `all ${files_(n)} formatted`);
    return changed.length ? 1 : 0;
  }
  io.out(`${files_(changed.length)} reformatted, ${n - changed.length} unchanged`);
  return 0;
}

/**
 * The formatter's memory grows with the scenario lines as the checker's does: a file past the limit
 * of an analysis (core's MAX_SCENARIO_CHARS) is refused, as `check` refuses to check it.
 */
function refuseTooLarge(inputs: { file: string; text: string }[], io: CliIO): void {
  const large = inputs.find((t) => tooLargeToCheck(t.text, pageKind(t.file)));
  if (large) throw new UsageError(`${shown(io, large.file)}: too large to format (more than ${MAX_SCENARIO_CHARS.toLocaleString('en-US')} characters of scenario lines; split it into several files)`);
}

/** The most of standard input `segoc infer` reads: a card text is under 1 KB; 1 MB is a paste gone wrong. */
const MAX_STDIN_BYTES = 1024 * 1024;

/** Standard input's text (UTF-8), read to its end or refused past MAX_STDIN_BYTES. */
function readStdin(): string {
  const chunks: Buffer[] = [];
  let size = 0;
  const buffer = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        // A non-blocking pipe with nothing in it yet: wait a little rather than spin.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      if (code === 'EOF') break;
      throw new UsageError(`cannot read standard input (${code ?? String(e)})`);
    }
    if (n === 0) break;
    size += n;
    if (size > MAX_STDIN_BYTES) throw new UsageError(`standard input is longer than ${MAX_STDIN_BYTES / 1024 / 1024} MB: not a card text`);
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
}

/** Writes a file (format --write), keeping a byte-order mark that the file had (readText drops it). */
function writeKeepingBom(file: string, text: string, hadBom: boolean): void {
  try {
    fs.writeFileSync(file, (hadBom ? '\ufeff' : '') + text, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

// The `segoc` command (not when this script runs as a worker thread of parallel.ts).
if (require.main === module && isMainThread) {
  const gone = stopWritingWhenTheReaderLeaves();
  void runCliAsync(process.argv.slice(2), {
    cwd: process.cwd(),
    out: (s) => gone.stdout || process.stdout.write(s.endsWith('\n') ? s : `${s}\n`),
    err: (s) => gone.stderr || process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
    write: (s) => gone.stdout || process.stdout.write(s),
    // Bold on a terminal only, and never when NO_COLOR is set (https://no-color.org).
    tty: process.stdout.isTTY === true && !process.env.NO_COLOR,
    stdin: () => (process.stdin.isTTY ? undefined : readStdin()),
  }).then((code) => {
    process.exitCode = code;
  });
}

/**
 * `segoc check ... | head`: when the reader of stdout (or stderr) goes away, a write fails with EPIPE,
 * which Node raises as an unhandled 'error' event (a stack trace, exit 1). Nobody is left to read that
 * stream: what would go there is dropped, and the command ends as it would have, with its own exit
 * code (so `set -o pipefail` still sees a check that found errors).
 */
function stopWritingWhenTheReaderLeaves(): { stdout: boolean; stderr: boolean } {
  const gone = { stdout: false, stderr: false };
  for (const name of ['stdout', 'stderr'] as const) {
    process[name].on('error', (e: NodeJS.ErrnoException) => {
      // (A write already under way when the pipe closed may fail as written to a destroyed stream.)
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      gone[name] = true;
    });
  }
  return gone;
}

/** `segoc infer`: its own arguments (a free text, not files), so its own small reader. */
function inferCommand(args: string[], io: CliIO): number {
  const texts: string[] = [];
  const o: { file?: string; ja: boolean; type: string; name: string; pendulum?: string } = { ja: false, type: 'effect monster', name: 'Card' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} takes a value`);
      return v;
    };
    if (a === '--ja') o.ja = true;
    else if (a === '--file') o.file = value();
    else if (a === '--type') o.type = value();
    else if (a === '--name') o.name = value();
    else if (a === '--pendulum') o.pendulum = value();
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a} (segoc infer takes --file, --ja, --type, --name, --pendulum)`);
    else texts.push(a);
  }
  // `-`, or no text at all with a text piped in: the card text is standard input's.
  const fromStdin = texts.length === 1 && texts[0] === '-' ? true : texts.length === 0 && !o.file;
  if (fromStdin) {
    const piped = io.stdin?.();
    if (piped === undefined && texts[0] === '-') throw new UsageError('infer -: nothing is piped in (echo "<card text>" | segoc infer -)');
    if (piped !== undefined) texts.splice(0, texts.length, piped);
  }
  let text = texts.join(' ');
  if (o.file) {
    const file = path.resolve(io.cwd, o.file);
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) throw new UsageError(`${o.file}: no such file`);
    text = readText(file, loadProject(io.cwd).root);
  }
  if (!text.trim()) throw new UsageError('infer takes a card text (in quotes), --file FILE, or the text on standard input (-)');
  const card = inferEffects({ text, typeLine: o.type, pendulumText: o.pendulum, language: o.ja ? 'ja' : undefined });
  io.out(renderDefinition(o.name, card, text));
  return 0;
}
