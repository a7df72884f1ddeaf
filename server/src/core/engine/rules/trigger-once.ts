// R60: a Trigger Effect activates once for each time its condition is met: the same trigger effect of the same card
// copy cannot be put on one chain twice for the one event. R61: a Spell or Trap Card is activated once: a copy whose
// activation is a link of the chain is face-up on the field, and cannot be activated again in it. (Who can act asks
// both after every link: core/responses.)
import { defineRule, LinkState } from './api';
import { S } from './sources';

export const triggerOnce = defineRule({
  name: 'trigger-once',
  codes: {
    'trigger-once': { rules: ['R60'], severity: 'error', summary: 'the same trigger effect of one card twice in a chain for the one event', fix: 'remove-link' },
    'activated-twice': { rules: ['R61'], severity: 'error', summary: 'the same Spell or Trap Card activated twice in one chain', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: 'R60',
      title: 'A trigger activates once for its event',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'A Trigger Effect activates once each time its condition is met: the same trigger effect of the same card copy cannot be placed twice on one chain for the one event that triggered it.',
      sources: [S.W60, S.YC],
    },
    {
      id: 'R61',
      title: 'A Spell or Trap Card is activated once in a chain',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'Activating a Spell or Trap Card places it face-up on the field as a chain link; that copy cannot be activated again in the same chain.',
      sources: [S.W30, S.YC],
    },
  ],
  messages: {
    'trigger-once': (p: { link: string; firstAt: number }) =>
      `${p.link} is the same trigger effect of the same card as CL${p.firstAt}, for the same event: a Trigger Effect activates once each time its condition is met, so it is already on this chain [R60]`,
    'activated-twice': (p: { link: string; firstAt: number }) =>
      `${p.link} activates the same card as CL${p.firstAt}: that activation placed it face-up on the field as a link of this chain, so it cannot be activated again until the chain has resolved [R61]`,
  },
  check(chain, report) {
    const seen = new Map<string, LinkState>();
    const activated = new Map<number, LinkState>();
    for (const l of chain.links) {
      if (l.inst && l.effect?.kind === 'activation' && l.inst.card?.category !== 'monster' && !l.status.ineligible) {
        const first = activated.get(l.inst.id);
        if (first) report.say('activated-twice', l, { link: chain.linkName(l), firstAt: first.position }, [{ link: first, message: 'the card\'s activation in this chain' }]);
        else activated.set(l.inst.id, l);
        continue;
      }
      const kind = l.effect?.kind;
      if (!l.inst || !l.effect || (kind !== 'trigger' && kind !== 'flip' && kind !== 'phase-trigger') || l.status.ineligible) continue;
      const key = `${l.inst.id}:${l.effect.index}:${l.candidate?.event.id ?? 'assumed'}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, l);
        continue;
      }
      report.say('trigger-once', l, { link: chain.linkName(l), firstAt: first.position }, [{ link: first, message: 'the first activation for this event' }]);
    }
  },
});
