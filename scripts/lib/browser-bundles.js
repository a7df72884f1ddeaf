// The bundles of VS Code for the Web (package.json `browser`): the extension for the web extension host
// (dist/browser/client.js) and the language server for a Web Worker (dist/browser/server.js). They are
// built from the same sources as the Node bundles, with one rule: a module `x.ts` that has a sibling
// `x.browser.ts` is replaced by it (the Node-only parts: files, paths, the language client's process),
// as an npm package's `browser` field does. esbuild's browser platform refuses Node built-ins, so a
// module that reaches one without a browser sibling fails the build instead of failing in vscode.dev.
'use strict';
const fs = require('fs');
const path = require('path');

/** esbuild plugin: `./x` resolved to x.ts is bundled as x.browser.ts when that file exists. */
const browserSiblings = {
  name: 'browser-siblings',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const base = path.resolve(args.resolveDir, args.path);
      if (base.endsWith('.browser')) return undefined;
      const sibling = `${base}.browser.ts`;
      return fs.existsSync(sibling) && fs.existsSync(`${base}.ts`) ? { path: sibling } : undefined;
    });
  },
};

/** The two build configurations, from the Node bundles' common options (minify, source maps). */
function browserBundles(common) {
  const browser = {
    ...common,
    platform: 'browser',
    target: 'es2022',
    plugins: [browserSiblings],
    // The server's modules import the LSP library's Node entry for its shared API (types, TextDocuments,
    // ResponseError); in the worker the same API comes from its browser entry.
    alias: { 'vscode-languageserver/node': 'vscode-languageserver/browser' },
  };
  return [
    { ...browser, format: 'cjs', entryPoints: ['client/src/extension.ts'], outfile: 'dist/browser/client.js', external: ['vscode'] },
    { ...browser, format: 'iife', entryPoints: ['server/src/lsp/main.browser.ts'], outfile: 'dist/browser/server.js' },
  ];
}

module.exports = { browserBundles, browserSiblings };
