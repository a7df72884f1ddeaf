// The language server's entry point in VS Code for the Web (bundled into dist/browser/server.js and run
// in a Web Worker by client/src/languageClient.browser.ts): the same server over the LSP's browser
// transport (postMessage). What the Node process reads from disk comes another way here: the generated
// card library is fetched from the extension's files before `initialize` is answered, and `use` files are
// read by the client (`segoc/readFile`, host/web/workspace-files.ts). The build puts each module's
// `.browser.ts` sibling in its place (scripts/build.js), so no Node built-in is bundled.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { installFetchedLibrary } from '../host/web/generated-cards';
import { connectWorkspaceFiles, FileRead } from '../host/web/workspace-files';
import { READ_FILE_REQUEST } from './preview';
import { describeError } from './safe';
import { startServer } from './server';

/** The worker's global scope, as much of it as the server uses (the build targets no DOM typings). */
declare const self: {
  location: { href: string };
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown }) => void): void;
};

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self as never), new BrowserMessageWriter(self as never));

// Last line of defence: a bug must cost one answer, never the server.
self.addEventListener('error', (e) => connection.console.error(`segoc: uncaught exception: ${describeError(e.error)}`));
self.addEventListener('unhandledrejection', (e) => connection.console.error(`segoc: unhandled rejection: ${describeError(e.reason)}`));

/**
 * Where the library's files are: the client names them (`libraryUrl`, the extension's dist/cards/), else
 * beside this bundle (dist/browser/server.js → dist/cards/).
 */
function libraryBase(options: unknown): string {
  const named = (options as { libraryUrl?: unknown } | null | undefined)?.libraryUrl;
  return typeof named === 'string' ? (named.endsWith('/') ? named : `${named}/`) : new URL('../cards/', self.location.href).href;
}

const server = startServer(connection, {
  beforeInitialize: (params) => installFetchedLibrary(libraryBase(params.initializationOptions), (message) => connection.console.error(message)),
});
connectWorkspaceFiles(
  (uri) => connection.sendRequest<FileRead | null>(READ_FILE_REQUEST, { uri }).then((r) => r ?? { error: 'no such file' }),
  () => server.recheckAll(),
);
connection.listen();
