// R41: a trigger's condition is met only by an event that meets every qualifier its card states (whose, which card,
// what kind of Summon, from where, by what, not in which phase). Where the scenario shows the condition's kind of
// event but not the one the card names (a Special Summon that is not a Link Summon, a card added to the hand during
// the Draw Phase), the trigger was never met and cannot be activated; the message names the qualifier and the event.
import { describeEvent } from '../narrative';
import { qualifierMiss } from '../qualifier-miss';
import { answeredCondition } from '../gy-condition';
import { defineRule } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';

export const conditionQualifier = defineRule({
  name: 'condition-qualifier',
  needs: ['eligibility'],
  codes: {
    'condition-qualifier': {
      rules: ['R41'],
      severity: 'error',
      summary: 'a trigger whose condition the scenario\'s event does not meet: it fails a qualifier of the condition (whose, which card, which Summon, from where, which phase)',
      fix: 'remove-link',
    },
  },
  catalogue: [
    {
      id: 'R41',
      title: 'A condition is met only by an event that meets every qualifier',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'A trigger effect activates only when its activation condition is met as the card states it: "If this card is Link Summoned" is not met by another Special Summon, "If your opponent Special Summons" not by your own, "from the Deck" not from the GY. An event that fails a qualifier does not meet the condition, so the effect cannot be activated.',
      sources: [S.W47, S.W4, S.CS, S.W151],
    },
  ],
  messages: {
    'condition-qualifier': (p: { card: string; condition: string; qualifier: string; event: string }) =>
      `${quoteName(p.card)}'s condition ("${p.condition}") needs ${p.qualifier}, and the scenario shows ${p.event}, which is not: its condition was not met, so it cannot be activated here [R41]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      const e = l.effect;
      if (l.status.ineligible || l.candidate || !e?.event || !l.inst || (e.kind !== 'trigger' && e.kind !== 'flip')) continue;
      if (!(l.position === 1 || l.role === 'batch-trigger' || l.role === 'hand-trigger')) continue;
      const miss = qualifierMiss(answeredCondition(e)!, chain.events.slice(chain.windowStartIndex, chain.chainStartEvent), l.inst, chain.controllerOf(l.inst));
      if (!miss) continue;
      l.status.ineligible = 'condition-qualifier';
      report.say('condition-qualifier', l, { card: l.inst.name, condition: e.event.raw, qualifier: miss.qualifier, event: describeEvent(miss.event, chain.players) });
    }
  },
});
