// R34-R36: what the scenario states is never overridden by an assumption. Where a Spell or Trap card can
// be activated and when (R34), a card activated where the scenario shows it is not (R35), and an answer to
// an event the scenario shows cannot have happened (R36; responders.ts reports the "something else happened
// right before" case). Where the scenario does not say, the link's assumptions say what segoc assumed.
import { describeEvent, whereWord } from '../narrative';
import { zoneWord } from '../state';
import { Zone } from '../../syntax/ast';
import { ChainView, LinkState, Reporter, RuleModule } from './api';
import { S } from './sources';

function checkLink(chain: ChainView, report: Reporter, l: LinkState): void {
  const e = l.effect;
  const card = l.inst?.card;
  const at = l.activatedFrom;
  if (!e || !card || !at || l.player === undefined || l.status.ineligible) return;
  const name = l.inst!.name;
  // R35: a player activates only their own cards (issue 18: say exactly that, not a SEGOC category).
  if (at.stated && at.holder !== l.player) {
    report.link(
      'card-not-there',
      l,
      `${chain.players[l.player]} activates "${name}", but the scenario shows it is ${chain.players[at.holder]}'s card (${at.zone === 'field' ? `on ${chain.players[at.holder]}'s field` : `in ${chain.players[at.holder]}'s ${zoneWord(at.zone)}`}): a player can activate only the cards they control; write the link for ${chain.players[at.holder]}, or put the card on ${chain.players[l.player]}'s side [R35]`,
    );
    return;
  }
  const shown = at.lastMove ? ` (${describeEvent(at.lastMove, chain.players)})` : ' (as the board shows)';
  // R35: the card is not where its activation needs it. A trigger whose card moved after its event is R23's
  // matter; one whose event nothing met is shown where it cannot activate (where the board put it, or where
  // the scenario moved it: an Xyz Material, a Fusion Monster returned to the Extra Deck).
  const zones: Zone[] = e.kind === 'activation' ? activationZones(card.category, e.activatesFrom) : e.activatesFrom;
  const isTrigger = e.kind === 'trigger' || e.kind === 'flip';
  const checkZone = isTrigger ? !l.candidate && card.category === 'monster' : true;
  // Some Traps say they can be activated from the hand (Infinite Impermanence, Evenly Matched). A link
  // that writes `from hand` claims that text; card facts (generated or curated) may not carry it, so the
  // claim is assumed and said, never reported as illegal on missing facts.
  if (at.stated && checkZone && e.kind === 'activation' && card.category === 'trap' && at.zone === 'hand' && l.stmt.from?.zone === 'hand' && !zones.includes('hand')) {
    l.assumptions.push(`"${name}" can be activated from the hand, as the link says (its card facts do not say so: check its text)`);
    return;
  }
  if (at.stated && checkZone && !zones.includes(at.zone)) {
    report.link(
      'card-not-there',
      l,
      `${chain.linkName(l)} needs the card ${zones.map(whereWord).join(' or ')}${e.kind === 'activation' ? '' : ` for this effect ("${e.text}")`}, but the scenario shows it ${whereWord(at.zone)}${shown}, so it cannot be activated there [R35]`,
    );
    return;
  }
  // R36: "when an opponent's monster declares an attack" on one's own turn: only the turn player attacks.
  const patterns = e.kind === 'activation' ? e.responds : e.event ? [e.event] : [];
  if (patterns.length && patterns.every((p) => p.kind === 'attack' && p.actor === 'opponent') && l.player === chain.turn) {
    l.assumptions = l.assumptions.filter((a) => !a.startsWith('no event in the scenario meets'));
    report.link(
      'nothing-to-answer',
      l,
      `${chain.linkName(l)} answers an attack by its controller's opponent ("${patterns.map((p) => p.raw).join(' / ')}"), but it is ${chain.players[chain.turn]}'s own turn (\`turn ${chain.players[chain.turn]}\`): only the turn player declares attacks, so that event cannot have happened [R36]`,
    );
    return;
  }
  if (e.kind !== 'activation' || card.category === 'monster') return;
  // R34: where and when a Spell or Trap card can be activated.
  const own = l.player === chain.turn;
  const kind = card.spellTrapKind;
  if (card.category === 'spell' && kind === 'quick-play' && at.zone === 'hand' && !own) {
    if (!at.stated) {
      l.assumptions.push(`"${name}" was Set on an earlier turn (the scenario does not place it, and a Quick-Play Spell cannot be activated from the hand on the opponent's turn)`);
      return;
    }
    report.link(
      'spell-trap-timing',
      l,
      `${chain.linkName(l)} is a Quick-Play Spell activated from the hand on ${chain.players[chain.turn]}'s turn; from the hand it can be activated only on its controller's own turn (on the opponent's turn it must have been Set on an earlier turn) [R34]`,
    );
    return;
  }
  if (card.category === 'spell' && kind !== 'quick-play' && (!own || (chain.phase !== 'main1' && chain.phase !== 'main2'))) {
    report.link(
      'spell-trap-timing',
      l,
      `${chain.linkName(l)} is a ${card.cardType} (Spell Speed 1): it can be activated only in its controller's own Main Phase, as Chain Link 1, and ${!own ? `it is ${chain.players[chain.turn]}'s turn` : `the scenario is in the ${chain.phase} phase`} [R34]`,
    );
    return;
  }
  if (at.zone === 'field' && (card.category === 'trap' || kind === 'quick-play')) {
    if (at.setBy) {
      report.link(
        'spell-trap-timing',
        l,
        `${chain.linkName(l)} was Set this turn (${describeEvent(at.setBy, chain.players)}); a ${card.category === 'trap' ? 'Trap' : 'Quick-Play Spell'} cannot be activated the turn it was Set unless its text allows it [R34]`,
      );
      return;
    }
    if (at.faceDown) l.assumptions.push(`"${name}" was Set on an earlier turn (the scenario does not say when it was Set)`);
  }
}

/** Where a Spell/Trap card's own activation may happen: a Trap on the field unless its facts add the hand. */
function activationZones(category: string, stated: readonly Zone[]): Zone[] {
  if (category !== 'trap') return ['hand', 'field'];
  return stated.includes('hand') ? ['field', 'hand'] : ['field'];
}

export const statedFacts: RuleModule = {
  name: 'stated-facts',
  needs: ['eligibility', 'responders'],
  codes: {
    'spell-trap-timing': {
      rules: ['R34'],
      severity: 'error',
      summary: "a Spell/Trap card activated where or when its card type does not allow (Quick-Play from the hand on the opponent's turn, Set this turn, Normal Spell outside its own Main Phase)",
    },
    'card-not-there': {
      rules: ['R35'],
      severity: 'error',
      summary: 'a card activated where the scenario shows it is not (a Trap already destroyed, a GY trigger of a monster still on the field)',
    },
    'nothing-to-answer': {
      rules: ['R36'],
      severity: 'error',
      summary: "a responder or trigger whose event the scenario shows did not happen (something else right before it; an opponent's attack on one's own turn)",
    },
  },
  catalogue: [
    {
      id: 'R34',
      title: 'Where and when a Spell or Trap card can be activated',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      summary:
        "A Quick-Play Spell is activated from the hand only on its controller's own turn; a Trap or a Quick-Play Spell not the turn it was Set (unless its text allows it); a Normal, Continuous, Equip, Field or Ritual Spell only in its controller's own Main Phase. Where the scenario does not say when a card was Set, segoc assumes an earlier turn and says so.",
      sources: [S.W29, S.W30],
    },
    {
      id: 'R35',
      title: 'A card activated where the scenario shows it is not',
      tag: 'stable',
      tags: ['stable'],
      summary:
        'Assumptions fill in what a scenario does not say and never contradict what it says: a card the scenario shows elsewhere (a Trap destroyed earlier, a monster still on the field whose effect activates in the GY) cannot be activated. A card the scenario never placed is still assumed to be where its activation needs it.',
      sources: [S.W31],
    },
    {
      id: 'R36',
      title: 'A responder with nothing to answer',
      tag: 'stable',
      tags: ['stable'],
      summary:
        "An effect that answers a game event cannot be activated where the scenario shows that event did not happen: right after something else the scenario states, or, for \"when an opponent's monster declares an attack\", on its controller's own turn. An event the scenario does not mention at all is still assumed.",
      sources: [S.W32, S.W31],
    },
  ],
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
};
