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

function normalizeUncached(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
