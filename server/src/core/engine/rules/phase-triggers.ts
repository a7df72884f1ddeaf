// R24-R26: phase-timed triggers ("during the End Phase") are not simultaneous: each starts a chain
// of its own (unless it is Spell Speed 2, R26), and an optional one is lost once both players
// passed in the phase.
import { defineRule } from './api';
import { S } from './sources';

export const phaseTriggers = defineRule({
  name: 'phase-triggers',
  codes: {
    'phase-trigger-chained': { rules: ['R24'], severity: 'error', summary: 'two phase-timed triggers in one chain', fix: 'remove-link' },
    'phase-trigger-lost': { rules: ['R25'], severity: 'error', summary: 'an optional phase trigger activated after both players passed', fix: 'remove-link' },
  },
  catalogue: [
  {
    id: 'R24',
    title: 'Phase triggers do not chain together',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Effects that activate "during the ... Phase" or "at the end of the Battle Phase" are not simultaneous: each is Chain Link 1 of its own chain, fast effects may answer it, and the next one comes after that chain.',
    sources: [S.S0, S.S1, S.S3, S.W14, S.YC],
  },
  {
    id: 'R25',
    title: 'Who may activate phase triggers, and when the chance is gone',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'The turn player may activate phase triggers first, in any order, or pass; then the opponent. When both pass in a row, unused optional phase triggers are lost and the phase ends; mandatory ones cannot be skipped.',
    sources: [S.S3, S.YC],
  },
  {
    id: 'R26',
    title: 'Phase triggers of Trap cards',
    tag: 'version',
    tags: ['version', 'card-specific'],
    inForce: 'always',
    summary:
      "Some Trap cards' phase-timed effects are Spell Speed 2 and may be Chain Link 2 or higher; others may not, and Spell cards' phase triggers behave like monsters'. Decided card by card; no diagnostic of its own.",
    sources: [S.S3],
    note: 'segoc follows the card definition: a phase trigger with `spell speed 2` may be chained; others are checked by R24.',
  },
  ],
  messages: {
    'phase-trigger-chained': (p: { link: string; earlier: string; timing: string }) =>
      `${p.link} and ${p.earlier} are both phase-timed triggers ("${p.timing}"): such effects are not simultaneous and do not form a SEGOC chain; each is activated as chain link 1 of its own chain, one after another [R24]`,
    'spell-speed-1-chained/phase-trigger': (p: { link: string; below: string }) =>
      `${p.link} is a phase-timed trigger (Spell Speed 1): it starts a chain of its own and cannot be chained to ${p.below} [R7/R24]`,
    'phase-trigger-lost': (p: { link: string }) =>
      `both players passed priority in this phase before ${p.link} was activated, so the optional phase trigger lost its opportunity and the phase ended; the turn player gets the first chance and, after a pass, the opponent — two passes in a row end it [R25]`,
  },
  check(chain, report) {
    const phaseLinks = chain.links.filter((l) => l.role === 'phase-trigger');
    for (const l of phaseLinks) {
      const chainable = (l.effect?.spellSpeedOverride ?? 1) >= 2;
      if (l.position > 1 && !chainable) {
        const earlier = phaseLinks.find((x) => x.position < l.position);
        if (earlier) {
          report.say(
            'phase-trigger-chained',
            l,
            { link: chain.linkName(l), earlier: chain.linkName(earlier), timing: l.effect?.phaseTime?.raw ?? 'phase' },
            [{ link: earlier, message: 'an earlier phase trigger: it gets its own chain' }],
          );
        } else {
          const prev = chain.links[l.position - 2];
          report.say(
            'spell-speed-1-chained/phase-trigger',
            l,
            { link: chain.linkName(l), below: chain.linkName(prev) },
            [{ link: prev, message: 'the link it would be chained to' }],
          );
        }
      }
      if (chain.phaseClosed && l.effect && !l.effect.mandatory) {
        report.say('phase-trigger-lost', l, { link: chain.linkName(l) });
      }
    }
  },
});
