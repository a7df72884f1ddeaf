// The VS Code side of segoc: starts the language server (dist/server.js), serves the read-only
// `segoc-library:` documents, shows the file's verdict in the status bar and the resolved-chain
// preview. Everything about the scenarios comes from the server; this file only wires things up.
import * as vscode from 'vscode';
import { LibraryDocumentProvider } from './library';
import { LANGUAGE_ID, LIBRARY_SCHEME, PREVIEW_REQUEST, PreviewResponse, ServerConnection } from './protocol';
import { PREVIEW_VIEW_TYPE, PreviewManager } from './preview/panel';
import { loadServerConnection } from './server-connection';
import type { PreviewResult } from './preview/model';
import { VerdictStatusBar } from './statusBar';

let server: Promise<ServerConnection> | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('SEGOC');
  context.subscriptions.push(output);
  const log = (message: string) => output.appendLine(`[${new Date().toLocaleTimeString()}] ${message}`);

  const connection = loadServerConnection(context, output);
  server = connection;
  let starting: Promise<void> = connection.then((c) => c.start());
  starting.catch((err) => {
    log(`the language server did not start: ${err instanceof Error ? err.message : String(err)}`);
    void vscode.window.showErrorMessage('SEGOC: the language server did not start. See the SEGOC output.', 'Show Output').then((pick) => {
      if (pick) output.show(true);
    });
  });

  /** Waits for the server, then asks it for the preview of a document. */
  const fetchPreview = async (uri: vscode.Uri): Promise<PreviewResult | null> => {
    await starting;
    const c = await connection;
    if (!c.isRunning()) throw new Error('the SEGOC language server is not running');
    return c.sendRequest<PreviewResponse>(PREVIEW_REQUEST, { uri: c.uriOf(uri) });
  };
  let previews: PreviewManager | undefined;
  const host = { fetchPreview, log, activePreviewUri: () => previews?.activePreviewUri };

  // Read-only library documents (`segoc-library:/library/staples.segoc`), e.g. from Go to Definition.
  const library = new LibraryDocumentProvider(async () => {
    await starting;
    return connection;
  });
  context.subscriptions.push(library, vscode.workspace.registerTextDocumentContentProvider(LIBRARY_SCHEME, library));

  // Status bar and preview.
  const manager = new PreviewManager(context.extensionUri, host);
  previews = manager;
  const status = new VerdictStatusBar(host);
  context.subscriptions.push(
    status,
    manager,
    manager.onDidChangeActivePreview(() => status.update()),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, manager),
  );
  status.showBusy();
  void starting.then(
    () => status.update(),
    () => status.update(),
  );

  const targetUri = (arg: unknown): vscode.Uri | undefined => {
    if (arg instanceof vscode.Uri) return arg;
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document.languageId === LANGUAGE_ID) return editor.document.uri;
    if (manager.activePreviewUri) return manager.activePreviewUri;
    return vscode.window.visibleTextEditors.find((e) => e.document.languageId === LANGUAGE_ID)?.document.uri;
  };
  const showPreview = (arg: unknown, toSide: boolean) => {
    const uri = targetUri(arg);
    if (!uri) {
      void vscode.window.showInformationMessage('SEGOC: open a .segoc file to show its resolved chains.');
      return undefined;
    }
    const column = toSide ? vscode.ViewColumn.Beside : vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active;
    manager.show(uri, column, toSide);
    return undefined;
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('segoc.showPreview', (arg?: unknown) => showPreview(arg, false)),
    vscode.commands.registerCommand('segoc.showPreviewToSide', (arg?: unknown) => showPreview(arg, true)),
    vscode.commands.registerCommand('segoc.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('segoc.restartServer', async () => {
      log('restarting the language server');
      status.showBusy();
      starting = connection.then((c) => c.restart());
      try {
        await starting;
        log('the language server restarted');
      } catch (err) {
        log(`the language server did not restart: ${err instanceof Error ? err.message : String(err)}`);
        void vscode.window.showErrorMessage('SEGOC: the language server did not restart. See the SEGOC output.');
      }
      library.refreshAll();
      status.update();
      manager.refreshAll();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('segoc')) {
        status.update();
        manager.refreshAll();
      }
    }),
  );
}

export async function deactivate(): Promise<void> {
  const s = server;
  server = undefined;
  if (s) await s.then((c) => c.stop()).catch(() => undefined);
}
