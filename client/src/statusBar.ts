// The status bar item for the active .segoc editor: the file's verdict, from `segoc/preview`
// ("$(check) SEGOC: 5 scenarios legal", "$(error) SEGOC: 1 illegal, 1 unmet expectation").
// Clicking it opens the resolved-chain preview to the side.
import * as vscode from 'vscode';
import { LANGUAGE_ID } from './protocol';
import { isPreviewResult, PreviewResult, summarize } from './preview/model';
import { Throttle } from './throttle';

export interface StatusHost {
  fetchPreview(uri: vscode.Uri): Promise<PreviewResult | null>;
  log(message: string): void;
  /** The document of the focused resolved-chain preview, if one has focus. */
  activePreviewUri(): vscode.Uri | undefined;
}

/** Documents whose verdict the status bar shows (not read-only library files). */
function isScenarioDocument(document: vscode.TextDocument | undefined): document is vscode.TextDocument {
  return !!document && document.languageId === LANGUAGE_ID && isScenarioUri(document.uri);
}

/**
 * Files on disk, unsaved ones, and the files of the workspace's folders wherever they live (VS Code for
 * the Web: `vscode-vfs:` on github.dev, `vscode-remote:`); not other views of a file (a git diff's side).
 */
function isScenarioUri(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' || uri.scheme === 'untitled' || vscode.workspace.getWorkspaceFolder(uri) !== undefined;
}

export class VerdictStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly throttle: Throttle;
  private readonly disposables: vscode.Disposable[] = [];
  private sequence = 0;
  private lastError: string | undefined;

  constructor(private readonly host: StatusHost) {
    this.item = vscode.window.createStatusBarItem('segoc.verdict', vscode.StatusBarAlignment.Left, 10);
    this.item.name = 'SEGOC verdict';
    this.throttle = new Throttle(() => this.refresh(), 300);
    this.disposables.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === this.currentUri()?.toString()) this.update();
      }),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.uri.toString() === this.currentUri()?.toString()) this.update();
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const current = this.currentUri()?.toString();
        if (current && e.uris.some((u) => u.toString() === current)) this.update();
      }),
    );
    this.update();
  }

  /** The document whose verdict is shown: the active .segoc editor's, or the focused preview's. */
  private currentUri(): vscode.Uri | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor) return isScenarioDocument(editor.document) ? editor.document.uri : undefined;
    const preview = this.host.activePreviewUri();
    return preview && isScenarioUri(preview) ? preview : undefined;
  }

  /** Schedules a refresh (at most every 300 ms). */
  update(): void {
    if (!this.currentUri()) {
      this.sequence++;
      this.item.hide();
      return;
    }
    this.throttle.trigger();
  }

  /** Shown while the server starts or restarts. */
  showBusy(text = 'SEGOC'): void {
    this.item.text = `$(sync~spin) ${text}`;
    this.item.tooltip = 'The SEGOC language server is starting';
    this.item.backgroundColor = undefined;
    this.item.command = undefined;
    if (this.currentUri()) this.item.show();
  }

  private async refresh(): Promise<void> {
    const uri = this.currentUri();
    if (!uri) {
      this.item.hide();
      return;
    }
    const seq = ++this.sequence;
    let result: PreviewResult | null;
    try {
      result = await this.host.fetchPreview(uri);
    } catch (err) {
      if (seq !== this.sequence) return;
      const message = err instanceof Error ? err.message : String(err);
      if (message !== this.lastError) this.host.log(`status of ${uri.toString()}: ${message}`);
      this.lastError = message;
      this.item.text = '$(warning) SEGOC';
      this.item.tooltip = `SEGOC could not check this file: ${message}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      this.item.command = { title: 'Show Output', command: 'segoc.showOutput' };
      this.item.show();
      return;
    }
    if (seq !== this.sequence) return;
    this.lastError = undefined;
    if (!isPreviewResult(result)) {
      this.showBusy();
      return;
    }
    const summary = summarize(result);
    const icon = summary.scenarios === 0 ? '$(info)' : summary.ok ? '$(check)' : '$(error)';
    this.item.text = `${icon} SEGOC: ${summary.text}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendText(`SEGOC — ${summary.details.join(' · ')}`);
    tooltip.appendMarkdown('\n\nClick to show the resolved chains.');
    this.item.tooltip = tooltip;
    this.item.backgroundColor = summary.ok ? undefined : new vscode.ThemeColor('statusBarItem.errorBackground');
    this.item.command = { title: 'Show Resolved Chain to the Side', command: 'segoc.showPreviewToSide', arguments: [uri] };
    this.item.show();
  }

  dispose(): void {
    this.throttle.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
