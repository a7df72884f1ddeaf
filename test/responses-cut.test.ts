// Who can act parses the scenario cut at a point once and each probe's link lines alone (core/responses/cut.ts):
// at every point of every sample, the scenario built from those two parses is the one the parser gives the whole
// text (the lexer's line objects aside: they are per parse), so a probe is judged on the same scenario as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, documentPoints, parse, POINT_KINDS } from '../server/src/core/internal';
import { CutScenario } from '../server/src/core/responses/cut';
import { listFiles, repoRoot } from './helpers';

const files = listFiles(path.join(repoRoot(), 'samples'), '.segoc');

/** The scenario as JSON without the lexer's line objects. */
const shape = (sc: unknown) => JSON.stringify(sc, (key, value) => (key === 'line' && typeof value === 'object' ? undefined : value));

test('a probe joined to the cut scenario is the scenario the whole text parses to, at every point of every sample', () => {
  let points = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split(/\r?\n/);
    const analysis = analyze(text, { uri: file });
    for (const point of documentPoints(analysis, lines)) {
      const kind = POINT_KINDS[point.kind];
      if (kind.writeAs === 'none') continue;
      const sc = analysis.file.scenarios[point.scenario - 1];
      const start = sc.range.start.line;
      const prefix = lines.slice(start, point.afterLine + 1).join('\n') + (kind.writeAs === 'new-chain' ? '\n  chain' : '');
      const next = kind.writeAs === 'next-link' ? (point.link ?? 0) + 1 : 1;
      // A link, and a trigger written after it (as a probe writes the triggers still to be placed).
      const written = [`    ${next} ${sc.items.length ? 'Yugi' : 'A'} "Sangan"`, `    ${next + 1} Kaiba "Sangan" effect 1`];
      const whole = parse(`${prefix}\n${written.join('\n')}`, start).file.scenarios[0];
      assert.equal(shape(new CutScenario(prefix, start).with(written)), shape(whole), `${path.basename(file)}: ${point.kind} after line ${point.afterLine + 1}`);
      points++;
    }
  }
  assert.ok(points > 500, `only ${points} points`);
});
