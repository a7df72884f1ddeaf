// "Did you mean" for the words of the language (effect kinds, tags, modifiers): a misspelt keyword is an
// error that names the closest known one, so a typo never silently drops a fact that decides a verdict.

/** The known word closest to `word` (case-insensitive), when it is close enough to be the one meant. */
export function closestWord(word: string, known: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  // One edit for short words, two from four letters on (`drak` for `dark` is a swap: two edits).
  const limit = w.length < 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = editDistance(w, k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** `: did you mean \`x\`` when a known word is close, else nothing: the tail of an "unknown ..." message. */
export function didYouMean(word: string, known: Iterable<string>): string {
  const k = closestWord(word, known);
  return k ? `: did you mean \`${k}\`` : '';
}

/** Levenshtein distance (the words compared are a few letters long). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
