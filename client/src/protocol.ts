// The custom requests of the SEGOC language server (see server/src/lsp). The result types are the
// client's own copies (client code may not import the server); model.ts holds the preview's.
import { RequestType } from 'vscode-languageclient/node';
import type { PreviewResult } from './preview/model';

export interface UriParams {
  uri: string;
}

/** `segoc/preview`: the scenarios and diagnostics of one open document. */
export const PreviewRequest = new RequestType<UriParams, PreviewResult | null, void>('segoc/preview');

export interface LibraryFileResult {
  text: string;
}

/** `segoc/libraryFile`: the text of a read-only library document (`segoc-library:` URI). */
export const LibraryFileRequest = new RequestType<UriParams, LibraryFileResult | null, void>('segoc/libraryFile');

export const LIBRARY_SCHEME = 'segoc-library';
export const LANGUAGE_ID = 'segoc';
