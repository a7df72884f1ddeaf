// An analysis reused as `previous` must not keep its own `previous` reachable: the language server keeps only
// the latest analysis of a document, and each edit makes a new one from it. If an analysis (or the entries it
// copies from the previous one) held on to the version before, every edit would keep its whole chain of
// ancestors alive and the server's memory would grow with each keystroke (docs/performance.md, server memory
// over edits). Not timed: a WeakRef to the first analysis must be cleared by a full collection after 20 edits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import * as vm from 'vm';
import { analyze, Analysis } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';

/** A full garbage collection, whether or not this process was started with --expose-gc. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Waits a turn of the event loop: WeakRef targets are kept alive until the end of the job that read them. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('an analysis chain over edits does not keep earlier versions reachable', async () => {
  const sample = listFiles(path.join(repoRoot(), 'samples'), '.segoc')
    .map((f) => fs.readFileSync(f, 'utf8'))
    .sort((a, b) => b.length - a.length)[0];
  const lines = sample.split('\n');
  let latest: Analysis = analyze(sample);
  const inScenario = (line: number) => latest.scenarios.find((s) => s.range.start.line <= line && line <= s.range.end.line);
  const edited = lines.findIndex((l, line) => l.includes('"') && inScenario(line));
  assert.ok(edited >= 0, 'the sample has a quoted card name in a scenario');
  const first = new WeakRef(latest);
  // The scenario being edited: unchanged scenarios are shared with later analyses by design, this one is re-checked.
  const firstEdited = new WeakRef(inScenario(edited)!);
  for (let i = 1; i <= 20; i++) {
    // Type a letter into the card name and delete it again, as the benchmark's keystrokes do.
    const text = i % 2 === 1 ? [...lines.slice(0, edited), lines[edited].replace('"', '"x'), ...lines.slice(edited + 1)].join('\n') : sample;
    latest = analyze(text, { previous: latest });
  }
  await nextTurn();
  collectGarbage();
  assert.equal(first.deref(), undefined, 'the first analysis is still reachable from the twentieth');
  assert.equal(firstEdited.deref(), undefined, "the first version's result of the edited scenario is still reachable");
  assert.ok(latest.scenarios.length > 0);
});
