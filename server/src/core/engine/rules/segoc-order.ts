// R11 (and R9, R12): simultaneous triggers go on the chain by category — turn player's mandatory,
// non-turn player's mandatory, turn player's optional, non-turn player's optional — whatever their
// Spell Speed; inside a category the controller chooses. R13: the legacy TCG "trigger first" order.
import { CATEGORY_LABELS } from '../results';
import { describeEvent, legalOrderText } from '../narrative';
import { Category, defineRule } from './api';
import { S } from './sources';

export const segocOrder = defineRule({
  name: 'segoc-order',
  codes: {
    'segoc-order': {
      rules: ['R11'],
      severity: 'error',
      summary: 'a trigger of a later category (TP mandatory, NTP mandatory, TP optional, NTP optional) below an earlier one',
      fix: 'reorder',
    },
    'legacy-trigger-order': {
      rules: ['R13'],
      severity: 'error',
      summary: 'legacy TCG only: same player and category, not in the order the conditions were met',
      fix: 'reorder',
    },
  },
  catalogue: [
  {
    id: 'R9',
    title: 'Inside the batch, Spell Speed is not compared',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'While simultaneous triggers are placed, their Spell Speeds are not compared, so a Spell Speed 1 trigger may sit above a Spell Speed 2 Trap trigger of the same batch. This holds for batch members only. No diagnostic of its own.',
    sources: [S.S3],
  },
  {
    id: 'R11',
    title: 'SEGOC order',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      "Simultaneous triggers go on the chain in four groups: turn player's mandatory, non-turn player's mandatory, turn player's optional, non-turn player's optional. A trigger of a later group cannot sit below one of an earlier group.",
    sources: [S.S0, S.S1, S.S3, S.W26, S.W3, S.YC],
  },
  {
    id: 'R12',
    title: 'Free order inside a group',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Inside one SEGOC group its controller picks the order; which condition was met first does not matter. No diagnostic under current rules.',
    sources: [S.S1, S.S0, S.S3, S.W8],
    note: 'Old TCG games (`rules tcg as of` a date before 2017-07-21) follow R13 instead.',
  },
  {
    id: 'R13',
    title: 'Legacy TCG: triggers in the order they were met',
    tag: 'version',
    tags: ['version'],
    // rules.md "Rulesets": Rulebook 10 reached the TCG with Starter Deck Link Strike (2017-07-21).
    inForce: { tcg: { before: '2017-07-21' }, ocg: 'never' },
    underRuleset: (inForce) =>
      inForce
        ? 'R13 [version]: legacy TCG "trigger first": inside one player\'s category, effects go on the chain in the order their conditions were met.'
        : 'R12: inside one category the controller chooses the order (R13 legacy order not in force).',
    summary:
      'Before New Master Rule, the TCG required effects of one player and group to be placed in the order their conditions were met (a Sangan Tributed for Zaborg went below Zaborg). The OCG never had this rule.',
    sources: [S.S0, S.S3, S.W3, S.W8, S.EC],
    note:
      'Checked only for `rules tcg as of` a date before 2017-07-21 (Rulebook 10 reached the TCG with the Starter Deck Link Strike, July 2017; 2017-03-25 was the OCG date). Never for `rules ocg`; current TCG uses R12.',
  },
  ],
  messages: {
    'segoc-order': (p: { lower: string; lowerCategory: Category; higher: string; higherCategory: Category; legalOrder: string }) =>
      `${p.lower} is a ${CATEGORY_LABELS[p.lowerCategory]} trigger (category ${p.lowerCategory} of 4) but stands below ${p.higher}, a ${CATEGORY_LABELS[p.higherCategory]} trigger (category ${p.higherCategory}); simultaneous triggers go on the chain turn player's mandatory, then non-turn player's mandatory, then turn player's optional, then non-turn player's optional; ${p.legalOrder} [R11]`,
    'legacy-trigger-order': (p: { ruleset: string; earlier: string; event: string; later: string; legalOrder: string }) =>
      `under ${p.ruleset} (legacy TCG "trigger first" rule, before New Master Rule 2017) ${p.earlier} met its condition first (${p.event}), so it must be placed below ${p.later}; ${p.legalOrder} (under current rules any order inside a category is legal) [R13 version]`,
  },
  // A trigger whose card changed location does not activate: it takes no place in the order.
  needs: ['eligibility'],
  check(chain, report) {
    // OCG hand triggers (R28) are no batch members: they follow every public trigger at fast-effect priority,
    // whatever their category, so R11 does not compare them (hand-triggers.ts checks where they stand).
    const ordered = chain.members.filter((m) => m.category !== undefined && m.role !== 'hand-trigger' && m.status.ineligible !== 'location-changed');
    for (let j = 0; j < ordered.length; j++) {
      const lower = ordered[j];
      const higher = ordered.slice(j + 1).find((h) => h.category! < lower.category!);
      if (higher) {
        report.say(
          'segoc-order',
          lower,
          { lower: chain.linkName(lower), lowerCategory: lower.category!, higher: chain.linkName(higher), higherCategory: higher.category!, legalOrder: legalOrderText(chain) },
          [{ link: higher, message: `category ${higher.category}: must be placed below CL${lower.position}` }],
        );
      }
    }
    if (!chain.rules.legacyTriggerOrder) return;
    for (let j = 0; j < ordered.length; j++) {
      const lower = ordered[j];
      if (!lower.candidate) continue;
      const higher = ordered
        .slice(j + 1)
        .find((h) => h.candidate && h.category === lower.category && h.candidate.player === lower.candidate!.player && h.candidate.event.step < lower.candidate!.event.step);
      if (higher) {
        report.say(
          'legacy-trigger-order',
          lower,
          { ruleset: chain.ruleset.label, earlier: chain.linkName(higher), event: describeEvent(higher.candidate!.event, chain.players), later: chain.linkName(lower), legalOrder: legalOrderText(chain) },
          [{ link: higher, message: 'triggered earlier: must be the lower link' }],
        );
      }
    }
  },
});
