// `segoc check` of many files on worker threads. The worker is this very script (dist/cli.js in the
// bundle): when it runs as a worker with our workerData it checks files instead of reading argv.
//
// - One checking thread keeps about two cores busy: V8 compiles hot functions (TurboFan) and collects
//   garbage on helper threads, and each thread's V8 does that on its own (warm-up is not shared). So
//   by default there is one thread per two cores (none extra on a 2-core machine: measured there,
//   two threads take longer than one), and only for many files. `--jobs N` asks for N threads.
// - The workers start before the files are read, so that their start overlaps the reading.
// - Every thread (the main thread too) builds the same environment from the same workspace: the
//   card files' definitions are parsed again on each thread (cheaper than sending them).
// - Files are handed out in small runs from a shared counter (Atomics), so a faster thread takes more.
// - A worker sends back each file's piece of the report (strings and counts, see check.ts); the main
//   thread puts the report together in file order, so the output is the same bytes as `--jobs 1`.
// - A worker that cannot start, fails or dies leaves its files to the main thread, which checks
//   whatever is missing at the end (in file order, so an internal error is the one `--jobs 1` meets).
import * as fs from 'fs';
import * as os from 'os';
import { generatedLibrary } from '../core';
import { installGeneratedLibrary } from '../host/generated-cards';
import { isMainThread, parentPort, Worker, workerData } from 'worker_threads';
import { environment, FilePiece, Input, makeChecker, ReportSettings, Workspace } from './check';

/** Below this many files, `check` stays on one thread: starting a worker costs more than it saves. */
export const PARALLEL_MIN_FILES = 100;
/** Each thread needs about this many files to pay for its start (its own V8 warms up from cold). */
export const FILES_PER_THREAD = 50;
/** Cores that one checking thread keeps busy (its V8 compiler and garbage collector threads included). */
export const CORES_PER_THREAD = 2;

/** For tests: the main thread may leave every file to the workers (so that they surely check some). */
export const parallelTuning = { mainThreadChecks: true };
/** For tests: what the last parallel check did. */
export const lastParallelCheck = { threads: 0, filesByWorkers: 0 };

const MARK = 'segoc.checkWorker';

/** What a worker is started with. */
interface WorkerStart {
  [MARK]: 1;
  /** This worker's number (1, 2, ...): its slot in Job.shared. */
  slot: number;
}

/** What a worker is then sent: the files and how to report them. */
interface Job {
  inputs: Input[];
  settings: ReportSettings;
  workspace: Workspace;
  /** [0]: the next file to hand out; [slot]: that worker's state (0 starting, 1 checking, -1 not needed). */
  shared: Int32Array;
  /** Files handed out at once. */
  run: number;
}

type WorkerMessage = { start: number; pieces: Array<FilePiece | null> } | { done: true };

/** How many threads check `files` files when at most `jobs` may (default: one per CORES_PER_THREAD cores). */
export function threadsFor(files: number, jobs: number | undefined): number {
  const max = jobs ?? Math.floor(availableParallelism() / CORES_PER_THREAD);
  if (max <= 1 || files < PARALLEL_MIN_FILES) return 1;
  return Math.max(1, Math.min(max, Math.floor(files / FILES_PER_THREAD)));
}

function availableParallelism(): number {
  try {
    return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length || 1;
  } catch {
    return 1;
  }
}

/** Worker threads started for one `check`; the main thread works with them. */
export class CheckPool {
  private readonly workers: Worker[] = [];
  private readonly settled: Array<Promise<void>> = [];
  private readonly shared: Int32Array;
  private pieces: Array<FilePiece | undefined> = [];
  private byWorkers = 0;

  /** Starts `threads - 1` workers; undefined when none can start here (check on this thread). */
  static start(threads: number): CheckPool | undefined {
    // Only a script on disk can be a worker (not `node -e`, a REPL or a bundle of something else).
    if (threads <= 1 || typeof __filename !== 'string' || !fs.existsSync(__filename)) return undefined;
    const pool = new CheckPool(threads);
    return pool.workers.length ? pool : undefined;
  }

  private constructor(threads: number) {
    this.shared = new Int32Array(new SharedArrayBuffer(4 * threads));
    for (let slot = 1; slot < threads; slot++) {
      let worker: Worker;
      try {
        worker = new Worker(__filename, { workerData: { [MARK]: 1, slot } satisfies WorkerStart, name: 'segoc check' });
      } catch {
        break; // workers cannot start here: the main thread checks what they would have
      }
      this.workers.push(worker);
      this.settled.push(
        new Promise<void>((resolve) => {
          worker.on('message', (m: WorkerMessage) => {
            if ('done' in m) return resolve();
            m.pieces.forEach((p, j) => {
              if (!p) return;
              this.pieces[m.start + j] = p;
              this.byWorkers++;
            });
          });
          worker.on('error', () => resolve()); // its unfinished files are checked below
          worker.on('exit', () => resolve());
        }),
      );
    }
  }

  /** Stops the workers (a usage error while reading the files: nothing to check). */
  stop(): void {
    for (const w of this.workers) void w.terminate();
  }

  /** Checks the inputs on every thread, this one included; the pieces come back in input order. */
  async check(inputs: Input[], settings: ReportSettings, workspace: Workspace): Promise<FilePiece[]> {
    const n = inputs.length;
    const pieces = (this.pieces = new Array<FilePiece | undefined>(n));
    const shared = this.shared;
    const threads = this.workers.length + 1;
    // Small enough to balance the end, big enough to keep messages few.
    const run = Math.max(1, Math.min(4, Math.floor(n / (threads * 16))));
    const job: Job = { inputs, settings, workspace, shared, run };
    for (const w of this.workers) w.postMessage(job);
    let checker: ((t: Input) => FilePiece) | undefined;
    const check = (t: Input) => (checker ??= makeChecker(environment(workspace), settings))(t);
    const waiting: Array<Promise<void>> = [];
    if (parallelTuning.mainThreadChecks) {
      for (;;) {
        const start = Atomics.add(shared, 0, run);
        if (start >= n) break;
        for (let i = start; i < Math.min(start + run, n); i++) pieces[i] = check(inputs[i]);
      }
      // A worker still starting is not needed any more: stop it rather than wait for it.
      this.workers.forEach((w, j) => {
        if (Atomics.compareExchange(shared, j + 1, 0, -1) === 0) void w.terminate();
        else waiting.push(this.settled[j]);
      });
    } else waiting.push(...this.settled);
    await Promise.all(waiting);
    lastParallelCheck.threads = threads;
    lastParallelCheck.filesByWorkers = this.byWorkers;
    // What no worker delivered (it could not start, failed or died): checked here, in file order.
    for (let i = 0; i < n; i++) if (!pieces[i]) pieces[i] = check(inputs[i]);
    return pieces as FilePiece[];
  }
}

function workerMain(slot: number): void {
  const port = parentPort!;
  // The worker may be this module alone (not the bundle, whose cli/main.ts installs it): the same library.
  if (!generatedLibrary()) installGeneratedLibrary((message) => process.stderr.write(`${message}\n`));
  // One job per worker; once it is done nothing listens, and the worker ends.
  port.once('message', (job: Job) => {
    const { inputs, shared, run } = job;
    const n = inputs.length;
    // Started too late to help: do not parse the workspace for nothing.
    if (Atomics.load(shared, 0) >= n || Atomics.load(shared, slot) !== 0) return;
    const check = makeChecker(environment(job.workspace), job.settings);
    // From here on the main thread waits for this worker (unless it no longer needs it).
    if (Atomics.compareExchange(shared, slot, 0, 1) !== 0) return;
    for (;;) {
      const start = Atomics.add(shared, 0, run);
      if (start >= n) break;
      const pieces: Array<FilePiece | null> = [];
      for (let i = start; i < Math.min(start + run, n); i++) {
        try {
          pieces.push(check(inputs[i]));
        } catch {
          pieces.push(null); // the main thread checks it again and reports the error as --jobs 1 would
        }
      }
      port.postMessage({ start, pieces } satisfies WorkerMessage);
    }
    port.postMessage({ done: true } satisfies WorkerMessage);
  });
}

if (!isMainThread && (workerData as Partial<WorkerStart> | null)?.[MARK] === 1) workerMain((workerData as WorkerStart).slot);
