// R28 (OCG): a trigger activated from the hand is not a batch member: it goes after every public
// trigger of its batch, at fast-effect priority, and never on a Spell Speed 3 link.
import { isBatchPosition } from '../classify';
import { legalOrderText } from '../narrative';
import { defineRule } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';

export const handTriggers = defineRule({
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
    inForce: { tcg: 'never', ocg: 'always' },
    underRuleset: (inForce) =>
      inForce
        ? 'R28 [version/disputed]: OCG: hand triggers go after all public triggers, at fast-effect priority.'
        : 'R28 [version/disputed]: TCG: hand triggers are ordinary SEGOC batch members (sources disagree).',
    summary:
      'OCG: a trigger activated from the hand is not a batch member; it may be activated only after all public triggers are placed, like a Spell Speed 2 effect (never on a Counter Trap).',
    sources: [S.S3, S.W13, S.W28, S.W9, S.YC, S.EC],
    note:
      'Checked only under `rules ocg`. Under `rules tcg` hand triggers are ordinary batch members, as third-party sources and EDOPro\'s "TCG SEGOC" mode say; this TCG side is disputed.',
  },
  ],
  // A hand trigger that cannot be activated here at all is not judged on its place.
  needs: ['eligibility'],
  messages: {
    'hand-trigger-order': (p: { ruleset: string; card: string; publicTrigger: string; legalOrder: string }) =>
      `under ${p.ruleset}, ${quoteName(p.card)} activates from the hand, so it is not part of the trigger batch: it can be activated only after all public triggers (such as ${p.publicTrigger}) are placed, at fast-effect priority; ${p.legalOrder} (R28 is version-dependent and disputed: the TCG treats hand triggers as ordinary batch members)`,
    'hand-trigger-order/on-counter-trap': (p: { ruleset: string; below: string }) =>
      `under ${p.ruleset} a hand trigger is treated like a Spell Speed 2 effect, and nothing but a Counter Trap can be chained to ${p.below} (R28 [version/disputed])`,
  },
  check(chain, report) {
    const members = chain.members;
    for (let j = 0; j < members.length; j++) {
      const lower = members[j];
      if (lower.role !== 'hand-trigger') continue;
      const higher = members.slice(j + 1).find((h) => h.role === 'batch-trigger');
      if (higher) {
        report.say('hand-trigger-order', lower, { ruleset: chain.ruleset.label, card: `${lower.inst?.name}`, publicTrigger: chain.linkName(higher), legalOrder: legalOrderText(chain) }, [{ link: higher, message: 'a public trigger of the same batch: it goes below the hand trigger' }],
        );
      }
    }
    // Outside the batch a hand trigger is a Spell Speed 2 effect: never on a Counter Trap.
    for (let i = 1; i < chain.links.length; i++) {
      const l = chain.links[i];
      const prev = chain.links[i - 1];
      if (l.role !== 'hand-trigger' || !l.effect || !prev.effect || l.status.ineligible || isBatchPosition(chain.links, l)) continue;
      if (prev.speed >= 3 && l.speed < 3) {
        report.say('hand-trigger-order/on-counter-trap', l, { ruleset: chain.ruleset.label, below: chain.linkName(prev) }, [{ link: prev, message: 'Spell Speed 3' }]);
      }
    }
  },
});
