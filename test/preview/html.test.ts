// The preview's HTML (client/src/preview/html.ts): CSP with a fresh nonce, no remote resources,
// every piece of scenario text escaped, theme colours only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze } from '../../server/src/core/internal';
import { preview } from '../../server/src/lsp/preview';
import { buildViewModel, PreviewResult, PreviewViewModel } from '../../client/src/preview/model';
import { contentSecurityPolicy, escapeHtml, renderMessageHtml, renderPreviewHtml } from '../../client/src/preview/html';
import { PREVIEW_ASSETS } from './assets';
import { repoRoot } from '../helpers';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

function viewModel(text: string, uri = 'file:///work/sample.segoc'): PreviewViewModel {
  const a = analyze(text, { uri });
  const result: PreviewResult = preview(a, uri, 1);
  return buildViewModel(JSON.parse(JSON.stringify(result)));
}

function render(vm: PreviewViewModel): string {
  return renderPreviewHtml(vm, { cspSource: CSP_SOURCE, assets: PREVIEW_ASSETS });
}

const s2 = fs.readFileSync(path.join(repoRoot(), 'samples/seeds/s2-chain-pt.segoc'), 'utf8');

/** The CSP meta tag's content, unescaped. */
function cspOf(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m, 'CSP meta tag');
  return m[1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Every start tag: name and attribute names. */
function tags(html: string): Array<{ name: string; attrs: string[]; raw: string }> {
  const out: Array<{ name: string; attrs: string[]; raw: string }> = [];
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attrs = [...m[2].matchAll(/([a-zA-Z-]+)(?:="[^"]*")?/g)].map((a) => a[1].toLowerCase());
    out.push({ name: m[1].toLowerCase(), attrs, raw: m[0] });
  }
  return out;
}

/** Text between <script> tags and <style> tags. */
function blocks(html: string, tag: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
}

const ALLOWED_TAGS = new Set([
  'html', 'head', 'meta', 'title', 'style', 'body', 'header', 'main', 'section', 'article', 'div', 'span', 'h1', 'h2', 'h3',
  'p', 'ul', 'ol', 'li', 'code', 'details', 'summary', 'script',
]);

test('a strict CSP with a nonce that every script and style tag carries', () => {
  const html = render(viewModel(s2));
  const csp = cspOf(html);
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  assert.ok(nonce && nonce.length >= 16, 'nonce in CSP');
  assert.equal(csp, contentSecurityPolicy(CSP_SOURCE, nonce));
  assert.match(csp, /^default-src 'none'; /);
  assert.match(csp, new RegExp(`style-src ${CSP_SOURCE.replace(/[.+]/g, '\\$&')} 'nonce-${nonce}';`));
  assert.match(csp, new RegExp(`script-src 'nonce-${nonce}';`));
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  const scripts = tags(html).filter((t) => t.name === 'script');
  assert.equal(scripts.length, 1);
  for (const t of tags(html).filter((x) => x.name === 'script' || x.name === 'style')) {
    assert.ok(t.raw.includes(`nonce="${nonce}"`), `${t.raw} carries the nonce`);
  }
  // The CSP meta comes before any style or script.
  assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<style'));
});

test('two renders get different nonces', () => {
  const vm = viewModel(s2);
  const a = /'nonce-([^']+)'/.exec(cspOf(render(vm)))![1];
  const b = /'nonce-([^']+)'/.exec(cspOf(render(vm)))![1];
  assert.notEqual(a, b);
  const m1 = /'nonce-([^']+)'/.exec(cspOf(renderMessageHtml('t', 'm', 'file:///x', { cspSource: CSP_SOURCE, assets: PREVIEW_ASSETS })))![1];
  assert.notEqual(m1, a);
});

test('no remote or local resources: no src, href, url(), @import, http: or https:', () => {
  const html = render(viewModel(s2));
  const body = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
  assert.doesNotMatch(body, /https?:/);
  for (const t of tags(html)) {
    assert.ok(ALLOWED_TAGS.has(t.name), `unexpected tag <${t.name}>`);
    for (const a of t.attrs) {
      assert.ok(!['src', 'href', 'srcset', 'action', 'formaction', 'style'].includes(a), `${t.raw}: ${a}`);
      assert.ok(!a.startsWith('on'), `${t.raw}: event handler ${a}`);
    }
  }
  const css = blocks(html, 'style').join('\n');
  assert.doesNotMatch(css, /url\(|@import/);
});

test('colours come only from --vscode-* variables, with high-contrast rules', () => {
  const css = blocks(render(viewModel(s2)), 'style').join('\n');
  assert.doesNotMatch(css, /#[0-9a-fA-F]{3,8}\b/, 'no hex colours');
  assert.doesNotMatch(css, /\b(rgb|rgba|hsl|hsla)\(/, 'no rgb()/hsl()');
  assert.doesNotMatch(css, /:\s*(white|black|red|green|blue|gray|grey)\s*[;}]/i, 'no named colours');
  for (const v of ['--vscode-editor-background', '--vscode-editor-foreground', '--vscode-errorForeground', '--vscode-focusBorder', '--vscode-charts-blue']) {
    assert.ok(css.includes(`var(${v})`), v);
  }
  assert.match(css, /body\.vscode-high-contrast /);
  for (const c of ['cat-1', 'cat-2', 'cat-3', 'cat-4', 'fast', 'responder', 'phase']) assert.match(css, new RegExp(`\\.${c} \\{ --cat: var\\(--vscode-`));
});

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '</style><script>alert(2)</script>',
  'javascript:alert(3)',
  `" onmouseover="alert(4)" x='y'`,
];

function assertNoInjection(html: string): void {
  assert.equal((html.match(/<script/gi) ?? []).length, 1, 'one script tag');
  assert.equal((html.match(/<\/script/gi) ?? []).length, 1, 'one closing script tag');
  assert.equal((html.match(/<style/gi) ?? []).length, 1, 'one style tag');
  assert.equal((html.match(/<\/style/gi) ?? []).length, 1, 'one closing style tag');
  assert.doesNotMatch(html, /<img/i);
  // Outside the (constant) script and style, every "<" starts a well-formed tag of the allowed set,
  // whose attributes are all double-quoted and none an event handler or a resource.
  const markup = html.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/, '$1$2').replace(/(<style[^>]*>)[\s\S]*?(<\/style>)/, '$1$2');
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/y;
  for (const m of markup.matchAll(/<(?=[a-zA-Z])/g)) {
    tag.lastIndex = m.index!;
    const t = tag.exec(markup);
    assert.ok(t, `malformed tag at ${markup.slice(m.index!, m.index! + 80)}`);
    assert.ok(ALLOWED_TAGS.has(t[1].toLowerCase()), `unexpected tag <${t[1]}>`);
    const attrs = [...t[2].matchAll(/([a-zA-Z-]+)(?:="[^"]*")?/g)].map((a) => a[1].toLowerCase());
    for (const a of attrs) {
      assert.ok(!a.startsWith('on'), `event handler in ${t[0]}`);
      assert.ok(!['src', 'href', 'srcset', 'action', 'formaction', 'style'].includes(a), `${a} in ${t[0]}`);
    }
    // No quote left over once the quoted values are removed: a hostile quote did not break out.
    assert.doesNotMatch(t[0].replace(/="[^"]*"/g, ''), /['"]/, `stray quote in ${t[0]}`);
  }
  // Nothing but escaped text between tags: no raw quote-breaking or tag-like sequences.
  const text = markup.replace(/<[^>]*>/g, '');
  assert.doesNotMatch(text, /[<>]/);
}

test('hostile titles, sources and card names are escaped everywhere', () => {
  for (const h of HOSTILE) {
    const name = h.replace(/"/g, "'"); // a quoted card name cannot hold a double quote
    const text = [
      `card "${name}": quick-play spell`,
      '',
      `scenario "${name}"`,
      `  source "${name}"`,
      '  players Yugi, Kaiba',
      '  turn Yugi',
      '  chain',
      '    1 Yugi "Raigeki" -> destroy all Kaiba\'s monsters',
      `    2 Kaiba "${name}"`,
      `    3 Yugi "${name} 2"`,
      '',
    ].join('\n');
    const vm = viewModel(text);
    assert.equal(vm.scenarios[0].title, name);
    const html = render(vm);
    assertNoInjection(html);
    assert.ok(html.includes(escapeHtml(name)), `escaped text of ${name} present`);
  }
});

test('hostile diagnostic messages, codes, player names and the document URI are escaped', () => {
  const vm = viewModel(s2, 'file:///tmp/%22%3E%3Cscript%3E.segoc');
  const sc = vm.scenarios[1];
  const link = sc.chains[0].stack[0];
  const evil = '<script>alert(1)</script><img src=x onerror=alert(1)></style>" onfocus="alert(5)';
  link.diagnostics[0].message = evil;
  link.diagnostics[0].code = evil;
  link.diagnostics[0].rule = evil;
  link.controller = evil;
  link.card = evil;
  link.answers = evil;
  link.effect = evil;
  link.assumptions = [evil];
  link.categoryLabel = evil;
  sc.players = [evil, 'Kaiba'];
  sc.turnPlayer = evil;
  sc.ruleset = evil;
  sc.chains[0].resolution[0].did = [evil];
  sc.chains[0].resolution[0].card = evil;
  sc.chains[0].leftovers = [evil];
  sc.chains[0].collected = [evil];
  sc.chains[0].phaseLabel = evil;
  vm.fileName = evil;
  vm.uri = `file:///x" onload="alert(6)`;
  vm.summary.text = evil;
  vm.summary.details = [evil];
  vm.fileDiagnostics = [{ code: evil, severity: 'error', message: evil, line: 0, expected: false }];
  const html = render(vm);
  assertNoInjection(html);
  assert.ok(html.includes('data-uri="file:///x&quot; onload=&quot;alert(6)"'));
  assert.ok(html.includes(escapeHtml(evil)));
});

test('the script is the same for every document (no data in it) and uses neither eval nor innerHTML', () => {
  const a = blocks(render(viewModel(s2)), 'script')[0];
  const b = blocks(render(viewModel('scenario "<x>"\n  players A, B\n  turn A\n', 'file:///other.segoc')), 'script')[0];
  assert.equal(a, b);
  assert.doesNotMatch(a, /\beval\b|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  assert.match(a, /acquireVsCodeApi\(\)/);
  assert.match(a, /type: 'reveal'/);
  assert.match(a, /type: 'ready'/);
  assert.match(a, /setState/);
});

test('the stack is rendered highest link first, each block with its source line', () => {
  const vm = viewModel(s2);
  const html = render(vm);
  const firstChain = html.slice(html.indexOf('<section class="chain'), html.indexOf('</section>'));
  const links = [...firstChain.matchAll(/<li class="link ([a-z0-9-]+) (legal|illegal)" data-line="(\d+)" data-end-line="(\d+)"[^>]*>\s*<div class="cl">CL(\d+)/g)];
  assert.deepEqual(
    links.map((m) => [m[1], m[5]]),
    [
      ['responder', '3'],
      ['fast', '2'],
      ['slow', '1'],
    ],
  );
  assert.deepEqual(
    links.map((m) => Number(m[3])),
    vm.scenarios[0].chains[0].stack.map((l) => l.line),
  );
  // Every data-line is a non-negative integer.
  for (const m of html.matchAll(/data-(?:end-)?line="([^"]*)"/g)) assert.match(m[1], /^\d+$/);
  // The steps of the resolution, in order.
  const steps = [...firstChain.matchAll(/<li class="step (resolved|negated|no-effect)[^"]*"[^>]*><span class="step-num">(\d+)<\/span><div><div class="step-head"><span class="mono">CL(\d+)/g)];
  assert.deepEqual(
    steps.map((m) => [m[2], m[3], m[1]]),
    [
      ['1', '3', 'resolved'],
      ['2', '2', 'negated'],
      ['3', '1', 'resolved'],
    ],
  );
});

test('verdicts, expectations and illegal links are visible', () => {
  const html = render(viewModel(s2));
  assert.match(html, /class="summary ok"[^>]*><span aria-hidden="true">✓<\/span>6 scenarios as expected/);
  assert.match(html, /<article class="scenario verdict-illegal" id="scenario-2">/);
  assert.match(html, /<span class="badge met">✓ expectations met<\/span>/);
  assert.match(html, /<li class="link fast illegal"/);
  assert.match(html, /<code>counter-trap-only<\/code> <span class="rule">R8<\/span> <span class="chip">expected<\/span>/);
});

test('escapeHtml handles & < > " \'', () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  assert.equal(escapeHtml(undefined), '');
  assert.equal(escapeHtml(null), '');
  assert.equal(escapeHtml(42), '42');
  assert.equal(escapeHtml('plain'), 'plain');
});

test('a message page has the same CSP and escapes its text', () => {
  const html = renderMessageHtml('<b>t</b>', '<script>alert(1)</script>', 'file:///a"b', { cspSource: CSP_SOURCE, nonce: 'abc123abc123abc123', assets: PREVIEW_ASSETS });
  assert.match(cspOf(html), /script-src 'nonce-abc123abc123abc123';/);
  assertNoInjection(html);
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.ok(html.includes('data-uri="file:///a&quot;b"'));
});
