// The preview's markup as a tree of elements and text, built once and turned either into an HTML string
// (the VS Code webview: every text and attribute escaped here, in one place) or into DOM nodes (the
// playground page, web/src/preview-dom.ts: text only through text nodes, never parsed as HTML).
// Pure (no `vscode`, no DOM): the unit tests compile it on their own.

/** A child: an element, text, a list of children, or nothing (false, undefined, null and '' are left out). */
export type Child = HtmlElement | string | number | false | undefined | null | readonly Child[];

export interface HtmlElement {
  tag: string;
  /** Attribute values in the order written; numbers are written as integers (see num). */
  attrs: Record<string, string | number>;
  children: Child[];
}

/** An element: `h('li', { class: 'link' }, 'text', h('span', {}, ...))`. */
export function h(tag: string, attrs: Record<string, string | number | undefined> = {}, ...children: Child[]): HtmlElement {
  const kept: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) kept[k] = v;
  return { tag, attrs: kept, children };
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

/** A number for an attribute or a text: a finite integer, else 0. */
export function num(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? String(Math.trunc(n)) : '0';
}

/** The text of a child as shown: numbers as integers. */
export function textOf(child: string | number): string {
  return typeof child === 'number' ? num(child) : child;
}

export function isList(node: Child): node is readonly Child[] {
  return Array.isArray(node);
}

/** The HTML of a tree (or of a list of trees), every text and attribute value escaped. */
export function toHtml(node: Child): string {
  if (isList(node)) return node.map(toHtml).join('');
  if (node === false || node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return escapeHtml(textOf(node));
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeHtml(typeof v === 'number' ? num(v) : v)}"`)
    .join('');
  return `<${node.tag}${attrs}>${toHtml(node.children)}</${node.tag}>`;
}
