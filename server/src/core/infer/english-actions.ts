// What an effect does on resolution, read from the English text after its `;` (or its colon): its parts at
// PSCT's conjunctions ("and if you do", "then", "also", "and") and, in each part, the first action verb and
// what it acts on. The result is the body of a `does` modifier (`destroy target and if you do draw 1`), in the
// card language's words, which cards/vocabulary/actions.ts reads: the inference imports no card model.
// A part whose verb it does not know ends the reading (what came before is kept; the rest is not guessed).

const CONJUNCTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^,?\s*and if you do,?\s*/i, 'and if you do'],
  [/^,?\s*also,? after that,?\s*/i, 'also'],
  [/^,?\s*then,?\s*/i, 'then'],
  [/^,?\s*also,?\s*/i, 'also'],
  [/^,?\s*and\s+(?=(?:destroy|banish|return|shuffle|add|special summon|send|draw|discard|negate|change|inflict|gain|take control|equip|attach|set)\b)/i, 'and'],
];

/** Where a clause starts: at each conjunction of the list above (outside parentheses and quotes). */
const SPLIT = /(,\s*and if you do,?\s*|,?\s*also,? after that,?\s*|,\s*then,?\s*|\.\s*then,?\s*|,\s*also,?\s*|\.\s*also,?\s*|,?\s+and\s+(?=(?:destroy|banish|return|shuffle|add|special summon|send|draw|discard|negate|change|inflict|gain|take control|equip|attach)\b))/i;

interface Pattern {
  re: RegExp;
  verb: string;
  /** Zone and position read from the clause. */
  from?: boolean;
}

const PATTERNS: readonly Pattern[] = [
  { re: /\bnegate (?:the|that|its|their) activation\b|\bnegate the (?:summon or )?activation\b/i, verb: 'negate activation' },
  { re: /\bnegate the summon\b/i, verb: 'negate summon' },
  { re: /\bnegate the attack\b/i, verb: 'negate attack' },
  { re: /\bnegate (?:that|the|its) effect\b/i, verb: 'negate effect' },
  { re: /\bnegate (?:the |its |their |that (?:monster|card)'s )?effects\b|\bhave (?:its|their) effects negated\b|\bits effects are negated\b/i, verb: 'negate effects' },
  { re: /\bspecial summon\b/i, verb: 'special summon', from: true },
  { re: /\badd\b.*\bto (?:your|the owner's|its owner's) hand\b/i, verb: 'add', from: true },
  { re: /\breturn\b.*\bto the (?:owner's |its owner's )?hand\b|\breturn\b.*\bto (?:your|their) hand\b/i, verb: 'return to hand' },
  { re: /\b(?:return|shuffle)\b.*\b(?:to|into) the extra deck\b/i, verb: 'return to extra deck' },
  { re: /\b(?:return|shuffle)\b.*\b(?:to|into) the (?:owner's |its owner's )?(?:main )?deck\b|\bshuffle\b.*\binto (?:your|their) deck\b/i, verb: 'return to deck' },
  { re: /\bdestroy\b/i, verb: 'destroy' },
  { re: /\bbanish\b/i, verb: 'banish' },
  { re: /\bsend\b.*\bto the (?:gy|graveyard)\b/i, verb: 'send to gy', from: true },
  { re: /\bdraw (\d+|a|one|two|three) cards?\b/i, verb: 'draw' },
  { re: /\bdiscard\b/i, verb: 'discard' },
  { re: /\bchange\b.*\b(?:battle position|to face-down|to defense position|to attack position)\b/i, verb: 'change position' },
  { re: /\b(?:gains?|loses?) \d+ atk\b|\batk (?:and def )?(?:becomes|is halved|is doubled)\b|\bchange (?:its|their) atk\b/i, verb: 'change atk' },
  { re: /\bgain (?:\d+ )?(?:lp|life points)\b|\bgains? life points\b/i, verb: 'gain lp' },
  { re: /\blose (?:\d+ )?(?:lp|life points)\b|\bpay (?:\d+ )?(?:lp|life points)\b/i, verb: 'lose lp' },
  { re: /\binflict\b.*\bdamage\b/i, verb: 'damage' },
  { re: /\btake control\b/i, verb: 'take control' },
  { re: /\bequip\b/i, verb: 'equip' },
  { re: /\battach\b/i, verb: 'attach' },
];

const RESTRICTION = /^(?:you|your opponent|neither player|each player)\b[^,]*\b(?:cannot|can't|can only)\b|^for the rest of this turn\b/i;

/** The most of an effect's action text read (the longest official effect text is under 1,000 characters). */
const MAX_ACTION_TEXT = 1500;

const NUMBERS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3 };

/** What a clause acts on, in the card language's words (`target`, `itself`, ...), or '' where it names none. */
function objectOf(clause: string, targets: boolean, afterNegation: boolean): string {
  const c = clause.toLowerCase();
  if (/\ball (?:face-up )?monsters (?:your opponent controls|on your opponent's field)|\ball (?:of )?your opponent's (?:[\w-]+ )*monsters\b|\ball monsters your opponent controls\b/.test(c)) return ' all opponent monsters';
  if (/\ball spells? and traps?\b|\ball spell and trap cards\b|\ball spell\/trap cards\b/.test(c)) return ' all spells and traps';
  if (/\ball (?:face-up )?monsters\b|\ball monsters on the field\b/.test(c)) return ' all monsters';
  if (/\ball (?:other )?cards on the field\b/.test(c)) return ' all cards';
  if (/\bthis card\b/.test(c)) return ' itself';
  if (afterNegation && /\b(?:it|that card|those cards|them|that monster)\b/.test(c)) return ' that card';
  if (!targets && /\bthat card\b/.test(c)) return ' that card';
  if (targets && /\b(?:that target|the target|those targets|that targeted|it|them|that monster|that card|the first target|the second target)\b/.test(c)) return ' target';
  return '';
}

function fromOf(clause: string): string {
  const m = /\bfrom (?:your|the|either player's|your opponent's|their) (hand|deck|gy|graveyard|extra deck|banishment)\b|\bbanished (?:monster|card)/i.exec(clause);
  if (!m) return '';
  const z = (m[1] ?? 'banished').toLowerCase();
  return ` from ${z === 'graveyard' ? 'gy' : z === 'banishment' ? 'banished' : z}`;
}

/** The `does` body of an effect's action text, or undefined where its first part is not understood. */
export function actionsOf(action: string, targets: boolean): string | undefined {
  // Only the start of an effect's text is read (no official effect is longer): the patterns scan a clause to its
  // end, so a bound keeps the reading linear in any text.
  const text = action
    .slice(0, MAX_ACTION_TEXT).replace(/\([^)]*\)/g, ' ').replace(/"[^"]*"/g, '"X"').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const pieces = text.split(SPLIT);
  const out: string[] = [];
  let conj = '';
  let negated = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (i % 2 === 1) {
      conj = CONJUNCTIONS.find(([re]) => re.test(piece))?.[1] ?? 'and';
      continue;
    }
    // The clause up to the end of its sentence: a later sentence is another part only after "Then"/"Also".
    const clause = piece.split(/\.\s/)[0];
    // A restriction joined by "also" ("also you cannot Special Summon from the Extra Deck") is no action.
    if (out.length && RESTRICTION.test(clause)) continue;
    const p = PATTERNS.find((x) => x.re.test(clause));
    if (!p) break;
    let part = p.verb;
    if (p.verb === 'draw') {
      const n = /\bdraw (\d+|a|one|two|three) cards?\b/i.exec(clause)![1].toLowerCase();
      part += ` ${NUMBERS[n] ?? Number(n)}`;
    } else if (!p.verb.startsWith('negate') && !['gain lp', 'lose lp', 'damage'].includes(p.verb)) {
      part += objectOf(clause, targets, negated);
      if (p.from) part += fromOf(clause);
      if (p.verb === 'special summon' && /\bin (?:face-up )?defense position\b/i.test(clause)) part += ' in defense';
      if (p.verb === 'change position' && /\bface-down\b/i.test(clause)) part += ' to face-down';
    }
    if (p.verb.startsWith('negate') && p.verb !== 'negate effects') negated = true;
    if (p.verb === 'negate effects') part += targets && /\b(?:its|their|that target's|that monster's)\b/i.test(clause) ? ' target' : objectOf(clause, targets, false);
    out.push(out.length ? `${conj} ${part}` : part);
  }
  return out.length ? out.join(' ') : undefined;
}
