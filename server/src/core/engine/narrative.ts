// The engine's facts in English: events, links and orders as judges say them. Messages, hovers,
// `explain` and the results' sentences are made here from the engine's data.
import { CardInfo, EffectInfo } from '../cards/model';
import { LinkState } from './classify';
import type { ChainView } from './rules/api';
import { Zone } from '../syntax/ast';
import { GameEvent, zoneWord } from './state';

/** "on the field", "in the GY": where a card is, in words. */
export function whereWord(z: Zone): string {
  return z === 'field' ? 'on the field' : `in the ${zoneWord(z)}`;
}

/**
 * Why an event was not the last thing to happen before the chain that starts at event `limit`: the R20
 * cause and the first event that came after it. Only events before that chain count (a trigger's own
 * activation never does); a Summon is named rather than the move that put the card on the field; R4
 * leftovers and phase changes are no such event.
 */
export function whyNotLast(events: readonly GameEvent[], players: readonly [string, string], ev: GameEvent, limit: number): string {
  const before = events.slice(0, limit).filter((x) => x.step > ev.step && (x.kind !== 'phase' || x.origin.kind !== 'action') && x.origin.kind !== 'leftover');
  const firstStep = before.length ? before[0].step : undefined;
  const atStep = before.filter((x) => x.step === firstStep);
  const later = atStep.find((x) => x.kind === 'summon') ?? atStep[0];
  const o = ev.origin;
  const sameLink = (x: GameEvent) => o.kind !== 'action' && x.origin.kind === o.kind && 'link' in x.origin && x.origin.chain === o.chain && x.origin.link === o.link;
  const cause =
    o.kind === 'cost' || o.kind === 'activation'
      ? `(b) it happened as the ${o.kind} of chain ${o.chain} CL${o.link}, and the activation came after it`
      : o.kind === 'resolution' && o.link >= 2
        ? `(a) it happened while chain ${o.chain} CL${o.link} resolved, and ${o.link === 2 ? 'CL1' : `CL${o.link - 1} to CL1`} still resolved after it`
        : o.kind === 'resolution' && (!later || sameLink(later))
          ? '(c) a later part of the same effect ("then") came after it'
          : ev.kind === 'move' && (ev.tributed || ev.cause === 'material')
            ? `(d) it was ${ev.tributed ? 'Tributed' : 'used as material'} for a Summon, and the Summon came after it`
            : undefined;
  if (!cause) return later ? `${describeEvent(later, players)} happened after it` : 'something else happened after it';
  return later ? `R20 ${cause} (after it: ${describeEvent(later, players)})` : `R20 ${cause}`;
}

export function describeEvent(ev: GameEvent, players: readonly [string, string]): string {
  const o = ev.origin;
  const where =
    o.kind === 'action'
      ? ''
      : o.kind === 'cost'
        ? ` (cost of chain ${o.chain} CL${o.link})`
        : o.kind === 'activation'
          ? ` (activation of chain ${o.chain} CL${o.link})`
          : o.kind === 'leftover'
            ? ` (end of chain ${o.chain})`
            : ` (resolution of chain ${o.chain} CL${o.link})`;
  switch (ev.kind) {
    case 'move': {
      if (ev.cause === 'set') return `"${ev.card.name}" was Set${where}`;
      const how = ev.destroyed ? (ev.cause === 'battle' ? 'destroyed by battle' : 'destroyed') : ev.discarded ? 'discarded' : ev.tributed ? 'Tributed' : 'sent';
      return `"${ev.card.name}" ${ev.destroyed || ev.discarded || ev.tributed ? `was ${how} (to the ${zoneWord(ev.to)})` : `was ${how} from the ${zoneWord(ev.from)} to the ${zoneWord(ev.to)}`}${where}`;
    }
    case 'summon':
      return `"${ev.card.name}" was ${ev.summonType === 'normal' ? 'Normal' : ev.summonType === 'tribute' ? 'Tribute' : ev.summonType === 'flip' ? 'Flip' : 'Special'} Summoned${where}`;
    case 'attack':
      return ev.target ? `${players[ev.player]} declared an attack on "${ev.target.name}" with "${ev.attacker.name}"` : `${players[ev.player]} declared a direct attack with "${ev.attacker.name}"`;
    case 'activation':
      return `${players[ev.player]} activated "${ev.card.name}"${where}`;
    case 'damage':
      return `${players[ev.player]} took ${ev.amount} ${ev.battle ? 'battle ' : ''}damage${where}`;
    case 'phase':
      return o.kind === 'action' ? `the game entered the ${ev.phase} phase` : `the Battle Phase was ended${where}`;
    case 'position':
      return `"${ev.card.name}" was changed to ${ev.position} position${where}`;
  }
}

/** What kind of Spell Speed 1 effect a link is, for R7's message. */
export function kindWords(e: EffectInfo, card: CardInfo): string {
  switch (e.kind) {
    case 'activation':
      return `the activation of a ${card.cardType}`;
    case 'ignition':
      return 'an Ignition Effect';
    case 'trigger':
    case 'flip':
      return 'a trigger effect that is not part of a simultaneous batch';
    case 'phase-trigger':
      return 'a phase-timed trigger';
    default:
      return e.kind;
  }
}

/** "the activation of a Normal Spell", "a monster effect". */
export function describeLink(l: LinkState): string {
  const card = l.inst?.card;
  if (!card || !l.effect) return 'an unknown effect';
  if (l.effect.kind === 'activation') return `the activation of a ${card.cardType}`;
  return `${card.category === 'monster' ? 'a monster' : card.category === 'spell' ? 'a Spell' : 'a Trap'} effect`;
}

/** "a legal order is CL1 Yugi's "Sangan", CL2 ..." for the batch (same sort as the legal-order groups). */
export function legalOrderText(chain: ChainView): string {
  const batch = chain.links.filter(
    (l) => (l.role === 'batch-trigger' || l.role === 'hand-trigger' || (l.role === 'slow' && l.candidate)) && l.category !== undefined && l.status.ineligible !== 'location-changed' && l.status.ineligible !== 'missed-timing',
  );
  const sorted = [...batch].sort((a, b) => {
    const ga = a.role === 'hand-trigger' ? 1 : 0;
    const gb = b.role === 'hand-trigger' ? 1 : 0;
    if (ga !== gb) return ga - gb;
    if (a.category !== b.category) return a.category! - b.category!;
    if (chain.rules.legacyTriggerOrder && a.candidate && b.candidate && a.candidate.player === b.candidate.player) return a.candidate.event.step - b.candidate.event.step;
    return a.position - b.position;
  });
  return `a legal order is ${sorted.map((l, i) => `CL${i + 1} ${chain.who(l.player)}'s "${l.inst?.name ?? '?'}"`).join(', ')}${sorted.length < chain.links.length ? ', then any fast effects' : ''}`;
}
