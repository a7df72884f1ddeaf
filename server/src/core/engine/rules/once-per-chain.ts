// R33: an effect limited to once per chain, twice in one chain (a negated activation counts).
import { defineRule, LinkState } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';

export const oncePerChain = defineRule({
  name: 'once-per-chain',
  codes: {
    'once-per-chain': { rules: ['R33'], severity: 'error', summary: 'a once-per-chain effect twice in one chain', fix: 'remove-link' },
  },
  catalogue: [
  {
    id: 'R33',
    title: 'Once per chain',
    tag: 'stable',
    tags: ['stable', 'card-specific'],
    inForce: 'always',
    summary: 'An effect limited to once per chain cannot appear twice in one chain, even if its first activation was negated.',
    sources: [S.W23, S.CS],
  },
  ],
  messages: {
    'once-per-chain': (p: { card: string; effect: string; firstAt: number }) =>
      `${quoteName(p.card)} (${p.effect}) can be activated only once per chain and was already activated at CL${p.firstAt} — even a negated activation counts [R33]`,
  },
  check(chain, report) {
    const seen = new Map<string, LinkState>();
    for (const l of chain.links) {
      if (!l.effect?.oncePerChain || !l.inst) continue;
      const key = `${l.inst.id}:${l.effect.index}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, l);
        continue;
      }
      report.say('once-per-chain', l, { card: l.inst.name, effect: l.effect.text, firstAt: first.position }, [{ link: first, message: 'the first activation in this chain' }],
      );
    }
  },
});
