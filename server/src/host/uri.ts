// File URIs and paths. Clients spell the same file URI in different ways (VS Code percent-encodes
// the drive colon on Windows, for instance), so maps are keyed by a canonical form.
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';

export function isFileUri(uri: string): boolean {
  return /^file:/i.test(uri);
}

export function uriToPath(uri: string): string | undefined {
  if (!isFileUri(uri)) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    try {
      return fileURLToPath(decodeURIComponent(uri));
    } catch {
      return undefined;
    }
  }
}

export function pathToUri(p: string): string {
  return pathToFileURL(p).href;
}

/** One spelling per file: file URIs go through the path and back; other URIs are kept as they are. */
export function canonicalUri(uri: string): string {
  const p = uriToPath(uri);
  if (p === undefined) return uri;
  const c = pathToUri(p);
  return process.platform === 'win32' ? c.toLowerCase() : c;
}

/** Resolves a `use` path relative to the file that contains it. */
export function resolveRelative(fromUri: string, relative: string): string | undefined {
  const from = uriToPath(fromUri);
  if (from === undefined) return undefined;
  return path.resolve(path.dirname(from), relative);
}

/** The URI a `use` path names, against the importing file's URI (a file URI: other schemes have no folder here). */
export function resolveUseUri(fromUri: string, relative: string): string | undefined {
  const abs = resolveRelative(fromUri, relative);
  return abs === undefined ? undefined : pathToUri(abs);
}
