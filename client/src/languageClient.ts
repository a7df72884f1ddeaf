// The language client proper: vscode-languageclient is most of the extension's code, so it is
// bundled on its own (dist/client-lsp.js) and loaded right after activation returns. Activation
// itself (commands, status bar, preview) stays small and instant.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';
import { LANGUAGE_ID, LIBRARY_SCHEME, ServerConnection, UriParams } from './protocol';
import serverProcess from './server-process.json';

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: serverProcess.execArgv } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...serverProcess.execArgv, '--nolazy', '--inspect=6009'] } },
  };
  const settings = vscode.workspace.getConfiguration('segoc');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
      { scheme: LIBRARY_SCHEME, language: LANGUAGE_ID },
      // segoc blocks fenced in Markdown pages are checked too (diagnostics and quick fixes).
      { scheme: 'file', language: 'markdown' },
    ],
    synchronize: {
      // Card definitions of the other .segoc files of the workspace count (workspace cards).
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.segoc,segoc.json}'),
      configurationSection: 'segoc',
    },
    initializationOptions: {
      validate: settings.get('validate'),
      defaultRuleset: settings.get('defaultRuleset'),
      inlayHints: { enabled: settings.get('inlayHints.enabled') },
    },
    outputChannel: output,
    // `segoc.trace.server` is read by the client itself (the client id is "segoc").
  };
  return new LanguageClient('segoc', 'SEGOC', serverOptions, clientOptions);
}

export function connect(context: vscode.ExtensionContext, output: vscode.OutputChannel): ServerConnection {
  const client = createClient(context, output);
  return {
    start: () => client.start(),
    restart: async () => {
      if (client.state === State.Stopped) await client.start();
      else await client.restart();
    },
    stop: () => client.stop(),
    isRunning: () => client.state === State.Running,
    isStopped: () => client.state === State.Stopped,
    sendRequest: <R>(method: string, params: UriParams, token?: vscode.CancellationToken) => client.sendRequest<R>(method, params, token),
    uriOf: (uri) => client.code2ProtocolConverter.asUri(uri),
  };
}
