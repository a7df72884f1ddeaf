// R85: a part of an effect that applies only under its own condition ("then if this card was Set before activation and
// is on the field at resolution, ..."). The simulation applies it (card-actions.ts conditionHolds: where the scenario
// states where the card was activated from, the part is applied or said as not applied; where it does not, the part
// is applied and the link says so as an assumption); it raises no diagnostic of its own, so this module only
// catalogues it.
import { defineRule } from './api';
import { S } from './sources';

export const partConditions = defineRule({
  name: 'part-conditions',
  codes: {},
  messages: {},
  catalogue: [
    {
      id: 'R85',
      title: 'A part that applies only under its own condition',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'A part of an effect whose text gives it a condition of its own (Infinite Impermanence: "then if this card was Set before activation and is on the field at resolution, ...", written `does ... then negate effects if set before activation`) applies only if the condition holds when the link resolves: not when the card was activated from the hand, nor when it left the field before the link resolved; its other parts are not affected. Where the scenario does not say where the card was activated from, the part is applied and the link says it was assumed.',
      sources: [S.W115, S.W116, S.W117],
    },
  ],
});
