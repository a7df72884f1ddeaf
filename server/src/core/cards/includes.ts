// What an effect's parts say it includes (docs/language.md, `includes <what>`): the one table, read by a card's
// `does` (facts.ts: the includes it implies where the source states none) and by a link's written actions (the
// responders rule: Ash Blossom, Solemn Warning). A part that moves cards without saying from where (an add, a
// Special Summon, a send to the GY) may or may not be from the Deck: it leaves the whole answer open, never partial.
import type { ActionVerb } from './types';
import type { Zone } from '../words';

/** One part: its verb and, where it says so, the zone its cards come from. */
export interface IncludedPart {
  verb: ActionVerb;
  from?: Zone;
}

/** The `includes` words of the parts; undefined where a part leaves them open (no zone stated where one matters). */
export function includedByParts(parts: readonly IncludedPart[]): string[] | undefined {
  const out = new Set<string>();
  for (const p of parts) {
    const words = includedBy(p);
    if (words === undefined) return undefined;
    for (const w of words) out.add(w);
  }
  return [...out];
}

function includedBy(p: IncludedPart): string[] | undefined {
  const fromDeck = p.from === 'deck';
  switch (p.verb) {
    case 'destroy':
    case 'banish':
    case 'draw':
      return [p.verb];
    case 'special-summon':
      // A Special Summon from the Deck is both: Solemn Warning answers it as one, Ash Blossom as a deck summon.
      if (!p.from) return undefined;
      return fromDeck ? ['special summon', 'deck summon'] : ['special summon'];
    case 'add-to-hand':
    case 'to-hand':
      if (!p.from) return undefined;
      return fromDeck ? ['search'] : [];
    case 'send-to-gy':
      if (!p.from) return undefined;
      return fromDeck ? ['deck send'] : [];
    case 'negate-activation':
    case 'negate-effect':
    case 'negate-effects':
    case 'negate-summon':
      return ['negate'];
    default:
      return [];
  }
}
