#!/usr/bin/env node
// `npm run test:core`: the inner loop of a rule or core change. Runs only the test files that exercise core alone
// (they import core and the test helpers, never the server, the CLI, the host, the client, a bundle or a child
// process), compiled with the test settings but without the rest of the tree, so the loop costs seconds where
// `npm test` costs a minute. `npm test` still runs everything.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const ts = require('typescript');

const root = path.resolve(__dirname, '..');
const OUTSIDE_CORE = /server\/src\/(lsp|cli|host)\b|client\/|dist\/|child_process|worker_threads|vscode/;

/** The test files of test/ whose imports stay in core (test/helpers.ts and node's own modules aside). */
function coreTestFiles() {
  const dir = path.join(root, 'test');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => {
      const imports = ts.preProcessFile(fs.readFileSync(path.join(dir, f), 'utf8'), true, true).importedFiles.map((i) => i.fileName);
      return !imports.some((spec) => OUTSIDE_CORE.test(spec));
    })
    .map((f) => path.join(dir, f));
}

function compile(files) {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.test.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files, config.options);
  const result = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    process.exit(1);
  }
}

function main() {
  // The curated library is embedded by the build (core/library/generated.ts): write it first, as `npm test` does.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const files = coreTestFiles();
  if (process.argv.includes('--list')) {
    for (const f of files) console.log(path.relative(root, f));
    return;
  }
  compile(files);
  const compiled = files.map((f) => path.join(root, 'out', path.relative(root, f)).replace(/\.ts$/, '.js'));
  const run = spawnSync(process.execPath, ['--test', ...process.argv.slice(2), ...compiled], { stdio: 'inherit', cwd: root });
  process.exit(run.status ?? 1);
}

if (require.main === module) main();

module.exports = { coreTestFiles };
