// The VS Code end-to-end checks: the packaged extension (dist/segoc.vsix) installed into code-server
// (VS Code 1.100 in the browser), driven in headless Chromium on real screens. Called by
// test/e2e/run.js; also runnable alone once the .vsix is built:
//
//   node test/e2e/vscode-checks.js            # prints "N passed, N failed"
//
// Workspace: a temporary copy of samples/ (as samples/) plus the fixtures of test/e2e/fixtures (as
// e2e/). A fresh user-data dir, workspace trust off. Screenshots go to test-results/vscode-*.png.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const cs = require('./codeserver');

const ROOT = cs.REPO_ROOT;
const VSIX = path.join(ROOT, 'dist', 'segoc.vsix');
const FIXTURES = path.join(__dirname, 'fixtures');
const DARK = 'Default Dark Modern';
const LIGHT = 'Default Light Modern';

const LEGAL_SAMPLE = 'samples/rules/R12-free-order.segoc'; // 8 scenarios, all `expect legal`
const ILLEGAL = 'e2e/illegal-order.segoc';
const ILLEGAL_LINE = 15; // `    2 Yugi "Peten the Dark Clown"` (1-based)
const LINK_HOVER = "CL2 — Yugi's optional trigger";
const COMPLETION = 'e2e/completion.segoc';
const COMPLETION_LINE = 17; // the empty line after the second chain's links
const PAGE = 'e2e/messy-page.md'; // prose, and an unformatted segoc block inside a list item
const CLI = path.join(ROOT, 'dist', 'cli.js');

/** A workspace folder: samples/ and the fixtures (e2e/). */
function makeWorkspace(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'samples'), path.join(dir, 'samples'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'e2e'));
  for (const f of fs.readdirSync(FIXTURES)) {
    if (f.endsWith('.segoc') || f.endsWith('.md')) fs.copyFileSync(path.join(FIXTURES, f), path.join(dir, 'e2e', f));
  }
  return dir;
}

/** Waits until the SEGOC status bar entry shows a verdict for the active file (the server answered). */
async function verdict(page, match = /SEGOC: /) {
  return cs.statusBarText(page, { contains: 'SEGOC:', match, timeout: 30000 });
}

/**
 * Runs an async check; a thrown error is a failure (then `onFail(name)` runs, e.g. a screenshot).
 * Resolves to true when the check passed.
 */
function makeRunner(report, onFail = async () => {}) {
  return async function step(name, fn) {
    const t = Date.now();
    try {
      const detail = await fn();
      report(name, true, `${detail === undefined ? '' : `${detail} `}(${((Date.now() - t) / 1000).toFixed(1)}s)`);
      return true;
    } catch (e) {
      report(name, false, (e && e.message) || String(e));
      await onFail(name).catch(() => {});
      return false;
    }
  };
}

/** Files under `dir` (recursively) whose path matches `re`. */
function findFiles(dir, re) {
  const out = [];
  const walk = (d) => {
    let entries = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (re.test(p)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

async function shot(page, name, log) {
  const file = await cs.screenshot(page, name);
  log(`screenshot ${path.relative(ROOT, file)}`);
  return file;
}

/**
 * Runs every VS Code check. `report(name, ok, detail)` records a result, `log(msg)` prints progress.
 * Options: { suite: true } also runs the @vscode/test-electron suite in code-server's extension host.
 * Returns { logPath } (the code-server log) for the caller to show on failure.
 */
async function runVscodeChecks({ report, log, suite = true }) {
  // Failure screenshots of an earlier run would mislead.
  if (fs.existsSync(cs.RESULTS_DIR)) {
    for (const f of fs.readdirSync(cs.RESULTS_DIR)) if (/^vscode-failure-\d+\.png$/.test(f)) fs.rmSync(path.join(cs.RESULTS_DIR, f));
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-e2e-vscode-'));
  const workspace = makeWorkspace(path.join(tmp, 'workspace'));
  const extensionsDir = path.join(tmp, 'extensions');
  let failed = false;
  let failures = 0;
  let page; // the workbench page, for failure screenshots
  const rep = report;
  report = (name, ok, detail) => {
    if (!ok) failed = true;
    rep(name, ok, detail);
  };
  const step = makeRunner(report, async () => {
    if (!page) return;
    const file = await cs.screenshot(page, `vscode-failure-${++failures}`);
    log(`failure screenshot ${path.relative(ROOT, file)}`);
    await page.keyboard.press('Escape').catch(() => {});
  });

  log('installing dist/segoc.vsix into code-server');
  let installed = false;
  await step('the .vsix installs into code-server', async () => {
    const out = cs.installExtension(VSIX, extensionsDir);
    const dirs = fs.readdirSync(extensionsDir).filter((d) => d.startsWith('segoc.segoc-'));
    assert(dirs.length === 1, `no segoc.segoc-* folder in the extensions dir (${fs.readdirSync(extensionsDir)}); CLI said: ${out}`);
    installed = true;
    return dirs[0];
  });
  if (!installed) return { logPath: null };

  log('starting code-server');
  let server;
  try {
    server = await cs.startCodeServer({
      workspace,
      userDataDir: path.join(tmp, 'user-data'),
      extensionsDir,
      settings: {
        'workbench.colorTheme': DARK,
        'editor.minimap.enabled': false,
        'editor.fontSize': 14,
        'workbench.editor.enablePreview': false,
        'breadcrumbs.enabled': true,
      },
    });
  } catch (e) {
    // The message carries the tail of the code-server log.
    report('code-server starts', false, (e && e.message) || String(e));
    log(`kept ${tmp}`);
    return { logPath: null };
  }
  let browser;
  try {
    log(`code-server at ${server.url}, log ${server.logPath}`);
    browser = await cs.launchBrowser();
    page = await cs.newPage(browser, { width: 1400, height: 860 });

    await step('the workbench opens the workspace', async () => {
      await cs.openWorkbench(page, server.url, workspace);
      return 'theme: Default Dark Modern';
    });

    // (1) A legal sample: no problems.
    await step(`(1) a legal sample (${LEGAL_SAMPLE}) shows no problem`, async () => {
      await cs.openFile(page, LEGAL_SAMPLE);
      const mode = await cs.languageMode(page);
      assert(mode === 'SEGOC scenario', `language mode is "${mode}", expected "SEGOC scenario"`);
      const v = await verdict(page);
      assert(/legal|as expected/.test(v) && !/illegal|unmet|invalid/.test(v), `status bar verdict "${v}"`);
      const rows = await cs.problems(page);
      const markers = rows.filter((r) => r.kind === 'marker');
      assert(markers.length === 0, `the Problems panel lists ${markers.length} problem(s): ${JSON.stringify(markers.map((r) => r.text))}`);
      const counts = await cs.problemCounts(page);
      assert(counts.errors === 0 && counts.warnings === 0 && counts.infos === 0, `status bar problem counts: ${counts.label}`);
      return `mode "${mode}", verdict "${v}", ${counts.label}`;
    });
    await shot(page, 'vscode-dark-legal', log);

    // (2) An illegal chain without an expect line: one segoc-order error on line 15.
    await step(`(2) an illegal chain (${ILLEGAL}) shows 1 segoc-order error with a squiggle on line ${ILLEGAL_LINE}`, async () => {
      // Only this file open: the server publishes problems for open documents only.
      await cs.runCommand(page, 'View: Close All Editors');
      await cs.openFile(page, ILLEGAL);
      const v = await verdict(page, /illegal/);
      const rows = await cs.problems(page, { minRows: 1 });
      const markers = rows.filter((r) => r.kind === 'marker');
      const others = markers.filter((r) => !(r.file || '').endsWith(ILLEGAL));
      assert(others.length === 0, `problems of other files: ${JSON.stringify(others)}`);
      assert(markers.length === 1, `expected 1 problem, the panel lists ${markers.length}: ${JSON.stringify(rows.map((r) => r.text))}`);
      const m = markers[0];
      assert(m.severity === 'error', `severity ${m.severity}`);
      assert(m.text.includes('segoc-order'), `the rule code is not in the row: ${m.text}`);
      assert(m.text.includes(`[Ln ${ILLEGAL_LINE}, Col 5]`), `not on line ${ILLEGAL_LINE} col 5: ${m.text}`);
      assert(/R11/.test(m.text), `no rule id R11 in: ${m.text}`);
      const counts = await cs.problemCounts(page);
      assert(counts.errors === 1 && counts.warnings === 0, `status bar problem counts: ${counts.label}`);
      await cs.gotoLine(page, ILLEGAL_LINE, 5);
      let lines = [];
      for (let i = 0; i < 40 && !lines.length; i++) {
        lines = await cs.squiggleLines(page, 'error');
        if (!lines.length) await cs.sleep(250);
      }
      assert(lines.length === 1 && lines[0] === ILLEGAL_LINE, `error squiggles on lines ${JSON.stringify(lines)}, expected [${ILLEGAL_LINE}]`);
      return `"${m.text.slice(0, 60)}…", ${counts.label}, squiggle on line ${lines[0]}, verdict "${v}"`;
    });
    await shot(page, 'vscode-dark-problems', log);

    // (3) Hovers: a card name, a chain link.
    await step('(3a) hovering a card name shows the card (type, effect)', async () => {
      const h = await cs.hoverAt(page, 'Peten the Dark Clown', { occurrence: 1, expect: 'effect monster' });
      assert(/Peten the Dark Clown/.test(h) && /effect monster/.test(h) && /Trigger Effect/i.test(h), `hover: ${h}`);
      return JSON.stringify(h.split('\n').slice(0, 2).join(' | ').slice(0, 110));
    });
    await page.mouse.move(2, 2);
    let linkHover = '';
    await step('(3b) hovering a chain link shows its category and verdict', async () => {
      // The hover over the link number holds the problem (it starts there) and the link's own hover.
      linkHover = await cs.hoverAt(page, '2 Yugi', { offset: 0, expect: LINK_HOVER });
      assert(/CL2 — Yugi's optional trigger: category 3 of 4 \(turn player's optional\)/.test(linkHover), `hover: ${linkHover}`);
      assert(/Spell Speed 1/.test(linkHover) && /segoc-order/.test(linkHover), `the link hover lacks its Spell Speed or problem: ${linkHover}`);
      return JSON.stringify(linkHover.split('\n').find((l) => l.includes(LINK_HOVER)).slice(0, 110));
    });
    await step('(3c) the hover on a chain link says who can act after it (Fast Effect Timing box, priority, why not)', async () => {
      assert(/Who can act after Chain Link 2/.test(linkHover), `the link hover has no "Who can act": ${linkHover.slice(0, 300)}`);
      assert(/Box D/.test(linkHover) && /holds priority/.test(linkHover) && /\[R\d+\]/.test(linkHover), `the answer lacks its box, priority or a rule: ${linkHover.slice(0, 300)}`);
      return JSON.stringify(linkHover.split('\n').find((l) => l.includes('Who can act')).slice(0, 110));
    });
    if (linkHover) {
      await cs.sleep(600); // the hover fades in
      await shot(page, 'vscode-dark-problems-hover', log);
    }
    await page.mouse.move(2, 2);

    // The same screen in the light theme.
    await step('the light theme applies (Default Light Modern)', async () => {
      await cs.setColorTheme(page, LIGHT);
      await cs.hoverAt(page, '2 Yugi', { offset: 0, expect: LINK_HOVER });
      await cs.sleep(600);
      await shot(page, 'vscode-light-problems-hover', log);
      await page.mouse.move(2, 2);
    });

    // (4) The reorder quick fix.
    await step('(4) the quick fix "Reorder the chain into a legal order…" makes the chain legal', async () => {
      await cs.gotoLine(page, ILLEGAL_LINE, 5);
      const titles = await cs.codeActionTitles(page);
      const title = await cs.pickCodeAction(page, 'Reorder the chain into a legal order');
      const want = ['    1 Yugi "Sangan"', '    2 Kaiba "Sangan"', '    3 Yugi "Peten the Dark Clown"', '    4 Kaiba "Peten the Dark Clown"'];
      let text = '';
      for (let i = 0; i < 40; i++) {
        text = await cs.editorText(page);
        if (want.every((l) => text.includes(l))) break;
        await cs.sleep(250);
      }
      const links = text.split('\n').filter((l) => /^\s+\d /.test(l));
      assert(want.every((l) => text.includes(l)), `the chain was not reordered; the links now read ${JSON.stringify(links)}`);
      const v = await verdict(page, /legal/).catch(() => '');
      let counts;
      for (let i = 0; i < 40; i++) {
        counts = await cs.problemCounts(page);
        if (counts.errors === 0) break;
        await cs.sleep(250);
      }
      assert(counts.errors === 0 && counts.warnings === 0, `still ${counts.label} after the fix`);
      const squiggles = await cs.squiggleLines(page, 'error');
      assert(squiggles.length === 0, `error squiggles remain on lines ${JSON.stringify(squiggles)}`);
      const rows = (await cs.problems(page)).filter((r) => r.kind === 'marker');
      assert(rows.length === 0, `the Problems panel still lists ${JSON.stringify(rows.map((r) => r.text))}`);
      return `picked "${title.slice(0, 70)}…" of ${titles.length} action(s); ${counts.label}; verdict "${v}"`;
    });

    // (5) The resolved-chain preview.
    let preview = null;
    await step('(5) "SEGOC: Show Resolved Chain" opens the preview with the links in resolution order', async () => {
      await cs.runCommand(page, 'SEGOC: Show Resolved Chain');
      const frame = await cs.webviewFrame(page, 'body.segoc-preview .steps .step');
      preview = frame;
      const data = await frame.evaluate(() => {
        const chains = [...document.querySelectorAll('section.chain')].map((c) => ({
          title: (c.querySelector('.chain-head h3') || {}).textContent,
          legal: c.classList.contains('legal'),
          stack: [...c.querySelectorAll('.stack .link')].map((l) => l.getAttribute('aria-label')),
          steps: [...c.querySelectorAll('.steps .step')].map((s) => s.getAttribute('aria-label')),
        }));
        return { title: (document.querySelector('.file-title h1') || {}).textContent, summary: (document.querySelector('.summary') || {}).textContent, chains, text: document.body.innerText };
      });
      assert(data.title === 'illegal-order.segoc', `preview title "${data.title}"`);
      assert(data.chains.length === 2, `expected 2 chains, the preview shows ${data.chains.length}`);
      const c2 = data.chains[1];
      const order = c2.steps.map((s) => (/Step (\d+): Chain Link (\d+), (.*?),/.exec(s) || []).slice(1, 4).join(' '));
      const want = ['1 4 Peten the Dark Clown', '2 3 Peten the Dark Clown', '3 2 Sangan', '4 1 Sangan'];
      assert(JSON.stringify(order) === JSON.stringify(want), `resolution steps of chain 2: ${JSON.stringify(c2.steps)}`);
      assert(c2.legal, 'chain 2 is not shown as legal');
      assert(/Resolution/i.test(data.text) && /Chain stack/i.test(data.text), 'the preview has no "Chain stack"/"Resolution" columns');
      const tab = await page.$eval(cs.SELECTORS.activeTab, (t) => t.getAttribute('aria-label') || t.textContent).catch(() => '?');
      return `tab "${tab}", summary "${(data.summary || '').trim()}", chain 2 resolves ${order.map((o) => `CL${o.split(' ')[1]}`).join(' → ')}`;
    });
    if (preview) {
      await step('(5b) the preview has a "Who can act" section with an entry per point', async () => {
        const data = await preview.evaluate(() => ({
          sections: document.querySelectorAll('section.points').length,
          points: [...document.querySelectorAll('section.points details.point summary')].map((s) => s.textContent),
          answers: document.querySelectorAll('section.points li').length,
        }));
        assert(data.sections === 1 && data.points.length >= 8 && data.answers > 0, `who can act in the preview: ${JSON.stringify(data).slice(0, 300)}`);
        return `${data.points.length} points, ${data.answers} answers; first "${(data.points[0] || '').trim().slice(0, 60)}"`;
      });
    }
    // The preview beside the editor, in both themes (the README screenshots): no side bar, no panel.
    if (preview) {
      await step('"SEGOC: Show Resolved Chain to the Side" shows it beside the editor', async () => {
        await cs.runCommand(page, 'View: Close Editor'); // the preview tab
        await cs.runCommand(page, 'View: Close Primary Side Bar');
        await cs.runCommand(page, 'View: Hide Panel');
        // Wide enough that each half (> 720 px) gets the preview's two-column layout.
        await page.setViewportSize({ width: 1600, height: 900 });
        await cs.runCommand(page, 'SEGOC: Show Resolved Chain to the Side');
        const frame = await cs.webviewFrame(page, 'body.segoc-preview .steps .step');
        const groups = await page.$$eval('.monaco-workbench .part.editor .editor-group-container', (els) => els.length);
        assert(groups === 2, `${groups} editor group(s), expected the editor and the preview side by side`);
        await frame.evaluate(() => {
          const c2 = document.querySelectorAll('section.chain')[1];
          if (c2) window.scrollTo(0, c2.getBoundingClientRect().top + window.scrollY - 12);
        });
        await page.mouse.move(400, 780); // away from tooltips (breadcrumbs, tabs)
        await cs.sleep(600);
        await shot(page, 'vscode-light-preview', log);
        return `${groups} editor groups`;
      });
      await step('the preview follows the theme (dark)', async () => {
        await cs.setColorTheme(page, DARK);
        const frame = await cs.webviewFrame(page, 'body.segoc-preview .steps .step');
        const bg = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const m = /rgba?\((\d+), (\d+), (\d+)/.exec(bg);
        assert(m && Number(m[1]) + Number(m[2]) + Number(m[3]) < 200, `the preview background is ${bg}, not dark`);
        await page.mouse.move(400, 780);
        await cs.sleep(600);
        await shot(page, 'vscode-dark-preview', log);
        return `background ${bg}`;
      });
      await page.setViewportSize({ width: 1400, height: 860 });
      await cs.runCommand(page, 'View: Toggle Primary Side Bar Visibility').catch(() => {});
    }
    await page.keyboard.press('Escape');

    // (6) Completion after a link's player.
    await step('(6) completion after `    3 Yugi "` offers card names', async () => {
      await cs.openFile(page, COMPLETION);
      await verdict(page);
      await cs.gotoLine(page, COMPLETION_LINE, 1);
      await cs.typeText(page, '    3 Yugi "');
      // Labels are the quoted names ("Sangan"); the typed quote was auto-closed.
      const labels = (await cs.suggestions(page, { min: 2 })).map((l) => l.replace(/^["“《]|["”》]$/g, ''));
      const text = await cs.editorText(page);
      const line = text.split('\n').find((l) => l.startsWith('    3 Yugi'));
      await shot(page, 'vscode-dark-completion', log);
      const cards = ['Sangan', 'Peten the Dark Clown', 'Dark Hole'];
      assert(cards.some((c) => labels.includes(c)), `no card name among the suggestions ${JSON.stringify(labels.slice(0, 12))}`);
      assert(labels.every((l) => !/^(chain|scenario|expect)$/.test(l)), `keywords among the suggestions: ${JSON.stringify(labels.slice(0, 12))}`);
      await page.keyboard.press('Escape');
      await cs.runCommand(page, 'File: Revert File');
      return `line ${JSON.stringify(line)}: ${labels.length} suggestion(s), first ${JSON.stringify(labels.slice(0, 5))}`;
    });

    // (8) Format Document on a Markdown page: the saved file is byte for byte what `segoc format` prints
    // (only the segoc block changes; the prose, the list item's indentation and the missing final
    // newline are kept). It used to run the scenario formatter over the whole page (fuzz report F1).
    await step('(8) Format Document on a Markdown page saves exactly what `segoc format` prints', async () => {
      const file = path.join(workspace, PAGE);
      const before = fs.readFileSync(file);
      const cli = require('child_process').spawnSync(process.execPath, [CLI, 'format', file]);
      assert(cli.status === 0, `segoc format exited ${cli.status}: ${cli.stderr}`);
      const expected = cli.stdout;
      assert(!expected.equals(before), 'the fixture page is already formatted');
      await cs.openFile(page, PAGE);
      await cs.runCommand(page, 'Format Document');
      let text = '';
      for (let i = 0; i < 40 && !text.includes('players Yugi, Kaiba'); i++) {
        await cs.sleep(250);
        text = await cs.editorText(page);
      }
      assert(text.includes('players Yugi, Kaiba'), 'Format Document changed nothing');
      await page.keyboard.press('Control+S');
      let saved = before;
      for (let i = 0; i < 60 && saved.equals(before); i++) {
        await cs.sleep(250);
        saved = fs.readFileSync(file);
      }
      assert(!saved.equals(before), 'the page was not saved');
      if (!saved.equals(expected)) {
        const a = saved.toString('utf8').split('\n');
        const b = expected.toString('utf8').split('\n');
        const i = a.findIndex((l, k) => l !== b[k]);
        throw new Error(`saved page differs from segoc format at line ${i + 1}: ${JSON.stringify(a[i])} vs ${JSON.stringify(b[i])} (${saved.length} vs ${expected.length} bytes)`);
      }
      return `${saved.length} bytes, identical`;
    });

    // (7) The @vscode/test-electron suite, in code-server's extension host.
    if (suite) {
      await page.context().close().catch(() => {});
      page = null;
      await runSuite({ browser, server, step, log });
    }
  } catch (e) {
    report('the VS Code checks ran to the end', false, (e && e.stack) || String(e));
  } finally {
    if (failed && page && page.segocConsole && page.segocConsole.length) {
      log(`browser console (last 15):\n  ${page.segocConsole.slice(-15).join('\n  ')}`);
    }
    if (failed) {
      log(`code-server log (${server.logPath}), last 40 lines:\n${cs.tailFile(server.logPath, 40)}`);
      // The extension's own output channel (language client and server messages), if it wrote one.
      for (const f of findFiles(path.join(server.userDataDir, 'logs'), /SEGOC\.log$/)) {
        log(`${path.relative(tmp, f)}, last 20 lines:\n${cs.tailFile(f, 20)}`);
      }
    }
    if (browser) await browser.close().catch(() => {});
    await server.stop({ keep: true });
    if (!failed && !process.env.SEGOC_E2E_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
    else log(`kept ${tmp}`);
  }
  return { logPath: server.logPath };
}

/**
 * (7) Runs test/vscode/suite/index.js (the @vscode/test-electron suite) inside code-server's
 * extension host the way VS Code runs it: the workbench URL carries a `payload` with
 * extensionDevelopmentPath (the installed extension's folder, i.e. the .vsix contents) and
 * extensionTestsPath (the suite), as vscode-remote:// URIs; the remote extension host then
 * requires the suite and calls run(); when it settles, the workbench calls
 * window.codeAutomationExit(code) (exposed here). The suite's console output reaches the page
 * console as "[Extension Host]" messages.
 */
async function runSuite({
  browser,
  server,
  step,
  log,
  suitePath = path.join(ROOT, 'test', 'vscode', 'suite', 'index.js'),
  suiteWorkspace = path.join(ROOT, 'test', 'vscode', 'workspace'),
}) {
  await step('(7) the @vscode/test-electron suite passes in code-server\'s extension host', async () => {
    const extDir = fs.readdirSync(server.extensionsDir).find((d) => d.startsWith('segoc.segoc-'));
    const authority = new URL(server.url).host;
    const remote = (p) => `vscode-remote://${authority}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(path.join(server.extensionsDir, extDir))],
      ['extensionTestsPath', remote(suitePath)],
    ];
    const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
    const page = await context.newPage();
    // The extension host's console output arrives as "%c INFO color: #33f <text>" messages.
    const lines = [];
    page.on('console', (m) => lines.push(m.text()));
    let exitCode = null;
    const exited = new Promise((resolve) => {
      page.exposeFunction('codeAutomationExit', (code) => {
        exitCode = code;
        resolve(code);
        return Promise.resolve();
      });
    });
    const url = `${server.url}/?folder=${encodeURIComponent(suiteWorkspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    log(`suite: ${path.relative(ROOT, suitePath)} in ${path.relative(ROOT, suiteWorkspace)}`);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const timeout = 240000;
    const code = await Promise.race([exited, cs.sleep(timeout).then(() => 'timeout')]);
    const results = lines
      .map((l) => /(?:^|\s)((?:not )?ok - [^]*|\d+ passed, \d+ failed)$/.exec(l))
      .filter(Boolean)
      .map((m) => m[1]);
    await cs.screenshot(page, 'vscode-suite').catch(() => {});
    await context.close().catch(() => {});
    for (const r of results) log(`  suite: ${r.split('\n')[0]}`);
    assert(code !== 'timeout', `the suite did not finish within ${timeout / 1000}s (console: ${JSON.stringify(lines.slice(-10))})`);
    const summary = results.find((r) => /\d+ passed, \d+ failed/.test(r)) || '';
    assert(exitCode === 0, `the suite exited with code ${exitCode}: ${JSON.stringify(results.filter((r) => /not ok/.test(r)))} ${summary}`);
    assert(/^[1-9]\d* passed, 0 failed$/.test(summary), `no "N passed, 0 failed" line from the suite (console: ${JSON.stringify(lines.slice(-10))})`);
    return `exit code 0, "${summary}"`;
  });
}

module.exports = { runVscodeChecks, runSuite, makeRunner, makeWorkspace, VSIX };

if (require.main === module) {
  let passed = 0;
  let failed = 0;
  const t0 = Date.now();
  runVscodeChecks({
    report: (name, ok, detail) => {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    },
    log: (m) => console.log(`[vscode +${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`),
    suite: !process.env.SEGOC_E2E_NO_SUITE,
  }).then(
    () => {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
    (e) => {
      console.error(e);
      console.log(`${passed} passed, ${failed + 1} failed`);
      process.exit(1);
    },
  );
}
