// The language client proper: vscode-languageclient is most of the extension's code, so it is
// bundled on its own (dist/client-lsp.js) and loaded right after activation returns. Activation
// itself (commands, status bar, preview) stays small and instant. The web extension's client is
// languageClient.browser.ts (the same options, the server in a Web Worker).
import * as vscode from 'vscode';
import { LanguageClient, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { clientOptions, LIBRARY_SELECTOR, serverConnectionOf } from './client-options';
import { LANGUAGE_ID, ServerConnection } from './protocol';
import serverProcess from './server-process.json';

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: serverProcess.execArgv } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...serverProcess.execArgv, '--nolazy', '--inspect=6009'] } },
  };
  const documentSelector = [
    { scheme: 'file', language: LANGUAGE_ID },
    { scheme: 'untitled', language: LANGUAGE_ID },
    LIBRARY_SELECTOR,
    // segoc blocks fenced in Markdown pages are checked too (diagnostics and quick fixes).
    { scheme: 'file', language: 'markdown' },
  ];
  return new LanguageClient('segoc', 'SEGOC', serverOptions, clientOptions(output, documentSelector));
}

export function connect(context: vscode.ExtensionContext, output: vscode.OutputChannel): ServerConnection {
  const client = createClient(context, output);
  return serverConnectionOf(() => client, () => client.restart());
}
