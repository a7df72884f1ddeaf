// R60: a Trigger Effect activates once for each time its condition is met: the same trigger effect of the same card
// copy cannot be put on one chain twice for the one event (who-can-act asks this after each link of a batch).
import { defineRule, LinkState } from './api';
import { S } from './sources';

export const triggerOnce = defineRule({
  name: 'trigger-once',
  codes: {
    'trigger-once': { rules: ['R60'], severity: 'error', summary: 'the same trigger effect of one card twice in a chain for the one event', fix: 'remove-link' },
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
  ],
  messages: {
    'trigger-once': (p: { link: string; firstAt: number }) =>
      `${p.link} is the same trigger effect of the same card as CL${p.firstAt}, for the same event: a Trigger Effect activates once each time its condition is met, so it is already on this chain [R60]`,
  },
  check(chain, report) {
    const seen = new Map<string, LinkState>();
    for (const l of chain.links) {
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
