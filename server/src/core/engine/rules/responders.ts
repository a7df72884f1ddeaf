// R29, R31: an effect that answers "when ... is activated" is chained directly to that activation
// (it sees only the link below it, R31), and mandatory ones go first (R29). R32 for effects that
// answer a game event: only in the window right after it.
import { CardFilter, EffectInfo, EventPattern } from '../../cards/model';
import { includedByParts, IncludedPart } from '../../cards/includes';
import type { Action, CardRef } from '../../syntax/ast';
import { activationPatternsOf, eventPatternsOf } from '../classify';
import { and3, eventMatches, filterMatches, Tri } from '../match';
import { describeEvent, describeLink, whyNotLast } from '../narrative';
import { zoneLabel } from '../../labels';
import { CardInstance, GameEvent, PlayerIndex } from '../state';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';
import { effectLabel, effectOwner, restsOn, restsOnArchetype, UnknownFact } from '../unknown-facts';
import { quoteName } from '../../syntax/quote';
import { destroysTargetAnswer, DetailMiss, highestAtkAnswer, includesFromAnswer, splitIncludes, targetCountAnswer } from '../activation-details';

const messages = {
  'must-chain-directly': (p: { link: string; activation: string; responder: string; condition: string }) =>
    `${p.link} is placed between ${p.activation} and the mandatory "${p.responder}" ("${p.condition}"), which must be chained directly to that activation before anything else; mandatory "when ... is activated" effects are placed first [R29]`,
  'must-chain-directly/not-below': (p: { card: string; below: number; negated: number }) =>
    `${quoteName(p.card)} answers an activation and can only answer the link directly below it (CL${p.below}); it cannot negate CL${p.negated}, which is not directly below it [R31]`,
  'must-chain-directly/wrong-activation': (p: { card: string; answers: string; below: string; belowIs: string; miss?: string }) =>
    `${quoteName(p.card)} answers "${p.answers}", so it can respond only to the activation directly below it, and ${p.below} is ${p.belowIs}, which does not meet that condition${p.miss ? ` (${p.miss})` : ''}; an activation-responder sees only the last link (chain blocking) [R31]`,
  'must-chain-directly/first-link': (p: { card: string; answers: string }) =>
    `${quoteName(p.card)} answers "${p.answers}" and must be chained directly to that activation; it cannot start a chain [R29]`,
  'missed-timing/responder': (p: { card: string; event: string; whyNotLast: string }) =>
    `${quoteName(p.card)} can be activated only when its condition (${p.event}) was the last thing to happen, and it was not: ${p.whyNotLast}; a "When ..." Spell or Trap card misses the timing exactly as an optional "when" trigger does [R19/R20, R32]`,
  'nothing-to-answer/something-else': (p: { card: string; answers: string; last: string; textOnly: boolean }) =>
    `${quoteName(p.card)} answers "${p.answers}", but the scenario shows what happened right before this chain (${p.last}) and nothing it answers: it has nothing to respond to here${p.textOnly ? ` (its condition is read from its card text alone: no script was found to cross-check it; a \`card\` definition of it decides otherwise)` : ''} [R36]`,
  'nothing-to-answer/no-summon': (p: { card: string; answers: string; link: number; summonWritten: boolean }) =>
    p.link > 1
      ? `${quoteName(p.card)} negates a Summon ("${p.answers}"), which can be done only as Chain Link 1, right when the monster would be Summoned; as CL${p.link} it has no Summon to negate [R36]`
      : p.summonWritten
        ? `${quoteName(p.card)} negates a Summon ("${p.answers}"), and the Summon the scenario writes right before this chain is not one it answers: it has nothing to negate [R36]`
        : `${quoteName(p.card)} negates a Summon ("${p.answers}"), and the scenario writes no Summon right before this chain: a Summon being attempted is the one thing it can answer, and it is not assumed; write that Summon first [R36]`,
  'nothing-to-answer/no-attack': (p: { card: string; answers: string }) =>
    `${quoteName(p.card)} answers an attack ("${p.answers}"), and the scenario writes no attack right before this chain: an attack declaration is what it answers, and it is not assumed; write the attack first (\`Yugi attacks "..." with "..."\`) [R36]`,
  'event-window-passed/responder': (p: { card: string; event: string }) =>
    `${quoteName(p.card)} responds to ${p.event}, but another chain or action came in between: it could be activated only in the window right after that event (as CL1, or chained to a chain built in that window) [R32]`,
};
type Report = RuleReporter<typeof messages>;

type ActivationPattern = Extract<EventPattern, { kind: 'activation' }>;

function normalizeInclude(s: string): string {
  const t = s.toLowerCase().trim();
  if (/search|add .*deck|adds? from deck/.test(t)) return 'search';
  if (/(special summon|summon)s? from deck|deck summon/.test(t)) return 'deck summon';
  if (/send(s)? from deck|deck send|mill/.test(t)) return 'deck send';
  return t;
}

/** A written action as a part of the one includes table (cards/includes.ts); none for an action it does not read. */
function writtenPart(a: Action): IncludedPart | undefined {
  switch (a.kind) {
    case 'add-to-hand':
    case 'special-summon':
      return { verb: a.kind, from: a.from };
    case 'destroy':
    case 'draw':
    case 'banish':
      return { verb: a.kind };
    case 'negate':
      return { verb: 'negate-activation' };
    default:
      return undefined;
  }
}

/**
 * What a link's effect includes: from its written actions and the card data of `effect` (none: the actions only).
 * Undefined where neither says: facts that list nothing, and no actions or actions that leave it open (an add that
 * does not say from where).
 */
function linkIncludes(l: LinkState, effect: EffectInfo | undefined): string[] | undefined {
  const out = new Set<string>(effect?.includes.map(normalizeInclude) ?? []);
  const written = l.stmt.actions ? includedByParts(l.stmt.actions.groups.flat().map(writtenPart).filter((p): p is IncludedPart => !!p)) : undefined;
  for (const w of written ?? []) out.add(w);
  // Facts that list nothing leave it open; except a modal card's choice when another of its choices lists what it
  // includes: the card's facts then tell its choices apart.
  const modalKnown = !!effect?.chooseOne && !!l.inst?.card?.effects.some((e) => e.chooseOne && e.includes.length > 0);
  if (out.size === 0 && !written && !modalKnown) return undefined;
  return [...out];
}

/** The card that answers, and how the scenario's card references name card copies (a label and a name, the same copy). */
interface Responder {
  name: string;
  effect?: number;
  turn?: PlayerIndex;
  resolve: (r: CardRef) => CardInstance | undefined;
}

/**
 * Whether link `prev` meets an activation pattern of `responder`. What the card library does not know and the
 * answer rests on (an "assumed" from a gap, not from what the scenario left out) is added to `gaps`.
 */
function answers(p: ActivationPattern, prev: LinkState, player: PlayerIndex | undefined, responder: Responder, gaps: UnknownFact[], misses: DetailMiss[] = [], open: DetailMiss[] = []): Tri {
  const card = prev.inst?.card;
  if (!card) return 'assumed'; // an unknown card: a language error already says so
  if (!prev.effect) {
    gaps.push({
      card: card.name,
      fact: 'effect',
      what: `what CL${prev.position} ${quoteName(card.name)} activates (the card library knows no effect of it)`,
      why: `${quoteName(responder.name)} answers "${p.raw}" only if it meets that`,
    });
    return 'assumed';
  }
  let r: Tri = 'yes';
  if (p.actor !== 'any' && player !== undefined && prev.player !== undefined) {
    r = and3(r, p.actor === 'opponent' ? (prev.player !== player ? 'yes' : 'no') : prev.player === player ? 'yes' : 'no');
  }
  const kindOk = p.what.some((w) => {
    switch (w) {
      case 'any':
        return true;
      case 'monster-effect':
        return card.category === 'monster';
      case 'spell':
        return card.category === 'spell';
      case 'trap':
        return card.category === 'trap';
      case 'spell-card':
        return card.category === 'spell' && prev.effect!.kind === 'activation';
      case 'trap-card':
        return card.category === 'trap' && prev.effect!.kind === 'activation';
      case 'effect':
        return prev.effect!.kind !== 'activation';
    }
  });
  r = and3(r, kindOk ? 'yes' : 'no');
  if (p.zone) {
    // Where the activating card was: stated, or the only zones its effect activates from; else assumed.
    const zones: readonly string[] = p.zone === 'hand-or-field' ? ['hand', 'field'] : [p.zone];
    const at = prev.activatedFrom;
    const from = prev.effect.activatesFrom;
    const there = at ? zones.includes(at.zone) : from.some((z) => zones.includes(z));
    const certain = at ? at.stated || !from.some((z) => zones.includes(z)) : !there || from.every((z) => zones.includes(z));
    r = and3(r, there ? 'yes' : certain ? 'no' : 'assumed');
  }
  // `during your turn`: the turn the chain is in (a scenario is one turn).
  if (p.duringTurn && player !== undefined && responder.turn !== undefined) {
    const ok = (responder.turn === player) === (p.duringTurn === 'your');
    if (!ok) misses.push(`it is activated during ${p.duringTurn === 'your' ? "the opponent's" : 'your'} turn`);
    r = and3(r, ok ? 'yes' : 'no');
  }
  if (p.targets) r = and3(r, targetsAnswer(p.targets, prev, player));
  // The activation's details (activation-details.ts): how many it targets, that it destroys its target, from where.
  const responderName = quoteName(responder.name);
  if (p.targetCount !== undefined) r = and3(r, targetCountAnswer(p.targetCount, prev, misses, open));
  if (p.destroysTarget) r = and3(r, destroysTargetAnswer(prev, responder.resolve, responderName, gaps, misses, open));
  const { plain, fromZone } = splitIncludes(p);
  if (fromZone.length) r = and3(r, includesFromAnswer(fromZone, prev, responderName, gaps, misses, open));
  if (plain.length) {
    // A modal card's link that does not say which effect was chosen: what it did, where its actions are written;
    // else every choice counts.
    const unchosen = prev.effect.chooseOne && !prev.stmt.effectIndex;
    const modes = !unchosen ? [prev.effect] : prev.stmt.actions ? [undefined] : card.effects.filter((e) => e.chooseOne);
    const each = modes.map((e) => includesAnswer(plain, linkIncludes(prev, e)));
    const includes: Tri = each.every((x) => x === 'yes') ? 'yes' : each.every((x) => x === 'no') ? 'no' : 'assumed';
    // A link written without actions, whose card facts list nothing it includes: unknown, not "anything".
    if (includes === 'assumed' && modes.some((e) => linkIncludes(prev, e) === undefined)) {
      // The effect's facts are its card's: the granting card's for a granted effect (R68).
      const owner = effectOwner(prev)?.card ?? card;
      gaps.push({
        card: owner.name,
        effect: prev.effect.index,
        fact: 'includes',
        what: `what ${effectLabel(owner, prev.effect.index)} includes (its card facts list nothing, and CL${prev.position} writes ${prev.stmt.actions ? 'actions that do not say from where' : 'no actions'})`,
        why: `${quoteName(responder.name)} answers only an activation that includes ${plain.join(' or ')}`,
        line: `includes ${plain.join(', ')}`,
      });
    }
    r = and3(r, includes);
  }
  if (p.unknown.length) {
    gaps.push({
      card: responder.name,
      effect: responder.effect,
      fact: 'condition',
      what: `the condition of ${quoteName(responder.name)} ("${p.raw}") has words the library cannot read ("${[...new Set(p.unknown)].join(' ')}")`,
      why: `CL${prev.position} is taken to meet it`,
    });
    r = and3(r, 'assumed');
  }
  return r;
}

/**
 * "That targets a monster you control" (Megalith Aratron, Remote Revenge): one of the link's written targets passes
 * the filter (`you`: the responder's controller). A link that writes no target: its effect does not target (no), or
 * the scenario does not say what it targets (assumed, and said).
 */
function targetsAnswer(filter: CardFilter, prev: LinkState, player: PlayerIndex | undefined): Tri {
  if (prev.targets.length) {
    const each = prev.targets.map((t) => filterMatches(filter, t, (player ?? 0) as PlayerIndex));
    return each.includes('yes') ? 'yes' : each.includes('assumed') ? 'assumed' : 'no';
  }
  return prev.effect?.targets ? 'assumed' : 'no';
}

/** Whether what an effect does (undefined: not known) meets an activation pattern's `including ...`. */
function includesAnswer(wanted: readonly string[], does: string[] | undefined): Tri {
  if (does === undefined) return 'assumed';
  // Drawing adds cards from the Deck to the hand: Ash Blossom-like responders answer it as a search.
  if (does.includes('draw')) does.push('search');
  // A Special Summon from the Deck is a Special Summon (Solemn Warning answers a card that states only `deck summon`).
  if (does.includes('deck summon')) does.push('special summon');
  return wanted.some((x) => does.includes(normalizeInclude(x))) ? 'yes' : 'no';
}

function olderMatch(chain: ChainView, l: LinkState, patterns: EventPattern[]): GameEvent | undefined {
  const older = chain.events.slice(0, chain.windowStartIndex);
  const you = (l.player ?? 0) as PlayerIndex;
  for (let i = older.length - 1; i >= 0; i--) {
    if (patterns.some((p) => eventMatches(p, older[i], l.inst!, you) !== 'no')) return older[i];
  }
  return undefined;
}

/**
 * What the scenario must write for the responder to answer it (R36): a Summon being attempted (the Solemn family)
 * or an attack (Mirror Force: "When an opponent's monster declares an attack"). Either is a moment a scenario
 * states, never assumed to have happened off the page.
 */
function mustBeWritten(p: EventPattern): boolean {
  return isSummonAttempt(p) || isAttackEvent(p);
}

/** An attack declaration: `opponent declares an attack`, `this card is attacked`, `this card declares an attack`. */
function isAttackEvent(p: EventPattern): boolean {
  return p.kind === 'attack' || (p.kind === 'card' && (p.verb === 'attacked' || p.verb === 'declares-attack'));
}

/** `responds to summon` (the Solemn family): a Summon being attempted, not one that happened. */
function isSummonAttempt(p: EventPattern): boolean {
  return p.kind === 'card' && !!p.attempt;
}

function eventResponderOk(chain: ChainView, l: LinkState, patterns: EventPattern[]): Tri {
  const window = chain.events.slice(chain.windowStartIndex, chain.chainStartEvent);
  const you = l.player ?? 0;
  let best: Tri = 'no';
  // A Summon being attempted is negated only by Chain Link 1, right when the monster would be Summoned (W40): never
  // above another link (the triggers of that Summon included).
  if (l.position > 1) patterns = patterns.filter((p) => !isSummonAttempt(p));
  if (patterns.length === 0) return 'no';
  // "When a LIGHT monster you control battles" (Honest): the battle in progress, not only its attack declaration.
  const battle = patterns.some((p) => p.kind === 'card' && p.verb === 'battles') ? battleInProgress(chain) : undefined;
  for (const p of patterns) {
    for (const ev of battle && !window.includes(battle) ? [battle, ...window] : window) {
      const m = p.kind === 'attack' && p.highestAtk && ev.kind === 'attack' ? highestAtkAttack(chain, l, p, ev) : eventMatches(p, ev, l.inst!, you as PlayerIndex);
      if (m === 'yes') return 'yes';
      if (m === 'assumed') best = 'assumed';
    }
  }
  // Nothing ever met it: assumed, unless the scenario shows what happened right before this chain (R36). Never a
  // Summon being attempted or an attack: a Counter Trap that negates a Summon the scenario does not write has nothing
  // to negate, a Mirror Force no attack to answer.
  // (The battle going on is shown: a "battles" effect that it does not meet has nothing to answer.)
  if (best === 'no' && !battle && patterns.some((p) => !mustBeWritten(p)) && !olderMatch(chain, l, patterns) && !lastStatedEvent(chain)) return 'assumed';
  return best;
}

/**
 * The attack whose battle is going on as the chain starts: the last attack declared, while the chain is in the
 * Battle Phase or the Damage Step and no phase other than the Damage Step began after it. A monster "battles" all
 * through its battle (Honest: "During the Damage Step, when a LIGHT monster you control battles"), so the attack
 * declared before the Damage Step began is what such an effect answers.
 */
function battleInProgress(chain: ChainView): GameEvent | undefined {
  if (chain.phase !== 'battle' && chain.phase !== 'damage-step') return undefined;
  for (let i = chain.chainStartEvent - 1; i >= 0; i--) {
    const ev = chain.events[i];
    if (ev.kind === 'attack') return ev;
    if (ev.kind === 'phase' && ev.phase !== 'damage-step') return undefined;
  }
  return undefined;
}

/**
 * "When the monster your opponent controls with the highest ATK declares an attack": the attack meets the rest of the
 * pattern, and its attacker's ATK is the highest of its controller's face-up monsters as the chain starts. Where an ATK
 * is not known, assumed and said.
 */
function highestAtkAttack(chain: ChainView, l: LinkState, p: Extract<EventPattern, { kind: 'attack' }>, ev: Extract<GameEvent, { kind: 'attack' }>): Tri {
  const rest = eventMatches({ ...p, highestAtk: undefined }, ev, l.inst!, (l.player ?? 0) as PlayerIndex);
  if (rest === 'no') return 'no';
  const highest = highestAtkAnswer(ev.attacker, chain.instances, chain.earlierActivations.length > 0);
  if (highest.why === 'unknown') l.assumptions.push(`the ATK of "${ev.attacker.name}" or of another monster its controller controls is not known: it is taken to be the highest, as "${p.raw}" needs`);
  else if (highest.why) l.assumptions.push(`"${ev.attacker.name}" is taken to have the highest ATK, as "${p.raw}" needs: its printed ATK is lower than another monster's, but printed ATK is compared and ATK changes are not tracked (${highest.why})`);
  return and3(rest, highest.answer);
}

/** The last event the scenario shows before this chain, in its window (a phase change or an R4 leftover is no answer). */
function lastStatedEvent(chain: ChainView): GameEvent | undefined {
  for (let i = chain.chainStartEvent - 1; i >= chain.windowStartIndex; i--) {
    const ev = chain.events[i];
    if ((ev.kind !== 'phase' || ev.origin.kind !== 'action') && ev.origin.kind !== 'leftover') return ev;
  }
  return undefined;
}

/**
 * R32 with R19/R20: a Spell/Trap that answers a game event ("When ... is Summoned") can be activated only if
 * that event was the last thing to happen before the chain, exactly as an optional "when" trigger.
 */
function checkResponderTiming(chain: ChainView, report: Report, l: LinkState, patterns: EventPattern[]): void {
  const you = (l.player ?? 0) as PlayerIndex;
  const success = patterns.filter((p) => !isSummonAttempt(p));
  const matched = chain.events.slice(chain.windowStartIndex, chain.chainStartEvent).filter((ev) => success.some((p) => eventMatches(p, ev, l.inst!, you) !== 'no'));
  if (matched.length === 0 || matched.some((ev) => ev.step === chain.stepAtStart)) return;
  const ev = matched[matched.length - 1];
  report.say('missed-timing/responder', l, {
    card: l.inst!.name,
    event: describeEvent(ev, chain.players),
    whyNotLast: whyNotLast(chain.events, chain.players, ev, chain.chainStartEvent),
  });
}

/**
 * R36 for the Solemn family: a link whose only answers left are Summons being attempted (`responds to summon`) finds
 * none: as CL1 with no such Summon written right before the chain, or as a higher link, where no Summon is negated.
 */
function reportNoSummon(chain: ChainView, report: Report, l: LinkState, patterns: EventPattern[]): boolean {
  const attempts = patterns.filter(isSummonAttempt);
  if (!attempts.length || attempts.length < patterns.length) return false;
  // A link written `-> negate the summon` with no Summon to negate is R52's (no-summon-to-negate): one mistake, one error.
  if (l.stmt.actions?.groups.some((g) => g.some((a) => a.kind === 'negate-summon'))) return true;
  const you = (l.player ?? 0) as PlayerIndex;
  const window = chain.events.slice(chain.windowStartIndex, chain.chainStartEvent);
  if (l.position === 1 && window.some((ev) => attempts.some((p) => eventMatches(p, ev, l.inst!, you) !== 'no'))) return false;
  const summonWritten = window.some((ev) => ev.kind === 'summon');
  report.say('nothing-to-answer/no-summon', l, { card: l.inst!.name, answers: attempts.map((p) => p.raw).join(' / '), link: l.position, summonWritten });
  return true;
}

/**
 * R36 for Mirror Force and kin: a link whose answers are all attacks finds none when the scenario writes no attack
 * in this window (an attack earlier, with a chain in between, is R32's `event-window-passed`).
 */
function reportNoAttack(chain: ChainView, report: Report, l: LinkState, patterns: EventPattern[]): boolean {
  if (!patterns.length || !patterns.every(isAttackEvent)) return false;
  // An opponent's attack on its controller's own turn: `nothing-to-answer/own-turn` (stated-facts.ts) says it.
  if (patterns.every((p) => p.kind === 'attack' && p.actor === 'opponent') && l.player === chain.turn) return false;
  if (chain.events.slice(chain.windowStartIndex, chain.chainStartEvent).some((ev) => ev.kind === 'attack')) return false;
  if (olderMatch(chain, l, patterns)) return false;
  report.say('nothing-to-answer/no-attack', l, { card: l.inst!.name, answers: patterns.map((p) => p.raw).join(' / ') });
  return true;
}

/** Whether an effect is read from its card's text alone (no script to cross-check it): a verdict on it says so. */
const textOnly = (e: EffectInfo): boolean => e.assumed.some((n) => n.kind === 'text-only');

/** R31 / R29 / R32 for one link that answers an activation or an event. */
function checkResponder(chain: ChainView, report: Report, l: LinkState): void {
  const e = l.effect;
  if (!e || !l.inst) return;
  // A Quick Effect that negates a Summon (Thunder King Rai-Oh: "when a monster would be Special Summoned"): the same
  // window as the Solemn family's.
  if (e.kind === 'quick' && e.event && isSummonAttempt(e.event)) {
    reportNoSummon(chain, report, l, [e.event]);
    return;
  }
  const activationPatterns = activationPatternsOf(e);
  const eventPatterns = eventPatternsOf(e);
  if (activationPatterns.length) {
    const prev = chain.links[l.position - 2];
    const gaps = activationPatterns.map((): UnknownFact[] => []);
    const responder: Responder = { name: effectOwner(l)!.name, effect: e.index, turn: chain.turn, resolve: (r) => chain.resolvedRef(r) };
    const misses: DetailMiss[] = [];
    const open: DetailMiss[] = [];
    const ok = prev ? activationPatterns.map((p, i) => answers(p, prev, l.player, responder, gaps[i], misses, open)) : [];
    const best: Tri = ok.includes('yes') ? 'yes' : ok.includes('assumed') ? 'assumed' : 'no';
    const eventOk = eventPatterns.length ? eventResponderOk(chain, l, eventPatterns) : 'no';
    const negated = l.stmt.actions?.groups.flat().find((a) => a.kind === 'negate');
    if (prev && negated && negated.kind === 'negate' && negated.link.value !== prev.position && best !== 'no') {
      const target = chain.links.find((x) => x.position === negated.link.value);
      report.say(
        'must-chain-directly/not-below',
        l,
        { card: l.inst.name, below: prev.position, negated: negated.link.value },
        target ? [{ link: target, message: 'the activation it claims to answer' }] : [],
      );
      return;
    }
    if (best === 'no' && eventOk === 'no') {
      if (!prev && reportNoSummon(chain, report, l, eventPatterns)) return;
      // As CL1 of a card that also answers events (Mind Mirror Force: an attack), the event the scenario shows before
      // the chain is what it fails (R36), not "an activation to chain to".
      const last = !prev && eventPatterns.length ? lastStatedEvent(chain) : undefined;
      if (last) {
        report.say('nothing-to-answer/something-else', l, { card: l.inst.name, answers: raws([...eventPatterns, ...activationPatterns]), last: describeEvent(last, chain.players), textOnly: textOnly(e) });
        return;
      }
      const what = raws(activationPatterns);
      // A responder that answers only cards on the field says where the card below it activated.
      const at = prev?.activatedFrom?.zone ?? (prev?.effect?.activatesFrom.length === 1 ? prev.effect.activatesFrom[0] : undefined);
      const where = activationPatterns.some((p) => p.zone === 'field') && at && at !== 'field' ? ` activated ${at === 'banished' ? 'while banished' : `in the ${zoneLabel(at)}`}, not on the field` : '';
      if (prev) {
        // What the link misses of the responder's details, where one was found (it targets 2 cards, not exactly 1).
        const miss = misses.length ? [...new Set(misses)].join('; ') : undefined;
        report.say('must-chain-directly/wrong-activation', l, { card: l.inst.name, answers: what, below: chain.linkName(prev), belowIs: describeLink(prev) + where, miss }, [
          { link: prev, message: 'the link directly below: the only one it could answer' },
        ]);
      } else {
        report.say('must-chain-directly/first-link', l, { card: l.inst.name, answers: what });
      }
    } else if (best === 'assumed') {
      // What rests on the card library is named as such (unless the link answers an event anyway); what rests on the
      // scenario (where CL below was activated, which choice it made) is assumed.
      const assumedBy = ok.map((x, i) => (x === 'assumed' ? i : -1)).filter((i) => i >= 0);
      if (eventOk !== 'yes') for (const i of assumedBy) for (const g of gaps[i]) restsOn(l, g);
      if (assumedBy.some((i) => gaps[i].length === 0)) {
        l.assumptions.push(`CL${prev!.position} was taken to meet "${raws(activationPatterns)}" (${open.length ? [...new Set(open)].join('; ') : 'its effect is not written out'})`);
      }
    }
  } else if ((eventPatterns.length && e.kind === 'activation') || quickEventOf(e).length) {
    // A Quick Effect on a game event (Droll & Lock Bird: a card added to the opponent's hand) answers it as a
    // Spell/Trap on an event does, with its qualifiers; it does not miss the timing as a "When ..." card would.
    const quick = e.kind !== 'activation';
    if (quick) eventPatterns.splice(0, eventPatterns.length, ...quickEventOf(e));
    const r = eventResponderOk(chain, l, eventPatterns);
    if (r !== 'no' && !quick) checkResponderTiming(chain, report, l, eventPatterns);
    // An event of the window met it only on a card's unknown archetypes: the verdict rests on them.
    if (r === 'assumed') {
      const window = chain.events.slice(chain.windowStartIndex, chain.chainStartEvent);
      for (const p of eventPatterns) for (const ev of window) if (eventMatches(p, ev, l.inst, l.player ?? 0) === 'assumed') restsOnArchetype(l, e, p, ev, describeEvent(ev, chain.players));
    }
    if (r === 'assumed' && !lastStatedEvent(chain)) {
      l.status.eventAssumed = true;
      l.assumptions.push(`no event in the scenario meets "${eventPatterns.map((p) => p.raw).join(' / ')}"; the engine assumes it happened just before this chain`);
    }
    if (r === 'no') {
      if (reportNoSummon(chain, report, l, eventPatterns) || reportNoAttack(chain, report, l, eventPatterns)) return;
      // The battle going on is what a "battles" effect answers (Honest): not another battle older than it.
      const battle = eventPatterns.some((p) => p.kind === 'card' && p.verb === 'battles') ? battleInProgress(chain) : undefined;
      const ev = battle ? undefined : olderMatch(chain, l, eventPatterns);
      const last = lastStatedEvent(chain) ?? battle;
      if (!ev && last) {
        report.say('nothing-to-answer/something-else', l, {
          card: l.inst.name,
          answers: eventPatterns.map((p) => p.raw).join(' / '),
          last: describeEvent(last, chain.players),
          textOnly: textOnly(e),
        });
      }
      if (ev) {
        report.say('event-window-passed/responder', l, { card: l.inst.name, event: describeEvent(ev, chain.players) });
      }
    }
  }
}

/** The phrases of a responder's patterns, each once (the alternatives of one phrase share its words). */
function raws(patterns: readonly EventPattern[]): string {
  return [...new Set(patterns.map((p) => p.raw))].join(' / ');
}

/** The game event a Quick Effect answers (its card, attack or damage event; an activation is matched above). */
function quickEventOf(e: EffectInfo): EventPattern[] {
  return e.kind === 'quick' && e.event && (e.event.kind === 'card' || e.event.kind === 'attack' || e.event.kind === 'damage') ? [e.event] : [];
}

/** R29: a pending mandatory "when ... is activated" effect must be chained directly. */
function checkPendingMandatory(chain: ChainView, report: Report): void {
  const links = chain.links;
  const used = new Set<string>();
  for (let k = 0; k < links.length - 1; k++) {
    const act = links[k];
    const next = links[k + 1];
    for (const inst of chain.instances) {
      if (!inst.card || inst.zone !== 'field' || inst.faceDown) continue;
      for (const e of inst.card.effects) {
        if (e.kind !== 'quick' || !e.mandatory || !e.event || e.event.kind !== 'activation') continue;
        const key = `${inst.id}:${e.index}`;
        if (used.has(key) && e.oncePerChain) continue;
        if (links.slice(0, k + 1).some((x) => x.inst === inst && x.effect === e) && e.oncePerChain) continue;
        if (answers(e.event, act, chain.controllerOf(inst), { name: inst.name, effect: e.index, turn: chain.turn, resolve: (r) => chain.resolvedRef(r) }, []) !== 'yes') continue;
        if (next.inst === inst && next.effect === e) {
          used.add(key);
          continue;
        }
        const nextIsMandatoryResponder = next.effect?.kind === 'quick' && next.effect.mandatory && next.effect.event?.kind === 'activation';
        if (nextIsMandatoryResponder) continue;
        const late = links.find((x) => x.inst === inst && x.effect === e);
        if (!late) continue; // not claimed at all: not shown
        report.say(
          'must-chain-directly',
          next,
          { link: chain.linkName(next), activation: chain.linkName(act), responder: inst.name, condition: e.event.raw },
          [
            { link: act, message: 'the activation that the mandatory effect answers' },
            { link: late, message: 'the mandatory responder, placed too late: it resolves without effect' },
          ],
        );
        used.add(key);
      }
    }
  }
}

export const responders = defineRule({
  name: 'responders',
  codes: {
    'must-chain-directly': {
      rules: ['R29', 'R31'],
      severity: 'error',
      summary: 'a "when ... is activated" effect not directly above the activation it answers, or whose condition CL(n-1) does not meet',
    },
  },
  catalogue: [
  {
    id: 'R29',
    title: '"When … is activated" effects: mandatory ones first, chained directly',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      "Effects that answer \"when a card or effect is activated\" are Spell Speed 2 and must be chained directly to that activation; mandatory ones go first (turn player's first), then normal priority. An optional one not chained directly can no longer be used.",
    sources: [S.S3, S.W23, S.YC],
  },
  {
    id: 'R31',
    title: 'An effect that answers an activation sees only the link below it',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'An effect that answers an activation (Solemn Strike, Ash Blossom, Light and Darkness Dragon) can answer only the link directly below it, so the order inside a SEGOC group decides what the opponent can answer.',
    sources: [S.S1, S.CS, S.YC],
  },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) checkResponder(chain, report, l);
    checkPendingMandatory(chain, report);
  },
});
