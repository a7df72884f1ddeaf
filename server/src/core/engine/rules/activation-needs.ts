// R74-R78: what an activation needs. A card or effect can be activated only if its cost can be paid (R74), a legal
// target exists for an effect that targets (R75), and there is a zone for what it places (a Spell/Trap Card from the
// hand, a monster that Special Summons itself: R76); a "once per battle" effect is used once per copy in each battle
// (R78); nothing is activated while a link resolves (R77: the language has no way to write it). Each is checked only
// where the scenario shows the board (a zone stated empty with `none`, five cards in a player's zones); where it does
// not, the cost or the target is assumed and the link says so.
import type { CostPart, EffectInfo } from '../../cards/types';
import { describeCostPart } from '../../cards/vocabulary/costs';
import { quoteName } from '../../syntax/quote';
import { Zone } from '../../syntax/ast';
import { filterMatches } from '../match';
import { PlayerIndex } from '../state';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';
import type { TargetSnapshot } from '../classify';
import { InForce, isInForce } from '../rulesets';

const messages = {
  'cost-unpayable/count': (p: { link: string; cost: string; player: string; zone: string; have: number }) =>
    `${p.link} needs a cost paid to be activated (${p.cost}), but the scenario shows ${p.have === 0 ? 'no card' : `only ${p.have} card${p.have === 1 ? '' : 's'}`} that could pay it in ${p.player}'s ${p.zone} (a zone it states with \`none\`, and every card moved there since); a cost is paid when the effect is activated, so without it the effect cannot be activated [R74]`,
  'no-legal-target': (p: { link: string; targets: string; where: string }) =>
    `${p.link} targets (${p.targets}), but the scenario shows no such card ${p.where} when it is activated; an effect that targets needs a legal target to be activated at all [R75]`,
  'no-free-zone/spell-trap': (p: { link: string; player: string; cards: string }) =>
    `${p.link} activates a Spell/Trap Card from the hand, but ${p.player}'s 5 Spell & Trap Zones are taken (${p.cards}); a card is activated in a free zone, so it cannot be activated until one is free (a Field Spell has its own zone) [R76]`,
  'once-per-battle': (p: { link: string; first: string }) =>
    `${p.link} can be used only once per battle, and this copy already used it in this battle (${p.first}); a battle runs from an attack declaration to the end of its Damage Step [R78]`,
  'no-free-zone/pendulum': (p: { link: string; player: string; cards: string }) =>
    `${p.link} activates a Pendulum Scale, but ${p.player}'s 5 Spell & Trap Zones are taken (${p.cards}); a Pendulum Zone is the leftmost or rightmost Spell & Trap Zone (Master Rule 4 on), so none is free [R76]`,
  'no-free-zone/tokens': (p: { link: string; player: string; count: number; free: number; cards: string }) =>
    `${p.link} Special Summons ${p.count} Tokens to ${p.player}'s field, but only ${p.free} of ${p.player}'s 5 Main Monster Zones ${p.free === 1 ? 'is' : 'are'} free (${p.cards}); it needs a zone for every Token, so it cannot be activated until there are ${p.count} [R76]`,
  'no-free-zone/monster': (p: { link: string; player: string; cards: string }) =>
    `${p.link} Special Summons its own card, but ${p.player}'s 5 Main Monster Zones are taken (${p.cards}) and nothing of its cost frees one; an effect that can do nothing it says cannot be activated [R76]`,
};

type Reporter = RuleReporter<typeof messages>;

/** Where the cards that pay a counted cost part are: its zone, or undefined where the vocabulary does not say. */
function costZone(p: CostPart): Zone | undefined {
  if (p.verb === 'discard' || p.verb === 'reveal') return 'hand';
  if (p.verb === 'tribute') return 'field';
  if (p.verb === 'banish' || p.verb === 'send-to-gy' || p.verb === 'return-to-deck' || p.verb === 'return-to-hand') return p.from;
  return undefined;
}

/** Whose the snapshot's card is where it stood: the controller on the field, the owner elsewhere. */
function holderOf(s: TargetSnapshot): PlayerIndex {
  return s.zone === 'field' ? s.controller : s.card.owner;
}

const EXTRA_DECK_TYPES = /fusion|synchro|xyz|link/;

/** R74; true where it reported. */
function checkCost(chain: ChainView, report: Reporter, l: LinkState, board: readonly TargetSnapshot[]): boolean {
  const e = l.effect!;
  const at = l.activatedFrom!;
  const player = l.player!;
  const name = l.inst!.name;
  // The link writes what was paid: the scenario states the cost (its cards are moved when the link is placed).
  if (!e.cost || l.stmt.cost) return false;
  for (const part of e.cost) {
    const cost = describeCostPart(part);
    // A cost of the card itself is paid where the effect activates from ("Tribute this card from your hand or face-up
    // field": Artifact Lancea): a card that is not there is R35's (card-not-there).
    if (part.itself) continue;
    const zone = costZone(part);
    if (part.verb === 'other' && !part.raw) {
      l.assumptions.push(`${quoteName(name)}'s effect has a cost the card library does not describe; it is assumed payable`);
      continue;
    }
    if (!zone) continue;
    const who = chain.players[player];
    if (!chain.knownEmpty.has(`${player}:${zone}`)) {
      l.assumptions.push(`the cost of ${quoteName(name)} (${cost}) is assumed payable: the scenario does not state ${who}'s ${zone === 'gy' ? 'GY' : zone} (\`${who} ${zone}: none\` with the cards moved there states it; the link's \`cost:\` says what was paid)`);
      continue;
    }
    // A Spell/Trap is no longer in the hand once activated; a monster activating from the hand may be counted (its text may allow it).
    const self = l.inst!.card?.category !== 'monster' || at.zone !== 'hand';
    const have = board.filter(
      (s) => s.zone === zone && holderOf(s) === player && !((self || part.other) && s.card === l.inst) && (zone !== 'field' || (s.card.card?.category ?? 'monster') === 'monster'),
    ).length;
    if (have < (part.count ?? 1)) {
      report.say('cost-unpayable/count', l, { link: chain.linkName(l), cost, player: who, zone: zone === 'gy' ? 'GY' : zone === 'field' ? 'Monster Zones' : zone, have });
      return true;
    }
  }
  return false;
}

/** R75; true where it reported. */
function checkTarget(chain: ChainView, report: Reporter, l: LinkState, board: readonly TargetSnapshot[]): boolean {
  const e = l.effect!;
  const f = e.targets;
  // Triggers are R15's (their targets are fixed when they are collected); a link that names its target shows one.
  if (!f || f.eventCard || f.unknown?.length || l.targets.length || e.kind === 'trigger' || e.kind === 'flip' || e.kind === 'phase-trigger') return false;
  const zone: Zone = f.zone ?? 'field';
  // A cost paid first may put a target where it is looked for ("discard 1 card, then target 1 monster in your GY").
  if (l.stmt.cost || (e.cost && zone !== 'field')) return false;
  const player = l.player!;
  const owners: PlayerIndex[] = f.controller === 'you' ? [player] : f.controller === 'opponent' ? [(1 - player) as PlayerIndex] : [0, 1];
  const candidates = board.filter(
    (s) =>
      s.zone === zone &&
      owners.includes(holderOf(s)) &&
      !(zone === 'field' && s.faceDown && f.category === 'monster') &&
      // `other than this card`: the link's own card is no target of its effect.
      !(f.other && s.card === l.inst) &&
      filterMatches(f, { ...s.card, zone: s.zone, faceDown: s.faceDown, controller: s.controller }, player) !== 'no',
  );
  // A card the board shows there is a target; where none is shown, the zone must be stated to say none exists.
  if (candidates.length) return false;
  if (!owners.every((o) => chain.knownEmpty.has(`${o}:${zone}`))) {
    const whose = owners.map((o) => `${chain.players[o]}'s`).join(' or ');
    l.assumptions.push(`a legal target of ${quoteName(l.inst!.name)} (${f.raw}) is assumed: the link names none and the scenario does not state ${whose} ${zone === 'gy' ? 'GY' : zone} (\`target "X"\` names it; \`${chain.players[owners[0]]} ${zone}: none\` states the zone empty)`);
    return false;
  }
  const where = zone === 'field' ? (owners.length === 2 ? 'on the field' : `on ${chain.players[owners[0]]}'s field`) : `in ${owners.map((o) => `${chain.players[o]}'s`).join(' or ')} ${zone === 'gy' ? 'GY' : zone}`;
  report.say('no-legal-target', l, { link: chain.linkName(l), targets: f.raw, where });
  return true;
}

function checkZones(chain: ChainView, report: Reporter, l: LinkState, board: readonly TargetSnapshot[]): void {
  const e = l.effect!;
  const card = l.inst!.card!;
  const at = l.activatedFrom!;
  const player = l.player!;
  const mine = board.filter((s) => s.zone === 'field' && s.controller === player && s.card !== l.inst && s.card.card);
  const names = (list: TargetSnapshot[]) => list.map((s) => quoteName(s.card.name)).join(', ');
  // The Spell & Trap Zones' cards: a card in a Pendulum Zone holds one of them since Master Rule 4 (W120).
  const pendulumInSpellTrapZones = isInForce(PENDULUM_ZONES_ARE_SPELL_TRAP_ZONES, chain.ruleset);
  const spellTraps = mine.filter((s) => (s.card.card!.category !== 'monster' || (s.pendulumZone && pendulumInSpellTrapZones)) && s.card.card!.spellTrapKind !== 'field');
  if (l.stmt.toPendulumZone && at.zone === 'hand' && pendulumInSpellTrapZones) {
    checkPendulumZone(chain, report, l, spellTraps, names);
    return;
  }
  if (e.kind === 'activation' && card.category !== 'monster' && at.zone === 'hand' && card.spellTrapKind !== 'field' && spellTraps.length >= 5) {
    report.say('no-free-zone/spell-trap', l, { link: chain.linkName(l), player: chain.players[player], cards: names(spellTraps) });
    return;
  }
  if (checkTokenZones(chain, report, l, board, names)) return;
  if (e.kind === 'activation' && card.category !== 'monster') return;
  // A Main Deck monster Special Summoning itself from where it is (not the field) needs a Main Monster Zone; a cost
  // that may move one of the player's monsters away (a Tribute, a card sent or returned) could free one.
  const written = l.stmt.cost
    ? chain.events.some((ev) => ev.kind === 'move' && ev.origin.kind === 'cost' && ev.origin.chain === chain.chainIndex && ev.origin.link === l.position && ev.from === 'field' && ev.controllerBefore === player)
    : undefined;
  const freesOne = written ?? !!e.cost?.some((p) => !p.itself && ['tribute', 'send-to-gy', 'banish', 'return-to-deck', 'return-to-hand', 'return-to-extra', 'other'].includes(p.verb));
  if (!e.summonsItself || at.zone === 'field' || card.category !== 'monster' || EXTRA_DECK_TYPES.test(card.cardType) || freesOne) return;
  const taken = mine.filter((s) => s.card.card!.category === 'monster' && !EXTRA_DECK_TYPES.test(s.card.card!.cardType));
  if (taken.length >= 5) report.say('no-free-zone/monster', l, { link: chain.linkName(l), player: chain.players[player], cards: names(taken) });
}

/**
 * The Tokens a link's effect Special Summons as its first part, counted by its source (`special summon 4 tokens`:
 * Scapegoat), and whose field they go to. Later parts ("and if you do", "then") are not what the activation needs.
 */
function tokenSummon(e: EffectInfo): { count: number; toOpponent: boolean } | undefined {
  const first = e.does[0];
  if (!first || first.verb !== 'special-summon' || !first.tokens || !first.count) return undefined;
  return { count: first.count, toOpponent: first.tokensFor === 'opponent' };
}

/**
 * R76 for an effect that Special Summons several Tokens (W140: Scapegoat needs 4 free Monster Zones): each Token needs
 * a Main Monster Zone of the field it goes to. Only Main Deck monsters the scenario shows there are counted (an Extra
 * Deck monster may stand in an Extra Monster Zone), and a cost that could move one away frees a zone, so a short count
 * is said only where the scenario shows it.
 */
function checkTokenZones(chain: ChainView, report: Reporter, l: LinkState, board: readonly TargetSnapshot[], names: (list: TargetSnapshot[]) => string): boolean {
  const tokens = tokenSummon(l.effect!);
  if (!tokens || l.effect!.cost?.length || l.stmt.cost) return false;
  const side = (tokens.toOpponent ? 1 - l.player! : l.player!) as PlayerIndex;
  const taken = board.filter((s) => s.zone === 'field' && s.controller === side && s.card.card?.category === 'monster' && !EXTRA_DECK_TYPES.test(s.card.card.cardType) && !s.pendulumZone);
  const free = 5 - taken.length;
  if (free >= tokens.count) return false;
  report.say('no-free-zone/tokens', l, { link: chain.linkName(l), player: chain.players[side], count: tokens.count, free, cards: names(taken) });
  return true;
}

/**
 * From Master Rule 4 (the OCG's 2017-03-25, the TCG's 2017-07-21: R13's dates) the two Pendulum Zones are the
 * leftmost and rightmost Spell & Trap Zones; before it they were zones of their own (W120).
 */
const PENDULUM_ZONES_ARE_SPELL_TRAP_ZONES: InForce = { tcg: { from: '2017-07-21' }, ocg: { from: '2017-03-25' } };

/**
 * R76 for a Pendulum Scale's activation: it needs a free Pendulum Zone, the leftmost or rightmost Spell & Trap Zone.
 * Five cards there leave none; two Pendulum cards there are R66's (`pendulum-zone/full`). The scenario does not say
 * which zone a Spell/Trap Card stands in, so where one may hold an end zone and the count leaves the question open,
 * a free Pendulum Zone is assumed and said.
 */
function checkPendulumZone(chain: ChainView, report: Reporter, l: LinkState, spellTraps: TargetSnapshot[], names: (list: TargetSnapshot[]) => string): void {
  const player = chain.players[l.player!];
  const scales = spellTraps.filter((s) => s.pendulumZone).length;
  if (scales >= 2) return;
  if (spellTraps.length >= 5) {
    report.say('no-free-zone/pendulum', l, { link: chain.linkName(l), player, cards: names(spellTraps) });
    return;
  }
  const others = spellTraps.length - scales;
  if (others > 0 && spellTraps.length >= 2) {
    l.assumptions.push(`a free Pendulum Zone is assumed for ${quoteName(l.inst!.name)}: ${player}'s Spell & Trap Zones hold ${names(spellTraps)}, and the scenario does not say whether ${others === 1 ? 'that Spell/Trap Card stands' : 'those Spell/Trap Cards stand'} in the leftmost or rightmost zone, the Pendulum Zones`);
  }
}

/**
 * R78: the battle a chain is in (the last attack declared before it, with no phase change since: its event's index),
 * or undefined outside a battle.
 */
function battleOf(chain: ChainView): number | undefined {
  for (let i = chain.chainStartEvent - 1; i >= 0; i--) {
    const ev = chain.events[i];
    if (ev.kind === 'phase') return undefined;
    if (ev.kind === 'attack') return i;
  }
  return undefined;
}

/** R78; true where it reported. */
function checkOncePerBattle(chain: ChainView, report: Reporter, l: LinkState): boolean {
  const e = l.effect!;
  if (!e.oncePerBattle) return false;
  const battle = battleOf(chain);
  if (battle === undefined) return false;
  const below = chain.links.find((x) => x.position < l.position && x.inst === l.inst && x.effect?.index === e.index);
  let first = below ? `${chain.linkName(below)} in this chain` : undefined;
  if (!first) {
    // The chains since the attack declaration, and this copy's use of the effect in one of them.
    const chains = new Set<number>();
    for (let i = battle + 1; i < chain.chainStartEvent; i++) {
      const ev = chain.events[i];
      if (ev.kind === 'activation' && ev.card === l.inst) chains.add(ev.chain);
    }
    const earlier = chain.earlierActivations.find((u) => chains.has(u.chainIndex) && u.copyId === l.inst!.id && u.effectIndex === e.index);
    if (earlier) first = `${earlier.linkName} in chain ${earlier.chainIndex}`;
  }
  if (!first) return false;
  report.say('once-per-battle', l, { link: chain.linkName(l), first });
  return true;
}

export const activationNeeds = defineRule({
  name: 'activation-needs',
  codes: {
    'cost-unpayable': { rules: ['R74'], severity: 'error', summary: 'activates an effect whose cost the scenario shows cannot be paid', fix: 'remove-link' },
    'no-legal-target': { rules: ['R75'], severity: 'error', summary: 'activates an effect that targets where the scenario shows no legal target', fix: 'remove-link' },
    'once-per-battle': { rules: ['R78'], severity: 'error', summary: 'uses a "once per battle" effect of one copy twice in the same battle', fix: 'remove-link' },
    'no-free-zone': { rules: ['R76'], severity: 'error', summary: 'activates a card or effect that needs a zone where the scenario shows every zone taken', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: 'R74',
      title: 'The cost can be paid',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: "What a card's text asks before the semicolon (discard, Tribute, banish, send to the GY, reveal, pay LP) is paid when it is activated: where the scenario shows it cannot be paid, it cannot be activated. Where the scenario does not state the zone the cost comes from, the cost is assumed payable, and said.",
      sources: [S.W76, S.W77, S.W51],
    },
    {
      id: 'R75',
      title: 'An effect that targets needs a legal target',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'A card or effect that targets is activated only if a legal target exists when it is activated; where the scenario states the zone empty of such a card, it cannot be activated (triggers: R15).',
      sources: [S.W77, S.W76],
    },
    {
      id: 'R76',
      title: 'A free zone for what the activation places',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: "A Spell/Trap Card activated from the hand needs a free Spell & Trap Zone (a Field Spell its Field Zone), a Pendulum Monster activated as a Pendulum Scale a free Pendulum Zone (the leftmost or rightmost Spell & Trap Zone, from Master Rule 4 on: a card in a Pendulum Zone holds a Spell & Trap Zone; an effect that places one there with both taken does not place it), an effect that Special Summons its own Main Deck monster needs a free Main Monster Zone: with 5 cards already there, it cannot be activated; an effect that Special Summons N Tokens needs N free Main Monster Zones on the field they go to (Scapegoat: 4).",
      sources: [S.W78, S.W77, S.W120, S.W140],
    },
    {
      id: 'R77',
      title: 'Nothing is activated while a link resolves',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'Once a chain starts to resolve, no card or effect can be activated until it has resolved: what happens meanwhile waits for the next chain (R10, R20). A chain block lists links that were all activated before it resolved, so the language has no way to write it otherwise.',
      sources: [S.W79, S.W80],
    },
    {
      id: 'R78',
      title: 'Once per battle',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'An effect limited to "once per battle" is used by each copy at most once in each battle (an attack declaration to the end of its Damage Step), even across chains; a negated activation counts, as for the other limits.',
      sources: [S.W50, S.W51],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) {
      if (l.status.ineligible || !l.effect || !l.inst?.card || l.player === undefined || !l.activatedFrom) continue;
      // One mistake, one error: the first need the scenario shows unmet is said. A link without the board as it stood
      // has no cost, target or zone to check (link-effects.ts takes it for every link that has one).
      if (checkOncePerBattle(chain, report, l)) continue;
      const board = l.boardAtActivation;
      if (board && !checkCost(chain, report, l, board) && !checkTarget(chain, report, l, board)) checkZones(chain, report, l, board);
    }
  },
});
