// R39: a card that says "You can only activate 1 X per turn" activated a second time in the turn by the same
// player (another copy included).
import { defineRule } from './api';
import { S } from './sources';
import { firstUseThisTurn } from './turn-uses';
import { quoteName } from '../../syntax/quote';

export const activateOncePerTurn = defineRule({
  name: 'activate-once-per-turn',
  codes: {
    'activate-once-per-turn': { rules: ['R39'], severity: 'error', summary: 'a card limited to 1 activation per turn, activated twice in one turn', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: 'R39',
      title: 'Only 1 activation of the card per turn',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'A card that says "You can only activate 1 X per turn" (written `activate 1 per turn`) can be activated only once per turn by each player, whichever copy it is; an activation that was negated still counts.',
      sources: [S.W50, S.W51, S.CS],
    },
  ],
  messages: {
    'activate-once-per-turn': (p: { link: string; card: string; first: string }) =>
      `${p.link}: only 1 ${quoteName(p.card)} may be activated per turn, and one was already activated at ${p.first}; a negated activation counts [R39]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      if (!l.effect?.activateOncePerTurn || l.effect.kind !== 'activation' || !l.inst) continue;
      const first = firstUseThisTurn(chain, l, (_index, activation) => activation);
      if (first) report.say('activate-once-per-turn', l, { link: chain.linkName(l), card: l.inst.name, first });
    }
  },
});
