// State conditions (`while you control no monsters`): the words of the `while` modifier, read into StateCondition
// and printed back in one canonical form, so a card line, the generator's records and the text inference write them
// alike. One modifier may hold several, joined by `and` (`while you control no cards and it is the only card in your
// hand`). R79 checks them (engine/rules/state-conditions.ts).
import type { CardFilter, ConditionPlayer, SelfState, StateCondition } from '../types';
import { parseFilter } from './filters';

const SELF_STATES: Readonly<Record<string, SelfState>> = {
  'it has material': 'has-material',
  'it is set': 'set',
  'it is in gy': 'in-gy',
  'it was special summoned': 'special-summoned',
  'it is the only card in your hand': 'only-card-in-hand',
};

/** What completion offers after `while `, and docs/language.md's spellings. */
export const CONDITION_PHRASES: readonly string[] = [
  'while you control no monsters',
  'while you control no face-up cards',
  'while you control a "X" monster',
  'while you control 2 or more monsters',
  'while opponent controls more cards than you',
  'while you have no cards in gy',
  'while you have no spells / traps in gy',
  'while "X" is on the field',
  'while it has material',
  'while it is set',
  'while it is in gy',
  'while it was special summoned',
  'while it is the only card in your hand',
  'while 3 or more attacks were declared this turn',
  'while opponent summoned 5 or more monsters this turn',
  'while opponent activated a monster effect in main phase this turn',
  'while it was sent to gy this turn',
  'while it was not sent to gy this turn',
  'while it destroyed a monster by battle this turn',
  'while you control no face-up monsters other than "X" monsters',
  'while opponent controls a monster with more atk than your lp',
  'while both players control the same number of monsters',
  'while it has a "X" monster as material',
];

/** A face-down card has no archetype, type, attribute or race: where the filter names one, "face-up" says nothing more. */
export function canonicalConditionFilter(f: CardFilter): CardFilter {
  const out: CardFilter = { ...f };
  if (out.faceUp && (out.archetypes?.length || out.attributes?.length || out.races?.length || out.types?.length)) delete out.faceUp;
  // Only a monster has a monster type, a Type, an Attribute or a Level: "a Fusion Monster in your GY" is a monster.
  if (out.category === 'card' && (out.types?.length || out.races?.length || out.attributes?.length || out.levelMin !== undefined || out.levelMax !== undefined)) out.category = 'monster';
  for (const k of Object.keys(out) as Array<keyof CardFilter>) if (out[k] === undefined) delete out[k];
  return out;
}

function player(ws: readonly string[], i: number): { who: ConditionPlayer; next: number } | undefined {
  if (ws[i] === 'you') return { who: 'you', next: i + 1 };
  if (ws[i] === 'opponent') return { who: 'opponent', next: i + 1 };
  if ((ws[i] === 'your' || ws[i] === 'the') && ws[i + 1] === 'opponent') return { who: 'opponent', next: i + 2 };
  return undefined;
}

/** `no`, `a`/`an`, `N or more`: the count and the index after it. */
function count(ws: readonly string[], i: number): { count: 'none' | number; next: number } | undefined {
  if (ws[i] === 'no') return { count: 'none', next: i + 1 };
  if (ws[i] === 'a' || ws[i] === 'an') return { count: 1, next: i + 1 };
  if (/^\d+$/.test(ws[i] ?? '') && ws[i + 1] === 'or' && ws[i + 2] === 'more') return { count: Number(ws[i]), next: i + 3 };
  return undefined;
}

function filterOf(ws: readonly string[]): CardFilter | undefined {
  const f = parseFilter([...ws]);
  if (f.unknown?.length || !f.category) return undefined;
  return canonicalConditionFilter(f);
}

/** One condition from its words (lower-cased) and its text (for a card name's spelling); undefined: not one. */
function readOne(ws: readonly string[], raw: string): StateCondition | undefined {
  const w = ws.join(' ');
  if (SELF_STATES[w]) return { kind: 'self', state: SELF_STATES[w] };
  let m: RegExpExecArray | null;
  if ((m = /^both players control the same number of (monsters|cards)$/.exec(w))) return { kind: 'same-count', category: m[1] === 'monsters' ? 'monster' : 'card' };
  // "while it has a "Raidraptor" monster as material": material of a kind.
  if (ws[0] === 'it' && ws[1] === 'has' && (ws[2] === 'a' || ws[2] === 'an') && ws.slice(-2).join(' ') === 'as material') {
    const filter = filterOf(ws.slice(3, -2));
    return filter ? { kind: 'self', state: 'has-material', filter } : undefined;
  }
  if ((m = /^"([^"]+)" is on the field$/.exec(raw.trim().replace(/\s+/g, ' ')))) return { kind: 'on-field', name: m[1] };
  if ((m = /^(\d+) or more attacks were declared this turn$/.exec(w))) return { kind: 'this-turn', what: 'attacks', count: Number(m[1]) };
  if ((m = /^it was (not )?sent to gy this turn$/.exec(w))) return { kind: 'this-turn', what: 'self-sent-to-gy', ...(m[1] ? { not: true } : {}) };
  if (w === 'it destroyed a monster by battle this turn') return { kind: 'this-turn', what: 'self-destroyed-by-battle' };
  const p = player(ws, 0);
  if (!p) return undefined;
  const rest = ws.slice(p.next);
  const r = rest.join(' ');
  if ((m = /^summoned (\d+) or more monsters this turn$/.exec(r))) return { kind: 'this-turn', what: 'summons', who: p.who, count: Number(m[1]) };
  if (r === 'activated a monster effect in main phase this turn') return { kind: 'this-turn', what: 'monster-effects-in-main', who: p.who, count: 1 };
  if (rest[0] === 'control' || rest[0] === 'controls') {
    const other = player(rest, 4);
    if (rest.slice(1, 4).join(' ') === 'more cards than' && other && other.who !== p.who && other.next === rest.length) return { kind: 'controls-more', who: p.who };
    if ((m = /^controls? a monster with more atk than (your|opponent) lp$/.exec(r))) return { kind: 'atk-above-lp', who: p.who, lp: m[1] === 'your' ? 'you' : 'opponent' };
    const c = count(rest, 1);
    // "no face-up monsters other than light fiend monsters" (not "other than this card", a filter's own words).
    const except = rest.findIndex((x, i) => x === 'other' && rest[i + 1] === 'than' && rest[i + 2] !== 'this');
    if (c && c.count === 'none' && except > c.next) {
      const filter = filterOf(rest.slice(c.next, except));
      const but = filterOf(rest.slice(except + 2));
      return filter && but ? { kind: 'controls', who: p.who, count: 'none', filter, except: but } : undefined;
    }
    const filter = c && filterOf(rest.slice(c.next));
    return c && filter ? { kind: 'controls', who: p.who, count: c.count, filter } : undefined;
  }
  if (rest[0] === 'have' || rest[0] === 'has') {
    const zone = rest[rest.length - 1];
    const c = count(rest, 1);
    const inAt = rest.lastIndexOf('in');
    if (!c || (zone !== 'gy' && zone !== 'hand') || inAt < c.next) return undefined;
    const filter = filterOf(rest.slice(c.next, inAt));
    return filter ? { kind: 'holds', who: p.who, zone, count: c.count, filter } : undefined;
  }
  return undefined;
}

/** Where `and` starts another condition rather than joining words of one (`spells and traps`). */
const STARTS = /^(you|opponent|your|the|it|\d+|".*)$/;

/** The conditions of a `while` modifier's words (after `while`); undefined where any part is not a condition. */
export function readConditions(ws: readonly string[], raw: string): StateCondition[] | undefined {
  // A quoted name is one word and `/` one of its own, as the reader's words have them (`"Neo Space"`, `spells / traps`).
  const rawWords = raw.trim().match(/"[^"]*"|\/|[^\s/]+/g) ?? [];
  const parts: Array<[string[], string[]]> = [[[], []]];
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] === 'and' && STARTS.test(ws[i + 1] ?? '') && parts[parts.length - 1][0].length) parts.push([[], []]);
    else {
      parts[parts.length - 1][0].push(ws[i]);
      parts[parts.length - 1][1].push(rawWords[i] ?? ws[i]);
    }
  }
  const out: StateCondition[] = [];
  for (const [w, r] of parts) {
    const c = readOne(w, r.join(' '));
    if (!c) return undefined;
    out.push(c);
  }
  return out.length ? out : undefined;
}

function whoWords(who: ConditionPlayer, verb: 'control' | 'have' | 'summoned' | 'activated'): string {
  if (verb === 'summoned' || verb === 'activated') return `${who} ${verb}`;
  return who === 'you' ? `you ${verb}` : `opponent ${verb === 'control' ? 'controls' : 'has'}`;
}

/** A filter's words (`face-up "Rikka" monsters`), plural for `none` and for more than one. */
export function filterWords(f: CardFilter, plural: boolean): string {
  const words: string[] = [];
  if (f.faceUp) words.push('face-up');
  for (const a of f.archetypes ?? []) words.push(`"${a}"`);
  if (f.levelMin !== undefined && f.levelMin === f.levelMax) words.push(`level ${f.levelMin}`);
  else if (f.levelMax !== undefined) words.push(`level ${f.levelMax} or lower`);
  else if (f.levelMin !== undefined) words.push(`level ${f.levelMin} or higher`);
  for (const a of f.attributes ?? []) words.push(a);
  for (const r of f.races ?? []) words.push(r);
  for (const t of f.types ?? []) words.push(t);
  const noun = f.category === 'monster' || f.types?.length ? 'monster' : f.category === 'spell' ? 'spell' : f.category === 'trap' ? 'trap' : f.category === 'spell-trap' ? 'spell / trap' : 'card';
  // `/` is a word of its own in a card line (the reader's words, and the line's text made of them).
  words.push(noun === 'spell / trap' ? (plural ? 'spells / traps' : noun) : plural ? `${noun}s` : noun);
  return words.join(' ');
}

function countWords(c: 'none' | number, f: CardFilter): string {
  if (c === 'none') return `no ${filterWords(f, true)}`;
  if (c === 1) return `${/^"?[aeiou]/i.test(filterWords(f, false)) ? 'an' : 'a'} ${filterWords(f, false)}`;
  return `${c} or more ${filterWords(f, true)}`;
}

/** One condition in the words `readConditions` reads. */
export function printCondition(c: StateCondition): string {
  switch (c.kind) {
    case 'controls':
      return `${whoWords(c.who, 'control')} ${countWords(c.count, c.filter)}${c.except ? ` other than ${filterWords(c.except, true)}` : ''}`;
    case 'atk-above-lp':
      return `${whoWords(c.who, 'control')} a monster with more atk than ${c.lp === 'you' ? 'your' : 'opponent'} lp`;
    case 'same-count':
      return `both players control the same number of ${c.category}s`;
    case 'controls-more':
      return `${whoWords(c.who, 'control')} more cards than ${c.who === 'you' ? 'opponent' : 'you'}`;
    case 'holds':
      return `${whoWords(c.who, 'have')} ${countWords(c.count, c.filter)} in ${c.zone}`;
    case 'on-field':
      return `"${c.name}" is on the field`;
    case 'self':
      if (c.filter) return `it has ${countWords(1, c.filter)} as material`;
      return Object.keys(SELF_STATES).find((k) => SELF_STATES[k] === c.state)!;
    case 'this-turn':
      switch (c.what) {
        case 'attacks':
          return `${c.count ?? 1} or more attacks were declared this turn`;
        case 'summons':
          return `${whoWords(c.who ?? 'opponent', 'summoned')} ${c.count ?? 1} or more monsters this turn`;
        case 'monster-effects-in-main':
          return `${whoWords(c.who ?? 'opponent', 'activated')} a monster effect in main phase this turn`;
        case 'self-sent-to-gy':
          return `it was ${c.not ? 'not ' : ''}sent to gy this turn`;
        case 'self-destroyed-by-battle':
          return 'it destroyed a monster by battle this turn';
      }
  }
}

/** The `while` modifier of an effect's conditions, or undefined where it has none. */
export function printConditions(cs: readonly StateCondition[]): string | undefined {
  return cs.length ? `while ${cs.map(printCondition).join(' and ')}` : undefined;
}
