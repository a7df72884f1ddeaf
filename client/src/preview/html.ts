// Renders the resolved-chain preview as one HTML document string. Pure (no `vscode` import): the
// unit tests compile it on their own. Its style sheet and script are files, media/preview.css and
// media/preview.js, which the caller reads and hands in (RenderOptions.assets).
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

/**
 * The preview's style sheet and script, read from these files of the extension (panel.ts reads them once, the tests
 * from the repository) and put inline under the render's nonce: constant text, no data is ever put into them.
 */
export const PREVIEW_ASSET_FILES = { style: 'media/preview.css', script: 'media/preview.js' } as const;

export interface PreviewAssets {
  style: string;
  script: string;
}

export interface RenderOptions {
  /** `webview.cspSource` of the panel. */
  cspSource: string;
  /** The text of PREVIEW_ASSET_FILES. */
  assets: PreviewAssets;
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
    `<style nonce="${escapeHtml(nonce)}">\n${options.assets.style}</style>\n` +
    `</head>\n<body class="segoc-preview" data-uri="${escapeHtml(uri)}">\n` +
    bodyHtml +
    `\n<script nonce="${escapeHtml(nonce)}">\n${options.assets.script}</script>\n</body>\n</html>\n`
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
