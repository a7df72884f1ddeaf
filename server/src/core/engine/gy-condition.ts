// An effect activated from the GY alone answers only an event that happened while its card was in the GY: a card that
// went to the GY with the event's cards (destroyed by battle along with them) was not in the GY when the event
// happened, so the event is not its to answer ("When a monster you control is destroyed by battle ..., while this card
// is in your GY": Interplanetarypurplythorny Beast does not answer its own destruction). The condition then reads as
// "a card other than this card", whether or not the card data says so; a "this card" event (If this card is sent to
// the GY) is the card's own and stays as it is.
import { EffectInfo, EventPattern } from '../cards/model';

/** The event condition of a trigger as the engine matches it: `other than this card` added for a GY-only effect. */
export function answeredCondition(effect: EffectInfo): EventPattern | undefined {
  const p = effect.event;
  if (!p || !(effect.activatesFrom.length === 1 && effect.activatesFrom[0] === 'gy')) return p;
  return notThisCard(p);
}

function notThisCard(p: EventPattern): EventPattern {
  if (p.kind !== 'card' || p.subject === 'self' || p.subject.other) return p;
  return { ...p, subject: { ...p.subject, other: true }, or: p.or?.map(notThisCard) as typeof p.or };
}
