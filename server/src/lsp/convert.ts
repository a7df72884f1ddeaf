// Core values → LSP values. Core already uses LSP-style positions (0-based line, UTF-16 character),
// so ranges pass through; severities, codes and related information are translated here.
import {
  CodeDescription,
  Diagnostic as LspDiagnostic,
  DiagnosticRelatedInformation,
  DiagnosticSeverity,
  Position as LspPosition,
  Range as LspRange,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, isRuleCode, LANGUAGE_CODES, Position, Range, Severity } from '../core';

export const DOCS_BASE = 'https://github.com/segoc/segoc/blob/main/docs';

/** The documentation page of a diagnostic code: rules.md#<code> or language.md's list of error codes. */
export function codeHref(code: string): string | undefined {
  if (isRuleCode(code)) return `${DOCS_BASE}/rules.md#${code}`;
  if (LANGUAGE_CODES.some((c) => c.code === code)) return `${DOCS_BASE}/language.md#error-codes-of-the-language`;
  return undefined;
}

export function toSeverity(s: Severity): DiagnosticSeverity {
  switch (s) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    case 'information':
      return DiagnosticSeverity.Information;
    default:
      return DiagnosticSeverity.Hint;
  }
}

export function toPosition(p: Position): LspPosition {
  return { line: Math.max(0, p.line), character: Math.max(0, p.character) };
}

export function toRange(r: Range): LspRange {
  return { start: toPosition(r.start), end: toPosition(r.end) };
}

/**
 * What a published diagnostic carries in `data`. Not its quick fixes: code actions take them from the
 * document's current analysis (a pull report is sent on every keystroke, and fixes were a quarter of it).
 */
interface DiagnosticData {
  rule?: string;
  chain?: number;
  link?: number;
  scenario?: number;
}

export function toDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(d.range),
    severity: toSeverity(d.severity),
    code: d.code,
    source: 'segoc',
    message: d.message,
  };
  const href = codeHref(d.code);
  if (href) out.codeDescription = { href } as CodeDescription;
  if (d.related && d.related.length) {
    out.relatedInformation = d.related.map(
      (r): DiagnosticRelatedInformation => ({ location: { uri, range: toRange(r.range) }, message: r.message }),
    );
  }
  const data: DiagnosticData = {};
  if (d.rule) data.rule = d.rule;
  if (d.chain !== undefined) data.chain = d.chain;
  if (d.link !== undefined) data.link = d.link;
  if (d.scenario !== undefined) data.scenario = d.scenario;
  if (Object.keys(data).length) out.data = data;
  return out;
}

/** Clamps a client position into the document (lines and characters that do not exist). */
export function clampPosition(doc: TextDocument, p: LspPosition): LspPosition {
  const lastLine = Math.max(0, doc.lineCount - 1);
  const line = Math.min(Math.max(0, Math.floor(Number(p?.line) || 0)), lastLine);
  const lineText = lineAt(doc, line);
  const character = Math.min(Math.max(0, Math.floor(Number(p?.character) || 0)), lineText.length);
  return { line, character };
}

export function clampRange(doc: TextDocument, r: LspRange | undefined): LspRange {
  if (!r) return { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) };
  return { start: clampPosition(doc, r.start), end: clampPosition(doc, r.end) };
}

/** The text of one line, without its line break. */
export function lineAt(doc: TextDocument, line: number): string {
  const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return text.replace(/\r?\n$|\r$/, '');
}
