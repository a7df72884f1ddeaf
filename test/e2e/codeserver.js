// End-to-end helpers: a real VS Code (code-server 4.100.3 = VS Code 1.100 in the browser) driven by
// playwright-core with Debian's chromium. A library module, no test framework.
//
// Prerequisite: `bash scripts/e2e-setup.sh` (installs chromium and code-server into .e2e/).
//
// Typical use:
//   const cs = require('./codeserver');
//   const server = await cs.startCodeServer({ workspace, settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
//   const browser = await cs.launchBrowser();
//   const page = await cs.newPage(browser);
//   await cs.openWorkbench(page, server.url, workspace);
//   await cs.openFile(page, 'samples/x.segoc');
//   console.log(await cs.problemsPanelText(page));
//   await browser.close(); await server.stop();
//
// Selectors that work in code-server 4.100.3 / VS Code 1.100 are collected in SELECTORS below.
//
// More helpers (used by vscode-checks.js): setColorTheme (through "Preferences: Color Theme"),
// statusBarText, squiggleLines (lines with .squiggly-error etc.), codeActionTitles + pickCodeAction
// (the Ctrl+. menu, driven with the keyboard), suggestions (Ctrl+Space), webviewFrame (the nested
// iframe of a webview, e.g. the preview), typeText, tailFile. problems() gives each marker row its
// file and tells related-information rows apart.
'use strict';

const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const http = require('http');
const { spawn, spawnSync } = require('child_process');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const CODE_SERVER_ENTRY = path.join(REPO_ROOT, '.e2e', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.SEGOC_CHROMIUM || '/usr/bin/chromium';
const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

const SELECTORS = {
  workbench: '.monaco-workbench',
  statusbar: '.monaco-workbench .part.statusbar',
  activeEditor: '.monaco-workbench .part.editor .editor-instance .monaco-editor',
  editorLines: '.monaco-workbench .part.editor .monaco-editor .view-lines',
  // The tab of the active editor; its aria-label / data-resource-name is the file name.
  activeTab: '.monaco-workbench .part.editor .tabs-container .tab.active',
  // Breadcrumbs of the active editor: one item per path segment relative to the workspace, then symbols.
  breadcrumbs: '.monaco-workbench .part.editor .title .breadcrumbs-control .monaco-breadcrumb-item',
  // Command palette / quick open: one widget for both.
  quickInput: '.quick-input-widget',
  quickInputBox: '.quick-input-widget .quick-input-box input',
  quickInputRows: '.quick-input-widget .quick-input-list .monaco-list-row',
  quickInputFocusedRow: '.quick-input-widget .quick-input-list .monaco-list-row.focused',
  // Problems panel: the markers view and its tree rows (aria-label = "Error: message at line L column C").
  problemsView: '.monaco-workbench .markers-panel',
  problemsRows: '.monaco-workbench .markers-panel .monaco-list-row',
  problemsMessage: '.monaco-workbench .markers-panel .marker-message-details',
  // Editor hover (content hover widget).
  hover: '.monaco-editor .monaco-hover:not(.hidden)',
  hoverContents: '.monaco-editor .monaco-hover:not(.hidden) .monaco-hover-content',
  // Notification toasts (window.showInformationMessage etc.).
  notificationToast: '.notifications-toasts .notification-toast',
  notificationMessage: '.notifications-toasts .notification-toast .notification-list-item-message',
};

// ---------------------------------------------------------------------------------------------
// code-server process

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

function ensureCodeServerInstalled() {
  if (!fs.existsSync(CODE_SERVER_ENTRY)) {
    throw new Error(`code-server is not installed (${path.relative(REPO_ROOT, CODE_SERVER_ENTRY)} missing): run \`bash scripts/e2e-setup.sh\` first`);
  }
}

/** A private environment for code-server so it writes nothing into the real $HOME. */
function codeServerEnv(stateDir) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    // Don't let a surrounding VS Code / code-server session leak into ours.
    if (k.startsWith('VSCODE_') || k.startsWith('CODE_SERVER_') || k === 'PORT' || k === 'PASSWORD' || k === 'HASHED_PASSWORD') delete env[k];
  }
  env.XDG_CONFIG_HOME = path.join(stateDir, 'xdg-config');
  env.XDG_DATA_HOME = path.join(stateDir, 'xdg-data');
  env.XDG_CACHE_HOME = path.join(stateDir, 'xdg-cache');
  return env;
}

/**
 * Installs a .vsix into extensionsDir with code-server's CLI. Resolves to the CLI output.
 * Throws with the output if the install fails.
 */
function installExtension(vsixPath, extensionsDir, { timeoutMs = 120000 } = {}) {
  ensureCodeServerInstalled();
  if (!fs.existsSync(vsixPath)) throw new Error(`installExtension: no such file ${vsixPath}`);
  fs.mkdirSync(extensionsDir, { recursive: true });
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-cs-install-'));
  try {
    const r = spawnSync(
      process.execPath,
      [CODE_SERVER_ENTRY, '--install-extension', path.resolve(vsixPath), '--force', '--extensions-dir', extensionsDir,
        '--user-data-dir', path.join(stateDir, 'user-data'), '--config', path.join(stateDir, 'config.yaml')],
      { env: codeServerEnv(stateDir), encoding: 'utf8', timeout: timeoutMs },
    );
    const out = `${r.stdout || ''}${r.stderr || ''}`;
    if (r.error) throw new Error(`installExtension: ${r.error.message}\n${out}`);
    if (r.status !== 0 || !/was successfully installed/i.test(out)) {
      throw new Error(`installExtension ${vsixPath} failed (exit ${r.status}):\n${out}`);
    }
    return out.trim();
  } finally {
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

/**
 * Starts code-server. All options are optional:
 *   port          TCP port on 127.0.0.1 (default: a free one)
 *   workspace     folder to open by default
 *   userDataDir   (default: a new temp folder, removed by stop() unless SEGOC_E2E_KEEP=1)
 *   extensionsDir (default: <userDataDir>/extensions, as code-server does)
 *   settings      object merged into User/settings.json (workspace trust is always off)
 *   timeoutMs     how long to wait for the HTTP port (default 60 s)
 * Returns { url, port, userDataDir, extensionsDir, logPath, process, stop() }. stop() ends
 * code-server and all its children (its process group): SIGTERM, then SIGKILL after 5 s.
 */
async function startCodeServer(opts = {}) {
  ensureCodeServerInstalled();
  const port = opts.port || (await freePort());
  // A temp folder is made (and removed by stop()) only when no user-data dir is given.
  const tempBase = opts.userDataDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-cs-'));
  const userDataDir = path.resolve(opts.userDataDir || path.join(tempBase, 'user-data'));
  const extensionsDir = path.resolve(opts.extensionsDir || path.join(userDataDir, 'extensions'));
  const stateDir = path.join(userDataDir, '.segoc-e2e');
  const timeoutMs = opts.timeoutMs || 60000;
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(stateDir, { recursive: true });

  const settings = {
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    'window.commandCenter': false,
    'editor.hover.delay': 150,
    'files.autoSave': 'off',
    ...(opts.settings || {}),
  };
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const configPath = path.join(stateDir, 'config.yaml');
  fs.writeFileSync(configPath, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);

  const logPath = path.join(stateDir, `code-server-${port}.log`);
  const logFd = fs.openSync(logPath, 'a');
  const args = [
    CODE_SERVER_ENTRY,
    '--config', configPath,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  if (opts.workspace) args.push(path.resolve(opts.workspace));
  // detached: its own process group, so stop() can end code-server and every child it spawned
  // (extension host, pty host, file watcher) together.
  const child = spawn(process.execPath, args, {
    env: codeServerEnv(stateDir),
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  fs.closeSync(logFd);
  let exited = null;
  // Safety net: never leave a detached code-server behind when this process exits without stop().
  const onExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    if (tempBase && !process.env.SEGOC_E2E_KEEP) fs.rmSync(tempBase, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async ({ keep = !!process.env.SEGOC_E2E_KEEP } = {}) => {
    if (stopped) return;
    stopped = true;
    const killGroup = (sig) => {
      try {
        process.kill(-child.pid, sig);
        return true;
      } catch {
        return false; // the whole group is gone
      }
    };
    if (killGroup('SIGTERM')) {
      for (let i = 0; i < 50 && killGroup(0); i++) await sleep(100);
      killGroup('SIGKILL');
      for (let i = 0; i < 20 && !exited; i++) await sleep(100);
    }
    process.removeListener('exit', onExit);
    if (tempBase && !keep) fs.rmSync(tempBase, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`code-server exited early (${JSON.stringify(exited)}); log ${logPath}:\n${tail(logPath)}`);
    }
    const status = await httpStatus(`${url}/healthz`);
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms; log ${logPath}:\n${tail(logPath)}`);
    }
    await sleep(250);
  }
  const settingsPath = path.join(userDataDir, 'User', 'settings.json');
  return { url, port, userDataDir, extensionsDir, logPath, settingsPath, settings, process: child, stop };
}

function tail(file, n = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

// ---------------------------------------------------------------------------------------------
// Browser

function playwright() {
  try {
    return require('playwright-core');
  } catch (e) {
    throw new Error(`playwright-core is not installed in ${REPO_ROOT}/node_modules (${e.message})`);
  }
}

/** Launches Debian's headless chromium. Never downloads a browser. */
async function launchBrowser({ headless = true, args = [] } = {}) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: run \`bash scripts/e2e-setup.sh\` first`);
  const { chromium } = playwright();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...args],
  });
}

/**
 * A page with a desktop-sized viewport (1400x900 by default). Console errors and warnings of the
 * page are collected into page.segocConsole for diagnosis.
 */
async function newPage(browser, { width = 1400, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.segocConsole = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') page.segocConsole.push(`[${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (e) => page.segocConsole.push(`[pageerror] ${e.message}`));
  return page;
}

async function waitFor(page, selector, what, { timeout = 30000, state = 'visible' } = {}) {
  try {
    return await page.waitForSelector(selector, { state, timeout });
  } catch (e) {
    throw new Error(`Timed out after ${timeout} ms waiting for ${what} (${selector} to be ${state})`);
  }
}

/**
 * Opens the workbench on a folder and waits until it is usable: the workbench, its editor part and
 * status bar are rendered and, for a folder, the explorer has listed it (the remote file system
 * answered). Notification toasts present then are cleared.
 */
async function openWorkbench(page, url, folder, { timeout = 60000 } = {}) {
  const target = folder ? `${url}/?folder=${encodeURIComponent(path.resolve(folder))}` : `${url}/`;
  await page.goto(target, { waitUntil: 'domcontentloaded', timeout });
  await waitFor(page, SELECTORS.workbench, 'the VS Code workbench', { timeout });
  await waitFor(page, SELECTORS.statusbar, 'the status bar', { timeout });
  await waitFor(page, '.monaco-workbench .part.editor', 'the editor part', { timeout });
  if (folder && fs.existsSync(folder) && fs.readdirSync(folder).length) {
    // Best effort (the explorer may not be the visible view): rows appear once the folder is read.
    await page.waitForSelector('.monaco-workbench .explorer-folders-view .monaco-list-row', { timeout: 15000 }).catch(() => {});
  }
  await sleep(1000);
  await dismissNotifications(page);
}

/** Closes all notification toasts (e.g. "The workspace contains recommended extensions"). */
async function dismissNotifications(page) {
  const toasts = await page.$$(SELECTORS.notificationToast);
  if (!toasts.length) return;
  await runCommand(page, 'Notifications: Clear All Notifications').catch(() => {});
}

async function openQuickInput(page, key, { timeout = 15000 } = {}) {
  await closeQuickInput(page);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press(key);
    try {
      await page.waitForSelector(SELECTORS.quickInputBox, { state: 'visible', timeout: timeout / 3 });
      return;
    } catch {
      // Focus may be in a place that swallows the key (a webview, a menu): close it and put focus
      // into the active editor's input area (without moving the cursor), then try again.
      await page.keyboard.press('Escape');
      await page.focus('.monaco-workbench .part.editor .monaco-editor textarea').catch(() => {});
    }
  }
  throw new Error(`Timed out after ${timeout} ms waiting for the quick input (${key}) to open (${SELECTORS.quickInputBox})`);
}

async function closeQuickInput(page) {
  if (await page.isVisible(SELECTORS.quickInputBox).catch(() => false)) {
    await page.keyboard.press('Escape');
    await page.waitForSelector(SELECTORS.quickInputBox, { state: 'hidden', timeout: 5000 }).catch(() => {});
  }
}

/** Clicks the i-th quick input row; false if it went away meanwhile (the list re-rendered). */
async function clickRow(page, i) {
  try {
    await page.locator(SELECTORS.quickInputRows).nth(i).click({ timeout: 3000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a command by its palette label as shown, "Category: Title" (e.g. 'Problems: Focus on Problems
 * View'), matched case-insensitively. Throws (listing what the palette shows) if no row has exactly
 * that label within the timeout. With { exact: false } the focused best fuzzy match is run instead
 * once the list has settled (1.5 s).
 */
async function runCommand(page, label, { timeout = 20000, exact = true } = {}) {
  await openQuickInput(page, 'F1', { timeout });
  // F1 opens the palette with '>' already typed; keep it.
  await page.fill(SELECTORS.quickInputBox, `>${label}`);
  const deadline = Date.now() + timeout;
  let firstRowsAt = 0;
  let labels = [];
  for (;;) {
    // Each row's .label-name is "Category: Title"; its aria-label adds ", <keybinding>" when there is
    // one. "No matching commands" is a row without .label-name.
    labels = await page.$$eval(SELECTORS.quickInputRows, (rows) =>
      rows.map((r) => {
        const l = r.querySelector('.label-name');
        return l ? l.textContent.trim() : null;
      }),
    );
    const i = labels.findIndex((l) => l && l.toLowerCase() === label.toLowerCase());
    // The list may re-render between reading and clicking (results arriving): then look again.
    if (i >= 0 && (await clickRow(page, i))) break;
    const real = labels.filter(Boolean);
    if (real.length && !firstRowsAt) firstRowsAt = Date.now();
    if (!exact && real.length && Date.now() - firstRowsAt > 1500) {
      await page.keyboard.press('Enter');
      break;
    }
    if (Date.now() > deadline) {
      await closeQuickInput(page);
      throw new Error(`runCommand: no command labelled "${label}" in the palette within ${timeout} ms (palette shows: ${JSON.stringify(real.slice(0, 8))})`);
    }
    await sleep(150);
  }
  await page.waitForSelector(SELECTORS.quickInputBox, { state: 'hidden', timeout: 5000 }).catch(() => {});
}

/**
 * Opens a workspace file by its path relative to the workspace root with Quick Open (Ctrl+P) and
 * waits until its editor is the active one (checked with the breadcrumbs, which show the relative
 * path).
 */
async function openFile(page, relativePath, { timeout = 45000 } = {}) {
  const rel = relativePath.split(path.sep).join('/').replace(/^\.\//, '');
  const base = path.posix.basename(rel);
  const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
  // Quick Open rows have aria-label "<name> <folder>" ("x.txt sub/deep"), "<name>" for root files,
  // and the first row gets ", file results" (or ", recently opened") appended.
  const wanted = dir ? `${base} ${dir}` : base;
  // With the absolute path (workspace folder taken from the ?folder= of the page URL) Quick Open
  // resolves the file directly instead of waiting for the ripgrep file search (seconds on a cold start).
  let folder = null;
  try {
    folder = new URL(page.url()).searchParams.get('folder');
  } catch {
    /* not a workbench URL */
  }
  await openQuickInput(page, 'Control+P', { timeout });
  await page.fill(SELECTORS.quickInputBox, folder ? path.posix.join(folder, rel) : rel);
  const deadline = Date.now() + timeout;
  let rows = [];
  for (;;) {
    rows = await page.$$eval(SELECTORS.quickInputRows, (els) => els.map((e) => e.getAttribute('aria-label') || ''));
    const i = rows.findIndex((a) => a === wanted || a.startsWith(`${wanted},`));
    // The list may re-render between reading and clicking (results arriving): then look again.
    if (i >= 0 && (await clickRow(page, i))) break;
    if (Date.now() > deadline) {
      await closeQuickInput(page);
      throw new Error(`openFile: "${rel}" not found by Quick Open within ${timeout} ms (rows: ${JSON.stringify(rows.slice(0, 5))})`);
    }
    await sleep(200);
  }
  const ok = await page
    .waitForFunction(
      ({ rel, base }) => {
        if (!document.querySelector('.monaco-workbench .part.editor .monaco-editor .view-lines')) return false;
        const crumbs = [...document.querySelectorAll('.monaco-workbench .part.editor .title .breadcrumbs-control .monaco-breadcrumb-item')].map((e) => e.textContent.trim());
        if (crumbs.length) {
          const joined = crumbs.join('/');
          return joined === rel || joined.startsWith(`${rel}/`);
        }
        const tab = document.querySelector('.monaco-workbench .part.editor .tabs-container .tab.active');
        return !!tab && tab.getAttribute('data-resource-name') === base;
      },
      { rel, base },
      { timeout },
    )
    .then(() => true, () => false);
  if (!ok) throw new Error(`openFile: editor for "${rel}" did not become active within ${timeout} ms`);
  await sleep(300);
}

/** The text of the active editor as rendered (visible lines only; Monaco virtualises long files). */
async function editorText(page) {
  await waitFor(page, SELECTORS.editorLines, 'an editor');
  return page.$eval(SELECTORS.editorLines, (el) =>
    [...el.querySelectorAll('.view-line')]
      .map((l) => ({ top: parseFloat(l.style.top) || 0, text: l.textContent.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text)
      .join('\n'),
  );
}

/** The language mode shown in the status bar (e.g. "SEGOC scenario"). */
async function languageMode(page) {
  const el = await waitFor(page, '.monaco-workbench .part.statusbar #status\\.editor\\.mode', 'the language status item');
  return (await el.textContent()).trim();
}

/** Takes a full-window screenshot into test-results/<name>.png and returns its path. */
async function screenshot(page, name) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name.endsWith('.png') ? name : `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Opens the Problems panel and returns its rows as text, one line per row (file rows and marker
 * rows). Waits until at least `minRows` rows are there (default 0: returns what is there after the
 * panel has rendered). Use problems() for structured data.
 */
async function problemsPanelText(page, { minRows = 0, timeout = 20000 } = {}) {
  const rows = await problems(page, { minRows, timeout });
  return rows.map((r) => r.text).join('\n');
}

/**
 * Opens the Problems panel and returns its rows, in order:
 *   [{ kind: 'file'|'marker'|'related', severity, text, ariaLabel, file }]
 * 'file' rows head a file's group (file = its absolute path); 'marker' rows are the problems
 * (severity 'error' | 'warning' | 'info'; file = the path of the group they belong to); 'related'
 * rows are a problem's related information ("x.segoc [Ln 16, Col 5] : ..."), listed under it.
 * Waits until at least `minRows` marker rows are there (default 0: returns what is there after the
 * panel has rendered).
 */
async function problems(page, { minRows = 0, timeout = 20000 } = {}) {
  await runCommand(page, 'Problems: Focus on Problems View');
  await waitFor(page, SELECTORS.problemsView, 'the Problems panel', { timeout });
  const deadline = Date.now() + timeout;
  let rows = [];
  for (;;) {
    rows = await page.$$eval(SELECTORS.problemsRows, (els) => {
      let file;
      return els.map((e) => {
        const aria = e.getAttribute('aria-label') || '';
        const icon = e.querySelector('.marker-icon');
        const cls = icon ? icon.className : '';
        const severity = /codicon-error|\berror\b/.test(cls) ? 'error' : /codicon-warning|\bwarning\b/.test(cls) ? 'warning' : /codicon-info|\binfo\b/.test(cls) ? 'info' : undefined;
        const fileLabel = e.querySelector('.resource-label-container .monaco-icon-label');
        let kind;
        if (e.querySelector('.related-info-resource')) kind = 'related';
        else if (fileLabel && !e.querySelector('.marker-message-details')) {
          kind = 'file';
          file = fileLabel.getAttribute('aria-label') || undefined;
        } else kind = e.querySelector('.marker-message-details, .marker-icon') ? 'marker' : 'file';
        return {
          kind,
          severity: kind === 'marker' ? severity : undefined,
          text: (e.innerText || e.textContent || '').replace(/\s*\n\s*/g, ' ').trim(),
          ariaLabel: aria,
          file,
        };
      });
    });
    const markerCount = rows.filter((r) => r.kind === 'marker').length;
    if (markerCount >= minRows) break;
    if (Date.now() > deadline) {
      throw new Error(`problems: expected at least ${minRows} problem(s) within ${timeout} ms, found ${markerCount}: ${JSON.stringify(rows)}`);
    }
    await sleep(250);
  }
  return rows;
}

/**
 * The problem counts of the status bar item (#status.problems, aria-label "Errors: 1, Warnings: 2"
 * or "No Problems"): { errors, warnings, infos, label }.
 */
async function problemCounts(page) {
  const label = (await page.getAttribute('#status\\.problems', 'aria-label', { timeout: 10000 }).catch(() => null)) || '';
  const n = (word) => {
    const m = new RegExp(`${word}:\\s*(\\d+)`, 'i').exec(label);
    return m ? Number(m[1]) : 0;
  };
  if (!label) return { errors: -1, warnings: -1, infos: -1, label };
  return { errors: n('Errors'), warnings: n('Warnings'), infos: n('Infos'), label };
}

/**
 * Finds `text` in the visible lines of the active editor (the `occurrence`-th match, 0-based) and
 * returns the centre of its `offset`-th character in page coordinates, or null.
 */
async function locateText(page, text, { occurrence = 0, offset = Math.floor(text.length / 2) } = {}) {
  return page.$eval(
    SELECTORS.editorLines,
    (root, { text, occurrence, offset }) => {
      const lines = [...root.querySelectorAll('.view-line')].sort((a, b) => (parseFloat(a.style.top) || 0) - (parseFloat(b.style.top) || 0));
      let seen = 0;
      for (const line of lines) {
        const full = line.textContent.replace(/\u00a0/g, ' ');
        let from = 0;
        for (;;) {
          const idx = full.indexOf(text, from);
          if (idx < 0) break;
          if (seen++ === occurrence) {
            // Walk the text nodes to find the DOM position of character idx + offset.
            const target = idx + Math.min(offset, text.length - 1);
            const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
            let pos = 0;
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const len = n.textContent.length;
              if (target < pos + len) {
                const range = document.createRange();
                range.setStart(n, target - pos);
                range.setEnd(n, target - pos + 1);
                const r = range.getBoundingClientRect();
                return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
              }
              pos += len;
            }
            return null;
          }
          from = idx + 1;
        }
      }
      return null;
    },
    { text, occurrence, offset },
  );
}

/**
 * Moves the mouse onto `text` in the active editor and returns the text of the hover that appears
 * (.monaco-hover). Throws if the text is not visible or no hover shows within the timeout.
 * With { expect: 'substring' } waits until the hover contains that substring (hovers fill in
 * asynchronously: a "Loading..." hover comes first).
 */
async function hoverAt(page, text, { occurrence = 0, offset, timeout = 15000, expect } = {}) {
  const pt = await locateText(page, text, { occurrence, offset });
  if (!pt) throw new Error(`hoverAt: "${text}" is not visible in the active editor`);
  // Leave any previous hover first so the widget re-renders for this position.
  await page.mouse.move(2, 2);
  await page.waitForSelector(SELECTORS.hover, { state: 'hidden', timeout: 3000 }).catch(() => {});
  await page.mouse.move(pt.x - 2, pt.y);
  await page.mouse.move(pt.x, pt.y, { steps: 3 });
  const deadline = Date.now() + timeout;
  let last = '';
  for (let i = 1; ; i++) {
    const hovers = await page.$$eval(SELECTORS.hover, (els) => els.filter((e) => e.offsetParent !== null).map((e) => e.innerText.trim()));
    last = hovers.join('\n---\n');
    const ready = last && !/^Loading\.\.\.$/.test(last) && (!expect || last.includes(expect));
    if (ready) return last;
    if (Date.now() > deadline) {
      throw new Error(`hoverAt: no hover${expect ? ` containing "${expect}"` : ''} over "${text}" within ${timeout} ms (last: ${JSON.stringify(last)})`);
    }
    // Nudge the mouse: Monaco only shows the hover after a mousemove that rests for hover.delay.
    if (i % 10 === 0) await page.mouse.move(pt.x + (i % 20 ? 1 : -1), pt.y, { steps: 2 });
    await sleep(200);
  }
}

/** Waits for a notification toast containing `text` and returns its full message. */
async function waitForNotification(page, text, { timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const msgs = await page.$$eval(SELECTORS.notificationMessage, (els) => els.map((e) => e.textContent.trim())).catch(() => []);
    const hit = msgs.find((m) => m.includes(text));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`waitForNotification: no notification containing "${text}" within ${timeout} ms (shown: ${JSON.stringify(msgs)})`);
    await sleep(200);
  }
}

/** Moves the cursor to line:column with "Go to Line/Column" (Ctrl+G). */
async function gotoLine(page, line, column = 1) {
  await openQuickInput(page, 'Control+G');
  await page.fill(SELECTORS.quickInputBox, `:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(SELECTORS.quickInputBox, { state: 'hidden', timeout: 5000 }).catch(() => {});
}


// ---------------------------------------------------------------------------------------------
// More helpers (segoc e2e checks)

/**
 * Switches the colour theme with "Preferences: Color Theme" (picks the row whose label or id is
 * `theme`, e.g. 'Default Light Modern' / 'Default Dark Modern') and waits until the workbench shows
 * it (the .monaco-workbench element gets the class vs / vs-dark / hc-black).
 * (Rewriting User/settings.json does not restyle an open code-server window: only windows opened
 * afterwards see it.)
 */
async function setColorTheme(page, theme, { timeout = 20000 } = {}) {
  await runCommand(page, 'Preferences: Color Theme');
  await page.fill(SELECTORS.quickInputBox, theme.replace(/^Default /, ''));
  const deadline = Date.now() + timeout;
  for (;;) {
    const labels = await page.$$eval(SELECTORS.quickInputRows, (els) => els.map((e) => e.getAttribute('aria-label') || ''));
    // aria-label: "<label>, <id>[, <group>]", e.g. "Light Modern, Default Light Modern, light themes".
    const i = labels.findIndex((l) => l.split(', ').slice(0, 2).includes(theme));
    // The list may re-render between reading and clicking (results arriving): then look again.
    if (i >= 0 && (await clickRow(page, i))) break;
    if (Date.now() > deadline) {
      await closeQuickInput(page);
      throw new Error(`setColorTheme: no theme "${theme}" in the picker (${JSON.stringify(labels.slice(0, 8))})`);
    }
    await sleep(150);
  }
  await page.waitForSelector(SELECTORS.quickInputBox, { state: 'hidden', timeout: 5000 }).catch(() => {});
  const wanted = /light/i.test(theme) ? 'vs' : /high contrast/i.test(theme) ? 'hc-black' : 'vs-dark';
  const ok = await page
    .waitForFunction((cls) => {
      const wb = document.querySelector('.monaco-workbench');
      return !!wb && wb.classList.contains(cls);
    }, wanted, { timeout })
    .then(() => true, () => false);
  if (!ok) throw new Error(`setColorTheme: the workbench did not switch to "${theme}" (.monaco-workbench.${wanted}) within ${timeout} ms`);
  await sleep(800); // let webviews pick up the new theme variables
}

/**
 * The text of the status bar entries, one string per entry ("$(check)" icons are dropped).
 * With `contains`, waits until an entry contains that text (and, with `match`, matches that RegExp)
 * and returns it.
 */
async function statusBarText(page, { contains, match, timeout = 20000 } = {}) {
  const read = () =>
    page.$$eval('.monaco-workbench .part.statusbar .statusbar-item', (els) =>
      els.map((e) => (e.textContent || '').replace(/\s+/g, ' ').trim()).filter(Boolean),
    );
  if (!contains) return read();
  const deadline = Date.now() + timeout;
  let items = [];
  for (;;) {
    items = await read().catch(() => []);
    const hit = items.find((t) => t.includes(contains) && (!match || match.test(t)));
    if (hit) return hit;
    if (Date.now() > deadline) {
      throw new Error(`statusBarText: no status bar entry containing "${contains}"${match ? ` matching ${match}` : ''} within ${timeout} ms (entries: ${JSON.stringify(items)})`);
    }
    await sleep(200);
  }
}

/**
 * The 1-based line numbers of the active editor that carry a squiggle of that severity
 * (`.squiggly-error`, `.squiggly-warning`, `.squiggly-info`), from the visible lines: each squiggle
 * decoration is matched to the line number in the gutter at the same height.
 */
async function squiggleLines(page, severity = 'error') {
  return page.$eval(
    SELECTORS.activeEditor,
    (editor, cls) => {
      const numbers = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].map((e) => {
        const r = e.getBoundingClientRect();
        return { line: Number(e.textContent.trim()), top: r.top, bottom: r.bottom };
      });
      const lines = new Set();
      for (const sq of editor.querySelectorAll(`.view-overlays .${cls}`)) {
        const r = sq.getBoundingClientRect();
        if (!r.width) continue;
        const y = r.top + r.height / 2;
        const hit = numbers.find((n) => y >= n.top && y < n.bottom);
        if (hit) lines.add(hit.line);
      }
      return [...lines].sort((a, b) => a - b);
    },
    `squiggly-${severity}`,
  );
}

/**
 * Opens the Quick Fix menu (Ctrl+.) at the cursor and returns the titles of its actions.
 * The menu stays open; pick one with pickCodeAction() or close it with Escape.
 */
async function codeActionTitles(page, { timeout = 15000 } = {}) {
  const rows = '.action-widget .monaco-list-row.action';
  const deadline = Date.now() + timeout;
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Control+.');
    const shown = await page.waitForSelector(rows, { state: 'visible', timeout: 4000 }).then(() => true, () => false);
    if (shown) break;
    if (Date.now() > deadline) throw new Error(`codeActionTitles: the Quick Fix menu did not open within ${timeout} ms`);
    await page.keyboard.press('Escape');
    await sleep(500);
  }
  await sleep(300);
  return page.$$eval(rows, (els) => els.map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim()));
}

/**
 * In the open Quick Fix menu, runs the action whose title starts with `titleStart`, with the
 * keyboard (arrows, then Enter): the menu's invisible pointer-block layer takes the mouse clicks
 * in code-server. Returns the full title.
 */
async function pickCodeAction(page, titleStart, { timeout = 10000 } = {}) {
  const rows = '.action-widget .monaco-list-row.action';
  const deadline = Date.now() + timeout;
  for (;;) {
    const state = await page.$$eval(rows, (els) => ({
      titles: els.map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim()),
      focused: els.findIndex((e) => e.classList.contains('focused')),
    }));
    const i = state.titles.findIndex((t) => t.startsWith(titleStart));
    if (i >= 0 && state.focused === i) {
      await page.keyboard.press('Enter');
      await page.waitForSelector('.action-widget', { state: 'hidden', timeout: 5000 }).catch(() => {});
      return state.titles[i];
    }
    if (i >= 0) await page.keyboard.press(state.focused < i ? 'ArrowDown' : 'ArrowUp');
    if (Date.now() > deadline) throw new Error(`pickCodeAction: no action starting with "${titleStart}" could be selected (menu: ${JSON.stringify(state.titles)}, focused ${state.focused})`);
    await sleep(100);
  }
}

/**
 * Triggers suggestions (Ctrl+Space) in the active editor and returns the labels of the suggest
 * widget's rows once it shows at least `min` rows. The widget stays open (Escape closes it).
 */
async function suggestions(page, { min = 1, timeout = 15000 } = {}) {
  const rows = '.monaco-editor .suggest-widget.visible .monaco-list-row';
  const deadline = Date.now() + timeout;
  let labels = [];
  let pressedAt = 0;
  for (;;) {
    if (!(await page.isVisible('.monaco-editor .suggest-widget.visible').catch(() => false)) && Date.now() - pressedAt > 3000) {
      await page.keyboard.press('Control+Space');
      pressedAt = Date.now();
    }
    labels = await page
      .$$eval(rows, (els) => els.map((e) => {
        const l = e.querySelector('.label-name, .monaco-highlighted-label');
        return (l ? l.textContent : e.getAttribute('aria-label') || '').trim();
      }))
      .catch(() => []);
    if (labels.length >= min && !labels.some((l) => /^Loading/.test(l))) return labels;
    if (Date.now() > deadline) throw new Error(`suggestions: fewer than ${min} suggestion(s) within ${timeout} ms (${JSON.stringify(labels)})`);
    await sleep(250);
  }
}

/**
 * Finds the frame of a webview whose document matches `selector` (code-server renders each webview
 * in an iframe of the webview origin, with the extension's HTML in a nested iframe: every frame
 * whose URL contains "webview" is searched). Waits until one has `selector`; returns that Frame.
 */
async function webviewFrame(page, selector, { timeout = 30000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const frame of page.frames()) {
      if (!/webview/i.test(frame.url()) && !/webview/i.test(frame.parentFrame()?.url() || '')) continue;
      const has = await frame.$(selector).then((h) => !!h, () => false);
      if (has) return frame;
    }
    if (Date.now() > deadline) {
      throw new Error(`webviewFrame: no webview frame with ${selector} within ${timeout} ms (frames: ${JSON.stringify(page.frames().map((f) => f.url().slice(0, 120)))})`);
    }
    await sleep(250);
  }
}

/** Types text into the focused editor character by character (auto-closing pairs apply). */
async function typeText(page, text, { delay = 20 } = {}) {
  await page.keyboard.type(text, { delay });
}

/** The last `n` lines of a text file ('(no log)' if it cannot be read). */
function tailFile(file, n = 40) {
  return tail(file, n);
}

module.exports = {
  REPO_ROOT,
  CODE_SERVER_ENTRY,
  CHROMIUM,
  RESULTS_DIR,
  SELECTORS,
  sleep,
  freePort,
  startCodeServer,
  installExtension,
  launchBrowser,
  newPage,
  openWorkbench,
  dismissNotifications,
  runCommand,
  openFile,
  editorText,
  languageMode,
  screenshot,
  problemsPanelText,
  problems,
  problemCounts,
  locateText,
  hoverAt,
  waitForNotification,
  gotoLine,
  setColorTheme,
  statusBarText,
  squiggleLines,
  codeActionTitles,
  pickCodeAction,
  suggestions,
  webviewFrame,
  typeText,
  tailFile,
};
