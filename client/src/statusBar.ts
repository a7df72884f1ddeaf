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
}

/** Documents whose verdict the status bar shows (not read-only library files). */
function isScenarioDocument(document: vscode.TextDocument | undefined): document is vscode.TextDocument {
  return !!document && document.languageId === LANGUAGE_ID && (document.uri.scheme === 'file' || document.uri.scheme === 'untitled');
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
        if (e.document === vscode.window.activeTextEditor?.document) this.update();
      }),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d === vscode.window.activeTextEditor?.document) this.update();
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active && e.uris.some((u) => u.toString() === active)) this.update();
      }),
    );
    this.update();
  }

  /** Schedules a refresh (at most every 300 ms). */
  update(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!isScenarioDocument(document)) {
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
    if (isScenarioDocument(vscode.window.activeTextEditor?.document)) this.item.show();
  }

  private async refresh(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (!isScenarioDocument(document)) {
      this.item.hide();
      return;
    }
    const seq = ++this.sequence;
    const uri = document.uri;
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
