// Renders the resolved-chain preview as one HTML document string. Pure (no `vscode` import): the
// unit tests compile it on their own.
//
// Security model (the scenario text is untrusted: a shared .segoc file may hold anything):
// - a strict Content-Security-Policy: nothing but our own nonce'd <style> and <script> elements and
//   images from the extension (there are none); a fresh nonce for every render;
// - every piece of scenario text goes through escapeHtml, in text and in (double-quoted) attributes;
//   numbers in attributes go through num(); no scenario text ever reaches the script, which reads
//   only data-* attributes that hold integers or the escaped document URI;
// - no remote resources, no inline style attributes (the CSP would block them anyway), colours only
//   through the --vscode-* theme variables.
import {
  ChainView,
  DiagnosticView,
  LinkView,
  PreviewViewModel,
  ResolutionStepView,
  ScenarioView,
} from './model';
import { Child, escapeHtml, h, HtmlElement, num, toHtml } from './tree';

export { escapeHtml };

export interface RenderOptions {
  /** `webview.cspSource` of the panel. */
  cspSource: string;
  /** Defaults to a fresh random nonce. */
  nonce?: string;
}

/** A nonce for the CSP: 128 random bits, hex (Web Crypto, global in Node 20 and the extension host). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  const webCrypto = (globalThis as unknown as { crypto?: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;
  if (webCrypto) webCrypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return (
    `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; ` +
    `script-src 'nonce-${nonce}'; img-src ${cspSource} data:;`
  );
}

// ---------------------------------------------------------------------------------------------
// Style

export const PREVIEW_STYLE = `
:root { color-scheme: light dark; }
* { box-sizing: border-box; }
body {
  margin: 0;
  padding: 18px 22px 48px;
  background: var(--vscode-editor-background);
  color: var(--vscode-editor-foreground);
  font-family: var(--vscode-font-family);
  font-size: var(--vscode-font-size);
  font-weight: var(--vscode-font-weight);
  line-height: 1.45;
}
h1, h2, h3 { margin: 0; font-weight: 600; }
code, .mono { font-family: var(--vscode-editor-font-family); font-size: 0.92em; }
.muted { color: var(--vscode-descriptionForeground); }

.cat-1 { --cat: var(--vscode-charts-blue); }
.cat-2 { --cat: var(--vscode-charts-orange); }
.cat-3 { --cat: var(--vscode-charts-green); }
.cat-4 { --cat: var(--vscode-charts-purple); }
.fast { --cat: var(--vscode-charts-yellow); }
.responder { --cat: var(--vscode-terminal-ansiCyan); }
.phase { --cat: var(--vscode-terminal-ansiMagenta); }
.hand { --cat: var(--vscode-charts-foreground); }
.slow { --cat: var(--vscode-descriptionForeground); }

[data-line] { cursor: pointer; }
[data-line]:focus { outline: none; }
[data-line]:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }

/* File header */
.file-header {
  display: flex; flex-wrap: wrap; align-items: center; gap: 10px 18px;
  padding-bottom: 12px; margin-bottom: 6px;
  border-bottom: 1px solid var(--vscode-panel-border);
}
.file-title { display: flex; align-items: baseline; gap: 8px; min-width: 0; }
.file-title h1 { font-size: 1.35em; overflow-wrap: anywhere; }
.file-kind { color: var(--vscode-descriptionForeground); font-size: 0.9em; white-space: nowrap; }
.summary { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; }
.summary.ok { color: var(--vscode-testing-iconPassed); }
.summary.bad { color: var(--vscode-errorForeground); }
.legend { display: flex; flex-wrap: wrap; gap: 6px 12px; margin: 0; padding: 0; list-style: none; margin-left: auto; font-size: 0.85em; color: var(--vscode-descriptionForeground); }
.legend li { display: inline-flex; align-items: center; gap: 5px; white-space: nowrap; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; background: var(--cat); }

/* Scenario */
.scenario {
  margin: 18px 0;
  border: 1px solid var(--vscode-panel-border);
  border-radius: 8px;
  overflow: hidden;
}
.scenario-head {
  display: flex; align-items: flex-start; gap: 10px;
  padding: 12px 16px 10px;
  border-top: 3px solid var(--verdict);
  background: color-mix(in srgb, var(--verdict) 6%, transparent);
}
.verdict-legal { --verdict: var(--vscode-testing-iconPassed); }
.verdict-illegal { --verdict: var(--vscode-errorForeground); }
.verdict-invalid { --verdict: var(--vscode-editorWarning-foreground); }
.scenario-index { font-family: var(--vscode-editor-font-family); color: var(--vscode-descriptionForeground); padding-top: 2px; }
.scenario-head h2 { font-size: 1.12em; flex: 1; min-width: 0; overflow-wrap: anywhere; }
.badges { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; }
.badge {
  display: inline-flex; align-items: center; gap: 4px;
  padding: 1px 9px; border-radius: 11px; border: 1px solid currentColor;
  font-size: 0.82em; font-weight: 600; white-space: nowrap;
}
.badge.legal, .badge.met { color: var(--vscode-testing-iconPassed); }
.badge.illegal, .badge.unmet { color: var(--vscode-errorForeground); }
.badge.invalid { color: var(--vscode-editorWarning-foreground); }
.badge.none { color: var(--vscode-descriptionForeground); font-weight: normal; }
.scenario-body { padding: 4px 16px 14px; }
.meta { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0 4px; font-size: 0.9em; color: var(--vscode-descriptionForeground); }
.meta .k { opacity: 0.85; }
.meta .v { color: var(--vscode-editor-foreground); }
.turn { font-size: 0.8em; border: 1px solid var(--vscode-panel-border); border-radius: 3px; padding: 0 4px; margin-left: 3px; color: var(--vscode-descriptionForeground); }
.source { font-style: italic; overflow-wrap: anywhere; }
.no-chain { margin: 10px 0 0; color: var(--vscode-descriptionForeground); font-style: italic; }

/* Diagnostics */
.diags { list-style: none; margin: 6px 0 0; padding: 0; display: grid; gap: 3px; }
.diag { display: grid; grid-template-columns: auto 1fr; gap: 6px; font-size: 0.9em; overflow-wrap: anywhere; }
.diag .glyph { font-weight: 700; }
.diag.error { color: var(--vscode-errorForeground); }
.diag.warning { color: var(--vscode-editorWarning-foreground); }
.diag.information, .diag.hint { color: var(--vscode-editorInfo-foreground); }
.diag.expected { color: var(--vscode-descriptionForeground); }
.diag code { font-weight: 600; }
.diag .rule { font-family: var(--vscode-editor-font-family); opacity: 0.85; }
.diag .msg { color: var(--vscode-editor-foreground); }
.diag.expected .msg, .diag.information .msg, .diag.hint .msg { color: var(--vscode-descriptionForeground); }
.file-problems { margin: 12px 0; padding: 8px 12px; border: 1px solid var(--vscode-errorForeground); border-radius: 6px; }
.file-problems h2 { font-size: 1em; margin-bottom: 4px; }

/* Chain */
.chain { margin-top: 14px; padding-top: 12px; border-top: 1px dashed var(--vscode-panel-border); }
.chain:first-of-type { border-top: none; padding-top: 4px; }
.chain-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 10px; }
.chain-head h3 { font-size: 1em; }
.chip {
  display: inline-flex; align-items: center; gap: 4px;
  padding: 0 7px; border-radius: 4px; font-size: 0.8em; line-height: 1.6; white-space: nowrap;
  border: 1px solid var(--vscode-panel-border); color: var(--vscode-descriptionForeground);
}
.chip.cat { border-color: var(--cat); color: var(--vscode-editor-foreground); background: color-mix(in srgb, var(--cat) 16%, transparent); }
.chip.ok { color: var(--vscode-testing-iconPassed); border-color: currentColor; }
.chip.bad { color: var(--vscode-errorForeground); border-color: currentColor; }
.chain-body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; }
@media (min-width: 720px) {
  .chain-body { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); }
}
.col-title { display: flex; align-items: baseline; gap: 8px; margin-bottom: 8px; font-size: 0.78em; letter-spacing: 0.06em; text-transform: uppercase; color: var(--vscode-descriptionForeground); font-weight: 600; }
.col-title .hint { text-transform: none; letter-spacing: 0; font-weight: normal; }

/* The stack: highest link on top, like a physical chain */
.stack { list-style: none; margin: 0; padding: 0; }
.link {
  position: relative;
  display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: 4px 10px; align-items: start;
  padding: 8px 10px 8px 8px;
  border: 1px solid color-mix(in srgb, var(--cat) 45%, var(--vscode-panel-border));
  border-left: 4px solid var(--cat);
  border-radius: 6px;
  background: color-mix(in srgb, var(--cat) 8%, var(--vscode-editor-background));
  transition: box-shadow 120ms ease;
}
.link + .link { margin-top: 16px; }
.link + .link::before {
  content: '';
  position: absolute; left: 20px; top: -19px;
  width: 9px; height: 20px;
  border: 2px solid var(--vscode-descriptionForeground);
  border-radius: 5px;
  opacity: 0.7;
}
.link:hover { box-shadow: 0 0 0 1px var(--cat); }
.link.illegal {
  border-color: var(--vscode-errorForeground);
  border-left-color: var(--cat);
  box-shadow: inset 0 0 0 1px var(--vscode-errorForeground);
}
.link.current { box-shadow: 0 0 0 2px var(--vscode-focusBorder); }
.cl {
  font-family: var(--vscode-editor-font-family); font-weight: 700; font-size: 0.92em;
  min-width: 40px; text-align: center; padding: 2px 6px; border-radius: 4px;
  border: 1px solid var(--cat);
  background: color-mix(in srgb, var(--cat) 22%, transparent);
}
.cl .written { display: block; font-weight: normal; font-size: 0.8em; color: var(--vscode-errorForeground); }
.link-main { min-width: 0; }
.link-title { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 8px; }
.card { font-weight: 600; overflow-wrap: anywhere; }
.card.unknown { font-style: italic; text-decoration: underline wavy var(--vscode-errorForeground); text-underline-offset: 3px; }
.controller { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
.tags { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.answers { margin-top: 4px; font-size: 0.88em; color: var(--vscode-descriptionForeground); overflow-wrap: anywhere; }
.effect { margin-top: 2px; font-size: 0.82em; color: var(--vscode-descriptionForeground); font-family: var(--vscode-editor-font-family); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.assumed { margin: 4px 0 0; padding-left: 16px; font-size: 0.85em; color: var(--vscode-descriptionForeground); }
.state { font-weight: 700; white-space: nowrap; font-size: 0.9em; }
.state.ok { color: var(--vscode-testing-iconPassed); }
.state.bad { color: var(--vscode-errorForeground); }
.stack-note { font-size: 0.8em; color: var(--vscode-descriptionForeground); margin: 6px 0 0 4px; }

/* Resolution */
.steps { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.step {
  display: grid; grid-template-columns: 24px minmax(0, 1fr); gap: 8px;
  padding: 6px 8px; border-radius: 6px;
  border: 1px solid transparent;
}
.step:hover { background: var(--vscode-list-hoverBackground); }
.step-num {
  width: 22px; height: 22px; border-radius: 50%;
  display: inline-flex; align-items: center; justify-content: center;
  font-size: 0.8em; font-weight: 700;
  border: 1px solid var(--cat);
  background: color-mix(in srgb, var(--cat) 20%, transparent);
}
.step-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 8px; }
.step .who { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
.status { font-size: 0.78em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; }
.status.resolved { color: var(--vscode-testing-iconPassed); }
.status.negated { color: var(--vscode-errorForeground); }
.status.no-effect { color: var(--vscode-descriptionForeground); }
.step.negated .card, .step.no-effect .card { text-decoration: line-through; text-decoration-color: var(--vscode-descriptionForeground); }
.did { margin: 3px 0 0; padding-left: 16px; font-size: 0.9em; overflow-wrap: anywhere; }
.did li::marker { color: var(--vscode-descriptionForeground); }
.leftovers { margin-top: 10px; padding: 6px 10px; border-left: 2px solid var(--vscode-panel-border); font-size: 0.9em; }
.leftovers ul { margin: 2px 0 0; padding-left: 16px; }

/* Order groups and collected triggers */
.order { margin-top: 12px; }
.groups { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
.group {
  display: inline-flex; align-items: center; gap: 6px;
  padding: 2px 8px; border-radius: 4px; font-size: 0.88em;
  border: 1px solid var(--cat);
  background: color-mix(in srgb, var(--cat) 10%, transparent);
}
.group .range { font-family: var(--vscode-editor-font-family); font-weight: 700; }
details.collected { margin-top: 10px; font-size: 0.9em; }
details.collected summary { cursor: pointer; color: var(--vscode-descriptionForeground); }
details.collected ul { margin: 4px 0 0; padding-left: 18px; }
.empty { margin: 40px 0; text-align: center; color: var(--vscode-descriptionForeground); }
.empty h1 { font-size: 1.2em; margin-bottom: 8px; color: var(--vscode-editor-foreground); }

/* High contrast: no tints, solid borders, visible focus */
body.vscode-high-contrast .link,
body.vscode-high-contrast .scenario-head,
body.vscode-high-contrast .chip.cat,
body.vscode-high-contrast .cl,
body.vscode-high-contrast .step-num,
body.vscode-high-contrast .group,
body.vscode-high-contrast-light .link,
body.vscode-high-contrast-light .scenario-head,
body.vscode-high-contrast-light .chip.cat,
body.vscode-high-contrast-light .cl,
body.vscode-high-contrast-light .step-num,
body.vscode-high-contrast-light .group { background: transparent; }
body.vscode-high-contrast .link,
body.vscode-high-contrast-light .link { border: 1px solid var(--vscode-contrastBorder); border-left: 6px solid var(--cat); }
body.vscode-high-contrast .link.illegal,
body.vscode-high-contrast-light .link.illegal { border: 2px dashed var(--vscode-errorForeground); border-left: 6px solid var(--cat); box-shadow: none; }
body.vscode-high-contrast .scenario,
body.vscode-high-contrast-light .scenario { border-color: var(--vscode-contrastBorder); }
body.vscode-high-contrast .step:hover,
body.vscode-high-contrast-light .step:hover { background: transparent; border: 1px dashed var(--vscode-contrastActiveBorder); }
body.vscode-high-contrast .link:hover,
body.vscode-high-contrast-light .link:hover { box-shadow: none; outline: 1px dashed var(--vscode-contrastActiveBorder); }
body.vscode-high-contrast [data-line]:focus-visible,
body.vscode-high-contrast-light [data-line]:focus-visible,
body.vscode-high-contrast .link.current,
body.vscode-high-contrast-light .link.current { outline: 2px solid var(--vscode-contrastActiveBorder); outline-offset: 2px; box-shadow: none; }
@media (prefers-reduced-motion: reduce) { .link { transition: none; } }
`;

// ---------------------------------------------------------------------------------------------
// Script (constant: no data is ever interpolated into it)

const SCRIPT = `
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const body = document.body;
  const uri = body.getAttribute('data-uri') || '';
  const previous = vscode.getState();
  const state = { uri: uri, scrollY: 0 };
  if (previous && previous.uri === uri && typeof previous.scrollY === 'number') state.scrollY = previous.scrollY;
  vscode.setState(state);
  if (state.scrollY > 0) window.scrollTo(0, state.scrollY);

  let saveTimer;
  window.addEventListener('scroll', function () {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(function () {
      state.scrollY = Math.round(window.scrollY);
      vscode.setState(state);
    }, 100);
  }, { passive: true });

  function lineOf(el) {
    const line = Number(el.getAttribute('data-line'));
    return Number.isInteger(line) && line >= 0 ? line : -1;
  }
  function reveal(el) {
    const line = lineOf(el);
    if (line >= 0) vscode.postMessage({ type: 'reveal', line: line });
  }
  document.addEventListener('click', function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('summary')) return;
    if (window.getSelection && String(window.getSelection()).length > 0) return;
    const el = target.closest('[data-line]');
    if (el) reveal(el);
  });
  document.addEventListener('keydown', function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !target.matches('[data-line]')) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(target);
    }
  });

  function highlight(line) {
    let best = null;
    document.querySelectorAll('.link[data-line]').forEach(function (el) {
      const start = lineOf(el);
      const end = Number(el.getAttribute('data-end-line'));
      el.classList.remove('current');
      if (start >= 0 && line >= start && line <= (Number.isInteger(end) ? end : start)) best = el;
    });
    if (best) {
      best.classList.add('current');
      const r = best.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) best.scrollIntoView({ block: 'nearest' });
    }
  }
  window.addEventListener('message', function (event) {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'highlightLine' && Number.isInteger(message.line)) highlight(message.line);
  });
  vscode.postMessage({ type: 'ready' });
})();
`;

// ---------------------------------------------------------------------------------------------
// Pieces (trees of tree.ts: the webview writes them as HTML, the playground as DOM nodes)

function renderLegend(legend: PreviewViewModel['legend']): HtmlElement {
  const items = legend.map((l) => h('li', { class: l.kind, title: l.label }, h('span', { class: 'swatch' }), l.short));
  return h('ul', { class: 'legend', 'aria-label': 'Link colours' }, items);
}

const SEVERITY_GLYPH: Record<string, string> = { error: '✕', warning: '⚠', information: 'ℹ', hint: 'ℹ' };

function renderDiagnostics(diags: DiagnosticView[]): Child {
  if (diags.length === 0) return false;
  const items = diags.map((d) =>
    h(
      'li',
      { class: `diag ${d.severity}${d.expected ? ' expected' : ''}`, 'data-line': d.line, title: `Line ${num(d.line + 1)}` },
      h('span', { class: 'glyph', 'aria-hidden': 'true' }, d.expected ? '✓' : SEVERITY_GLYPH[d.severity] ?? '•'),
      h(
        'span',
        {},
        h('code', {}, d.code),
        d.rule && [' ', h('span', { class: 'rule' }, d.rule)],
        d.expected && [' ', h('span', { class: 'chip' }, 'expected')],
        ' ',
        h('span', { class: 'msg' }, d.message),
      ),
    ),
  );
  return h('ul', { class: 'diags' }, items);
}

function renderLink(link: LinkView): HtmlElement {
  const written = link.number !== link.position && h('span', { class: 'written', title: `numbered ${num(link.number)} in the file` }, `written ${num(link.number)}`);
  const label = `Chain Link ${num(link.position)}: ${link.controller}'s ${link.card}${link.legal ? '' : ' (illegal)'}`;
  const tags: Child[] = [
    h('span', { class: 'chip cat', title: link.categoryLabel }, link.categoryShort),
    h('span', { class: 'chip', title: `Spell Speed ${num(link.spellSpeed)}` }, `SS${num(link.spellSpeed)}`),
    (link.role === 'batch-trigger' || link.role === 'hand-trigger') && h('span', { class: 'chip' }, link.roleLabel),
    link.effectIndex !== undefined && link.effectIndex > 1 && h('span', { class: 'chip' }, `effect ${num(link.effectIndex)}`),
    !link.cardKnown && h('span', { class: 'chip bad' }, 'unknown card'),
  ];
  return h(
    'li',
    { class: `link ${link.categoryClass} ${link.legal ? 'legal' : 'illegal'}`, 'data-line': link.line, 'data-end-line': link.endLine, tabindex: '0', role: 'button', 'aria-label': label },
    h('div', { class: 'cl' }, `CL${num(link.position)}`, written),
    h(
      'div',
      { class: 'link-main' },
      h('div', { class: 'link-title' }, h('span', { class: `card${link.cardKnown ? '' : ' unknown'}` }, link.card), h('span', { class: 'controller' }, link.controller)),
      h('div', { class: 'tags' }, tags),
      link.answers && h('div', { class: 'answers' }, `↳ answers ${link.answers}`),
      link.effect && h('div', { class: 'effect', title: link.effect }, link.effect),
      link.assumptions.length > 0 && h('ul', { class: 'assumed' }, link.assumptions.map((a) => h('li', {}, `assumed: ${a}`))),
      renderDiagnostics(link.diagnostics),
    ),
    link.legal ? h('span', { class: 'state ok', title: 'legal' }, '✓') : h('span', { class: 'state bad', title: 'illegal' }, '✕ illegal'),
  );
}

function renderStep(step: ResolutionStepView, link: LinkView | undefined): HtmlElement {
  const cat = link ? link.categoryClass : 'slow';
  return h(
    'li',
    { class: `step ${step.status} ${cat}`, 'data-line': step.line, tabindex: '0', role: 'button', 'aria-label': `Step ${step.order}: Chain Link ${step.position}, ${step.card}, ${step.statusLabel}` },
    h('span', { class: 'step-num' }, step.order),
    h(
      'div',
      {},
      h(
        'div',
        { class: 'step-head' },
        h('span', { class: 'mono' }, `CL${num(step.position)}`),
        h('span', { class: 'card' }, step.card),
        h('span', { class: 'who' }, step.controller),
        h('span', { class: `status ${step.status}` }, step.statusLabel),
      ),
      step.did.length > 0 && h('ul', { class: 'did' }, step.did.map((d) => h('li', {}, d))),
    ),
  );
}

function renderChain(chain: ChainView): HtmlElement {
  const count = chain.stack.length;
  const head = h(
    'div',
    { class: 'chain-head', 'data-line': chain.line, tabindex: '0', role: 'button', title: `Line ${num(chain.line + 1)}` },
    h('h3', {}, `Chain ${num(chain.index)}`),
    chain.phaseLabel && h('span', { class: 'chip' }, chain.phaseLabel),
    h('span', { class: 'chip' }, `${count} link${count === 1 ? '' : 's'}`),
    chain.legal ? h('span', { class: 'chip ok' }, '✓ legal') : h('span', { class: 'chip bad' }, '✕ illegal'),
  );
  const byPosition = new Map(chain.stack.map((l) => [l.position, l]));
  const stack = h(
    'div',
    { class: 'stack-col' },
    h('div', { class: 'col-title' }, 'Chain stack ', h('span', { class: 'hint' }, 'top resolves first')),
    count ? [h('ol', { class: 'stack' }, chain.stack.map(renderLink)), h('div', { class: 'stack-note' }, '▲ built from CL1 upwards')] : h('p', { class: 'muted' }, 'No links.'),
  );
  const resolution = h(
    'div',
    { class: 'resolve-col' },
    h('div', { class: 'col-title' }, 'Resolution ', h('span', { class: 'hint' }, 'step by step')),
    chain.resolution.length
      ? h('ol', { class: 'steps' }, chain.resolution.map((s) => renderStep(s, byPosition.get(s.position))))
      : h('p', { class: 'muted' }, 'Nothing resolves.'),
    chain.leftovers.length > 0 && h('div', { class: 'leftovers' }, h('span', { class: 'muted' }, 'Then'), h('ul', {}, chain.leftovers.map((l) => h('li', {}, l)))),
  );
  const groups =
    chain.orderGroups.length > 0 &&
    h(
      'div',
      { class: 'order' },
      h('div', { class: 'col-title' }, 'Legal order ', h('span', { class: 'hint' }, 'of the trigger batch')),
      h(
        'ul',
        { class: 'groups' },
        chain.orderGroups.map((g) =>
          h(
            'li',
            { class: `group ${g.categoryClass}`, title: g.description },
            h('span', { class: 'range' }, `CL${num(g.from)}${g.to !== g.from ? `–${num(g.to)}` : ''}`),
            h('span', {}, g.player),
            h('span', { class: 'muted' }, g.categoryShort),
            g.to > g.from && h('span', { class: 'muted' }, '· any order'),
          ),
        ),
      ),
    );
  const collected =
    chain.collected.length > 0 &&
    h(
      'details',
      { class: 'collected' },
      h('summary', {}, `Triggers collected when the chain started (${chain.collected.length})`),
      h('ul', {}, chain.collected.map((c) => h('li', {}, c))),
    );
  return h(
    'section',
    { class: `chain ${chain.legal ? 'legal' : 'illegal'}`, 'aria-label': `Chain ${num(chain.index)}` },
    head,
    renderDiagnostics(chain.diagnostics),
    h('div', { class: 'chain-body' }, stack, resolution),
    groups,
    collected,
  );
}

function renderScenario(sc: ScenarioView): HtmlElement {
  const verdictGlyph = sc.verdict === 'legal' ? '✓' : sc.verdict === 'illegal' ? '✕' : '⚠';
  const expectGlyph = sc.expectations.state === 'met' ? '✓' : sc.expectations.state === 'unmet' ? '✕' : '';
  const badges = h(
    'div',
    { class: 'badges' },
    h('span', { class: `badge ${sc.verdict}` }, `${verdictGlyph} ${sc.verdictLabel}`),
    h('span', { class: `badge ${sc.expectations.state}` }, `${expectGlyph ? `${expectGlyph} ` : ''}${sc.expectations.label}`),
  );
  const players = sc.players.map((p, i) => [
    i > 0 && [' ', h('span', { class: 'muted' }, 'vs'), ' '],
    p,
    p === sc.turnPlayer && h('span', { class: 'turn', title: 'turn player' }, 'turn'),
  ]);
  const meta = h(
    'div',
    { class: 'meta' },
    h('span', {}, h('span', { class: 'k' }, 'Rules'), ' ', h('span', { class: 'v' }, sc.ruleset)),
    h('span', {}, h('span', { class: 'k' }, 'Players'), ' ', h('span', { class: 'v' }, players)),
    sc.source && h('span', { class: 'source' }, h('span', { class: 'k' }, 'Source'), ' ', h('span', { class: 'v' }, sc.source)),
  );
  return h(
    'article',
    { class: `scenario verdict-${sc.verdict}`, id: `scenario-${num(sc.index)}` },
    h(
      'header',
      { class: 'scenario-head', 'data-line': sc.line, tabindex: '0', role: 'button', title: `Line ${num(sc.line + 1)}` },
      h('span', { class: 'scenario-index' }, `#${num(sc.index)}`),
      h('h2', {}, sc.title),
      badges,
    ),
    h(
      'div',
      { class: 'scenario-body' },
      meta,
      renderDiagnostics([...sc.expectations.problems, ...sc.diagnostics]),
      sc.chains.length ? sc.chains.map(renderChain) : h('p', { class: 'no-chain' }, 'This scenario has no chain.'),
    ),
  );
}

/** The preview's parts: the file's header, its problems outside the scenarios, one tree per scenario. */
export function previewParts(vm: PreviewViewModel): { header: HtmlElement; fileProblems: Child; scenarios: HtmlElement[] } {
  const s = vm.summary;
  const header = h(
    'header',
    { class: 'file-header' },
    h('div', { class: 'file-title' }, h('h1', {}, vm.fileName), h('span', { class: 'file-kind' }, 'resolved chains')),
    h('div', { class: `summary ${s.ok ? 'ok' : 'bad'}`, title: s.details.join('\n') }, h('span', { 'aria-hidden': 'true' }, s.ok ? '✓' : '✕'), s.text),
    renderLegend(vm.legend),
  );
  const fileProblems =
    vm.fileDiagnostics.length > 0 && h('section', { class: 'file-problems' }, h('h2', {}, 'Problems outside the scenarios'), renderDiagnostics(vm.fileDiagnostics));
  const scenarios = vm.scenarios.length
    ? vm.scenarios.map(renderScenario)
    : [h('div', { class: 'empty' }, h('h1', {}, 'No scenarios'), h('p', {}, 'Write a ', h('code', {}, 'scenario "…"'), ' line to start one.'))];
  return { header, fileProblems, scenarios };
}

function documentHtml(title: string, uri: string, bodyHtml: string, options: RenderOptions): string {
  const nonce = options.nonce ?? createNonce();
  const csp = contentSecurityPolicy(options.cspSource, nonce);
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">\n` +
    `<title>${escapeHtml(title)}</title>\n` +
    `<style nonce="${escapeHtml(nonce)}">${PREVIEW_STYLE}</style>\n` +
    `</head>\n<body class="segoc-preview" data-uri="${escapeHtml(uri)}">\n` +
    bodyHtml +
    `\n<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>\n</body>\n</html>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** The whole preview document for a view model. */
export function renderPreviewHtml(vm: PreviewViewModel, options: RenderOptions): string {
  const { header, fileProblems, scenarios } = previewParts(vm);
  const body = `${toHtml(header)}\n${toHtml(fileProblems)}\n<main>\n${scenarios.map(toHtml).join('\n')}\n</main>`;
  return documentHtml(`Resolved chains: ${vm.fileName}`, vm.uri, body, options);
}

/** A document with only a message (waiting for the server, an error). */
export function renderMessageHtml(title: string, message: string, uri: string, options: RenderOptions): string {
  return documentHtml(
    title,
    uri,
    toHtml(h('div', { class: 'empty' }, h('h1', {}, title), h('p', {}, message))),
    options,
  );
}
