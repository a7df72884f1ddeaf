// Pieces both languages share: the card type from a type line, a blank effect, and the includes
// and filters that are written the same way once a text has been read.
import type { Zone } from '../words';
import type { CardTypeFacts, Include, InferredEffect, InferredKind } from './types';

/** Reads a type line in any of the forms cards are described with (yaml-yugi, segoc, Konami's). */
export function cardTypeOf(typeLine: string): CardTypeFacts {
  const t = typeLine.toLowerCase();
  const pendulum = /pendulum/.test(t);
  const extraDeck = /fusion|synchro|xyz|link/.test(t) && !/spell|trap/.test(t);
  if (/\btrap\b|罠/.test(t)) {
    const property = /counter|カウンター/.test(t) ? 'counter' : /continuous|永続/.test(t) ? 'continuous' : 'normal';
    return { category: 'trap', property, extraDeck: false, pendulum: false };
  }
  if (/\bspell\b|魔法/.test(t)) {
    const property = /quick/.test(t) || /速攻/.test(t) ? 'quick-play'
      : /continuous|永続/.test(t) ? 'continuous'
      : /field|フィールド/.test(t) ? 'field'
      : /equip|装備/.test(t) ? 'equip'
      : /ritual|儀式/.test(t) ? 'ritual'
      : 'normal';
    return { category: 'spell', property, extraDeck: false, pendulum: false };
  }
  return { category: 'monster', extraDeck, pendulum, flip: /\bflip\b|リバース/.test(t) };
}

/** Whether the card's own activation is its effect (the text is what the activation does). */
export function activationIsTheEffect(type: CardTypeFacts): boolean {
  return type.category !== 'monster' && ['normal', 'quick-play', 'counter', 'ritual'].includes(type.property ?? 'normal');
}

export function spellSpeedOf(kind: InferredKind, type: CardTypeFacts): 1 | 2 | 3 {
  if (kind === 'quick') return 2;
  if (kind === 'activation') {
    if (type.category === 'trap') return type.property === 'counter' ? 3 : 2;
    return type.property === 'quick-play' ? 2 : 1;
  }
  return type.category === 'trap' && kind !== 'continuous' ? 2 : 1;
}

export function blankEffect(kind: InferredKind, sentence: string, pendulum: boolean): InferredEffect {
  return {
    kind,
    mandatory: false,
    timing: undefined,
    event: undefined,
    phase: undefined,
    window: undefined,
    chooseOne: false,
    zones: ['field'],
    summonsItself: false,
    targets: false,
    targetFilter: undefined,
    oncePerTurn: undefined,
    oncePerChain: false,
    damageStep: false,
    negatesActivation: false,
    changesAtk: false,
    spellSpeed: 1,
    includes: [],
    pendulum,
    sentence,
    notes: [],
  };
}

/** The implied activation of a Continuous/Field/Equip Spell or Continuous Trap (no sentence of its own). */
export function impliedActivation(type: CardTypeFacts): InferredEffect {
  const e = blankEffect('activation', '', false);
  e.zones = type.category === 'spell' ? ['hand', 'field'] : ['field'];
  e.spellSpeed = spellSpeedOf('activation', type);
  // An Equip Spell targets the monster it equips to when it is activated.
  if (type.property === 'equip') {
    e.targets = true;
    e.targetFilter = 'a face-up monster';
  }
  return e;
}

/** A zone list without repeats, in the language's order (hand before GY reads as the text does). */
export function zoneList(zones: Zone[]): Zone[] {
  return zones.filter((z, i) => zones.indexOf(z) === i);
}

export function addInclude(list: Include[], what: Include): void {
  if (!list.includes(what)) list.push(what);
}

/** Where an event on "this card" leaves it, and so where a trigger on it activates. */
export function zoneAfterSelfEvent(event: string): Zone | undefined {
  if (/^(sent to gy|destroyed|discarded|tributed|used as material)/.test(event)) return 'gy';
  if (event.startsWith('banished')) return 'banished';
  if (event === 'added to hand' || event === 'returned to hand') return 'hand';
  if (event === 'leaves the field') return 'gy';
  return undefined;
}

/** An activated effect with no event and no phase: an Ignition Effect, but a Trap Card's own effect
 *  (in the GY, or face-up) is Spell Speed 2, so it is activated as a Quick Effect. */
export function unconditionedKind(e: InferredEffect, type: CardTypeFacts): void {
  if (type.category !== 'trap') {
    e.kind = 'ignition';
    return;
  }
  e.kind = 'quick';
  e.notes.push("a Trap Card's effect: Spell Speed 2, so read as a Quick Effect");
}

/** An activation window in the vocabulary's words (`during the opponent's main phase`), from whose turn and which phase. */
export function windowPhrase(whose: 'your' | 'opponent' | 'each', what: 'turn' | 'main phase' | 'battle phase' | 'main phase or battle phase'): string | undefined {
  if (whose === 'each' && what === 'turn') return undefined; // "either player's turn" limits nothing
  return `during ${whose === 'your' ? 'your' : whose === 'opponent' ? "the opponent's" : 'the'} ${what}`;
}

/**
 * A Spell/Trap card's activation that chooses one of its ● effects: one activation effect per choice. The
 * choices are activated separately (Ash Blossom sees only the chosen one), so each is its own `choose one` line.
 */
export function choiceActivation(sentence: string, type: CardTypeFacts): InferredEffect {
  const e = cardActivation(sentence, type);
  e.chooseOne = true;
  return e;
}

/** A Spell/Trap card's activation read from its text: from the hand or the field (a Spell), or the field (a Set Trap). */
export function cardActivation(sentence: string, type: CardTypeFacts): InferredEffect {
  const e = blankEffect('activation', sentence, false);
  e.zones = type.category === 'spell' ? ['hand', 'field'] : ['field'];
  e.spellSpeed = spellSpeedOf('activation', type);
  return e;
}

/**
 * The note on an effect other than a Spell/Trap's activation that chooses one of its ● effects (a monster's, a
 * face-up Continuous or Field Spell's): the language writes choices only for a card's activation.
 */
export const CHOICES_IN_ONE_EFFECT =
  'it is activated choosing 1 of its listed effects; segoc writes such choices (`choose one`) only for a Spell/Trap card\'s activation, so this is one effect that includes what every choice does';

/** What one more sentence of an effect adds to it (the activation of a Spell/Trap read over several sentences). */
export function mergeInto(into: InferredEffect, more: InferredEffect): void {
  into.targets ||= more.targets;
  into.targetFilter ??= more.targetFilter;
  into.negatesActivation ||= more.negatesActivation;
  into.changesAtk ||= more.changesAtk;
  into.damageStep ||= more.damageStep;
  into.event ??= more.event;
  into.noResponse ??= more.noResponse;
  into.window ??= more.window;
  into.conditions ??= more.conditions;
  for (const i of more.includes) addInclude(into.includes, i);
}

/**
 * A modal card's choices in place of the activation read so far (implied, or from sentences before the choices:
 * "(This card is always treated as ...)", "To activate this card, ..."): what that said holds for every choice.
 */
export function replaceByChoices(effects: InferredEffect[], activation: InferredEffect | undefined, choices: InferredEffect[]): void {
  if (!activation) {
    effects.push(...choices);
    return;
  }
  for (const c of choices) mergeInto(c, activation);
  if (activation.sentence) choices[0].sentence = `${activation.sentence} ${choices[0].sentence}`;
  effects.splice(effects.indexOf(activation), 1, ...choices);
}

// Linear-time forms of the patterns the readers need. A pattern such as /first[^。]*then/ is retried from every
// `first` and scans to the end of the sentence each time: quadratic on a pasted text that repeats `first`
// (a 100,000-character `text ja` line took seconds per card). test/robustness/inference-complexity.test.ts guards them.

/**
 * `first[^stops]*then` as a regular expression that runs in linear time: each try stops at the next `first`,
 * where the next try takes over, so it matches the same texts. For test() only: a match may start at a later
 * `first` than the plain form's.
 */
export function withinStretch(first: string, stops: string, then: string, flags = ''): RegExp {
  return new RegExp(`${first}(?:(?!${first})[^${stops}])*${then}`, flags);
}

/** `/first.*then/` (a line holds `first`, then `then`) in linear time; see withinStretch. */
export function onOneLine(first: string, then: string, flags = ''): RegExp {
  return withinStretch(first, '\\n\\r\\u2028\\u2029', then, flags);
}

/** `s.replace(/（[^）]*）/g, '')` in linear time: an opening bracket with no closing one after it ends the work. */
export function withoutBrackets(s: string, open = '（', close = '）'): string {
  let out = '';
  let from = 0;
  for (let at = s.indexOf(open); at >= 0; at = s.indexOf(open, from)) {
    const end = s.indexOf(close, at + open.length);
    if (end < 0) break;
    out += s.slice(from, at);
    from = end + close.length;
  }
  return from === 0 ? s : out + s.slice(from);
}
