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
  WirePoint,
} from './model';
import { Child, escapeHtml, h, HtmlElement, num, toHtml } from './tree';

export { escapeHtml };

/**
 * The preview's style sheet and script, read from these files of the extension (panel.ts reads them once, the tests
 * and the playground's build from the repository) and put inline under the render's nonce: constant text, no data is
 * ever put into them.
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
    link.legal && link.codes.includes('unknown-card-fact') && h('span', { class: 'chip', title: 'legal only on a card fact the card library does not know (see the warning)' }, 'rests on unknown facts'),
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
      step.parts.length > 0 &&
        h(
          'ul',
          { class: 'did' },
          step.parts.map((p) => h('li', { class: p.applied ? 'applied' : 'not-applied', ...(p.rule ? { 'data-rule': p.rule } : {}), ...(p.reason ? { 'data-reason': p.reason } : {}) }, p.text)),
        ),
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
      sc.actionAssumptions.length > 0 &&
        h('ul', { class: 'assumed' }, sc.actionAssumptions.flatMap((a) => a.assumptions.map((x) => h('li', { 'data-line': a.line }, `assumed at the game action on line ${num(a.line + 1)}: ${x}`)))),
      sc.chains.length ? sc.chains.map(renderChain) : h('p', { class: 'no-chain' }, 'This scenario has no chain.'),
      sc.points.length > 0 && renderPoints(sc.points),
    ),
  );
}

/** Who can act at each point (issue 30): one collapsible entry per point, each player's options, why not. */
function renderPoints(points: readonly WirePoint[]): HtmlElement {
  return h(
    'section',
    { class: 'points' },
    h('h3', {}, 'Who can act'),
    points.map((p) =>
      h(
        'details',
        { class: `point point-${p.kind}` },
        h('summary', { 'data-line': p.line, title: `Line ${num(p.line + 1)}` }, h('span', { class: 'point-label' }, p.label), ' ', h('span', { class: 'box' }, p.box === 'triggers' ? 'triggers' : p.box === 'resolving' ? 'resolving' : p.box === 'summon' ? 'Summon negation window' : `Box ${p.box}`), p.priority && [' ', h('span', { class: 'muted' }, `${p.priority} holds priority`)]),
        h('p', { class: 'box-text muted' }, p.boxText),
        p.players.map((pl) =>
          h(
            'div',
            { class: 'point-player' },
            h('span', { class: 'k' }, pl.player),
            pl.options.length
              ? h('ul', {}, pl.options.map((o) => h('li', { class: `answer-${o.answer}` }, h('span', { class: 'mark' }, o.mark), ' ', o.name, ': ', o.words, o.why && [' — ', h('span', { class: 'why' }, o.why)])))
              : h('span', { class: 'muted' }, ' no card shown has an effect to activate'),
          ),
        ),
      ),
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
