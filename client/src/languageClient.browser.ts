// languageClient.ts for VS Code for the Web (vscode.dev, github.dev): the same client options, the
// server in a Web Worker (dist/browser/server.js) over the LSP's browser transport. The worker has no
// file system: it fetches the generated card library (dist/cards/) before answering `initialize`, and asks
// the client for the files that scenarios `use` (`segoc/readFile`, read with vscode.workspace.fs, which
// reaches the workspace wherever it lives: a GitHub repository, a local folder, memory).
import * as vscode from 'vscode';
import { BaseLanguageClient, BrowserMessageReader, BrowserMessageWriter, LanguageClientOptions, MessageTransports } from 'vscode-languageclient/browser';
import { clientOptions, serverConnectionOf } from './client-options';
import { LANGUAGE_ID, READ_FILE_REQUEST, ReadFileResult, ServerConnection, UriParams } from './protocol';

/** The web extension host's Worker, Blob and URL (the build targets no DOM typings). */
interface WebWorker {
  terminate(): void;
  postMessage(message: unknown): void;
}
declare const Worker: new (url: string) => WebWorker;
declare const Blob: new (parts: Uint8Array[], options: { type: string }) => object;
declare const URL: { createObjectURL(blob: object): string; revokeObjectURL(url: string): void };

/** The largest file read for a `use` line: the Node host's limit (server/src/host/text-file.ts). */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** The worker's first message when the client read the library itself (server/src/lsp/main.browser.ts). */
const LIBRARY_MESSAGE = 'segoc/libraryFiles';

/**
 * A language client whose server is a new Web Worker at each start (a worker's server is not started
 * twice). On vscode.dev and github.dev the extension's files are http(s) URLs: the worker is made from its
 * URL and fetches the card library itself. An extension installed on a remote (`vscode-remote:`) gets no
 * worker from its URL (the web extension host refuses it) and the worker may fetch nothing from there: the
 * client reads the files through the editor's file system, makes the worker from a blob: URL and posts
 * the library to it before the first LSP message.
 */
class WorkerLanguageClient extends BaseLanguageClient {
  private worker?: WebWorker;
  /** The blob: URL the worker was made from (a remote window), revoked with the worker. */
  private script?: string;
  /** Where the worker finds the card library (in the initialize request's options). */
  library: { libraryUrl: string } | { libraryPosted: true } | undefined;

  constructor(
    private readonly dist: vscode.Uri,
    options: LanguageClientOptions,
  ) {
    super('segoc', 'SEGOC', options);
  }

  protected async createMessageTransports(): Promise<MessageTransports> {
    this.endWorker();
    const server = vscode.Uri.joinPath(this.dist, 'browser', 'server.js');
    const cards = vscode.Uri.joinPath(this.dist, 'cards');
    if (/^https?$/.test(this.dist.scheme)) {
      this.worker = new Worker(server.toString(true));
      this.library = { libraryUrl: `${cards.toString(true)}/` };
    } else {
      this.script = URL.createObjectURL(new Blob([await vscode.workspace.fs.readFile(server)], { type: 'text/javascript' }));
      this.worker = new Worker(this.script);
      const names = (await vscode.workspace.fs.readDirectory(cards)).filter(([, type]) => type === vscode.FileType.File).map(([name]) => name);
      const bytes = await Promise.all(names.map((name) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(cards, name))));
      const files = Object.fromEntries(names.map((name, i) => [name, bytes[i]]));
      this.worker.postMessage({ segoc: LIBRARY_MESSAGE, files });
      this.library = { libraryPosted: true };
    }
    return { reader: new BrowserMessageReader(this.worker as never), writer: new BrowserMessageWriter(this.worker as never) };
  }

  override async stop(timeout?: number): Promise<void> {
    try {
      await super.stop(timeout);
    } finally {
      this.endWorker();
    }
  }

  private endWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
    if (this.script) URL.revokeObjectURL(this.script);
    this.script = undefined;
  }
}

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): WorkerLanguageClient {
  const documentSelector = [
    // Every scheme a web workspace uses (vscode-vfs: for GitHub repositories, file: for local folders, ...).
    { language: LANGUAGE_ID },
    ...['vscode-vfs', 'file', 'vscode-remote', 'vscode-test-web'].map((scheme) => ({ scheme, language: 'markdown' })),
  ];
  let client: WorkerLanguageClient | undefined;
  const options = clientOptions(output, documentSelector, () => client?.library ?? {});
  client = new WorkerLanguageClient(vscode.Uri.joinPath(context.extensionUri, 'dist'), options);
  client.onRequest(READ_FILE_REQUEST, (params: UriParams) => readWorkspaceFile(params?.uri));
  return client;
}

/** A workspace file's text for the worker, with the Node host's checks and words (one limit, one set of messages). */
async function readWorkspaceFile(uri: unknown): Promise<ReadFileResult> {
  if (typeof uri !== 'string') return { error: 'no such file' };
  try {
    const target = vscode.Uri.parse(uri, true);
    const stat = await vscode.workspace.fs.stat(target);
    if (stat.type & vscode.FileType.Directory) return { error: 'not a regular file (a folder, a pipe or a device)' };
    if (stat.size > MAX_TEXT_BYTES) return { error: `too large (${(stat.size / 1048576).toFixed(1)} MB; the limit is ${MAX_TEXT_BYTES / 1048576} MB)` };
    const bytes = await vscode.workspace.fs.readFile(target);
    if (bytes.includes(0)) return { error: 'binary file (contains NUL bytes), not a scenario' };
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (e) {
    if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return { error: 'no such file' };
    if (e instanceof TypeError) return { error: 'not valid UTF-8 text' };
    return { error: `cannot read (${e instanceof Error ? e.message : String(e)})` };
  }
}

export function connect(context: vscode.ExtensionContext, output: vscode.OutputChannel): ServerConnection {
  const client = createClient(context, output);
  return serverConnectionOf(
    () => client,
    async () => {
      await client.stop();
      await client.start();
    },
  );
}
