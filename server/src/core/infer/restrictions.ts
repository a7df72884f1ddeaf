// What an English card text says its card forbids or negates while it is face-up on the field (R62-R65), as the
// modifiers of a `continuous` line in the card language (`locks activation of trap cards`, `locks special summons
// for opponent`, `negates monster effects on the field`, `unaffected by trap effects`: cards/vocabulary/restrictions.ts
// reads them). Only the plain wordings are read; a lock whose scope is worded otherwise is `some cards`, and one
// under a condition ("If your opponent controls more monsters ...") ends `if a condition holds`. A restriction
// that applies only "the turn you activate this" (an oath of the activation) is not a continuous effect: left out.

/** The activation scopes a lock sentence names, longest first. */
const SCOPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:cards or effects|cards and effects|cards or card effects)\b/, 'cards and effects'],
  [/^(?:the effects of (?:effect )?monsters|monster effects|effects of monsters)\b/, 'monster effects'],
  [/^(?:spell\/trap cards|spells\/traps|spell and trap cards|spell or trap cards)\b/, 'spell and trap cards'],
  [/^(?:spell cards|spells)\b/, 'spell cards'],
  [/^(?:trap cards|traps)\b/, 'trap cards'],
];

const UNAFFECTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:(?:all )?other cards' effects|(?:all )?other card effects|the effects of other cards|other cards and their effects)/, 'other card'],
  [/^(?:your opponent's card effects|card effects your opponent controls|your opponent's effects)/, 'opponent'],
  [/^(?:spell\/trap effects|spell and trap effects|the effects of spell\/trap cards|spell\/trap card effects)/, 'spell and trap'],
  [/^(?:spell effects|spell card effects|the effects of spell cards)/, 'spell'],
  [/^(?:trap effects|trap card effects|the effects of trap cards)/, 'trap'],
  [/^(?:monster effects|other monsters' effects|the effects of other monsters)/, 'monster'],
];

const WHO: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bneither player can\s+/, ''],
  [/\byour opponent cannot\s+/, ' for opponent'],
  [/\byou cannot\s+/, ' for you'],
];

/**
 * The scope a phrase names, only where nothing narrows it after ("the effects of monsters they control that are
 * equipped ...", "Spell Cards during Main Phase 1": some of them, which is not read).
 */
function scopeOf(rest: string, table: ReadonlyArray<readonly [RegExp, string]>): string | undefined {
  for (const [re, scope] of table) {
    const m = re.exec(rest);
    if (m) return /^\s*(?:$|[.,;(]|(?:or|and) declare\b|while\b)/.test(rest.slice(m[0].length)) ? scope : undefined;
  }
  return undefined;
}

/** One sentence's restrictions (lower-cased sentence). */
function ofSentence(s: string): string[] {
  // An oath of the activation ("the turn you activate this card") or a limit of one effect is no continuous effect.
  // An activated effect's part (a colon or a semicolon before it) or a limit on responses is no continuous effect either.
  if (/[:;]/.test(s) || /\bin response\b/.test(s)) return [];
  if (/the turn (?:you|they) activate|the turn you (?:special summon|use)|until the end of (?:this|the next|your next) turn|this turn\b/.test(s)) return [];
  // A condition first ("If ...,", "While ...,"), last ("..., as long as "Necrovalley" is also on the field"), or in
  // the subject ("This Link Summoned card is unaffected ...": only if it was Summoned so).
  const cond =
    (/^(?:if|while|as long as)\b/.test(s) && !/^while this card is face-up/.test(s)) || /, as long as (?!this card (?:is|remains) (?:face-up|on the field))/.test(s) || /^this (?:\w+ )?summoned card\b/.test(s)
      ? ' if a condition holds'
      : '';
  const out: string[] = [];
  for (const [re, who] of WHO) {
    const m = re.exec(s);
    if (!m) continue;
    const rest = s.slice(m.index + m[0].length);
    if (rest.startsWith('activate ')) out.push(`locks activation of ${scopeOf(rest.slice('activate '.length), SCOPES) ?? 'some cards'}${who}${cond}`);
    // "Special Summon monsters" whole; "... from the Extra Deck", "..., except ..." only some: which is not read.
    // "Neither player can banish cards (from the GY)" (Imperial Iron Wall; a ● option is an effect's, not read).
    else if (/^banish cards(?: from the gy)?\s*\.?$/.test(rest) && !s.startsWith('●')) out.push(`locks banishing${rest.includes('gy') ? ' from gy' : ''}${who}${cond}`);
    else if (rest.startsWith('special summon')) out.push(`locks special summons${who}${/^special summon(?: monsters)?\s*[.,]?$/.test(rest) ? '' : ' except some monsters'}${cond}`);
  }
  // "Each player can only control 1 Type of monster" (Rivalry of Warlords): a monster of another kind cannot be
  // Summoned (its Normal Summon too, which the card model does not hold); which ones is not read. Not "You can only
  // control 1 "X"" (a card's own uniqueness: a name in quotes).
  if (/\beach player can only control 1 (?!")/.test(s)) out.push(`locks special summons except some monsters${cond}`);
  // "Both players must Set Spell Cards before activating them, and cannot activate them until their next turn"
  // (Anti-Spell Fragrance, Warlock of the Ice Barrier): a Spell Card only once Set, and not the turn it was Set.
  const setFirst = /\b(both players|your opponent|you) must set spell cards before activating them\b/.exec(s);
  if (setFirst) out.push(`locks activation of spell cards unless set earlier${setFirst[1] === 'your opponent' ? ' for opponent' : setFirst[1] === 'you' ? ' for you' : ''}${cond}`);
  // "Cards in the GY cannot be banished" (Necrovalley), "Cards cannot be banished".
  const unbanishable = /^(cards in the gy|cards) cannot be banished\s*\.?$/.exec(s);
  if (unbanishable) out.push(`locks banishing${unbanishable[1] === 'cards' ? '' : ' from gy'}${cond}`);
  // "Negate any card effect that would move a card in the GY to a different place" (Necrovalley), wherever its card is.
  if (/^negate any card effect that would move a card in the gy to a different place/.test(s)) out.push(`negates effects that move cards in the gy${cond}`);
  // "Trap Cards, and their effects on the field, cannot be activated" (Jinzo); "Spell Cards cannot be activated".
  const passive = /^(spell cards|trap cards|monster effects)(?:, and their effects on the field,)? cannot be activated/.exec(s);
  if (passive) out.push(`locks activation of ${passive[1]}${cond}`);
  // Whole scopes only: "Negate all Trap effects on the field"; "the effects of all face-up monsters (on the field)
  // (while they are face-up on the field)". A narrower one ("except Tribute Summoned monsters'", "that were Special
  // Summoned from the Extra Deck") is `some`.
  const negate = /\bnegate (?:all |the effects of all )?(?:other )?(?:(spell|trap) (?:card )?effects on the field|(face-up monsters)(?: on the field)?(?:,? while (?:they are|those monsters are) face-up on the field)?)/.exec(s);
  if (negate) {
    const whole = !/\bexcept\b/.test(s) && /^\s*(?:$|[.(])/.test(s.slice(negate.index + negate[0].length));
    out.push(`negates ${whole ? negate[1] ?? 'monster' : 'some'} effects on the field${cond}`);
  }
  const immune = /\bunaffected by (.*)$/.exec(s);
  if (immune) out.push(`unaffected by ${scopeOf(immune[1], UNAFFECTED) ?? 'some'} effects${cond}`);
  return out;
}

/** The `continuous` line modifiers an English text states (empty: none read). */
export function englishRestrictions(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/(?<=\.)\s+|\n+/)) {
    const s = raw.trim().toLowerCase().replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
    if (!s) continue;
    for (const r of ofSentence(s)) if (!out.includes(r)) out.push(r);
  }
  return out;
}
