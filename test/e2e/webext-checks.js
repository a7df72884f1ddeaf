#!/usr/bin/env node
// VS Code for the Web's extension in a real web extension host (issue 31): code-server 4.100.3 runs an
// extension in its browser extension host (a Web Worker) when the user setting `remote.extensionKind` makes it
// a "web" extension. The installed extension's Node entry (dist/client.js, dist/client-lsp.js, dist/server.js)
// is deleted, so only the `browser` entry can answer: the client in the web extension host, the server in a
// nested Web Worker, the card library fetched from the extension's files, `use` files read through the
// editor's file system. Step 3b of `npm run test:e2e` (test/e2e/run.js); also runs alone (after `npm run package`):
//
//   node test/e2e/webext-checks.js            # prints "N passed, N failed"; exit code 1 on a failure
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const cs = require('./codeserver');

const ROOT = cs.REPO_ROOT;
const VSIX = path.join(ROOT, 'dist', 'segoc.vsix');
const ILLEGAL = fs.readFileSync(path.join(__dirname, 'fixtures', 'illegal-order.segoc'), 'utf8');
const HOUND = 'card "Homebrew Hound": effect monster (beast, earth, level 4, atk 1800, def 1000)\n  trigger optional when this card is destroyed\n';
// A `use` file, a card of the generated library (Labrynth Cooclock) and one of the curated library.
const USES = [
  'use "lib/hound.segoc"',
  '',
  'scenario "Dark Hole: a homebrew card and a library card"',
  '  players Yugi, Kaiba',
  '  turn Yugi',
  '  Yugi field: "Homebrew Hound", "Labrynth Cooclock"',
  '  chain',
  '    1 Yugi "Dark Hole" -> destroy all monsters',
  '  chain',
  '    1 Yugi "Homebrew Hound"',
  '  expect legal',
  '',
].join('\n');

/** Runs the checks; `report(name, ok, detail)` records each result, `log(message)` prints progress. */
async function runWebExtensionChecks({ report: record, log }) {
  const results = [];
  const report = (name, ok, detail) => {
    results.push(ok);
    record(name, ok, detail);
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-e2e-webext-'));
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'illegal.segoc'), ILLEGAL);
  fs.writeFileSync(path.join(workspace, 'uses.segoc'), USES);
  fs.writeFileSync(path.join(workspace, 'lib', 'hound.segoc'), HOUND);
  const extensionsDir = path.join(tmp, 'extensions');
  cs.installExtension(VSIX, extensionsDir);
  const [installed] = fs.readdirSync(extensionsDir).filter((d) => d.startsWith('segoc.segoc-'));
  for (const f of ['client.js', 'client-lsp.js', 'server.js']) fs.rmSync(path.join(extensionsDir, installed, 'dist', f));

  const server = await cs.startCodeServer({
    workspace,
    userDataDir: path.join(tmp, 'user-data'),
    extensionsDir,
    settings: { 'remote.extensionKind': { 'segoc.segoc': ['web'] }, 'workbench.editor.enablePreview': false },
  });
  let browser;
  let page;
  const step = async (name, fn) => {
    const t = Date.now();
    try {
      const detail = await fn();
      report(name, true, `${detail ?? ''} (${((Date.now() - t) / 1000).toFixed(1)}s)`);
    } catch (e) {
      report(name, false, (e && e.message) || String(e));
      if (page) log(`screenshot ${path.relative(ROOT, await cs.screenshot(page, `webext-failure-${results.length}`))}`);
    }
  };
  try {
    browser = await cs.launchBrowser();
    page = await cs.newPage(browser);
    const workerErrors = [];
    page.on('console', (m) => m.type() === 'error' && /segoc|worker/i.test(m.text()) && workerErrors.push(m.text()));
    if (process.env.SEGOC_E2E_DEBUG) page.on('console', (m) => log(`console.${m.type()}: ${m.text().slice(0, 400)}`));
    await cs.openWorkbench(page, server.url, workspace);

    await step('an illegal chain: the segoc-order error in the Problems panel (server in a Web Worker)', async () => {
      await cs.openFile(page, 'illegal.segoc');
      const rows = await cs.problems(page, { minRows: 1, timeout: 60000 });
      const markers = rows.filter((r) => r.kind === 'marker');
      if (markers.length !== 1 || !/segoc-order/.test(markers[0].text) || !/R11/.test(markers[0].text)) throw new Error(JSON.stringify(rows));
      const verdict = await cs.statusBarText(page, { contains: 'SEGOC:', match: /illegal/, timeout: 30000 });
      return `${markers[0].text.slice(0, 60)}…; status bar "${verdict}"`;
    });
    await step('a hover on a card name', async () => (await cs.hoverAt(page, 'Peten the Dark Clown', { occurrence: 1, expect: 'effect monster' })).split('\n')[0]);
    await step('"SEGOC: Show Resolved Chain" opens the preview webview', async () => {
      await cs.runCommand(page, 'SEGOC: Show Resolved Chain');
      const frame = await cs.webviewFrame(page, 'body.segoc-preview .steps .step');
      return `${(await frame.$$('body.segoc-preview .steps .step')).length} steps`;
    });
    await step('the quick fix "Reorder the chain into a legal order" makes the file legal', async () => {
      await cs.runCommand(page, 'View: Close All Editors');
      await cs.openFile(page, 'illegal.segoc');
      await cs.gotoLine(page, ILLEGAL.split('\n').findIndex((l) => l.includes('2 Yugi "Peten')) + 1, 5);
      await cs.codeActionTitles(page);
      await cs.pickCodeAction(page, 'Reorder the chain into a legal order');
      return cs.statusBarText(page, { contains: 'SEGOC:', match: /(?<!il)legal/, timeout: 30000 });
    });
    await step('completion offers card names of the generated library', async () => {
      await cs.gotoLine(page, 8, 1);
      await cs.typeText(page, '  Kaiba hand: "Labrynth Coo');
      const labels = await cs.suggestions(page, { min: 1 });
      if (!labels.some((l) => l.includes('Labrynth Cooclock'))) throw new Error(JSON.stringify(labels.slice(0, 10)));
      await page.keyboard.press('Escape');
      await cs.runCommand(page, 'File: Revert File');
      return labels.slice(0, 3).join(', ');
    });
    await step('a `use` file (read through the editor) and a generated library card: no problem', async () => {
      await cs.runCommand(page, 'View: Close All Editors');
      await cs.openFile(page, 'uses.segoc');
      // The verdict says the server checked the file (an empty Problems panel alone could be an early look).
      const verdict = await cs.statusBarText(page, { contains: 'SEGOC:', match: /as expected|(?<!il)legal/, timeout: 30000 });
      const markers = (await cs.problems(page)).filter((r) => r.kind === 'marker' && (r.file || '').endsWith('uses.segoc'));
      if (markers.length) throw new Error(JSON.stringify(markers.map((m) => m.text)));
      return `verdict "${verdict}", no problem`;
    });
    await step('"SEGOC: Restart Language Server" starts a new worker that checks again', async () => {
      await cs.runCommand(page, 'SEGOC: Restart Language Server');
      await cs.runCommand(page, 'View: Close All Editors');
      await cs.openFile(page, 'illegal.segoc');
      return cs.statusBarText(page, { contains: 'SEGOC:', match: /illegal/, timeout: 30000 });
    });
    if (workerErrors.length) report('no error in the browser console', false, workerErrors.slice(0, 3).join(' | '));
    if (results.includes(false)) {
      // The extension's output channel (the client's and the server's messages) says why.
      await cs.runCommand(page, 'SEGOC: Show Output').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1000));
      log(await page.$eval('.part.panel .view-lines', (e) => e.innerText).catch(() => '(no output panel)'));
    }
  } catch (e) {
    report('the web extension checks ran', false, (e && e.stack) || String(e));
    log(cs.tailFile(server.logPath));
  } finally {
    if (browser) await browser.close().catch(() => {});
    await server.stop();
    if (!process.env.SEGOC_E2E_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
  return results.filter((ok) => !ok).length;
}

if (require.main === module) {
  let passed = 0;
  const report = (name, ok, detail) => {
    if (ok) passed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  };
  runWebExtensionChecks({ report, log: (message) => console.log(message) }).then(
    (failed) => {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

module.exports = { runWebExtensionChecks };
