// uri.ts for the Web Worker (the browser bundles put a module's `.browser.ts` sibling in its place:
// scripts/build.js): the same functions on the platform's URL instead of Node's path and url. In VS Code
// for the Web, documents come as `vscode-vfs:` and other URIs, which are kept as they are; a `file:` URI
// is turned into a POSIX path (there is no Windows drive to spell in a browser).
export function isFileUri(uri: string): boolean {
  return /^file:/i.test(uri);
}

export function uriToPath(uri: string): string | undefined {
  if (!isFileUri(uri)) return undefined;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return undefined;
  }
}

export function pathToUri(p: string): string {
  return new URL(`file://${encodeURI(p.startsWith('/') ? p : `/${p}`).replace(/[?#]/g, encodeURIComponent)}`).href;
}

/** One spelling per file: file URIs go through the path and back; other URIs are kept as they are. */
export function canonicalUri(uri: string): string {
  const p = uriToPath(uri);
  return p === undefined ? uri : pathToUri(p);
}

/** Resolves a `use` path relative to the file that contains it. */
export function resolveRelative(fromUri: string, relative: string): string | undefined {
  if (!isFileUri(fromUri)) return undefined;
  try {
    return uriToPath(new URL(relative, fromUri).href);
  } catch {
    return undefined;
  }
}

/** The URI a `use` path names, against the importing file's URI: any hierarchical one (`vscode-vfs:` too), not `untitled:`. */
export function resolveUseUri(fromUri: string, relative: string): string | undefined {
  try {
    return canonicalUri(new URL(relative, fromUri).href);
  } catch {
    return undefined;
  }
}
