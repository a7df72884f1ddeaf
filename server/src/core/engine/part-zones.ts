// Where a link's effect takes the cards it moves from: one reading for every rule that asks (R31's "including Special
// Summoning from the GY", Necrovalley's R64 and R93). A written action: its stated zone, else where the cards it names
// stand (as the caller sees them: now, or when the link was activated), the field for a destroy of all of a kind. A
// card-fact part: its `from`, its targets' zones, its own card's, the event's card for `that card` (a Summoned or an
// attacking monster is on the field), the field for `all ...`. Undefined where it does not say: the caller assumes and
// says so, never decides.
import type { EffectAction, EffectInfo, EventPattern } from '../cards/model';
import type { Action, CardRef, CardSet, Zone } from '../syntax/ast';
import type { LinkState } from './classify';
import type { CardInstance } from './state';

/** The objects of a part that are cards on the field ("destroy all monsters"). */
const ON_FIELD_OBJECTS: ReadonlySet<string> = new Set(['all-monsters', 'all-opponent-monsters', 'all-spells-traps', 'all-cards']);

/** The cards a written action names (its card set's references, an equip's card, a Summon's materials). */
export function namedCards(instances: (refs: readonly CardRef[]) => CardInstance[], a: Action): CardInstance[] {
  if (a.kind === 'equip') return instances([a.card]);
  if (a.kind === 'material-summon') return instances(a.materials);
  const cs: CardSet | undefined = 'cards' in a && a.cards && !Array.isArray(a.cards) ? a.cards : undefined;
  return cs?.kind === 'refs' ? instances(cs.refs) : [];
}

/** Where a written action says it takes its cards from: `from gy`, or counted cards `from gy`. */
export function statedFrom(a: Action): Zone | undefined {
  if ('from' in a && a.from) return a.from;
  if ('cards' in a && a.cards && !Array.isArray(a.cards) && a.cards.kind === 'count') return a.cards.from;
  return undefined;
}

/** Where a written action takes its cards from: stated, else the zones of the cards it names, else undefined. */
export function writtenZones(a: Action, named: readonly CardInstance[], zoneOf: (c: CardInstance) => Zone = (c) => c.zone): Array<Zone | undefined> {
  const stated = statedFrom(a);
  if (stated) return [stated];
  if (named.length) return named.map(zoneOf);
  // `destroy all monsters`: cards on the field.
  if (a.kind === 'destroy' && a.cards.kind === 'all') return ['field'];
  return [undefined];
}

/** Where the card of an event stands after it: a Summoned or an attacking monster is on the field. */
function eventCardZone(e: EventPattern): Zone | undefined {
  if (e.kind === 'attack') return 'field';
  if (e.kind === 'card' && e.verb === 'summoned' && !e.attempt) return 'field';
  return undefined;
}

/** Where `that card` of an effect stands: the card of the event it answers, where every event it answers agrees. */
function thatCardZone(e: EffectInfo | undefined): Zone | undefined {
  const events = e ? [...(e.event ? [e.event] : []), ...e.responds] : [];
  const zones = new Set(events.map(eventCardZone));
  return zones.size === 1 ? [...zones][0] : undefined;
}

/**
 * Where a card-fact part takes its cards: each zone it may take them from (several where the text gives the player the
 * choice: "from your hand or GY"). `targetZones`: where the link's written targets are, as the caller sees them; none
 * written, where its effect's targets are.
 */
export function partZones(l: LinkState, p: EffectAction, targetZones: ReadonlyArray<Zone | undefined>): Array<Zone | undefined> {
  if (p.from) return [p.from, ...(p.orFrom ?? [])];
  if (p.object && ON_FIELD_OBJECTS.has(p.object)) return ['field'];
  if (p.object === 'target') return l.targets.length ? [...targetZones] : [l.effect?.targets?.zone];
  if (p.object === 'itself') return [l.inst?.zone];
  if (p.object === 'that-card') return [thatCardZone(l.effect)];
  return [undefined];
}
