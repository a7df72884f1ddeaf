// The playground's checker worker (web/src/worker.ts) in Node: its messages, with `self` and `fetch`
// stood in for (the site's cards/ is dist/cards/). The same bundle runs in Chromium in test/e2e/web-checks.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { applyEdits, repoRoot } from './helpers';

const root = repoRoot();
type Message = { type: string; version?: number; id?: number; result?: unknown; diagnostics?: WebDiagnostic[]; library?: string };
type WebDiagnostic = { code: string; message: string; fixes: { title: string; edits: { range: never; newText: string }[] }[] };

const sent: Message[] = [];
const self = {
  location: { href: 'http://playground.test/worker.js' },
  postMessage: (m: Message) => sent.push(m),
  onmessage: null as null | ((e: { data: unknown }) => void),
};
(globalThis as unknown as { self: unknown }).self = self;
(globalThis as unknown as { fetch: unknown }).fetch = async (url: URL) => {
  const file = path.join(root, 'dist', 'cards', path.basename(url.pathname));
  return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : new Response('not found', { status: 404 });
};
// The worker's source, bundled as the site's build bundles it (for Node here: no alias needed).
const { loadTypeScript } = require(path.join(root, 'scripts', 'lib', 'load-ts.js'));
loadTypeScript('web/src/worker.ts');

const post = (data: unknown) => self.onmessage!({ data });
const until = async (f: () => Message | undefined): Promise<Message> => {
  for (let i = 0; i < 2000; i++) {
    const m = f();
    if (m) return m;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no answer from the worker');
};
const checkOf = (version: number, library?: string) => until(() => sent.find((m) => m.type === 'checked' && m.version === version && (!library || m.library === library)));
let nextId = 1;
const request = async (message: object): Promise<unknown> => {
  const id = nextId++;
  post({ ...message, id });
  return (await until(() => sent.find((m) => m.type === 'reply' && m.id === id))).result;
};

// The README's example (the page's default), its second chain put in a wrong order: Yugi's optional Peten (category
// 3) below Kaiba's mandatory Sangan (category 2). Lines: 13 `1 Yugi "Sangan"`, 15 `3 Kaiba "Sangan"`.
const README_EXAMPLE = /^```segoc\n([\s\S]*?)^```$/m.exec(fs.readFileSync(path.join(root, 'README.md'), 'utf8'))![1];
const ILLEGAL = README_EXAMPLE.replace('    2 Kaiba "Sangan"\n    3 Yugi "Peten the Dark Clown"', '    2 Yugi "Peten the Dark Clown"\n    3 Kaiba "Sangan"');
const TITLE = 'Dark Hole: Sangan and Peten on both sides';

test('a text is checked: the diagnostics with their rule and core\'s quick fixes, which make it legal', async () => {
  assert.notEqual(ILLEGAL, README_EXAMPLE);
  post({ type: 'text', version: 1, text: ILLEGAL });
  const checked = await checkOf(1);
  const order = checked.diagnostics!.find((d) => d.code === 'segoc-order');
  assert.ok(order, JSON.stringify(checked.diagnostics));
  const reorder = order.fixes.find((f) => /Reorder/.test(f.title));
  assert.ok(reorder);
  post({ type: 'text', version: 2, text: applyEdits(ILLEGAL, reorder.edits) });
  const fixed = await checkOf(2);
  assert.deepEqual(fixed.diagnostics!.filter((d) => d.code === 'segoc-order'), []);
});

test('the card library is fetched after the first check, then the text is checked again with it', async () => {
  const again = await checkOf(2, 'ready');
  assert.equal(again.library, 'ready');
  const items = (await request({ type: 'complete', position: { line: 15, character: 13 } })) as { label: string }[];
  post({ type: 'text', version: 3, text: ILLEGAL.replace('3 Kaiba "Sangan"', '3 Kaiba "Ash Blos') });
  const completed = (await request({ type: 'complete', position: { line: 15, character: 21 } })) as { label: string; insert: string }[];
  assert.ok(items.length > 0);
  assert.ok(completed.some((i) => /Ash Blossom/.test(i.insert)), JSON.stringify(completed.slice(0, 3)));
});

test('a hover or a request that comes before the scheduled check does not take that check\'s place', async () => {
  post({ type: 'text', version: 4, text: ILLEGAL });
  const hover = (await request({ type: 'hover', position: { line: 13, character: 13 } })) as { markdown: string };
  assert.match(hover.markdown, /Sangan/);
  assert.equal((await checkOf(4)).version, 4);
});

test('a burst of texts is checked once, for the last', async () => {
  const before = sent.filter((m) => m.type === 'checked').length;
  for (let v = 5; v <= 9; v++) post({ type: 'text', version: v, text: ILLEGAL + '#'.repeat(v) + '\n' });
  await checkOf(9);
  assert.deepEqual(sent.filter((m) => m.type === 'checked').slice(before).map((m) => m.version), [9]);
});

test('copy gives the page block and core\'s table; the preview DTO is of the latest version', async () => {
  const markdown = (await request({ type: 'copy', format: 'markdown' })) as string;
  assert.ok(markdown.startsWith(`\`\`\`segoc\nscenario "${TITLE}"`), markdown.slice(0, 80));
  assert.match(markdown, /\n\|.*\|/);
  const wikitext = (await request({ type: 'copy', format: 'wikitext' })) as string;
  assert.ok(wikitext.startsWith('<segoc>\n') && wikitext.includes('{|'), wikitext.slice(0, 80));
  const preview = (await request({ type: 'preview' })) as { version: number; preview: { scenarios: { title: string }[] } };
  assert.equal(preview.version, 9);
  assert.equal(preview.preview.scenarios[0].title, TITLE);
});

test('a message that is not of the protocol is dropped: a request among them is answered with null, and checking goes on', async () => {
  const warn = console.warn;
  const dropped: unknown[] = [];
  console.warn = (...args: unknown[]) => dropped.push(args[1]);
  try {
    const garbage = [null, undefined, 'text', 42, [], {}, { type: 'nope' }, { type: 'text', version: 1 }, { type: 'text', version: 'x', text: 'a' }, { type: 'text', version: 1, text: 7 }, { type: 'copy', format: 'html' }, { type: '__proto__' }];
    for (const g of garbage) post(g);
    assert.equal(await request({ type: 'hover' }), null);
    assert.equal(await request({ type: 'hover', position: { line: 'a', character: 0 } }), null);
    assert.equal(await request({ type: 'complete', position: null }), null);
    assert.equal(await request({ type: 'copy', format: '<b>' }), null);
    assert.equal(dropped.length, garbage.length + 4);
  } finally {
    console.warn = warn;
  }
  post({ type: 'text', version: 20, text: ILLEGAL });
  assert.ok((await checkOf(20)).diagnostics!.some((d) => d.code === 'segoc-order'));
});
