// The workspace index (server) and the CLI read other files' card definitions by parsing only the
// lines that can hold them; that must give the same definitions as a full parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { parse, parseCardDefinitions } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';

const root = repoRoot();

const summary = (defs: ReturnType<typeof parseCardDefinitions>) =>
  defs.map((d) => ({ name: d.name.text, type: d.cardType.text, line: d.range.start.line, effects: d.effects.map((e) => e.line.tokens.map((t) => t.text).join(' ')), aliases: d.aliases.length }));

test('parseCardDefinitions equals the cards of a full parse (samples, library, fixtures)', () => {
  const files = [...listFiles(path.join(root, 'samples'), '.segoc'), ...listFiles(path.join(root, 'server', 'cards'), '.segoc')];
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    assert.deepEqual(summary(parseCardDefinitions(text)), summary(parse(text).file.cards), path.relative(root, f));
  }
});

test('parseCardDefinitions keeps continued effect lines and ignores scenario lines that look alike', () => {
  const text = 'scenario "x"\n  players Yugi, Kaiba\n  Yugi field: "Sangan",\n    "Peten the Dark Clown"\ncard "A": effect monster\n  trigger optional when summoned,\n    targets 1 monster on the field\n';
  const defs = parseCardDefinitions(text);
  assert.equal(defs.length, 1);
  assert.equal(defs[0].effects[0].modifiers.length, 1);
  assert.equal(defs[0].range.start.line, 4);
});

test('parseCardDefinitions keeps the continuation of a card line whose name holds a `#`', () => {
  const text = 'card "Number #39: Utopia": effect monster (warrior, light,\n    level 4, atk 2500, def 2000)\n';
  assert.deepEqual(summary(parseCardDefinitions(text)), summary(parse(text).file.cards));
  assert.equal(parseCardDefinitions(text)[0].range.end.line, 1);
});
