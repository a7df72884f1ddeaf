// The generated card library for the Web Worker: the same files as the Node host reads (dist/cards/,
// shipped in the .vsix beside the bundles), fetched from the extension's own URL or posted by the client.
// The worker has them before it answers `initialize` (main.browser.ts), so no document is checked without
// them: a card of the library must never be reported unknown while it loads. Files that cannot be read
// leave the library out and say so (only the curated library and the file's own cards are known then).
import { GeneratedLibrary, GeneratedLibraryData, librarySources, lineStarts, setGeneratedLibrary, TextLines } from '../../core';

const FILES = ['cards.tsv', 'names-ja.txt', 'index.txt', 'manifest.json', 'names.txt', 'names-layout.bin'] as const;

/**
 * Where the library's files are: under a base URL (ending in `/`), fetched; or posted by the client, which
 * read them itself (in a remote window the worker may fetch nothing of the extension).
 */
export type LibraryLocation = { base: string } | { posted: Promise<Record<string, Uint8Array>> };

/** The library's files, or undefined (and `unreadable` hears why). */
export async function fetchGeneratedLibrary(at: LibraryLocation, unreadable: (message: string) => void): Promise<GeneratedLibraryData | undefined> {
  try {
    const posted = 'posted' in at ? await at.posted : undefined;
    const read = (file: string) => (posted ? Promise.resolve(posted[file]) : fetchBytes(new URL(file, (at as { base: string }).base)));
    const bytes = await Promise.all(FILES.map(read));
    const [cards, japanese, index, manifest, names, layout] = bytes;
    const missing = FILES.slice(0, 4).filter((_, i) => !bytes[i]);
    if (!cards || !japanese || !index || !manifest) throw new Error(`${missing.join(', ')} missing`);
    const utf8 = new TextDecoder();
    const namesText = names && decode(names);
    return {
      cards: linesOf(cards),
      japanese: linesOf(japanese),
      index: utf8.decode(index).trim(),
      sources: librarySources(utf8.decode(manifest)),
      // Without names.txt core derives the keys from the records: slower, the same answers.
      names: () => (namesText === undefined ? undefined : { text: namesText, layout }),
    };
  } catch (e) {
    unreadable(`segoc: the generated card library ${'base' in at ? `at ${at.base} ` : ''}cannot be read (${e instanceof Error ? e.message : String(e)}): only the curated library and your own card definitions are known`);
    return undefined;
  }
}

/** Fetches the library and installs it for the worker's analyses. */
export async function installFetchedLibrary(at: LibraryLocation, unreadable: (message: string) => void): Promise<void> {
  const data = await fetchGeneratedLibrary(at, unreadable);
  setGeneratedLibrary(data ? new GeneratedLibrary(() => data) : undefined);
}

/** A file's bytes, or undefined when the server has no such file (names.txt may be absent: a source-tree build). */
async function fetchBytes(url: URL): Promise<Uint8Array | undefined> {
  const response = await fetch(url);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The lines of a UTF-8 file kept as its bytes, each decoded when asked (as the Node host keeps them). */
function linesOf(bytes: Uint8Array): TextLines {
  const starts = lineStarts(bytes.length, (from) => bytes.indexOf(10, from));
  const count = starts.length - 1;
  const utf8 = new TextDecoder();
  return { count, line: (i) => (i >= 0 && i < count ? utf8.decode(bytes.subarray(starts[i], starts[i + 1] - 1)) : undefined) };
}

/** names.txt is UTF-16 with its byte-order mark (scripts/build.js), read without other decoding. */
function decode(bytes: Uint8Array): string {
  return bytes[0] === 0xff && bytes[1] === 0xfe ? new TextDecoder('utf-16le').decode(bytes.subarray(2)) : new TextDecoder().decode(bytes);
}
