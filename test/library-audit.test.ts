// The library audit (docs/cards.md): every curated card's effect lines agree with the facts the text
// inference reads in its official text, or the difference is explained next to the card in its library
// file (`# audit: <key>: <reason>`). The facts read in the texts are test/fixtures/library-audit.json,
// written by `npm run cards:audit -- --texts DIR --write` (the texts themselves are not in the
// repository); this test reads only the committed files.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { auditDifferences, auditExplanations, AuditedEffect, cardFacts, CardInfo, curatedLibrary } from '../server/src/core/internal';

const ROOT = path.resolve(__dirname, '../..');
const fixture: Record<string, { passcode: number; effects: AuditedEffect[] }> = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/library-audit.json'), 'utf8'));
const LIBRARY = path.join(ROOT, 'server/cards');
const explanations = new Map<string, Map<string, string>>();
for (const f of fs.readdirSync(LIBRARY).filter((n) => n.endsWith('.segoc'))) {
  for (const [card, reasons] of auditExplanations(fs.readFileSync(path.join(LIBRARY, f), 'utf8'))) explanations.set(card, reasons);
}

function curatedCards(): CardInfo[] {
  return [...new Set(curatedLibrary().names().map((n) => curatedLibrary().get(n.cardKey)!))];
}

test('library audit: every curated card has the facts read in its official text', () => {
  const missing = curatedCards()
    .map((c) => c.name)
    .filter((n) => !fixture[n]);
  assert.deepEqual(missing, [], 'run `npm run cards:audit -- --texts DIR --write` after adding a card');
});

test('library audit: every curated card agrees with its official text, or the difference is explained next to it', (t) => {
  const unexplained: string[] = [];
  const stale: string[] = [];
  const explained: string[] = [];
  for (const card of curatedCards()) {
    const read = fixture[card.name];
    if (!read) continue;
    const reasons = explanations.get(card.name) ?? new Map<string, string>();
    const found = auditDifferences(cardFacts(card), read.effects);
    for (const d of found) {
      const line = `"${card.name}" ${d.key}: the library says ${d.curated}, the text reads ${d.inferred}`;
      const reason = reasons.get(d.key);
      if (reason) explained.push(`${line} — ${reason}`);
      else unexplained.push(line);
    }
    for (const key of reasons.keys()) if (!found.some((d) => d.key === key)) stale.push(`"${card.name}" ${key}: explained, but the card and its text agree (remove the audit comment)`);
  }
  t.diagnostic(`${explained.length} explained difference(s):\n${explained.join('\n')}`);
  assert.deepEqual(unexplained, [], 'fix the library line, or explain the difference with `# audit: <key>: <reason>` next to the card');
  assert.deepEqual(stale, []);
});

test('library audit: the facts file holds facts, never card text', () => {
  const text = JSON.stringify(fixture);
  // Facts are short phrases of the vocabulary; a sentence of card text would be long and end in a period.
  for (const [name, entry] of Object.entries(fixture)) {
    for (const e of entry.effects) for (const v of Object.values(e)) assert.ok(v.length < 120 && !/\.\s/.test(v), `${name}: ${v}`);
  }
  assert.ok(text.length < 60_000);
});
