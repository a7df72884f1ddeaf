// Read-only documents of the card library that ships inside the server: `segoc-library:` URIs
// (Go to Definition on a library card opens one). The text comes from the server
// (`segoc/libraryFile`); VS Code shows content-provider documents read-only.
import * as vscode from 'vscode';
import { LIBRARY_FILE_REQUEST, LibraryFileResult, ServerConnection } from './protocol';

export class LibraryDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly opened = new Set<string>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: () => Promise<ServerConnection>) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    this.opened.add(uri.toString());
    try {
      const c = await this.client();
      const result = await c.sendRequest<LibraryFileResult | null>(LIBRARY_FILE_REQUEST, { uri: uri.toString() }, token);
      if (result && typeof result.text === 'string') return result.text;
      return `# ${uri.path}: not a file of the SEGOC card library\n`;
    } catch (err) {
      return `# ${uri.path}: the SEGOC language server could not read this library file (${(err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ")})\n`;
    }
  }

  /** Asks VS Code to read the open library documents again (after a server restart). */
  refreshAll(): void {
    for (const u of this.opened) this.changed.fire(vscode.Uri.parse(u));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
