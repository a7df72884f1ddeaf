// The generated card library's files, read for core (which does no I/O). The build copies them beside
// the bundles (dist/cards/, with names.txt derived: scripts/build.js); the CLI and the server install
// the library at start, and the files are read on the first lookup that reaches it, so a check that
// names only the file's and the curated cards never reads them. A build made with SEGOC_NO_GENERATED=1
// ships no dist/cards/: no generated library.
import * as fs from 'fs';
import * as path from 'path';
import { GeneratedLibrary, GeneratedLibraryData, setGeneratedLibrary } from '../core';

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

/** The library's files in `dir`, or undefined when they cannot be read (then no card is found there). */
export function readGeneratedLibrary(dir: string): GeneratedLibraryData | undefined {
  const read = (file: string): string => fs.readFileSync(path.join(dir, file), 'utf8');
  try {
    const names = path.join(dir, 'names.txt');
    return { cards: read('cards.tsv'), japanese: read('names-ja.txt'), index: read('index.txt').trim(), sources: sourcesOf(read('manifest.json')), names: fs.existsSync(names) ? read('names.txt') : undefined };
  } catch {
    return undefined;
  }
}

/** The sources' commits and dates from the manifest: `yaml-yugi 3469970 (2026-08-22), CardScripts ...`. */
function sourcesOf(manifestText: string): string {
  const manifest = JSON.parse(manifestText) as { sources?: Record<'texts' | 'scripts', { commit?: string; date?: string }> };
  const version = (s: { commit?: string; date?: string } | undefined, name: string) => `${name} ${String(s?.commit).slice(0, 7)} (${String(s?.date).slice(0, 10)})`;
  return manifest.sources ? `${version(manifest.sources.texts, 'yaml-yugi')}, ${version(manifest.sources.scripts, 'CardScripts')}` : '';
}

/** Installs the shipped generated library for this process's analyses (read on its first lookup). */
export function installGeneratedLibrary(dir = generatedCardsFolder()): void {
  setGeneratedLibrary(dir ? new GeneratedLibrary(() => readGeneratedLibrary(dir)) : undefined);
}
