// Where a card definition applies, and what a file is told about its own definitions: one that
// replaces a library card says so (warning, naming the library card), and one that another file
// in force here (a card file of the project, or a `use` import) defines differently is an error
// naming both files. The layers themselves (library < project card files < imports < file) are the
// card index's (cards/index.ts).
import { CardProvider, CardSource, curatedLibrary } from './cards';
import { CardInfo, normalizeName } from './cards/model';
import { Diagnostic } from './diagnostics';
import { CardDef } from './syntax/ast';
import { parse } from './syntax/parser';
import { LIBRARY_FILES } from './library/generated';
import { quoteName } from './syntax/quote';

/** The signatures of the library's definitions, by library path and line (parsed once, on first need). */
let librarySignatures: Map<string, string> | undefined;

function librarySignature(path: string | undefined, line: number): string | undefined {
  if (!librarySignatures) {
    librarySignatures = new Map();
    for (const f of LIBRARY_FILES) for (const def of parse(f.text).file.cards) librarySignatures.set(`${f.path}:${def.name.range.start.line}`, definitionSignature(def));
  }
  return librarySignatures.get(`${path}:${line}`);
}

/** What a definition means, wherever it stands: its lines' tokens (moved lines, same signature). */
export function definitionSignature(def: CardDef): string {
  return [def.line, ...def.aliases.map((a) => a.line), ...def.effects.map((e) => e.line)].map((l) => l.tokens.map((t) => `${t.kind}:${t.text}`).join(' ')).join('\n');
}

/** The names a definition answers to (its name and aliases), normalised. */
function keysOf(def: CardDef): string[] {
  return [def.name.text, ...def.aliases.map((a) => a.name.text)].map(normalizeName);
}

/**
 * The card a definition's name finds in the library providers in force (`providers`, highest first),
 * asked only down to the curated library: only a curated card is warned about, and a lower provider
 * (the generated library: 14,000 cards read from files on first use) cannot hold one, so a file that
 * defines its own cards does not load it for this question. Without the curated library among them, none.
 */
function curatedCardOf(name: string, providers: readonly CardProvider[]): CardInfo | undefined {
  const key = normalizeName(name);
  const curated = providers.indexOf(curatedLibrary());
  for (let i = 0; i <= curated; i++) {
    const card = providers[i].get(key);
    if (card) return card;
  }
  return undefined;
}

/**
 * The warnings and errors about a file's own card definitions: each library card it redefines (the
 * library `providers` in force, highest first), and each definition that differs from one in another
 * file that applies here (`others`: the project's card files and the file's imports; the file's own
 * source is skipped).
 */
export function definitionScopeProblems(uri: string, defs: readonly CardDef[], providers: readonly CardProvider[], others: readonly CardSource[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const def of defs) {
    // Its signature (every token of its lines, as text) is made only where a definition is compared with another.
    let signature: string | undefined;
    const signatureOf = () => (signature ??= definitionSignature(def));
    const lib = curatedCardOf(def.name.text, providers);
    // A copy of the library's own definition (the library's sources, a file that copied one) changes nothing.
    // A generated card is not warned about: a definition is the documented way to correct one (docs/cards.md).
    if (lib && lib.origin.kind === 'library' && librarySignature(lib.origin.uri, lib.origin.range.start.line) !== signatureOf()) {
      out.push({
        code: 'redefines-library-card',
        severity: 'warning',
        message: `${quoteName(def.name.text)} redefines the library card ${quoteName(lib.name)} (${lib.origin.uri ?? 'library'}); this definition is used instead, in this file and the files that use it`,
        range: def.name.range,
      });
    }
    const keys = new Set(keysOf(def));
    for (const source of others) {
      if (source.uri === uri) continue;
      const other = source.defs.find((d) => keysOf(d).some((k) => keys.has(k)) && definitionSignature(d) !== signatureOf());
      if (!other) continue;
      out.push({
        code: 'conflicting-card',
        severity: 'error',
        message: `${quoteName(def.name.text)} is defined differently in ${shortPath(uri, uri)} and in ${shortPath(uri, source.uri)} (line ${other.name.range.start.line + 1}), which applies here too; one card needs one definition (make them the same, or give one another name)`,
        range: def.name.range,
      });
    }
  }
  return out;
}

/** A file's path as shown from another file's folder (no absolute machine paths in messages). */
export function shortPath(fromUri: string, toUri: string): string {
  const strip = (u: string) => u.replace(/^file:\/\//, '').replace(/\\/g, '/');
  const from = strip(fromUri).split('/').slice(0, -1);
  const to = strip(toUri).split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  if (common === 0 && from.length > 0) return to[to.length - 1];
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}
