// R44-R49: what a link does when it resolves. The simulation applies R44-R48 (card-actions.ts, link-effects.ts:
// a target no longer there, a negated activation or effect, PSCT conjunctions, an effect's own card moved, an
// effect that resolves apart from its card) and shows them in each link's resolution; R49 compares what a
// link is written to do (`-> destroy "X"`) with what its card does (`does ...` in its facts).
import { verbFits } from '../../cards/model';
import type { ActionVerb } from '../../cards/model';
import type { Action } from '../../syntax/ast';
import { quoteName } from '../../syntax/quote';
import { defineRule } from './api';
import { S } from './sources';

/** The card verbs a written action may stand for (a Summon by an effect is a Special Summon). */
const WRITTEN_AS: Partial<Record<Action['kind'], readonly ActionVerb[]>> = {
  destroy: ['destroy', 'negate-summon'],
  'send-to-gy': ['send-to-gy', 'discard', 'tribute'],
  discard: ['discard'],
  tribute: ['tribute'],
  banish: ['banish'],
  'special-summon': ['special-summon'],
  'material-summon': ['special-summon'],
  'add-to-hand': ['add-to-hand', 'return-to-hand'],
  draw: ['draw'],
  set: ['set'],
  negate: ['negate-activation', 'negate-effect', 'negate-summon'],
  damage: ['damage', 'lose-lp'],
  'change-position': ['change-position'],
  equip: ['equip'],
  'take-control': ['take-control'],
};

function writtenVerbs(a: Action): readonly ActionVerb[] | undefined {
  if (a.kind === 'return') return RETURNED_TO[a.to];
  return WRITTEN_AS[a.kind];
}

/**
 * The card verbs a written return fits: a card returned to the hand or the Deck that is an Extra Deck monster goes to
 * the Extra Deck instead (Compulsory Evacuation Device on a Synchro Monster), so a return to the Extra Deck fits each
 * (and a card's `to-hand` fits a return to the hand: verbFits).
 */
const RETURNED_TO: Readonly<Record<'hand' | 'deck' | 'extra', readonly ActionVerb[]>> = {
  hand: ['return-to-hand'],
  deck: ['return-to-deck', 'return-to-extra'],
  extra: ['return-to-extra', 'return-to-deck', 'return-to-hand'],
};

const ACTION_WORDS: Partial<Record<Action['kind'], string>> = { 'material-summon': 'summon', 'special-summon': 'special summon', 'add-to-hand': 'add', 'send-to-gy': 'send to the GY', 'change-position': 'change position' };

export const resolutionEffects = defineRule({
  name: 'resolution-effects',
  codes: {
    'claim-not-on-card': { rules: ['R49'], severity: 'warning', summary: "a link's written action that its card's effect does not do" },
  },
  catalogue: [
    {
      id: 'R44',
      title: 'A target that is no longer there is not affected',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'When a link resolves, a target that has left the place it was targeted in (even if it came back: it is a new card), or that is face-down or another player\'s where the effect targeted a face-up card or a card a player controls, or face-up where the effect targeted a face-down (Set) card and says "that target" (a Set card activated in response), is not affected; that part of the effect is not applied to it. Shown in the resolution ("not applied: ... its target left the field at CL2 [R44]").',
      sources: [S.W19, S.W93, S.W94, S.W134, S.W135, S.W161],
    },
    {
      id: 'R45',
      title: 'A negated activation, a negated effect',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A link whose activation is negated does nothing, and its Spell/Trap card (a Continuous, Field or Equip one too) goes to the GY. A link whose effect is negated was still activated: it does nothing, and its card stays where it is (a Continuous Spell/Trap stays on the field; a Normal one goes to the GY after the chain, R4). A negated Summon did not happen: the monster was never Summoned.',
      sources: [S.W95, S.W97],
    },
    {
      id: 'R46',
      title: 'Parts of an effect: "and if you do", "then", "also", "and"',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'An effect\'s parts depend on each other as its conjunctions say: the part after "and if you do" or "then" happens only if the part before it happened ("then" also comes after it, a step of its own); parts joined by "also" (or "and") are applied independently, at the same time.',
      sources: [S.W4, S.W5, S.W15, S.W98],
    },
    {
      id: 'R47',
      title: 'An effect that needs its own card where it was',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'A part that moves or uses the effect\'s own card (Special Summon itself, banish itself, return itself) is not applied if the card has left the place it was in when the effect was activated. A Continuous or Equip Spell/Trap that left the field before its activation resolved applies nothing.',
      sources: [S.W92, S.W94, S.W96],
    },
    {
      id: 'R48',
      title: 'An activated effect resolves apart from its card',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'Once activated, a monster effect (or a Normal Spell/Trap) resolves even if its card has since left the field or been negated on the field; only what needs the card itself is not applied (R47), and a Field or Continuous Spell\'s trigger is the exception of R18.',
      sources: [S.W91],
    },
    {
      id: 'R49',
      title: 'What a link is written to do is what its card does',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'A link\'s written actions (`-> destroy "X"`) are claims about its card\'s effect: where the card library knows what the effect does (`does ...`), an action of another kind is a warning (an Extra Deck monster returned to the hand or the Deck goes to the Extra Deck, so a written return there fits either). A link written without actions does what its card does.',
      sources: [S.CS],
    },
  ],
  messages: {
    'claim-not-on-card': (p: { card: string; action: string; does: string }) =>
      `${quoteName(p.card)} is written to ${p.action}, but its effect does ${p.does} (the card library's facts); check the card's text, or correct the card's \`does\` line [R49]`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      const does = l.effect?.does;
      if (!l.inst || !does?.length || !l.stmt.actions) continue;
      for (const a of l.stmt.actions.groups.flat()) {
        const could = writtenVerbs(a);
        if (!could || could.some((w) => does.some((d) => verbFits(d.verb, w)))) continue;
        report.say('claim-not-on-card', l, { card: l.inst.name, action: ACTION_WORDS[a.kind] ?? a.kind.replace(/-/g, ' '), does: does.map((d) => d.verb.replace(/-/g, ' ')).join(', ') });
      }
    }
  },
});
