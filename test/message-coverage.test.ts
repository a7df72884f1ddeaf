// Every message variant of every rule module is produced by some sample (ESLint's RuleTester asks the same of each
// messageId): a wording, or the branch of a check that reports it, that no sample reaches would change or break
// unseen, since the golden files pin only what the samples produce. The builders are wrapped in counters and every
// file of samples/ is analysed as the golden test analyses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, analyzePage, pageKind, RULE_MODULES, ruleRegistry, RuleModule } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';
// samples/modern/ names cards only the generated library knows.
import './generated-cards';

const samplesDir = path.join(repoRoot(), 'samples');

/** How many diagnostics each message key (`module:key`) worded over every sample. */
function producedMessages(): Map<string, number> {
  const counts = new Map<string, number>();
  const counted = (m: RuleModule): RuleModule => {
    const messages: Record<string, (p: never) => string> = {};
    for (const [key, build] of Object.entries(m.messages)) {
      counts.set(`${m.name}:${key}`, 0);
      messages[key] = (p: never) => {
        counts.set(`${m.name}:${key}`, counts.get(`${m.name}:${key}`)! + 1);
        return build(p);
      };
    }
    return { ...m, messages };
  };
  const rules = ruleRegistry(RULE_MODULES.map(counted));
  for (const f of listFiles(samplesDir, '')) {
    const kind = pageKind(f);
    if (!f.endsWith('.segoc') && !kind) continue;
    const text = fs.readFileSync(f, 'utf8');
    if (kind) analyzePage(text, kind, { rules });
    else analyze(text, { rules });
  }
  return counts;
}

test('every message variant of every rule module is produced by a sample', () => {
  const counts = producedMessages();
  assert.ok(counts.size >= 39, `the rule modules word ${counts.size} messages`);
  const unproduced = [...counts].filter(([, n]) => n === 0).map(([key]) => key);
  assert.deepEqual(unproduced, [], 'add a legal and an illegal scenario to samples/rules/ that produce these');
});
