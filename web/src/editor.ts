// The CodeMirror 6 editor of the playground: the segoc language, the checker's diagnostics (pushed by
// the worker, with core's quick fixes as their actions), hovers and completion asked of the worker.
import { autocompletion, closeBrackets, completionKeymap, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Diagnostic as CmDiagnostic, lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { EditorState, Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { Position } from '../../server/src/core';
import type { Checker } from './checker';
import { segocLanguage } from './language';
import { markdownDom } from './markdown';
import type { WebCompletion, WebDiagnostic, WebHover } from './protocol';

/** This build's nonce for CodeMirror's <style> element: the page's CSP allows no other inline style (scripts/build-web.js). */
declare const SEGOC_STYLE_NONCE: string;

/** A position of core (line, UTF-16 character) as a document offset, clamped to the document. */
export function offsetOf(doc: Text, p: Position): number {
  const line = doc.line(Math.min(Math.max(p.line, 0), doc.lines - 1) + 1);
  return Math.min(line.from + Math.max(p.character, 0), line.to);
}

function positionOf(doc: Text, offset: number): Position {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}

/** Colours by CSS variables, so one highlight style follows the page's dark or light theme. */
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--tok-keyword)' },
  { tag: tags.string, color: 'var(--tok-string)' },
  { tag: tags.number, color: 'var(--tok-number)' },
  { tag: tags.comment, color: 'var(--tok-comment)', fontStyle: 'italic' },
  { tag: tags.atom, color: 'var(--tok-atom)' },
  { tag: tags.function(tags.variableName), color: 'var(--tok-function)' },
  { tag: tags.variableName, color: 'var(--tok-variable)' },
  { tag: tags.operator, color: 'var(--tok-operator)' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', backgroundColor: 'var(--editor-bg)', color: 'var(--editor-fg)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--editor-fg)' },
  '.cm-gutters': { backgroundColor: 'var(--editor-bg)', color: 'var(--muted)', border: 'none' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--selection)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel-bg)', color: 'var(--editor-fg)', border: '1px solid var(--border)', maxWidth: '38em' },
  '.cm-tooltip-hover': { padding: '4px 10px' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--selection)', color: 'var(--editor-fg)' },
  // The problems panel (Ctrl-Shift-M) and the fixes' buttons: CodeMirror's own colours are light-only
  // (its selected row was white on bright blue in the dark theme), and its 100 px list held one message.
  '.cm-panels': { backgroundColor: 'var(--panel-bg)', color: 'var(--editor-fg)' },
  '.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel.cm-panel-lint ul': { maxHeight: '30vh' },
  '.cm-panel.cm-panel-lint ul [aria-selected], .cm-panel.cm-panel-lint ul:focus [aria-selected]': { backgroundColor: 'var(--selection)', color: 'var(--editor-fg)' },
  '.cm-diagnosticAction': { backgroundColor: 'var(--button-bg)', color: 'var(--button-fg)' },
  '.cm-diagnosticSource': { opacity: 1, color: 'var(--muted)' },
});

/** The userEvent of a transaction that puts in a text the page opened (page.ts). */
export const OPENED = 'open';

export interface EditorHooks {
  checker: Checker;
  /**
   * Called on every change of the text, with the new version; `opened` when the change only put in a text
   * the page opened (a link, an example: transactions with userEvent OPENED), not one the user wrote.
   */
  changed(version: number, text: string, opened: boolean): void;
}

export function createEditor(parent: HTMLElement, text: string, hooks: EditorHooks): EditorView {
  let version = 0;
  const hoverSource = hoverTooltip(async (view, pos) => {
    const h = await hooks.checker.request<WebHover>({ type: 'hover', position: positionOf(view.state.doc, pos) });
    if (!h) return null;
    const doc = view.state.doc;
    return {
      pos: h.range ? offsetOf(doc, h.range.start) : pos,
      end: h.range ? offsetOf(doc, h.range.end) : pos,
      create: () => ({ dom: markdownDom(h.markdown) }),
    };
  });
  const completionSource = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const items = await hooks.checker.request<WebCompletion[]>({ type: 'complete', position: positionOf(context.state.doc, context.pos) });
    if (!items || items.length === 0 || context.aborted) return null;
    const doc = context.state.doc;
    const from = Math.min(...items.map((i) => offsetOf(doc, i.range.start)));
    return {
      from,
      filter: false,
      options: items.map((item, i) => ({
        label: item.label,
        detail: item.detail,
        boost: -i,
        info: item.info ? () => markdownDom(item.info!) : undefined,
        apply: (view: EditorView, _c: unknown, _from: number, to: number) => {
          const start = offsetOf(view.state.doc, item.range.start);
          view.dispatch({ changes: { from: start, to, insert: item.insert }, selection: { anchor: start + item.insert.length } });
        },
      })),
    };
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        closeBrackets(),
        indentUnit.of('  '),
        segocLanguage,
        syntaxHighlighting(highlight),
        lintGutter(),
        hoverSource,
        autocompletion({ override: [completionSource], activateOnTyping: true }),
        keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        theme,
        // Long `source` lines and comments stay readable in a half-width pane.
        EditorView.lineWrapping,
        EditorView.cspNonce.of(SEGOC_STYLE_NONCE),
        EditorView.contentAttributes.of({ 'aria-label': 'segoc scenario' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) hooks.changed(++version, u.state.doc.toString(), u.transactions.every((tr) => !tr.docChanged || tr.isUserEvent(OPENED)));
        }),
      ],
    }),
  });
  hooks.changed(version, text, true);
  return view;
}

/** Shows a check's diagnostics, with core's quick fixes as actions. */
export function showDiagnostics(view: EditorView, diagnostics: WebDiagnostic[]): void {
  const doc = view.state.doc;
  const cm: CmDiagnostic[] = diagnostics.map((d) => {
    const from = offsetOf(doc, d.range.start);
    return {
      from,
      to: Math.max(from, offsetOf(doc, d.range.end)),
      severity: d.severity === 'information' ? 'info' : d.severity,
      source: d.rule ? `${d.code} [${d.rule}]` : d.code,
      message: d.message,
      actions: d.fixes.map((fix) => ({
        name: fix.title,
        apply: (v: EditorView) => {
          const now = v.state.doc;
          v.dispatch({ changes: fix.edits.map((e) => ({ from: offsetOf(now, e.range.start), to: offsetOf(now, e.range.end), insert: e.newText })) });
        },
      })),
    };
  });
  view.dispatch(setDiagnostics(view.state, cm));
}
