// What an effect does on resolution, read from the English text after its `;` (or its colon): its parts at
// PSCT's conjunctions ("and if you do", "then", "also", "and"; "or" between verbs one of which applies) and, in each part, the first action verb and
// what it acts on. The result is the body of a `does` modifier (`destroy target and if you do draw 1`), in the
// card language's words, which cards/vocabulary/actions.ts reads: the inference imports no card model.
// A part whose verb it does not know ends the reading (what came before is kept; the rest is not guessed).

const CONJUNCTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^,?\s*and if you do(?: that)?,?\s*/i, 'and if you do'],
  [/^[,.]?\s*also,? after that,?\s*/i, 'also'],
  [/^[,.]?\s*then,?\s*/i, 'then'],
  [/^[,.]?\s*also,?\s*/i, 'also'],
  [/^,\s*but,?\s*/i, 'and'],
  [/^,?\s*and\s+(?=(?:destroy|banish|return|shuffle|add|special summon|send|draw|discard|negate|change|inflict|gain|take control|equip|attach|set)\b)/i, 'and'],
];

/** Where a clause starts: at each conjunction of the list above (outside parentheses and quotes). */
const SPLIT = /(,\s*and if you do(?: that)?,?\s*|,\s*but,?\s*|,?\s*also,? after that,?\s*|,\s*then,?\s*|\.\s*then,?\s*|,\s*also,?\s*|\.\s*also,?\s*|,?\s+and\s+(?=(?:destroy|banish|return|shuffle|add|special summon|send|draw|discard|negate|change|inflict|gain|take control|equip|attach)\b))/i;

/**
 * "Add to your hand or Special Summon, 1 monster from your Deck": two verbs joined by "or", one of which applies (the
 * player chooses as the effect resolves). Split only where the words before "or" have a verb of their own.
 */
const OR_VERB = /,?\s+or\s+(?=(?:destroy|banish|return|shuffle|add|special summon|send|set|draw|discard)\b)/i;

/**
 * A clause read as its alternatives: the words whose verb and details are read, and where the first one's "from
 * where" is read: the whole clause ("add to your hand or Special Summon, 1 monster from your Deck": both from the Deck).
 */
function alternativesOf(clause: string): Array<{ verbWords: string; clause: string; fromClause?: string }> {
  const m = OR_VERB.exec(clause);
  if (!m) return [{ verbWords: clause, clause }];
  const left = clause.slice(0, m.index);
  const right = clause.slice(m.index + m[0].length);
  const l = PATTERNS.find((x) => x.re.test(left));
  const r = PATTERNS.find((x) => x.re.test(right));
  if (!l || !r || l.verb === r.verb) return [{ verbWords: clause, clause }];
  return [{ verbWords: left, clause: left, fromClause: clause }, { verbWords: right, clause: right }];
}

interface Pattern {
  re: RegExp;
  verb: string;
  /** Zone and position read from the clause. */
  from?: boolean;
}

/** "Synchro Summon 1 Synchro Monster": a Summon from the Extra Deck by the effect (what it acts on is no card shown). */
const EXTRA_DECK_SUMMON = /\b(?:synchro|xyz|fusion|link) summon (?:\d+|a|one)\b/i;
const DRAW = /\b(?:draw|draws) (\d+|a|one|two|three) cards?\b/i;

const PATTERNS: readonly Pattern[] = [
  // "Negate the Summon or activation" is the card model's `negate summon` (the engine negates the link below, or the Summon),
  // of any kind ("Negate the Special Summon": not itself a Special Summon).
  { re: /\bnegate the (?:normal |special |flip |tribute )?summons?\b/i, verb: 'negate summon' },
  { re: /\bnegate (?:the|that|its|their) (?:[\w/-]+ )?activation\b/i, verb: 'negate activation' },
  { re: /\bnegate the attack\b/i, verb: 'negate attack' },
  { re: /\bnegate (?:that|the|its) effect\b/i, verb: 'negate effect' },
  { re: /\bnegate (?:the |its |their |that (?:monster|card)'s )?effects\b|\bhave (?:its|their) effects negated\b|\b(?:its|their) effects are negated\b|\beffects\b[^.]*\bare negated\b/i, verb: 'negate effects' },
  { re: /\bspecial summon\b/i, verb: 'special summon', from: true },
  // "Synchro Summon 1 Synchro Monster": a Summon from the Extra Deck by the effect.
  { re: EXTRA_DECK_SUMMON, verb: 'special summon', from: true },
  { re: /\badd\b.*\bto (?:your|the owner's|its owner's) hand\b/i, verb: 'add', from: true },
  { re: /\breturn\b.*\bto the (?:owner's |its owner's )?hand\b|\breturn\b.*\bto (?:your|their) hand\b/i, verb: 'return to hand' },
  { re: /\b(?:return|shuffle|add)\b.*\b(?:to|into) (?:the|your|your face-up) extra deck\b/i, verb: 'return to extra deck', from: true },
  { re: /\b(?:return|shuffle)\b.*\b(?:to|into) the (?:owner's |its owner's )?(?:main )?deck\b|\bshuffle\b.*\binto (?:your|their) deck\b|\b(?:return|place)\b.*\b(?:on|to) the (?:top|bottom) of the (?:owner's |their |your )?deck\b/i, verb: 'return to deck', from: true },
  { re: /\bdestroy\b/i, verb: 'destroy' },
  { re: /\bbanish\b/i, verb: 'banish' },
  { re: /\bsend\b.*\bto the (?:gy|graveyard)\b/i, verb: 'send to gy', from: true },
  { re: DRAW, verb: 'draw' },
  { re: /\bdiscard\b/i, verb: 'discard' },
  { re: /\bchange\b.*\b(?:battle position|to face-down|to (?:face-up )?(?:defense|attack) position)\b|\bflip (?:this card|it|that card|them)\b.*\bface-down\b/i, verb: 'change position' },
  { re: /\b(?:gains?|loses?) (?:\d+ |that (?:lost )?|the same )?atk\b|\b(?:gains?|loses?) atk equal\b|\b(?:gains?|loses?) (?:\d+ )?atk\/def\b|\batk (?:and def )?(?:becomes|is halved|is doubled)\b|\bchange (?:its|their) atk\b|\bswitch the (?:original )?atk\/def\b|\b(?:increase|decrease) the atk\b/i, verb: 'change atk' },
  { re: /\bgains? (?:\d+ |the same amount of |that much )?(?:lp|life points)\b|\bgain (?:lp|life points) equal\b|\bgains? life points\b/i, verb: 'gain lp' },
  { re: /\blose (?:\d+ )?(?:lp|life points)\b|\bpay (?:\d+ )?(?:lp|life points)\b/i, verb: 'lose lp' },
  { re: /\binflict\b.*\bdamage\b/i, verb: 'damage' },
  { re: /\btake control\b/i, verb: 'take control' },
  { re: /\bequip\b(?! cards?\b| spells?\b)/i, verb: 'equip' },
  { re: /\battach\b/i, verb: 'attach' },
  { re: /\btribute (?:as many|\d+|this card|it|them|that|all|up to)\b/i, verb: 'tribute' },
  { re: /\bset (?:\d+|this card|that card|it|them|up to|"x")\b/i, verb: 'set', from: true },
];

// "For the rest of this turn, X cannot ..." forbids; "for the rest of this turn, all monsters your opponent controls lose
// 1000 ATK" changes ATK as the link resolves (a part, lasting the turn).
const RESTRICTION = /^(?:you|your opponent|neither player|each player)\b[^,]*\b(?:cannot|can't|can only)\b|^neither player can\b|^for the rest of this turn\b(?!,[^,]*\b(?:gains?|loses?)\b[^,]*\batk\b)|^(?:but )?while\b.*\b(?:cannot|can't)\b|^(?:it|they|that monster|those monsters) (?:cannot|can't)\b/i;

/**
 * An effect that applies later, not as the link resolves ("this turn, each time your opponent Special Summons ...,
 * draw 1 card"; "until the end of the next turn, any card sent to the GY is banished instead"): no part.
 */
const LATER = /\b(?:during|at the start of|at the end of) (?:the|your|your next|the next|each) (?:end|standby) phase\b|\bwhen it leaves the field\b/i;
const LINGERING = /^(?:this turn, |for the rest of this turn, )?each time\b|^until the end of (?:this|the next) turn, (?:any|all|each|cards?)\b|^(?:during|at) the (?:end|standby) phase\b/i;

/**
 * A part's own condition, opening its clause (R85): "then if this card was Set before activation and is on the field at
 * resolution, ..." (Infinite Impermanence): the words of the card language's `if set before activation`.
 */
const PART_CONDITIONS: ReadonlyArray<readonly [RegExp, string]> = [[/^if this card was set before activation\b[^,]*,\s*/i, 'if set before activation']];

/** An old text's selection of the cards a part acts on, in a sentence of its own. */
const SELECTS = /^(?:select|choose) (?:\d+|a|one)\b/i;

/** The most of an effect's action text read (the longest official effect text is under 1,000 characters). */
const MAX_ACTION_TEXT = 1500;

const NUMBERS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3 };

/** Verbs that move a card: "that monster" they act on is the card of the event the effect answers. */
const MOVES = ['destroy', 'banish', 'return to hand', 'return to deck', 'send to gy'];

/** A pronoun alone ("it", "them"): it names the card the part before acted on. */
const BARE_PRONOUN = /\b(?:summon|banish|destroy|return|shuffle|add|send|attach|tribute|set|discard|control of|change)\s+(?:it|them)\b|^it\b/i;
const TARGET_WORDS = /\bthat target's\b|\b(?:that target|the target|those targets|that targeted|those|it|them|that monster|that card|the first target|the second target)\b(?!'s)/;

/**
 * What a clause acts on, in the card language's words (`target`, `itself`, ...), or '' where it names none. `before`
 * is what the part before acted on: a bare "it" after "Special Summon this card" is this card. An "all ..." the card
 * model has no exact word for ("all Spells and Traps your opponent controls") names none.
 */
function objectOf(clause: string, targets: boolean, afterNegation: boolean, first: boolean, before: string, skipped = false, moves = true): string {
  const c = clause.toLowerCase();
  // An "all ..." with nothing more after it (a qualifier such as "of that type" names cards the model has no word for).
  // (Or the subject of a change of ATK: "all monsters your opponent controls lose 1000 ATK", unless "except ..." follows.)
  const END = /\b(?:except|other than)\b/.test(c) ? String.raw`(?=\s*(?:[,.;]|$))` : String.raw`(?=\s*(?:[,.;]|$|(?:gain|lose)s?\b))`;
  if (new RegExp(String.raw`\ball (?:face-up )?monsters (?:your opponent controls|on your opponent's field)${END}|\ball (?:of )?your opponent's (?:face-up )?monsters${END}`).test(c)) return ' all opponent monsters';
  if (new RegExp(String.raw`\ball (?:spells? and traps?|spell and trap cards|spell\/trap cards)(?: on the field)?${END}`).test(c)) return ' all spells and traps';
  if (new RegExp(String.raw`\ball (?:face-up )?monsters(?: on the field)?${END}`).test(c)) return ' all monsters';
  if (new RegExp(String.raw`\ball (?:other )?cards on the field${END}`).test(c)) return ' all cards';
  if (/\ball\b/.test(c)) return '';
  // A targeting effect's pronoun before "this card" ("equip this card to that target", "place this card, and them, ...").
  if (targets && TARGET_WORDS.test(c.replace(/\bthis card\b/g, ''))) {
    if (before && !/\bthat target|the target|those targets|that targeted\b/.test(c) && BARE_PRONOUN.test(c) && !/\bthis card\b/.test(c)) return before;
    return ' target';
  }
  // "Destroy ... except this card" / "other than this card" spares it: it is not what the part acts on.
  if (/\bthis (?:face-up |set )?card\b/.test(c.replace(/\b(?:except|other than) this (?:face-up |set )?card\b/g, ''))) return ' itself';
  if (afterNegation && /\b(?:it|that card|those cards|them|that monster)\b/.test(c)) return ' that card';
  // "That card" after a part this reading passed over ("excavate ..., then add that card") is what that part named.
  if (!targets && !skipped && /\bthat (?:targeted )?card\b/.test(c)) return ' that card';
  // "Destroy that monster(s) ..., and if you do, banish it": the card of the event the effect answers.
  if (!targets && first && !skipped && moves && /\bthat monsters?\b/.test(c)) return ' that card';
  if (!targets && before === ' that card' && BARE_PRONOUN.test(c)) return before;
  if (before === ' itself' && BARE_PRONOUN.test(c)) return before;
  return '';
}

function fromOf(clause: string): string {
  if (/\btop (?:\d+ )?cards? of (?:your|their|the|each player's|your opponent's) deck\b/i.test(clause)) return ' from deck';
  const zone = String.raw`(hand|deck|main deck|gy|graveyard|extra deck|banishment)`;
  // "from your hand or GY", "from your hand, Deck, or GY": every zone the player may pick (`from hand or gy`).
  const m = new RegExp(String.raw`\bfrom (?:your|the|either player's|your opponent's|their) ${zone}\b((?:,? (?:or |and\/or )?(?:your |the )?${zone}\b)*)|\bbanished (?:monster|card)`, 'i').exec(clause);
  if (m) {
    const word = (z: string) => (z === 'graveyard' ? 'gy' : z === 'banishment' ? 'banished' : z === 'main deck' ? 'deck' : z);
    const first = word((m[1] ?? 'banished').toLowerCase());
    const more = m[2] ? [...m[2].toLowerCase().matchAll(new RegExp(zone, 'g'))].map((x) => word(x[1])).filter((z) => z !== first) : [];
    return ` from ${[first, ...new Set(more)].join(' or ')}`;
  }
  if (/\b(?:synchro|xyz|fusion|link) summon (?:\d+|a|one)\b/i.test(clause)) return ' from extra deck';
  return '';
}

/** Where a targeted card is, from the clause that targets it ("Target 1 monster in either GY"): its part's `from`. */
function targetZone(targetClause: string): string {
  if (/\b(?:in|from) (?:your|either|either player's|your opponent's|their|the) (?:gy|graveyard)\b/i.test(targetClause) && !/\bon the field\b|\byou control\b|\bbanish/i.test(targetClause)) return ' from gy';
  if (/\bbanished\b/i.test(targetClause) && !/\b(?:gy|graveyard)\b|\bon the field\b/i.test(targetClause)) return ' from banished';
  return '';
}

/**
 * The `does` body of an effect's action text, or undefined where no part of it is understood. `targetClause` is
 * the text before the `;` (where a targeted card is). A part whose verb is not known (reveal, excavate, move) is
 * passed over: the next part is read, the first of the effect where none came before.
 */
export function actionsOf(action: string, targets: boolean, targetClause = ''): string | undefined {
  // Only the start of an effect's text is read (no official effect is longer): the patterns scan a clause to its
  // end, so a bound keeps the reading linear in any text.
  const text = action
    .slice(0, MAX_ACTION_TEXT).replace(/\([^)]*\)/g, ' ').replace(/"[^"]*"/g, '"X"').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const pieces = text.split(SPLIT);
  const out: string[] = [];
  let conj = '';
  let negated = false;
  let before = '';
  let skipped = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (i % 2 === 1) {
      conj = CONJUNCTIONS.find(([re]) => re.test(piece))?.[1] ?? 'and';
      continue;
    }
    // The clause up to the end of its sentence: a later sentence is another part only after "Then"/"Also".
    // An old text's selection ("Then, select 1 face-up monster on the field. It gains ATK ...") says what it does in
    // the sentence after it.
    const sentences = piece.split(/\.\s/);
    const opened = SELECTS.test(sentences[0]) && sentences[1] && !PATTERNS.some((x) => x.re.test(sentences[0])) ? sentences[1] : sentences[0];
    const condition = PART_CONDITIONS.find(([re]) => re.test(opened));
    const clause = condition ? opened.replace(condition[0], '') : opened;
    // A restriction ("also you cannot Special Summon from the Extra Deck") or an effect that applies later is no part.
    // A later part that waits for a phase ("but return it to the hand during the End Phase") applies later too.
    // (Tested on the clause as written: a part's condition stripped off leaves "for the rest of this turn ..." of a part.)
    if (RESTRICTION.test(opened) || LINGERING.test(opened) || (out.length && LATER.test(opened))) continue;
    const alternatives = alternativesOf(clause);
    if (!PATTERNS.some((x) => x.re.test(alternatives[0].verbWords))) {
      skipped = true;
      continue;
    }
    for (const [k, alt] of alternatives.entries()) {
      const p = PATTERNS.find((x) => x.re.test(alt.verbWords));
      if (!p) break;
      const part = partOf(p, alt.clause, targets, targetClause, negated, !out.length, before, skipped, alt.fromClause);
      if (p.verb.startsWith('negate') && p.verb !== 'negate effects') negated = true;
      if (part.object) before = part.object;
      const link = k > 0 ? 'or' : conj;
      const words = condition ? `${part.words} ${condition[1]}` : part.words;
      out.push(out.length ? `${link} ${words}` : words);
    }
  }
  return out.length ? out.join(' ') : undefined;
}

/** One part's words (`special summon target from gy`) and what it acts on, from the clause that says it. */
function partOf(p: Pattern, clause: string, targets: boolean, targetClause: string, negated: boolean, first: boolean, before: string, skipped: boolean, fromClause = clause): { words: string; object: string } {
  let part = p.verb;
  let object = '';
  if (p.verb === 'draw') {
    const n = DRAW.exec(clause)![1].toLowerCase();
    part += ` ${NUMBERS[n] ?? Number(n)}`;
  } else if (!p.verb.startsWith('negate') && !['gain lp', 'lose lp', 'damage'].includes(p.verb)) {
    object = p.verb === 'equip' ? equipObject(clause, targets) : p.re === EXTRA_DECK_SUMMON ? '' : objectOf(clause, targets, negated, first, before, skipped, MOVES.includes(p.verb));
    part += object;
    if (p.from) part += fromOf(fromClause) || (object === ' target' ? targetZone(targetClause) : '');
    if (p.verb === 'special summon' && /\bin face-down defense position\b/i.test(clause)) part += ' to face-down';
    else if (p.verb === 'special summon' && /\bin (?:face-up )?defense position\b/i.test(clause)) part += ' in defense';
    else if (p.verb === 'special summon' && /\bin (?:face-up )?attack position\b/i.test(clause)) part += ' in attack';
    if (p.verb === 'change position' && /\bface-down\b/i.test(clause)) part += ' to face-down';
  }
  if (p.verb === 'negate effects') {
    object = targets && /\b(?:its|their|that target's|that monster's|of (?:that|those) (?:face-up )?(?:monster|target|card)s?)\b/i.test(clause) ? ' target' : objectOf(clause, targets, false, first, '');
    part += object;
  }
  return { words: part, object };
}

/** What an "equip" part acts on: the target it is equipped to ("equip this card to that target"), else none. */
function equipObject(clause: string, targets: boolean): string {
  return targets && /\bto (?:that target|the target|it|that monster|1 of those targets)\b/i.test(clause) ? ' target' : '';
}
