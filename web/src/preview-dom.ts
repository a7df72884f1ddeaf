// The preview's trees (client/src/preview/tree.ts) as DOM nodes: elements by createElement, every text
// by a text node, every attribute by setAttribute. Nothing is parsed as HTML, so a scenario's text (a
// shared link may hold `<script>` or `<img onerror>`) is only ever shown.
import { Child, HtmlElement, isList, num, textOf } from '../../client/src/preview/tree';

export function toDom(node: Child, into: Node): void {
  if (isList(node)) {
    for (const c of node) toDom(c, into);
    return;
  }
  if (node === false || node === undefined || node === null || node === '') return;
  if (typeof node === 'string' || typeof node === 'number') {
    into.appendChild(document.createTextNode(textOf(node)));
    return;
  }
  into.appendChild(element(node));
}

function element(node: HtmlElement): HTMLElement {
  const el = document.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) el.setAttribute(k, typeof v === 'number' ? num(v) : v);
  toDom(node.children, el);
  return el;
}
