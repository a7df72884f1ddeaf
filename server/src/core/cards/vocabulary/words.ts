// The vocabulary's single words: zones, phases, monster abilities, monster types (races), attributes and
// card types, with what the engine reads of a card type. They are the leaves every other part of the
// vocabulary reads (filters name races and attributes, verbs and modifiers name zones), and the parser
// reads the zone and phase words of board and `phase` lines from here, so a word means one thing everywhere.
export { ATTRIBUTES, PHASE_WORDS, RACES, ZONE_WORDS } from '../../words';
import { CardCategory, SpellTrapKind } from '../types';

/** Monster abilities a card's tags may name (informational: no rule reads them yet). */
export const ABILITIES = ['tuner', 'gemini', 'spirit', 'union', 'toon', 'flip', 'pendulum'];

type CardTypeMeaning = { category: CardCategory; kind?: SpellTrapKind; extra?: boolean };

/**
 * The card types of the language, as docs/language.md ("Card types") lists them and in its order,
 * with what the engine reads of them: these are offered by completion and named by the error about
 * an unknown card type (test/vocabulary.test.ts ties the list to the docs).
 */
const CARD_TYPES: Record<string, CardTypeMeaning> = {
  'effect monster': { category: 'monster' },
  'normal monster': { category: 'monster' },
  'normal spell': { category: 'spell', kind: 'normal' },
  'quick-play spell': { category: 'spell', kind: 'quick-play' },
  'continuous spell': { category: 'spell', kind: 'continuous' },
  'field spell': { category: 'spell', kind: 'field' },
  'equip spell': { category: 'spell', kind: 'equip' },
  'ritual spell': { category: 'spell', kind: 'ritual' },
  'normal trap': { category: 'trap', kind: 'normal' },
  'continuous trap': { category: 'trap', kind: 'continuous' },
  'counter trap': { category: 'trap', kind: 'counter' },
  'ritual monster': { category: 'monster' },
  'fusion monster': { category: 'monster', extra: true },
  'synchro monster': { category: 'monster', extra: true },
  'xyz monster': { category: 'monster', extra: true },
  'link monster': { category: 'monster', extra: true },
  'token monster': { category: 'monster' },
};

/** Other spellings that definitions written before the list was settled use: still read, never offered. */
const OTHER_SPELLINGS: Record<string, CardTypeMeaning> = {
  'pendulum monster': { category: 'monster' },
  'tuner monster': { category: 'monster' },
  monster: { category: 'monster' },
  spell: { category: 'spell', kind: 'normal' },
  'quick play spell': { category: 'spell', kind: 'quick-play' },
  trap: { category: 'trap', kind: 'normal' },
};

export const CARD_TYPE_NAMES = Object.keys(CARD_TYPES);

/** What a card type means; an unknown one is guessed from its words (from-segoc.ts reports it). */
export function cardTypeInfo(text: string): CardTypeMeaning {
  return knownType(text) ?? guessType(text);
}

/** Whether a card type is one of the vocabulary. */
export function isCardType(text: string): boolean {
  return knownType(text) !== undefined;
}

/** A card type of either list (own keys only: `constructor` is no card type). */
function knownType(text: string): CardTypeMeaning | undefined {
  if (Object.hasOwn(CARD_TYPES, text)) return CARD_TYPES[text];
  return Object.hasOwn(OTHER_SPELLINGS, text) ? OTHER_SPELLINGS[text] : undefined;
}

function guessType(text: string): CardTypeMeaning {
  if (text.includes('trap')) return { category: 'trap', kind: text.includes('counter') ? 'counter' : text.includes('continuous') ? 'continuous' : 'normal' };
  if (text.includes('spell')) return { category: 'spell', kind: 'normal' };
  return { category: 'monster' };
}
