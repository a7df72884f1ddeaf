#!/usr/bin/env node
// Smoke test of the e2e infrastructure (not of segoc): generates a throwaway extension (language
// `demo` for *.demo, a command, a hover and diagnostics) into a temp folder, packages it as a .vsix
// with vsce, installs it into code-server, opens a workspace in headless chromium, opens a file,
// runs the command, reads the hover and the Problems panel, and takes screenshots into test-results/.
//
//   bash scripts/e2e-setup.sh && node test/e2e/smoke.js
//
// Exits 0 and prints "N passed, 0 failed" when every check holds.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const cs = require('./codeserver');

const EXTENSION_JS = `
const vscode = require('vscode');
function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('demo.hello', () => {
    vscode.window.showInformationMessage('Hello from the demo extension');
  }));
  context.subscriptions.push(vscode.languages.registerHoverProvider('demo', {
    provideHover(doc, pos) {
      const range = doc.getWordRangeAtPosition(pos);
      if (!range) return undefined;
      const md = new vscode.MarkdownString('**demo hover** for \`' + doc.getText(range) + '\`');
      return new vscode.Hover(md, range);
    },
  }));
  const diags = vscode.languages.createDiagnosticCollection('demo');
  context.subscriptions.push(diags);
  const check = (doc) => {
    if (doc.languageId !== 'demo') return;
    const out = [];
    doc.getText().split(/\\r?\\n/).forEach((line, i) => {
      for (const [word, sev] of [['bad', vscode.DiagnosticSeverity.Warning], ['broken', vscode.DiagnosticSeverity.Error]]) {
        let at = line.indexOf(word);
        while (at >= 0) {
          const d = new vscode.Diagnostic(new vscode.Range(i, at, i, at + word.length), 'demo: found "' + word + '"', sev);
          d.source = 'demo'; d.code = 'D' + (sev === vscode.DiagnosticSeverity.Error ? 1 : 2);
          out.push(d);
          at = line.indexOf(word, at + 1);
        }
      }
    });
    diags.set(doc.uri, out);
  };
  vscode.workspace.textDocuments.forEach(check);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(check));
  context.subscriptions.push(vscode.workspace.onDidChangeTextDocument((e) => check(e.document)));
}
function deactivate() {}
module.exports = { activate, deactivate };
`;

function makeDemoExtension(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const pkg = {
    name: 'demo-e2e',
    displayName: 'Demo (segoc e2e smoke)',
    description: 'Throwaway extension for the segoc e2e smoke test',
    version: '0.0.1',
    publisher: 'segoc-e2e',
    license: 'MIT',
    repository: { type: 'git', url: 'https://example.invalid/demo-e2e.git' },
    engines: { vscode: '^1.90.0' },
    main: './extension.js',
    activationEvents: ['onLanguage:demo'],
    contributes: {
      languages: [{ id: 'demo', aliases: ['Demo Language', 'demo'], extensions: ['.demo'] }],
      commands: [{ command: 'demo.hello', title: 'Say Hello', category: 'Demo' }],
    },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  fs.writeFileSync(path.join(dir, 'extension.js'), EXTENSION_JS);
  fs.writeFileSync(path.join(dir, 'README.md'), '# demo-e2e\n\nThrowaway extension for the segoc e2e smoke test.\n');
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, 'demo-e2e-0.0.1.vsix');
  const vsce = path.join(cs.REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return vsix;
}

async function main() {
  const t0 = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-e2e-smoke-'));
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'hello.demo'), 'hello world\nthis line is bad\nand this one is broken\n');
  fs.writeFileSync(path.join(workspace, 'other.txt'), 'plain text\n');

  let passed = 0;
  let failed = 0;
  const check = (name, ok, detail) => {
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail !== undefined ? ` — ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`);
  };
  const step = (msg) => console.log(`[smoke +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

  step('packaging the demo extension');
  const vsix = makeDemoExtension(path.join(tmp, 'demo-ext'));
  const extensionsDir = path.join(tmp, 'extensions');
  step('installing it into code-server');
  const out = cs.installExtension(vsix, extensionsDir);
  check('extension installs', /segoc-e2e\.demo-e2e|demo-e2e/.test(out) && fs.readdirSync(extensionsDir).some((d) => d.startsWith('segoc-e2e.demo-e2e')), out.split('\n').pop());

  step('starting code-server');
  const server = await cs.startCodeServer({
    workspace,
    userDataDir: path.join(tmp, 'user-data'),
    extensionsDir,
    settings: { 'workbench.colorTheme': 'Default Dark Modern' },
  });
  let browser;
  let page;
  try {
    step(`code-server at ${server.url} (log ${server.logPath}); launching chromium`);
    browser = await cs.launchBrowser();
    page = await cs.newPage(browser);
    await cs.openWorkbench(page, server.url, workspace);
    check('workbench loads', await page.isVisible(cs.SELECTORS.workbench));

    step('opening hello.demo');
    await cs.openFile(page, 'hello.demo');
    const text = await cs.editorText(page);
    check('file opens in the editor', text.includes('this line is bad'), text.split('\n')[0]);
    const mode = await cs.languageMode(page);
    check('language mode is the demo language', mode === 'Demo Language', mode);

    step('running "Demo: Say Hello"');
    await cs.runCommand(page, 'Demo: Say Hello');
    const note = await cs.waitForNotification(page, 'Hello from the demo extension');
    check('command shows its message', !!note, note);
    await cs.screenshot(page, 'e2e-smoke-command');

    step('hovering "world"');
    const hover = await cs.hoverAt(page, 'world', { expect: 'demo hover' });
    check('hover shows the provider text', hover.includes('demo hover for world'), hover);
    await cs.screenshot(page, 'e2e-smoke-hover');
    await page.mouse.move(2, 2);

    step('reading the Problems panel');
    const rows = await cs.problems(page, { minRows: 2 });
    const markers = rows.filter((r) => r.kind === 'marker');
    console.log(`     marker aria-labels: ${JSON.stringify(markers.map((r) => r.ariaLabel))}`);
    check('Problems panel lists both diagnostics', markers.some((r) => r.text.includes('demo: found "bad"')) && markers.some((r) => r.text.includes('demo: found "broken"')), rows.map((r) => r.text));
    check('severities are read', markers.find((r) => r.text.includes('broken'))?.severity === 'error' && markers.find((r) => r.text.includes('"bad"'))?.severity === 'warning', markers.map((r) => r.severity));
    const ptext = await cs.problemsPanelText(page);
    check('problemsPanelText gives the text', ptext.includes('hello.demo') && ptext.includes('[Ln 3, Col 17]'), ptext);
    const counts = await cs.problemCounts(page);
    check('status bar counts', counts.errors === 1 && counts.warnings === 1, counts.label);
    const shot = await cs.screenshot(page, 'e2e-smoke');
    step(`screenshot ${path.relative(process.cwd(), shot)}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${e.stack || e}`);
    if (page) {
      const shot = await cs.screenshot(page, 'e2e-smoke-failure').catch(() => null);
      if (shot) console.log(`failure screenshot: ${shot}`);
      if (page.segocConsole.length) console.log(`browser console:\n  ${page.segocConsole.slice(-15).join('\n  ')}`);
    }
    console.log(`code-server log: ${server.logPath}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    await server.stop();
  }
  if (!failed && !process.env.SEGOC_E2E_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  step('done');
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
