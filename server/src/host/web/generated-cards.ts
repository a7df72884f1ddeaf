// The generated card library for the Web Worker: the same files as the Node host reads (dist/cards/,
// shipped in the .vsix beside the bundles), fetched from the extension's own URL. The worker fetches
// them before it answers `initialize` (main.browser.ts), so no document is checked without them: a card
// of the library must never be reported unknown while it loads. A fetch that fails leaves the library
// out and says so (only the curated library and the file's own cards are known then).
import { GeneratedLibrary, GeneratedLibraryData, lineStarts, setGeneratedLibrary, TextLines } from '../../core';
import { sourcesOf } from '../library-manifest';

const FILES = ['cards.tsv', 'names-ja.txt', 'index.txt', 'manifest.json', 'names.txt', 'names-layout.bin'] as const;

/** The library's files under `base` (a URL ending in `/`), or undefined (and `unreadable` hears why). */
export async function fetchGeneratedLibrary(base: string, unreadable: (message: string) => void): Promise<GeneratedLibraryData | undefined> {
  try {
    const bytes = await Promise.all(FILES.map((f) => fetchBytes(new URL(f, base).href, f !== 'names.txt' && f !== 'names-layout.bin')));
    const [cards, japanese, index, manifest, names, layout] = bytes;
    if (!cards || !japanese || !index || !manifest) return undefined; // required: fetchBytes threw
    const utf8 = new TextDecoder();
    const namesText = names && decode(names);
    return {
      cards: linesOf(cards),
      japanese: linesOf(japanese),
      index: utf8.decode(index).trim(),
      sources: sourcesOf(utf8.decode(manifest)),
      // Without names.txt core derives the keys from the records: slower, the same answers.
      names: () => (namesText === undefined ? undefined : { text: namesText, layout }),
    };
  } catch (e) {
    unreadable(`segoc: the generated card library at ${base} cannot be fetched (${e instanceof Error ? e.message : String(e)}): only the curated library and your own card definitions are known`);
    return undefined;
  }
}

/** Fetches the library and installs it for the worker's analyses. */
export async function installFetchedLibrary(base: string, unreadable: (message: string) => void): Promise<void> {
  const data = await fetchGeneratedLibrary(base, unreadable);
  setGeneratedLibrary(data ? new GeneratedLibrary(() => data) : undefined);
}

async function fetchBytes(url: string, required: boolean): Promise<Uint8Array | undefined> {
  const response = await fetch(url);
  if (!response.ok) {
    if (required) throw new Error(`${url}: HTTP ${response.status}`);
    return undefined;
  }
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
