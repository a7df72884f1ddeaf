// Open documents (incremental sync) and their analyses. Every feature asks the store for the analysis
// of a document; it is computed at most once per document version (and again only when the workspace
// cards or the settings change), so hover, completion, diagnostics and hints share one analysis.
import { TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, Analysis, AnalyzeOptions, analyzePage, CancellationToken, PageAnalysis, pageKind, PageKind } from '../core';
import { useFileReader } from '../host/use-files';
import { Settings } from './settings';
import { canonicalUri } from './uri';
import { WorkspaceIndex } from './workspace';

interface CacheEntry {
  version: number;
  stamp: string;
  analysis: Analysis;
  /** A page's analysis by blocks, for the next version's (PageOptions.previous). */
  page?: PageAnalysis;
}

export class DocumentStore {
  readonly documents = new TextDocuments(TextDocument);
  private readonly cache = new Map<string, CacheEntry>();
  /** How many analyses were computed (for tests and `segoc/stats`). */
  analysisCount = 0;
  private settingsGeneration = 0;
  /** Analysis options shared by every analysis of one environment (core reuses scenario results by their identity). */
  private environment?: { stamp: string; options: Pick<AnalyzeOptions, 'workspaceCards' | 'readUse' | 'defaultRuleset' | 'strict'> };

  constructor(
    private readonly workspace: WorkspaceIndex,
    private readonly settings: () => Settings,
  ) {}

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uri) ?? this.byCanonical(canonicalUri(uri));
  }

  all(): TextDocument[] {
    return this.documents.all();
  }

  /** The open document with this canonical URI (clients may spell URIs differently). */
  byCanonical(canonical: string): TextDocument | undefined {
    for (const d of this.documents.all()) if (canonicalUri(d.uri) === canonical) return d;
    return undefined;
  }

  /** Settings that change analyses were changed (or an imported file): every cached analysis is stale. */
  settingsChanged(): void {
    this.settingsGeneration++;
  }

  /** Whether an open document's analysis imports this (canonical) URI with `use`. */
  importedByOpenDocument(canonical: string): boolean {
    for (const e of this.cache.values()) if (e.analysis.imports.some((u) => canonicalUri(u) === canonical)) return true;
    return false;
  }

  private stamp(): string {
    return `${this.workspace.generation}/${this.settingsGeneration}`;
  }

  private options(): Pick<AnalyzeOptions, 'workspaceCards' | 'readUse' | 'defaultRuleset' | 'strict'> {
    const stamp = this.stamp();
    if (!this.environment || this.environment.stamp !== stamp) {
      this.environment = {
        stamp,
        options: {
          defaultRuleset: { region: this.workspace.projectRules() ?? this.settings().defaultRuleset },
          strict: this.workspace.projectStrict() || this.settings().strict,
          workspaceCards: this.workspace.cardSources(),
          readUse: useFileReader(
            (c) => this.byCanonical(c)?.getText(),
            (file) => this.workspace.rootOf(file),
          ),
        },
      };
    }
    return this.environment.options;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  /**
   * The analysis of an open document, from the cache when its version was analysed already. With a
   * request's token, a cancelled request stops the analysis between scenarios: that analysis comes
   * back marked `cancelled` and is not cached.
   */
  analysis(doc: TextDocument, cancellation?: CancellationToken): Analysis {
    const stamp = this.stamp();
    const hit = this.cache.get(doc.uri);
    if (hit && hit.version === doc.version && hit.stamp === stamp) return hit.analysis;
    // The previous analysis lets core re-check only the scenarios that changed.
    const kind = this.pageKindOf(doc);
    if (kind) {
      const page = this.analyzePage(doc.getText(), doc.uri, kind, cancellation, hit?.page);
      if (!page.analysis.cancelled) this.cache.set(doc.uri, { version: doc.version, stamp, analysis: page.analysis, page: page.blocks });
      return page.analysis;
    }
    const analysis = this.analyzeText(doc.getText(), doc.uri, hit?.analysis, cancellation);
    if (!analysis.cancelled) this.cache.set(doc.uri, { version: doc.version, stamp, analysis });
    return analysis;
  }

  /** Markdown and wikitext pages: their segoc blocks are checked, in page coordinates. */
  pageKindOf(doc: TextDocument): PageKind | undefined {
    if (doc.languageId === 'markdown') return 'markdown';
    if (doc.languageId === 'wikitext' || doc.languageId === 'mediawiki') return 'wikitext';
    return doc.languageId === 'segoc' ? undefined : pageKind(doc.uri);
  }

  /**
   * A page's analysis in the shape of a document analysis: its diagnostics (with their fixes) and
   * scenarios come from the blocks, mapped to page lines; the syntax-based features (hover,
   * completion, symbols) see an empty file and so stay quiet on prose.
   */
  analyzePageText(text: string, uri: string, kind: PageKind, cancellation?: CancellationToken): Analysis {
    return this.analyzePage(text, uri, kind, cancellation).analysis;
  }

  /** A page's analysis as a document's, and by blocks (given the previous version's, it re-checks only what changed). */
  private analyzePage(text: string, uri: string, kind: PageKind, cancellation?: CancellationToken, previous?: PageAnalysis): { analysis: Analysis; blocks: PageAnalysis } {
    this.analysisCount++;
    const options = { uri: canonicalUri(uri), ...this.options() };
    const blocks = analyzePage(text, kind, { ...options, cancellation, previous });
    const analysis: Analysis = { ...analyze('', options), diagnostics: blocks.diagnostics, scenarios: blocks.scenarios };
    if (blocks.cancelled) analysis.cancelled = true;
    return { analysis, blocks };
  }

  /** Analyses text that is not (necessarily) open, e.g. a file the preview asks for. */
  analyzeText(text: string, uri: string, previous?: Analysis, cancellation?: CancellationToken): Analysis {
    this.analysisCount++;
    return analyze(text, { uri: canonicalUri(uri), ...this.options(), previous, cancellation });
  }
}
