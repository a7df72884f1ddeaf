// The chain stack as an SVG picture: one box per link, the highest link on top (the order a judge
// draws a chain in), the box coloured by its SEGOC category or kind, and on the right an arrow
// with numbered stops showing the order of resolution. Illegal links have a dashed red border and
// their diagnostic code; negated links are struck through.
//
// Safety: every piece of scenario text goes through escapeXml (which also drops characters XML
// does not allow); numbers are formatted by `n()`. No scripts, no external resources, no
// foreignObject; fonts are generic families only. Width and height are always set.
import { ChainResult, LinkResult } from '../engine/results';
import {
  afterChain,
  categoryShort,
  chainSummary,
  COLOUR_LEGEND,
  colourKey,
  ColourKey,
  COLOURS,
  didText,
  escapeXml,
  RenderInput,
  RenderScenario,
  restsOnUnknownFacts,
  verdictText,
} from './common';
import { quoteName } from '../syntax/quote';

const PAD = 20;
const COL_W = 500; // one chain column: the boxes and the resolution arrow
const COL_GAP = 36;
const BOX_W = 430;
const BAND_W = 54;
const ARROW_X = BOX_W + 36; // centre of the resolution arrow, relative to the column
const BOX_GAP = 12;
const LINE = 16;
const FONT = 'sans-serif';
const INK = '#1f2937';
const MUTED = '#4b5563';
const FAINT = '#6b7280';
const RED = '#dc2626';
const AMBER = '#b45309';
const GREEN = '#15803d';

/** A number for an attribute: finite, rounded to 0.1. */
function n(v: number): string {
  return Number.isFinite(v) ? String(Math.round(v * 10) / 10) : '0';
}

/**
 * Approximate width of text in a generic sans-serif font (no layout engine in core). Calibrated on
 * the widest common default (DejaVu Sans) so that text never overflows with narrower fonts either.
 */
export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x2e80) w += 1.0; // CJK and other wide characters
    else if ('iljtfI.,:;\'|!() "'.includes(ch)) w += 0.34;
    else if ('mwMW@%'.includes(ch)) w += 0.92;
    else if (ch >= 'A' && ch <= 'Z') w += 0.72;
    else w += 0.61;
  }
  return w * size * (bold ? 1.1 : 1);
}

/** Cuts text to fit `max` pixels, with an ellipsis. */
export function fit(text: string, max: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= max) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (textWidth(chars.slice(0, mid).join('') + '…', size, bold) <= max) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + '…';
}

/** Greedy word wrap to `max` pixels, at most `lines` lines (the last one cut with an ellipsis). */
export function wrap(text: string, max: number, size: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < words.length; i++) {
    const next = cur ? `${cur} ${words[i]}` : words[i];
    if (textWidth(next, size) <= max || !cur) {
      cur = next;
      continue;
    }
    out.push(cur);
    cur = words[i];
    if (out.length === lines - 1) {
      cur = words.slice(i).join(' ');
      break;
    }
  }
  if (cur) out.push(cur);
  return out.slice(0, lines).map((l) => fit(l, max, size));
}

function text(x: number, y: number, body: string, attrs: string): string {
  return `<text x="${n(x)}" y="${n(y)}" ${attrs}>${escapeXml(body)}</text>`;
}

interface Piece {
  svg: string;
  height: number;
  keys: Set<ColourKey>;
  illegal: boolean;
}

function boxHeight(link: LinkResult): number {
  return 54 + LINE * (didLines(link).length + (link.legal && !restsOnUnknownFacts(link) ? 0 : 1));
}

function didLines(link: LinkResult): string[] {
  return wrap(didText(link), BOX_W - BAND_W - 24, 12, 3);
}

/** One chain: its heading, the stack of boxes (highest link on top) and the resolution arrow. */
function chainColumn(chain: ChainResult, x: number, y: number, heading = true): Piece {
  const parts: string[] = [];
  const keys = new Set<ColourKey>();
  let illegal = false;
  if (heading) {
    parts.push(
      `<text x="${n(x)}" y="${n(y + 14)}" font-size="14" font-weight="bold" fill="${INK}">Chain ${n(chain.index)}` +
        `<tspan dx="8" font-size="12" font-weight="normal" fill="${chain.legal ? MUTED : RED}">${escapeXml(chainSummary(chain))}</tspan></text>`,
    );
  }
  if (chain.links.length > 1) parts.push(text(x + ARROW_X, y + 14, 'resolves', `font-size="11" fill="${FAINT}" text-anchor="middle"`));
  let cy = y + 26;
  if (chain.links.length === 0) {
    parts.push(text(x, cy + 16, '(no link)', `font-size="12" font-style="italic" fill="${FAINT}"`));
    return { svg: parts.join(''), height: 26 + 28, keys, illegal };
  }
  const stack = [...chain.links].sort((a, b) => b.position - a.position);
  const centres: Array<{ y: number; link: LinkResult }> = [];
  for (const link of stack) {
    const h = boxHeight(link);
    const key = colourKey(link);
    keys.add(key);
    const colour = COLOURS[key];
    const bad = !link.legal;
    illegal ||= bad;
    const negated = link.resolution?.status === 'negated';
    const label = `CL${link.position}${link.number !== link.position ? ` (written ${link.number})` : ''}`;
    parts.push(`<g>`);
    parts.push(`<title>${escapeXml(`${label}: ${link.player}'s ${quoteName(link.card)} — ${didText(link)}`)}</title>`);
    parts.push(
      `<rect x="${n(x)}" y="${n(cy)}" width="${BOX_W}" height="${n(h)}" rx="8" fill="${colour}" fill-opacity="0.09" stroke="${bad ? RED : colour}" stroke-width="${bad ? 2 : 1.2}"${bad ? ' stroke-dasharray="6 4"' : ''}/>`,
    );
    // The coloured band with the link number.
    parts.push(`<path d="M${n(x + 8)} ${n(cy)} h${BAND_W - 8} v${n(h)} h-${BAND_W - 8} a8 8 0 0 1 -8 -8 v-${n(h - 16)} a8 8 0 0 1 8 -8 z" fill="${colour}"/>`);
    parts.push(text(x + BAND_W / 2, cy + h / 2 + 5, `CL${link.position}`, `font-size="15" font-weight="bold" fill="#ffffff" text-anchor="middle"`));
    const tx = x + BAND_W + 12;
    const right = x + BOX_W - 10;
    const name = fit(`${quoteName(link.card)}`, right - tx, 14, true);
    parts.push(text(tx, cy + 22, name, `font-size="14" font-weight="bold" fill="${INK}"${negated ? ' text-decoration="line-through"' : ''}`));
    const meta = `${link.player} · ${categoryShort(link)} · Spell Speed ${link.spellSpeed}${label !== `CL${link.position}` ? ` · ${label}` : ''}`;
    parts.push(text(tx, cy + 40, fit(meta, right - tx, 12), `font-size="12" fill="${MUTED}"`));
    let ly = cy + 58;
    if (bad) {
      const codes = `✗ illegal: ${link.codes.join(', ') || 'see the diagnostics'}`;
      parts.push(text(tx, ly, fit(codes, right - tx, 12, true), `font-size="12" font-weight="bold" fill="${RED}"`));
      ly += LINE;
    } else if (restsOnUnknownFacts(link)) {
      parts.push(text(tx, ly, fit('⚠ legal, resting on unknown facts', right - tx, 12, true), `font-size="12" font-weight="bold" fill="${AMBER}"`));
      ly += LINE;
    }
    didLines(link).forEach((l, k) => {
      parts.push(text(tx, ly + k * LINE, l, `font-size="12" fill="${negated ? FAINT : INK}"${negated ? ' font-style="italic"' : ''}`));
    });
    parts.push(`</g>`);
    centres.push({ y: cy + h / 2, link });
    cy += h + BOX_GAP;
  }
  // The resolution arrow: from the top box down to the bottom one, a numbered stop at each link.
  const ax = x + ARROW_X;
  if (centres.length > 1) {
    const top = centres[0].y;
    const bottom = centres[centres.length - 1].y;
    parts.push(`<line x1="${n(ax)}" y1="${n(top)}" x2="${n(ax)}" y2="${n(bottom + 22)}" stroke="${FAINT}" stroke-width="2"/>`);
    parts.push(`<path d="M${n(ax - 6)} ${n(bottom + 18)} L${n(ax)} ${n(bottom + 28)} L${n(ax + 6)} ${n(bottom + 18)} z" fill="${FAINT}"/>`);
  }
  for (const c of centres) {
    const order = c.link.resolution?.order;
    const status = c.link.resolution?.status;
    const fill = status === 'negated' ? '#ffffff' : COLOURS[colourKey(c.link)];
    const ink = status === 'negated' ? RED : '#ffffff';
    parts.push(`<circle cx="${n(ax)}" cy="${n(c.y)}" r="12" fill="${fill}" stroke="${status === 'negated' ? RED : '#ffffff'}" stroke-width="2"/>`);
    parts.push(text(ax, c.y + 4.5, order === undefined ? '–' : String(order), `font-size="12" font-weight="bold" fill="${ink}" text-anchor="middle"`));
  }
  let bottom = cy - BOX_GAP + (centres.length > 1 ? 16 : 4);
  for (const note of afterChain(chain)) {
    for (const l of wrap(note.charAt(0).toUpperCase() + note.slice(1), BOX_W, 11, 3)) {
      bottom += 15;
      parts.push(text(x, bottom, l, `font-size="11" font-style="italic" fill="${MUTED}"`));
    }
  }
  return { svg: parts.join(''), height: bottom - y, keys, illegal };
}

function chainsWidth(count: number): number {
  return Math.max(1, count) * COL_W + Math.max(0, count - 1) * COL_GAP;
}

/** One scenario: its title, verdict and chains side by side. */
function scenarioSection(sc: RenderScenario, x: number, y: number, width: number): Piece {
  const parts: string[] = [];
  const keys = new Set<ColourKey>();
  let illegal = false;
  const title = `${sc.block !== undefined ? `Block ${sc.block} · ` : ''}Scenario ${sc.index}: ${sc.title}`;
  parts.push(text(x, y + 18, fit(title, width, 17, true), `font-size="17" font-weight="bold" fill="${INK}"`));
  const verdict = verdictText(sc);
  const ok = sc.verdict === 'legal' || sc.expectationsMet === true;
  const vColour = sc.expectationsMet === false || (sc.expectationsMet === undefined && sc.verdict !== 'legal') ? RED : ok ? GREEN : MUTED;
  const meta = fit(`${sc.ruleset.label} · ${sc.players.join(' vs ')} (turn player: ${sc.turnPlayer}) ·`, width - textWidth(verdict, 12, true) - 8, 12);
  parts.push(
    `<text x="${n(x)}" y="${n(y + 38)}" font-size="12" fill="${MUTED}">${escapeXml(meta)}` +
      `<tspan dx="4" font-weight="bold" fill="${vColour}">${escapeXml(verdict)}</tspan></text>`,
  );
  let h = 0;
  const top = y + 52;
  sc.chains.forEach((chain, i) => {
    const col = chainColumn(chain, x + i * (COL_W + COL_GAP), top);
    parts.push(col.svg);
    for (const k of col.keys) keys.add(k);
    illegal ||= col.illegal;
    h = Math.max(h, col.height);
  });
  if (sc.chains.length === 0) {
    parts.push(text(x, top + 14, 'No chain in this scenario.', `font-size="12" font-style="italic" fill="${FAINT}"`));
    h = 20;
  }
  return { svg: parts.join(''), height: 52 + h, keys, illegal };
}

/** The legend of the colours used (and of the red border, when an illegal link is shown). */
function legend(keys: Set<ColourKey>, illegal: boolean, x: number, y: number, width: number): Piece {
  const items: Array<{ swatch: string; label: string; w: number }> = [];
  for (const k of Object.keys(COLOURS) as ColourKey[]) {
    if (!keys.has(k)) continue;
    const label = COLOUR_LEGEND[k];
    items.push({ swatch: `<rect width="12" height="12" rx="3" fill="${COLOURS[k]}"/>`, label, w: 20 + textWidth(label, 11) + 18 });
  }
  if (illegal) {
    const label = 'illegal link (its diagnostic code)';
    items.push({ swatch: `<rect x="1" y="1" width="10" height="10" rx="2" fill="none" stroke="${RED}" stroke-width="2" stroke-dasharray="3 2"/>`, label, w: 20 + textWidth(label, 11) + 18 });
  }
  const label = 'order of resolution';
  items.push({
    swatch: `<circle cx="6" cy="6" r="6" fill="${FAINT}"/><text x="6" y="9.5" font-size="9" font-weight="bold" fill="#ffffff" text-anchor="middle">1</text>`,
    label,
    w: 20 + textWidth(label, 11) + 18,
  });
  const parts: string[] = [];
  let cx = x;
  let cy = y;
  for (const it of items) {
    if (cx > x && cx + it.w > x + width) {
      cx = x;
      cy += 20;
    }
    parts.push(`<g transform="translate(${n(cx)} ${n(cy)})">${it.swatch}${text(20, 10.5, it.label, `font-size="11" fill="${MUTED}"`)}</g>`);
    cx += it.w;
  }
  return { svg: parts.join(''), height: cy - y + 14, keys, illegal };
}

function document(id: string, title: string, width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" ` +
    `role="img" aria-labelledby="${id}" font-family="${FONT}">\n` +
    `<title id="${id}">${escapeXml(title)}</title>\n` +
    `<rect width="100%" height="100%" rx="10" fill="#ffffff"/>\n` +
    `${body}\n</svg>\n`
  );
}

/** Every scenario of the input, one below the other, each with its chains side by side. */
export function renderSvg(input: RenderInput): string {
  const maxChains = Math.max(1, ...input.scenarios.map((s) => s.chains.length));
  const inner = Math.max(chainsWidth(maxChains), 560);
  const width = inner + PAD * 2;
  const parts: string[] = [];
  const keys = new Set<ColourKey>();
  let illegal = false;
  let y = PAD;
  parts.push(text(PAD, y + 12, fit(`segoc · ${input.title}`, inner, 12), `font-size="12" fill="${FAINT}"`));
  y += 24;
  if (input.scenarios.length === 0) {
    parts.push(text(PAD, y + 16, 'No scenario.', `font-size="13" font-style="italic" fill="${FAINT}"`));
    y += 28;
  }
  input.scenarios.forEach((sc, i) => {
    if (i > 0) {
      parts.push(`<line x1="${PAD}" y1="${n(y + 4)}" x2="${n(width - PAD)}" y2="${n(y + 4)}" stroke="#e5e7eb" stroke-width="1"/>`);
      y += 16;
    }
    const s = scenarioSection(sc, PAD, y, inner);
    parts.push(`<g>${s.svg}</g>`);
    for (const k of s.keys) keys.add(k);
    illegal ||= s.illegal;
    y += s.height + 12;
  });
  const lg = legend(keys, illegal, PAD, y + 4, inner);
  parts.push(`<g>${lg.svg}</g>`);
  y += lg.height + 4 + PAD;
  return document('segoc-title', `Resolved chains of ${input.title}`, width, y, parts.join('\n'));
}

/**
 * One chain of one scenario, on its own (the HTML rendering puts one above each table, without
 * the heading that the page already shows).
 */
export function renderChainSvg(sc: RenderScenario, chain: ChainResult, options: { heading?: boolean } = {}): string {
  const heading = options.heading ?? true;
  const top = heading ? PAD : 4;
  const col = chainColumn(chain, PAD, top, heading);
  const lg = legend(col.keys, col.illegal, PAD, top + col.height + 12, COL_W);
  const height = top + col.height + 12 + lg.height + PAD;
  const width = COL_W + PAD * 2;
  const id = `segoc-s${Math.trunc(sc.index) || 0}-c${Math.trunc(chain.index) || 0}`;
  return document(id, `Chain ${chain.index} of "${sc.title}"`, width, height, `<g>${col.svg}</g>\n<g>${lg.svg}</g>`);
}
