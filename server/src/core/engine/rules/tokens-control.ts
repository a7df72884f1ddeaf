// R70-R73: cards the scenario counts or that are not cards at all, and who holds them. The simulation applies them
// (timeline.ts: a Token that leaves the field ceases to exist, counted cards leave a zone whose count the board
// states, control taken until the End Phase comes back, an Equip Card goes to the GY when its monster leaves the field
// or turns face-down; link-effects.ts and card-actions.ts say it in the resolution); this module reports the three
// mistakes a scenario can write: a Token used where it no longer exists (R70), a cost of more counted cards than the
// zone holds (R71), a card's effect activated by the player who does not control it now (R72).
import { quoteName } from '../../syntax/quote';
import type { CardRef } from '../../syntax/ast';
import { zoneWord } from '../state';
import type { CardInstance, GameEvent } from '../state';
import { defineRule } from './api';
import type { ChainView, LinkState } from './api';
import { S } from './sources';

const messages = {
  'token-off-field': (p: { link: string; token: string; where: string }) =>
    `${p.link} uses ${quoteName(p.token)}, a Token that ${p.where}: a Token exists only on the field, so it cannot be targeted, Summoned or used anywhere else [R70]`,
  'not-enough-cards': (p: { link: string; part: string; have: number; zone: string }) =>
    `${p.link}'s cost is to ${p.part}, but the ${p.zone} holds only ${p.have} as the board states it: a cost is paid in full, so the link cannot be activated (or state the zone's count: \`Yugi deck: 40 cards\`) [R71]`,
  'not-controller': (p: { player: string; card: string; controller: string; owner: string }) =>
    `${p.player} activates ${quoteName(p.card)}, but ${p.controller} controls it now (it is ${p.owner}'s card, and ${p.controller} took control of it): only the player who controls a card activates its effects [R72]`,
};

/** Where a Token is when a link is placed: the event that ended it, or undefined while it is on the field. */
function tokenWhere(chain: ChainView, token: CardInstance, beforeEvent: number): string | undefined {
  let last: Extract<GameEvent, { kind: 'move' }> | undefined;
  let first: Extract<GameEvent, { kind: 'move' }> | undefined;
  for (let i = 0; i < chain.events.length; i++) {
    const e = chain.events[i];
    if (e.kind !== 'move' || e.card !== token) continue;
    first ??= e;
    if (i < beforeEvent) last = e;
  }
  // Where it stood then: where its last move before put it, else where its first move (later) took it from.
  const zone = last ? last.to : first ? first.from : token.zone;
  if (zone === 'field') return undefined;
  if (zone === 'gone') return last && last.from === 'field' ? 'left the field earlier and ceased to exist' : 'does not exist yet';
  return `the board puts in the ${zoneWord(zone)}`;
}

/** The cards a link names: its targets and the cards its cost and actions write. */
function namedRefs(l: LinkState): CardRef[] {
  const refs: CardRef[] = [...(l.stmt.targets ?? [])];
  for (const seq of [l.stmt.cost, l.stmt.actions]) {
    for (const a of seq?.groups.flat() ?? []) {
      if ('cards' in a && a.cards && !Array.isArray(a.cards) && a.cards.kind === 'refs') refs.push(...a.cards.refs);
      if (a.kind === 'equip') refs.push(a.card, a.to);
      if (a.kind === 'material-summon') refs.push(...a.materials);
    }
  }
  return refs;
}

export const tokensControl = defineRule({
  name: 'tokens-control',
  codes: {
    'token-off-field': { rules: ['R70'], severity: 'error', summary: 'a Token used where it no longer exists (or never was): anywhere but the field' },
    'not-enough-cards': { rules: ['R71'], severity: 'error', summary: 'a cost of more counted cards than the zone holds as the board states it' },
    'not-controller': { rules: ['R72'], severity: 'error', summary: "a card's effect activated by the player who does not control it now" },
  },
  catalogue: [
    {
      id: 'R70',
      title: 'A Token exists only on the field',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A Monster Token is Special Summoned by an effect and exists only face-up on the field. When it would leave the field it ceases to exist: it is still destroyed, Tributed or leaves the field for the effects that ask that, but it is never sent to the GY, the hand, the Deck or banishment, so a "sent to the GY" effect does not see it and nothing can target or revive it there; it cannot be turned face-down or Set.',
      sources: [S.W71, S.W72],
    },
    {
      id: 'R71',
      title: 'Counted cards the scenario does not name',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'Cards an effect counts without naming them ("banish 10 cards from the top of your Deck face-down", "discard 1 card", "draw 2 cards") leave their zone by number. Where the board states how many cards a zone holds, a cost needs that many there (a cost is paid in full, or the card cannot be activated) and a resolution moves as many as there are; the count of each zone follows.',
      sources: [S.W73],
    },
    {
      id: 'R72',
      title: 'The controller of a card activates its effects',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A card on the field is controlled by the player on whose side it is, who need not own it: an effect that takes control of it (until the End Phase, or for good) makes its new controller the only player who can activate its effects. Control taken until the End Phase returns to the owner in the End Phase, starting no chain; a card that leaves the field is its owner\'s again.',
      sources: [S.W74],
    },
    {
      id: 'R73',
      title: 'An Equip Card goes with its monster',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'An Equip Card (an Equip Spell whose activation resolved on its target, or a card an effect equips, a monster equipped as an Equip Spell included) stays on the field while the monster it equips is face-up there. When that monster leaves the field or turns face-down, the Equip Card is destroyed by the game\'s rules and goes to the GY at once, and its "sent from the field to the GY" effects see it.',
      sources: [S.W75],
    },
  ],
  messages,
  checkAction(view, report) {
    // R70: a Token a game action uses as an Xyz Material (Xyz Materials are not on the field). A game action is no
    // link: the diagnostic stands on the action's line.
    const a = view.action;
    if (a.kind !== 'material-summon' || a.method !== 'xyz') return;
    const seen = new Set<CardInstance>();
    for (const ref of a.materials) {
      const token = view.resolvedRef(ref);
      if (!token?.token || seen.has(token)) continue;
      seen.add(token);
      report.say('token-off-field', { link: 'This Xyz Summon', token: token.name, where: XYZ_MATERIAL });
    }
  },
  check(chain, report) {
    // R70 looks among the scenario's Tokens for those a link names: most scenarios have none, and then no link is read.
    const tokens = chain.instances.filter((c) => c.token);
    for (const l of chain.links) {
      // R72: a card on the field whose control changed hands is its controller's to activate.
      const at = l.activatedFrom;
      if (l.inst && l.player !== undefined && at?.stated && at.zone === 'field' && at.holder !== l.player && l.inst.owner !== at.holder) {
        report.say('not-controller', l, { player: chain.players[l.player], card: l.inst.name, controller: chain.players[at.holder], owner: chain.players[l.inst.owner] });
      }
      // R71: a cost of counted cards the zone did not hold.
      for (const short of l.costShort) report.say('not-enough-cards', l, { link: chain.linkName(l), part: short.part, have: short.have, zone: zoneWord(short.zone) });
      // R70: a Token the link names where it does not exist (a Special Summon that creates it is the exception).
      if (!tokens.length) continue;
      const creates = new Set<CardRef>();
      for (const a of l.stmt.actions?.groups.flat() ?? []) if (a.kind === 'special-summon' && a.cards.kind === 'refs') for (const r of a.cards.refs) creates.add(r);
      const seen = new Set<CardInstance>();
      for (const ref of namedRefs(l)) {
        const token = tokens.find((c) => refersTo(chain, ref, c));
        if (!token || seen.has(token)) continue;
        seen.add(token);
        const where = xyzMaterialOf(l, ref) ? XYZ_MATERIAL : tokenWhere(chain, token, l.placedAfterEvent);
        if (!where || (creates.has(ref) && where === 'does not exist yet')) continue;
        report.say('token-off-field', l, { link: chain.linkName(l), token: token.name, where });
      }
    }
  },
});

const XYZ_MATERIAL = 'cannot become an Xyz Material (Xyz Materials are not on the field)';

/** Whether the reference is a material of an Xyz Summon the link writes. */
function xyzMaterialOf(l: LinkState, ref: CardRef): boolean {
  return (l.stmt.actions?.groups.flat() ?? []).some((a) => a.kind === 'material-summon' && a.method === 'xyz' && a.materials.includes(ref));
}

/** Whether a reference of the link names this copy (through the resolution the engine recorded). */
function refersTo(chain: ChainView, ref: CardRef, c: CardInstance): boolean {
  return chain.resolvedRef(ref) === c;
}
