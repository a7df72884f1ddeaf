// The resolved-chain preview: one webview panel per document. The panel asks the server for
// `segoc/preview`, turns the result into HTML (model.ts, html.ts) and re-renders, throttled, when the
// document or its diagnostics change. A WebviewPanelSerializer restores panels after a reload from
// the state the webview script saved (`{ uri }`). Messages from the webview are validated; the only
// ones acted on are `reveal` (select a line in the editor) and `ready`.
import * as vscode from 'vscode';
import { Throttle } from '../throttle';
import { PREVIEW_ASSET_FILES, PreviewAssets, renderMessageHtml, renderPreviewHtml } from './html';
import { buildViewModel, HostMessage, isPreviewResult, parseWebviewMessage, PreviewResult, previewStateUri } from './model';

export const PREVIEW_VIEW_TYPE = 'segoc.preview';
/** Re-render at most this often while typing. */
export const UPDATE_INTERVAL_MS = 300;

export interface PreviewHost {
  /** Asks the server for the preview of a document. Throws when the request fails. */
  fetchPreview(uri: vscode.Uri): Promise<PreviewResult | null>;
  log(message: string): void;
}

function fileName(uri: vscode.Uri): string {
  const parts = uri.path.split('/');
  return parts[parts.length - 1] || uri.toString();
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/**
 * The preview's style sheet and script (media/), read once per window. A file that cannot be read (a broken
 * install) is logged and left empty: the preview then shows unstyled, rather than not at all.
 */
async function loadPreviewAssets(extensionUri: vscode.Uri, log: (message: string) => void): Promise<PreviewAssets> {
  const read = async (file: string): Promise<string> => {
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, file)));
    } catch (err) {
      log(`preview: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
      return '';
    }
  };
  const [style, script] = await Promise.all([read(PREVIEW_ASSET_FILES.style), read(PREVIEW_ASSET_FILES.script)]);
  return { style, script };
}

class ChainPreview implements vscode.Disposable {
  private readonly throttle: Throttle;
  private readonly highlightThrottle: Throttle;
  private readonly disposables: vscode.Disposable[] = [];
  private sequence = 0;
  private lastKey: string | undefined;
  private disposed = false;
  private pendingHighlight: number | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly uri: vscode.Uri,
    private readonly host: PreviewHost,
    private readonly extensionUri: vscode.Uri,
    private readonly assets: Promise<PreviewAssets>,
    private readonly onDispose: (preview: ChainPreview) => void,
  ) {
    panel.title = `Resolved Chain: ${fileName(uri)}`;
    panel.iconPath = {
      light: vscode.Uri.joinPath(extensionUri, 'media', 'preview-light.svg'),
      dark: vscode.Uri.joinPath(extensionUri, 'media', 'preview-dark.svg'),
    };
    panel.webview.options = webviewOptions(extensionUri);
    this.throttle = new Throttle(() => this.render(), UPDATE_INTERVAL_MS);
    this.highlightThrottle = new Throttle(() => this.sendHighlight(), 100);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw) => void this.onMessage(raw)),
      panel.onDidChangeViewState(() => {
        if (panel.visible) this.update();
      }),
    );
    // Shown until the first render starts (a render that began first wins: it bumped `sequence`).
    void assets.then((a) => {
      if (this.disposed || this.sequence !== 0) return;
      panel.webview.html = renderMessageHtml('Checking…', `Waiting for the SEGOC language server to check ${fileName(uri)}.`, uri.toString(), {
        cspSource: panel.webview.cspSource,
        assets: a,
      });
    });
    this.update();
  }

  /** Schedules a re-render (at most every 300 ms). */
  update(): void {
    this.throttle.trigger();
  }

  /** Re-renders even if the result did not change (after a server restart, a setting change). */
  refresh(): void {
    this.lastKey = undefined;
    this.update();
  }

  /** The editor's cursor moved to `line` in this document. */
  highlight(line: number): void {
    this.pendingHighlight = line;
    this.highlightThrottle.trigger();
  }

  private sendHighlight(): void {
    if (this.disposed || this.pendingHighlight === undefined || !this.panel.visible) return;
    const message: HostMessage = { type: 'highlightLine', line: this.pendingHighlight };
    void this.panel.webview.postMessage(message);
  }

  private async render(): Promise<void> {
    if (this.disposed) return;
    // A hidden panel is rendered when it becomes visible again (onDidChangeViewState).
    if (!this.panel.visible) return;
    const seq = ++this.sequence;
    const webview = this.panel.webview;
    let html: string;
    let key: string;
    const assets = await this.assets;
    try {
      const result = await this.host.fetchPreview(this.uri);
      if (this.disposed || seq !== this.sequence) return;
      if (!isPreviewResult(result)) {
        key = 'none';
        html = renderMessageHtml(
          'No analysis yet',
          `The SEGOC language server has no analysis of ${fileName(this.uri)}. Open the file in an editor to check it.`,
          this.uri.toString(),
          { cspSource: webview.cspSource, assets },
        );
      } else {
        key = JSON.stringify(result);
        if (key === this.lastKey) return;
        html = renderPreviewHtml(buildViewModel(result), { cspSource: webview.cspSource, assets });
      }
    } catch (err) {
      if (this.disposed || seq !== this.sequence) return;
      const message = err instanceof Error ? err.message : String(err);
      this.host.log(`preview of ${this.uri.toString()}: ${message}`);
      key = `error:${message}`;
      html = renderMessageHtml('Could not check the document', message, this.uri.toString(), { cspSource: webview.cspSource, assets });
    }
    if (key === this.lastKey) return;
    this.lastKey = key;
    webview.html = html;
  }

  private async onMessage(raw: unknown): Promise<void> {
    if (this.disposed) return;
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.uri.toString());
    const lineCount = document?.lineCount ?? (await this.openDocument())?.lineCount ?? 0;
    const message = parseWebviewMessage(raw, lineCount);
    if (!message) return; // anything else from the webview is ignored
    if (message.type === 'ready') {
      const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri.toString());
      if (editor) this.highlight(editor.selection.active.line);
      return;
    }
    await this.reveal(message.line);
  }

  private async openDocument(): Promise<vscode.TextDocument | undefined> {
    try {
      return await vscode.workspace.openTextDocument(this.uri);
    } catch {
      return undefined;
    }
  }

  /** Shows the document beside the preview and selects `line` (without its indentation). */
  private async reveal(line: number): Promise<void> {
    const document = await this.openDocument();
    if (!document || line >= document.lineCount) return;
    const text = document.lineAt(line);
    const range = new vscode.Range(line, text.firstNonWhitespaceCharacterIndex, line, text.range.end.character);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri.toString());
    const column =
      visible?.viewColumn ?? (this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One);
    const editor = await vscode.window.showTextDocument(document, { viewColumn: column, preserveFocus: false, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.throttle.dispose();
    this.highlightThrottle.dispose();
    for (const d of this.disposables) d.dispose();
    this.onDispose(this);
    this.panel.dispose();
  }
}

export class PreviewManager implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private readonly previews = new Map<string, ChainPreview>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly activeChanged = new vscode.EventEmitter<void>();
  private active: ChainPreview | undefined;
  private readonly assets: Promise<PreviewAssets>;
  /** Fires when a preview gains or loses focus. */
  readonly onDidChangeActivePreview = this.activeChanged.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PreviewHost,
  ) {
    this.assets = loadPreviewAssets(extensionUri, (m) => host.log(m));
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.previews.get(e.document.uri.toString())?.update()),
      vscode.workspace.onDidSaveTextDocument((d) => this.previews.get(d.uri.toString())?.update()),
      vscode.languages.onDidChangeDiagnostics((e) => {
        for (const uri of e.uris) this.previews.get(uri.toString())?.update();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        this.previews.get(e.textEditor.document.uri.toString())?.highlight(e.selections[0]?.active.line ?? 0);
      }),
    );
  }

  /** The document of the focused preview, if a preview has focus. */
  get activePreviewUri(): vscode.Uri | undefined {
    return this.active?.panel.active ? this.active.uri : undefined;
  }

  /** Opens (or reveals) the preview of `uri`. */
  show(uri: vscode.Uri, column: vscode.ViewColumn, preserveFocus = false): vscode.WebviewPanel {
    const existing = this.previews.get(uri.toString());
    if (existing) {
      existing.panel.reveal(column === vscode.ViewColumn.Beside ? existing.panel.viewColumn : column, preserveFocus);
      existing.update();
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      `Resolved Chain: ${fileName(uri)}`,
      { viewColumn: column, preserveFocus },
      { ...webviewOptions(this.extensionUri), retainContextWhenHidden: false, enableFindWidget: true },
    );
    this.track(panel, uri);
    return panel;
  }

  /** Restores a preview after a reload (`onWebviewPanel:segoc.preview`). */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const saved = previewStateUri(state);
    let uri: vscode.Uri | undefined;
    try {
      uri = saved ? vscode.Uri.parse(saved, true) : undefined;
    } catch {
      uri = undefined;
    }
    if (!uri) {
      panel.webview.options = webviewOptions(this.extensionUri);
      panel.webview.html = renderMessageHtml('Nothing to show', 'This preview lost track of its document. Close it and open it again.', '', {
        cspSource: panel.webview.cspSource,
        assets: await this.assets,
      });
      return;
    }
    const other = this.previews.get(uri.toString());
    if (other) other.dispose(); // one panel per document
    // Make sure the server knows the document (it may not be open in an editor after a reload).
    try {
      await vscode.workspace.openTextDocument(uri);
    } catch (err) {
      this.host.log(`restoring the preview of ${uri.toString()}: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.track(panel, uri);
  }

  private track(panel: vscode.WebviewPanel, uri: vscode.Uri): void {
    const preview = new ChainPreview(panel, uri, this.host, this.extensionUri, this.assets, (p) => {
      if (this.previews.get(p.uri.toString()) === p) this.previews.delete(p.uri.toString());
      if (this.active === p) this.active = undefined;
      this.activeChanged.fire();
    });
    this.previews.set(uri.toString(), preview);
    this.active = preview;
    // Disposed with the panel.
    panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.active = preview;
      this.activeChanged.fire();
    });
    this.activeChanged.fire();
  }

  /** Re-renders every preview (server restarted, settings changed). */
  refreshAll(): void {
    for (const p of this.previews.values()) p.refresh();
  }

  /** The number of open previews (for tests). */
  get size(): number {
    return this.previews.size;
  }

  dispose(): void {
    for (const p of [...this.previews.values()]) p.dispose();
    this.previews.clear();
    for (const d of this.disposables) d.dispose();
    this.activeChanged.dispose();
  }
}
