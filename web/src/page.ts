// The playground page: the editor, the resolved-chain view beside it, share links, copying as a page
// block, the examples. Everything from the scenario reaches the page as text nodes (preview-dom.ts,
// markdown.ts, textContent and input values): the CSP of index.html allows no inline script and no eval.
import type { EditorView } from '@codemirror/view';
import { ChainView } from './chain-view';
import { Checker } from './checker';
import { createEditor, showDiagnostics } from './editor';
import type { CopyFormat, FromWorker } from './protocol';
import { decodeFragment, encodeFragment } from './share';

/** What the page opens with, without a share link: the README's first example (scripts/build-web.js). */
declare const SEGOC_DEFAULT_TEXT: string;

interface Example {
  path: string;
  text: string;
}

/** The page's state, also window.segocPlayground for the tests and the benchmark (the editor, the last check). */
interface PlaygroundState {
  view?: EditorView;
  version: number;
  checkedVersion: number;
  library: string;
  checks: number;
  checker?: Checker;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const state: PlaygroundState = { version: 0, checkedVersion: -1, library: 'loading', checks: 0 };
let chainView: ChainView | undefined;
/** Said before the check's status while it holds (a share link that could not be read). */
let notice = '';
(window as unknown as { segocPlayground: PlaygroundState }).segocPlayground = state;

function setStatus(text: string): void {
  $('status').textContent = text;
}

function onChecked(checked: Extract<FromWorker, { type: 'checked' }>): void {
  const view = state.view;
  // A check of an older text is dropped: the worker checks the newest text next.
  if (!view || checked.version !== state.version) return;
  showDiagnostics(view, checked.diagnostics);
  state.checkedVersion = checked.version;
  state.library = checked.library;
  state.checks++;
  document.dispatchEvent(new CustomEvent('segoc-checked', { detail: checked.version }));
  const errors = checked.diagnostics.filter((d) => d.severity === 'error').length;
  const library = checked.library === 'ready' ? '' : checked.library === 'loading' ? ' · card library loading…' : ' · card library unavailable (curated cards only)';
  setStatus(`${notice}${errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'no errors'} · checked in ${checked.ms.toFixed(0)} ms${library}`);
  // The chain view after the diagnostics are on screen (it is the bigger piece of DOM).
  chainView?.schedule(view.state.doc.lines);
}

function setText(text: string): void {
  const view = state.view!;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } });
}

async function share(): Promise<void> {
  const fragment = await encodeFragment(state.view!.state.doc.toString());
  history.replaceState(null, '', `#${fragment}`);
  showOutput('Share link', location.href);
}

async function copyAs(format: CopyFormat): Promise<void> {
  const text = await state.checker!.request<string>({ type: 'copy', format });
  if (text !== null) showOutput(format === 'markdown' ? 'Markdown: the page block and the table' : 'Wikitext: the page block and the table', text);
}

/** Shows text to copy (and copies it when the browser lets the page). */
function showOutput(title: string, text: string): void {
  $('output-title').textContent = title;
  const area = $<HTMLTextAreaElement>('output-text');
  area.value = text;
  $('output').hidden = false;
  area.select();
  navigator.clipboard?.writeText(text).then(
    () => ($('output-note').textContent = 'Copied to the clipboard.'),
    () => ($('output-note').textContent = 'Select and copy it.'),
  );
}

async function loadExamples(): Promise<void> {
  const select = $<HTMLSelectElement>('examples');
  try {
    const response = await fetch('examples.json');
    const examples = (await response.json()) as Example[];
    const groups = new Map<string, HTMLOptGroupElement>();
    examples.forEach((ex, i) => {
      const [folder, file] = ex.path.split('/');
      let group = groups.get(folder);
      if (!group) {
        group = document.createElement('optgroup');
        group.label = folder === 'seeds' ? 'Seed examples' : folder === 'rules' ? 'One file per rule' : folder;
        groups.set(folder, group);
        select.appendChild(group);
      }
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = file.replace(/\.segoc$/, '');
      group.appendChild(option);
    });
    select.onchange = () => {
      const ex = examples[Number(select.value)];
      if (!ex) return;
      history.replaceState(null, '', location.pathname + location.search);
      setText(ex.text);
      select.value = '';
    };
  } catch {
    select.disabled = true;
  }
}

function initTheme(): void {
  const stored = localStorage.getItem('segoc-theme');
  const prefersLight = matchMedia('(prefers-color-scheme: light)').matches;
  const apply = (theme: string) => {
    document.documentElement.dataset.theme = theme;
    $('theme').textContent = theme === 'dark' ? 'Light theme' : 'Dark theme';
  };
  apply(stored === 'light' || stored === 'dark' ? stored : prefersLight ? 'light' : 'dark');
  $('theme').onclick = () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem('segoc-theme', next);
    apply(next);
  };
}

/** Clicking a link, a step or a scenario of the chain view (or Enter on it) puts the cursor on its line. */
function revealOnClick(): void {
  const reveal = (target: EventTarget | null): boolean => {
    const el = target instanceof Element ? target.closest('[data-line]') : null;
    const view = state.view;
    if (!el || !view || el.closest('summary')) return false;
    const line = Number(el.getAttribute('data-line'));
    if (!Number.isInteger(line) || line < 0 || line >= view.state.doc.lines) return false;
    const at = view.state.doc.line(line + 1).from;
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    view.focus();
    return true;
  };
  $('preview').addEventListener('click', (e) => {
    if (String(getSelection() ?? '').length === 0) reveal(e.target);
  });
  $('preview').addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && (e.target as Element).matches?.('[data-line]') && reveal(e.target)) e.preventDefault();
  });
}

/** The text of the last visit (kept in this browser only), opened when the address carries no share link. */
function draft(): string | undefined {
  try {
    return localStorage.getItem(DRAFT_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function saveDraft(text: string): void {
  try {
    localStorage.setItem(DRAFT_KEY, text);
  } catch {
    // storage full or refused: the text is still in the editor
  }
}

const DRAFT_KEY = 'segoc-draft';

async function main(): Promise<void> {
  initTheme();
  const checker = new Checker(onChecked, setStatus);
  state.checker = checker;
  chainView = new ChainView($('preview'), checker, () => state.version);
  const shared = location.hash ? await decodeFragment(location.hash) : undefined;
  if (location.hash.startsWith('#s=') && shared === undefined) notice = 'This link holds no scenario that can be read (damaged or cut short?) · ';
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  state.view = createEditor($('editor'), shared ?? draft() ?? SEGOC_DEFAULT_TEXT, {
    checker,
    changed: (version, text) => {
      state.version = version;
      if (version > 0) notice = '';
      checker.text(version, text);
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => saveDraft(text), 500);
    },
  });
  $('share').onclick = () => void share();
  $('copy-markdown').onclick = () => void copyAs('markdown');
  $('copy-wikitext').onclick = () => void copyAs('wikitext');
  $('output-close').onclick = () => ($('output').hidden = true);
  window.addEventListener('hashchange', async () => {
    const text = await decodeFragment(location.hash);
    if (text !== undefined && text !== state.view!.state.doc.toString()) setText(text);
  });
  revealOnClick();
  void loadExamples();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('sw.js').catch(() => undefined);
}

void main();
