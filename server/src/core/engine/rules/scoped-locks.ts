// R92-R93: locks whose scope is not a kind of card but how a card got where it is, or where a card goes. R92: while
// Anti-Spell Fragrance is face-up, a Spell Card is activated only once Set, and not before its player's next turn after
// Setting it (a Spell from the hand, a Pendulum Scale, or a Spell Set this turn while the lock applied cannot be
// activated). R93: while Necrovalley is face-up, cards in the GY cannot be banished (a cost or an effect that would
// banish one cannot be activated). Necrovalley's other half, "Negate any card effect that would move a card in the
// GY", is a continuous negation where the effect resolves: R64's (link-effects.ts, locks.ts). Placement records the
// locks on each link and what its activation would banish (link-effects.ts, gy-moves.ts); this module says what a
// judge says. A lock under a
// condition or read from its card's text alone is a named unknown fact, and what the scenario does not show (when a
// face-down Spell was Set, where a cost's card comes from) is assumed and said.
import { describeRestriction } from '../../cards/vocabulary/restrictions';
import { quoteName } from '../../syntax/quote';
import { lockWords, restrictionUnsure, unsureLockQuestion, type ActiveRestriction } from '../continuous';
import { describeEvent } from '../narrative';
import { zoneWord } from '../state';
import { restsOn } from '../unknown-facts';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';

const messages = {
  'spell-must-be-set': (p: { link: string; card: string; lock: string; says: string; how: string }) =>
    `${p.link} is the Spell Card ${quoteName(p.card)} activated ${p.how}, but ${quoteName(p.lock)} is face-up on the field: ${p.says} (Set the Spell Card first and activate it on its player's next turn or later, or remove ${quoteName(p.lock)} first) [R92]`,
  'banish-locked': (p: { link: string; what: string; lock: string; says: string; where: string }) =>
    `${p.link} cannot be activated: ${p.what}, and ${quoteName(p.lock)} is face-up on the field: ${p.says}, so it cannot be done (remove ${quoteName(p.lock)} first, or activate something that banishes nothing${p.where}) [R93]`,
};

type Report = RuleReporter<typeof messages>;

/** R92 for one link under a lock on Spells not Set earlier; true when it reported. */
function checkSetSpell(chain: ChainView, report: Report, l: LinkState, a: ActiveRestriction): boolean {
  const card = l.inst!.card!;
  const scale = !!l.stmt.toPendulumZone;
  if (!scale && (card.category !== 'spell' || l.effect?.kind !== 'activation')) return false;
  if (restrictionUnsure(a.card.card, a.restriction)) {
    restsOn(l, { card: a.card.name, fact: 'lock', what: unsureLockQuestion(a), why: `it is face-up on the field when ${chain.linkName(l)} is activated (R92)` });
    return false;
  }
  const at = l.activatedFrom;
  const say = (how: string) => report.say('spell-must-be-set', l, { link: chain.linkName(l), card: l.inst!.name, lock: a.card.name, says: describeRestriction(a.restriction), how });
  if (scale) {
    say('as a Pendulum Scale (a Pendulum Monster cannot be Set in a Pendulum Zone, so it is never Set first)');
    return true;
  }
  if (!at || (at.zone === 'field' && !at.faceDown)) return false;
  if (at.zone !== 'field') {
    if (!at.stated) {
      l.assumptions.push(`${quoteName(l.inst!.name)} was Set before this turn (the scenario does not place it, and while ${quoteName(a.card.name)} is face-up a Spell Card is activated only once Set: R92)`);
      return false;
    }
    say(`from the ${zoneWord(at.zone)}`);
    return true;
  }
  if (at.setBy && at.setBy.id > (a.since ?? -1)) {
    say(`the turn it was Set, while the lock applied (${describeEvent(at.setBy, chain.players)})`);
    return true;
  }
  l.assumptions.push(
    at.setBy
      ? `${quoteName(l.inst!.name)} was Set before ${quoteName(a.card.name)} applied, which does not hold it back (R92: its script counts only Spells Set while it is face-up; no published ruling found either way)`
      : `${quoteName(l.inst!.name)} was Set before ${quoteName(a.card.name)} applied or before its player's last turn began (the scenario does not say when it was Set; R92)`,
  );
  return false;
}

/** R93 for one link under a lock on banishing; true when it reported. */
function checkBanish(chain: ChainView, report: Report, l: LinkState, a: ActiveRestriction): boolean {
  const r = a.restriction;
  if (r.kind !== 'cannot-banish') return false;
  const hit = l.banishesAtPlacement.find((b) => r.from === 'any' || b.from === 'gy');
  if (hit) {
    if (restrictionUnsure(a.card.card, r)) {
      restsOn(l, { card: a.card.name, fact: 'lock', what: unsureLockQuestion(a), why: `${chain.linkName(l)} would banish a card from the GY (R93)` });
      return false;
    }
    const card = hit.card ? quoteName(hit.card) : 'a card';
    const what = `its ${hit.cost ? 'cost' : 'effect'} banishes ${card}${hit.from ? ` from the ${zoneWord(hit.from)}` : ''}`;
    // A lock on banishing from anywhere (Imperial Iron Wall) leaves no "from elsewhere" to suggest.
    report.say('banish-locked', l, { link: chain.linkName(l), what, lock: a.card.name, says: describeRestriction(r), where: r.from === 'any' ? '' : ' from the GY' });
    return true;
  }
  const unstated = l.banishesAtPlacement.find((b) => b.from === undefined);
  if (!unstated) return false;
  const part = unstated.cost ? 'cost' : 'effect';
  // Written without saying where (counted cards): the scenario's to state. Not written: the card facts do not say where
  // the card comes from (a generated `cost banish 1`), which the library does not know.
  if (unstated.written) l.assumptions.push(`its ${part} banishes no card from the GY (${lockWords(a)} is face-up; the link does not say where the banished card is)`);
  else restsOn(l, { card: l.inst!.name, effect: l.effect?.index, fact: 'lock', what: `where the card its ${part} banishes comes from (${lockWords(a)} forbids it from the GY)`, why: `${chain.linkName(l)} is activated while the lock applies (R93); write the ${part} on the link (${part === 'cost' ? '`cost: banish "X"`' : '`-> banish "X"` after the link'}) to decide it` });
  return false;
}

export const scopedLocks = defineRule({
  name: 'scoped-locks',
  codes: {
    'spell-must-be-set': { rules: ['R92'], severity: 'error', summary: 'activates a Spell Card from the hand, as a Pendulum Scale, or Set this turn, while a face-up card says Spell Cards must be Set first (Anti-Spell Fragrance)' },
    'banish-locked': { rules: ['R93'], severity: 'error', summary: 'activates a card or effect whose cost or effect banishes a card from the GY while a face-up card says cards in the GY cannot be banished (Necrovalley)' },
  },
  catalogue: [
    {
      id: 'R92',
      title: 'Spell Cards must be Set first, and wait for their player\'s next turn',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'While a card says Spell Cards must be Set before they are activated and cannot be activated until their player\'s next turn after Setting them is face-up on the field (Anti-Spell Fragrance), a Spell Card cannot be activated from the hand, nor as a Pendulum Scale, nor the turn it was Set while the card applied; its effects once face-up are no Card Activation and are not locked.',
      sources: [S.W156, S.CS],
    },
    {
      id: 'R93',
      title: 'Cards in the GY cannot be banished',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'While Necrovalley is face-up on the field, cards in the GY cannot be banished: a card or effect whose cost or effect would banish one cannot be activated (Imperial Iron Wall, Chaos Hunter: cards anywhere). Its negation of effects that would move a card in the GY is R64\'s.',
      sources: [S.W157, S.W158],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) {
      if (l.status.ineligible || l.player === undefined || !l.inst?.card || l.noChainEffect) continue;
      for (const a of l.locksAtPlacement) {
        const r = a.restriction;
        const said = r.kind === 'cannot-activate' && r.what === 'spell-cards-unless-set' ? checkSetSpell(chain, report, l, a) : r.kind === 'cannot-banish' && checkBanish(chain, report, l, a);
        if (said) break;
      }
    }
  },
});
