// The playground page: the editor, the resolved-chain view beside it, share links, copying as a page
// block, the examples. Everything from the scenario reaches the page as text nodes (preview-dom.ts,
// markdown.ts, textContent and input values): the CSP of index.html allows no inline script and no eval.
import type { EditorView } from '@codemirror/view';
import { ChainView } from './chain-view';
import { Checker } from './checker';
import { createEditor, OPENED, showDiagnostics } from './editor';
import type { CopyFormat, FromWorker } from './protocol';
import { decodeFragment, encodeFragment, LONG_LINK, MAX_FRAGMENT } from './share';

/** What the page opens with, without a share link: the README's first example (scripts/build-web.js). */
declare const SEGOC_DEFAULT_TEXT: string;

interface Example {
  path: string;
  /** Its first comment line (scripts/build-web.js): the option's tooltip. */
  summary: string;
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
const UNREADABLE_LINK = 'This link holds no scenario that can be read (damaged or cut short?) · ';
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
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 }, userEvent: OPENED });
}

async function share(): Promise<void> {
  let fragment: string;
  try {
    fragment = await encodeFragment(state.view!.state.doc.toString());
  } catch (err) {
    console.error(err);
    return showOutput('Share link', undefined, 'This browser cannot make share links (it has no CompressionStream). Copy the text instead.');
  }
  // A link the page would refuse to open is not made: the receiver would get the page's usual text.
  if (fragment.length > MAX_FRAGMENT) {
    return showOutput('Share link', undefined, `The scenario is too long for a link (${fragment.length.toLocaleString('en')} characters packed; a link holds ${MAX_FRAGMENT.toLocaleString('en')}). Copy it as Markdown or wikitext instead.`);
  }
  history.replaceState(null, '', `#${fragment}`);
  const url = location.href;
  showOutput('Share link', url, url.length > LONG_LINK ? `${url.length.toLocaleString('en')} characters: chat apps that limit a message's length (Discord: 2,000) cannot carry it whole.` : undefined);
}

async function copyAs(format: CopyFormat): Promise<void> {
  const title = format === 'markdown' ? 'Markdown: the page block and the table' : 'Wikitext: the page block and the table';
  const text = await state.checker!.request<string>({ type: 'copy', format });
  if (text === null) showOutput(title, undefined, 'The checker could not make it (a bug: the browser\'s console says more).');
  else showOutput(title, text);
}

/**
 * Shows text to copy, sized to it, and copies it when the browser lets the page; or, without text,
 * only the note (why there is nothing to copy).
 */
function showOutput(title: string, text: string | undefined, note?: string): void {
  $('output-title').textContent = title;
  const area = $<HTMLTextAreaElement>('output-text');
  area.value = text ?? '';
  area.hidden = text === undefined;
  area.rows = Math.min(12, Math.max(2, (text ?? '').split('\n').length));
  $('output').hidden = false;
  const said = (copied: string) => ($('output-note').textContent = note ? `${copied} ${note}` : copied);
  said('');
  if (text === undefined) return;
  area.select();
  navigator.clipboard?.writeText(text).then(
    () => said('Copied to the clipboard.'),
    () => said('Select and copy it.'),
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
        group.label = folder === 'seeds' ? 'Seed examples' : folder === 'rules' ? 'One file per rule' : folder === 'modern' ? 'Current cards (from the card library)' : folder;
        groups.set(folder, group);
        select.appendChild(group);
      }
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = file.replace(/\.segoc$/, '');
      option.title = ex.summary;
      group.appendChild(option);
    });
    select.onchange = () => {
      const ex = examples[Number(select.value)];
      if (!ex) return;
      history.replaceState(null, '', location.pathname + location.search);
      setText(ex.text);
      select.value = '';
    };
  } catch (err) {
    console.error('examples.json could not be read:', err);
    select.disabled = true;
    select.title = 'The examples could not be loaded (examples.json is missing from this site?)';
  }
}

/** The footer's keys as this platform's: CodeMirror's Mod is ⌘ on a Mac. */
function initKeys(): void {
  if (/Mac|iPhone|iPad/.test(navigator.platform)) for (const k of document.querySelectorAll('.page-status kbd.mod')) k.textContent = '⌘';
}

function initTheme(): void {
  const stored = localStorage.getItem('segoc-theme');
  const prefersLight = matchMedia('(prefers-color-scheme: light)').matches;
  const apply = (theme: string) => {
    document.documentElement.dataset.theme = theme;
    const other = theme === 'dark' ? 'light' : 'dark';
    // The button names the theme it switches to; its title says so, as the name alone could read as the current one.
    $('theme').textContent = `${other[0].toUpperCase()}${other.slice(1)} theme`;
    $('theme').title = `Switch to the ${other} theme`;
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
  initKeys();
  const checker = new Checker(onChecked, setStatus);
  state.checker = checker;
  chainView = new ChainView($('preview'), checker, () => state.version);
  const shared = location.hash ? await decodeFragment(location.hash) : undefined;
  if (location.hash.startsWith('#s=') && shared === undefined) notice = UNREADABLE_LINK;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  state.view = createEditor($('editor'), shared ?? draft() ?? SEGOC_DEFAULT_TEXT, {
    checker,
    changed: (version, text, opened) => {
      state.version = version;
      if (version > 0) notice = '';
      checker.text(version, text);
      // Only what the user wrote is kept: opening a link or an example does not overwrite their draft.
      if (opened) return;
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
    // A damaged link pasted into the address of the open page keeps the text, and says why.
    else if (text === undefined && location.hash.startsWith('#s=')) setStatus(UNREADABLE_LINK + $('status').textContent!.replace(UNREADABLE_LINK, ''));
  });
  revealOnClick();
  void loadExamples();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('sw.js').catch((err) => console.warn('no offline use: the service worker did not start', err));
}

void main();
