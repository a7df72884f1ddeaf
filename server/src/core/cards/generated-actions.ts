// What a generated card's effect does on resolution, read from its script's categories (SetCategory
// CATEGORY_*, kept in the record): one part per category, in the script's order. The categories say what
// the effect may do, not on which cards, in which order or under which condition, so the parts name no
// object (the resolution says them done without moving a card the scenario shows) and are joined by
// "also" (none is skipped because another did not happen). No assumption is listed for them: an effect's
// assumptions are facts a verdict rests on (unknown-card-fact), and what an effect does decides no verdict.
// Apart from generated-record.ts, which other readings of the record share, so that each reading stays one
// function of its own.
import type { ActionVerb, EffectAction } from './types';

/** A category's part; categories that change nothing a resolution shows (`leave_grave`, `decktop`) have none. */
const BY_CATEGORY: Readonly<Record<string, ActionVerb>> = {
  negate: 'negate-activation',
  disable: 'negate-effects',
  destroy: 'destroy',
  remove: 'banish',
  special_summon: 'special-summon',
  search: 'add-to-hand',
  tohand: 'add-to-hand',
  todeck: 'return-to-deck',
  toextra: 'return-to-extra',
  tograve: 'send-to-gy',
  draw: 'draw',
  handes: 'discard',
  release: 'tribute',
  pos: 'change-position',
  atkchange: 'change-atk',
  defchange: 'change-atk',
  recover: 'gain-lp',
  damage: 'damage',
  control: 'take-control',
  equip: 'equip',
};

/** The parts of an effect record from its categories (one per verb, in their order). */
export function actionsFromCategories(categories: readonly string[]): EffectAction[] {
  const out: EffectAction[] = [];
  for (const c of categories) {
    const verb = BY_CATEGORY[c];
    if (!verb || out.some((a) => a.verb === verb)) continue;
    out.push({ verb, link: out.length ? 'also' : 'first' });
  }
  return out;
}
