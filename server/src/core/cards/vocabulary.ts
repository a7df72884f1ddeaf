// The card vocabulary: every word and phrase of the language that means something about cards and
// the game (zones, phases, card types, monster types, attributes, event phrases, modifiers), and
// its interpretation into the patterns the engine matches. The parser, the card builder
// (from-segoc.ts), completion and the docs test all read this module: there is no second list.
// The interpreter works on words, not tokens, so that other producers (effects inferred from card
// text) can use it too. A phrase outside the vocabulary is kept as `unknown`: the engine then assumes
// the condition was met rather than guessing "illegal".
import { PhaseName, SUMMON_METHODS, SummonMethod, Zone } from '../syntax/ast';
import type { EffectFacts } from './facts';
import { ActivationWindow, Actor, CardCategory, CardFilter, EventPattern, PhaseTime, SpellTrapKind, SummonType, VerbPattern } from './types';

/** Zone words: in board lines, `from` clauses, event phrases and `from` modifiers alike. */
export const ZONE_WORDS: Readonly<Record<string, Zone>> = {
  field: 'field',
  hand: 'hand',
  gy: 'gy',
  graveyard: 'gy',
  grave: 'gy',
  banished: 'banished',
  deck: 'deck',
  extra: 'extra',
};

/** Phase words of a scenario's `phase` line. */
export const PHASE_WORDS: Readonly<Record<string, PhaseName>> = {
  draw: 'draw',
  standby: 'standby',
  main1: 'main1',
  'main-1': 'main1',
  battle: 'battle',
  'damage-step': 'damage-step',
  damage: 'damage-step',
  main2: 'main2',
  'main-2': 'main2',
  end: 'end',
};

/** Monster abilities a card's tags may name (informational: no rule reads them yet). */
export const ABILITIES = ['tuner', 'gemini', 'spirit', 'union', 'toon', 'flip', 'pendulum'];

export const RACES = [
  'aqua',
  'beast',
  'beast-warrior',
  'creator god',
  'cyberse',
  'dinosaur',
  'divine-beast',
  'dragon',
  'fairy',
  'fiend',
  'fish',
  'illusion',
  'insect',
  'machine',
  'plant',
  'psychic',
  'pyro',
  'reptile',
  'rock',
  'sea serpent',
  'sea-serpent',
  'spellcaster',
  'thunder',
  'warrior',
  'winged beast',
  'winged-beast',
  'wyrm',
  'zombie',
];
export const ATTRIBUTES = ['dark', 'light', 'earth', 'water', 'fire', 'wind', 'divine'];

/** Card types as written, with what the engine reads of them. */
const CARD_TYPES: Record<string, { category: CardCategory; kind?: SpellTrapKind; extra?: boolean }> = {
  'effect monster': { category: 'monster' },
  'normal monster': { category: 'monster' },
  'ritual monster': { category: 'monster' },
  'fusion monster': { category: 'monster', extra: true },
  'synchro monster': { category: 'monster', extra: true },
  'xyz monster': { category: 'monster', extra: true },
  'link monster': { category: 'monster', extra: true },
  'pendulum monster': { category: 'monster' },
  'tuner monster': { category: 'monster' },
  monster: { category: 'monster' },
  'normal spell': { category: 'spell', kind: 'normal' },
  spell: { category: 'spell', kind: 'normal' },
  'quick-play spell': { category: 'spell', kind: 'quick-play' },
  'quick play spell': { category: 'spell', kind: 'quick-play' },
  'continuous spell': { category: 'spell', kind: 'continuous' },
  'field spell': { category: 'spell', kind: 'field' },
  'equip spell': { category: 'spell', kind: 'equip' },
  'ritual spell': { category: 'spell', kind: 'ritual' },
  'normal trap': { category: 'trap', kind: 'normal' },
  trap: { category: 'trap', kind: 'normal' },
  'continuous trap': { category: 'trap', kind: 'continuous' },
  'counter trap': { category: 'trap', kind: 'counter' },
};

export const CARD_TYPE_NAMES = Object.keys(CARD_TYPES);

/** What a card type means; an unknown one is guessed from its words (from-segoc.ts reports it). */
export function cardTypeInfo(text: string): { category: CardCategory; kind?: SpellTrapKind; extra?: boolean } {
  return CARD_TYPES[text] ?? guessType(text);
}

/** Whether a card type is one of the vocabulary. */
export function isCardType(text: string): boolean {
  return CARD_TYPES[text] !== undefined;
}

function guessType(text: string): { category: CardCategory; kind?: SpellTrapKind; extra?: boolean } {
  if (text.includes('trap')) return { category: 'trap', kind: text.includes('counter') ? 'counter' : text.includes('continuous') ? 'continuous' : 'normal' };
  if (text.includes('spell')) return { category: 'spell', kind: 'normal' };
  return { category: 'monster' };
}

/** Reads a card filter from words like `a level 3 or lower water monster in your gy`. */
export function parseFilter(ws: string[]): CardFilter {
  const f: CardFilter = {};
  const unknown: string[] = [];
  let i = 0;
  const take = (...seq: string[]) => {
    for (let k = 0; k < seq.length; k++) if (ws[i + k] !== seq[k]) return false;
    i += seq.length;
    return true;
  };
  while (i < ws.length) {
    const w = ws[i];
    if (['a', 'an', '1', 'one', 'the', 'another', 'other', 'or', 'more', 'any'].includes(w) && !(w === 'or' && ws[i + 1] === 'lower')) {
      i++;
      continue;
    }
    if (take('face-up') || take('face', 'up')) {
      f.faceUp = true;
      continue;
    }
    if (w === 'monster' || w === 'monsters') {
      f.category = 'monster';
      i++;
      continue;
    }
    if (w === 'spell' || w === 'spells') {
      f.category = f.category === 'trap' ? 'card' : 'spell';
      i++;
      continue;
    }
    if (w === 'trap' || w === 'traps') {
      f.category = f.category === 'spell' ? 'card' : 'trap';
      i++;
      continue;
    }
    if (w === 'card' || w === 'cards') {
      f.category = f.category ?? 'card';
      i++;
      continue;
    }
    if (w === 'level' && /^\d+$/.test(ws[i + 1] ?? '')) {
      const n = Number(ws[i + 1]);
      i += 2;
      if (take('or', 'lower') || take('or', 'less')) f.levelMax = n;
      else if (take('or', 'higher') || take('or', 'more')) f.levelMin = n;
      else {
        f.levelMin = n;
        f.levelMax = n;
      }
      continue;
    }
    if (w === 'with' && /^\d+$/.test(ws[i + 1] ?? '')) {
      const n = Number(ws[i + 1]);
      i += 2;
      let dir: 'max' | 'min' | undefined;
      if (take('or', 'less')) dir = 'max';
      else if (take('or', 'more')) dir = 'min';
      if (take('atk') || take('original', 'atk')) {
        if (dir === 'max') f.atkMax = n;
        else if (dir === 'min') f.atkMin = n;
        else {
          f.atkMin = n;
          f.atkMax = n;
        }
        continue;
      }
      unknown.push(`with ${n}`);
      continue;
    }
    if (take('you', 'control')) {
      f.controller = 'you';
      continue;
    }
    if (take('your', 'opponent', 'controls') || take('opponent', 'controls')) {
      f.controller = 'opponent';
      continue;
    }
    if (take('in', 'your', 'gy') || take('in', 'your', 'graveyard')) {
      f.zone = 'gy';
      f.controller = 'you';
      continue;
    }
    if (take('in', 'your', 'opponent', 'gy') || take('in', "your", "opponent's", 'gy') || take('in', "opponent's", 'gy') || take('in', 'opponent', 'gy')) {
      f.zone = 'gy';
      f.controller = 'opponent';
      continue;
    }
    if (take('in', 'either', 'gy') || take('in', 'a', 'gy')) {
      f.zone = 'gy';
      continue;
    }
    if (take('on', 'the', 'field') || take('on', 'field')) {
      f.zone = 'field';
      continue;
    }
    if (take('in', 'your', 'hand')) {
      f.zone = 'hand';
      f.controller = 'you';
      continue;
    }
    if (take('summoned', 'monster') || take('that', 'monster') || take('it')) {
      f.eventCard = true;
      continue;
    }
    if (ATTRIBUTES.includes(w)) {
      (f.attributes ??= []).push(w);
      i++;
      continue;
    }
    const two = `${w} ${ws[i + 1] ?? ''}`;
    if (RACES.includes(two)) {
      (f.races ??= []).push(two.replace(' ', '-'));
      i += 2;
      continue;
    }
    const race = w.endsWith('s') && RACES.includes(w.slice(0, -1)) ? w.slice(0, -1) : w;
    if (RACES.includes(race)) {
      (f.races ??= []).push(race);
      i++;
      continue;
    }
    unknown.push(w);
    i++;
  }
  if (unknown.length) f.unknown = unknown;
  return f;
}

/** Interprets an event phrase, given as its lower-cased words (see from-segoc.ts words) and its text. */
export function interpretEvent(phraseWords: readonly string[], raw: string): EventPattern {
  let ws = phraseWords.filter((w) => w !== 'the');
  const unknown: string[] = [];

  // Who: a leading `opponent` / `your opponent` / `you` sets the actor.
  let actor: Actor = 'any';
  if (ws[0] === 'your' && ws[1] === 'opponent') ws = ws.slice(1);
  if (ws[0] === 'opponent' || ws[0] === "opponent's") {
    actor = 'opponent';
    ws = ws.slice(1);
  } else if (ws[0] === 'you') {
    actor = 'you';
    ws = ws.slice(1);
  }

  const has = (w: string) => ws.includes(w);

  // Activations: `card or effect activated`, `monster effect activated`, `opponent activates a spell` ...
  if (has('activated') || has('activates') || has('activate')) {
    const what: Extract<EventPattern, { kind: 'activation' }>['what'] = [];
    const upTo = ws.findIndex((w) => w === 'activated' || w === 'activates' || w === 'activate');
    let head = ws.slice(0, upTo).concat(ws.slice(upTo + 1)).filter((w) => !['a', 'an', 'is', 'are', 'card', 'cards'].includes(w) || w === 'card');
    // `effect activated on the field`: the activating card is on the field (Ghost Ogre & Snow Rabbit).
    const on = head.findIndex((w, i) => w === 'on' && head[i + 1] === 'field');
    const zone = on >= 0 ? ('field' as const) : undefined;
    if (on >= 0) head = [...head.slice(0, on), ...head.slice(on + 2)];
    const cut = head.findIndex((w) => w === 'including' || w === 'that' || w === 'which');
    const kindWords = cut >= 0 ? head.slice(0, cut) : head;
    const inclWords = cut >= 0 ? head.slice(cut + 1).filter((w) => w !== 'includes' && w !== 'include') : [];
    const kw = kindWords.join(' ');
    if (/card or effect|effect or card/.test(kw) || kw === 'card' || kw === '') what.push('any');
    else {
      if (/monster effect/.test(kw) || kw === 'monster') what.push('monster-effect');
      // `spell card`, `spell or trap card`: the activation of the card itself, not the effects of a face-up one.
      const cardOnly = /\b(spell|trap)(?: or (?:spell|trap))? card\b/.exec(kw)?.[0] ?? '';
      if (/\bspell\b/.test(kw)) what.push(/\bspell\b/.test(cardOnly) ? 'spell-card' : 'spell');
      if (/\btrap\b/.test(kw)) what.push(/\btrap\b/.test(cardOnly) ? 'trap-card' : 'trap');
      if (what.length === 0 && /effect/.test(kw)) what.push('effect');
      if (what.length === 0) {
        what.push('any');
        unknown.push(kw);
      }
    }
    const includes = inclWords.length
      ? inclWords
          .join(' ')
          .split(/\s+or\s+|\s+and\s+|,/)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    return { kind: 'activation', actor, what, includes, zone, raw, unknown };
  }

  // Damage: `you take damage`, `opponent takes battle damage`.
  if (has('damage') && (has('take') || has('takes') || has('inflicted'))) {
    const who = actor === 'any' ? 'any' : actor;
    return { kind: 'damage', who, battle: has('battle'), raw, unknown };
  }

  // Attacks declared by a player: `opponent declares direct attack`, `an attack is declared`.
  if ((has('declares') || has('declared') || has('declare')) && (has('attack') || has('attacks'))) {
    const ordinal = has('second') ? 2 : has('third') ? 3 : undefined;
    const subjectSelf = ws[0] === 'this' && ws[1] === 'card';
    if (subjectSelf) {
      return { kind: 'card', subject: 'self', verb: 'declares-attack', raw, unknown };
    }
    // `an opponent's monster declares an attack`, `a monster you control declares an attack`.
    if (actor === 'any' && (has("opponent's") || has('opponent'))) actor = 'opponent';
    else if (actor === 'any' && (has('your') || (has('you') && has('control')))) actor = 'you';
    return { kind: 'attack', actor, direct: has('direct') || has('directly') ? true : undefined, ordinal, raw, unknown };
  }

  // Summons by a player: `opponent summons a monster with 1500 or more atk`, `opponent normal or flip summons a
  // monster`, or bare `summon`.
  const summonVerb = summonKindsBefore(ws);
  if (summonVerb) {
    const rest = ws.slice(summonVerb.verbAt + 1);
    const filter = rest.length ? parseFilter(rest) : {};
    // `summon` / `special summon` (the act) answers a Summon being attempted; `summons a monster` its success.
    const attempt = ws[summonVerb.verbAt] === 'summon';
    return { kind: 'card', subject: filter, verb: 'summoned', summonTypes: summonVerb.types, actor, attempt: attempt || undefined, raw, unknown: filter.unknown ?? [] };
  }

  // A card event. Subject: `this card` (default) or a filter up to `is`/`are`.
  let subject: 'self' | CardFilter = 'self';
  let rest = ws;
  if (ws[0] === 'this' && ws[1] === 'card') {
    rest = ws.slice(2);
  } else if (['a', 'an', 'another', 'one', '1'].includes(ws[0] ?? '')) {
    const isAt = ws.findIndex((w) => w === 'is' || w === 'are');
    if (isAt > 0) {
      subject = parseFilter(ws.slice(0, isAt));
      rest = ws.slice(isAt + 1);
    } else {
      // `a monster summoned`: find the verb word.
      const verbAt = ws.findIndex((w) => VERB_START.has(w));
      subject = parseFilter(ws.slice(0, verbAt < 0 ? ws.length : verbAt));
      rest = verbAt < 0 ? [] : ws.slice(verbAt);
    }
  }
  if (rest[0] === 'is' || rest[0] === 'are') rest = rest.slice(1);
  if (subject !== 'self' && subject.unknown) unknown.push(...subject.unknown);

  const verbPattern = parseVerb(rest, unknown);
  if (!verbPattern) return { kind: 'unknown', raw, unknown: [raw] };
  return { kind: 'card', subject, ...verbPattern, actor: actor === 'any' ? undefined : actor, raw, unknown };
}

/** The kinds of Summon a phrase names; a Normal Summon includes a Tribute Summon. */
const SUMMON_KINDS: Readonly<Record<string, SummonType[]>> = {
  normal: ['normal', 'tribute'],
  tribute: ['tribute'],
  special: ['special'],
  flip: ['flip'],
};

/**
 * `summon`, `special summon`, `normal or flip summons` at the start of a phrase: the kinds named (none: any
 * Summon) and where the verb is; undefined when the phrase does not start so.
 */
function summonKindsBefore(ws: readonly string[]): { types?: SummonType[]; verbAt: number } | undefined {
  const types: SummonType[] = [];
  let i = 0;
  while (SUMMON_KINDS[ws[i]]) {
    types.push(...SUMMON_KINDS[ws[i]].filter((t) => !types.includes(t)));
    i += ws[i + 1] === 'or' && SUMMON_KINDS[ws[i + 2]] ? 2 : 1;
  }
  if (ws[i] !== 'summon' && ws[i] !== 'summons') return undefined;
  return { types: types.length ? types : undefined, verbAt: i };
}

const VERB_START = new Set([
  'sent',
  'destroyed',
  'summoned',
  'normal',
  'tribute',
  'special',
  'flip',
  'flipped',
  'discarded',
  'tributed',
  'banished',
  'added',
  'returned',
  'leaves',
  'attacked',
  'battles',
  'battled',
  'used',
  'destroys',
  'inflicts',
  'drawn',
]);

/** The kinds of Summon with materials, as event phrases say them (`link summoned`). */
const SUMMON_METHOD_WORDS: readonly string[] = SUMMON_METHODS;

function parseVerb(
  ws: string[],
  unknown: string[],
): VerbPattern | undefined {
  let i = 0;
  const take = (...seq: string[]) => {
    for (let k = 0; k < seq.length; k++) if (ws[i + k] !== seq[k]) return false;
    i += seq.length;
    return true;
  };
  let result: VerbPattern | undefined;
  if (take('sent', 'to', 'gy') || take('sent', 'to', 'graveyard') || take('sent', 'to', 'your', 'gy')) {
    result = { verb: 'sent-to-gy' };
  } else if (take('destroyed')) {
    result = { verb: 'destroyed' };
  } else if (take('normal', 'or', 'special', 'summoned') || take('special', 'or', 'normal', 'summoned') || take('normal', 'summoned', 'or', 'special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute', 'special'] };
  } else if (ws[i] === 'sent' && ws[i + 1] === 'from' && ZONE_WORDS[ws[i + 2] ?? ''] && ws[i + 3] === 'to' && (ws[i + 4] === 'gy' || ws[i + 4] === 'graveyard' || (ws[i + 4] === 'your' && ws[i + 5] === 'gy'))) {
    result = { verb: 'sent-to-gy', from: ZONE_WORDS[ws[i + 2]] };
    i += ws[i + 4] === 'your' ? 6 : 5;
  } else if (take('destroys', 'a', 'monster', 'by', 'battle') || take('destroys', 'an', "opponent's", 'monster', 'by', 'battle') || take('destroys', 'a', 'monster', 'your', 'opponent', 'controls', 'by', 'battle') || take('destroys', 'an', 'opponent', 'monster', 'by', 'battle')) {
    result = { verb: 'destroys-by-battle' };
    if (take('and', 'sends', 'it', 'to', 'gy')) result.toGy = true;
  } else if (take('inflicts', 'battle', 'damage') || take('inflicts', 'damage')) {
    // Battle damage is inflicted on the monster's opponent: "to your opponent" adds nothing to match.
    const battle = ws[i - 2] === 'battle';
    take('to', 'your', 'opponent');
    take('to', 'opponent');
    result = battle ? { verb: 'inflicts-damage', by: 'battle' } : { verb: 'inflicts-damage' };
  } else if (SUMMON_METHOD_WORDS.includes(ws[i] ?? '') && ws[i + 1] === 'summoned') {
    // `link summoned`: a Special Summon of that kind.
    result = { verb: 'summoned', summonTypes: ['special'], methods: [ws[i] as SummonMethod] };
    i += 2;
  } else if (take('drawn')) {
    result = { verb: 'drawn' };
  } else if (take('returned', 'to', 'extra', 'deck') || take('returned', 'to', 'your', 'extra', 'deck') || take('returned', 'to', 'extra')) {
    result = { verb: 'returned-to-extra' };
  } else if (take('tribute', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['tribute'] };
  } else if (take('normal', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute'] };
  } else if (take('special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['special'] };
  } else if (take('flip', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['flip'] };
  } else if (take('summoned')) {
    result = { verb: 'summoned' };
  } else if (take('flipped')) {
    take('face-up');
    result = { verb: 'flipped' };
  } else if (take('discarded')) {
    result = { verb: 'discarded' };
  } else if (take('tributed')) {
    result = { verb: 'tributed' };
  } else if (take('banished')) {
    result = { verb: 'banished' };
  } else if (take('added', 'to', 'hand') || take('added', 'to', 'your', 'hand')) {
    result = { verb: 'added-to-hand' };
  } else if (take('returned', 'to', 'hand') || take('returned', 'to', 'your', 'hand')) {
    result = { verb: 'returned-to-hand' };
  } else if (take('leaves', 'field') || take('leaves', 'the', 'field')) {
    result = { verb: 'leaves-field' };
  } else if (take('attacked')) {
    result = { verb: 'attacked' };
  } else if (take('battles') || take('battled')) {
    result = { verb: 'battles' };
  } else if (take('used', 'as', 'material') || take('used', 'as', 'synchro', 'material') || take('used', 'as', 'fusion', 'material') || take('used', 'as', 'xyz', 'material') || take('used', 'as', 'link', 'material')) {
    result = { verb: 'material' };
  }
  if (!result) return undefined;
  // Qualifiers.
  while (i < ws.length) {
    if (take('by', 'battle')) {
      result.by = 'battle';
      continue;
    }
    if (take('by', 'card', 'effect') || take('by', 'an', 'effect') || take('by', 'effect') || take('by', 'a', 'card', 'effect')) {
      result.by = 'effect';
      continue;
    }
    if (take('by', 'its', 'own', 'effect') || take('by', 'this', "card's", 'effect')) {
      result.byOwnEffect = true;
      continue;
    }
    if (take('as', 'cost') || take('as', 'a', 'cost')) {
      result.asCost = true;
      // `for a water monster effect`: which effect's cost is not checked.
      if (ws[i] === 'for') {
        unknown.push(ws.slice(i).join(' '));
        i = ws.length;
      }
      continue;
    }
    if (take('and', 'sent', 'to', 'gy') || take('and', 'sent', 'to', 'graveyard')) {
      result.toGy = true;
      continue;
    }
    if (take('to', 'gy') || take('to', 'graveyard') || take('to', 'your', 'gy')) {
      result.toGy = true;
      continue;
    }
    if (ws[i] === 'from') {
      i++;
      if (ws[i] === 'your' || ws[i] === 'the') i++;
      const z = ZONE_WORDS[ws[i] ?? ''];
      if (z) {
        result.from = z;
        i++;
        continue;
      }
      unknown.push(`from ${ws[i] ?? ''}`.trim());
      i++;
      continue;
    }
    if (take('face-up') || take('face', 'up')) continue;
    unknown.push(ws[i]);
    i++;
  }
  return result;
}

/** Interprets the time of a phase trigger (`during your end phase`), and a condition after `if`. */
export function interpretPhaseTime(phraseWords: readonly string[], raw: string): { time?: PhaseTime; condition?: string } {
  const ws = phraseWords.filter((w) => w !== 'the');
  const ifAt = ws.indexOf('if');
  const head = ifAt >= 0 ? ws.slice(0, ifAt) : ws;
  const condition = ifAt >= 0 ? ws.slice(ifAt + 1).join(' ') : undefined;
  let whose: PhaseTime['whose'] = 'each';
  if (head.includes("opponent's") || head.includes('opponent')) whose = 'opponent';
  else if (head.includes('your')) whose = 'your';
  const hs = head.join(' ');
  let phase: PhaseTime['phase'] | undefined;
  if (/end of battle phase|end of battle|battle phase end/.test(hs)) phase = 'end-of-battle';
  else if (/standby/.test(hs)) phase = 'standby';
  else if (/draw/.test(hs)) phase = 'draw';
  else if (/end phase|\bend\b/.test(hs)) phase = 'end';
  else if (/main phase 1|main1/.test(hs)) phase = 'main1';
  else if (/main phase 2|main2/.test(hs)) phase = 'main2';
  else if (/battle/.test(hs)) phase = 'battle';
  return { time: phase ? { phase, whose, raw } : undefined, condition };
}

/** The phases an activation window may name (`during your main phase`), in the words of phase times. */
const WINDOW_PHASES: ReadonlyArray<[RegExp, NonNullable<ActivationWindow['phase']>]> = [
  [/^main phase 1$|^main1$/, 'main1'],
  [/^main phase 2$|^main2$/, 'main2'],
  [/^main phases?$/, 'main'],
  [/^battle phases?$/, 'battle'],
  [/^standby phases?$/, 'standby'],
  [/^end phases?$/, 'end'],
  [/^draw phases?$/, 'draw'],
];

/**
 * Interprets an activation window (`during the opponent's turn`, `during your main phase`, `during either
 * player's battle phase`): the words after `during`, spelled as phase times are (`your`, `the opponent's`,
 * `each`); undefined when they are not one.
 */
export function interpretActivationWindow(ws: readonly string[], raw: string): ActivationWindow | undefined {
  if (ws[0] !== 'during') return undefined;
  let rest = ws.slice(1).filter((w) => w !== 'the');
  let whose: ActivationWindow['whose'] | undefined;
  if (rest[0] === 'your' && (rest[1] === "opponent's" || rest[1] === 'opponents')) [whose, rest] = ['opponent', rest.slice(2)];
  else if (rest[0] === "opponent's" || rest[0] === 'opponents') [whose, rest] = ['opponent', rest.slice(1)];
  else if (rest[0] === 'your') [whose, rest] = ['your', rest.slice(1)];
  else if (rest[0] === 'either' && (rest[1] === "player's" || rest[1] === 'players')) [whose, rest] = ['each', rest.slice(2)];
  else if (rest[0] === 'each') [whose, rest] = ['each', rest.slice(1)];
  else whose = 'each';
  const what = rest.join(' ');
  if (what === 'turn') return { whose, phase: undefined, raw };
  const phase = WINDOW_PHASES.find(([re]) => re.test(what))?.[1];
  return phase ? { whose, phase, raw } : undefined;
}

/**
 * The words that start a modifier: the parser splits an effect line's phrase from its modifiers at the
 * first comma-separated part that starts with one (`spell` only before `speed`, `damage` only as
 * `damage step`: see the parser's isModifierStart).
 */
export const MODIFIER_START_WORDS: ReadonlySet<string> = new Set(['from', 'summons', 'once', 'spell', 'targets', 'damage', 'negates', 'changes', 'includes', 'hopt', 'cost', 'activates', 'during', 'choose']);

/**
 * Interprets one modifier of an effect line (`from hand or gy`, `once per chain`, `targets ...`) into
 * `effect`; false when it is not in the vocabulary.
 */
export function interpretModifier(effect: EffectFacts, ws: readonly string[], raw: string): boolean {
  const s = ws.join(' ');
  if (ws[0] === 'activates' && ws.slice(1, 6).join(' ') === 'the turn it was set') {
    // `activates the turn it was set [if <condition> | by <cost>]` (R34): the rest is kept as written.
    const rest = ws.slice(6);
    if (rest.length && rest[0] !== 'if' && rest[0] !== 'by') return false;
    if (rest.length === 1) return false;
    const condition = raw.replace(/^\s*activates\s+the\s+turn\s+it\s+was\s+set\s*/i, '').trim();
    effect.setTurn = { raw, condition: condition || undefined };
  } else if (ws[0] === 'from' || (ws[0] === 'activates' && ws[1] === 'from')) {
    const zones: Zone[] = [];
    for (const w of ws) if (ZONE_WORDS[w]) zones.push(ZONE_WORDS[w]);
    if (!zones.length) return false;
    effect.activatesFrom = zones;
    // `from gy or hand (even if not)`: the zone named right before "(even if not)" is exempt from R23.
    const even = ws.findIndex((w, i) => w === 'even' && ws[i + 1] === 'if' && ws[i + 2] === 'not');
    const zone = even > 0 ? ws.slice(0, even).reverse().map((w) => ZONE_WORDS[w]).find((z) => z) : undefined;
    if (zone) effect.evenIfNotThere = [zone];
  } else if (s === 'summons itself' || s === 'special summons itself') {
    effect.summonsItself = true;
  } else if (s === 'once per chain') {
    effect.oncePerChain = true;
  } else if (ws[0] === 'spell' && ws[1] === 'speed' && /^[123]$/.test(ws[2] ?? '')) {
    effect.spellSpeedOverride = Number(ws[2]);
  } else if (ws[0] === 'targets') {
    effect.targets = { ...parseFilter(ws.slice(1)), raw };
  } else if (s === 'damage step') {
    effect.damageStep = true;
  } else if (s === 'negates activation' || s === 'negates the activation') {
    effect.negatesActivation = true;
  } else if (s === 'changes atk' || s === 'changes atk/def' || s === 'changes atk and def') {
    effect.changesAtk = true;
  } else if (ws[0] === 'includes') {
    (effect.includes ??= []).push(
      ...ws
        .slice(1)
        .join(' ')
        .split(/\s+or\s+|\s+and\s+/)
        .map((x) => x.trim())
        .filter(Boolean),
    );
  } else if (s === 'choose one' || s === 'choose 1') {
    effect.chooseOne = true;
  } else if (s === 'hopt' || s === 'once per turn') {
    effect.oncePerTurn = true;
  } else if (ws[0] === 'during') {
    const window = interpretActivationWindow(ws, raw);
    if (!window) return false;
    effect.window = window;
  } else if (ws[0] !== 'cost') {
    // `cost ...` is informational; anything else is outside the vocabulary.
    return false;
  }
  return true;
}

// What completion offers. Every phrase is interpreted without unknown words (test/vocabulary.test.ts).

/** Event phrases completion offers (of `trigger ... when/if`); a test runs each through interpretEvent. */
export const EVENT_PHRASES = [
  'sent to gy',
  'sent to gy from field',
  'sent to gy from hand',
  'sent to gy from deck',
  'sent to gy by card effect',
  'destroyed',
  'destroyed by battle',
  'destroyed by card effect',
  'destroyed and sent to gy',
  'destroyed by battle and sent to gy',
  'summoned',
  'normal summoned',
  'tribute summoned',
  'special summoned',
  'special summoned from gy',
  'flip summoned',
  'flipped',
  'discarded',
  'tributed',
  'banished',
  'added to hand',
  'returned to hand',
  'leaves the field',
  'attacked',
  'battles',
  'declares an attack',
  'inflicts battle damage',
  'destroys a monster by battle',
  'used as material',
  'drawn',
  'returned to extra deck',
  'link summoned',
  'xyz summoned',
  'synchro summoned',
  'fusion summoned',
  'ritual summoned',
  'a monster is summoned',
  'a monster is normal summoned',
  'a monster is special summoned',
  'a monster is special summoned from your gy',
  'a monster with 1400 or less atk is summoned',
  'a beast you control is destroyed',
  'a monster you control is destroyed by battle',
  'a water monster is sent to gy',
  'opponent declares direct attack',
  'opponent declares second direct attack',
  'opponent declares an attack',
  'an attack is declared',
  'opponent summons a monster',
  'you take damage',
  'you take battle damage',
  'opponent activates a card or effect',
];
/** Activation phrases (of `quick ... when` and `responds to`). */
export const ACTIVATION_PHRASES = [
  'card or effect activated',
  'monster effect activated',
  'spell activated',
  'trap activated',
  'spell or trap activated',
  'spell effect activated',
  'spell card activated',
  'trap card activated',
  'spell or trap card activated',
  'effect activated on the field',
  'monster effect activated on the field',
  'card or effect activated including search or deck summon or deck send',
];
/** Summon phrases (of `responds to`: negating a Summon). */
export const SUMMON_PHRASES = ['summon', 'normal summon', 'special summon', 'flip summon', 'opponent summons a monster', 'opponent normal or flip summons a monster'];
/** Phase times (of `phase trigger`). */
export const PHASE_TIMES = [
  'during your standby phase',
  'during each standby phase',
  'during the standby phase',
  'during your end phase',
  'during each end phase',
  'during the end phase',
  'during your draw phase',
  'at end of battle phase',
];
/** Modifiers (after `;` on an effect line); `targets ` is completed by the user. */
export const MODIFIERS = [
  'from hand',
  'from gy',
  'from hand or gy',
  'from field',
  'from banished',
  'summons itself',
  'activates the turn it was set',
  'once per chain',
  'once per turn',
  'spell speed 2',
  'targets ',
  'damage step',
  'negates activation',
  'changes atk',
  'includes search',
  'includes deck summon',
  'includes special summon',
  'during your turn',
  "during the opponent's turn",
  'during your main phase',
  "during the opponent's main phase",
  "during the opponent's battle phase",
  'choose one',
];
