// URIs of the language server: file URIs are the host's (host/uri.ts); `segoc-library:` URIs name the
// files of the embedded card library.
export { canonicalUri, isFileUri, pathToUri, resolveRelative, resolveUseUri, uriToPath } from '../host/uri';

export const LIBRARY_SCHEME = 'segoc-library';
/** `segoc-library:/library/staples.segoc` for the library path `library/staples.segoc`. */
export function libraryUri(libraryPath: string): string {
  return `${LIBRARY_SCHEME}:/${libraryPath.replace(/^\/+/, '')}`;
}

/** The library path of a `segoc-library:` URI, or undefined. */
export function libraryPathOf(uri: string): string | undefined {
  const m = /^segoc-library:(?:\/\/)?\/*(.*)$/i.exec(uri);
  if (!m) return undefined;
  let p = m[1].replace(/[?#].*$/, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep as written
  }
  return p;
}
