// server-connection.ts for VS Code for the Web: a web extension is one file (the web extension host loads
// no other module of it), so the language client is bundled in (./languageClient is its browser sibling,
// languageClient.browser.ts: the server in a Web Worker).
import type * as vscode from 'vscode';
import { connect } from './languageClient';
import type { ServerConnection } from './protocol';

export function loadServerConnection(context: vscode.ExtensionContext, output: vscode.OutputChannel): Promise<ServerConnection> {
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(connect(context, output));
      } catch (err) {
        reject(err);
      }
    }, 0),
  );
}
