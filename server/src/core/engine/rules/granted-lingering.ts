// R68: an effect a card grants to another ("An Xyz Monster that has this card as material gains this effect. ●") is used
// by the card that gained it, only while it has it (the granting card attached, used for its Summon, or face-up on the
// field, as the text says), and never by the granting card itself. R69: a lingering effect ("During the End Phase of
// this turn, ...") exists only because an earlier activation of the card resolved: none if that was negated.
import { quoteName } from '../../syntax/quote';
import { defineRule } from './api';
import { S } from './sources';

const HOW: Readonly<Record<string, string>> = {
  'as-material': 'while it has that card as material',
  'used-as-material': 'when it was Summoned using that card as material',
  'face-up': 'while that card is face-up on the field',
};

export const grantedLingering = defineRule({
  name: 'granted-lingering',
  codes: {
    'granted-effect': { rules: ['R68'], severity: 'error', summary: 'uses an effect a card grants to another, where the card that would use it does not have it' },
    'lingering-effect': { rules: ['R69'], severity: 'error', summary: 'uses a lingering effect whose card\'s earlier activation or effect was negated' },
  },
  catalogue: [
    {
      id: 'R68',
      title: 'An effect a card grants is used by the card that gained it, while it has it',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'An effect one card grants to another ("An Xyz Monster that has this card as material gains this effect. ●", "the equipped monster gains") is an effect of the card that gained it: that card activates it (`1 Yugi "Zoodiac Drident" granted by "Zoodiac Ramram"`), only while it has it (the granting card is still its material, or it was Summoned using it, or the granting card is face-up on the field, as the text says), and the granting card never uses it itself. A material detached as the cost of the granted effect still granted it when it was activated.',
      sources: [S.W67, S.W51],
    },
    {
      id: 'R69',
      title: 'A lingering effect exists only if the activation that made it resolved',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A lingering effect ("During the End Phase of this turn, ...", written `lingering` on its effect line) applies later in the turn because an earlier activation of the card resolved: it applies wherever the card is by then (the card may have left the field), and it does not exist if that activation or its effect was negated. Where the scenario shows no earlier activation, it is assumed and said.',
      sources: [S.W68],
    },
  ],
  messages: {
    'granted-effect/own': (p: { link: string; card: string; index: number }) =>
      `${p.link} uses effect ${p.index} of ${quoteName(p.card)}, which the card grants to another card: only the card that gained it uses it (write the link on that card, \`granted by ${quoteName(p.card)}\`) [R68]`,
    'granted-effect/not-held': (p: { link: string; card: string; granter: string; how: string; where: string }) =>
      `${p.link} uses the effect ${quoteName(p.card)} would gain from ${quoteName(p.granter)} ${p.how}, but ${quoteName(p.granter)} ${p.where}: ${quoteName(p.card)} does not have that effect [R68]`,
    'lingering-effect': (p: { link: string; card: string; earlier: string }) =>
      `${p.link} uses a lingering effect of ${quoteName(p.card)}, but the activation it would come from (${p.earlier}) was negated: nothing lingers from it [R69]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      const e = l.effect;
      const card = l.inst?.card;
      if (!e || !card || l.player === undefined || l.status.ineligible) continue;
      if (e.granted && !l.grantedBy && card.effects.includes(e)) {
        report.say('granted-effect/own', l, { link: chain.linkName(l), card: card.name, index: e.index });
        continue;
      }
      const g = l.grantedBy;
      if (g && e.granted) {
        if (l.grantHeld === undefined) l.assumptions.push(`${quoteName(card.name)} has the effect ${quoteName(g.name)} grants (${HOW[e.granted]}): the scenario does not show where ${quoteName(g.name)} is`);
        else if (!l.grantHeld) {
          const where = g.zone === 'overlay' ? `is attached to another monster` : g.zone === 'field' ? (g.faceDown ? 'is face-down' : 'is on the field, not its material') : `is in the ${g.zone === 'gy' ? 'GY' : g.zone}`;
          report.say('granted-effect/not-held', l, { link: chain.linkName(l), card: card.name, granter: g.name, how: HOW[e.granted], where: e.granted === 'used-as-material' ? 'was not used for its Summon' : where });
        }
      }
      if (e.lingering) {
        const earlier = chain.earlierActivations.filter((a) => a.cardKey === card.key && a.player === l.player && a.effectIndex !== e.index);
        if (earlier.length === 0) l.assumptions.push(`an earlier activation of ${quoteName(card.name)} resolved this turn, so its lingering effect applies (the scenario does not show it)`);
        else if (earlier.every((a) => a.negated)) report.say('lingering-effect', l, { link: chain.linkName(l), card: card.name, earlier: earlier.map((a) => `${a.linkName} in chain ${a.chainIndex}`).join(', ') });
      }
    }
  },
});
