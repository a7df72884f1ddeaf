// R28 (OCG): a trigger activated from the hand is not a batch member: it goes after every public
// trigger of its batch, at fast-effect priority, and never on a Spell Speed 3 link.
import { isBatchPosition } from '../classify';
import { legalOrderText } from '../narrative';
import { RuleModule } from './api';
import { S } from './sources';

export const handTriggers: RuleModule = {
  name: 'hand-triggers',
  codes: {
    'hand-trigger-order': {
      rules: ['R28'],
      severity: 'error',
      summary: 'OCG only: a hand trigger placed below a public trigger of its batch, or on a Spell Speed 3 link',
      fix: 'reorder',
    },
  },
  catalogue: [
  {
    id: 'R28',
    title: 'Where hand triggers go',
    tag: 'disputed',
    tags: ['version', 'disputed'],
    summary:
      'OCG: a trigger activated from the hand is not a batch member; it may be activated only after all public triggers are placed, like a Spell Speed 2 effect (never on a Counter Trap).',
    sources: [S.S3, S.W13, S.W28, S.W9, S.YC, S.EC],
    note:
      'Checked only under `rules ocg`. Under `rules tcg` hand triggers are ordinary batch members, as third-party sources and EDOPro\'s "TCG SEGOC" mode say; this TCG side is disputed.',
  },
  ],
  inForce: (rules) => rules.handTriggersAfterPublic,
  // A hand trigger that cannot be activated here at all is not judged on its place.
  needs: ['eligibility'],
  check(chain, report) {
    const members = chain.members;
    for (let j = 0; j < members.length; j++) {
      const lower = members[j];
      if (lower.role !== 'hand-trigger') continue;
      const higher = members.slice(j + 1).find((h) => h.role === 'batch-trigger');
      if (higher) {
        report.link(
          'hand-trigger-order',
          lower,
          `under ${chain.ruleset.label}, "${lower.inst?.name}" activates from the hand, so it is not part of the trigger batch: it can be activated only after all public triggers (such as ${chain.linkName(higher)}) are placed, at fast-effect priority; ${legalOrderText(chain)} (R28 is version-dependent and disputed: the TCG treats hand triggers as ordinary batch members)`,
          [{ link: higher, message: 'a public trigger of the same batch: it goes below the hand trigger' }],
        );
      }
    }
    // Outside the batch a hand trigger is a Spell Speed 2 effect: never on a Counter Trap.
    for (let i = 1; i < chain.links.length; i++) {
      const l = chain.links[i];
      const prev = chain.links[i - 1];
      if (l.role !== 'hand-trigger' || !l.effect || !prev.effect || l.status.ineligible || isBatchPosition(chain.links, l)) continue;
      if (prev.speed >= 3 && l.speed < 3) {
        report.link('hand-trigger-order', l, `under ${chain.ruleset.label} a hand trigger is treated like a Spell Speed 2 effect, and nothing but a Counter Trap can be chained to ${chain.linkName(prev)} (R28 [version/disputed])`, [{ link: prev, message: 'Spell Speed 3' }]);
      }
    }
  },
};
