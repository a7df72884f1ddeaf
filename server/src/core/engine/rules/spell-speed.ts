// R6-R8 and R14 (R5's table is classify.ts's spellSpeed): each link at least as fast as the one
// below; Spell Speed 1 only at CL1 or in the trigger batch; only Counter Traps on a Counter Trap;
// no fast effect inside the trigger batch.
import { kindWords, legalOrderText } from '../narrative';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';

const messages = {
  'spell-speed': (p: { link: string; speed: number; below: string; belowSpeed: number }) =>
    `${p.link} is Spell Speed ${p.speed} but ${p.below} is Spell Speed ${p.belowSpeed}: a link must be at least as fast as the link it is chained to [R6]`,
  'spell-speed-1-chained': (p: { link: string; kind: string }) =>
    `${p.link} is Spell Speed 1 (${p.kind}); Spell Speed 1 effects can be chain link 2 or higher only as members of a simultaneous trigger batch, placed before any fast effect; legal: activate it as chain link 1 once this chain has resolved [R7]`,
  'counter-trap-only': (p: { link: string; speed: number; below: string }) =>
    `${p.link} is Spell Speed ${p.speed} and is chained to ${p.below}, a Counter Trap (Spell Speed 3): only Counter Traps can be chained to a Counter Trap [R8]`,
  'fast-effect-in-batch': (p: { fast: string; trigger: string; legalOrder: string }) =>
    `${p.fast} is a fast effect placed in the middle of the trigger batch: ${p.trigger} is a simultaneous trigger and had to be placed before anyone could activate fast effects; ${p.legalOrder}; all batch triggers come first [R14]`,
};
type Report = RuleReporter<typeof messages>;

/** R6; also reported beside R7/R8, which are its special cases, so either code can be expected. */
function reportSlower(chain: ChainView, report: Report, l: LinkState, prev: LinkState): void {
  report.say(
    'spell-speed',
    l,
    { link: chain.linkName(l), speed: l.speed, below: chain.linkName(prev), belowSpeed: prev.speed },
    [{ link: prev, message: `Spell Speed ${prev.speed}` }],
  );
}

function checkLink(chain: ChainView, report: Report, l: LinkState, prev: LinkState): void {
  if (!l.effect || !prev.effect) return;
  // A trigger that cannot be in this chain at all is reported as such, not for its speed.
  if (l.status.ineligible) return;
  if (l.role === 'batch-trigger' || l.role === 'phase-trigger') return;
  // Hand triggers (R28) are judged by hand-triggers.ts.
  if (l.role === 'hand-trigger') return;
  if (l.role === 'slow') {
    const isTrigger = l.effect.kind === 'trigger' || l.effect.kind === 'flip';
    if (isTrigger && l.candidate) {
      // A batch trigger placed after a fast effect (R14): point at the fast effect below it.
      const fast = chain.links.slice(0, l.position - 1).reverse().find((x) => x.role !== 'batch-trigger' && x.effect);
      if (fast) {
        report.say(
          'fast-effect-in-batch',
          fast,
          { fast: chain.linkName(fast), trigger: chain.linkName(l), legalOrder: legalOrderText(chain) },
          [{ link: l, message: 'a batch trigger placed above the fast effect' }],
        );
        return;
      }
    }
    report.say(
      'spell-speed-1-chained',
      l,
      { link: chain.linkName(l), kind: kindWords(l.effect, l.inst!.card!) },
      [{ link: prev, message: `CL${prev.position} is what it would be chained to` }],
    );
    if (l.speed < prev.speed) reportSlower(chain, report, l, prev);
    return;
  }
  if (prev.speed >= 3 && l.speed < 3) {
    report.say(
      'counter-trap-only',
      l,
      { link: chain.linkName(l), speed: l.speed, below: chain.linkName(prev) },
      [{ link: prev, message: 'Spell Speed 3' }],
    );
    reportSlower(chain, report, l, prev);
    return;
  }
  if (l.speed < prev.speed) reportSlower(chain, report, l, prev);
}

export const spellSpeed = defineRule({
  name: 'spell-speed',
  codes: {
    'spell-speed': { rules: ['R6'], severity: 'error', summary: 'CLn has a lower Spell Speed than CL(n-1)' },
    'spell-speed-1-chained': {
      rules: ['R7'],
      severity: 'error',
      summary: 'a Spell Speed 1 effect that is not a member of the trigger batch at CL2 or higher',
      fix: 'remove-link',
    },
    'counter-trap-only': { rules: ['R8'], severity: 'error', summary: 'a non-Counter Trap placed on a Counter Trap' },
    'fast-effect-in-batch': {
      rules: ['R14'],
      severity: 'error',
      summary: 'a fast effect between trigger-batch links, or a batch trigger placed above a fast effect',
      fix: 'reorder',
    },
  },
  catalogue: [
  {
    id: 'R5',
    title: 'Spell Speeds',
    tag: 'version',
    tags: ['stable', 'version', 'engine≠rule'],
    inForce: 'always',
    // The ruleset changes R5's table, not whether it holds (RulesInForce.trapTriggersSpeed2).
    underRuleset: (_inForce, ruleset) => (ruleset.region === 'ocg' ? 'R5: OCG: trigger effects of Trap cards are Spell Speed 2.' : 'R5: trigger effects are Spell Speed 1.'),
    summary:
      'Spell Speed 1: Normal, Equip, Field, Continuous and Ritual Spells; Ignition, Trigger and Flip effects. Spell Speed 2: Quick-Play Spells, Normal and Continuous Traps, Quick Effects. Spell Speed 3: Counter Traps only.',
    sources: [S.S2, S.S3, S.YC],
    note:
      'OCG: trigger effects of Trap cards are Spell Speed 2; segoc applies this under `rules ocg` and uses Spell Speed 1 under `rules tcg` (a card definition can set `spell speed N`). ygopro gives every trigger Spell Speed 1.',
  },
  {
    id: 'R6',
    title: 'A link must be at least as fast as the one below',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary: 'From Chain Link 2 on, each link needs a Spell Speed equal to or higher than the link directly below it.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R7',
    title: 'Spell Speed 1 above Chain Link 1 only inside a trigger batch',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'A Spell Speed 1 effect can be Chain Link 2 or higher only as a member of a batch of simultaneous triggers, placed before any fast effect. Spell cards of Spell Speed 1, Ignition Effects and triggers outside such a batch always start a chain.',
    sources: [S.S0, S.S2, S.YC],
  },
  {
    id: 'R8',
    title: 'Only Counter Traps on a Counter Trap',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Once a Counter Trap (Spell Speed 3) is on the chain, only another Counter Trap can be chained to it; Traps, Quick-Play Spells and Quick Effects such as Ash Blossom cannot.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R14',
    title: 'The whole batch goes on before any fast effect',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Every trigger of a simultaneous batch is placed before either player may use a fast effect. A fast effect cannot be put between batch links, and a trigger not placed at its turn cannot be added later in that chain.',
    sources: [S.S1, S.S2, S.S3, S.YC],
  },
  ],
  messages,
  needs: ['eligibility'],
  check(chain, report) {
    for (let i = 1; i < chain.links.length; i++) checkLink(chain, report, chain.links[i], chain.links[i - 1]);
  },
});
