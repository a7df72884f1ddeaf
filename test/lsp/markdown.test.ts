// Wiki editors' pages in the editor: the segoc blocks fenced in an open Markdown file are checked,
// and the diagnostics land on the page's own lines (issue: wiki editors' workflow).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fileUri, LspClient, PUSH_CAPABILITIES } from './client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const PAGE = [
  '# SEGOC examples',
  '',
  'Some prose about Dark Hole, which is not a scenario.',
  '',
  '```segoc',
  'scenario "wrong order"',
  '  players Yugi, Kaiba',
  '  turn Yugi',
  '  Yugi field: "Sangan"',
  '  Kaiba field: "Sangan"',
  '  chain',
  '    1 Yugi "Dark Hole" -> destroy all monsters',
  '  chain',
  '    1 Kaiba "Sangan"',
  '    2 Yugi "Sangan"',
  '```',
  '',
].join('\n');

describe('language server: Markdown pages', () => {
  let client: LspClient;
  let dir: string;

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lsp-md-'));
    client = new LspClient();
    await client.initialize(PUSH_CAPABILITIES, dir);
  });

  after(() => {
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('diagnostics of a fenced block are published on the page line of the offending link', async () => {
    const u = fileUri(path.join(dir, 'page.md'));
    client.open(u, PAGE, 1, 'markdown');
    const p = await client.waitForNotification('textDocument/publishDiagnostics', (x: Any) => x.uri === u);
    const d = p.diagnostics.find((x: Any) => x.code === 'segoc-order');
    assert.ok(d, JSON.stringify(p.diagnostics));
    assert.equal(d.range.start.line, 13, 'CL1 Kaiba "Sangan" is on page line 14');
    assert.equal(d.range.start.character, 4);
    // Prose outside the blocks raises nothing.
    assert.ok(p.diagnostics.every((x: Any) => x.range.start.line >= 5 && x.range.start.line <= 15));
  });
});
