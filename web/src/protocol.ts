// The messages between the playground page and its checker worker (web/src/worker.ts). Positions are
// core's: zero-based lines and UTF-16 characters, which are CodeMirror's offsets within a line too.
import type { Position, Range } from '../../server/src/core';
import type { PreviewResult } from '../../client/src/preview/model';

export type CopyFormat = 'markdown' | 'wikitext';

/** A quick fix of a diagnostic: core's edits, applied by the page. */
export interface WebFix {
  title: string;
  preferred: boolean;
  edits: { range: Range; newText: string }[];
}

export interface WebDiagnostic {
  range: Range;
  severity: 'error' | 'warning' | 'information' | 'hint';
  code: string;
  rule?: string;
  message: string;
  fixes: WebFix[];
}

/** How far the generated card library (dist/web/cards/) is: the first checks run without it. */
export type LibraryState = 'loading' | 'ready' | 'unavailable';

export type ToWorker =
  | { type: 'text'; version: number; text: string }
  | { type: 'hover'; id: number; position: Position }
  | { type: 'complete'; id: number; position: Position }
  | { type: 'copy'; id: number; format: CopyFormat }
  /** The chain view's DTO (the language server's segoc/preview) of the latest text. */
  | { type: 'preview'; id: number };

export type FromWorker =
  | { type: 'checked'; version: number; diagnostics: WebDiagnostic[]; library: LibraryState; ms: number }
  | { type: 'reply'; id: number; result: unknown };

/** The answer to a `preview` request: the DTO and the version of the text it is of. */
export interface WebPreview {
  version: number;
  preview: PreviewResult;
}

/** A hover's text (Markdown), as the language server's hover gives it. */
export interface WebHover {
  markdown: string;
  range?: Range;
}

/** A completion item: the text to put in place of `range` (the word typed so far). */
export interface WebCompletion {
  label: string;
  detail?: string;
  info?: string;
  kind?: string;
  range: Range;
  insert: string;
}
