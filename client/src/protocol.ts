// The custom requests of the SEGOC language server (see server/src/lsp), and the small interface
// the rest of the client uses to talk to it. The result types are the client's own copies
// (client code may not import the server); model.ts holds the preview's. This file imports
// nothing from vscode-languageclient, so the activation bundle stays small (see languageClient.ts).
import type * as vscode from 'vscode';
import type { PreviewResult } from './preview/model';

export interface UriParams {
  uri: string;
}

/** `segoc/preview`: the scenarios and diagnostics of one open document. */
export const PREVIEW_REQUEST = 'segoc/preview';
export type PreviewResponse = PreviewResult | null;

export interface LibraryFileResult {
  text: string;
}

/** `segoc/libraryFile`: the text of a read-only library document (`segoc-library:` URI). */
export const LIBRARY_FILE_REQUEST = 'segoc/libraryFile';

/** `segoc/readFile`, asked of the client by the web extension's server (a Web Worker has no file system): a workspace file's text. */
export const READ_FILE_REQUEST = 'segoc/readFile';
export type ReadFileResult = { text: string } | { error: string };

export const LIBRARY_SCHEME = 'segoc-library';
export const LANGUAGE_ID = 'segoc';

/** The language server as the client sees it (implemented over vscode-languageclient). */
export interface ServerConnection {
  start(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
  isRunning(): boolean;
  isStopped(): boolean;
  sendRequest<R>(method: string, params: UriParams, token?: vscode.CancellationToken): Promise<R>;
  /** The URI string the server knows a document by. */
  uriOf(uri: vscode.Uri): string;
}
