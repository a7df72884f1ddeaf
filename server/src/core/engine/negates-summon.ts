// Whether a link negates a Summon: one answer for the two readers that need it. The timeline asks before the
// chain is classified, to keep a Summon's monster off the field when the chain at its moment negates it (run.ts,
// R51); the rules ask of the classified link (R50-R53). Both go by the same two signs.
import type { EffectInfo } from '../cards/model';
import type { ActionSeq } from '../syntax/ast';

/** An effect that answers a Summon being attempted ("when a monster would be Summoned"). */
function answersSummonAttempt(e: EffectInfo): boolean {
  return [...e.responds, ...(e.event ? [e.event] : [])].some((r) => r.kind === 'card' && r.attempt);
}

/**
 * A link negates a Summon when it writes `negate the summon`; or, written bare, when it is Chain Link 1 at a
 * Summon's moment and one of `effects` (the chosen effect, or before classification every effect of its card)
 * answers the attempt and does `negate summon`. Solemn Strike's "negate the Summon or activation" answers the link
 * below it where there is one, so only at the Summon's moment is it the Summon's negation.
 */
export function negatesSummon(written: ActionSeq | undefined, firstAtSummonMoment: boolean, effects: readonly EffectInfo[]): boolean {
  if (written) return written.groups.some((g) => g.some((a) => a.kind === 'negate-summon'));
  return firstAtSummonMoment && effects.some((e) => answersSummonAttempt(e) && e.does.some((a) => a.verb === 'negate-summon'));
}
