// R56: a face-down monster has no effects to activate. A monster Set (or turned face-down by an effect: `change
// "X" to face-down defense position`, Book of Moon) cannot activate its effects while it is face-down on the
// field; its Flip Effect activates once it is flipped face-up. classify.ts records where each link's card was when
// the link was placed (`activatedFrom`); this module reads it.
import { quoteName } from '../../syntax/quote';
import { defineRule } from './api';
import { S } from './sources';

const messages = {
  'face-down-monster': (p: { link: string; card: string }) =>
    `${p.link}: ${quoteName(p.card)} is a face-down monster on the field when the link is placed, and a face-down monster cannot activate its effects (flip it face-up first: a Flip Summon, or an effect that changes it to face-up) [R56]`,
};

export const faceDown = defineRule({
  name: 'face-down',
  codes: {
    'face-down-monster': { rules: ['R56'], severity: 'error', summary: 'activates an effect of a face-down monster' },
  },
  catalogue: [
    {
      id: 'R56',
      title: 'A face-down monster activates no effect',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'A monster that is face-down on the field, Set or turned face-down by an effect, cannot activate its effects until it is face-up again; an attacking monster turned face-down (or removed) is no longer attacking.',
      sources: [S.W45, S.W63],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) {
      const from = l.activatedFrom;
      if (!l.inst?.card || l.inst.card.category !== 'monster' || !from || from.zone !== 'field' || !from.faceDown) continue;
      // A Flip Effect activates because the monster was flipped face-up (an attack on it flips it, and the scenario
      // need not write that flip): never reported here.
      const e = l.effect;
      if (e && (e.kind === 'flip' || (e.event?.kind === 'card' && e.event.verb === 'flipped'))) continue;
      report.say('face-down-monster', l, { link: chain.linkName(l), card: l.inst.name });
    }
  },
});
