// Card names as keys: one normal form for every lookup (by name, alias, completion, "did you mean").

/** Normalised names, remembered (the same names are looked up on every analysis). */
const normalized = new Map<string, string>();

/** Normalises a card name for matching: case, punctuation, `&`/`and`, full-width forms. */
export function normalizeName(name: string): string {
  let n = normalized.get(name);
  if (n === undefined) {
    if (normalized.size > 20000) normalized.clear();
    n = normalizeUncached(name);
    normalized.set(name, n);
  }
  return n;
}

/** normalizeName without its cache, for the generated library's 40,000 names (they would flush it). */
export function normalizeNameOnce(name: string): string {
  return normalizeUncached(name);
}

function normalizeUncached(name: string): string {
  // Printable ASCII (most names): NFKC changes nothing and the Unicode classes are the ASCII ones; this
  // path is several times faster, which counts for the generated library's 40,000 names.
  if (/^[\x20-\x7e]*$/.test(name)) {
    return name
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9\s]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return name
    // Invisible format characters (a soft hyphen, a zero-width space, bidi controls) are dropped, not read as a space
    // between words: "San\u00ADgan" looks like Sangan and is Sangan, wherever the character stands.
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
