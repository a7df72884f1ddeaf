// From the activation condition of an English text to a phrase of segoc's event vocabulary
// (docs/language.md, Event vocabulary; read by parseEvent in cards/from-segoc.ts, its words in
// cards/vocabulary/). The phrases written here are the vocabulary's own, so the card builder
// reads them back without a note; where the text says more than the vocabulary can (an archetype,
// "by your opponent's card effect"), the phrase keeps what it can and the rest is a note.
import { ATTRIBUTES, RACES } from '../words';
import { onOneLine, withinStretch } from './common';

export interface EventReading {
  phrase: string;
  note?: string;
}

type Rule = [RegExp, string | ((m: RegExpExecArray) => string)];

const ZONE_WORD: Record<string, string> = { field: 'field', hand: 'hand', deck: 'deck', 'main deck': 'deck', gy: 'gy', graveyard: 'gy' };

/** What happens to a card, written with "this card" as its subject (other subjects are rewritten to it). */
const VERB_RULES: Rule[] = [
  [/^(?:when|if) (?:this card is )?Summoned this way|this card is Special Summoned by (?:its own|this card's) effect/i, 'special summoned by its own effect'],
  [/this card is (?:sent|destroyed and sent) from (?:the|your) (field|hand|Deck|Main Deck) to (?:the|your) (?:GY|Graveyard)/i, (m) => `sent to gy from ${ZONE_WORD[m[1].toLowerCase()]}`],
  [/this card is destroyed by battle and sent to the (?:GY|Graveyard)/i, 'destroyed by battle and sent to gy'],
  [/this card is destroyed by battle or (?:a )?card effect|this card is destroyed by (?:a )?card effect or battle/i, 'destroyed'],
  [/this card is destroyed by battle/i, 'destroyed by battle'],
  [/this card is destroyed by (?:a |an |your opponent's |an opponent's |the opponent's )?(?:card )?effect/i, 'destroyed by card effect'],
  [/this card (?:in your possession )?is destroyed and sent to the (?:GY|Graveyard)/i, 'destroyed and sent to gy'],
  [/this (?:face-up |Set )?card (?:in your possession )?(?:on the field |in your Monster Zone |in the Pendulum Zone )?is destroyed/i, 'destroyed'],
  [/this card is sent to the (?:GY|Graveyard) as (?:\w+ )?(?:material|Material)|this card is detached from an Xyz Monster/i, 'used as material'],
  [withinStretch('this card is (?:used|detached|sent to the GY) (?:as|from)\\b', ',:', '\\bmaterial', 'i'), 'used as material'],
  [/this card (?:in your possession )?is sent to (?:the|your) (?:GY|Graveyard) by (?:a )?card effect/i, 'sent to gy by card effect'],
  [/this card (?:in your possession )?is sent to (?:the|your) (?:GY|Graveyard)/i, 'sent to gy'],
  [/this card is (?:Normal or Special|Normal Summoned or Special|Normal or Flip|Normal, Special,? or Flip|Normal, Flip,? or Special|Normal or Special Summoned or Flip) Summoned/i, 'summoned'],
  [/this card is Tribute Summoned/i, 'tribute summoned'],
  [/this card is Normal Summoned/i, 'normal summoned'],
  [/this card is Flip Summoned/i, 'flip summoned'],
  [/this card is Special Summoned from the (?:GY|Graveyard)/i, 'special summoned from gy'],
  // A Summon with materials is a Special Summon of that kind only (`link summoned`): any Special Summon does not meet it.
  [/this card is Link Summoned/i, 'link summoned'],
  [/this card is Synchro Summoned/i, 'synchro summoned'],
  [/this card is Xyz Summoned/i, 'xyz summoned'],
  [/this card is Fusion Summoned/i, 'fusion summoned'],
  [/this card is Ritual Summoned/i, 'ritual summoned'],
  [/this card is (?:Special|Pendulum) Summoned/i, 'special summoned'],
  [/this card is Summoned/i, 'summoned'],
  [/this card is flipped face-up|this card is flipped/i, 'flipped'],
  [/this card is discarded/i, 'discarded'],
  [/this card is Tributed/i, 'tributed'],
  [/this card is banished/i, 'banished'],
  [/this card is added to (?:your|the|its owner's) hand/i, 'added to hand'],
  [/this card is returned to (?:your|the|its owner's) hand/i, 'returned to hand'],
  [/this card is (?:returned|shuffled) (?:in)?to (?:your|the|its owner's) Extra Deck/i, 'returned to extra deck'],
  [/you draw this card|this card is drawn/i, 'drawn'],
  [/this card leaves the field/i, 'leaves the field'],
  [/this card is (?:targeted for an attack|attacked|selected as an attack target)/i, 'attacked'],
  [withinStretch("this card destroys (?:a|an|an opponent's|your opponent's) (?:monster|monster your opponent controls)\\b", ',:', 'by battle', 'i'), 'destroys a monster by battle'],
  [/this card inflicts battle damage/i, 'inflicts battle damage'],
  [/this card inflicts (?:effect )?damage/i, 'inflicts damage'],
  [/this card declares an attack|this card attacks/i, 'declares an attack'],
  [/this card battles|this card battled|this card is involved in battle/i, 'battles'],
];

/** Rewrites the ways PSCT qualifies "this card" and old zone names, so one rule reads them all. */
function plainSelf(clause: string): string {
  return clause
    .replace(/\bGraveyard\b/g, 'GY')
    .replace(/\bMonster (Card )?Zone\b|\bSpell & Trap (Card )?Zone\b|\bPendulum Zone\b/gi, 'field')
    .replace(/\bthis (?:face-up |Set |face-down |Attack Position |Defense Position |(?:Normal|Special|Synchro|Xyz|Link|Fusion|Ritual|Pendulum|Tribute) Summoned )?card(?: that was \w+ Summoned| Summoned this way| in (?:your|its owner's) (?:possession|control)| you control| on the field| in (?:the|your|its owner's) field(?! Zone)| in (?:the|your|its owner's) (?:Field|Monster|Spell & Trap|Pendulum) Zone| with (?:Xyz )?Materials?(?: attached)?)*,?(?= )/gi, 'this card')
    .replace(/\bsent from the (hand or field|field or hand) to\b/gi, 'sent to')
    .replace(/\badded from (?:your|the) (?:GY|Deck|Main Deck|Extra Deck)(?: or GY)? to\b/gi, 'added to');
}

function verbPhrase(clause: string): string | undefined {
  clause = plainSelf(clause);
  for (const [re, out] of VERB_RULES) {
    const m = re.exec(clause);
    if (m) return typeof out === 'string' ? out : out(m);
  }
  return undefined;
}

const ACTIVATION_RULES: Rule[] = [
  [/(?:your )?opponent activates (?:a|an) (?:Spell\/Trap Card|Spell or Trap Card)(?:,? or monster effect)/i, 'opponent activates a monster effect or spell or trap card'],
  [/(?:your )?opponent activates (?:a |an )?(?:card or effect|card, or monster effect)/i, 'opponent activates a card or effect'],
  [/(?:your )?opponent activates (?:a|an) monster effect/i, 'opponent activates a monster effect'],
  [/(?:your )?opponent activates (?:a|an) (?:Spell\/Trap Card or effect|Spell\/Trap Card, or its effect)/i, 'opponent activates a spell or trap'],
  [/(?:your )?opponent activates (?:a|an) (?:Spell\/Trap Card|Spell or Trap Card)/i, 'opponent activates a spell or trap card'],
  [/(?:your )?opponent activates (?:a|an) Spell Card or effect/i, 'opponent activates a spell'],
  [/(?:your )?opponent activates (?:a|an) Spell Card/i, 'opponent activates a spell card'],
  [/(?:your )?opponent activates (?:a|an) Trap Card or effect/i, 'opponent activates a trap'],
  [/(?:your )?opponent activates (?:a|an) Trap Card/i, 'opponent activates a trap card'],
  [/(?:a|an) (?:Spell\/Trap Card|Spell or Trap Card|Spell Card or Trap Card),? or monster effect,? is activated|a monster effect,? Spell(?: Card)?,? or Trap Card is activated/i, 'monster effect or spell or trap card activated'],
  [/a card or effect is activated/i, 'card or effect activated'],
  [/(?:a|an) (?:Spell\/Trap Card or effect|Spell\/Trap Card, or its effect) is activated/i, 'spell or trap activated'],
  [/(?:a|an) (?:Spell\/Trap Card|Spell or Trap Card) is activated/i, 'spell or trap card activated'],
  [/(?:a|an) Spell Card or effect is activated/i, 'spell activated'],
  [/(?:a|an) (?:Spell Card|Normal Spell Card) is activated/i, 'spell card activated'],
  [/(?:a|an) Trap Card or effect is activated/i, 'trap activated'],
  [/(?:a|an) Trap Card is activated/i, 'trap card activated'],
  [/a monster on the field activates its effect/i, 'monster effect activated on the field'],
  [/(?:a|an) monster(?:'s)? effect is activated|a monster activates its effect/i, 'monster effect activated'],
];

const PLAYER_RULES: Rule[] = [
  [/the monster your opponent controls with the highest ATK(?: \(even if tied\))? declares an attack/i, 'opponent declares an attack with their highest atk monster'],
  [/opponent declares a second direct attack/i, 'opponent declares second direct attack'],
  [/(?:an opponent's|your opponent's|an opponent) monster declares a direct attack|your opponent's monster attacks directly|(?:your opponent|an opponent's monster) attacks you directly/i, 'opponent declares direct attack'],
  [/(?:an opponent's|your opponent's) monster declares an attack|your opponent declares an attack|an opponent's monster attacks/i, 'opponent declares an attack'],
  [/a monster declares an attack|an attack is declared|a monster attacks/i, 'an attack is declared'],
  [/you take (?:\d+ or more )?battle damage/i, 'you take battle damage'],
  [/you take (?:\d+ or more )?(?:effect )?damage/i, 'you take damage'],
  [/your opponent takes (?:\d+ or more )?battle damage/i, 'opponent takes battle damage'],
  [/your opponent takes (?:\d+ or more )?(?:effect )?damage/i, 'opponent takes damage'],
  [/\byou Tribute Summon (?:a|an) /i, 'a monster you control is tribute summoned'],
  [/\byou Special Summon (?:a|an) /i, 'a monster you control is special summoned'],
  [/\byou Normal Summon (?:a|an) /i, 'a monster you control is normal summoned'],
  [/(?:your )?opponent Normal or Flip Summons/i, 'opponent normal or flip summons a monster'],
  [/(?:your )?opponent (?:Normal or Special|Normal, Special, or Flip) Summons/i, 'opponent summons a monster'],
  [/(?:your )?opponent Special Summons/i, 'opponent special summons a monster'],
  [/(?:your )?opponent Normal Summons/i, 'opponent normal summons a monster'],
  [/(?:your )?opponent Flip Summons/i, 'opponent flip summons a monster'],
  [/(?:your )?opponent (?:Tribute )?Summons/i, 'opponent summons a monster'],
  [/a monster(?:\(s\))? would be (?:Normal or Special|Normal, Flip,? or Special|Summoned|Normal Summoned, Flip Summoned,? or Special)/i, 'summon'],
  [/a monster(?:\(s\))? would be Special Summoned/i, 'special summon'],
  [/a monster(?:\(s\))? would be Normal Summoned/i, 'normal summon'],
];

/** The other-card subject of an event: "a FIRE monster you control is destroyed". */
// The subject is bounded (the card pool's longest is under 80 characters): unbounded, it is tried from every article and
// scans to the next comma each time, quadratic on a pasted text that repeats one.
const OTHER_SUBJECT = /\b(?:an?|another|one|1|\d\+?|your|the) ((?:(?!\bthis card\b)[^,:;]){0,120}?) (?:is|are|was|were|gets?) ((?:Normal |Special |Flip |Tribute |Synchro |Xyz |Link |Fusion |Ritual )?(?:or (?:Normal |Special |Flip )?)?Summoned|sent|destroyed|banished|added|returned|discarded|flipped|Tributed|detached|targeted|attacked|used)\b/i;

/** "When a LIGHT monster you control battles" (Honest): another monster in battle, bounded as OTHER_SUBJECT is. */
const OTHER_BATTLES = /\b(?:an?|your) ((?:(?!\bthis card\b)[^,:;]){0,120}?) (?:battles|battled|is involved in battle)\b( an? [^,:;(]{0,80})?/i;

const ON_FIELD_EFFECT = /a monster on the field activates its effect,? or (?:when )?a Spell\/Trap(?: Card)? that is (?:already )?face-up on the field activates its effect/i;

/** Reads the event of an activation condition, or undefined when it names none. */
export function englishEvent(cond: string, bullets: string[] = []): EventReading | undefined {
  if (!cond) return undefined;
  // A monster on the field or a face-up Spell/Trap on the field activating its effect: one phrase (effects, not
  // the activation of a card, of cards on the field).
  if (ON_FIELD_EFFECT.test(cond)) return { phrase: 'effect activated on the field' };
  // "At any of the following timings: ... ● When ... ● When ..." (Mind Mirror Force): each ● line is an event it answers.
  if (/^at any of the following timings$/i.test(cond.trim()) && bullets.length) {
    const each = bullets.map((b) => englishEvent(b.replace(/\.$/, '')));
    if (each.every(Boolean)) return { phrase: each.map((x) => x!.phrase).join(', '), note: each.map((x) => x!.note).filter(Boolean).join('; ') || undefined };
    return undefined;
  }
  // "When a monster would be Summoned, OR a Spell/Trap Card is activated": several alternatives.
  const parts = cond.split(/,? OR |, or when /);
  if (parts.length > 1) {
    const each = parts.map((p) => englishEvent(p, bullets)).filter((x): x is EventReading => !!x);
    if (each.length) return { phrase: each.map((x) => x.phrase).filter((p, i, a) => a.indexOf(p) === i).join(', ') };
  }
  for (const [re, out] of ACTIVATION_RULES) {
    const m = re.exec(cond);
    if (m) {
      let phrase = typeof out === 'string' ? out : out(m);
      if (/includes? any of these effects|that includes/i.test(cond) && bullets.length) {
        const inc = bulletIncludes(bullets);
        if (inc.length) phrase += ` including ${inc.join(' or ')}`;
      } else if (/that includes an effect that Special Summons/i.test(cond)) phrase += ' including special summon';
      else if (/that would destroy (?:a card\(s\)|a card|cards) on the field/i.test(cond)) phrase += ' including destroy on field';
      // "a monster effect in the hand or field" (Mind Mirror Force), "during your turn": where and when it is activated.
      if (/\bin the hand or (?:on the )?field\b/i.test(cond)) phrase += ' in hand or field';
      // Only a turn said of the activation ("activates ... during your turn"); "During your turn, when ..." is the window.
      if (/\bactivates?\b[^,:]*\bduring your turn\b/i.test(cond)) phrase += ' during your turn';
      else if (/\bactivates?\b[^,:]*\bduring your opponent's turn\b/i.test(cond)) phrase += " during opponent's turn";
      return { phrase };
    }
  }
  for (const [re, out] of PLAYER_RULES) {
    const m = re.exec(cond);
    if (m) return { phrase: typeof out === 'string' ? out : out(m) };
  }
  const self = verbPhrase(cond);
  if (self) return { phrase: self, note: qualifierNote(cond) };
  const other = OTHER_SUBJECT.exec(cond);
  if (other) {
    const rewritten = cond.replace(other[0], `this card is ${other[2]}`).replace(/this card is (\w+ )?(or )?/i, (x) => x);
    const verb = verbPhrase(rewritten.slice(rewritten.indexOf('this card is'))) ?? verbPhrase(`this card is ${other[2]}`);
    if (verb) {
      // "another monster": PSCT's "a monster other than this card".
      const filter = `${englishFilter(other[1]) ?? 'a card'}${/^another\b/i.test(other[0]) ? ' other than this card' : ''}`;
      const verbText = verb === 'summoned' && /Summoned/.test(other[2]) && !/or/.test(other[2]) ? verb : verb;
      const narrowed = filterWordsDropped(other[1]);
      return {
        phrase: `${filter} ${/^an? \w+ (monsters|cards)\b/.test(filter) ? 'are' : 'is'} ${verbText}`,
        note: narrowed ? `the event's subject is narrower than the vocabulary says (${narrowed})` : undefined,
      };
    }
  }
  // Only where every word of the subject is the vocabulary's and nothing follows ("battles an opponent's monster" has
  // no words there): anything else stays unread rather than read wider.
  const battles = OTHER_BATTLES.exec(cond);
  if (battles && !battles[2] && battles[1].split(/\s+/).every((w) => BATTLER_WORD.test(w) || ATTRIBUTES.includes(w.toLowerCase()) || RACES.includes(w.toLowerCase().replace(/-type$/, '')))) {
    return { phrase: `${englishFilter(battles[1]) ?? 'a monster'} battles` };
  }
  return undefined;
}

/** The words of a battling monster's subject the filter reads whole (besides attributes and races). */
const BATTLER_WORD = /^(?:monster(?:\(s\))?|face-up|you|control)$/i;

function qualifierNote(cond: string): string | undefined {
  if (/by your opponent|by an opponent's|opponent's card effect/i.test(cond)) return 'only by the opponent (not in the vocabulary; assumed)';
  return undefined;
}

const BULLET_INCLUDES = {
  search: onOneLine('add ', 'from the Deck to the hand', 'i'),
  summon: onOneLine('special summon ', 'from the Deck', 'i'),
  send: onOneLine('send ', 'from the Deck to the (?:GY|Graveyard)', 'i'),
};

function bulletIncludes(bullets: string[]): string[] {
  const out: string[] = [];
  for (const b of bullets) {
    if (BULLET_INCLUDES.search.test(b)) out.push('search');
    else if (BULLET_INCLUDES.summon.test(b)) out.push('deck summon');
    else if (BULLET_INCLUDES.send.test(b)) out.push('deck send');
  }
  return out;
}

const PHASES: Array<[RegExp, string]> = [
  [/at the end of (?:the|any|each|that) Battle Phase/i, 'at end of battle phase'],
  [/during (?:each|either player's) Standby Phase/i, 'during each standby phase'],
  [/during your opponent's Standby Phase/i, "during your opponent's standby phase"],
  [/during (?:each of )?your (?:next )?Standby Phases?/i, 'during your standby phase'],
  [/during the (?:next )?Standby Phase/i, 'during the standby phase'],
  [/during (?:each|either player's) End Phase/i, 'during each end phase'],
  [/during your opponent's End Phase/i, "during your opponent's end phase"],
  [/during (?:each of )?your End Phases?/i, 'during your end phase'],
  [/during the End Phase/i, 'during the end phase'],
  [/during your Draw Phase/i, 'during your draw phase'],
  [/during (?:each|the) Draw Phase/i, 'during your draw phase'],
];

/** The phase time of a phase-timed condition ("During the End Phase, if ..."), or undefined. */
export function englishPhase(cond: string): string | undefined {
  for (const [re, phrase] of PHASES) if (re.test(cond)) return phrase;
  return undefined;
}

const FILTER_WORD = /^(face-up|face-down|monsters?|spells?|traps?|cards?|level|\d+|or|lower|higher|less|more|with|atk|you|control|your|opponent|controls|opponent's|in|gy|on|the|field|hand)$/;

/** The words of a filter the vocabulary keeps, as a filter phrase; undefined when none is left. */
export function englishFilter(words: string): string | undefined {
  const ws = words
    .replace(/\bwith (?!\d+ or (?:less|more) ATK)[^,;]*$/i, '')
    .replace(/\b(?:Graveyard)\b/g, 'GY')
    .toLowerCase()
    .replace(/"[^"]*"/g, ' ')
    .replace(/\(s\)/g, '')
    .replace(/spell\/trap/g, 'spell or trap')
    .replace(/[^a-z0-9'\- ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const kept: string[] = [];
  // Whether a noun was kept yet (each word kept is looked at once: a search of `kept` per word was quadratic).
  let noun = false;
  for (let i = 0; i < ws.length; i++) {
    noun ||= kept.length > 0 && /^(monsters?|spells?|traps?|cards?)$/.test(kept[kept.length - 1]);
    const w = ws[i];
    if (ATTRIBUTES.includes(w) || RACES.includes(w) || RACES.includes(w.replace(/s$/, ''))) kept.push(w);
    else if (RACES.includes(`${w} ${ws[i + 1] ?? ''}`)) kept.push(`${w} ${ws[++i]}`);
    else if (w === 'opponent' && ws[i + 1] === 'controls') {
      kept.push('your opponent controls');
      i++;
      if (kept[kept.length - 2] === 'your') kept.splice(kept.length - 2, 1);
    } else if (w === "opponent's") kept.push('opponent');
    else if (FILTER_WORD.test(w)) kept.push(w);
    // "Target 1 Set Spell/Trap": Set before the noun is a face-down card (the filter reader's `set card`).
    else if (w === 'set' && !noun) kept.push('face-down');
    // After the noun, a word the vocabulary lacks starts a clause it cannot say ("with the same Level as ...").
    else if (noun) break;
  }
  let s = kept.join(' ').replace(/\byour your\b/g, 'your').replace(/^(your|the|in|on|or)\s+/, '').trim();
  s = s.replace(/\bopponent (monsters?|cards?)\b/, '$1 your opponent controls');
  if (!/\b(monsters?|spells?|traps?|cards?)\b/.test(s)) {
    if (!s) return undefined;
    s = `${s} monster`;
  }
  s = s.replace(/\bmonsters\b/, 'monster').replace(/\bcards\b/, 'card').replace(/\bspells\b/, 'spell').replace(/\btraps\b/, 'trap');
  return /^[aeiou]/.test(s) ? `an ${s}` : `a ${s}`;
}

function filterWordsDropped(words: string): string | undefined {
  const quoted = words.match(/"[^"]*"/g);
  return quoted ? quoted.join(', ') : undefined;
}
