// use-files.ts for the Web Worker: the same rules (a `use` path is resolved against the importing file,
// only .segoc files are read, an editor's unsaved text wins), the files read through the client
// (web/workspace-files.ts) instead of from disk. Any hierarchical URI can import: `vscode-vfs:` in
// vscode.dev and github.dev; an `untitled:` document cannot.
import type { UseFile } from '../core';
import { resolveUseUri } from './uri.browser';
import { workspaceFile } from './web/workspace-files';

export type UseReader = (fromUri: string, usePath: string) => UseFile | { error: string };

export function useFileReader(openText?: (canonicalUri: string) => string | undefined): UseReader {
  return (fromUri, usePath) => {
    const target = resolveUseUri(fromUri, usePath);
    if (target === undefined) return { error: 'only files saved in the workspace can import other files' };
    if (!new URL(target).pathname.toLowerCase().endsWith('.segoc')) return { error: 'only .segoc files can be imported' };
    const open = openText?.(target);
    if (open !== undefined) return { uri: target, text: open };
    const read = workspaceFile(target);
    if (read === 'pending') return { error: 'is being read from the workspace (checked again when it arrives)' };
    return 'error' in read ? read : { uri: target, text: read.text };
  };
}
