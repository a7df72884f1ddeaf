// R27: one trigger of a monster that Special Summons itself from the hand, per player per chain
// (in force from the January 2010 rule change).
import { LinkState, RuleModule } from './api';
import { PlayerIndex } from '../state';
import { S } from './sources';

export const handSummonLimit: RuleModule = {
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
    summary:
      'Each player may activate, per chain, only one trigger effect of a monster that could Special Summon itself from the hand with it; a copy in the GY that could summon itself "from your hand or GY" counts too. Quick Effects are not covered.',
    sources: [S.S1, S.S0, S.W10, S.YC],
    note: 'In force from 2010-01-01 (the January 2010 rule change); not checked for earlier `as of` dates.',
  },
  ],
  inForce: (rules) => rules.handSummonLimit,
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
      report.link(
        'hand-summon-limit',
        l,
        `${chain.players[l.player]} already activated ${chain.linkName(first)}, a trigger of a monster that can Special Summon itself from the hand; each player may activate only one such trigger per chain${l.inst?.zone === 'gy' ? ' — this counts even for a copy in the GY whose effect could summon it from the hand or GY' : ''} [R27]`,
        [{ link: first, message: 'the first hand self-summon trigger of this player in this chain' }],
      );
    }
  },
};
