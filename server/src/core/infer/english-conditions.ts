// State conditions from an effect's English condition (the words before its colon, PSCT): "If you control no face-up
// cards", "while you control a "Rikka" monster", "If 3 or more attacks have been declared this turn", written as the
// body of the card language's `while` modifier (docs/language.md): `you control no face-up cards and it is the only
// card in your hand`. A condition this reader does not know is left out (the effect then states fewer conditions,
// and the engine assumes nothing it was not told); words it reads wrong would be worse than words it leaves.

const NUMBER: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function count(word: string): number | undefined {
  return /^\d+$/.test(word) ? Number(word) : NUMBER[word.toLowerCase()];
}

/** A filter of the text in the language's words (`face-up "Rikka" monsters`), or undefined where it is more than that. */
function filterWords(words: string): string | undefined {
  const w = words.trim().replace(/\bMonster Card(s?)\b/g, 'monster$1');
  // Quoted archetypes stay as written; the rest is lower-cased: attributes, races, card types, `face-up`.
  if (!/^(?:face-up )?(?:"[^"]+" )?(?:[A-Z]+ )?(?:[A-Za-z-]+ )?(?:monsters?|cards?|Spells?|Traps?)$/.test(w)) return undefined;
  // A quoted archetype of several words ("Galaxy-Eyes Tachyon Dragon") is one token, its case kept.
  return (w.match(/"[^"]*"|\S+/g) ?? []).map((x) => (x.startsWith('"') ? x : x.toLowerCase())).join(' ');
}

/** The PSCT player as the language writes it. */
function who(words: string): 'you' | 'opponent' {
  return /opponent/i.test(words) ? 'opponent' : 'you';
}

const PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string | undefined]> = [
  [/\b(you|your opponent) controls? no ((?:face-up )?(?:"[^"]+" )?[A-Za-z -]*?(?:monsters|cards|Spells|Traps))(?=\s*(?:and\b|[,:(.])|\s*$)/i, (m) => {
    const f = filterWords(m[2]);
    return f && `${who(m[1])} ${who(m[1]) === 'you' ? 'control' : 'controls'} no ${f}`;
  }],
  [/\b(you|your opponent) controls? (an?|\d+ or more|two or more|three or more) ((?:face-up )?(?:"[^"]+" )?[A-Za-z -]*?(?:monsters?|Monster Cards?|cards?))(?=\s*(?:and\b|[,:(.])|\s*$)/i, (m) => {
    const f = filterWords(m[3]);
    const n = /^an?$/i.test(m[2]) ? m[2].toLowerCase() : `${count(m[2].split(' ')[0])} or more`;
    return f && !/^undefined/.test(n) ? `${who(m[1])} ${who(m[1]) === 'you' ? 'control' : 'controls'} ${n} ${f}` : undefined;
  }],
  [/\byour opponent controls more cards than you\b/i, () => 'opponent controls more cards than you'],
  [/\byou control more cards than your opponent\b/i, () => 'you control more cards than opponent'],
  [/\b(you|your opponent) controls? a monster with higher ATK than (your|your opponent's) LP\b/i, (m) => `${who(m[1])} ${who(m[1]) === 'you' ? 'control' : 'controls'} a monster with more atk than ${/opponent/i.test(m[2]) ? 'opponent' : 'your'} lp`],
  [/\bboth players control the same number of (monsters|cards)\b/i, (m) => `both players control the same number of ${m[1].toLowerCase()}`],
  [/\bif you control the same number of (monsters|cards) as your opponent\b/i, (m) => `both players control the same number of ${m[1].toLowerCase()}`],
  // "If you control no face-up monsters, or the only face-up monsters you control are LIGHT Fiend monsters".
  [/\b(you|your opponent) controls? no face-up monsters, or the only face-up monsters (?:you|they) control are ([A-Za-z -]+? monsters)\b/i, (m) => {
    const f = filterWords(m[2]);
    return f && `${who(m[1])} ${who(m[1]) === 'you' ? 'control' : 'controls'} no face-up monsters other than ${f}`;
  }],
  [/\b(?:while|if) (?:it|this card) has an? ("[^"]+" (?:monster|card)) as (?:Xyz )?material\b/i, (m) => {
    const f = filterWords(m[1]);
    return f && `it has a ${f} as material`;
  }],
  [/\byou have no cards in your (GY|Graveyard|hand)\b/i, (m) => `you have no cards in ${/^h/i.test(m[1]) ? 'hand' : 'gy'}`],
  [/\byou have no Spell\/Trap Cards in your (?:GY|Graveyard)\b/i, () => 'you have no spells / traps in gy'],
  [/\bthis is the only card in your hand\b/i, () => 'it is the only card in your hand'],
  [/\bwhile "([^"]+)" is (?:face-up )?on the field\b/i, (m) => `"${m[1]}" is on the field`],
  [/\bwhile (?:it|this card) has (?:Xyz )?material\b/i, () => 'it has material'],
  [/\bwhile you control this Special Summoned monster\b/i, () => 'it was special summoned'],
  [/\bif this Set card\b/i, () => 'it is set'],
  [/\b(\d+|two|three|four|five) or more attacks have been declared this turn\b/i, (m) => `${count(m[1])} or more attacks were declared this turn`],
  [/\byour opponent Normal or Special Summoned (\d+|two|three|four|five) or more monsters this turn\b/i, (m) => `opponent summoned ${count(m[1])} or more monsters this turn`],
  [/\byour opponent has activated a monster effect during your Main Phase this turn\b/i, () => 'opponent activated a monster effect in main phase this turn'],
  [/\bexcept the turn (?:it|this card) was sent to the GY\b/i, () => 'it was not sent to gy this turn'],
];

/**
 * The state conditions of an effect's condition (the text before its colon), as the body of a `while` modifier, or
 * undefined where it states none this reader knows.
 */
/**
 * The condition of "If you control no cards, you can activate this card from your hand" (a Trap's activation from the
 * hand, Evenly Matched), as the body of a `while` modifier; undefined where the text has no such sentence or its
 * condition is not one this reader knows.
 */
export function englishHandCondition(text: string): string | undefined {
  const m = /(?:^|[.\n]\s*)(?:If|While) ([^.:]{1,200}?), you can activate this card from your hand\b/i.exec(text ?? '');
  return m ? englishConditions(m[1]) : undefined;
}

export function englishConditions(cond: string): string | undefined {
  // A condition is a clause, not a pasted page: past a few hundred characters nothing is read (linear time).
  if (!cond || cond.length > 400) return undefined;
  const out: string[] = [];
  for (const [re, words] of PATTERNS) {
    const m = re.exec(cond);
    // "If you control no face-up monsters, or the only ... are LIGHT Fiend monsters": an alternative this reader does
    // not hold; reading only its first half would make the condition stricter than the text.
    if (m && /^,?\s*or\b/i.test(cond.slice(m.index + m[0].length))) continue;
    // "If only your opponent controls a monster": "only" narrows it to more than this reader holds (you control none).
    if (m && /\bonly\s+$/i.test(cond.slice(0, m.index))) continue;
    const w = m && words(m);
    if (w && !out.includes(w)) out.push(w);
  }
  return out.length ? out.join(' and ') : undefined;
}
