// The `segoc/preview` request: the scenario results and diagnostics of a document as plain JSON, for
// the client's preview webview. Core objects are sent as they are, minus object graphs (card copies,
// card infos) and anything circular.
import { Analysis, Diagnostic, ScenarioResult } from '../core';
import { plain } from './convert';

export const PREVIEW_REQUEST = 'segoc/preview';
export const LIBRARY_FILE_REQUEST = 'segoc/libraryFile';
export const STATS_REQUEST = 'segoc/stats';

export interface PreviewParams {
  uri: string;
}

export interface PreviewResult {
  uri: string;
  /** The document version analysed (null for a file that is not open). */
  version: number | null;
  scenarios: ScenarioResult[];
  diagnostics: Diagnostic[];
}

export interface LibraryFileParams {
  uri: string;
}

export interface LibraryFileResult {
  text: string;
}

const DROP_KEYS = new Set(['references', 'instance', 'instances']);

/** Card copies and card infos are object graphs; strings named `card` (a link's card name) stay. */
function drop(key: string, value: unknown): boolean {
  if (DROP_KEYS.has(key)) return true;
  if ((key === 'card' || key === 'cards') && value !== null && typeof value === 'object' && !Array.isArray(value)) return true;
  return typeof value === 'function';
}

export function preview(analysis: Analysis, uri: string, version: number | null): PreviewResult {
  return {
    uri,
    version,
    scenarios: plain(analysis.scenarios, drop),
    diagnostics: plain(analysis.diagnostics, drop),
  };
}
