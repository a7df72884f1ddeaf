// R62-R65: continuous effects that forbid or negate while their card is face-up on the field. R62: a lock on
// activations ("Trap Cards ... cannot be activated": Jinzo) makes a link illegal; R63: a lock on Special Summons
// ("Neither player can Special Summon monsters": Vanity's Emptiness) forbids an effect that must Special Summon, and
// stops the Summon of one already on the chain; R64: a continuous negation (Skill Drain, Imperial Order, Royal
// Decree) does not stop the activation, it negates the effect where its card stands when the link resolves; R65: a
// card unaffected by an effect may still be its target, and is not affected. The board at each moment is read by
// engine/continuous.ts (placement records the locks on the link's player; the resolution applies R63-R65); this
// module says what a judge says. A lock whose scope or condition the library does not read is a named unknown fact.
import { describeRestriction } from '../../cards/vocabulary/restrictions';
import { quoteName } from '../../syntax/quote';
import { activeRestrictions, lockScopeCovers, lockWords, restrictionUnsure, summonLocks, unsureLockQuestion } from '../continuous';
import type { CardRef, GameAction } from '../../syntax/ast';
import { restsOn } from '../unknown-facts';
import { defineRule, LinkState } from './api';
import { S } from './sources';

const messages = {
  'activation-locked': (p: { link: string; lock: string; says: string }) =>
    `${p.link} cannot be activated: ${quoteName(p.lock)} is face-up on the field, and ${p.says} (remove it first, or activate something it does not cover) [R62]`,
  'summon-locked': (p: { link: string; lock: string; says: string }) =>
    `${p.link} cannot be activated: its effect must Special Summon, and ${quoteName(p.lock)} is face-up on the field: ${p.says} [R63]`,
  'summon-locked/action': (p: { summon: string; lock: string; says: string }) =>
    `${p.summon} cannot happen: ${quoteName(p.lock)} is face-up on the field: ${p.says} (a Summon by its procedure is a Special Summon too; remove ${quoteName(p.lock)} first) [R63]`,
  'negated-by-continuous': (p: { link: string; negator: string }) =>
    `${p.link}: its effect is negated by ${quoteName(p.negator)}, face-up on the field when the link resolves, so the actions written after \`->\` do not happen (its card could still be activated; write \`-> nothing\`, or remove ${quoteName(p.negator)} first) [R64]`,
  'unaffected-card': (p: { link: string; cards: string }) =>
    `${p.link}: ${p.cards} unaffected by its effect when the link resolves, so the written action does not happen to it (being unaffected does not stop the targeting) [R65]`,
};

/** A game action that Special Summons by the game's procedure, as a judge names it, and its player; undefined for any other action. */
function specialSummonAction(a: GameAction, nameOf: (r: CardRef) => string): { player: string; summon: string } | undefined {
  const method = (m: string) => `${m[0].toUpperCase()}${m.slice(1)} Summon`;
  if (a.kind === 'summon' && a.summonType === 'special') return { player: a.player.text, summon: `${a.player.text}'s Special Summon of ${quoteName(nameOf(a.card))}` };
  if (a.kind === 'material-summon') return { player: a.player.text, summon: `${a.player.text}'s ${method(a.method)} of ${quoteName(nameOf(a.card))}` };
  if (a.kind === 'pendulum-summon') return { player: a.player.text, summon: `${a.player.text}'s Pendulum Summon` };
  return undefined;
}

/** Whether the link's effect must Special Summon: its written actions, or a part of its card's effect that does not depend on another. */
function mustSpecialSummon(l: LinkState): boolean {
  const written = l.stmt.actions;
  if (written) return written.groups.some((g) => g.some((a) => a.kind === 'special-summon' || a.kind === 'material-summon'));
  const e = l.effect;
  if (!e) return false;
  return e.summonsItself || e.does.some((p) => p.verb === 'special-summon' && (p.link === 'first' || p.link === 'and' || p.link === 'also'));
}

export const locks = defineRule({
  name: 'locks',
  codes: {
    'activation-locked': { rules: ['R62'], severity: 'error', summary: 'activates a card or effect that a face-up card on the field forbids (Jinzo: Trap Cards)' },
    'summon-locked': { rules: ['R63'], severity: 'error', summary: 'activates an effect that must Special Summon, or Special Summons by procedure, while a face-up card says its player cannot Special Summon' },
    'negated-by-continuous': { rules: ['R64'], severity: 'warning', summary: 'writes what a link does although a face-up card negates its effect when it resolves (Skill Drain)' },
    'unaffected-card': { rules: ['R65'], severity: 'warning', summary: 'writes an action on a card that is unaffected by the effect when it resolves' },
  },
  catalogue: [
    {
      id: 'R62',
      title: 'A face-up lock forbids activations',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'While a card whose continuous effect says a player cannot activate some cards or effects is face-up on the field (and, for a Continuous Spell/Trap, its activation has resolved), that player cannot activate them: Jinzo, Trap Cards; Majesty\'s Fiend, monster effects anywhere. A lock applies to players, so an unaffected card is locked too.',
      sources: [S.W62],
    },
    {
      id: 'R63',
      title: 'A face-up lock forbids Special Summons',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'While a card that says a player cannot Special Summon is face-up on the field, that player cannot activate an effect that must Special Summon, and a Special Summon of an effect already on the chain does not happen when it resolves (Vanity\'s Emptiness chained to Monster Reborn). A Special Summon by the game\'s procedure (a Link or Pendulum Summon, Cyber Dragon from the hand) is locked too.',
      sources: [S.W62],
    },
    {
      id: 'R64',
      title: 'A continuous negation applies where the effect resolves',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A continuous effect that negates effects on the field (Skill Drain: face-up monsters; Imperial Order: Spells; Royal Decree: other Traps) does not stop their activation: the effect is negated when it resolves if its card is then face-up on the field while the negating card applies, even if that card was activated later in the same chain; an effect whose card left the field is not negated, and of two cards that negate each other (Jinzo, Skill Drain) the one that applied first wins. Necrovalley negates any card effect that would move a card in the GY to a different place, wherever its card is (Monster Reborn is activated, and negated).',
      sources: [S.W64, S.W61, S.W121, S.W158],
    },
    {
      id: 'R65',
      title: 'An unaffected card is not affected',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A card that is unaffected by an effect can still be its target; when the effect resolves, it does not apply to that card (the rest of the effect still applies). Costs are no effects: they can use it.',
      sources: [S.W65],
    },
  ],
  messages,
  checkAction(view, report) {
    // R63 on a Special Summon by the game's procedure: the lock forbids it as it forbids an effect's.
    const summon = specialSummonAction(view.action, (r) => view.resolvedRef(r)?.name ?? (r.kind === 'name' ? r.name : r.label));
    const player = summon && view.playerIndex(summon.player);
    if (!summon || player === undefined) return;
    for (const a of summonLocks(activeRestrictions(view.instances, new Set(), view.appliedSince), player)) {
      const r = a.restriction;
      if (r.kind !== 'cannot-special-summon') continue;
      if (r.except || restrictionUnsure(a.card.card, r)) {
        report.restsOn({ card: a.card.name, fact: 'lock', what: `whether ${lockWords(a)} covers this Special Summon`, why: `it is face-up on the field when ${summon.summon} happens (R63)` });
        continue;
      }
      report.say('summon-locked/action', { summon: summon.summon, lock: a.card.name, says: describeRestriction(r) });
      return;
    }
  },
  check(chain, report) {
    for (const l of chain.links) {
      if (l.status.ineligible || l.player === undefined || !l.inst?.card || l.noChainEffect) continue;
      for (const a of l.locksAtPlacement) {
        const r = a.restriction;
        // Spells not Set earlier (Anti-Spell Fragrance) are R92's: scoped-locks.ts.
        if (r.kind === 'cannot-activate' && r.what === 'spell-cards-unless-set') continue;
        if (r.kind === 'cannot-activate') {
          const covers = lockScopeCovers(r, l.inst.card);
          if (covers === false) continue;
          if (covers === undefined || restrictionUnsure(a.card.card, r)) {
            // Unsure for want of a script (its effect read from the card's text alone), or for its condition.
            const what = covers === undefined ? `whether ${lockWords(a)} covers this activation` : unsureLockQuestion(a);
            restsOn(l, { card: a.card.name, fact: 'lock', what, why: `it is face-up on the field when ${chain.linkName(l)} is activated (R62)` });
            continue;
          }
          report.say('activation-locked', l, { link: chain.linkName(l), lock: a.card.name, says: describeRestriction(r) });
          break;
        }
        if (r.kind === 'cannot-special-summon' && mustSpecialSummon(l)) {
          if (r.except || restrictionUnsure(a.card.card, r)) {
            restsOn(l, { card: a.card.name, fact: 'lock', what: `whether ${lockWords(a)} covers this Special Summon`, why: `it is face-up on the field when ${chain.linkName(l)} is activated (R63)` });
            continue;
          }
          report.say('summon-locked', l, { link: chain.linkName(l), lock: a.card.name, says: describeRestriction(r) });
          break;
        }
      }
      if (!l.stmt.actions) continue;
      if (l.negatedBy) report.say('negated-by-continuous', l, { link: chain.linkName(l), negator: l.negatedBy.name });
      const spared = (l.resolution?.acts ?? []).flatMap((x) => (x.kind === 'not-applied' && x.reason === 'unaffected' && x.card ? [x.card] : []));
      if (spared.length) report.say('unaffected-card', l, { link: chain.linkName(l), cards: `${spared.map(quoteName).join(', ')} ${spared.length > 1 ? 'are' : 'is'}` });
    }
  },
});
