// What an effect's activation costs, as a card line states it: `cost discard 1`, `cost tribute itself and pay
// 1000 lp`. One table of verbs, read and printed here (the `cost` row of properties.ts), so that a curated card, a
// file's definition, `segoc card`, the generated records and the text inference write a cost one way. A part is
// the verb, then `itself` or a count, then where from; the parts are joined by `and`. A bare `cost` says the
// effect has a cost the source does not describe (a generated card whose script pays something unread).
import { ZONE_WORDS } from './words';
import type { CostPart, CostVerb } from '../types';
import type { Zone } from '../../words';

/** Verb phrases of a part, and what follows them (`to gy` after the object of `send`). */
const VERBS: ReadonlyArray<{ words: string; verb: CostVerb; after?: string }> = [
  { words: 'send', verb: 'send-to-gy', after: 'to gy' },
  { words: 'return', verb: 'return-to-extra', after: 'to extra deck' },
  { words: 'return', verb: 'return-to-deck', after: 'to deck' },
  { words: 'return', verb: 'return-to-hand', after: 'to hand' },
  { words: 'pay', verb: 'pay-lp', after: 'lp' },
  { words: 'remove', verb: 'remove-counters', after: 'counters' },
  { words: 'change position', verb: 'change-position' },
  { words: 'discard', verb: 'discard' },
  { words: 'tribute', verb: 'tribute' },
  { words: 'banish', verb: 'banish' },
  { words: 'detach', verb: 'detach' },
  { words: 'reveal', verb: 'reveal' },
];

/** What completion offers after `cost ` (docs/language.md shows each). */
export const COST_PHRASES: readonly string[] = ['discard 1', 'discard itself', 'tribute itself', 'tribute 1', 'pay 1000 lp', 'banish itself', 'banish 1 from gy', 'send itself to gy', 'send 1 to gy', 'detach 1', 'reveal itself'];

/** One part (its lower-cased words) as a cost part; a part outside the vocabulary is `other`, kept as written. */
function readPart(ws: readonly string[]): CostPart {
  const raw = ws.join(' ');
  for (const v of VERBS) {
    const head = v.words.split(' ');
    if (head.some((w, i) => ws[i] !== w)) continue;
    let rest = ws.slice(head.length);
    const after = v.after?.split(' ') ?? [];
    if (after.length) {
      if (after.some((w, i) => rest[rest.length - after.length + i] !== w)) continue;
      rest = rest.slice(0, rest.length - after.length);
    }
    const part: CostPart = { verb: v.verb, itself: false, count: undefined, from: undefined, raw };
    let i = 0;
    if (rest[i] === 'itself') {
      part.itself = true;
      i++;
    } else if (/^\d+$/.test(rest[i] ?? '')) {
      part.count = Number(rest[i++]);
      // `discard 1 other`: not the effect's own card.
      if (rest[i] === 'other') {
        part.other = true;
        i++;
      }
    }
    if (rest[i] === 'from' && ZONE_WORDS[rest[i + 1] ?? '']) {
      part.from = ZONE_WORDS[rest[i + 1]] as Zone;
      i += 2;
    }
    // `pay lp` says no amount; every other verb names its object.
    if (i !== rest.length || (!part.itself && part.count === undefined && v.verb !== 'pay-lp')) continue;
    return part;
  }
  return { verb: 'other', itself: false, count: undefined, from: undefined, raw };
}

/** `cost <part> [and <part>]` (the words after `cost`) as parts; a bare `cost` is one `other` part with no words. */
export function readCost(ws: readonly string[]): CostPart[] {
  if (!ws.length) return [{ verb: 'other', itself: false, count: undefined, from: undefined, raw: '' }];
  const parts: string[][] = [[]];
  for (const w of ws) {
    if (w === 'and') parts.push([]);
    else parts[parts.length - 1].push(w);
  }
  return parts.filter((p) => p.length).map(readPart);
}

/** One part in the language's words (`send itself to gy`, `pay 1000 lp`). */
export function printCostPart(p: CostPart): string {
  if (p.verb === 'other') return p.raw;
  const v = VERBS.find((x) => x.verb === p.verb)!;
  const object = p.itself ? 'itself' : p.count !== undefined ? `${p.count}${p.other ? ' other' : ''}` : '';
  return [v.words, object, p.from ? `from ${p.from}` : '', v.after ?? ''].filter(Boolean).join(' ');
}

/** The `cost ...` modifier of an effect, or undefined where it states none. */
export function printCost(parts: readonly CostPart[] | undefined): string | undefined {
  if (!parts) return undefined;
  const body = parts.map(printCostPart).filter(Boolean).join(' and ');
  return body ? `cost ${body}` : 'cost';
}

const WORDS: Readonly<Record<CostVerb, string>> = {
  discard: 'discard',
  tribute: 'Tribute',
  'pay-lp': 'pay',
  banish: 'banish',
  'send-to-gy': 'send to the GY',
  detach: 'detach',
  reveal: 'reveal',
  'return-to-deck': 'return to the Deck',
  'return-to-extra': 'return to the Extra Deck',
  'return-to-hand': 'return to the hand',
  'remove-counters': 'remove',
  'change-position': 'change the battle position of',
  other: 'pay',
};

/** A part in a judge's words (`discard 1 card`, `Tribute this card`, `pay 1000 LP`), for hovers and messages. */
export function describeCostPart(p: CostPart): string {
  if (p.verb === 'other') return p.raw ? `"${p.raw}"` : 'a cost the card library does not describe';
  if (p.verb === 'pay-lp') return p.count !== undefined ? `pay ${p.count} LP` : 'pay LP';
  if (p.verb === 'detach') return `detach ${p.count ?? 1} material${(p.count ?? 1) === 1 ? '' : 's'}`;
  if (p.verb === 'remove-counters') return `remove ${p.count ?? 1} counter${(p.count ?? 1) === 1 ? '' : 's'}`;
  const object = p.itself ? 'this card' : `${p.count ?? 1}${p.other ? ' other' : ''} card${(p.count ?? 1) === 1 ? '' : 's'}${p.from ? ` from the ${p.from === 'gy' ? 'GY' : p.from}` : ''}`;
  const verb = WORDS[p.verb];
  if (p.verb === 'send-to-gy') return `send ${object} to the GY`;
  if (p.verb === 'return-to-deck') return `return ${object} to the Deck`;
  if (p.verb === 'return-to-extra') return `return ${object} to the Extra Deck`;
  if (p.verb === 'return-to-hand') return `return ${object} to the hand`;
  return `${verb} ${object}`;
}
