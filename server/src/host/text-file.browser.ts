// text-file.ts for the Web Worker: a worker has no file system. The language server reads a file from
// disk only for the preview of a .segoc file that is not open (open documents come from the editor);
// `use` files are read through the client (use-files.browser.ts). What only the CLI and the project
// reader use (leavesRoot, isInside) has no counterpart here.
import type { ReadOptions, TextRead } from './text-file';

export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export function readTextFile(_file: string, _options: ReadOptions = {}): TextRead {
  return { error: 'files are not read from disk in VS Code for the Web; open it in the editor' };
}
