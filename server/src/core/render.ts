// Renders resolved chains for people: a table per chain (link, player, card, category, Spell Speed,
// what it did, legal) in Markdown, wikitext or a standalone HTML page, the chain stack as an SVG
// picture, or the same data as JSON. Pure string building over ScenarioResults: the CLI (`segoc
// render`) only prints it. Every piece of scenario text is escaped for the target format.
import { ChainResult, LinkResult } from './engine/results';
import {
  afterChain,
  categoryText,
  chainSummary,
  COLOUR_LEGEND,
  COLOURS,
  colourKey,
  didText,
  escapeXml,
  legalText,
  playersText,
  problems,
  RENDER_FORMATS,
  RenderFormat,
  RenderInput,
  RenderScenario,
  stripControl,
  verdictText,
} from './render/common';
import { renderChainSvg, renderSvg } from './render/svg';
import { scenarioJson } from './scenario-json';
import { quoteName } from './syntax/quote';

export type { RenderFormat, RenderInput, RenderScenario } from './render/common';
export { RENDER_FORMATS, renderSvg, renderChainSvg };

/** Renders the input in one of the formats. */
export function render(input: RenderInput, format: RenderFormat): string {
  switch (format) {
    case 'markdown':
      return renderMarkdown(input);
    case 'wikitext':
      return renderWikitext(input);
    case 'html':
      return renderHtml(input);
    case 'svg':
      return renderSvg(input);
    case 'json':
      return renderJson(input);
  }
}

const COLUMNS = ['Link', 'Player', 'Card', 'Category', 'Spell Speed', 'What it did', 'Legal'];

function cells(link: LinkResult): string[] {
  return [
    `CL${link.position}${link.number !== link.position ? ` (written ${link.number})` : ''}`,
    link.player,
    `${quoteName(link.card)}`,
    categoryText(link),
    String(link.spellSpeed),
    didText(link),
    legalText(link),
  ];
}

function scenarioHeading(sc: RenderScenario): string {
  return `${sc.block !== undefined ? `Block ${sc.block}, s` : 'S'}cenario ${sc.index}: ${sc.title}`;
}

function legalOrderText(chain: ChainResult): string | undefined {
  return chain.legalOrder.length ? chain.legalOrder.map((g) => g.description).join('; ') : undefined;
}

// ---------------------------------------------------------------------------------------------
// Markdown (GitHub-flavoured tables)

/** Escapes text for Markdown inline content and table cells: no HTML, no links, no emphasis. */
export function escapeMarkdown(value: string): string {
  return stripControl(value)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/[\\`*_[\]>|~#]/g, (c) => `\\${c}`);
}

export function renderMarkdown(input: RenderInput): string {
  const md = escapeMarkdown;
  const out: string[] = [`# Resolved chains: ${md(input.title)}`, ''];
  if (input.scenarios.length === 0) out.push('No scenario.', '');
  for (const sc of input.scenarios) {
    out.push(`## ${md(scenarioHeading(sc))}`, '');
    if (sc.source) out.push(`- **Source:** ${md(sc.source)}`);
    out.push(`- **Rules:** ${md(sc.ruleset.label)}`);
    out.push(`- **Players:** ${md(playersText(sc))}`);
    out.push(`- **Verdict:** ${md(verdictText(sc))}`, '');
    if (sc.chains.length === 0) out.push('No chain in this scenario.', '');
    for (const chain of sc.chains) {
      out.push(`### Chain ${chain.index} (${md(chainSummary(chain))})`, '');
      out.push(`| ${COLUMNS.join(' | ')} |`);
      out.push(`|${COLUMNS.map((c) => (c === 'Spell Speed' ? ' ---: ' : ' --- ')).join('|')}|`);
      for (const link of chain.links) out.push(`| ${cells(link).map(md).join(' | ')} |`);
      out.push('');
      const order = legalOrderText(chain);
      if (order) out.push(`Legal order of the trigger batch: ${md(order)}`, '');
      out.push(`Resolves: ${chain.links.length ? md(resolutionLine(chain)) : 'nothing'}`, '');
      for (const a of afterChain(chain)) out.push(md(capital(a)), '');
    }
    const ps = problems(sc);
    if (ps.length) {
      out.push('**Diagnostics:**', '');
      for (const p of ps) out.push(`- ${p.expected ? '' : `**${p.severity}** `}${md(p.text)}`);
      out.push('');
    }
  }
  return out.join('\n').replace(/\n+$/, '\n');
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function resolutionLine(chain: ChainResult): string {
  return [...chain.links]
    .sort((a, b) => (a.resolution?.order ?? 1e9) - (b.resolution?.order ?? 1e9) || b.position - a.position)
    .map((l) => `CL${l.position}${l.resolution?.status === 'negated' ? ' (negated)' : l.resolution?.status === 'no-effect' ? ' (no effect)' : ''}`)
    .join(' → ');
}

// ---------------------------------------------------------------------------------------------
// Wikitext (MediaWiki)

/**
 * Escapes text for wikitext: no markup, links, templates, tables, tags, bold/italics or signatures
 * survive. Our own lines start with markup (`|`, `*`, `=`), so line-start characters need no care.
 */
export function escapeWikitext(value: string): string {
  const entity = (c: string) => `&#${c.charCodeAt(0)};`;
  return stripControl(value)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[&<>[\]{}|=]/g, entity)
    .replace(/'{2,}|~{3,}|-{4,}|_{2,}/g, (run) => [...run].map(entity).join(''))
    .replace(/\b(ISBN|RFC|PMID)(?=\s)/g, (w: string) => `${w[0]}${entity(w[1])}${w.slice(2)}`)
    // Starts only where a scheme can start (not inside a word), so a long word costs linear time.
    .replace(/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*):\/\//gi, (_m, scheme: string) => `${scheme}&#58;//`);
}

export function renderWikitext(input: RenderInput): string {
  const w = escapeWikitext;
  const out: string[] = [`== Resolved chains: ${w(input.title)} ==`, ''];
  if (input.scenarios.length === 0) out.push('No scenario.', '');
  for (const sc of input.scenarios) {
    out.push(`=== ${w(scenarioHeading(sc))} ===`);
    if (sc.source) out.push(`* '''Source:''' ${w(sc.source)}`);
    out.push(`* '''Rules:''' ${w(sc.ruleset.label)}`);
    out.push(`* '''Players:''' ${w(playersText(sc))}`);
    out.push(`* '''Verdict:''' ${w(verdictText(sc))}`, '');
    if (sc.chains.length === 0) out.push('No chain in this scenario.', '');
    for (const chain of sc.chains) {
      out.push('{| class="wikitable"');
      out.push(`|+ Chain ${chain.index} (${w(chainSummary(chain))})`);
      out.push(`! ${COLUMNS.join(' !! ')}`);
      for (const link of chain.links) {
        out.push('|-');
        out.push(`| ${cells(link).map(w).join(' || ')}`);
      }
      out.push('|}', '');
      const order = legalOrderText(chain);
      if (order) out.push(`Legal order of the trigger batch: ${w(order)}`, '');
      out.push(`Resolves: ${chain.links.length ? w(resolutionLine(chain)) : 'nothing'}`, '');
      for (const a of afterChain(chain)) out.push(w(capital(a)), '');
    }
    const ps = problems(sc);
    if (ps.length) {
      out.push("'''Diagnostics:'''");
      for (const p of ps) out.push(`* ${p.expected ? '' : `'''${p.severity}''' `}${w(p.text)}`);
      out.push('');
    }
  }
  return out.join('\n').replace(/\n+$/, '\n');
}

// ---------------------------------------------------------------------------------------------
// HTML: one standalone page, inline CSS only, no scripts (a CSP meta tag forbids them anyway).

const STYLE = `
:root { color-scheme: light; }
body { margin: 0; padding: 24px; background: #f6f7f9; color: #1f2937; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 1100px; margin: 0 auto; }
h1 { font-size: 22px; margin: 0 0 16px; }
h1 .file { color: #6b7280; font-weight: normal; }
section.scenario { background: #fff; border: 1px solid #e5e7eb; border-radius: 10px; padding: 16px 20px; margin: 0 0 20px; }
h2 { font-size: 18px; margin: 0 0 6px; }
.meta { margin: 0 0 12px; color: #4b5563; font-size: 14px; }
.meta b { color: #1f2937; font-weight: 600; }
.verdict { font-weight: 700; }
.verdict.ok { color: #15803d; }
.verdict.bad { color: #dc2626; }
h3 { font-size: 15px; margin: 18px 0 8px; }
h3 .summary { font-weight: normal; color: #6b7280; }
.chain figure { margin: 0 0 10px; }
.chain figure svg { max-width: 100%; height: auto; display: block; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border: 1px solid #e5e7eb; padding: 5px 8px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
th { background: #f3f4f6; font-weight: 600; }
td.num { text-align: right; }
td.link { white-space: nowrap; font-weight: 600; border-left-width: 5px; }
tr.illegal td { background: #fef2f2; }
td.bad { color: #dc2626; }
.note { font-size: 13px; color: #4b5563; margin: 6px 0 0; }
ul.diags { margin: 12px 0 0; padding-left: 20px; font-size: 14px; }
ul.diags .error { color: #dc2626; }
ul.diags .warning { color: #b45309; }
ul.diags .expected { color: #6b7280; }
`;

export function renderHtml(input: RenderInput): string {
  const h = escapeXml;
  const out: string[] = [];
  out.push('<!DOCTYPE html>');
  out.push('<html lang="en">');
  out.push('<head>');
  out.push('<meta charset="utf-8">');
  out.push(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
  out.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  out.push(`<title>Resolved chains: ${h(input.title)}</title>`);
  out.push(`<style>${STYLE}</style>`);
  out.push('</head>');
  out.push('<body>');
  out.push('<main>');
  out.push(`<h1>Resolved chains <span class="file">${h(input.title)}</span></h1>`);
  if (input.scenarios.length === 0) out.push('<p>No scenario.</p>');
  for (const sc of input.scenarios) {
    out.push('<section class="scenario">');
    out.push(`<h2>${h(scenarioHeading(sc))}</h2>`);
    const ok = sc.expectationsMet ?? sc.verdict === 'legal';
    const meta = [
      sc.source ? `<b>Source:</b> ${h(sc.source)}` : '',
      `<b>Rules:</b> ${h(sc.ruleset.label)}`,
      `<b>Players:</b> ${h(playersText(sc))}`,
      `<b>Verdict:</b> <span class="verdict ${ok ? 'ok' : 'bad'}">${h(verdictText(sc))}</span>`,
    ].filter(Boolean);
    out.push(`<p class="meta">${meta.join(' · ')}</p>`);
    if (sc.chains.length === 0) out.push('<p class="note">No chain in this scenario.</p>');
    for (const chain of sc.chains) {
      out.push(`<h3>Chain ${chain.index} <span class="summary">${h(chainSummary(chain))}</span></h3>`);
      out.push('<div class="chain">');
      out.push(`<figure>${renderChainSvg(sc, chain, { heading: false }).trim()}</figure>`);
      out.push('<table>');
      out.push(`<thead><tr>${COLUMNS.map((c) => `<th scope="col">${h(c)}</th>`).join('')}</tr></thead>`);
      out.push('<tbody>');
      for (const link of chain.links) {
        const c = cells(link);
        const colour = COLOURS[colourKey(link)];
        out.push(
          `<tr${link.legal ? '' : ' class="illegal"'}>` +
            `<td class="link" style="border-left-color: ${colour}" title="${h(COLOUR_LEGEND[colourKey(link)])}">${h(c[0])}</td>` +
            `<td>${h(c[1])}</td><td>${h(c[2])}</td><td>${h(c[3])}</td><td class="num">${h(c[4])}</td><td>${h(c[5])}</td>` +
            `<td${link.legal ? '' : ' class="bad"'}>${h(c[6])}</td></tr>`,
        );
      }
      out.push('</tbody>');
      out.push('</table>');
      const order = legalOrderText(chain);
      if (order) out.push(`<p class="note">Legal order of the trigger batch: ${h(order)}</p>`);
      if (chain.links.length) out.push(`<p class="note">Resolves: ${h(resolutionLine(chain))}</p>`);
      for (const a of afterChain(chain)) out.push(`<p class="note">${h(capital(a))}</p>`);
      out.push('</div>');
    }
    const ps = problems(sc);
    if (ps.length) {
      out.push('<ul class="diags">');
      for (const p of ps) out.push(`<li class="${h(p.severity)}">${p.expected ? '' : `<b>${h(p.severity)}</b> `}${h(p.text)}</li>`);
      out.push('</ul>');
    }
    out.push('</section>');
  }
  out.push('<p class="note">Rendered by segoc.</p>');
  out.push('</main>');
  out.push('</body>');
  out.push('</html>');
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// JSON

/** The render JSON (docs/cli.md): the title and each scenario as `segoc check --format json` shows it. */
export function renderJson(input: RenderInput): string {
  return JSON.stringify({ version: 1, title: input.title, scenarios: input.scenarios.map(scenarioJson) }, null, 2) + '\n';
}
