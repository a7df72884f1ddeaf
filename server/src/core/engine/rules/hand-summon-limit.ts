// R27: one trigger of a monster that Special Summons itself from the hand, per player per chain
// (in force from the January 2010 rule change).
import { defineRule, LinkState } from './api';
import { PlayerIndex } from '../state';
import { S } from './sources';

export const handSummonLimit = defineRule({
  name: 'hand-summon-limit',
  codes: {
    'hand-summon-limit': {
      rules: ['R27'],
      severity: 'error',
      summary: 'a second trigger of a monster that Special Summons itself from the hand, same player, same chain',
      fix: 'remove-link',
    },
  },
  catalogue: [
  {
    id: 'R27',
    title: 'One hand self-summon trigger per player per chain',
    tag: 'version',
    tags: ['stable', 'version'],
    // rules.md "Rulesets": from the January 2010 rule change, in both regions.
    inForce: { tcg: { from: '2010-01-01' }, ocg: { from: '2010-01-01' } },
    underRuleset: (inForce) =>
      inForce ? 'R27: one trigger of a monster that Special Summons itself from the hand, per player per chain.' : 'R27 not yet in force (before January 2010).',
    summary:
      'Each player may activate, per chain, only one trigger effect of a monster that could Special Summon itself from the hand with it; a copy in the GY that could summon itself "from your hand or GY" counts too. Quick Effects are not covered.',
    sources: [S.S1, S.S0, S.W10, S.YC],
    note: 'In force from 2010-01-01 (the January 2010 rule change); not checked for earlier `as of` dates.',
  },
  ],
  messages: {
    'hand-summon-limit': (p: { player: string; first: string; inGy: boolean }) =>
      `${p.player} already activated ${p.first}, a trigger of a monster that can Special Summon itself from the hand; each player may activate only one such trigger per chain${p.inGy ? ' — this counts even for a copy in the GY whose effect could summon it from the hand or GY' : ''} [R27]`,
  },
  check(chain, report) {
    const firstByPlayer = new Map<PlayerIndex, LinkState>();
    for (const l of chain.links) {
      const e = l.effect;
      if (!e || l.player === undefined || (e.kind !== 'trigger' && e.kind !== 'flip')) continue;
      if (!e.summonsItself || !e.activatesFrom.includes('hand')) continue;
      const first = firstByPlayer.get(l.player);
      if (!first) {
        firstByPlayer.set(l.player, l);
        continue;
      }
      report.say('hand-summon-limit', l, { player: chain.players[l.player], first: chain.linkName(first), inGy: l.inst?.zone === 'gy' }, [{ link: first, message: 'the first hand self-summon trigger of this player in this chain' }],
      );
    }
  },
});
