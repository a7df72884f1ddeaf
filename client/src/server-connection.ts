// How the extension gets its language client. On the desktop: the client bundle (dist/client-lsp.js)
// is loaded after activation has returned: it is most of the client's code, and nothing on screen needs
// it before the server is up. In VS Code for the Web: server-connection.browser.ts.
import type * as vscode from 'vscode';
import type { ServerConnection } from './protocol';

export function loadServerConnection(context: vscode.ExtensionContext, output: vscode.OutputChannel): Promise<ServerConnection> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        // A computed path keeps esbuild from bundling it into this file.
        const lsp = require(context.asAbsolutePath('dist/client-lsp.js')) as typeof import('./languageClient');
        resolve(lsp.connect(context, output));
      } catch (err) {
        reject(err);
      }
    }),
  );
}
