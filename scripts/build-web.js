#!/usr/bin/env node
// `npm run build:web`: the playground, a static site in dist/web/ (docs/web.md). Run after scripts/build.js
// (which writes the curated library module core embeds and dist/cards/, the generated card library).
//
//   index.html, style.css   the page (web/static/), its CSP in a meta tag: scripts only from the site itself,
//                           styles from the site and CodeMirror's one <style> element (this build's nonce)
//   preview.css             the chain view's style: the VS Code preview's (media/preview.css)
//   page.js                 the editor (CodeMirror 6) and the views (web/src/page.ts)
//   worker.js               the checker: core, in a Web Worker (web/src/worker.ts)
//   sw.js                   the service worker that caches the site for offline use (web/src/sw.ts)
//   examples.json           the samples (seed examples first), read at build time
//   cards/                  the generated card library, fetched by the worker after the first check
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');

/** A sample's first comment line, the Examples list's tooltip (which article, which rule). */
function summaryOf(text) {
  const first = /^#\s*(.+)$/m.exec(text);
  return first ? first[1].replace(/\s*\(\w+\.txt\)\.?$/, '').trim() : '';
}

/** The samples as { path, summary, text }, seeds first, then the rules' and the modern ones (sorted within each). */
function examples() {
  const dir = path.join(root, 'samples');
  const order = ['seeds', 'rules', 'modern'];
  const list = [];
  for (const sub of order) {
    const folder = path.join(dir, sub);
    if (!fs.existsSync(folder)) continue;
    for (const f of fs.readdirSync(folder).filter((n) => n.endsWith('.segoc')).sort()) {
      const text = fs.readFileSync(path.join(folder, f), 'utf8');
      list.push({ path: `${sub}/${f}`, summary: summaryOf(text), text });
    }
  }
  return list;
}

/**
 * The VS Code preview's own style (media/preview.css, which client/src/preview/html.ts puts inline), its `body`
 * rules moved to the page's
 * chain view (`.segoc-preview`); the page sets the --vscode-* colours it reads (web/static/style.css).
 */
function previewStyle() {
  const style = fs.readFileSync(path.join(root, 'media', 'preview.css'), 'utf8');
  return `/* The resolved-chain view: the VS Code preview's style (client/src/preview/html.ts). */\n\n${style.replace(/(^|[\s,])body(?=[\s.{,])/g, '$1.segoc-preview')}`;
}

/** The README's first segoc example: what the page shows without a share link. */
function readmeExample() {
  const match = /^```segoc\n([\s\S]*?)^```$/m.exec(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  if (!match) throw new Error('README.md has no ```segoc example');
  return match[1];
}

/**
 * The nonce of CodeMirror's <style> element (EditorView.cspNonce), so the CSP needs no style-src
 * 'unsafe-inline'. A static site cannot make one per response: it is new with each build, which still
 * refuses every style attribute and every <style> without it (the editor sets its styles through the
 * CSSOM, which CSP does not govern).
 */
function styleNonce() {
  return crypto.randomBytes(16).toString('base64');
}

/** Every file of dist/web/ (relative, '/'-separated) except the service worker itself. */
function siteFiles(dir, prefix = '') {
  const files = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix + e.name;
    if (e.isDirectory()) files.push(...siteFiles(path.join(dir, e.name), `${rel}/`));
    else if (rel !== 'sw.js' && !rel.endsWith('.map')) files.push(rel);
  }
  return files;
}

/** Builds the site into `out` (default dist/web/), with the card library of `cards` (default dist/cards/). */
async function buildWeb({ production = true, out = path.join(root, 'dist', 'web'), cards = path.join(root, 'dist', 'cards') } = {}) {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const common = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    minify: production,
    sourcemap: !production,
    logLevel: 'warning',
    legalComments: 'none',
    // The LSP feature modules the worker reuses (hover, completion) import only types and enums from
    // vscode-languageserver/node; in the browser those come from vscode-languageserver-types.
    alias: { 'vscode-languageserver/node': 'vscode-languageserver-types' },
  };
  const nonce = styleNonce();
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'web/src/page.ts')],
      outfile: path.join(out, 'page.js'),
      define: { SEGOC_DEFAULT_TEXT: JSON.stringify(readmeExample()), SEGOC_STYLE_NONCE: JSON.stringify(nonce) },
    }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'web/src/worker.ts')], outfile: path.join(out, 'worker.js') }),
  ]);
  for (const f of fs.readdirSync(path.join(root, 'web/static'))) fs.copyFileSync(path.join(root, 'web/static', f), path.join(out, f));
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  if (!html.includes('SEGOC_STYLE_NONCE')) throw new Error('web/static/index.html has no SEGOC_STYLE_NONCE in its CSP');
  fs.writeFileSync(path.join(out, 'index.html'), html.replace('SEGOC_STYLE_NONCE', nonce));
  fs.writeFileSync(path.join(out, 'preview.css'), previewStyle());
  fs.copyFileSync(path.join(root, 'icon.png'), path.join(out, 'icon.png'));
  fs.writeFileSync(path.join(out, 'examples.json'), JSON.stringify(examples()));
  if (fs.existsSync(path.join(cards, 'cards.tsv'))) fs.cpSync(cards, path.join(out, 'cards'), { recursive: true });
  // The service worker's cache is named after the content of every file, so a new build replaces it whole.
  const files = siteFiles(out);
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(f).update(fs.readFileSync(path.join(out, f)));
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, 'web/src/sw.ts')],
    outfile: path.join(out, 'sw.js'),
    sourcemap: false,
    define: { SEGOC_SITE_FILES: JSON.stringify(files), SEGOC_SITE_VERSION: JSON.stringify(hash.digest('hex').slice(0, 16)) },
  });
  return { out, files: [...files, 'sw.js'] };
}

if (require.main === module) {
  buildWeb({ production: !process.argv.includes('--dev') }).catch((err) => {
    console.error(`build:web failed: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { buildWeb };
