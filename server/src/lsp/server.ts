// Wiring: capabilities, settings, document events, diagnostics (pull when the client supports it,
// push otherwise), and every feature handler. Features live in their own modules; this file only
// connects them to the LSP connection.
import {
  CancellationToken,
  ClientCapabilities,
  CodeActionKind,
  CodeActionRequest,
  CompletionItem,
  CompletionRequest,
  CompletionResolveRequest,
  Connection,
  DefinitionRequest,
  Diagnostic as LspDiagnostic,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  FileChangeType,
  FoldingRangeRequest,
  HoverRequest,
  InitializeParams,
  InitializeResult,
  InlayHintRequest,
  LSPErrorCodes,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  TextDocumentSyncKind,
  TextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, formatText, libraryFileText, lineEdit, tooLargeToCheck } from '../core';
import { codeActions, INSERT_EXPECT_KIND } from './code-actions';
import { COMPLETION_TRIGGERS, complete, completionItemUri, resolveCompletion } from './completion';
import { clampPosition, clampRange, toDiagnostic } from './convert';
import { DocumentStore } from './documents';
import { hover } from './hover';
import { inlayHints } from './inlay-hints';
import {
  definition,
  documentSymbols,
  flatSymbols,
  foldingRanges,
  NavContext,
  prepareRename,
  references,
  rename,
} from './navigation';
import { LIBRARY_FILE_REQUEST, LibraryFileParams, LibraryFileResult, preview, PREVIEW_REQUEST, PreviewParams, STATS_REQUEST } from './preview';
import { safeNotification, safeRequest } from './safe';
import { LEGEND, semanticTokens } from './semantic-tokens';
import { DEFAULT_SETTINGS, readSettings, Settings } from './settings';
import { canonicalUri, libraryPathOf, uriToPath } from './uri';
import { readTextFile } from '../host/text-file';
import { WorkspaceIndex } from './workspace';

/** Delay between the last keystroke and pushed diagnostics (push model only). */
const PUSH_DELAY_MS = 150;

interface ClientFlags {
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  configuration: boolean;
  configurationDynamic: boolean;
  watchedFilesDynamic: boolean;
  workspaceFolders: boolean;
  hierarchicalSymbols: boolean;
  snippets: boolean;
  inlayHintRefresh: boolean;
  codeActionLiterals: boolean;
}

function readFlags(c: ClientCapabilities): ClientFlags {
  return {
    pullDiagnostics: !!c.textDocument?.diagnostic,
    diagnosticRefresh: !!c.workspace?.diagnostics?.refreshSupport,
    configuration: !!c.workspace?.configuration,
    configurationDynamic: !!c.workspace?.didChangeConfiguration?.dynamicRegistration,
    watchedFilesDynamic: !!c.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    workspaceFolders: !!c.workspace?.workspaceFolders,
    hierarchicalSymbols: !!c.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport,
    snippets: !!c.textDocument?.completion?.completionItem?.snippetSupport,
    inlayHintRefresh: !!c.workspace?.inlayHint?.refreshSupport,
    codeActionLiterals: !!c.textDocument?.codeAction?.codeActionLiteralSupport,
  };
}

/** What a host adds to the server: the Node process needs nothing; the Web Worker (main.browser.ts) loads the card library first. */
export interface ServerOptions {
  /** Awaited before `initialize` is answered: the client sends nothing else until then, so no analysis runs before it. */
  beforeInitialize?: (params: InitializeParams) => Promise<void>;
}

/** What a host can ask of a running server. */
export interface ServerHandle {
  /** Something every analysis reads changed outside the protocol (a file read for a `use` line arrived): check the open documents again. */
  recheckAll(): void;
}

export function startServer(connection: Connection, options: ServerOptions = {}): ServerHandle {
  let flags: ClientFlags = readFlags({});
  let settings: Settings = DEFAULT_SETTINGS;
  const log = (m: string) => connection.console.log(m);
  const workspace = new WorkspaceIndex(log);
  const store = new DocumentStore(workspace, () => settings);
  const documents = store.documents;
  /** onSave mode: the diagnostics of the last saved (or opened) text. */
  const validated = new Map<string, LspDiagnostic[]>();
  const timers = new Map<string, NodeJS.Timeout>();

  const nav = (doc: TextDocument): NavContext => ({
    docUri: doc.uri,
    workspace,
    openUri: (canonical) => store.byCanonical(canonical)?.uri,
  });

  const diagnosticsOf = (doc: TextDocument, analysis: Analysis = store.analysis(doc)): LspDiagnostic[] => analysis.diagnostics.map((d) => toDiagnostic(d, doc.uri));

  /**
   * A document's analysis for a request. The request's token reaches core, which stops between
   * scenarios once it is cancelled; a request cancelled before or during the analysis is answered
   * as cancelled (RequestCancelled; ServerCancelled with a retrigger for pull diagnostics).
   */
  const analysisFor = (doc: TextDocument, token: CancellationToken, how: Cancel = 'cancel'): Analysis => {
    throwIfCancelled(token, how);
    const analysis = store.analysis(doc, token);
    if (analysis.cancelled) throwIfCancelled({ isCancellationRequested: true }, how);
    return analysis;
  };

  // ---- diagnostics -------------------------------------------------------------------------

  const publish = (uri: string) => {
    timers.delete(uri);
    const doc = store.get(uri);
    if (!doc) return;
    let items: LspDiagnostic[];
    if (settings.validate === 'onSave') {
      items = validated.get(doc.uri) ?? diagnosticsOf(doc);
      validated.set(doc.uri, items);
    } else {
      items = diagnosticsOf(doc);
    }
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: items });
  };

  const schedulePush = (uri: string, delay = PUSH_DELAY_MS) => {
    if (flags.pullDiagnostics) return;
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    timers.set(
      uri,
      setTimeout(() => {
        try {
          publish(uri);
        } catch (e) {
          connection.console.error(`segoc: diagnostics for ${uri} failed: ${String(e)}`);
        }
      }, delay),
    );
  };

  /** Something every open document depends on changed (workspace cards, settings). */
  const revalidateAll = () => {
    if (settings.validate === 'onSave') {
      for (const doc of documents.all()) validated.set(doc.uri, diagnosticsOf(doc));
    }
    if (flags.pullDiagnostics) {
      if (flags.diagnosticRefresh) connection.languages.diagnostics.refresh();
    } else {
      for (const doc of documents.all()) schedulePush(doc.uri, 0);
    }
    if (flags.inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
  };

  let revalidateTimer: NodeJS.Timeout | undefined;
  const scheduleRevalidateAll = () => {
    if (revalidateTimer) clearTimeout(revalidateTimer);
    revalidateTimer = setTimeout(() => {
      revalidateTimer = undefined;
      try {
        revalidateAll();
      } catch (e) {
        connection.console.error(`segoc: revalidation failed: ${String(e)}`);
      }
    }, PUSH_DELAY_MS);
  };

  // ---- settings ------------------------------------------------------------------------------

  const applySettings = (next: Settings) => {
    const prev = settings;
    settings = next;
    const changed = prev.defaultRuleset !== next.defaultRuleset || prev.strict !== next.strict;
    if (changed) store.settingsChanged();
    if (prev.validate !== next.validate) validated.clear();
    if (changed || prev.validate !== next.validate) revalidateAll();
    else if (prev.inlayHints.enabled !== next.inlayHints.enabled && flags.inlayHintRefresh) {
      void connection.languages.inlayHint.refresh().catch(() => undefined);
    }
  };

  const loadSettings = async () => {
    if (!flags.configuration) return;
    try {
      const raw = await connection.workspace.getConfiguration({ section: 'segoc' });
      applySettings(readSettings(raw));
    } catch (e) {
      connection.console.error(`segoc: cannot read the settings: ${String(e)}`);
    }
  };

  // ---- lifecycle -----------------------------------------------------------------------------

  connection.onInitialize(
    safeRequest(connection, 'initialize', async (params: InitializeParams): Promise<InitializeResult> => {
      await options.beforeInitialize?.(params);
      flags = readFlags(params.capabilities ?? {});
      const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
      workspace.setFolders(folders);
      const init = params.initializationOptions as { settings?: unknown } | undefined;
      if (init && typeof init === 'object') settings = readSettings(init.settings ?? init);
      const result: InitializeResult = {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
          hoverProvider: true,
          completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: true },
          definitionProvider: true,
          referencesProvider: true,
          documentSymbolProvider: { label: 'segoc' },
          foldingRangeProvider: true,
          renameProvider: { prepareProvider: true },
          documentFormattingProvider: true,
          codeActionProvider: flags.codeActionLiterals ? { codeActionKinds: [CodeActionKind.QuickFix, INSERT_EXPECT_KIND] } : true,
          semanticTokensProvider: { legend: LEGEND, full: true, range: true },
          inlayHintProvider: true,
          workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        },
        serverInfo: { name: 'segoc' },
      };
      if (flags.pullDiagnostics) {
        result.capabilities.diagnosticProvider = { identifier: 'segoc', interFileDependencies: true, workspaceDiagnostics: false };
      }
      return result;
    }),
  );

  connection.onInitialized(
    safeNotification(connection, 'initialized', async () => {
      if (flags.configuration && flags.configurationDynamic) {
        void connection.client.register(DidChangeConfigurationNotification.type, { section: 'segoc' }).catch(() => undefined);
      }
      if (flags.watchedFilesDynamic) {
        void connection.client
          .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/{*.segoc,segoc.json}' }] })
          .catch(() => undefined);
      }
      if (flags.workspaceFolders) {
        connection.workspace.onDidChangeWorkspaceFolders(
          safeNotification(connection, 'workspace folders', async (e) => {
            const current = new Set((await connection.workspace.getWorkspaceFolders())?.map((f) => f.uri) ?? []);
            for (const r of e.removed) current.delete(r.uri);
            for (const a of e.added) current.add(a.uri);
            workspace.setFolders([...current]);
            if (await workspace.scan()) scheduleRevalidateAll();
          }),
        );
      }
      await loadSettings();
      const started = Date.now();
      if (await workspace.scan()) {
        log(`segoc: indexed ${workspace.fileCount()} .segoc file(s) in ${Date.now() - started} ms`);
        revalidateAll();
      }
    }),
  );

  connection.onDidChangeConfiguration(
    safeNotification(connection, 'didChangeConfiguration', async (change) => {
      if (flags.configuration) await loadSettings();
      else applySettings(readSettings((change?.settings as { segoc?: unknown } | undefined)?.segoc));
    }),
  );

  connection.onDidChangeWatchedFiles(
    safeNotification(connection, 'didChangeWatchedFiles', async (params) => {
      let changed = false;
      for (const c of params.changes) {
        const canonical = canonicalUri(c.uri);
        if (store.byCanonical(canonical)) continue; // the editor's text wins
        if (await workspace.fileEvent(c.uri, c.type === FileChangeType.Deleted)) changed = true;
        if (store.importedByOpenDocument(canonical)) {
          store.settingsChanged();
          changed = true;
        }
      }
      if (changed) scheduleRevalidateAll();
    }),
  );

  // ---- documents -----------------------------------------------------------------------------

  documents.onDidOpen(
    safeNotification(connection, 'didOpen', (e) => {
      if (settings.validate === 'onSave') validated.set(e.document.uri, diagnosticsOf(e.document));
    }),
  );
  documents.onDidChangeContent(
    safeNotification(connection, 'didChange', (e) => {
      const cardsChanged = workspace.updateFromEditor(e.document.uri, e.document.getText());
      const imported = store.importedByOpenDocument(canonicalUri(e.document.uri));
      if (imported) store.settingsChanged(); // a `use`d file changed: analyses that import it are stale
      if (cardsChanged || imported) scheduleRevalidateAll();
      if (settings.validate === 'onType') schedulePush(e.document.uri);
      else if (!validated.has(e.document.uri)) schedulePush(e.document.uri, 0);
    }),
  );
  documents.onDidSave(
    safeNotification(connection, 'didSave', (e) => {
      if (settings.validate !== 'onSave') return;
      validated.set(e.document.uri, diagnosticsOf(e.document));
      if (flags.pullDiagnostics) {
        if (flags.diagnosticRefresh) connection.languages.diagnostics.refresh();
      } else schedulePush(e.document.uri, 0);
    }),
  );
  documents.onDidClose(
    safeNotification(connection, 'didClose', (e) => {
      const uri = e.document.uri;
      const t = timers.get(uri);
      if (t) clearTimeout(t);
      timers.delete(uri);
      validated.delete(uri);
      store.forget(uri);
      if (!flags.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
      if (workspace.closedInEditor(uri)) scheduleRevalidateAll();
    }),
  );

  connection.onRequest(
    DocumentDiagnosticRequest.type,
    safeRequest(connection, 'diagnostics', (params, token: CancellationToken): DocumentDiagnosticReport => {
      const doc = store.get(params.textDocument.uri);
      if (!doc) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      // Pull diagnostics cancelled by the server's own reasons are asked again (ServerCancelled, retrigger).
      if (settings.validate === 'onSave') {
        let items = validated.get(doc.uri);
        if (!items) {
          items = diagnosticsOf(doc, analysisFor(doc, token, 'retrigger'));
          validated.set(doc.uri, items);
        }
        return { kind: DocumentDiagnosticReportKind.Full, items };
      }
      const items = diagnosticsOf(doc, analysisFor(doc, token, 'retrigger'));
      throwIfCancelled(token, 'retrigger');
      return { kind: DocumentDiagnosticReportKind.Full, items };
    }),
  );

  // ---- features ------------------------------------------------------------------------------
  // Every request is registered with onRequest and its type, not the typed helpers (onHover, ...):
  // those read params.workDoneToken before any handler runs, so a request whose params are null
  // was answered InternalError with a logged stack trace; safeRequest answers it InvalidParams.

  const docOf = (uri: string): TextDocument | undefined => store.get(uri);

  connection.onRequest(
    HoverRequest.type,
    safeRequest(connection, 'hover', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return null;
      return hover(analysisFor(doc, token), clampPosition(doc, params.position));
    }),
  );

  connection.onRequest(
    CompletionRequest.type,
    safeRequest(connection, 'completion', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      return complete(analysisFor(doc, token), doc, clampPosition(doc, params.position), { snippets: flags.snippets });
    }),
  );

  connection.onRequest(
    CompletionResolveRequest.type,
    safeRequest(connection, 'completion resolve', (item: CompletionItem) => {
      const uri = completionItemUri(item);
      const doc = uri === undefined ? undefined : docOf(uri);
      return resolveCompletion(doc ? store.analysis(doc) : undefined, item);
    }),
  );

  connection.onRequest(
    DefinitionRequest.type,
    safeRequest(connection, 'definition', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      return definition(analysisFor(doc, token), clampPosition(doc, params.position), nav(doc));
    }),
  );

  connection.onRequest(
    ReferencesRequest.type,
    safeRequest(connection, 'references', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      return references(analysisFor(doc, token), clampPosition(doc, params.position), params.context?.includeDeclaration ?? true, nav(doc));
    }),
  );

  connection.onRequest(
    DocumentSymbolRequest.type,
    safeRequest(connection, 'documentSymbol', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      const symbols = documentSymbols(analysisFor(doc, token));
      return flags.hierarchicalSymbols ? symbols : flatSymbols(symbols, doc.uri);
    }),
  );

  connection.onRequest(
    FoldingRangeRequest.type,
    safeRequest(connection, 'foldingRange', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      return foldingRanges(analysisFor(doc, token));
    }),
  );

  connection.onRequest(
    PrepareRenameRequest.type,
    safeRequest(connection, 'prepareRename', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return null;
      return prepareRename(analysisFor(doc, token), clampPosition(doc, params.position));
    }),
  );

  connection.onRequest(
    RenameRequest.type,
    safeRequest(connection, 'rename', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return null;
      const r = rename(analysisFor(doc, token), clampPosition(doc, params.position), params.newName, nav(doc));
      if (r instanceof ResponseError) throw r;
      return r;
    }),
  );

  connection.onRequest(
    DocumentFormattingRequest.type,
    safeRequest(connection, 'formatting', (params): TextEdit[] => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      // A Markdown or wikitext page: only its segoc blocks are formatted, as `segoc format` does.
      const text = doc.getText();
      // Past the analysis limit a document is neither checked nor formatted (its one diagnostic says why).
      if (tooLargeToCheck(text, store.pageKindOf(doc))) return [];
      const edit = lineEdit(text, formatText(text, store.pageKindOf(doc)));
      if (!edit) return [];
      return [{ range: { start: doc.positionAt(edit.start), end: doc.positionAt(edit.end) }, newText: edit.newText }];
    }),
  );

  connection.onRequest(
    CodeActionRequest.type,
    safeRequest(connection, 'codeAction', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      return codeActions(analysisFor(doc, token), doc, { ...params, range: clampRange(doc, params.range) });
    }),
  );

  connection.onRequest(
    SemanticTokensRequest.type,
    safeRequest(connection, 'semanticTokens', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return { data: [] };
      return semanticTokens(analysisFor(doc, token));
    }),
  );
  connection.onRequest(
    SemanticTokensRangeRequest.type,
    safeRequest(connection, 'semanticTokens/range', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc) return { data: [] };
      return semanticTokens(analysisFor(doc, token), clampRange(doc, params.range));
    }),
  );

  connection.onRequest(
    InlayHintRequest.type,
    safeRequest(connection, 'inlayHint', (params, token: CancellationToken) => {
      const doc = docOf(params.textDocument.uri);
      if (!doc || !settings.inlayHints.enabled) return [];
      return inlayHints(analysisFor(doc, token), clampRange(doc, params.range));
    }),
  );

  // ---- custom requests -----------------------------------------------------------------------

  connection.onRequest(
    PREVIEW_REQUEST,
    safeRequest(connection, PREVIEW_REQUEST, (params: PreviewParams, token: CancellationToken) => {
      const uri = params?.uri;
      if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'segoc/preview needs { uri }');
      const doc = store.get(uri);
      if (doc) return preview(analysisFor(doc, token), doc.uri, doc.version);
      const libPath = libraryPathOf(uri);
      const p = uriToPath(uri);
      let text: string | undefined;
      if (libPath) text = libraryFileText(libPath);
      else if (p && /\.segoc$/i.test(p)) {
        // Only .segoc files, read as the CLI reads them (a FIFO or a device would block the server).
        const read = readTextFile(p, { root: workspace.rootOf(p) });
        text = 'text' in read ? read.text : undefined;
      }
      if (text === undefined) return null; // neither open nor readable
      const analysis = store.analyzeText(text, uri, undefined, token);
      if (analysis.cancelled) throwIfCancelled(token);
      return preview(analysis, uri, null);
    }),
  );

  connection.onRequest(
    LIBRARY_FILE_REQUEST,
    safeRequest(connection, LIBRARY_FILE_REQUEST, (params: LibraryFileParams): LibraryFileResult | null => {
      if (typeof params?.uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'segoc/libraryFile needs { uri }');
      const path = libraryPathOf(params.uri);
      const text = path ? libraryFileText(path) : undefined;
      return text === undefined ? null : { text }; // null: not a file of the library
    }),
  );

  connection.onRequest(
    STATS_REQUEST,
    safeRequest(connection, STATS_REQUEST, () => ({
      analyses: store.analysisCount,
      workspaceFiles: workspace.fileCount(),
      pullDiagnostics: flags.pullDiagnostics,
      settings,
    })),
  );

  connection.onShutdown(
    safeRequest(connection, 'shutdown', () => {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      if (revalidateTimer) clearTimeout(revalidateTimer);
    }),
  );

  documents.listen(connection);
  return {
    recheckAll: () => {
      store.settingsChanged();
      scheduleRevalidateAll();
    },
  };
}

/** How a cancelled request is answered: RequestCancelled, or ServerCancelled asking the client to retrigger it. */
type Cancel = 'cancel' | 'retrigger';

/** Answers a cancelled request as cancelled (vscode-languageserver's conventions for the two codes). */
function throwIfCancelled(token: { readonly isCancellationRequested: boolean } | undefined, how: Cancel = 'cancel'): void {
  if (!token?.isCancellationRequested) return;
  if (how === 'retrigger') throw new ResponseError(LSPErrorCodes.ServerCancelled, 'cancelled', { retriggerRequest: true });
  throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
}
