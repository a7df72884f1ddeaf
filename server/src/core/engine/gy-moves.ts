// What a link would do to cards in the GY, for Necrovalley's locks: "Cards in the GY cannot be banished" (R93) and
// "Negate any card effect that would move a card in the GY to a different place" (R64). Read from what the scenario
// writes (the link's cost and actions, the cards where they stand) first, else from the effect's card facts (`does`
// parts with `from gy`, a target in the GY, a cost `banish 1 from gy`); where neither says, undefined: the caller
// assumes and says so, never decides.
import type { EffectAction } from '../cards/model';
import { Action, ActionSeq, CardSet, Zone } from '../syntax/ast';
import { BanishAtActivation, LinkState } from './classify';
import { CardInstance } from './state';
import { Timeline } from './timeline';

/** The written actions that move their cards to another place (from the GY: what R93 negates). */
const MOVING_ACTIONS: ReadonlySet<Action['kind']> = new Set(['special-summon', 'add-to-hand', 'return', 'banish', 'set', 'place-in-pendulum-zone', 'equip', 'material-summon']);

/** The card-fact verbs that move their cards to another place. */
const MOVING_VERBS: ReadonlySet<EffectAction['verb']> = new Set(['special-summon', 'add-to-hand', 'to-hand', 'return-to-hand', 'return-to-deck', 'return-to-extra', 'banish', 'set', 'attach', 'equip']);

/** The cards a written action names (its card set's references, an equip's card, a Summon's materials). */
function namedCards(t: Timeline, a: Action): CardInstance[] {
  if (a.kind === 'equip') return t.instances([a.card]);
  if (a.kind === 'material-summon') return t.instances(a.materials);
  const cs: CardSet | undefined = 'cards' in a && a.cards && !Array.isArray(a.cards) ? a.cards : undefined;
  return cs?.kind === 'refs' ? t.instances(cs.refs) : [];
}

/** Where a written action takes its cards from, where it says: `from gy`, or counted cards `from gy`. */
function statedFrom(a: Action): Zone | undefined {
  if ('from' in a && a.from) return a.from;
  if ('cards' in a && a.cards && !Array.isArray(a.cards) && a.cards.kind === 'count') return a.cards.from;
  return undefined;
}

/** Where a card-fact part takes its cards: its `from`, its targets' zones, its own card's zone (undefined: not said). */
function partZones(l: LinkState, p: EffectAction): Array<Zone | undefined> {
  if (p.from) return [p.from];
  if (p.object === 'target') return l.targets.length ? l.targets.map((c) => c.zone) : [l.effect?.targets?.zone];
  if (p.object === 'itself') return [l.inst?.zone];
  return [undefined];
}

/**
 * Whether link `l`'s effect would move a card in the GY to another place as it resolves now: true, false, or undefined
 * where neither its written actions nor its card facts say.
 */
export function wouldMoveFromGy(t: Timeline, l: LinkState): boolean | undefined {
  const written = l.stmt.actions;
  if (written) return written.groups.some((g) => g.some((a) => MOVING_ACTIONS.has(a.kind) && (statedFrom(a) === 'gy' || namedCards(t, a).some((c) => c.zone === 'gy'))));
  const parts = (l.effect?.does ?? []).filter((p) => MOVING_VERBS.has(p.verb));
  if (!l.effect?.does.length) return undefined;
  const zones = parts.flatMap((p) => partZones(l, p));
  if (zones.includes('gy')) return true;
  return zones.includes(undefined) ? undefined : false;
}

/** What link `l`'s activation would banish, by its cost and by its effect, as the board stands before it (R93). */
export function banishesAtActivation(t: Timeline, l: LinkState): BanishAtActivation[] {
  const out: BanishAtActivation[] = [];
  const fromWritten = (seq: ActionSeq, cost: boolean) => {
    for (const g of seq.groups) {
      for (const a of g) {
        if (a.kind !== 'banish') continue;
        const cards = namedCards(t, a);
        if (cards.length) for (const c of cards) out.push({ card: c.name, from: c.zone, cost, written: true });
        else out.push({ card: undefined, from: statedFrom(a), cost, written: true });
      }
    }
  };
  const e = l.effect;
  if (l.stmt.cost) fromWritten(l.stmt.cost, true);
  else for (const p of e?.cost ?? []) if (p.verb === 'banish') out.push({ card: p.itself ? l.inst?.name : undefined, from: p.itself ? l.inst?.zone : p.from, cost: true, written: false });
  if (l.stmt.actions) fromWritten(l.stmt.actions, false);
  else {
    for (const p of e?.does ?? []) {
      if (p.verb !== 'banish') continue;
      if (p.object === 'target' && l.targets.length) for (const c of l.targets) out.push({ card: c.name, from: c.zone, cost: false, written: false });
      else for (const from of partZones(l, p)) out.push({ card: undefined, from, cost: false, written: false });
    }
  }
  return out;
}
