// The earlier uses of a card in the turn, one record for every per-turn check: R38 and R39 ask for the first
// earlier activation of the same card name (copies share a name, so they share the count; a negated activation
// counts too), R17 asks whether a once-per-turn trigger was already used, so it need not be placed again.
import type { ChainView, LinkState } from './api';
import type { EffectInfo } from '../../cards/types';
import type { CardInstance, PlayerIndex } from '../state';

/** The first earlier activation, by the link's player, of the same card name that `counts` accepts: its link's name. */
export function firstUseThisTurn(chain: ChainView, l: LinkState, counts: (effectIndex: number, activation: boolean) => boolean): string | undefined {
  if (!l.inst?.card || l.player === undefined) return undefined;
  const key = l.inst.card.key;
  const earlier = chain.earlierActivations.find((u) => u.player === l.player && u.cardKey === key && counts(u.effectIndex, u.activation));
  if (earlier) return `${earlier.linkName} in chain ${earlier.chainIndex}`;
  // A link that activates a card its player does not control (R35) used nothing of theirs. The same copy below
  // in this chain is R60's or R61's mistake (one trigger twice for one event, one card activated twice): one
  // mistake, one error.
  const below = chain.links.find(
    (x) => x.position < l.position && x.player === l.player && x.inst !== l.inst && x.inst?.card?.key === key && chain.controllerOf(x.inst) === x.player && x.effect && counts(x.effect.index, x.effect.kind === 'activation'),
  );
  return below ? `${chain.linkName(below)} in this chain` : undefined;
}

/**
 * Whether a once-per-turn effect was already used in an earlier chain of the turn: by any copy of the card for a
 * limit by name, by this copy for a soft "Once per turn".
 */
export function usedEarlierThisTurn(chain: ChainView, player: PlayerIndex, inst: CardInstance, effect: EffectInfo): boolean {
  if (!effect.oncePerTurn || !inst.card) return false;
  const key = inst.card.key;
  return chain.earlierActivations.some(
    (u) => u.effectIndex === effect.index && (effect.oncePerTurnByName ? u.player === player && u.cardKey === key : u.copyId === inst.id),
  );
}
