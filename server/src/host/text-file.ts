// Reading a text file from disk, for the CLI and the language server alike: one limit and one set
// of messages for a file that cannot be read as a scenario (not a regular file, too large, binary,
// not UTF-8). The messages name no file: the caller says which file (CLI) or which `use` line (core).
import * as fs from 'fs';

/** The largest text file read (a scenario file of 64 MB is already far past anything written by hand). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** The file's text (UTF-8, a byte-order mark dropped), or why it cannot be read. Never throws. */
export function readTextFile(file: string, maxBytes = MAX_TEXT_BYTES): { text: string } | { error: string } {
  let buf: Buffer;
  try {
    const st = fs.statSync(file);
    // A FIFO or a device would be read forever: only regular files are scenarios.
    if (!st.isFile()) return { error: 'not a regular file (a folder, a pipe or a device)' };
    if (st.size > maxBytes) return { error: `too large (${(st.size / 1048576).toFixed(1)} MB; the limit is ${maxBytes / 1048576} MB)` };
    buf = fs.readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { error: 'no such file' };
    return { error: `cannot read (${code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a folder' : code ?? String(e)})` };
  }
  if (buf.includes(0)) return { error: 'binary file (contains NUL bytes), not a scenario' };
  const text = lenient.decode(buf);
  // U+FFFD in the text is either written in the file or a decoding error: only then decode strictly.
  if (text.includes('\ufffd') && !isValidUtf8(buf)) return { error: 'not valid UTF-8 text' };
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** One decoder for every file (a `check` reads a thousand): decode() without a stream keeps no state between calls. */
const lenient = new TextDecoder('utf-8', { fatal: false });

function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}
