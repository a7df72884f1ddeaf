// R34-R36: what the scenario states is never overridden by an assumption. Where a Spell or Trap card can
// be activated and when (R34), a card activated where the scenario shows it is not (R35), and an answer to
// an event the scenario shows cannot have happened (R36; responders.ts reports the "something else happened
// right before" case). Where the scenario does not say, the link's assumptions say what segoc assumed.
import { eventMatches } from '../match';
import { SELF_MOVES } from '../qualifier-miss';
import { describeEvent, whereWord } from '../narrative';
import { GameEvent, zoneWord } from '../state';
import { Zone } from '../../syntax/ast';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';
import { quoteName } from '../../syntax/quote';
import { restsOn } from '../unknown-facts';

const messages = {
  'card-not-there/not-theirs': (p: { player: string; card: string; holder: string; onField: boolean; zone: string }) =>
    `${p.player} activates ${quoteName(p.card)}, but the scenario shows it is ${p.holder}'s card (${p.onField ? `on ${p.holder}'s field` : `in ${p.holder}'s ${p.zone}`}): a player can activate only the cards they control; write the link for ${p.holder}, or put the card on ${p.player}'s side [R35]`,
  'card-not-there': (p: { link: string; needs: string; effect: string | undefined; shownWhere: string; shown: string }) =>
    `${p.link} needs the card ${p.needs}${p.effect === undefined ? '' : ` for this effect ("${p.effect}")`}, but the scenario shows it ${p.shownWhere}${p.shown}, so it cannot be activated there [R35]`,
  'card-not-there/face-up': (p: { link: string; card: string; shown: string }) =>
    `${p.link} activates ${quoteName(p.card)}, but the scenario shows the card already face-up on the field${p.shown}: a Spell/Trap Card is activated from the hand or Set on the field, once; a face-up card is not activated again, only its effects are (write \`effect N\` for one of them) [R35]`,
  'nothing-to-answer/own-turn': (p: { link: string; answers: string; turnPlayer: string }) =>
    `${p.link} answers an attack by its controller's opponent ("${p.answers}"), but it is ${p.turnPlayer}'s own turn (\`turn ${p.turnPlayer}\`): only the turn player declares attacks, so that event cannot have happened [R36]`,
  'nothing-to-answer/moved-otherwise': (p: { link: string; event: string; card: string; move: string; costNotEffect: boolean }) =>
    `${p.link} is a trigger on "${p.event}", but the scenario shows how ${quoteName(p.card)} moved right before this chain (${p.move}), and that does not meet its condition${p.costNotEffect ? ': a card sent as a cost is not sent by a card effect' : ''}; its effect does not activate [R36]`,
  'nothing-to-answer/event-after-chain': (p: { link: string; event: string; chain: number; after: string }) =>
    `${p.link} is a trigger on "${p.event}", but nothing before chain ${p.chain} meets it and the scenario shows it met only after that chain (${p.after}): a trigger activates after its event, in a chain that starts once it has happened [R36]`,
  'spell-trap-timing/quick-play-from-hand': (p: { link: string; turnPlayer: string }) =>
    `${p.link} is a Quick-Play Spell activated from the hand on ${p.turnPlayer}'s turn; from the hand it can be activated only on its controller's own turn (on the opponent's turn it must have been Set on an earlier turn) [R34]`,
  'spell-trap-timing/outside-main-phase': (p: { link: string; cardType: string; opponentsTurn: string | undefined; phase: string }) =>
    `${p.link} is a ${p.cardType} (Spell Speed 1): it can be activated only in its controller's own Main Phase, as Chain Link 1, and ${p.opponentsTurn !== undefined ? `it is ${p.opponentsTurn}'s turn` : `the scenario is in the ${p.phase} phase`} [R34]`,
  'spell-trap-timing/trap-from-hand': (p: { link: string; card: string }) =>
    `${p.link} is a Trap Card activated from the hand; a Trap is Set first and activated from the field, from the hand only where its text allows it, and the card facts of ${quoteName(p.card)} do not (if its text does, state it: \`activation, from field or hand\`) [R34]`,
  'spell-trap-timing/set-this-turn': (p: { link: string; setBy: string; trap: boolean }) =>
    `${p.link} was Set this turn (${p.setBy}); a ${p.trap ? 'Trap' : 'Quick-Play Spell'} cannot be activated the turn it was Set unless its text allows it [R34]`,
};

function checkLink(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState): void {
  const e = l.effect;
  const card = l.inst?.card;
  const at = l.activatedFrom;
  if (!e || !card || !at || l.player === undefined || l.status.ineligible) return;
  // A lingering effect applies wherever its card is by then (R69).
  if (e.lingering) return;
  const name = l.inst!.name;
  // R35: a player activates only their own cards (issue 18: say exactly that, not a SEGOC category).
  if (at.stated && at.holder !== l.player) {
    // A card on the field whose control changed hands (R72): control-and-equip.ts says that mistake.
    if (at.zone === 'field' && l.inst!.owner !== at.holder) return;
    report.say('card-not-there/not-theirs', l, { player: chain.players[l.player], card: name, holder: chain.players[at.holder], onField: at.zone === 'field', zone: zoneWord(at.zone) });
    return;
  }
  if (reportStatedMove(chain, report, l)) return;
  // R35: the card is not where its activation needs it. A trigger whose card moved after its event is R23's
  // matter; one whose event nothing met is shown where it cannot activate (where the board put it, or where
  // the scenario moved it: an Xyz Material, a Fusion Monster returned to the Extra Deck).
  const zones: Zone[] = e.kind === 'activation' ? activationZones(card.category, e.activatesFrom) : e.activatesFrom;
  const isTrigger = e.kind === 'trigger' || e.kind === 'flip';
  const checkZone = isTrigger ? !l.candidate && card.category === 'monster' : true;
  // R34: a Trap is activated from the field; from the hand only where its text says so (Infinite Impermanence,
  // Evenly Matched), which its card facts state (`from field or hand`). A Trap the scenario shows in the hand (its
  // board, or the link's `from hand`) claims that text: facts written by a person (the file, the workspace, the
  // curated library) that do not say it make it illegal; the generated library records a Trap's hand activation only
  // where its script grants it (EFFECT_TRAP_ACT_IN_HAND), and the text inference may not read one, so there it is a fact the verdict rests on.
  if (at.stated && checkZone && e.kind === 'activation' && card.category === 'trap' && at.zone === 'hand' && !zones.includes('hand')) {
    if (card.origin.kind === 'generated' || card.origin.kind === 'inferred') {
      restsOn(l, {
        card: card.name,
        effect: e.index,
        fact: 'zone',
        what: `whether ${quoteName(name)} can be activated from the hand (the ${card.origin.kind === 'generated' ? "generated card library records it only where the card's script grants it, and this one's does not" : 'inference from its text does not read one'})`,
        why: 'the link activates it from the hand, and a Trap without such a text is activated from the field only (R34)',
        line: 'activation, from field or hand',
      });
      return;
    }
    report.say('spell-trap-timing/trap-from-hand', l, { link: chain.linkName(l), card: name });
    return;
  }
  // R35: a Spell/Trap Card already face-up on the field (its activation resolved, or another link activated it) is
  // not activated again; its effects may be. A Pendulum Scale's activation is R66's.
  // Activated again in the same chain is R61's (once-per-chain), said there.
  const sameChain = chain.links.some((x) => x.position < l.position && x.inst === l.inst);
  if (at.stated && e.kind === 'activation' && card.category !== 'monster' && at.zone === 'field' && !at.faceDown && !l.stmt.toPendulumZone && !sameChain) {
    report.say('card-not-there/face-up', l, { link: chain.linkName(l), card: name, shown: shownMove(chain, at) });
    return;
  }
  if (at.stated && checkZone && !zones.includes(at.zone)) {
    // Said already: the card is not where it activates (what comes later need not be said too).
    l.status.eventAssumed = false;
    report.say('card-not-there', l, {
      link: chain.linkName(l),
      needs: zones.map(whereWord).join(' or '),
      effect: e.kind === 'activation' ? undefined : e.text,
      shownWhere: whereWord(at.zone),
      shown: shownMove(chain, at),
    });
    return;
  }
  // R36: "when an opponent's monster declares an attack" on one's own turn: only the turn player attacks.
  const patterns = e.kind === 'activation' ? e.responds : e.event ? [e.event] : [];
  if (patterns.length && patterns.every((p) => p.kind === 'attack' && p.actor === 'opponent') && l.player === chain.turn) {
    withdrawEventAssumption(l);
    report.say('nothing-to-answer/own-turn', l, { link: chain.linkName(l), answers: patterns.map((p) => p.raw).join(' / '), turnPlayer: chain.players[chain.turn] });
    return;
  }
  if (e.kind !== 'activation' || card.category === 'monster') return;
  // R34: where and when a Spell or Trap card can be activated.
  const own = l.player === chain.turn;
  const kind = card.spellTrapKind;
  if (card.category === 'spell' && kind === 'quick-play' && at.zone === 'hand' && !own) {
    if (!at.stated) {
      l.assumptions.push(`${quoteName(name)} was Set on an earlier turn (the scenario does not place it, and a Quick-Play Spell cannot be activated from the hand on the opponent's turn)`);
      return;
    }
    report.say('spell-trap-timing/quick-play-from-hand', l, { link: chain.linkName(l), turnPlayer: chain.players[chain.turn] });
    return;
  }
  if (card.category === 'spell' && kind !== 'quick-play' && (!own || (chain.phase !== 'main1' && chain.phase !== 'main2'))) {
    report.say('spell-trap-timing/outside-main-phase', l, {
      link: chain.linkName(l),
      cardType: card.cardType,
      opponentsTurn: own ? undefined : chain.players[chain.turn],
      phase: chain.phase,
    });
    return;
  }
  if (at.zone === 'field' && (card.category === 'trap' || kind === 'quick-play')) {
    if (at.setBy && e.setTurn) {
      // The text lets it be activated the turn it was Set (Solemn Accusation, Infernity Suppression): its
      // condition or cost is not a fact of the scenario, so it is assumed met and said.
      const condition = e.setTurn.condition ? ` (${e.setTurn.condition}: assumed met)` : '';
      l.assumptions.push(`${quoteName(name)} is activated the turn it was Set, as its text allows${condition}`);
      return;
    }
    if (at.setBy) {
      report.say('spell-trap-timing/set-this-turn', l, { link: chain.linkName(l), setBy: describeEvent(at.setBy, chain.players), trap: card.category === 'trap' });
      return;
    }
    if (at.faceDown) l.assumptions.push(`${quoteName(name)} was Set on an earlier turn (the scenario does not say when it was Set)`);
  }
}

/** What put the card where the link finds it, in words for a message (worded only when one is said). */
function shownMove(chain: ChainView, at: NonNullable<LinkState['activatedFrom']>): string {
  return at.lastMove ? ` (${describeEvent(at.lastMove, chain.players)})` : ' (as the board shows)';
}

/** The scenario states otherwise: the assumption that the link's event was met before its chain is withdrawn. */
function withdrawEventAssumption(l: LinkState): void {
  l.status.eventAssumed = false;
  l.assumptions = l.assumptions.filter((a) => !a.startsWith('no event in the scenario meets'));
  l.unknownFacts = l.unknownFacts.filter((f) => f.fact !== 'event');
}

/**
 * R36 for a trigger whose event the scenario writes only after its chain: nothing before the chain met it (so
 * eligibility.ts assumed it), and an event after the chain does that no later link of the same effect answers (an
 * event a later link answers is that link's, not a sign of this one's). A trigger activates after its event, in a
 * chain that starts once it has happened. Run once the whole scenario is simulated.
 */
function reportEventAfterChain(chains: readonly ChainView[], index: number, report: RuleReporter<typeof messages>, l: LinkState): void {
  const chain = chains[index];
  const p = l.effect?.event;
  if (!l.status.eventAssumed || l.status.ineligible || !p || !l.inst || l.player === undefined) return;
  const answeredLater = new Set<GameEvent>();
  for (let k = index + 1; k < chains.length; k++) {
    for (const x of chains[k].links) if (x.inst === l.inst && x.effect === l.effect && x.candidate) answeredLater.add(x.candidate.event);
  }
  for (let i = chain.chainEndEvent; i < chain.events.length; i++) {
    const ev = chain.events[i];
    if (answeredLater.has(ev) || eventMatches(p, ev, l.inst, l.player) !== 'yes') continue;
    withdrawEventAssumption(l);
    report.say('nothing-to-answer/event-after-chain', l, { link: chain.linkName(l), event: p.raw, chain: chain.chainIndex, after: describeEvent(ev, chain.players) });
    return;
  }
}


/**
 * R36 for a trigger on how its own card moved ("if this card is sent to the GY by a card effect"): the scenario
 * shows how the card moved right before this chain, and no move of it there meets the condition (a card sent as a
 * cost is not sent by a card effect). Its event cannot have happened unwritten: the card would have moved again.
 */
function reportStatedMove(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState): boolean {
  const e = l.effect!;
  const p = e.event;
  if ((e.kind !== 'trigger' && e.kind !== 'flip') || l.candidate || !p || p.kind !== 'card' || p.subject !== 'self' || !SELF_MOVES.has(p.verb)) return false;
  const you = chain.controllerOf(l.inst!);
  const moves = chain.events.slice(chain.windowStartIndex, chain.chainStartEvent).filter((ev) => ev.kind === 'move' && ev.card === l.inst);
  if (moves.length === 0 || moves.some((ev) => eventMatches(p, ev, l.inst!, you) !== 'no')) return false;
  const last = moves[moves.length - 1];
  const costNotEffect = p.by === 'effect' && last.kind === 'move' && last.cause === 'cost';
  withdrawEventAssumption(l);
  report.say('nothing-to-answer/moved-otherwise', l, { link: chain.linkName(l), event: p.raw, card: l.inst!.name, move: describeEvent(last, chain.players), costNotEffect });
  return true;
}

/** Where a Spell/Trap card's own activation may happen: a Trap on the field unless its facts add the hand. */
function activationZones(category: string, stated: readonly Zone[]): Zone[] {
  if (category !== 'trap') return ['hand', 'field'];
  return stated.includes('hand') ? ['field', 'hand'] : ['field'];
}

export const statedFacts = defineRule({
  name: 'stated-facts',
  needs: ['eligibility', 'responders'],
  codes: {
    'spell-trap-timing': {
      rules: ['R34'],
      severity: 'error',
      summary: "a Spell/Trap card activated where or when its card type does not allow (Quick-Play from the hand on the opponent's turn, a Trap from the hand its text does not allow, Set this turn, Normal Spell outside its own Main Phase)",
    },
    'card-not-there': {
      rules: ['R35'],
      severity: 'error',
      summary: 'a card activated where the scenario shows it is not (a Trap already destroyed, a GY trigger of a monster still on the field, a Spell/Trap Card already face-up)',
    },
    'nothing-to-answer': {
      rules: ['R36'],
      severity: 'error',
      summary: "a responder or trigger whose event the scenario shows did not happen (something else right before it; an opponent's attack on one's own turn; a Summon to negate or an attack to answer the scenario does not write)",
    },
  },
  catalogue: [
    {
      id: 'R34',
      title: 'Where and when a Spell or Trap card can be activated',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        "A Quick-Play Spell is activated from the hand only on its controller's own turn; a Trap from the field only (from the hand where its text allows it), and neither the turn it was Set (unless its text allows it); a Normal, Continuous, Equip, Field or Ritual Spell only in its controller's own Main Phase. Where the scenario does not say when a card was Set, segoc assumes an earlier turn and says so.",
      sources: [S.W29, S.W30, S.W46],
    },
    {
      id: 'R35',
      title: 'A card activated where the scenario shows it is not',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'Assumptions fill in what a scenario does not say and never contradict what it says: a card the scenario shows elsewhere (a Trap destroyed earlier, a monster still on the field whose effect activates in the GY, a Spell/Trap Card already face-up on the field, whose card is not activated again) cannot be activated. A card the scenario never placed is still assumed to be where its activation needs it.',
      sources: [S.W31, S.W122],
    },
    {
      id: 'R36',
      title: 'A responder with nothing to answer',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        "An effect that answers a game event cannot be activated where the scenario shows that event did not happen: right after something else the scenario states, for \"when an opponent's monster declares an attack\" on its controller's own turn, for a trigger on how its card moved after the scenario shows it moved otherwise (sent as a cost is not by a card effect), or before the event the scenario writes after its chain. An event the scenario does not mention at all is still assumed, except a Summon a card negates (the Solemn family): that is only the Summon the scenario writes right before it, answered as Chain Link 1; and an attack (Mirror Force): with no attack written right before its chain, it has nothing to answer.",
      sources: [S.W32, S.W31, S.W38, S.W39, S.W40, S.W152, S.W153],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
  afterScenario(chains, reportOn) {
    chains.forEach((chain, i) => {
      for (const l of chain.links) reportEventAfterChain(chains, i, reportOn(chain), l);
    });
  },
});
