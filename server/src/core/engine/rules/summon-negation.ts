// R50-R53: negating a Summon. A Summon by its procedure (Normal, Tribute, Flip, a Special Summon by the
// monster's own procedure or with materials) has a moment before it happens, "when a monster would be
// Summoned": only an effect that negates the Summon can start a chain there, and only as Chain Link 1 (R50).
// A negated Summon never happened (R51: the timeline keeps the monster off the field and emits no Summon, so
// its "if Summoned" effects are not collected); a monster that must be properly Summoned first cannot then be
// revived. A Summon done by a resolving effect has no such moment (R52), and a card may say that its Summon
// cannot be negated (R53, the card fact `its summon cannot be negated`).
import { quoteName } from '../../syntax/quote';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';
import { restsOn } from '../unknown-facts';
import { negatesSummon } from '../negates-summon';

const messages = {
  'summon-negation-window/first': (p: { link: string; summon: string }) =>
    `${p.link} starts a chain at the moment ${p.summon} would happen: only an effect that negates that Summon (Solemn Warning, Black Horn of Heaven: "when a monster would be Summoned") can be activated then; the Summon happens first, and other effects are activated after it [R50]`,
  'summon-negation-window/not-first': (p: { link: string }) =>
    `${p.link} negates a Summon above Chain Link 1: a Summon is negated only by the effect that starts the chain at the moment it would happen (Chain Link 1); what is chained to it follows the usual Spell Speed rules [R50]`,
  'not-properly-summoned': (p: { link: string; card: string }) =>
    `${p.link} Special Summons ${quoteName(p.card)}, whose Summon was negated earlier: it was never properly Summoned, and an Extra Deck monster must be properly Summoned before another effect can Special Summon it from the GY or banishment [R51]`,
  'not-properly-summoned/trigger': (p: { link: string; card: string }) =>
    `${p.link} is an effect that activates when ${quoteName(p.card)} is Summoned, but its Summon was negated: it was never Summoned (nor on the field), so the effect does not activate [R51]`,
  'no-summon-to-negate': (p: { link: string }) =>
    `${p.link} negates a Summon, but no Summon is about to happen here: a Summon can be negated only right after a player declares it by its procedure (a game action just before this chain: \`Yugi normal summons ...\`, \`Yugi link summons ... using ...\`); a Summon done by a resolving effect cannot be negated, only that effect's activation [R52]`,
  'summon-cannot-be-negated': (p: { link: string; card: string }) =>
    `${p.link} negates the Summon of ${quoteName(p.card)}, whose Summon cannot be negated (its card says so) [R53]`,
};

/** Whether the classified link negates a Summon (engine/negates-summon.ts, the timeline's answer too). */
function linkNegatesSummon(l: LinkState, chain: ChainView): boolean {
  return negatesSummon(l.stmt.actions, l.position === 1 && !!chain.summonAttempt, l.effect ? [l.effect] : []);
}

function checkChain(chain: ChainView, report: RuleReporter<typeof messages>): void {
  const attempt = chain.summonAttempt;
  for (const l of chain.links) {
    for (const card of l.revivedUnsummoned) {
      if (card.card?.extraDeck) report.say('not-properly-summoned', l, { link: chain.linkName(l), card: card.name });
      // A Normal Monster is never one that must be Special Summoned properly first; an Effect Monster may be.
      else if (card.card && card.card.effects.length > 0) {
        restsOn(l, {
          card: card.name,
          fact: 'condition',
          what: `whether ${quoteName(card.name)} must be properly Summoned before it can be Special Summoned from the GY (its Summon was negated)`,
          why: 'a monster that must be Special Summoned properly first cannot be revived after a negated Summon (R51)',
        });
      }
    }
    const event = l.effect?.event;
    if (l.inst?.summonNegated && event?.kind === 'card' && event.subject === 'self' && event.verb === 'summoned' && !event.attempt) {
      report.say('not-properly-summoned/trigger', l, { link: chain.linkName(l), card: l.inst.name });
    }
    if (!linkNegatesSummon(l, chain)) continue;
    if (!attempt) report.say('no-summon-to-negate', l, { link: chain.linkName(l) });
    else if (l.position > 1) report.say('summon-negation-window/not-first', l, { link: chain.linkName(l) });
    else if (attempt.card.card?.effects.some((e) => e.summonUnnegatable)) report.say('summon-cannot-be-negated', l, { link: chain.linkName(l), card: attempt.card.name });
    else if (attempt.card.card?.origin.kind === 'generated') {
      restsOn(l, {
        card: attempt.card.name,
        fact: 'condition',
        what: `whether the Summon of ${quoteName(attempt.card.name)} can be negated (the generated library does not hold "its Summon cannot be negated")`,
        why: 'this link negates that Summon (R53)',
        line: 'continuous, its summon cannot be negated',
      });
    }
  }
  const first = chain.links[0];
  if (attempt && first && !linkNegatesSummon(first, chain)) {
    const summon = `${chain.who(attempt.player)}'s ${attempt.method ? `${attempt.method[0].toUpperCase()}${attempt.method.slice(1)}` : attempt.summonType === 'special' ? 'Special' : attempt.summonType === 'flip' ? 'Flip' : attempt.summonType === 'tribute' ? 'Tribute' : 'Normal'} Summon of ${quoteName(attempt.card.name)}`;
    report.say('summon-negation-window/first', first, { link: chain.linkName(first), summon });
  }
}

export const summonNegation = defineRule({
  name: 'summon-negation',
  codes: {
    'summon-negation-window': { rules: ['R50'], severity: 'error', summary: 'starts a chain at a Summon\'s moment with something that does not negate it, or negates a Summon above CL1' },
    'not-properly-summoned': { rules: ['R51'], severity: 'error', summary: 'activates an "if Summoned" effect of a monster whose Summon was negated, or revives an Extra Deck monster so negated' },
    'no-summon-to-negate': { rules: ['R52'], severity: 'error', summary: 'negates a Summon where none is about to happen' },
    'summon-cannot-be-negated': { rules: ['R53'], severity: 'error', summary: 'negates a Summon its card says cannot be negated' },
  },
  catalogue: [
    {
      id: 'R50',
      title: 'The moment a Summon can be negated',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'When a monster would be Summoned by its procedure, only an effect that negates that Summon can start a chain, as Chain Link 1; the usual chain rules apply above it.',
      sources: [S.W40, S.W41],
    },
    {
      id: 'R51',
      title: 'A negated Summon never happened',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'A monster whose Summon is negated was never on the field nor Summoned: its "if Summoned" and "sent from the field" effects do not activate, and one that must be properly Summoned first cannot be revived.',
      sources: [S.W40, S.W41],
    },
    {
      id: 'R52',
      title: 'Only a Summon that is declared can be negated',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'A Summon done while an effect resolves has no moment to respond to: it cannot be negated; the effect\'s activation can.',
      sources: [S.W40],
    },
    {
      id: 'R53',
      title: 'Summons that cannot be negated',
      tag: 'card-specific',
      tags: ['card-specific'],
      inForce: 'always',
      summary: 'A card whose text says its Summon cannot be negated: no effect negates that Summon.',
      sources: [S.W40, S.CS],
    },
  ],
  messages,
  check: checkChain,
});
