// R2-R4 and R18: how a chain is built and resolves. The simulation applies them (link-effects.ts:
// resolution from the top, leftover cards with CL1's last part, a Field or Continuous Spell's trigger
// that left the field doing nothing); they raise no diagnostic of their own, so this module only catalogues them.
import { defineRule } from './api';
import { S } from './sources';

export const resolution = defineRule({
  name: 'resolution',
  codes: {},
  messages: {},
  catalogue: [
  {
    id: 'R2',
    title: 'The chain resolves backwards',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'After both players pass in a row, the chain resolves from its highest link down to Chain Link 1, and nothing can be activated during that. No diagnostic of its own: it shapes the resolution preview; effects met during resolution wait (R10).',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R3',
    title: 'Priority while a chain is built',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'After the trigger batch, and after each fast effect, the player who did not add the last link may add the next one first; if that player passes the other may, and two passes in a row close the chain. No diagnostic of its own: a link pushing away a pending mandatory responder is reported by R29.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R4',
    title: 'Cards left over after the chain',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Once the chain has resolved, Spells and Traps that must leave the field go to the GY; this counts as simultaneous with the end of Chain Link 1. It therefore never makes a "when" effect triggered by Chain Link 1 miss the timing.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R18',
    title: 'Spell and Trap triggers join the same groups',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      "Spell and Trap trigger effects are sorted into the same four SEGOC groups as monsters'. A Field or Continuous Spell's trigger does nothing if the card has left the field when it resolves. No diagnostic of its own.",
    sources: [S.S3],
  },
  ],
});
