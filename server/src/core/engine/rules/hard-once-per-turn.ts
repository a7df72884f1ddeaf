// R38: an effect its card limits to once per turn by name ("You can only use this effect of X once per turn")
// activated a second time in the turn by the same player, by the same copy or another copy of the card.
import { defineRule } from './api';
import { S } from './sources';
import { firstUseThisTurn } from './turn-uses';
import { quoteName } from '../../syntax/quote';

export const hardOncePerTurn = defineRule({
  name: 'hard-once-per-turn',
  codes: {
    'hard-once-per-turn': { rules: ['R38'], severity: 'error', summary: 'an effect limited to once per turn by card name, used twice in one turn', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: 'R38',
      title: 'Once per turn by card name',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'An effect whose card says "You can only use this effect of X once per turn" (written `once per turn by name`) can be activated only once per turn by each player, whichever copy of the card activates it; an activation that was negated still counts.',
      sources: [S.W50, S.W51, S.CS],
    },
  ],
  messages: {
    'hard-once-per-turn': (p: { link: string; card: string; effect: string; first: string }) =>
      `${p.link}: ${quoteName(p.card)} (${p.effect}) can be used only once per turn by its name, and was already used at ${p.first}; another copy does not reset it, and a negated activation counts [R38]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      if (!l.effect?.oncePerTurnByName || !l.inst) continue;
      const index = l.effect.index;
      const first = firstUseThisTurn(chain, l, (effectIndex) => effectIndex === index);
      if (first) report.say('hard-once-per-turn', l, { link: chain.linkName(l), card: l.inst.name, effect: l.effect.text, first });
    }
  },
});
