// R55: the parts of the Damage Step (R30 refined). Where the scenario says which part the game is in (`start of
// damage step`, `before damage calculation`, `during damage calculation`, `after damage calculation`, `end of
// damage step`), an effect that directly changes ATK/DEF can be activated only at the start of the Damage Step and
// before damage calculation (during it only where its card says so, `damage step`), and a trigger of a monster
// destroyed by battle that needs it in the GY waits for the end of the Damage Step, where it is sent there.
import type { DamageStepPart } from '../../words';
import { defineRule } from './api';
import { S } from './sources';

const PART_WORDS: Record<DamageStepPart, string> = {
  start: 'at the start of the Damage Step',
  'before-calculation': 'before damage calculation',
  calculation: 'during damage calculation',
  'after-calculation': 'after damage calculation',
  end: 'at the end of the Damage Step',
};

const messages = {
  'damage-step-timing/atk': (p: { link: string; part: string }) =>
    `${p.link} directly changes ATK/DEF ${p.part}: such effects can be activated only at the start of the Damage Step and before damage calculation (during damage calculation only where the card says so) [R55]`,
  'damage-step-timing/wait-end': (p: { link: string }) =>
    `${p.link} is activated after damage calculation, but its monster destroyed by battle is sent to the GY only at the end of the Damage Step: the trigger waits for the end of the Damage Step (\`end of damage step\`) [R55]`,
};

export const damageStepTiming = defineRule({
  name: 'damage-step-timing',
  codes: {
    'damage-step-timing': { rules: ['R55'], severity: 'error', summary: 'an activation in a part of the Damage Step that does not allow it' },
  },
  catalogue: [
    {
      id: 'R55',
      title: 'The parts of the Damage Step',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'Effects that directly change ATK/DEF can be activated only at the start of the Damage Step and before damage calculation. A trigger of a monster destroyed by battle that needs it in the GY waits for the end of the Damage Step.',
      sources: [S.W44, S.W22, S.W7],
    },
  ],
  messages,
  check(chain, report) {
    const part = chain.damageStepPart;
    if (!part) return;
    for (const l of chain.links) {
      const e = l.effect;
      if (!e) continue;
      const lateForAtk = part === 'after-calculation' || part === 'end' || (part === 'calculation' && !e.damageStep);
      if (e.changesAtk && lateForAtk && l.speed < 3 && !e.negatesActivation && !e.mandatory) {
        report.say('damage-step-timing/atk', l, { link: chain.linkName(l), part: PART_WORDS[part] });
        continue;
      }
      const ev = l.candidate?.event;
      const pattern = e.event;
      const needsGy = pattern?.kind === 'card' && (pattern.verb === 'sent-to-gy' || !!pattern.toGy);
      if (part === 'after-calculation' && needsGy && ev?.kind === 'move' && ev.cause === 'battle') report.say('damage-step-timing/wait-end', l, { link: chain.linkName(l) });
    }
  },
});
