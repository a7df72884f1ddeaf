// The per-turn limits a card prints, checked across every chain of the scenario's turn: R38, an effect limited to
// once per turn by card name ("You can only use this effect of X once per turn"), and R39, a card of which only
// 1 may be activated per turn ("You can only activate 1 X per turn"). Both count every copy of the card by the
// same player, and a negated activation; `turn-uses.ts` finds the earlier use.
import { defineRule } from './api';
import { S } from './sources';
import { firstUseThisTurn } from './turn-uses';
import { quoteName } from '../../syntax/quote';

export const perTurnLimits = defineRule({
  name: 'per-turn-limits',
  codes: {
    'hard-once-per-turn': { rules: ['R38'], severity: 'error', summary: 'an effect limited to once per turn by card name, used twice in one turn', fix: 'remove-link' },
    'activate-once-per-turn': { rules: ['R39'], severity: 'error', summary: 'a card limited to 1 activation per turn, activated twice in one turn', fix: 'remove-link' },
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
    'hard-once-per-turn': (p: { link: string; card: string; effect: string; first: string; perDuel?: boolean }) =>
      `${p.link}: ${quoteName(p.card)} (${p.effect}) can be used only once per ${p.perDuel ? 'Duel' : 'turn'} by its name, and was already used at ${p.first}; another copy does not reset it, and a negated activation counts [R38]`,
    'activate-once-per-turn': (p: { link: string; card: string; first: string }) =>
      `${p.link}: only 1 ${quoteName(p.card)} may be activated per turn, and one was already activated at ${p.first}; a negated activation counts [R39]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      if (!l.effect || !l.inst) continue;
      if (l.effect.oncePerTurnByName) {
        const index = l.effect.index;
        const first = firstUseThisTurn(chain, l, (effectIndex) => effectIndex === index);
        if (first) report.say('hard-once-per-turn', l, { link: chain.linkName(l), card: l.inst.name, effect: l.effect.text, first, perDuel: l.effect.oncePerDuel || undefined });
      }
      if (l.effect.activateOncePerTurn && l.effect.kind === 'activation') {
        const first = firstUseThisTurn(chain, l, (_index, activation) => activation);
        if (first) report.say('activate-once-per-turn', l, { link: chain.linkName(l), card: l.inst.name, first });
      }
    }
  },
});
