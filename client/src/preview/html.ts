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

export interface RenderOptions {
  /** `webview.cspSource` of the panel. */
  cspSource: string;
  /** Defaults to a fresh random nonce. */
  nonce?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and for double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A nonce for the CSP: 128 random bits, hex (Web Crypto, global in Node 20 and the extension host). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  const webCrypto = (globalThis as unknown as { crypto?: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;
  if (webCrypto) webCrypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A number for an attribute: a finite integer, else 0. */
function num(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? String(Math.trunc(n)) : '0';
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return (
    `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; ` +
    `script-src 'nonce-${nonce}'; img-src ${cspSource} data:;`
  );
}

// ---------------------------------------------------------------------------------------------
// Style

const STYLE = `
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
// Pieces

function renderLegend(legend: PreviewViewModel['legend']): string {
  const items = legend
    .map((l) => `<li class="${escapeHtml(l.kind)}" title="${escapeHtml(l.label)}"><span class="swatch"></span>${escapeHtml(l.short)}</li>`)
    .join('');
  return `<ul class="legend" aria-label="Link colours">${items}</ul>`;
}

const SEVERITY_GLYPH: Record<string, string> = { error: '✕', warning: '⚠', information: 'ℹ', hint: 'ℹ' };

function renderDiagnostics(diags: DiagnosticView[]): string {
  if (diags.length === 0) return '';
  const items = diags
    .map((d) => {
      const cls = `diag ${escapeHtml(d.severity)}${d.expected ? ' expected' : ''}`;
      const glyph = d.expected ? '✓' : SEVERITY_GLYPH[d.severity] ?? '•';
      const rule = d.rule ? ` <span class="rule">${escapeHtml(d.rule)}</span>` : '';
      const tag = d.expected ? ' <span class="chip">expected</span>' : '';
      return (
        `<li class="${cls}" data-line="${num(d.line)}" title="Line ${num(d.line + 1)}">` +
        `<span class="glyph" aria-hidden="true">${glyph}</span>` +
        `<span><code>${escapeHtml(d.code)}</code>${rule}${tag} <span class="msg">${escapeHtml(d.message)}</span></span>` +
        `</li>`
      );
    })
    .join('');
  return `<ul class="diags">${items}</ul>`;
}

function renderLink(link: LinkView): string {
  const written = link.number !== link.position ? `<span class="written" title="numbered ${num(link.number)} in the file">written ${num(link.number)}</span>` : '';
  const cls = `link ${escapeHtml(link.categoryClass)} ${link.legal ? 'legal' : 'illegal'}`;
  const label = `Chain Link ${num(link.position)}: ${link.controller}'s ${link.card}${link.legal ? '' : ' (illegal)'}`;
  const tags: string[] = [];
  tags.push(`<span class="chip cat" title="${escapeHtml(link.categoryLabel)}">${escapeHtml(link.categoryShort)}</span>`);
  tags.push(`<span class="chip" title="Spell Speed ${num(link.spellSpeed)}">SS${num(link.spellSpeed)}</span>`);
  if (link.role === 'batch-trigger' || link.role === 'hand-trigger') tags.push(`<span class="chip">${escapeHtml(link.roleLabel)}</span>`);
  if (link.effectIndex !== undefined && link.effectIndex > 1) tags.push(`<span class="chip">effect ${num(link.effectIndex)}</span>`);
  if (!link.cardKnown) tags.push(`<span class="chip bad">unknown card</span>`);
  const effect = link.effect ? `<div class="effect" title="${escapeHtml(link.effect)}">${escapeHtml(link.effect)}</div>` : '';
  const answers = link.answers ? `<div class="answers">↳ answers ${escapeHtml(link.answers)}</div>` : '';
  const assumed = link.assumptions.length
    ? `<ul class="assumed">${link.assumptions.map((a) => `<li>assumed: ${escapeHtml(a)}</li>`).join('')}</ul>`
    : '';
  const state = link.legal
    ? `<span class="state ok" title="legal">✓</span>`
    : `<span class="state bad" title="illegal">✕ illegal</span>`;
  return (
    `<li class="${cls}" data-line="${num(link.line)}" data-end-line="${num(link.endLine)}" tabindex="0" role="button" aria-label="${escapeHtml(label)}">` +
    `<div class="cl">CL${num(link.position)}${written}</div>` +
    `<div class="link-main">` +
    `<div class="link-title"><span class="card${link.cardKnown ? '' : ' unknown'}">${escapeHtml(link.card)}</span>` +
    `<span class="controller">${escapeHtml(link.controller)}</span></div>` +
    `<div class="tags">${tags.join('')}</div>` +
    answers +
    effect +
    assumed +
    renderDiagnostics(link.diagnostics) +
    `</div>` +
    state +
    `</li>`
  );
}

function renderStep(step: ResolutionStepView, link: LinkView | undefined): string {
  const cat = link ? link.categoryClass : 'slow';
  const did = step.did.length ? `<ul class="did">${step.did.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '';
  return (
    `<li class="step ${escapeHtml(step.status)} ${escapeHtml(cat)}" data-line="${num(step.line)}" tabindex="0" role="button" ` +
    `aria-label="${escapeHtml(`Step ${step.order}: Chain Link ${step.position}, ${step.card}, ${step.statusLabel}`)}">` +
    `<span class="step-num">${num(step.order)}</span>` +
    `<div><div class="step-head"><span class="mono">CL${num(step.position)}</span>` +
    `<span class="card">${escapeHtml(step.card)}</span><span class="who">${escapeHtml(step.controller)}</span>` +
    `<span class="status ${escapeHtml(step.status)}">${escapeHtml(step.statusLabel)}</span></div>` +
    did +
    `</div></li>`
  );
}

function renderChain(chain: ChainView): string {
  const count = chain.stack.length;
  const head =
    `<div class="chain-head" data-line="${num(chain.line)}" tabindex="0" role="button" title="Line ${num(chain.line + 1)}">` +
    `<h3>Chain ${num(chain.index)}</h3>` +
    (chain.phaseLabel ? `<span class="chip">${escapeHtml(chain.phaseLabel)}</span>` : '') +
    `<span class="chip">${count} link${count === 1 ? '' : 's'}</span>` +
    (chain.legal ? `<span class="chip ok">✓ legal</span>` : `<span class="chip bad">✕ illegal</span>`) +
    `</div>`;
  const byPosition = new Map(chain.stack.map((l) => [l.position, l]));
  const stack =
    `<div class="stack-col"><div class="col-title">Chain stack <span class="hint">top resolves first</span></div>` +
    (count
      ? `<ol class="stack">${chain.stack.map(renderLink).join('')}</ol><div class="stack-note">▲ built from CL1 upwards</div>`
      : `<p class="muted">No links.</p>`) +
    `</div>`;
  const leftovers = chain.leftovers.length
    ? `<div class="leftovers"><span class="muted">Then</span><ul>${chain.leftovers.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></div>`
    : '';
  const resolution =
    `<div class="resolve-col"><div class="col-title">Resolution <span class="hint">step by step</span></div>` +
    (chain.resolution.length
      ? `<ol class="steps">${chain.resolution.map((s) => renderStep(s, byPosition.get(s.position))).join('')}</ol>`
      : `<p class="muted">Nothing resolves.</p>`) +
    leftovers +
    `</div>`;
  const groups = chain.orderGroups.length
    ? `<div class="order"><div class="col-title">Legal order <span class="hint">of the trigger batch</span></div><ul class="groups">` +
      chain.orderGroups
        .map(
          (g) =>
            `<li class="group ${escapeHtml(g.categoryClass)}" title="${escapeHtml(g.description)}">` +
            `<span class="range">CL${num(g.from)}${g.to !== g.from ? `–${num(g.to)}` : ''}</span>` +
            `<span>${escapeHtml(g.player)}</span><span class="muted">${escapeHtml(g.categoryShort)}</span>` +
            `${g.to > g.from ? '<span class="muted">· any order</span>' : ''}</li>`,
        )
        .join('') +
      `</ul></div>`
    : '';
  const collected = chain.collected.length
    ? `<details class="collected"><summary>Triggers collected when the chain started (${chain.collected.length})</summary><ul>` +
      chain.collected.map((c) => `<li>${escapeHtml(c)}</li>`).join('') +
      `</ul></details>`
    : '';
  return (
    `<section class="chain ${chain.legal ? 'legal' : 'illegal'}" aria-label="Chain ${num(chain.index)}">` +
    head +
    renderDiagnostics(chain.diagnostics) +
    `<div class="chain-body">${stack}${resolution}</div>` +
    groups +
    collected +
    `</section>`
  );
}

function renderScenario(sc: ScenarioView): string {
  const verdictGlyph = sc.verdict === 'legal' ? '✓' : sc.verdict === 'illegal' ? '✕' : '⚠';
  const expectGlyph = sc.expectations.state === 'met' ? '✓' : sc.expectations.state === 'unmet' ? '✕' : '';
  const badges =
    `<div class="badges">` +
    `<span class="badge ${escapeHtml(sc.verdict)}">${verdictGlyph} ${escapeHtml(sc.verdictLabel)}</span>` +
    `<span class="badge ${escapeHtml(sc.expectations.state)}">${expectGlyph ? `${expectGlyph} ` : ''}${escapeHtml(sc.expectations.label)}</span>` +
    `</div>`;
  const players = sc.players
    .map((p) => `${escapeHtml(p)}${p === sc.turnPlayer ? '<span class="turn" title="turn player">turn</span>' : ''}`)
    .join(' <span class="muted">vs</span> ');
  const meta =
    `<div class="meta">` +
    `<span><span class="k">Rules</span> <span class="v">${escapeHtml(sc.ruleset)}</span></span>` +
    `<span><span class="k">Players</span> <span class="v">${players}</span></span>` +
    (sc.source ? `<span class="source"><span class="k">Source</span> <span class="v">${escapeHtml(sc.source)}</span></span>` : '') +
    `</div>`;
  const chains = sc.chains.length ? sc.chains.map(renderChain).join('') : `<p class="no-chain">This scenario has no chain.</p>`;
  return (
    `<article class="scenario verdict-${escapeHtml(sc.verdict)}" id="scenario-${num(sc.index)}">` +
    `<header class="scenario-head" data-line="${num(sc.line)}" tabindex="0" role="button" title="Line ${num(sc.line + 1)}">` +
    `<span class="scenario-index">#${num(sc.index)}</span><h2>${escapeHtml(sc.title)}</h2>${badges}</header>` +
    `<div class="scenario-body">` +
    meta +
    renderDiagnostics([...sc.expectations.problems, ...sc.diagnostics]) +
    chains +
    `</div></article>`
  );
}

function documentHtml(title: string, uri: string, bodyHtml: string, options: RenderOptions): string {
  const nonce = options.nonce ?? createNonce();
  const csp = contentSecurityPolicy(options.cspSource, nonce);
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">\n` +
    `<title>${escapeHtml(title)}</title>\n` +
    `<style nonce="${escapeHtml(nonce)}">${STYLE}</style>\n` +
    `</head>\n<body class="segoc-preview" data-uri="${escapeHtml(uri)}">\n` +
    bodyHtml +
    `\n<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>\n</body>\n</html>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** The whole preview document for a view model. */
export function renderPreviewHtml(vm: PreviewViewModel, options: RenderOptions): string {
  const s = vm.summary;
  const header =
    `<header class="file-header">` +
    `<div class="file-title"><h1>${escapeHtml(vm.fileName)}</h1><span class="file-kind">resolved chains</span></div>` +
    `<div class="summary ${s.ok ? 'ok' : 'bad'}" title="${escapeHtml(s.details.join('\n'))}">` +
    `<span aria-hidden="true">${s.ok ? '✓' : '✕'}</span>${escapeHtml(s.text)}</div>` +
    renderLegend(vm.legend) +
    `</header>`;
  const fileProblems = vm.fileDiagnostics.length
    ? `<section class="file-problems"><h2>Problems outside the scenarios</h2>${renderDiagnostics(vm.fileDiagnostics)}</section>`
    : '';
  const scenarios = vm.scenarios.length
    ? vm.scenarios.map(renderScenario).join('\n')
    : `<div class="empty"><h1>No scenarios</h1><p>Write a <code>scenario "…"</code> line to start one.</p></div>`;
  return documentHtml(`Resolved chains: ${vm.fileName}`, vm.uri, `${header}\n${fileProblems}\n<main>\n${scenarios}\n</main>`, options);
}

/** A document with only a message (waiting for the server, an error). */
export function renderMessageHtml(title: string, message: string, uri: string, options: RenderOptions): string {
  return documentHtml(
    title,
    uri,
    `<div class="empty"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`,
    options,
  );
}
