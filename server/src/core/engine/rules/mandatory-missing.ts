// R17: a mandatory trigger that can be activated must be placed in its batch (a warning: the
// scenario may simply not have written it).
import { CATEGORY_LABELS } from '../results';
import { describeEvent } from '../narrative';
import { usedEarlierThisTurn } from './turn-uses';
import { Category, defineRule } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';

export const mandatoryMissing = defineRule({
  name: 'mandatory-missing',
  codes: {
    'mandatory-trigger-missing': { rules: ['R17'], severity: 'warning', summary: 'an activatable mandatory trigger is left out of its batch', fix: 'insert-missing' },
  },
  catalogue: [
  {
    id: 'R17',
    title: 'Mandatory triggers must be placed',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'A mandatory trigger that can be activated must go on the chain in its group. One that cannot (no target, its card moved) simply does not activate.',
    sources: [S.S0, S.S1, S.S3, S.YC],
  },
  ],
  messages: {
    'mandatory-trigger-missing': (p: { player: string; card: string; effect: string; event: string; category: Category }) =>
      `${p.player}'s ${quoteName(p.card)} (${p.effect}) is a mandatory trigger whose condition was met (${p.event}); it must be activated in this batch as ${CATEGORY_LABELS[p.category]} (category ${p.category}) [R17]`,
  },
  check(chain, report) {
    const members = chain.members;
    for (const c of chain.collected) {
      if (!c.mandatory || c.match !== 'yes' || !c.zoneOk || c.noTarget) continue;
      if (usedEarlierThisTurn(chain, c.player, c.inst, c.effect)) continue;
      // Hard once per turn (by name): another copy's same effect in this chain uses the turn's activation; a soft
      // "Once per turn" is each copy's own.
      if (c.effect.oncePerTurnByName && chain.links.some((l) => l.inst !== c.inst && l.inst?.card === c.inst.card && l.effect?.index === c.effect.index && l.player === c.player)) continue;
      if (c.movedBefore && c.movedBefore.id <= chain.chainStartEvent) {
        // Only the legacy OCG rule lets a card that moved (not into a private area) still activate; under the
        // unverified TCG reading segoc does not warn on a guess either way.
        if (chain.rules.locationRule !== 'private-area' || c.movedBefore.kind !== 'move' || ['hand', 'deck', 'extra'].includes(c.movedBefore.to)) continue;
      }
      if (chain.links.some((l) => l.inst === c.inst && l.effect === c.effect)) continue;
      const cat = chain.category(c.player, true);
      const at = members.find((m) => m.category !== undefined && m.category > cat) ?? members[members.length - 1] ?? chain.links[0];
      report.add(
        {
          code: 'mandatory-trigger-missing',
          severity: 'warning',
          message: report.text('mandatory-trigger-missing', { player: chain.players[c.player], card: c.inst.name, effect: c.effect.text, event: describeEvent(c.event, chain.players), category: cat }),
          range: at ? at.stmt.range : chain.links[0]?.stmt.range ?? chain.scenarioRange,
          rule: 'R17',
          link: at?.position,
          related: c.inst.placedAt ? [{ range: c.inst.placedAt, message: 'the card whose mandatory trigger is missing' }] : undefined,
          data: {
            player: chain.players[c.player],
            card: c.inst.label ?? c.inst.name,
            isLabel: !!c.inst.label,
            // Another unlabelled copy of the same name: a link could not name this one (no fix then).
            ambiguous: !c.inst.label && chain.instances.some((o) => o !== c.inst && o.card === c.inst.card && (o.owner === c.inst.owner || o.controller === c.inst.controller)),
            insertAt: at ? (at.category !== undefined && at.category > cat ? at.position : at.position + 1) : 1,
          },
        },
        at,
      );
    }
  },
});
