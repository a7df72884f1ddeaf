// Reading a text file from disk, for the CLI and the language server alike: the one reader of every
// file segoc reads (scenarios, pages, `use` imports, card files, segoc.json), with one limit and one
// set of messages for a file that cannot be read as a scenario. The messages name no file: the caller
// says which file (CLI) or which `use` line (core).
//
// A file's name and its stat are not trusted: a symlink named `x.segoc` may lead to /proc/self/pagemap
// ("regular", size 0, hundreds of GB long), /proc/kmsg (a read blocks) or a FIFO. So the file is
// opened non-blocking, the descriptor itself is checked (a regular file, not under /proc, /sys or
// /dev), and at most the limit + 1 bytes are read whatever its size says.
import * as fs from 'fs';
import * as path from 'path';

/**
 * The largest text file read (a scenario file of 64 MB is already far past anything written by hand).
 * What is analysed has its own, lower limit: core's MAX_SCENARIO_CHARS (comments and prose cost little).
 */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export interface ReadOptions {
  /** The most bytes read (default MAX_TEXT_BYTES). */
  maxBytes?: number;
  /**
   * The project folder: a path inside it whose real path (symbolic links followed) leaves it is
   * refused. A path written to lead outside (`use "../shared/cards.segoc"`) is read as written.
   */
  root?: string;
}

export type TextRead = { text: string; bom: boolean } | { error: string };

/** The file's text (UTF-8, a byte-order mark dropped, and said), or why it cannot be read. Never throws, never blocks. */
export function readTextFile(file: string, options: ReadOptions = {}): TextRead {
  const maxBytes = options.maxBytes ?? MAX_TEXT_BYTES;
  const opened = openRegularFile(file, options.root);
  if ('error' in opened) return opened;
  let buf: Buffer;
  try {
    if (opened.size > maxBytes) return { error: tooLarge(`${(opened.size / 1048576).toFixed(1)} MB`, maxBytes) };
    const read = readAtMost(opened.fd, maxBytes + 1, opened.size);
    if (read.length > maxBytes) return { error: tooLarge(`more than ${limitText(maxBytes)}`, maxBytes) };
    buf = read;
  } catch (e) {
    return { error: cannotRead(e) };
  } finally {
    fs.closeSync(opened.fd);
  }
  if (buf.includes(0)) return { error: 'binary file (contains NUL bytes), not a scenario' };
  const text = lenient.decode(buf);
  // U+FFFD in the text is either written in the file or a decoding error: only then decode strictly.
  if (text.includes('\ufffd') && !isValidUtf8(buf)) return { error: 'not valid UTF-8 text' };
  const bom = text.charCodeAt(0) === 0xfeff;
  return { text: bom ? text.slice(1) : text, bom };
}

/** Folders of the kernel's own files: never scenarios, often endless or blocking. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'];

/**
 * Opens a file that may be read as text: its real path is not a system file and stays in `root`
 * (when the path is inside it), and the opened descriptor is a regular file. Opened non-blocking, so
 * a FIFO or a device is refused at once instead of waiting for a writer.
 */
function openRegularFile(file: string, root: string | undefined): { fd: number; size: number } | { error: string } {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (e) {
    return { error: cannotRead(e) };
  }
  if (path.sep === '/' && SYSTEM_FOLDERS.some((d) => real === d || real.startsWith(`${d}/`))) {
    return { error: `a system file (under ${SYSTEM_FOLDERS.join(', ')}), not a scenario` };
  }
  if (root !== undefined && leavesRoot(file, real, root)) {
    return { error: 'a symbolic link to a file outside the project folder (segoc follows links only inside it)' };
  }
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return { error: cannotRead(e) };
  }
  try {
    const st = fs.fstatSync(fd);
    // A FIFO or a device would be read forever: only regular files are scenarios.
    if (st.isFile()) return { fd, size: st.size };
  } catch {
    // fstat failed: refused below as not a regular file
  }
  fs.closeSync(fd);
  return { error: 'not a regular file (a folder, a pipe or a device)' };
}

/** Whether `file`, a path inside `root`, really is (symbolic links followed) a file outside it. */
export function leavesRoot(file: string, real: string, root: string): boolean {
  const absolute = path.resolve(file);
  const rootPath = path.resolve(root);
  if (!isInside(absolute, rootPath)) return false; // written to lead outside: read as written
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(rootPath);
  } catch {
    realRoot = rootPath;
  }
  return !isInside(real, realRoot);
}

/** Whether `p` is `dir` or lies under it (both absolute). */
export function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Reads up to `cap` bytes, in a loop (a file may be longer, or shorter, than its size says). */
function readAtMost(fd: number, cap: number, sizeHint: number): Buffer {
  let buf = Buffer.allocUnsafe(Math.min(cap, Math.max(sizeHint + 1, 64 * 1024)));
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      if (length >= cap) break;
      const bigger = Buffer.allocUnsafe(Math.min(cap, buf.length * 2));
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, length, buf.length - length, null);
    if (n === 0) break;
    length += n;
  }
  return buf.subarray(0, length);
}

function limitText(maxBytes: number): string {
  return maxBytes >= 1048576 ? `${maxBytes / 1048576} MB` : `${Math.round(maxBytes / 1024)} KB`;
}

function tooLarge(size: string, maxBytes: number): string {
  return `too large (${size}; the limit is ${limitText(maxBytes)})`;
}

function cannotRead(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
  if (code === 'ELOOP') return 'cannot read (a loop of symbolic links)';
  // EAGAIN: a file that would make the read wait (a kernel log, a device that looks like a file).
  if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return 'cannot read (the read would wait for data: not a regular file)';
  return `cannot read (${code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a folder' : code ?? String(e)})`;
}

/**
 * One decoder for every file (a `check` reads a thousand): decode() without a stream keeps no state between
 * calls. ignoreBOM keeps a byte-order mark in the decoded text, so that readTextFile can say the file had one.
 */
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}
