// The generated card library's files, read for core (which does no I/O). The build copies them beside
// the bundles (dist/cards/, with names.txt and names-layout.bin derived: scripts/build.js); the CLI and
// the server install the library at start, and the files are read on the first lookup that reaches it,
// so a check that names only the file's and the curated cards never reads them (the names' files: on
// the first search). A build made with SEGOC_NO_GENERATED=1 ships no dist/cards/: no generated library.
import * as fs from 'fs';
import * as path from 'path';
import { GeneratedLibrary, GeneratedLibraryData, librarySources, lineStarts, setGeneratedLibrary, TextLines } from '../core';

/**
 * Where the library is: dist/cards/ beside the bundle, or, for the modules compiled under out/ (the
 * tests), the source tree's server/cards/generated/ (without names.txt: core derives it on first search).
 */
export function generatedCardsFolder(): string | undefined {
  const candidates = [path.join(__dirname, 'cards')];
  const root = path.resolve(__dirname, '..', '..', '..');
  if (path.basename(root) === 'out') candidates.push(path.join(root, '..', 'server', 'cards', 'generated'));
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'cards.tsv')));
}

/**
 * The library's files in `dir`, or undefined when they cannot be read (then no card is found there, and
 * `unreadable` hears why: a broken install must not look like 14,000 unknown cards).
 */
export function readGeneratedLibrary(dir: string, unreadable?: (message: string) => void): GeneratedLibraryData | undefined {
  const bytes = (file: string): Buffer => fs.readFileSync(path.join(dir, file));
  const ifThere = (file: string): Buffer | undefined => (fs.existsSync(path.join(dir, file)) ? bytes(file) : undefined);
  const why = (e: unknown) => (e instanceof Error ? e.message : String(e));
  try {
    return {
      cards: linesOf(bytes('cards.tsv')),
      japanese: linesOf(bytes('names-ja.txt')),
      index: bytes('index.txt').toString('utf8').trim(),
      sources: librarySources(bytes('manifest.json').toString('utf8')),
      names: () => {
        // Read on the first search, not with the rest: a lookup by name never needs them. Without names.txt
        // (the source tree) or unreadable, core derives the keys from the records: slower, the same answers;
        // without the layout, core scans the keys for it.
        try {
          const text = ifThere('names.txt');
          return text && { text: decode(text), layout: ifThere('names-layout.bin') };
        } catch (e) {
          unreadable?.(`segoc: the card names' files (names.txt, names-layout.bin) in ${dir} cannot be read (${why(e)}): the names are searched without them (slower); reinstall segoc`);
          return undefined;
        }
      },
    };
  } catch (e) {
    unreadable?.(`segoc: the generated card library in ${dir} cannot be read (${why(e)}): only the curated library and your own card definitions are known; reinstall segoc`);
    return undefined;
  }
}

/**
 * The lines of a UTF-8 file kept as its bytes, each decoded when asked: the records are 2 MB as bytes and
 * twice that as a string (a few characters beyond Latin-1 make the whole string one of 16-bit characters).
 */
function linesOf(bytes: Buffer): TextLines {
  // Newlines found in a Latin-1 view (one character per byte, a copy dropped after): a string's indexOf
  // costs a fraction of a Buffer's, which checks its arguments in JavaScript on each of 14,000 calls.
  const view = bytes.toString('latin1');
  const starts = lineStarts(view.length, (from) => view.indexOf('\n', from));
  const count = starts.length - 1;
  return { count, line: (i) => (i >= 0 && i < count ? bytes.toString('utf8', starts[i], starts[i + 1] - 1) : undefined) };
}

/**
 * A file's text: UTF-16 when it starts with its byte-order mark (the build ships the sorted name keys so,
 * searched as a string: read without decoding), UTF-8 otherwise.
 */
function decode(bytes: Buffer): string {
  return bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.toString('utf16le', 2) : bytes.toString('utf8');
}

/**
 * Installs the shipped generated library for this process's analyses (read on its first lookup);
 * `unreadable` is told once if its files turn out to be unreadable then.
 */
export function installGeneratedLibrary(unreadable?: (message: string) => void, dir = generatedCardsFolder()): void {
  setGeneratedLibrary(dir ? new GeneratedLibrary(() => readGeneratedLibrary(dir, unreadable)) : undefined);
}
