// languageClient.ts for VS Code for the Web (vscode.dev, github.dev): the same client options, the
// server in a Web Worker (dist/browser/server.js) over the LSP's browser transport. The worker has no
// file system: it fetches the generated card library from the extension's files (`libraryUrl`), and asks
// the client for the files that scenarios `use` (`segoc/readFile`, read with vscode.workspace.fs, which
// reaches the workspace wherever it lives: a GitHub repository, a local folder, memory).
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { clientOptions, serverConnectionOf } from './client-options';
import { LANGUAGE_ID, READ_FILE_REQUEST, ReadFileResult, ServerConnection, UriParams } from './protocol';

/** The web extension host's Worker (the build targets no DOM typings). */
declare const Worker: new (url: string) => { terminate(): void };

/** The largest file read for a `use` line: the Node host's limit (server/src/host/text-file.ts). */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

interface WebClient {
  client: LanguageClient;
  worker: { terminate(): void };
}

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): WebClient {
  const worker = new Worker(vscode.Uri.joinPath(context.extensionUri, 'dist/browser/server.js').toString(true));
  const libraryUrl = vscode.Uri.joinPath(context.extensionUri, 'dist/cards/').toString(true);
  const documentSelector = [
    // Every scheme a web workspace uses (vscode-vfs: for GitHub repositories, file: for local folders, ...).
    { language: LANGUAGE_ID },
    ...['vscode-vfs', 'file', 'vscode-test-web'].map((scheme) => ({ scheme, language: 'markdown' })),
  ];
  const client = new LanguageClient('segoc', 'SEGOC', clientOptions(output, documentSelector, { libraryUrl }), worker as never);
  client.onRequest(READ_FILE_REQUEST, (params: UriParams) => readWorkspaceFile(params?.uri));
  return { client, worker };
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
  let running = createClient(context, output);
  const stop = async (web: WebClient) => {
    await web.client.stop().catch(() => undefined);
    web.worker.terminate();
  };
  // A worker's server is not started twice: a restart is a new worker with a new client.
  const restart = async () => {
    const old = running;
    running = createClient(context, output);
    await stop(old);
    await running.client.start();
  };
  return { ...serverConnectionOf(() => running.client, restart), restart, stop: () => stop(running) };
}
