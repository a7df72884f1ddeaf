// What every rendering of a resolved chain shows, computed once: labels, colours, the "what it did"
// text. Pure string work; no format-specific escaping here (each format escapes its own output).
import { ChainResult, LinkResult, ScenarioResult } from '../engine/results';
import { CATEGORY_LABELS, categoryShort as categoryShortText, categoryText as categoryLabelText, KIND_LABELS, linkKind, LinkKind, phaseLabel, verdictLabel } from '../labels';

/** A scenario to render; `block` is set for scenarios of a wiki page. */
export type RenderScenario = ScenarioResult & { block?: number };

export interface RenderInput {
  /** What the output is about, shown as its title (normally the file name as given). */
  title: string;
  scenarios: RenderScenario[];
}

export type RenderFormat = 'markdown' | 'wikitext' | 'html' | 'svg' | 'json';
export const RENDER_FORMATS: readonly RenderFormat[] = ['markdown', 'wikitext', 'html', 'svg', 'json'];

/** The colour group of a link: its SEGOC category for triggers, else its kind (labels.ts). */
export type ColourKey = LinkKind;

export const COLOURS: Record<ColourKey, string> = {
  'cat-1': '#2563eb',
  'cat-2': '#d97706',
  'cat-3': '#16a34a',
  'cat-4': '#9333ea',
  fast: '#ca8a04',
  responder: '#0891b2',
  phase: '#db2777',
  hand: '#475569',
  slow: '#64748b',
};

export const COLOUR_LEGEND: Record<ColourKey, string> = {
  'cat-1': `1 · ${CATEGORY_LABELS[1]} trigger`,
  'cat-2': `2 · ${CATEGORY_LABELS[2]} trigger`,
  'cat-3': `3 · ${CATEGORY_LABELS[3]} trigger`,
  'cat-4': `4 · ${CATEGORY_LABELS[4]} trigger`,
  ...KIND_LABELS,
};

export function colourKey(link: LinkResult): ColourKey {
  return linkKind(link.role, link.category);
}

/** The category column: the SEGOC category of a trigger, else what kind of link it is. */
export function categoryText(link: LinkResult): string {
  return categoryLabelText(link.role, link.category, link.mandatory);
}

/** A short category label for tight spaces (the SVG boxes). */
export function categoryShort(link: LinkResult): string {
  return categoryShortText(link.role, link.category);
}

/** What the link did when it resolved, in words. */
export function didText(link: LinkResult): string {
  const r = link.resolution;
  if (!r) return '—';
  return r.did.length ? r.did.join('; ') : r.status === 'negated' ? 'negated' : 'resolves';
}

/** A legal link whose verdict rests on a card fact the library does not know (unknown-card-fact on it). */
export function restsOnUnknownFacts(link: LinkResult): boolean {
  return link.legal && link.codes.includes('unknown-card-fact');
}

export function legalText(link: LinkResult): string {
  if (restsOnUnknownFacts(link)) return 'yes, resting on unknown facts';
  return link.legal ? 'yes' : `no: ${link.codes.join(', ') || 'see the diagnostics'}`;
}

export function phaseText(phase: string): string {
  return phaseLabel(phase);
}

export function verdictText(sc: ScenarioResult): string {
  const exp = sc.expectationsMet === undefined ? '' : sc.expectationsMet ? ' (as expected)' : ' (expectation NOT met)';
  return `${verdictLabel(sc.verdict, sc.restsOnUnknownFacts)}${exp}`;
}

export function chainHeading(chain: ChainResult): string {
  return `Chain ${chain.index}`;
}

export function chainSummary(chain: ChainResult): string {
  const n = chain.links.length;
  return `${n} link${n === 1 ? '' : 's'} · ${phaseText(chain.phase)} · ${chain.legal ? 'legal' : 'illegal'}`;
}

export function playersText(sc: ScenarioResult): string {
  return sc.players.map((p) => (p === sc.turnPlayer ? `${p} (turn player)` : p)).join(', ');
}

/** The scenario's problems worth showing next to its chains (met expectations are marked). */
export function problems(sc: ScenarioResult): Array<{ text: string; severity: string; expected: boolean }> {
  return sc.diagnostics
    .filter((d) => d.severity === 'error' || d.severity === 'warning' || d.expected)
    .map((d) => ({
      text: `${d.code}${d.link ? ` at CL${d.link}` : ''}${d.chain ? ` of chain ${d.chain}` : ''}: ${d.message}`,
      severity: d.expected ? 'expected' : d.severity,
      expected: !!d.expected,
    }));
}

/** What the chain's resolution says beyond its links (leftover cards sent to the GY, ...). */
export function afterChain(chain: ChainResult): string[] {
  return chain.afterChain;
}

/** Links in the order they resolve (highest link first). */
export function resolutionOrder(chain: ChainResult): LinkResult[] {
  return [...chain.links].sort((a, b) => (a.resolution?.order ?? 1e9) - (b.resolution?.order ?? 1e9) || b.position - a.position);
}

/**
 * Removes characters that are not allowed in XML 1.0 (and would make an SVG invalid), and the bidi embeddings,
 * overrides and isolates (U+202A-202E, U+2066-2069): in a published table they would show a name or a title
 * reversed (a spoofing vector); a name is compared without them anyway (normalizeName). Every render format uses it.
 */
export function stripControl(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** Escapes text for HTML and XML content and quoted attributes. */
export function escapeXml(value: unknown): string {
  return stripControl(value === undefined || value === null ? '' : String(value)).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Ordinal for resolution order: 1st, 2nd, 3rd, 4th... */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${s}`;
}
