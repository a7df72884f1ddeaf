// The language server's entry point in VS Code for the Web (bundled into dist/browser/server.js and run
// in a Web Worker by client/src/languageClient.browser.ts): the same server over the LSP's browser
// transport (postMessage). What the Node process reads from disk comes another way here: the generated
// card library is fetched from the extension's files (or posted by the client, in a remote window) before
// `initialize` is answered, and `use` files are read by the client (`segoc/readFile`,
// host/web/workspace-files.ts). The build puts each module's
// `.browser.ts` sibling in its place (scripts/build.js), so no Node built-in is bundled.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { installFetchedLibrary, LibraryLocation } from '../host/web/generated-cards';
import { connectWorkspaceFiles, FileRead } from '../host/web/workspace-files';
import { READ_FILE_REQUEST } from './preview';
import { describeError } from './safe';
import { startServer } from './server';

/** The worker's global scope, as much of it as the server uses (the build targets no DOM typings). */
declare const self: {
  location: { href: string };
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown }) => void): void;
};

/** The first message of a client that read the library itself (`libraryPosted`): not LSP, so not for the connection. */
const LIBRARY_MESSAGE = 'segoc/libraryFiles';
let receiveLibrary: (files: Record<string, Uint8Array>) => void = () => undefined;
const postedLibrary = new Promise<Record<string, Uint8Array>>((resolve) => (receiveLibrary = resolve));

/** The worker's port as the LSP transport sees it, the library's message taken out of it. */
const port = {
  postMessage: (message: unknown) => self.postMessage(message),
  addEventListener: self.addEventListener.bind(self),
  set onmessage(listener: (event: { data: unknown }) => void) {
    self.onmessage = (event) => {
      const data = event.data as { segoc?: unknown; files?: Record<string, Uint8Array> } | null;
      if (data?.segoc === LIBRARY_MESSAGE && data.files) receiveLibrary(data.files);
      else listener(event);
    };
  },
};

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(port as never), new BrowserMessageWriter(port as never));

// Last line of defence: a bug must cost one answer, never the server.
self.addEventListener('error', (e) => connection.console.error(`segoc: uncaught exception: ${describeError(e.error)}`));
self.addEventListener('unhandledrejection', (e) => connection.console.error(`segoc: unhandled rejection: ${describeError(e.reason)}`));

/**
 * Where the library's files are: fetched from the URL the client names (`libraryUrl`, the extension's
 * dist/cards/), posted by the client (`libraryPosted`: a remote window, where the worker may fetch nothing of
 * the extension), else fetched from beside this bundle (dist/browser/server.js → dist/cards/).
 */
function libraryLocation(options: unknown): LibraryLocation {
  const named = options as { libraryUrl?: unknown; libraryPosted?: unknown } | null | undefined;
  if (named?.libraryPosted === true) return { posted: postedLibrary };
  if (typeof named?.libraryUrl === 'string') return { base: named.libraryUrl.endsWith('/') ? named.libraryUrl : `${named.libraryUrl}/` };
  return { base: new URL('../cards/', self.location.href).href };
}

const server = startServer(connection, {
  beforeInitialize: (params) => installFetchedLibrary(libraryLocation(params.initializationOptions), (message) => connection.console.error(message)),
});
connectWorkspaceFiles(
  (uri) => connection.sendRequest<FileRead | null>(READ_FILE_REQUEST, { uri }).then((r) => r ?? { error: 'no such file' }),
  () => server.recheckAll(),
);
connection.listen();
