// The engine's facts in English: events, links and orders as judges say them. Messages, hovers,
// `explain` and the results' sentences are made here from the engine's data.
import { CardInfo, EffectInfo } from '../cards/model';
import { LinkState } from './classify';
import type { ChainView } from './rules/api';
import { GameEvent, zoneWord } from './state';

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
      return `${players[ev.player]} took ${ev.amount} damage${where}`;
    case 'phase':
      return `the game entered the ${ev.phase} phase`;
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
