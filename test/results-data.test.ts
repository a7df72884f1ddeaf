// Results are data: collected triggers, what each link answers, what each link did and the
// leftovers are records, and the sentences beside them are made from those records (narrative.ts),
// so no consumer has to parse prose back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { actText, afterChainText, analyze, answerText, collectedText } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';

test('every sample chain: the sentences are the narrative of the records', () => {
  let acts = 0;
  let leftovers = 0;
  for (const file of listFiles(path.join(repoRoot(), 'samples'), '.segoc')) {
    for (const sc of analyze(fs.readFileSync(file, 'utf8')).scenarios) {
      for (const c of sc.chains) {
        assert.deepEqual(c.collected, c.collectedTriggers.map(collectedText));
        assert.deepEqual(c.afterChain, afterChainText(c.leftovers));
        assert.deepEqual(c.resolution.slice(c.resolution.length - c.afterChain.length), c.afterChain);
        for (const l of c.links) {
          assert.equal(l.answers, answerText(l.answered));
          if (!l.resolution) continue;
          assert.deepEqual(l.resolution.did, l.resolution.acts.map(actText));
          acts += l.resolution.acts.length;
        }
        leftovers += c.leftovers.length;
      }
    }
  }
  assert.ok(acts > 100 && leftovers > 10, `the samples exercise the records (${acts} acts, ${leftovers} leftovers)`);
});

test('the records are plain data: a leftover, a negation and an answered event', () => {
  const a = analyze(`scenario "records"
  players Yugi, Kaiba
  turn Yugi
  Yugi field: "Sangan"
  chain
    1 Yugi "Dark Hole" -> destroy all monsters
`);
  const c = a.scenarios[0].chains[0];
  assert.deepEqual(c.leftovers, ['Dark Hole']);
  assert.deepEqual(c.links[0].resolution?.acts, [{ kind: 'destroys', cards: ['Sangan'] }]);
  assert.deepEqual(c.links[0].answered, { kind: 'open-state' });
  const next = a.scenarios[0];
  assert.equal(JSON.stringify(JSON.parse(JSON.stringify(next.chains))), JSON.stringify(next.chains), 'no class instances or cycles');
});
