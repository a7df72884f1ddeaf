// R79: an effect whose text states a condition on the game state ("while you control no monsters", "If you have no
// cards in your GY", "If 3 or more attacks have been declared this turn") can be activated only while it holds. Each
// condition is checked against what the scenario states when the link is placed: the board as it stands (the cards
// it shows, and a zone stated `none` with every card moved there since) and the turn's earlier events. A condition the
// scenario shows false is an error; one it does not settle is assumed and said (explain), never taken silently.
import type { CardFilter, StateCondition } from '../../cards/types';
import { filterWords, printCondition } from '../../cards/vocabulary/conditions';
import { quoteName } from '../../syntax/quote';
import type { TargetSnapshot } from '../classify';
import { filterMatches, Tri } from '../match';
import type { CardInstance, GameEvent, PlayerIndex } from '../state';
import { ChainView, defineRule, LinkState } from './api';
import { S } from './sources';

/** A condition's answer on the scenario: met, not met (with what shows it), or not settled (with why). */
type Answer = { met: true } | { met: false; shows: string } | { met: 'assumed'; why: string };

const messages = {
  'state-condition': (p: { link: string; condition: string; shows: string }) =>
    `${p.link} can be activated only ${p.condition}, and the scenario shows ${p.shows} when it is activated: its condition is not met, so it cannot be activated here [R79]`,
};

/** A face-down card has no archetype, type, attribute or race: a filter naming one takes face-up cards only. */
function needsFaceUp(f: CardFilter): boolean {
  return !!(f.faceUp || f.archetypes?.length || f.attributes?.length || f.races?.length || f.types?.length);
}

/** Does the card as it stood match the condition's filter? A monster is one in a Monster Zone (not a Pendulum Zone). */
function matches(f: CardFilter, s: TargetSnapshot, you: PlayerIndex): Tri {
  if (needsFaceUp(f) && s.faceDown) return 'no';
  if (f.category === 'monster' && s.zone === 'field' && s.card.pendulumZone) return 'no';
  return filterMatches({ ...f, faceUp: undefined, controller: undefined }, s.card, you);
}

function names(cards: readonly { card: CardInstance }[]): string {
  const shown = cards.slice(0, 3).map((s) => quoteName(s.card.name));
  return shown.join(', ') + (cards.length > 3 ? ` and ${cards.length - 3} more` : '');
}

/** Does it match `f` and not `except` ("no face-up monsters other than LIGHT Fiend monsters")? */
function matchesBut(f: CardFilter, except: CardFilter | undefined, s: TargetSnapshot, you: PlayerIndex): Tri {
  const first = matches(f, s, you);
  if (!except || first === 'no') return first;
  const but = matches(except, s, you);
  if (but === 'yes') return 'no';
  return but === 'no' ? first : 'assumed';
}

/** How many of a player's cards in a zone match, as the board stood, and whether the zone is all the scenario has. */
function counted(chain: ChainView, l: LinkState, player: PlayerIndex, zone: 'field' | 'gy' | 'hand', f: CardFilter, except?: CardFilter) {
  const holder = (s: TargetSnapshot) => (s.zone === 'field' ? s.controller : s.card.owner);
  const here = (l.boardAtActivation ?? []).filter((s) => s.zone === zone && holder(s) === player && s.card !== l.inst);
  const yes = here.filter((s) => matchesBut(f, except, s, player) === 'yes');
  const maybe = here.filter((s) => matchesBut(f, except, s, player) === 'assumed');
  return { yes, maybe, all: here, known: chain.knownEmpty.has(`${player}:${zone}`) };
}

function zoneWords(chain: ChainView, player: PlayerIndex, zone: 'field' | 'gy' | 'hand'): string {
  return `${chain.players[player]}'s ${zone === 'gy' ? 'GY' : zone}`;
}

/** `count` cards of a zone: none, or N or more. */
function countAnswer(chain: ChainView, l: LinkState, player: PlayerIndex, zone: 'field' | 'gy' | 'hand', count: 'none' | number, f: CardFilter, except?: CardFilter): Answer {
  const c = counted(chain, l, player, zone, f, except);
  const where = zoneWords(chain, player, zone);
  if (count === 'none') {
    if (c.yes.length) return { met: false, shows: `${names(c.yes)} in ${where}` };
    if (c.maybe.length) return { met: 'assumed', why: `the card library does not say whether ${names(c.maybe)} in ${where} count` };
    if (c.known) return { met: true };
    return { met: 'assumed', why: `the scenario does not state all of ${where} (\`${chain.players[player]} ${zone}: none\` with the cards moved there states it)` };
  }
  if (c.yes.length >= count) return { met: true };
  if (c.known && c.yes.length + c.maybe.length < count) return { met: false, shows: c.yes.length ? `only ${names(c.yes)} in ${where}` : `no such card in ${where}` };
  return { met: 'assumed', why: `the scenario shows ${c.yes.length} of the ${count} it needs in ${where}` };
}

/** A player's cards on the field (`monster`: in a Monster Zone), and whether the scenario states all of them. */
function fieldCount(chain: ChainView, l: LinkState, player: PlayerIndex, category: 'monster' | 'card' = 'card') {
  const here = (l.boardAtActivation ?? []).filter((s) => s.zone === 'field' && s.controller === player);
  const fit = here.map((s) => (category === 'card' ? 'yes' : matches({ category: 'monster' }, s, player)));
  // `maybe`: cards the library does not know the category of (a monster or not): counted neither way for sure.
  return { n: fit.filter((t) => t === 'yes').length, maybe: fit.filter((t) => t === 'assumed').length, known: chain.knownEmpty.has(`${player}:field`) };
}

/**
 * Whether the scenario shows every material the card has: it was Xyz Summoned in the scenario (its materials written
 * with the Summon, and every attach and detach since on the timeline). A card on the board from the start may have any.
 * An Xyz Monster used as material (a rank-up: Raidraptor - Ultimate Falcon on Number 39: Utopia) brings its own
 * materials along, so those must be shown too; a material the library does not know might be one.
 */
function materialShown(chain: ChainView, l: LinkState, self: CardInstance, seen = new Set<CardInstance>()): boolean {
  if (seen.has(self)) return false;
  seen.add(self);
  if (!earlier(chain, l).some((e) => e.kind === 'summon' && e.card === self && !e.attempt && e.method === 'xyz')) return false;
  const xyzMaterials = chain.instances.filter((m) => m.materialFor === self && (!m.card || m.card.cardType === 'xyz monster'));
  return xyzMaterials.every((m) => materialShown(chain, l, m, seen));
}

/** "It has material" / "it has a "Raidraptor" monster as material", against the materials the scenario shows. */
function materialAnswer(chain: ChainView, l: LinkState, self: CardInstance, f: CardFilter | undefined): Answer {
  const attached = chain.instances.filter((m) => m.attachedTo === self);
  const you = l.player as PlayerIndex;
  const fits = (m: CardInstance): Tri => (f ? matches(f, { card: m, zone: 'overlay', faceDown: false, controller: you, moves: 0, pendulumZone: false }, you) : 'yes');
  if (attached.some((m) => fits(m) === 'yes')) return { met: true };
  const shown = materialShown(chain, l, self);
  const kind = f ? `${filterWords(f, false)} as material` : 'material';
  if (shown && attached.every((m) => fits(m) === 'no'))
    return { met: false, shows: attached.length ? `its material ${names(attached.map((m) => ({ card: m })))}, none of them ${f ? `a ${filterWords(f, false)}` : ''}`.trim() : `${quoteName(self.name)} with no material left` };
  return { met: 'assumed', why: shown ? `the card library does not say whether its material counts as ${kind}` : `the scenario does not show all of its material (it shows it Xyz Summoned with its materials when it does)` };
}

/**
 * "If this Set card ...": the card was face-down before it left the field. False where the scenario shows it face-up
 * there: placed face-up by a board line or an event before it moved (a card the engine placed itself is a guess).
 */
function setAnswer(chain: ChainView, l: LinkState, self: CardInstance): Answer {
  const lastFromField = [...earlier(chain, l)].reverse().find((e) => e.kind === 'move' && e.card === self && e.from === 'field');
  const stated = !self.implied || earlier(chain, l).some((e) => e.kind === 'move' && e.card === self && e !== lastFromField);
  if (lastFromField?.kind === 'move' && stated) return lastFromField.faceUpBefore ? { met: false, shows: `${quoteName(self.name)} face-up on the field before it left` } : { met: true };
  if (!lastFromField && self.zone === 'field' && !self.implied) return self.faceDown ? { met: true } : { met: false, shows: `${quoteName(self.name)} face-up on the field` };
  return { met: 'assumed', why: 'the scenario does not show whether it was Set' };
}

/** The scenario's events before the link was placed. */
function earlier(chain: ChainView, l: LinkState): GameEvent[] {
  return chain.events.filter((e) => e.id <= l.placedAfterEvent);
}

function turnAnswer(chain: ChainView, l: LinkState, c: Extract<StateCondition, { kind: 'this-turn' }>, you: PlayerIndex): Answer {
  const events = earlier(chain, l);
  const self = l.inst as CardInstance;
  const whose = (p: PlayerIndex) => !c.who || (c.who === 'you') === (p === you);
  let n = 0;
  switch (c.what) {
    case 'attacks':
      n = events.filter((e) => e.kind === 'attack' && whose(e.player)).length;
      break;
    case 'summons':
      n = events.filter((e) => e.kind === 'summon' && !e.attempt && e.summonType !== 'flip' && whose(e.player)).length;
      break;
    case 'monster-effects-in-main':
      n = events.filter((e) => e.kind === 'activation' && whose(e.player) && e.card.card?.category === 'monster' && (e.inPhase === 'main1' || e.inPhase === 'main2')).length;
      break;
    case 'self-sent-to-gy':
      n = events.filter((e) => e.kind === 'move' && e.card === self && e.to === 'gy').length;
      if (c.not) return n ? { met: false, shows: `${quoteName(self.name)} sent to the GY earlier this turn` } : { met: 'assumed', why: 'the scenario may leave out that it was sent to the GY earlier this turn' };
      break;
    case 'self-destroyed-by-battle':
      n = events.filter((e) => e.kind === 'move' && e.destroyed && e.battleWith === self).length;
      break;
  }
  if (n >= (c.count ?? 1)) return { met: true };
  return { met: 'assumed', why: `the scenario shows ${n} of the ${c.count ?? 1} it needs; the rest of the turn is not written` };
}

function answer(chain: ChainView, l: LinkState, c: StateCondition): Answer {
  const you = l.player as PlayerIndex;
  const player = (who: 'you' | 'opponent') => (who === 'you' ? you : ((1 - you) as PlayerIndex));
  const self = l.inst as CardInstance;
  switch (c.kind) {
    case 'controls':
      return countAnswer(chain, l, player(c.who), 'field', c.count, c.filter, c.except);
    case 'atk-above-lp': {
      // The scenario states no Life Points: with no face-up monster of that player it is false, else assumed.
      const none = countAnswer(chain, l, player(c.who), 'field', 'none', { category: 'monster', faceUp: true });
      if (none.met === true) return { met: false, shows: `no face-up monster on ${zoneWords(chain, player(c.who), 'field')}` };
      return { met: 'assumed', why: 'the scenario does not state Life Points, nor every ATK change' };
    }
    case 'same-count': {
      const a = fieldCount(chain, l, you, c.category);
      const b = fieldCount(chain, l, (1 - you) as PlayerIndex, c.category);
      const what = c.category === 'monster' ? 'monster' : 'card';
      const shows = { met: false as const, shows: `${chain.players[you]} with ${a.n} ${what}${a.n === 1 ? '' : 's'} and ${chain.players[1 - you]} with ${b.n}` };
      // What each player can have: from the cards shown for sure to those plus the ones of unknown category, or any
      // number more where the field is not stated whole. Not the same only where the two ranges cannot meet.
      const most = (x: typeof a) => (x.known ? x.n + x.maybe : Infinity);
      if (a.known && b.known && !a.maybe && !b.maybe) return a.n === b.n ? { met: true } : shows;
      if (b.n > most(a) || a.n > most(b)) return shows;
      if (a.maybe || b.maybe) return { met: 'assumed', why: 'the card library does not say whether every card on the field is a monster' };
      return { met: 'assumed', why: 'the scenario does not state every card on the field' };
    }
    case 'holds':
      return countAnswer(chain, l, player(c.who), c.zone, c.count, c.filter);
    case 'controls-more': {
      const more = fieldCount(chain, l, player(c.who));
      const other = fieldCount(chain, l, player(c.who === 'you' ? 'opponent' : 'you'));
      // Counted with this card where it stands (the board before its activation).
      if (more.known && more.n <= other.n) return { met: false, shows: `${chain.players[player(c.who)]} with ${more.n} card${more.n === 1 ? '' : 's'} on the field and the other player with ${other.n}` };
      if (other.known && more.n > other.n) return { met: true };
      return { met: 'assumed', why: 'the scenario does not state every card on the field' };
    }
    case 'on-field': {
      const key = c.name.toLowerCase();
      const there = (l.boardAtActivation ?? []).some((s) => s.zone === 'field' && !s.faceDown && s.card.name.toLowerCase() === key);
      if (there) return { met: true };
      if (chain.knownEmpty.has('0:field') && chain.knownEmpty.has('1:field')) return { met: false, shows: `no face-up "${c.name}" on the field` };
      return { met: 'assumed', why: `the scenario does not show "${c.name}" on the field` };
    }
    case 'self':
      switch (c.state) {
        case 'only-card-in-hand':
          return countAnswer(chain, l, you, 'hand', 'none', { category: 'card' });
        case 'has-material':
          return materialAnswer(chain, l, self, c.filter);
        case 'set':
          return setAnswer(chain, l, self);
        case 'special-summoned': {
          const summoned = earlier(chain, l).some((e) => e.kind === 'summon' && e.card === self && !e.attempt && e.summonType === 'special');
          return summoned ? { met: true } : { met: 'assumed', why: 'the scenario does not show how it was Summoned' };
        }
        default:
          return { met: 'assumed', why: 'the scenario does not show it' };
      }
    case 'this-turn':
      return turnAnswer(chain, l, c, you);
  }
}

export const stateConditions = defineRule({
  name: 'state-conditions',
  codes: {
    'state-condition': {
      rules: ['R79'],
      severity: 'error',
      summary: 'an effect activated while the game state its text requires does not hold ("while you control no monsters", "if you have no cards in your GY")',
      fix: 'remove-link',
    },
  },
  catalogue: [
    {
      id: 'R79',
      title: 'A state condition must hold when the effect is activated',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        'An effect whose text states a condition on the game state ("while you control no monsters", "If you have no cards in your GY", "If 3 or more attacks have been declared this turn") can be activated only while it holds; a face-down monster is still a monster you control. The condition is checked when the effect is activated: a card that makes it false later does not undo the activation.',
      sources: [S.W47, S.W99, S.W100, S.W101, S.W102, S.W141, S.W142, S.W143, S.W144, S.W145],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) {
      const e = l.effect;
      // Only links whose effect states conditions are read (most effects state none); the hand's own conditions
      // ("If you control no cards, you can activate this card from your hand") only where it is activated from there.
      const fromHand = l.activatedFrom?.zone === 'hand' && !!e?.handConditions.length;
      if ((!e?.conditions.length && !fromHand) || l.status.ineligible || !l.inst || l.player === undefined) continue;
      for (const c of fromHand ? [...e!.conditions, ...e!.handConditions] : e!.conditions) {
        const a = answer(chain, l, c);
        const hand = fromHand && e!.handConditions.includes(c);
        const words = `${hand ? 'from the hand ' : ''}while ${printCondition(c)}`;
        if (a.met === false) {
          report.say('state-condition', l, { link: chain.linkName(l), condition: words, shows: a.shows });
          break;
        }
        if (a.met === 'assumed') l.assumptions.push(`${quoteName(l.inst.name)}'s condition "${words}" is assumed met: ${a.why}`);
      }
    }
  },
});
