// The playground's figures, in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core)
// from a local static server on a free port:
//   web.load.cold.100   navigation to the first diagnostics of a 100-line scenario opened from a share
//                       link, in a fresh browser context each run (empty HTTP cache, no service worker)
//   web.load.warm.100   the same in one context after a first visit (service worker cache, code cache)
//   web.keystroke.1k    one edit (a space added or removed at a line's end) to the diagnostics of that
//                       version shown in the editor, on a 1k-line scenario with the card library loaded
//   size.web            the site's files before the card library (everything but cards/), gzip -9
// Called by bench/run.js (`--only web`).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { buildWeb } = require('../../scripts/build-web');
const { startStaticServer } = require('../../scripts/lib/static-server');
const { summarize } = require('./stats');
const { Random } = require('./prng');

const CHROMIUM = process.env.SEGOC_CHROMIUM || '/usr/bin/chromium';

/** The share-link fragment of `text`, as the page makes it (deflate-raw, base64url). */
function fragmentOf(text) {
  return 's=' + zlib.deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
}

/** Milliseconds from navigation start to the first `segoc-checked` event of the page. */
async function loadToFirstDiagnostics(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const s = window.segocPlayground;
        if (s && s.checks > 0) resolve(window.__segocFirstCheck);
        else document.addEventListener('segoc-checked', () => resolve(performance.now()), { once: true });
      }),
  );
}

/** Records the time of the first check, should it come before the measuring script is attached. */
const FIRST_CHECK_SCRIPT = () => {
  document.addEventListener('segoc-checked', () => (window.__segocFirstCheck ??= performance.now()), { once: true });
};

function siteSize(site) {
  let bytes = 0;
  let gz = 0;
  const files = [];
  const walk = (dir, rel) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (r !== 'cards') walk(path.join(dir, e.name), r);
        continue;
      }
      const data = fs.readFileSync(path.join(dir, e.name));
      const z = zlib.gzipSync(data, { level: 9 }).length;
      bytes += data.length;
      gz += z;
      files.push(`${r} ${Math.round(z / 1024)}`);
    }
  };
  walk(site, '');
  return { bytes, gz, files };
}

const FIGURES = [
  ['web.load.cold.100', 'web', 'playground: load to first diagnostics, 100 lines, cold cache', 'ms'],
  ['web.load.warm.100', 'web', 'playground: load to first diagnostics, 100 lines, warm cache', 'ms'],
  ['web.keystroke.1k', 'web', 'playground: keystroke to diagnostics, 1k lines', 'ms'],
];

const figure = (i) => {
  const [id, group, name, unit] = FIGURES[i];
  return { id, group, name, unit };
};

async function runWeb({ out, cards, inputs, runs, warmup, edits }) {
  await buildWeb({ production: true, out, cards });
  const size = siteSize(out);
  const sizeFigure = { id: 'size.web', group: 'size', name: 'playground: dist/web/ without the card library, gzip -9', unit: 'KB', value: size.gz / 1024, bytes: size.gz, note: `${Math.round(size.bytes / 1024)} KB before gzip; KB gzipped: ${size.files.join(', ')}` };
  // Without a browser the times are n/a (the budgets say so), not a failed bench.
  if (!fs.existsSync(CHROMIUM)) {
    const na = `${CHROMIUM} not found: apt-get install chromium (scripts/e2e-setup.sh does)`;
    return [...FIGURES.map((_, i) => ({ ...figure(i), na })), sizeFigure];
  }
  const server = await startStaticServer(out);
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const figures = [];
  try {
    const text100 = fs.readFileSync(inputs['100'], 'utf8');
    const url100 = `${server.url}#${fragmentOf(text100)}`;

    const cold = [];
    for (let i = 0; i < warmup + runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(FIRST_CHECK_SCRIPT);
      const ms = await loadToFirstDiagnostics(page, url100);
      if (i >= warmup) cold.push(ms);
      await context.close();
    }
    figures.push({ ...figure(0), ...summarize(cold), note: 'share link; fresh context: no HTTP cache, no service worker' });

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(FIRST_CHECK_SCRIPT);
    await loadToFirstDiagnostics(page, url100);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const warm = [];
    for (let i = 0; i < warmup + runs; i++) {
      const ms = await loadToFirstDiagnostics(page, `${url100.replace('#', `?run=${i}#`)}`);
      if (i >= warmup) warm.push(ms);
    }
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    figures.push({ ...figure(1), ...summarize(warm), note: controlled ? 'served by the service worker' : 'no service worker (HTTP cache only)' });

    // Keystrokes on 1k lines, once the card library is in.
    const text1k = fs.readFileSync(inputs['1k'], 'utf8');
    await page.evaluate((t) => {
      const view = window.segocPlayground.view;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
    }, text1k);
    await page.waitForFunction(() => window.segocPlayground.library !== 'loading' && window.segocPlayground.checkedVersion === window.segocPlayground.version, null, { timeout: 60000 });
    const rng = new Random(31);
    const lines = text1k.split('\n').length;
    const times = [];
    for (let i = 0; i < edits + warmup * 5; i++) {
      const line = rng.int(1, lines - 1);
      const ms = await page.evaluate(
        (n) =>
          new Promise((resolve) => {
            const s = window.segocPlayground;
            const view = s.view;
            const l = view.state.doc.line(n);
            const trailing = l.text.endsWith(' ');
            const t0 = performance.now();
            const target = s.version + 1;
            const done = (e) => {
              if (e.detail !== target) return;
              document.removeEventListener('segoc-checked', done);
              const ms = performance.now() - t0;
              // The next edit after the chain view of this one is drawn, as a user's next keystroke.
              requestAnimationFrame(() => setTimeout(() => resolve(ms), 0));
            };
            document.addEventListener('segoc-checked', done);
            view.dispatch(trailing ? { changes: { from: l.to - 1, to: l.to } } : { changes: { from: l.to, insert: ' ' } });
          }),
        line,
      );
      if (i >= warmup * 5) times.push(ms);
    }
    const k = summarize(times);
    figures.push({ ...figure(2), ...k, note: `${times.length} edits, card library loaded` });
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  figures.push(sizeFigure);
  return figures;
}

module.exports = { runWeb };
