// The workspace's files for the Web Worker, read through the client: a worker has no file system, and in
// VS Code for the Web the workspace is often remote (a GitHub repository), so the client reads a file with
// vscode.workspace.fs and answers the worker's `segoc/readFile` request (main.browser.ts). core reads a
// `use` file synchronously: a file is asked for on its first use, its `use` line says meanwhile that it
// is being read, and the open documents are checked again when it arrives.

/** A file's text as the client read it, or why it could not. */
export type FileRead = { text: string } | { error: string };
export type FileFetcher = (uri: string) => Promise<FileRead>;

let fetcher: FileFetcher | undefined;
let onArrived: () => void = () => undefined;
const files = new Map<string, FileRead | 'pending'>();
/** The read under way for each file: a read settles only if it is still the file's latest (see forgetWorkspaceFile). */
const reads = new Map<string, object>();

/** Connects the cache to the client (`fetch`) and to the server (`arrived`: check the documents again). */
export function connectWorkspaceFiles(fetch: FileFetcher, arrived: () => void): void {
  fetcher = fetch;
  onArrived = arrived;
  files.clear();
  reads.clear();
}

/** The file's text or error, or 'pending' while the client reads it (asked for on the first call). */
export function workspaceFile(uri: string): FileRead | 'pending' {
  const known = files.get(uri);
  if (known) return known;
  if (!fetcher) return { error: 'cannot read files here (no client to read them)' };
  files.set(uri, 'pending');
  const read = {};
  reads.set(uri, read);
  const settle = (result: FileRead) => {
    // Forgotten meanwhile, or forgotten and asked for again (a newer read is under way): this text may be stale.
    if (reads.get(uri) !== read) return;
    reads.delete(uri);
    files.set(uri, result);
    onArrived();
  };
  fetcher(uri).then(settle, (e: unknown) => settle({ error: `cannot read (${e instanceof Error ? e.message : String(e)})` }));
  return 'pending';
}

/** The file changed or was deleted (a watched-file event): read it again on its next use. */
export function forgetWorkspaceFile(uri: string): void {
  files.delete(uri);
  reads.delete(uri);
}
