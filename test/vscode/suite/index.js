// The extension-host suite: VS Code loads this file through `extensionTestsPath` (see
// scripts/test-vscode.js) and calls run(). Plain JavaScript and node:assert, no test framework:
// each check runs in turn with a timeout, the counts are printed, and run() rejects if any failed
// (which makes VS Code exit with a non-zero code).
'use strict';

const assert = require('node:assert/strict');
const path = require('path');
const vscode = require('vscode');

const WORKSPACE = path.resolve(__dirname, '..', 'workspace');
const EXTENSION_ID = 'segoc.segoc';
const TIMEOUT_MS = 60000;

const checks = [];
function check(name, fn) {
  checks.push({ name, fn });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns a truthy value, or fails after `ms`. */
async function waitFor(what, probe, ms = 30000) {
  const start = Date.now();
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (err) {
      last = err;
    }
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await sleep(200);
  }
}

function fixture(name) {
  return vscode.Uri.file(path.join(WORKSPACE, name));
}

async function open(name) {
  const document = await vscode.workspace.openTextDocument(fixture(name));
  await vscode.window.showTextDocument(document);
  return document;
}

function codeOf(diagnostic) {
  const c = diagnostic.code;
  return c && typeof c === 'object' ? String(c.value) : String(c);
}

function hoverText(hovers) {
  const parts = [];
  for (const h of hovers) for (const c of h.contents) parts.push(typeof c === 'string' ? c : c.value);
  return parts.join('\n');
}

// ---------------------------------------------------------------------------------------------

check('the extension activates on a .segoc file', async () => {
  const document = await open('legal.segoc');
  assert.equal(document.languageId, 'segoc');
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is installed`);
  await waitFor('activation', () => extension.isActive);
  const commands = await vscode.commands.getCommands(true);
  for (const c of ['segoc.showPreview', 'segoc.showPreviewToSide', 'segoc.restartServer']) assert.ok(commands.includes(c), c);
});

check('a legal sample has no error diagnostics', async () => {
  const document = await open('legal.segoc');
  // Give the server time to answer, then make sure nothing is an error.
  await sleep(1500);
  const errors = vscode.languages.getDiagnostics(document.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
  assert.deepEqual(errors.map((d) => d.message), []);
});

check('an illegal sample gets a segoc-order error on CL1 of its second chain', async () => {
  const document = await open('illegal.segoc');
  const diagnostic = await waitFor('the segoc-order diagnostic', () =>
    vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'segoc-order'),
  );
  assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
  assert.equal(diagnostic.range.start.line, 13);
  assert.match(diagnostic.message, /R11/);
});

check('hover on a card name tells about the card', async () => {
  const document = await open('legal.segoc');
  const line = document.lineAt(11).text; // 1 Yugi "Raigeki" -> ...
  const at = new vscode.Position(11, line.indexOf('Raigeki') + 2);
  const hovers = await waitFor('a hover', async () => {
    const h = await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, at);
    return h && h.length ? h : undefined;
  });
  assert.match(hoverText(hovers), /Raigeki/);
});

check('a quick fix corrects a misspelled card name', async () => {
  const document = await vscode.workspace.openTextDocument({
    language: 'segoc',
    content: 'scenario "typo"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangann"\n',
  });
  await vscode.window.showTextDocument(document);
  const diagnostic = await waitFor('the unknown-card diagnostic', () =>
    vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'unknown-card'),
  );
  const actions = await vscode.commands.executeCommand(
    'vscode.executeCodeActionProvider',
    document.uri,
    diagnostic.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  const fix = (actions || []).find((a) => a.edit && /Sangan/.test(a.title));
  assert.ok(fix, `a quick fix among ${JSON.stringify((actions || []).map((a) => a.title))}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.equal(document.lineAt(3).text, '  Yugi field: "Sangan"');
  await waitFor('the diagnostic to go away', () =>
    !vscode.languages.getDiagnostics(document.uri).some((d) => codeOf(d) === 'unknown-card'),
  );
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
});

check('library documents open read-only from segoc-library: URIs', async () => {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse('segoc-library:/library/staples.segoc'));
  assert.match(document.getText(), /^card "/m);
  assert.equal(document.languageId, 'segoc');
});

check('the preview command opens a webview panel beside the editor', async () => {
  const document = await open('legal.segoc');
  await vscode.commands.executeCommand('segoc.showPreviewToSide', document.uri);
  const tab = await waitFor('the preview tab', () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('segoc.preview')),
  );
  assert.match(tab.label, /legal\.segoc/);
  // Showing it again reveals the same panel instead of opening a second one.
  await vscode.commands.executeCommand('segoc.showPreview', document.uri);
  await sleep(300);
  const count = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('segoc.preview')).length;
  assert.equal(count, 1);
});

check('the server restarts and checks again', async () => {
  await vscode.commands.executeCommand('segoc.restartServer');
  const document = await open('illegal.segoc');
  await waitFor('diagnostics after the restart', () =>
    vscode.languages.getDiagnostics(document.uri).some((d) => codeOf(d) === 'segoc-order'),
  );
});

// ---------------------------------------------------------------------------------------------

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name}: timed out after ${ms} ms`)), ms);
    }),
  ]);
}

async function run() {
  let passed = 0;
  let failed = 0;
  for (const c of checks) {
    const start = Date.now();
    try {
      await withTimeout(Promise.resolve().then(c.fn), TIMEOUT_MS, c.name);
      passed++;
      console.log(`ok - ${c.name} (${Date.now() - start} ms)`);
    } catch (err) {
      failed++;
      console.error(`not ok - ${c.name}\n  ${(err && err.stack) || err}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} of ${checks.length} checks failed`);
}

module.exports = { run };
