// Preview security: scenarios whose titles, sources, card names, player names and messages hold
// <script>, <img onerror>, </style>, javascript: links and CSS injection are rendered by the real
// preview code (core analyze -> client/src/preview/model.ts -> html.ts) and loaded in headless
// Chromium with the real CSP meta tag. No request may leave the page, no injected script may run
// (window.__pwned stays undefined), and the page's own nonce'd script must still run (it posts
// 'ready' to the stubbed VS Code API). Messages from the webview are validated by
// parseWebviewMessage (model.ts) before panel.ts uses them: fuzzed here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { analyze } from '../../server/src/core/internal';
import { preview } from '../../server/src/lsp/preview';
import { buildViewModel, parseWebviewMessage, PreviewResult, previewStateUri } from '../../client/src/preview/model';
import { contentSecurityPolicy, renderMessageHtml, renderPreviewHtml } from '../../client/src/preview/html';
import { PREVIEW_ASSETS } from '../preview/assets';
import { repoRoot } from '../helpers';

// What `webview.cspSource` is in current VS Code (an older form, https://file+.vscode-resource..., is an
// invalid CSP host for Chromium: it ignores it, which only makes the policy stricter).
const CSP_SOURCE = "'self' https://*.vscode-cdn.net";
const ORIGIN = 'https://segoc-preview.test';
const CHROMIUM = process.env.SEGOC_CHROMIUM ?? '/usr/bin/chromium';

/** Payloads: each tries to run `window.__pwned = …` or to fetch something. */
const XSS = [
  '<script>window.__pwned="script"</script>',
  '<img src=x onerror="window.__pwned=\'img\'">',
  '</style><script>window.__pwned="style-break"</script><style>',
  '</title><script>window.__pwned="title-break"</script>',
  '<a href="javascript:window.__pwned=\'link\'">click</a>',
  'javascript:window.__pwned="bare"',
  '<svg onload="window.__pwned=\'svg\'"></svg>',
  '<iframe src="javascript:window.__pwned=\'iframe\'"></iframe>',
  '</style><style>body{background:url(https://evil.example/css.png)}</style>',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '"><img src=https://evil.example/attr.png>',
  "'><img src=https://evil.example/sq.png>",
  '{{constructor.constructor("window.__pwned=1")()}}',
  '<base href="https://evil.example/">',
  '<object data="https://evil.example/o"></object>',
  '\u2028<script>window.__pwned="ls"</script>',
  '&lt;script&gt;window.__pwned="entity"&lt;/script&gt;',
];

/** A name safe to put between double quotes in a .segoc file (the lexer reads \" as a quote). */
function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function hostileText(): string {
  const lines: string[] = [];
  XSS.forEach((x, i) => {
    lines.push(`card ${q(`Card ${i} ${x}`)}: effect monster (beast, earth, level 4)`, '  trigger optional when summoned');
  });
  XSS.forEach((x, i) => {
    lines.push(
      '',
      `scenario ${q(`T${i} ${x}`)}`,
      `  source ${q(`S${i} ${x} url(javascript:alert(1)) expression(alert(1))`)}`,
      '  rules tcg',
      '  players Yugi, Kaiba',
      '  turn Yugi',
      `  Yugi field: ${q(`Card ${i} ${x}`)}, ${q(`Unknown ${x}`)}`,
      '  chain',
      `    1 Yugi ${q(`Card ${i} ${x}`)} -> destroy ${q(`Gone ${x}`)}`,
      `    2 Kaiba ${q(`Unknown ${x}`)}`,
      `    1 ${x.replace(/\s/g, '')} "Sangan"`,
      `  ${x}`,
      `  expect illegal ${x.replace(/\s/g, '')} at 1`,
    );
  });
  return lines.join('\n') + '\n';
}

function previewHtml(text: string, uri: string): string {
  const a = analyze(text, { uri });
  const result: PreviewResult = JSON.parse(JSON.stringify(preview(a, uri, 1)));
  return renderPreviewHtml(buildViewModel(result), { cspSource: CSP_SOURCE, assets: PREVIEW_ASSETS });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

interface Loaded {
  pwned: unknown;
  messages: Any[];
  /** Requests that left the page (reached the network layer; here: the route that aborts them). */
  requests: string[];
  /** Every load the page attempted, with how it ended (`csp`: blocked by the policy before leaving). */
  attempts: string[];
  consoleMessages: string[];
  dom: { tags: string[]; eventAttributes: string[]; urlAttributes: string[]; text: string; scripts: number; csp: string | null };
}

describe('preview security in headless Chromium', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let browser: any;
  let skipReason: string | undefined;

  before(async () => {
    if (!fs.existsSync(CHROMIUM)) {
      skipReason = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set SEGOC_CHROMIUM)`;
      return;
    }
    let playwright: Any;
    try {
      playwright = require('playwright-core');
    } catch {
      skipReason = 'playwright-core is not installed';
      return;
    }
    browser = await playwright.chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  after(async () => {
    await browser?.close();
  });

  /** Serves `html` at ORIGIN/index.html; every other request is recorded and aborted. */
  async function load(html: string, act?: (page: Any) => Promise<void>): Promise<Loaded> {
    const context = await browser.newContext({ javaScriptEnabled: true, offline: false });
    const page = await context.newPage();
    const requests: string[] = [];
    const attempts: string[] = [];
    const consoleMessages: string[] = [];
    page.on('console', (m: Any) => consoleMessages.push(m.text()));
    page.on('requestfailed', (r: Any) => attempts.push(`${r.url()} (${r.failure()?.errorText ?? 'failed'})`));
    page.on('requestfinished', (r: Any) => {
      if (r.url() !== `${ORIGIN}/index.html`) attempts.push(`${r.url()} (loaded)`);
    });
    page.on('websocket', (w: Any) => requests.push(`websocket ${w.url()}`));
    await context.route('**/*', (route: Any) => {
      const url = route.request().url();
      if (url === `${ORIGIN}/index.html`) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      requests.push(url);
      return route.abort();
    });
    await page.addInitScript(() => {
      const w = globalThis as Any;
      w.__messages = [];
      w.acquireVsCodeApi = () => ({
        postMessage: (m: unknown) => w.__messages.push(m),
        getState: () => undefined,
        setState: (s: unknown) => (w.__state = s),
      });
    });
    await page.goto(`${ORIGIN}/index.html`, { waitUntil: 'load' });
    await page.waitForTimeout(150);
    if (act) await act(page);
    const result = await page.evaluate(() => {
      // Runs in the page (no DOM types in this project's TypeScript lib: everything is `any`).
      const w = globalThis as Any;
      const d = w.document;
      const all: Any[] = [...d.querySelectorAll('*')];
      const eventAttributes: string[] = [];
      const urlAttributes: string[] = [];
      for (const el of all) {
        for (const a of [...el.attributes] as Any[]) {
          if (/^on/i.test(a.name)) eventAttributes.push(`${el.tagName}.${a.name}`);
          if (/^(href|src|srcset|action|formaction|data|xlink:href|background|poster)$/i.test(a.name)) urlAttributes.push(`${el.tagName}.${a.name}=${a.value}`);
        }
      }
      return {
        pwned: w.__pwned,
        messages: w.__messages,
        dom: {
          tags: [...new Set(all.map((e) => String(e.tagName).toLowerCase()))].sort(),
          eventAttributes,
          urlAttributes,
          text: String(d.body.textContent ?? ''),
          scripts: d.querySelectorAll('script').length as number,
          csp: (d.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null) as string | null,
        },
      };
    });
    await context.close();
    return { ...result, requests, attempts, consoleMessages };
  }

  test('hostile titles, sources, card names, players and messages: no script runs, no request leaves, the nonce script runs', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const text = hostileText();
    const uri = 'file:///work/"><script>window.__pwned="uri"</script>.segoc';
    const html = previewHtml(text, uri);
    // Sanity: the payloads reached the HTML (escaped), and the model saw the scenarios.
    assert.ok(html.includes('&lt;script&gt;window.__pwned=&quot;script&quot;&lt;/script&gt;'), 'the payload is in the page, escaped');
    const loaded = await load(html);
    assert.equal(loaded.pwned, undefined, `an injected script ran: ${String(loaded.pwned)}`);
    assert.deepEqual(loaded.requests, [], 'requests left the page');
    assert.deepEqual(loaded.attempts, [], 'the page even tried to load something');
    assert.ok(loaded.messages.some((m) => m && m.type === 'ready'), `the page's own nonce script did not run (messages: ${JSON.stringify(loaded.messages)})`);
    assert.equal(loaded.dom.scripts, 1, 'exactly one script element: the nonce one');
    assert.deepEqual(loaded.dom.eventAttributes, [], 'event handler attributes in the DOM');
    assert.deepEqual(loaded.dom.urlAttributes, [], 'URL attributes in the DOM');
    const injected = loaded.dom.tags.filter((x) => ['img', 'svg', 'iframe', 'a', 'link', 'object', 'base', 'embed', 'form', 'input'].includes(x));
    assert.deepEqual(injected, [], 'injected elements');
    for (const x of ['<script>window.__pwned="script"</script>', '<img src=x onerror=', 'javascript:window.__pwned']) {
      assert.ok(loaded.dom.text.includes(x), `the payload ${x} is shown as text`);
    }
    assert.equal(loaded.dom.csp, contentSecurityPolicy(CSP_SOURCE, /'nonce-([0-9a-f]+)'/.exec(loaded.dom.csp ?? '')?.[1] ?? ''), 'the real CSP meta tag is in force');
    t.diagnostic(`${XSS.length} payloads × (title, source, card names, players, statements, messages); ${html.length} bytes of HTML; ${loaded.consoleMessages.length} console messages`);
  });

  test('the CSP itself blocks an inline script and a remote image added at run time', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const html = renderMessageHtml('Checking…', 'waiting', 'file:///x.segoc', { cspSource: CSP_SOURCE, assets: PREVIEW_ASSETS });
    const loaded = await load(html, async (page) => {
      await page.evaluate(() => {
        const d = (globalThis as Any).document;
        const s = d.createElement('script');
        s.textContent = 'window.__pwned = "inline"';
        d.body.appendChild(s);
        const img = d.createElement('img');
        img.src = 'https://evil.example/runtime.png';
        d.body.appendChild(img);
        const st = d.createElement('style');
        st.textContent = 'body { background: url(https://evil.example/bg.png) }';
        d.head.appendChild(st);
      });
      await page.waitForTimeout(150);
    });
    assert.equal(loaded.pwned, undefined, 'an inline script without the nonce ran: the CSP is not in force');
    assert.deepEqual(loaded.requests, [], 'the CSP let a request out');
    assert.ok(loaded.attempts.length >= 1 && loaded.attempts.every((a) => /\(csp\)$/.test(a)), `blocked by the CSP: ${loaded.attempts.join(', ')}`);
    assert.ok(loaded.messages.some((m) => m && m.type === 'ready'));
    assert.ok(loaded.consoleMessages.some((m) => /Content Security Policy/i.test(m)), 'Chromium reported the CSP violations');
  });

  test('the page script only posts validated messages: reveal with an integer line, highlight ignores junk', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const html = previewHtml(fs.readFileSync(path.join(repoRoot(), 'samples', 'seeds', 's2-chain-pt.segoc'), 'utf8'), 'file:///s2.segoc');
    const loaded = await load(html, async (page) => {
      await page.evaluate(() => {
        for (const m of [{ type: 'highlightLine', line: '<img src=x onerror=window.__pwned=1>' }, { type: 'highlightLine', line: 1e300 }, null, 'x', { type: 'eval', code: 'window.__pwned=1' }]) {
          (globalThis as Any).postMessage(m, '*');
        }
      });
      await page.click('.link[data-line]');
    });
    assert.equal(loaded.pwned, undefined);
    const reveals = loaded.messages.filter((m) => m && m.type === 'reveal');
    assert.ok(reveals.length >= 1, 'a click posts reveal');
    for (const m of reveals) {
      assert.deepEqual(Object.keys(m).sort(), ['line', 'type']);
      assert.ok(Number.isInteger(m.line) && m.line >= 0);
    }
    assert.deepEqual(loaded.requests, []);
  });
});

describe('messages from the webview are validated before use (model.ts parseWebviewMessage)', () => {
  test('panel.ts passes every webview message through parseWebviewMessage first', () => {
    const panel = fs.readFileSync(path.join(repoRoot(), 'client', 'src', 'preview', 'panel.ts'), 'utf8');
    assert.match(panel, /onDidReceiveMessage\(\(raw\) => void this\.onMessage\(raw\)\)/, 'messages go to onMessage');
    const body = /private async onMessage\(raw: unknown\)[^{]*\{([\s\S]*?)\n {2}\}/.exec(panel)?.[1] ?? '';
    assert.match(body, /const message = parseWebviewMessage\(raw, lineCount\)/, 'onMessage validates raw');
    assert.equal((body.match(/\braw\b/g) ?? []).length, 1, 'raw is used only to validate it');
  });

  test('known shapes only: ready, or reveal with an integer line inside the document', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }, 10), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'reveal', line: 3 }, 10), { type: 'reveal', line: 3 });
    for (const bad of [
      { type: 'reveal', line: 10 },
      { type: 'reveal', line: -1 },
      { type: 'reveal', line: 1.5 },
      { type: 'reveal', line: '3' },
      { type: 'reveal', line: NaN },
      { type: 'reveal', line: Infinity },
      { type: 'reveal' },
      { type: 'REVEAL', line: 1 },
      { type: 'command', command: 'workbench.action.terminal.new' },
      { type: ['reveal'], line: 1 },
      JSON.parse('{"__proto__": {"type": "reveal", "line": 1}}'),
      // (Inherited properties cannot arrive: webview messages are structured clones, own properties only.)
      [{ type: 'ready' }],
      null,
      undefined,
      'ready',
      42,
    ]) {
      assert.equal(parseWebviewMessage(bad, 10), undefined, `accepted ${JSON.stringify(bad)}`);
    }
  });

  test('fuzz: any value gives undefined or a clean known message (no extra properties, line in range)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }),
          fc.record({ type: fc.constantFrom('reveal', 'ready', 'highlightLine', 'x'), line: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)) }, { requiredKeys: [] }),
        ),
        fc.integer({ min: 0, max: 1000 }),
        (raw, lineCount) => {
          const m = parseWebviewMessage(raw, lineCount);
          if (m === undefined) return;
          if (m.type === 'ready') assert.deepEqual(Object.keys(m), ['type']);
          else {
            assert.equal(m.type, 'reveal');
            assert.deepEqual(Object.keys(m).sort(), ['line', 'type']);
            assert.ok(Number.isInteger(m.line) && m.line >= 0 && m.line < lineCount);
          }
          assert.notEqual(m, raw, 'a fresh object, not the raw message');
        },
      ),
      { numRuns: 3000, seed: 4242 },
    );
  });

  test('restored panel state: only a bounded URI string with a scheme is accepted', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true }), (state) => {
        const uri = previewStateUri(state);
        if (uri !== undefined) assert.ok(typeof uri === 'string' && uri.length <= 4096 && /^[a-z][a-z0-9+.-]*:/i.test(uri));
      }),
      { numRuns: 2000, seed: 4243 },
    );
    assert.equal(previewStateUri({ uri: 'x'.repeat(5000) }), undefined);
    assert.equal(previewStateUri({ uri: '../../etc/passwd' }), undefined);
  });
});
