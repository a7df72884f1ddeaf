// R33: an effect limited to once per chain, twice in one chain (a negated activation counts).
import { LinkState, RuleModule } from './api';
import { S } from './sources';

export const oncePerChain: RuleModule = {
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
    summary: 'An effect limited to once per chain cannot appear twice in one chain, even if its first activation was negated.',
    sources: [S.W23, S.CS],
  },
  ],
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
      report.link(
        'once-per-chain',
        l,
        `"${l.inst.name}" (${l.effect.text}) can be activated only once per chain and was already activated at CL${first.position} — even a negated activation counts [R33]`,
        [{ link: first, message: 'the first activation in this chain' }],
      );
    }
  },
};
