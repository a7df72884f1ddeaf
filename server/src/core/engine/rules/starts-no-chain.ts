// R54: what is never activated cannot be a chain link. A Continuous Effect applies while its card is face-up
// (it is not activated), and a Summon by the monster's own procedure (Cyber Dragon's "You can Special Summon this
// card (from your hand)") is no effect at all: neither starts a chain nor can be chained. classify.ts finds the
// link's effect (`noChainEffect`); this module says what it is and how to write it.
import { quoteName } from '../../syntax/quote';
import { defineRule } from './api';
import { S } from './sources';

const messages = {
  'starts-no-chain/procedure': (p: { link: string; card: string; player: string }) =>
    `${p.link} is the Special Summon of ${quoteName(p.card)} by its own procedure, which is no effect: it is not activated, starts no chain and cannot be a chain link; write it as a game action before the chain (\`${p.player} special summons ${quoteName(p.card)}\`) [R54]`,
  'starts-no-chain/continuous': (p: { link: string; effect: string }) =>
    `${p.link} names a Continuous Effect (${p.effect}): it applies while the card is face-up and is never activated, so it starts no chain and cannot be a chain link [R54]`,
};

export const startsNoChain = defineRule({
  name: 'starts-no-chain',
  codes: {
    'starts-no-chain': { rules: ['R54'], severity: 'error', summary: 'writes a Continuous Effect or a Summoning procedure as a chain link', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: 'R54',
      title: 'Effects that start no chain',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary: 'A Continuous Effect is not activated, and a Summon by a monster\'s own procedure is no effect: neither can be a chain link.',
      sources: [S.W42, S.W43],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) {
      const e = l.noChainEffect;
      if (!e || !l.inst) continue;
      if (e.summoningProcedure) report.say('starts-no-chain/procedure', l, { link: chain.linkName(l), card: l.inst.name, player: chain.who(l.player) });
      else report.say('starts-no-chain/continuous', l, { link: chain.linkName(l), effect: `"${e.text}"` });
    }
  },
});
