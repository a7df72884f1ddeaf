// The activations of a card earlier in the turn that a per-turn limit by card name counts (R38, R39): those of
// the scenario's earlier chains, then those below the link in its own chain. Copies share a card's name, so
// they share its count; a negated activation counts too.
import type { ChainView, LinkState } from './api';

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
