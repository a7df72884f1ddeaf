// Card filters: the words that pick cards (`a level 3 or lower water monster in your gy`), shared by an
// event's subject (`a beast you control is destroyed`), a summon's monster and a `targets` modifier.
// One reader for all three, so a filter word means the same wherever a phrase uses it.
import { CardFilter } from '../types';
import { ATTRIBUTES, RACES } from './words';

/** Card types and abilities a filter may name before `monster` (`a link monster`). */
const MONSTER_TYPES: readonly string[] = ['link', 'xyz', 'synchro', 'fusion', 'ritual', 'pendulum', 'tuner', 'effect', 'normal'];

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
    // `other than this card`, `except this card`: the effect's own card is not one of them.
    if (take('other', 'than', 'this', 'card') || take('except', 'this', 'card') || take('other', 'than', 'itself') || take('except', 'itself')) {
      f.other = true;
      continue;
    }
    if (['a', 'an', '1', 'one', 'the', 'another', 'other', 'or', 'more', 'any'].includes(w) && !(w === 'or' && ws[i + 1] === 'lower')) {
      i++;
      continue;
    }
    // "Spell/Trap", "Spells/Traps": a Spell or a Trap, not a monster.
    if (take('spell', '/', 'trap') || take('spells', '/', 'traps') || take('spell/trap') || take('spells/traps')) {
      f.category = 'spell-trap';
      continue;
    }
    if (take('face-up') || take('face', 'up')) {
      f.faceUp = true;
      continue;
    }
    // `a face-down monster`, `a set card`: PSCT's "Set" before a card word is a face-down card.
    if (take('face-down') || take('face', 'down') || (w === 'set' && /^(cards?|monsters?|spells?|traps?)$/.test(ws[i + 1] ?? '') && take('set'))) {
      f.faceUp = false;
      // "a face-down Defense Position monster": a face-down monster is in Defense Position (it cannot be face-down in
      // Attack Position), so the position adds nothing to the filter.
      take('defense', 'position');
      continue;
    }
    // `a "Fiendsmith" monster`: a quoted name in a filter is an archetype (PSCT's "a "X" card").
    const quoted = /^"(.+)"$/.exec(w);
    if (quoted) {
      (f.archetypes ??= []).push(quoted[1]);
      i++;
      continue;
    }
    // `a link monster`, `a tuner monster`: a card type or ability before `monster`.
    if (MONSTER_TYPES.includes(w) && (ws[i + 1] === 'monster' || ws[i + 1] === 'monsters')) {
      (f.types ??= []).push(w);
      i++;
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
    if (take('attacking', 'monster')) {
      f.attacking = true;
      f.category = 'monster';
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
