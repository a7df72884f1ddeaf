// The little Markdown of the hovers and completion details (describe.ts, hover.ts): paragraphs, `-`
// lists, `---` rules, **bold**, *italics*, `code`, [links](https://…) and backslash escapes, made into DOM nodes with
// text nodes only. A link opens only an https address, in a new tab.

const INLINE = /\\([\\`*_{}[\]()#+\-.!|<>~"'])|\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https:\/\/[^)\s]+)\)|\*([^*\s](?:[^*]*[^*\s])?)\*/g;

function inline(text: string, into: HTMLElement): void {
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index! > at) into.append(text.slice(at, m.index));
    at = m.index! + m[0].length;
    if (m[1] !== undefined) into.append(m[1]);
    else if (m[2] !== undefined) {
      const b = document.createElement('strong');
      inline(m[2], b);
      into.append(b);
    } else if (m[6] !== undefined) {
      const e = document.createElement('em');
      inline(m[6], e);
      into.append(e);
    } else if (m[3] !== undefined) {
      const c = document.createElement('code');
      c.textContent = m[3];
      into.append(c);
    } else {
      const a = document.createElement('a');
      a.href = m[5];
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      inline(m[4], a);
      into.append(a);
    }
  }
  if (at < text.length) into.append(text.slice(at));
}

export function markdownDom(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'md';
  let list: HTMLElement | undefined;
  let paragraph: HTMLElement | undefined;
  for (const line of markdown.split('\n')) {
    if (line.trim() === '') {
      list = paragraph = undefined;
      continue;
    }
    if (/^-{3,}\s*$/.test(line)) {
      root.append(document.createElement('hr'));
      list = paragraph = undefined;
      continue;
    }
    const item = /^\s*[-*] (.*)$/.exec(line);
    if (item) {
      if (!list) root.append((list = document.createElement('ul')));
      const li = document.createElement('li');
      inline(item[1], li);
      list.append(li);
      paragraph = undefined;
      continue;
    }
    if (!paragraph) {
      root.append((paragraph = document.createElement('p')));
      list = undefined;
    } else paragraph.append(document.createElement('br'));
    inline(line, paragraph);
  }
  return root;
}
