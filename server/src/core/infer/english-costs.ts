// The cost of an effect from its English text: what is done before the semicolon (PSCT: "Discard 1 card; ...",
// "You can Tribute this card; ...", "Pay 1000 LP, then target 1 monster; ..."), in the words of the card language's
// `cost` modifier (docs/language.md): `discard 1`, `tribute itself and pay 1000 lp`. Targeting, declaring and choosing
// are done before the semicolon too but cost nothing: they are left out. A clause before the semicolon that this
// reader does not know is not guessed into a cost.

const NUMBER: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** `1`, `one`, `a`, `up to 2` (the most), or undefined. */
function count(word: string | undefined): number | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  return /^\d+$/.test(w) ? Number(w) : NUMBER[w];
}

const SELF = String.raw`(?:this card|this face-up card|itself|it\b)`;
const N = String.raw`(?:up to |exactly |any number of )?(\d+|an?|one|two|three|four|five)`;

/** One clause's cost part, or undefined where the clause pays nothing this reader knows. */
function part(clause: string): string | undefined {
  const c = clause.trim().replace(/^(?:you can|you may|and|then|also)\s+/i, '').trim();
  let m: RegExpExecArray | null;
  if (new RegExp(`^discard ${SELF}`, 'i').test(c)) return 'discard itself';
  if ((m = new RegExp(`^discard ${N}\\b`, 'i').exec(c))) return `discard ${count(m[1]) ?? 1}`;
  if (/^discard your (?:entire )?hand/i.test(c)) return 'discard 1';
  if (new RegExp(`^tribute ${SELF}`, 'i').test(c)) return 'tribute itself';
  if ((m = new RegExp(`^tribute ${N}\\b`, 'i').exec(c))) return `tribute ${count(m[1]) ?? 1}`;
  if ((m = /^pay (\d+) (?:lp|life points)/i.exec(c))) return `pay ${m[1]} lp`;
  if (/^pay (?:half|lp|life points)/i.test(c)) return 'pay lp';
  if (new RegExp(`^banish ${SELF}`, 'i').test(c)) return 'banish itself';
  if ((m = new RegExp(`^banish ${N}\\b[^,]*?from (?:your|the|either) (gy|graveyard|hand|field|deck)\\b(?! or| and|\\/)`, 'i').exec(c))) return `banish ${count(m[1]) ?? 1} from ${zone(m[2])}`;
  if ((m = new RegExp(`^banish ${N}\\b`, 'i').exec(c))) return `banish ${count(m[1]) ?? 1}`;
  if (new RegExp(`^send ${SELF}[^,]*? to the (?:gy|graveyard)`, 'i').test(c)) return 'send itself to gy';
  if ((m = new RegExp(`^send ${N}\\b[^,]*? to the (?:gy|graveyard)`, 'i').exec(c))) return `send ${count(m[1]) ?? 1} to gy`;
  if ((m = new RegExp(`^detach ${N}\\b`, 'i').exec(c))) return `detach ${count(m[1]) ?? 1}`;
  if (new RegExp(`^reveal ${SELF}`, 'i').test(c)) return 'reveal itself';
  if ((m = new RegExp(`^reveal ${N}\\b`, 'i').exec(c))) return `reveal ${count(m[1]) ?? 1}`;
  if (new RegExp(`^return ${SELF}[^,]*? to the extra deck`, 'i').test(c)) return 'return itself to extra deck';
  if (new RegExp(`^(?:shuffle|return) ${SELF}[^,]*? (?:into|to) the (?:main )?deck`, 'i').test(c)) return 'return itself to deck';
  if (new RegExp(`^return ${SELF}[^,]*? to the (?:hand|owner's hand)`, 'i').test(c)) return 'return itself to hand';
  if ((m = new RegExp(`^(?:shuffle|return) ${N}\\b[^,]*? (?:into|to) the (?:main )?deck`, 'i').exec(c))) return `return ${count(m[1]) ?? 1} to deck`;
  if ((m = new RegExp(`^return ${N}\\b[^,]*? to the (?:hand|owner's hand)`, 'i').exec(c))) return `return ${count(m[1]) ?? 1} to hand`;
  if ((m = new RegExp(`^remove ${N}\\b[^,]*?counters?`, 'i').exec(c))) return `remove ${count(m[1]) ?? 1} counters`;
  if (new RegExp(`^change ${SELF} to (?:face-up )?(?:attack|defense) position`, 'i').test(c)) return 'change position itself';
  return undefined;
}

function zone(w: string): string {
  const z = w.toLowerCase();
  return z === 'graveyard' ? 'gy' : z;
}

/**
 * The cost before an effect's semicolon as a `cost` modifier's body (`discard 1 and pay 1000 lp`), or undefined
 * where that text pays nothing this reader knows (a target, a declaration, or no semicolon).
 */
export function costOfText(beforeSemicolon: string): string | undefined {
  if (!beforeSemicolon.trim()) return undefined;
  // Clauses: ", then", " and ", "," (a target after a cost: "Discard 1 card, then target 1 monster").
  const clauses = beforeSemicolon.split(/,\s*(?:and\s+|then\s+|also\s+)?|\s+and\s+(?=(?:discard|tribute|pay|banish|send|detach|reveal|shuffle|return|remove|target)\b)/i);
  const parts = clauses.map(part).filter((p): p is string => !!p);
  return parts.length ? [...new Set(parts)].join(' and ') : undefined;
}
