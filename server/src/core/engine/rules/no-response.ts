// R40: "Your opponent cannot activate cards or effects in response to this card's activation" (Accesscode Talker's
// effects; `cannot be responded to by opponent` on an effect line, or `cannot be responded to` where neither player
// may): the Chain Link directly above such a link may not be the opponent's (or anyone's). Only the next link is in
// response to an activation, so a later link chained to another link is not affected.
import { defineRule } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';
import { effectLabel, effectOwner, restsOn } from '../unknown-facts';

export const noResponse = defineRule({
  name: 'no-response',
  codes: {
    'no-response': {
      rules: ['R40'],
      severity: 'error',
      summary: "a card or effect activated in response to an activation its card forbids responses to (\"your opponent cannot activate cards or effects in response to this card's activation\")",
      fix: 'remove-link',
    },
  },
  catalogue: [
    {
      id: 'R40',
      title: "No response to an activation its card forbids responses to",
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'An effect whose text says "your opponent cannot activate cards or effects in response to this card\'s activation" (or that neither player can) leaves no response window to that player: the next Chain Link may not be theirs. The restriction covers only the link directly above it; a later link that responds to another link is not affected.',
      sources: [S.W48, S.W49, S.CS],
    },
  ],
  messages: {
    'no-response': (p: { link: string; below: string; card: string; who: string }) =>
      `${p.link} is activated in response to ${p.below}, and ${quoteName(p.card)} says ${p.who} cannot activate cards or effects in response to its activation: leave this link out, or chain it to a later link [R40]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      const below = chain.links[l.position - 2];
      const limit = below?.effect?.noResponse;
      if (!below || !limit || !below.inst) continue;
      const opponent = below.player !== undefined && l.player !== undefined && below.player !== l.player;
      if ((limit === 'opponent' || limit === 'opponent-some') && !opponent) continue;
      if (limit === 'opponent-some' || limit === 'both-some') {
        // The card forbids only some responses (which, its text says: "the targeted card", "with the same original type
        // as the cards sent"): whether this one is among them is a fact the library does not hold, never a silent "legal".
        if (below.inst.card && below.effect) {
          restsOn(l, {
            card: effectOwner(below)!.name,
            effect: below.effect.index,
            fact: 'response',
            what: `which cards or effects ${effectLabel(effectOwner(below)!.card ?? below.inst.card, below.effect.index)} forbids in response to its activation (its text forbids some responses${limit === 'opponent-some' ? " of the opponent's" : ''}; the library does not know which)`,
            why: `${chain.linkName(l)} is taken not to be one of them`,
          });
        }
        continue;
      }
      report.say('no-response', l, { link: chain.linkName(l), below: chain.linkName(below), card: below.inst.name, who: limit === 'opponent' ? 'the opponent' : 'neither player' }, [
        { link: below, message: 'the activation no one may respond to here' },
      ]);
    }
  },
});
