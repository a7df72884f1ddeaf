// What the desktop and the web language clients share (languageClient.ts, languageClient.browser.ts):
// the client options and the ServerConnection over a started client. Only the transport differs.
import * as vscode from 'vscode';
// The package's own entry: Node's in the desktop bundle, the browser's in the web bundle (its `browser` field).
import { BaseLanguageClient, DocumentSelector, LanguageClientOptions, State } from 'vscode-languageclient';
import { LIBRARY_SCHEME, ServerConnection, UriParams } from './protocol';

/** `documentSelector`: which documents the server checks; `moreOptions`: added to the settings at each start. */
export function clientOptions(
  output: vscode.OutputChannel,
  documentSelector: DocumentSelector,
  moreOptions: () => Record<string, unknown> = () => ({}),
): LanguageClientOptions {
  const settings = vscode.workspace.getConfiguration('segoc');
  const initializationOptions = {
    validate: settings.get('validate'),
    defaultRuleset: settings.get('defaultRuleset'),
    inlayHints: { enabled: settings.get('inlayHints.enabled') },
  };
  return {
    documentSelector,
    synchronize: {
      // Card definitions of the other .segoc files of the workspace count (workspace cards).
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.segoc,segoc.json}'),
      configurationSection: 'segoc',
    },
    initializationOptions: () => ({ ...initializationOptions, ...moreOptions() }),
    outputChannel: output,
    // `segoc.trace.server` is read by the client itself (the client id is "segoc").
  };
}

/** The read-only library documents are served by the server on every platform. */
export const LIBRARY_SELECTOR = { scheme: LIBRARY_SCHEME, language: 'segoc' } as const;

/**
 * The rest of the extension's view of a language client: `client` gives the current one (the web
 * extension makes a new one on a restart), `restart` restarts a running one.
 */
export function serverConnectionOf(client: () => BaseLanguageClient, restart: () => Promise<void>): ServerConnection {
  return {
    start: () => client().start(),
    restart: async () => {
      if (client().state === State.Stopped) await client().start();
      else await restart();
    },
    stop: () => client().stop(),
    isRunning: () => client().state === State.Running,
    isStopped: () => client().state === State.Stopped,
    sendRequest: <R>(method: string, params: UriParams, token?: vscode.CancellationToken) => client().sendRequest<R>(method, params, token),
    uriOf: (uri) => client().code2ProtocolConverter.asUri(uri),
  };
}
