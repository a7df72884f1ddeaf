// R30: what may be activated in the Damage Step.
import { defineRule } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';

export const damageStep = defineRule({
  name: 'damage-step',
  codes: {
    'damage-step': { rules: ['R30'], severity: 'error', summary: 'an activation that the Damage Step does not allow' },
  },
  catalogue: [
  {
    id: 'R30',
    title: 'What may be activated in the Damage Step',
    tag: 'stable',
    tags: ['stable', 'card-specific'],
    inForce: 'always',
    summary:
      'In the Damage Step only Counter Traps, effects that directly change ATK/DEF, effects that negate an activation, Damage-Step timings, mandatory effects, triggers of the battle itself and cards that allow it can be activated.',
    sources: [S.W7, S.W22, S.W21, S.YC],
  },
  ],
  messages: {
    'damage-step': (p: { link: string; card: string }) =>
      `${p.link} is activated in the Damage Step, where only Counter Traps, effects that negate an activation, effects that directly change ATK/DEF, mandatory effects, triggers of the battle itself and cards whose text allows it can be activated; ${quoteName(p.card)} is none of these [R30]`,
  },
  check(chain, report) {
    if (chain.phase !== 'damage-step') return;
    for (const l of chain.links) {
      const e = l.effect;
      const card = l.inst?.card;
      if (!e || !card) continue;
      if (l.speed >= 3 || e.mandatory || e.damageStep || e.negatesActivation || e.changesAtk) continue;
      // A card whose text names the Damage Step as its window ("Activate only at the end of the Damage Step") allows it.
      if (e.window?.phase === 'damage-step') continue;
      if (e.kind === 'trigger' || e.kind === 'flip' || e.kind === 'phase-trigger') continue; // trigger rules vary by card: not shown
      report.say('damage-step', l, { link: chain.linkName(l), card: card.name });
    }
  },
});
