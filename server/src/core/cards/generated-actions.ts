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
  disable_summon: 'negate-summon',
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

/**
 * The letters of the record's `ops:` note (scripts/lib/lua-actions.js) that show a verb called by the card's
 * operations; a category whose verb none of them shows is what the effect checks, not what it does.
 */
const CALLED_AS: Readonly<Partial<Record<ActionVerb, string>>> = {
  destroy: 'D',
  banish: 'B',
  'add-to-hand': 'H',
  'return-to-deck': 'K',
  'return-to-extra': 'K',
  'special-summon': 'P',
  'send-to-gy': 'GX',
  discard: 'XG',
  draw: 'W',
  'negate-activation': 'N',
  'negate-summon': 'S',
  'negate-effects': 'FE',
  'change-position': 'O',
  'change-atk': 'T',
  'gain-lp': 'R',
  damage: 'M',
  'take-control': 'C',
  equip: 'Q',
  tribute: 'U',
};

/**
 * The parts of an effect record from its categories (one per verb, in their order); with the card's `ops`
 * letters, only the verbs its operations call (the two witnesses cross-checked).
 */
export function actionsFromCategories(categories: readonly string[], ops?: string): EffectAction[] {
  const out: EffectAction[] = [];
  for (const c of categories) {
    const verb = BY_CATEGORY[c];
    if (!verb || out.some((a) => a.verb === verb)) continue;
    if (ops !== undefined && ![...(CALLED_AS[verb] ?? '')].some((l) => ops.includes(l))) continue;
    out.push({ verb, link: out.length ? 'also' : 'first' });
  }
  return out;
}
