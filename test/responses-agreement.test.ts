// Who can act (issue 30) agrees with the engine at every point of every sample: each answer is checked by writing
// that response into the file as the next link (a new chain after an action or a resolved chain, the next link after
// a link), analysing the file as a user's edit would be analysed, and reading the verdict the engine gives that link.
// The answer is `no` exactly when the engine reports an error on the link (with the same rule codes), `unknown` when
// the link rests on a card fact the library lacks, `if-assumed` when it is legal only on an assumed event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, documentPoints, POINT_KINDS, responsesAt, ResponseAnswer } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';
import './generated-cards';

const root = repoRoot();
const files = listFiles(path.join(root, 'samples'), '.segoc');

/** The file with scenario `sc`'s text cut after `afterLine` and `write` added there; the other scenarios left out. */
function written(lines: string[], ranges: Array<{ start: number; end: number }>, sc: number, afterLine: number, write: string[]): { text: string; line: number } {
  const out: string[] = [];
  let line = -1;
  for (let i = 0; i < lines.length; i++) {
    const owner = ranges.findIndex((r) => r.start <= i && i <= r.end);
    if (owner === -1) out.push(lines[i]);
    else if (owner === sc && i <= afterLine) {
      out.push(lines[i]);
      if (i === afterLine) {
        out.push(...write);
        line = out.length - write.length + (write[0].trim() === 'chain' ? 1 : 0);
      }
    } else out.push('');
  }
  return { text: out.join('\n'), line };
}

let checked = 0;
for (const file of files) {
  const rel = path.relative(root, file);
  test(`who can act agrees with the engine: ${rel}`, () => {
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split(/\r?\n/);
    const a = analyze(text, { uri: file });
    const ranges = a.file.scenarios.map((s) => ({ start: s.range.start.line, end: s.range.end.line }));
    for (const point of documentPoints(a, lines)) {
      const kind = POINT_KINDS[point.kind];
      const answer = responsesAt(a, lines, point);
      if (kind.writeAs === 'none') {
        assert.ok(answer.players.every((p) => p.options.length === 0), `${rel}:${point.range.start.line + 1}: nothing can be written while a chain resolves`);
        continue;
      }
      const sc = a.file.scenarios[point.scenario - 1];
      const indent = /^\s*/.exec(lines[kind.writeAs === 'new-chain' ? sc.items[0].range.start.line : point.range.start.line])![0];
      for (const p of answer.players) {
        for (const o of p.options) {
          // The link, then the Trigger Effects that must still be placed in the batch (answer.ts verdict), as written there.
          const links = o.written.map((l) => `${indent}${kind.writeAs === 'new-chain' ? '  ' : ''}${l.trimStart()}`);
          const write = kind.writeAs === 'new-chain' ? [`${indent}chain`, ...links] : links;
          const w = written(lines, ranges, point.scenario - 1, point.afterLine, write);
          const b = analyze(w.text, { uri: file });
          const where = `${rel}:${point.range.start.line + 1} (${answer.label}): ${o.link}`;
          const language = b.diagnostics.filter((d) => d.severity === 'error' && d.range.start.line === w.line && !d.rule);
          assert.deepEqual(language.map((d) => d.message), [], `${where}: the written link reads`);
          const result = b.scenarios.find((s) => s.range.start.line === ranges[point.scenario - 1].start)!;
          const chain = result.chains[result.chains.length - 1];
          const l = chain.links[answer.nextLink - 1];
          assert.equal(l.range.start.line, w.line, `${where}: the written link is the one read`);
          // At a Summon's moment a probe of an effect that does not negate it has a negation written above it (so the
          // engine puts the chain at that moment, answer.ts): what that device says of the probe is not counted.
          const device = kind.atSummonMoment && o.written.length > 1;
          // A negation of a Summon written after it is read by the engine at the Summon's moment (the point before):
          // the answer here is `no` (R52), and the engine must read it there.
          if (o.readAtSummonMoment) {
            const answered = l.answered;
            assert.ok(answered.kind === 'event' && answered.event.kind === 'summon' && answered.event.attempt, `${where}: read at the Summon's moment`);
            assert.deepEqual([o.answer, o.reasons.map((r) => r.rule)], ['no', ['R52']], where);
            checked++;
            continue;
          }
          const errors = result.diagnostics.filter((d) => d.severity === 'error' && d.chain === chain.index && (d.link === answer.nextLink || (!device && d.related?.some((r) => r.link === answer.nextLink))));
          const engine: ResponseAnswer = errors.length ? 'no' : l.unknownFacts.length ? 'unknown' : l.eventAssumed ? 'if-assumed' : 'yes';
          assert.equal(o.answer, engine, `${where}: ${errors.map((d) => d.message).join('; ')}`);
          if (engine === 'no') assert.deepEqual([...new Set(o.reasons.map((r) => r.code))].sort(), [...new Set(errors.map((d) => d.code))].sort(), where);
          checked++;
        }
      }
    }
  });
}

test('the agreement covers the samples', () => {
  assert.ok(checked > 1000, `${checked} answers checked`);
});
