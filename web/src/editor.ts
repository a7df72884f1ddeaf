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
});

export interface EditorHooks {
  checker: Checker;
  /** Called on every change of the text, with the new version. */
  changed(version: number, text: string): void;
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
        EditorView.contentAttributes.of({ 'aria-label': 'segoc scenario' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) hooks.changed(++version, u.state.doc.toString());
        }),
      ],
    }),
  });
  hooks.changed(version, text);
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
