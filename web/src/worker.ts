// The playground's checker, in a Web Worker: core's analysis of the page's text, and the language
// server's own hover, completion and preview DTO (pure functions of an analysis), so the page says
// what VS Code says. The generated card library is fetched after the first check and installed when it
// arrives; until then the checks run with the curated library (typing never waits for the download).
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, CompletionList, MarkupContent } from 'vscode-languageserver-types';
import { Analysis, analyze, Diagnostic, GeneratedLibrary, type Position, render, setGeneratedLibrary } from '../../server/src/core';
import { fetchGeneratedLibrary } from '../../server/src/host/web/generated-cards';
import { preview } from '../../server/src/lsp/preview';
import { hover } from '../../server/src/lsp/hover';
import { complete, resolveCompletion } from '../../server/src/lsp/completion';
import type { CopyFormat, FromWorker, LibraryState, ToWorker, WebCompletion, WebDiagnostic, WebHover, WebPreview } from './protocol';

const URI = 'playground:/scenario.segoc';
const scope = self as unknown as { postMessage(m: FromWorker): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null; location: Location };

let text = '';
let version = 0;
let analysis: Analysis | undefined;
/** A text came that is not analysed yet. */
let pending = false;
/** A check is due (once the messages already queued are read). */
let scheduled = false;
/** The version whose diagnostics were last sent: a hover that analysed a text first does not stop its check. */
let sent = -1;
let library: LibraryState = 'loading';
let libraryRequested = false;

/** The analysis of the latest text, made now if a newer text came since the last one. */
function current(): Analysis {
  if (!analysis || pending) {
    pending = false;
    analysis = analyze(text, { uri: URI, previous: analysis });
  }
  return analysis;
}

function check(): void {
  scheduled = false;
  if (sent === version) return;
  const t0 = performance.now();
  const a = current();
  const diagnostics = a.diagnostics.map(webDiagnostic);
  // The chain view's DTO is asked for apart (a 1k-line file's is large): the diagnostics come first.
  scope.postMessage({ type: 'checked', version, diagnostics, library, ms: performance.now() - t0 });
  sent = version;
  if (!libraryRequested) {
    libraryRequested = true;
    void loadLibrary();
  }
}

function webDiagnostic(d: Diagnostic): WebDiagnostic {
  return {
    range: d.range,
    severity: d.severity,
    code: d.code,
    rule: d.rule,
    message: d.message,
    fixes: (d.fix ?? []).map((f) => ({ title: f.title, preferred: f.preferred === true, edits: f.edits.map((e) => ({ range: e.range, newText: e.newText })) })),
  };
}

function hoverAt(message: Extract<ToWorker, { type: 'hover' }>): WebHover | null {
  const h = hover(current(), message.position, text.split(/\r?\n/));
  if (!h) return null;
  const contents = h.contents as MarkupContent | string;
  return { markdown: typeof contents === 'string' ? contents : contents.value, range: h.range };
}

function completionsAt(message: Extract<ToWorker, { type: 'complete' }>): WebCompletion[] {
  const a = current();
  const doc = TextDocument.create(URI, 'segoc', version, text);
  const answer: CompletionItem[] | CompletionList = complete(a, doc, message.position, { snippets: false });
  const items = Array.isArray(answer) ? answer : answer.items;
  const out: WebCompletion[] = [];
  for (const item of items) {
    const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
    const resolved = out.length < 20 ? resolveCompletion(a, item) : item;
    const doc = resolved.documentation;
    out.push({
      label: item.label,
      detail: item.detail,
      info: typeof doc === 'string' ? doc : doc?.value,
      range: edit?.range ?? { start: message.position, end: message.position },
      insert: edit?.newText ?? item.insertText ?? item.label,
    });
  }
  return out;
}

/** The page block (the scenario as a segoc block of a page) and core's rendered table of its chains. */
function copyText(format: CopyFormat): string {
  const a = current();
  const body = text.replace(/\n*$/, '\n');
  const block = format === 'markdown' ? '```segoc\n' + body + '```\n' : '<segoc>\n' + body + '</segoc>\n';
  return `${block}\n${render({ title: 'playground', scenarios: a.scenarios }, format)}`;
}

// ------------------------------------------------------------------------------------------------
// The generated card library: the files of dist/web/cards/, read as the web extension's worker reads
// dist/cards/ (server/src/host/web/generated-cards.ts).

async function loadLibrary(): Promise<void> {
  // The page says "unavailable"; the reason (offline on a first visit, a site built without cards/) is logged.
  const data = await fetchGeneratedLibrary({ base: new URL('cards/', scope.location.href).href }, (message) => console.warn(message));
  if (data) setGeneratedLibrary(new GeneratedLibrary(() => data));
  library = data ? 'ready' : 'unavailable';
  // A fresh analysis: the cards the first checks could not find may be in the library.
  analysis = undefined;
  pending = true;
  sent = -1;
  safely(check)();
}

/** `f`, with a bug's exception logged instead of reaching the page as the worker's failure. */
function safely(f: () => void): () => void {
  return () => {
    try {
      f();
    } catch (err) {
      console.error(err);
    }
  };
}

// ------------------------------------------------------------------------------------------------

const isPosition = (p: unknown): boolean => {
  const q = p as Position | null;
  return typeof q === 'object' && q !== null && Number.isInteger(q.line) && Number.isInteger(q.character);
};

/** A message of the page's protocol (protocol.ts); anything else (a bug, a stray postMessage) is dropped. */
function isToWorker(data: unknown): data is ToWorker {
  const m = data as Record<string, unknown> | null;
  if (typeof m !== 'object' || m === null) return false;
  switch (m.type) {
    case 'text':
      return typeof m.text === 'string' && Number.isInteger(m.version);
    case 'hover':
    case 'complete':
      return Number.isInteger(m.id) && isPosition(m.position);
    case 'copy':
      return Number.isInteger(m.id) && (m.format === 'markdown' || m.format === 'wikitext');
    case 'preview':
      return Number.isInteger(m.id);
    default:
      return false;
  }
}

scope.onmessage = (e) => {
  const message = e.data;
  if (!isToWorker(message)) {
    console.warn('the checker dropped a message that is not of its protocol:', message);
    // A request still gets its answer, so the page does not wait for it for ever.
    const id = (message as { id?: unknown } | null)?.id;
    if (Number.isInteger(id)) scope.postMessage({ type: 'reply', id: id as number, result: null });
    return;
  }
  const reply = (id: number, result: unknown) => scope.postMessage({ type: 'reply', id, result });
  try {
    switch (message.type) {
      case 'text':
        text = message.text;
        version = message.version;
        pending = true;
        // Checked once the messages already queued are read: a burst of keystrokes is checked once.
        if (!scheduled) {
          scheduled = true;
          setTimeout(safely(check), 0);
        }
        return;
      case 'hover':
        return reply(message.id, hoverAt(message));
      case 'complete':
        return reply(message.id, completionsAt(message));
      case 'copy':
        return reply(message.id, copyText(message.format));
      case 'preview':
        return reply(message.id, { version, preview: preview(current(), URI, version, text.split(/\r?\n/)) } satisfies WebPreview);
    }
  } catch (err) {
    // Core does not throw on user input; should a bug, the page still gets an answer and keeps working.
    if ('id' in message) reply(message.id, null);
    console.error(err);
  }
};
