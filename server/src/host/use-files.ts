// The `readUse` callback of core's `analyze`, the same for the CLI and the language server: a `use`
// path is resolved against the importing file, only .segoc files are read, and the limits, the
// messages and the rule for symbolic links (followed only inside the project folder) are those of
// readTextFile.
import * as path from 'path';
import type { UseFile } from '../core';
import { readTextFile } from './text-file';
import { canonicalUri, isFileUri, pathToUri, uriToPath } from './uri';

export type UseReader = (fromUri: string, usePath: string) => UseFile | { error: string };

/**
 * A reader for files identified by a file URI (the server) or by a path (the CLI); the imported file
 * is named the same way as the importing one (a canonical file URI, or an absolute path).
 * `openText` gives an editor's unsaved text of a file, by canonical URI (the server's open documents);
 * `rootOf` the project folder of an imported file (a symbolic link may not lead out of it).
 */
export function useFileReader(openText?: (canonicalUri: string) => string | undefined, rootOf?: (file: string) => string | undefined): UseReader {
  return (fromUri, usePath) => {
    // Another scheme (`untitled:`, a library file) has no folder to resolve against; a drive letter is no scheme.
    const fromPath = isFileUri(fromUri) ? uriToPath(fromUri) : /^[a-z][a-z0-9+.-]+:/i.test(fromUri) ? undefined : fromUri;
    if (fromPath === undefined) return { error: 'only files saved on disk can import other files' };
    const target = path.resolve(path.dirname(fromPath), usePath);
    if (!target.toLowerCase().endsWith('.segoc')) return { error: 'only .segoc files can be imported' };
    const uri = isFileUri(fromUri) ? canonicalUri(pathToUri(target)) : target;
    const open = openText?.(canonicalUri(pathToUri(target)));
    if (open !== undefined) return { uri, text: open };
    const r = readTextFile(target, { root: rootOf?.(target) });
    return 'error' in r ? r : { uri, text: r.text };
  };
}
