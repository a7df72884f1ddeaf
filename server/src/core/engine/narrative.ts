// The engine's facts in English: events, links and orders as judges say them. Messages, hovers,
// `explain` and the results' sentences are made here from the engine's data.
import { CardInfo, EffectAction, EffectInfo, SummonType } from '../cards/model';
import { SpecialSummonKind, SummonMethod } from '../syntax/ast';
import { LinkState } from './classify';
import { CATEGORY_LABELS, CollectedStatus, CollectedTrigger, CountedVerb, EventRecord, LinkAnswer, LinkResolution, PartOutcome, ResolutionAct } from './results';
import type { ChainView } from './view';
import { Zone } from '../syntax/ast';
import { GameEvent, zoneWord } from './state';
import { quoteName } from '../syntax/quote';

/** "on the field", "in the GY": where a card is, in words. */
export function whereWord(z: Zone): string {
  if (z === 'overlay') return 'attached to an Xyz Monster as material';
  return z === 'field' ? 'on the field' : `in the ${zoneWord(z)}`;
}

/**
 * Why an event was not the last thing to happen before the chain that starts at event `limit`: the R20
 * cause and the first event that came after it. Only events before that chain count (a trigger's own
 * activation never does); a Summon is named rather than the move that put the card on the field; R4
 * leftovers and phase changes are no such event.
 */
export function whyNotLast(events: readonly GameEvent[], players: readonly [string, string], ev: GameEvent, limit: number): string {
  const before = events.slice(0, limit).filter((x) => x.step > ev.step && (x.kind !== 'phase' || x.origin.kind !== 'action') && x.origin.kind !== 'leftover');
  const firstStep = before.length ? before[0].step : undefined;
  const atStep = before.filter((x) => x.step === firstStep);
  const later = atStep.find((x) => x.kind === 'summon') ?? atStep[0];
  const o = ev.origin;
  const sameLink = (x: GameEvent) => o.kind !== 'action' && x.origin.kind === o.kind && 'link' in x.origin && x.origin.chain === o.chain && x.origin.link === o.link;
  const cause =
    o.kind === 'cost' || o.kind === 'activation'
      ? `(b) it happened as the ${o.kind} of chain ${o.chain} CL${o.link}, and the activation came after it`
      : o.kind === 'resolution' && o.link >= 2
        ? `(a) it happened while chain ${o.chain} CL${o.link} resolved, and ${o.link === 2 ? 'CL1' : `CL${o.link - 1} to CL1`} still resolved after it`
        : ev.kind === 'move' && ev.cause === 'material'
          ? `(d) it was ${ev.tributed ? 'Tributed' : 'used as material'} for a Summon, and the Summon came after it`
          : o.kind === 'resolution' && (!later || sameLink(later))
          ? '(c) a later part of the same effect ("then") came after it'
          : ev.kind === 'move' && ev.tributed
            ? `(d) it was ${ev.tributed ? 'Tributed' : 'used as material'} for a Summon, and the Summon came after it`
            : undefined;
  if (!cause) return later ? `${describeEvent(later, players)} happened after it` : 'something else happened after it';
  return later ? `R20 ${cause} (after it: ${describeEvent(later, players)})` : `R20 ${cause}`;
}

/** A game event as plain data, with names instead of card copies. */
export function eventRecord(ev: GameEvent, players: readonly [string, string]): EventRecord {
  const o = ev.origin;
  const r: EventRecord = { kind: ev.kind, step: ev.step, origin: o.kind === 'action' ? { kind: 'action' } : { kind: o.kind, chain: o.chain, link: o.link } };
  switch (ev.kind) {
    case 'move':
      r.card = ev.card.name;
      r.how =
        ev.cause === 'set'
          ? 'set'
          : ev.cause === 'draw'
            ? 'drawn'
            : ev.destroyed
              ? ev.cause === 'battle'
                ? 'destroyed-by-battle'
                : 'destroyed'
              : ev.discarded
                ? 'discarded'
                : ev.tributed
                  ? 'tributed'
                  : ev.cause === 'material'
                    ? 'material'
                    : ev.from === 'field' && (ev.to === 'hand' || ev.to === 'deck' || ev.to === 'extra')
                      ? 'returned'
                      : 'sent';
      r.from = ev.from;
      r.to = ev.to;
      break;
    case 'summon':
      r.card = ev.card.name;
      r.summonType = ev.summonType;
      if (ev.method) r.method = ev.method;
      if (ev.attempt) r.attempt = true;
      break;
    case 'attack':
      r.card = ev.attacker.name;
      r.target = ev.target?.name;
      r.player = players[ev.player];
      break;
    case 'activation':
      r.card = ev.card.name;
      r.player = players[ev.player];
      break;
    case 'damage':
      r.player = players[ev.player];
      r.amount = ev.amount;
      if (ev.battle) r.battle = true;
      break;
    case 'phase':
      r.phase = ev.phase;
      break;
    case 'position':
      r.card = ev.card.name;
      r.position = ev.position;
      break;
  }
  return r;
}

const HOW: Record<NonNullable<EventRecord['how']>, string> = {
  destroyed: 'destroyed',
  'destroyed-by-battle': 'destroyed by battle',
  discarded: 'discarded',
  tributed: 'Tributed',
  set: 'Set',
  sent: 'sent',
  material: 'used as material',
  drawn: 'drawn',
  returned: 'returned',
};

const SUMMON_WORDS: Record<SummonType, string> = { normal: 'Normal', tribute: 'Tribute', flip: 'Flip', special: 'Special' };
const METHOD_WORDS: Record<SpecialSummonKind, string> = { link: 'Link', xyz: 'Xyz', synchro: 'Synchro', fusion: 'Fusion', ritual: 'Ritual', pendulum: 'Pendulum' };

export function eventText(r: EventRecord): string {
  const o = r.origin;
  const where =
    o.kind === 'action'
      ? ''
      : o.kind === 'cost'
        ? ` (cost of chain ${o.chain} CL${o.link})`
        : o.kind === 'activation'
          ? ` (activation of chain ${o.chain} CL${o.link})`
          : o.kind === 'leftover'
            ? ` (end of chain ${o.chain})`
            : ` (resolution of chain ${o.chain} CL${o.link})`;
  switch (r.kind) {
    case 'move': {
      if (r.how === 'set') return `${quoteName(r.card ?? '?')} was Set${where}`;
      if (r.how === 'drawn') return `${quoteName(r.card ?? '?')} was drawn${where}`;
      if (r.how === 'returned') return `${quoteName(r.card ?? '?')} was returned to the ${zoneWord(r.to!)}${where}`;
      if (r.to === 'overlay') return `${quoteName(r.card ?? '?')} was attached as Xyz Material${where}`;
      const how = HOW[r.how!];
      return `${quoteName(r.card ?? '?')} ${r.how !== 'sent' ? `was ${how} (to the ${zoneWord(r.to!)})` : `was ${how} from the ${zoneWord(r.from!)} to the ${zoneWord(r.to!)}`}${where}`;
    }
    case 'summon':
      return `${quoteName(r.card ?? '?')} ${r.attempt ? 'would be' : 'was'} ${r.method ? METHOD_WORDS[r.method] : SUMMON_WORDS[r.summonType!]} Summoned${where}`;
    case 'attack':
      return r.target !== undefined ? `${r.player} declared an attack on ${quoteName(r.target ?? '?')} with ${quoteName(r.card ?? '?')}` : `${r.player} declared a direct attack with ${quoteName(r.card ?? '?')}`;
    case 'activation':
      return `${r.player} activated ${quoteName(r.card ?? '?')}${where}`;
    case 'damage':
      return `${r.player} took ${r.amount} ${r.battle ? 'battle ' : ''}damage${where}`;
    case 'phase':
      return o.kind === 'action' ? `the game entered the ${r.phase} phase` : `the Battle Phase was ended${where}`;
    case 'position':
      return `${quoteName(r.card ?? '?')} was changed to ${r.position} position${where}`;
  }
}

export function describeEvent(ev: GameEvent, players: readonly [string, string]): string {
  return eventText(eventRecord(ev, players));
}

/** What a link answers, in words. */
export function answerText(a: LinkAnswer): string {
  switch (a.kind) {
    case 'event':
      return eventText(a.event);
    case 'phase':
      return a.timing ?? 'the phase';
    case 'link':
      return `CL${a.link} ${a.player}'s ${quoteName(a.card)}`;
    case 'open-state':
      return 'the open game state';
  }
}

const COLLECTED_WORDS: Record<CollectedStatus, string> = {
  'cannot-activate-here': 'cannot activate from where it is',
  'missed-timing': 'missed the timing',
  'no-target': 'no legal target',
  'changed-location': 'changed location',
  'must-activate': 'must activate',
  'may-activate': 'may activate',
};

/** `Yugi's "Sangan" (mandatory, turn player's mandatory): must activate`. */
export function collectedText(c: CollectedTrigger): string {
  return `${c.player}'s ${quoteName(c.card)} (${c.mandatory ? 'mandatory' : 'optional'}, ${CATEGORY_LABELS[c.category]}): ${COLLECTED_WORDS[c.status]}`;
}

const quoted = (cards: string[], owners?: string[]) => cards.map((c, i) => (owners ? `${owners[i]}'s ${quoteName(c)}` : quoteName(c))).join(', ');

/** One thing a link did when it resolved, in words. */
export function actText(a: ResolutionAct): string {
  switch (a.kind) {
    case 'negated':
      return 'its activation was negated: nothing happens';
    case 'negated-card-to-gy':
      return `${quoteName(a.card)} goes to the GY`;
    case 'left-the-field':
      return `does nothing: ${quoteName(a.card)} is no longer on the field (R18)`;
    case 'resolves':
      return 'resolves';
    case 'not-written':
      return 'resolves; what it does is not known (no effect of its card is known here, and the link writes no actions)';
    case 'destroys':
      return `destroys ${quoted(a.cards, a.owners)}`;
    case 'sends-to-gy':
      return `sends to the GY ${quoted(a.cards, a.owners)}`;
    case 'discards':
      return `discards ${quoted(a.cards, a.owners)}`;
    case 'tributes':
      return `Tributes ${quoted(a.cards, a.owners)}`;
    case 'banishes':
      return `banishes ${quoted(a.cards, a.owners)}`;
    case 'adds-to-hand':
      return `adds ${quoted(a.cards, a.owners)} to the hand`;
    case 'special-summons':
      return `Special Summons ${quoted(a.cards, a.owners)}`;
    case 'cannot-destroy':
      return `cannot destroy ${quoted(a.cards, a.owners)}: no longer on the field`;
    case 'cannot-change-position':
      return `cannot change ${quoted(a.cards, a.owners)}: no longer on the field`;
    case 'destroys-nothing':
      return 'destroys nothing (no such card on the field)';
    case 'returns':
      return `returns ${quoted(a.cards, a.owners)} to the ${a.to === 'hand' ? 'hand' : a.to === 'extra' ? 'Extra Deck' : 'Deck'}`;
    case 'sets':
      return `Sets ${quoted(a.cards, a.owners)}`;
    case 'places-in-pendulum-zone':
      return `places ${quoted(a.cards, a.owners)} in the Pendulum Zone`;
    case 'summons-with-materials':
      return `${METHOD_WORDS[a.method]} Summons ${quoteName(a.card)} using ${quoted(a.materials)}`;
    case 'cannot-special-summon':
      return 'on' in a ? `cannot Special Summon ${quoteName(a.card)}: it is already on the field` : `cannot Special Summon ${quoteName(a.card)} from the ${zoneWord(a.from)}: it is in the ${zoneWord(a.zone)}`;
    case 'draws':
      return a.cards ? `draws ${quoted(a.cards)}` : `draws ${a.count} card${a.count === 1 ? '' : 's'}`;
    case 'negates':
      return `negates the activation of CL${a.link} ${quoteName(a.card)}`;
    case 'negates-summon':
      return `negates the Summon of ${quoteName(a.card)} (it was never Summoned)`;
    case 'cannot-negate-summon':
      return 'negates no Summon (none was about to happen)';
    case 'cannot-negate':
      return a.reason === 'no-such-link' ? `negates link ${a.link} (there is no such link)` : `cannot negate CL${a.link}: it has already resolved`;
    case 'damage':
      return `${a.player} takes ${a.amount} damage`;
    case 'pays-lp':
      return `pays ${a.amount} LP`;
    case 'changes-position':
      return `changes ${quoted(a.cards, a.owners)} to ${a.position} position`;
    case 'equips':
      return `equips ${quoteName(a.card)} to ${quoteName(a.to)}`;
    case 'cannot-equip':
      return `cannot equip: ${quoteName(a.to)} is no longer on the field`;
    case 'ends-battle-phase':
      return 'ends the Battle Phase';
    case 'does-nothing':
      return 'does nothing';
    case 'pendulum-scale':
      return `${quoteName(a.card)} stays in the Pendulum Zone as a Pendulum Scale`;
    case 'effect-negated':
      if (a.by) return `its effect is negated by ${quoteName(a.by)}, face-up on the field: nothing happens (the card was still activated) [${a.rule ?? 'R64'}]`;
      return 'its effect was negated: nothing happens (the card was still activated; R45)';
    case 'effect-unknown':
      return `resolves; what its effect does is not known (the card's facts say nothing of it: write its actions, or \`does ...\` on the card)`;
    case 'choice-unknown':
      return `applies one of: ${a.parts.join(' or ')}; which one is not written (write the link's actions)`;
    case 'applies':
      return a.cards?.length ? `${a.part} (${quoted(a.cards)})` : a.part;
    case 'not-applied':
      if (a.reason === 'card-moved' && !a.verb) return `does nothing: ${quoteName(a.card ?? '?')} left the field before its activation resolved [${a.rule}]`;
      return `not applied: ${a.part}${a.card ? ` (${quoteName(a.card)})` : ''}: ${notAppliedWhy(a)} [${a.rule}]`;
    case 'negates-effect':
      return `negates the effect of CL${a.link} ${quoteName(a.card)} (its activation stands)`;
    case 'applies-continuously':
      return `${quoteName(a.card)} stays face-up on the field, and from now on ${a.says.join('; ')}`;
    case 'equip-sent':
      return `${quoteName(a.card)} goes to the GY: the monster it equipped, ${quoteName(a.from)}, left the field or turned face-down (R73)`;
    case 'takes-control':
      return `takes control of ${quoted(a.cards, a.owners)}${a.untilEnd ? ' until the End Phase' : ''}`;
    case 'counted':
      return `${a.player} ${COUNTED_WORDS[a.verb]} ${a.count} card${a.count === 1 ? '' : 's'} ${a.verb === 'draws' ? '' : `from the ${zoneWord(a.from)}`}${a.faceDown ? ' face-down' : ''}`.trim() + (a.left !== undefined ? ` (${a.left} left there)` : '');
  }
}

/** The verb of a counted action, as the resolution says it. */
const COUNTED_WORDS: Record<CountedVerb, string> = {
  banishes: 'banishes',
  discards: 'discards',
  'sends-to-gy': 'sends to the GY',
  returns: 'returns',
  'adds-to-hand': 'adds to the hand',
  draws: 'draws',
};

/** Acts in which nothing happened (a negation, a part not applied, nothing to act on): the link did nothing by them. */
const DID_NOTHING: ReadonlySet<ResolutionAct['kind']> = new Set(['equip-sent', 'negated', 'negated-card-to-gy', 'effect-negated', 'left-the-field', 'not-applied', 'destroys-nothing', 'cannot-destroy', 'cannot-change-position', 'cannot-special-summon', 'cannot-negate', 'cannot-equip', 'does-nothing', 'resolves']);

/** Whether something happened by this act (a card moved, a negation, a part applied). */
export function actApplied(a: ResolutionAct): boolean {
  return !DID_NOTHING.has(a.kind);
}

/** One act as fields (PartOutcome): the words of actText and, for a part of the card's effect, the part and why not. */
export function partOutcome(a: ResolutionAct): PartOutcome {
  const out: PartOutcome = { applied: actApplied(a), kind: a.kind, text: actText(a) };
  if (a.kind === 'applies' || a.kind === 'not-applied') {
    out.part = a.part;
    if (a.verb) out.verb = a.verb;
  }
  if ('cards' in a && a.cards?.length) out.cards = [...a.cards];
  else if ('card' in a && a.card) out.cards = [a.card];
  if (a.kind === 'not-applied') {
    out.reason = a.reason;
    out.rule = a.rule;
    if (a.at) out.at = a.at;
  }
  if (a.kind === 'left-the-field') out.rule = 'R18';
  if (a.kind === 'negated' || a.kind === 'effect-negated') out.rule = 'R45';
  if (a.kind === 'equip-sent') out.rule = 'R73';
  return out;
}

/** Why a part was not applied, in a judge's words. */
function notAppliedWhy(a: Extract<ResolutionAct, { kind: 'not-applied' }>): string {
  switch (a.reason) {
    case 'target-left':
      return `its target left the ${a.where ? zoneWord(a.where) : 'place it was in'}${a.at ? ` at ${a.at}` : ''} before the link resolved`;
    case 'target-changed':
      if (a.at === 'attack-ended') return 'its target is no longer the attacking monster (it was turned face-down or removed, so the attack ended)';
      if (a.at === 'face-up') return 'its target is no longer face-down';
      return a.at === 'control' ? 'its target is now controlled by the other player' : 'its target is now face-down';
    case 'earlier-part-not-done':
      return `the part before "${a.at}" did not happen`;
    case 'card-moved':
      return a.at ? `the card is no longer where the effect needs it (moved at ${a.at})` : 'the card left the field before the link resolved';
    case 'nothing-to-negate':
      return 'there is nothing below it to negate';
    case 'unaffected':
      return `the card is unaffected by the effect of ${a.at ? quoteName(a.at) : 'this card'}`;
    case 'summon-locked':
      return `${a.at ? quoteName(a.at) : 'a continuous effect'} is face-up on the field: its player cannot Special Summon`;
    case 'token':
      return 'a Token exists only face-up on the field: it cannot be turned face-down, and once it left the field it no longer exists';
    case 'condition-not-met':
      return `its condition "if this card was Set before activation and is on the field at resolution" does not hold: ${a.at ?? 'it was not Set'}`;
    case 'fewer-cards':
      return `the ${a.where ? zoneWord(a.where) : 'zone'} holds only ${a.at ?? 'fewer'} card${a.at === '1' ? '' : 's'}, as the board states it`;
    case 'no-free-zone':
      return `both of ${a.at ?? 'its player'}'s Pendulum Zones are taken`;
  }
}

/** Each verb in the present tense, `{o}` where what it acts on goes (`adds {o} to the hand`). */
const PHRASES: Record<EffectAction['verb'], string> = {
  destroy: 'destroys {o}',
  banish: 'banishes {o}',
  'return-to-hand': 'returns {o} to the hand',
  'return-to-deck': 'returns {o} to the Deck',
  'return-to-extra': 'returns {o} to the Extra Deck',
  'add-to-hand': 'adds {o} to the hand',
  'to-hand': 'adds or returns {o} to the hand',
  'special-summon': 'Special Summons {o}',
  'send-to-gy': 'sends {o} to the GY',
  draw: 'draws',
  discard: 'discards {o}',
  tribute: 'Tributes {o}',
  set: 'Sets {o}',
  'negate-activation': 'negates the activation',
  'negate-effect': 'negates the effect',
  'negate-summon': 'negates the Summon',
  'negate-effects': 'negates the effects of {o}',
  'negate-attack': 'negates the attack',
  'change-position': 'changes the battle position of {o}',
  'change-atk': 'changes the ATK/DEF of {o}',
  'gain-lp': 'gains LP',
  'lose-lp': 'loses LP',
  damage: 'inflicts damage',
  'take-control': 'takes control of {o}',
  equip: 'equips {o}',
  attach: 'attaches {o} as material',
};

const OBJECT_PHRASES: Record<NonNullable<EffectAction['object']>, string> = {
  target: 'its target',
  itself: 'itself',
  'that-card': 'that card',
  'all-monsters': 'all monsters',
  'all-opponent-monsters': "all the opponent's monsters",
  'all-spells-traps': 'all Spells and Traps',
  'all-cards': 'all cards',
};

/** Where a part takes its card from, as card texts say it. */
const FROM_WORDS: Record<NonNullable<EffectAction['from']>, string> = {
  deck: 'the Deck',
  gy: 'the GY',
  hand: 'the hand',
  field: 'the field',
  banished: 'banishment',
  extra: 'the Extra Deck',
  overlay: 'the Xyz Materials',
  gone: 'nowhere',
};

/**
 * Infinite Impermanence's column part (R85: `negate effects if set before activation`, no object): "for the rest of
 * this turn all other Spell/Trap effects in this column are negated". segoc does not model columns.
 */
export function isColumnPart(a: EffectAction): boolean {
  return a.verb === 'negate-effects' && !a.object && a.condition === 'set-before-activation';
}

/** One part of a card's effect in words: `Special Summon its target from the GY in Defense Position`. */
export function actionPhrase(a: EffectAction): string {
  if (isColumnPart(a)) return 'negates the other Spell/Trap effects in its column this turn';
  // Tokens (R70) are counted where the source counts them: "Special Summons 4 Tokens".
  const what = a.tokens ? (a.count === undefined ? 'Tokens (how many, its source does not say)' : `${a.count} Token${a.count === 1 ? '' : 's'}`) : a.object ? OBJECT_PHRASES[a.object] : 'a card';
  const object = what + (a.from ? ` from ${FROM_WORDS[a.from]}` : '');
  let out = PHRASES[a.verb].replace('{o}', object);
  if (a.count !== undefined && !a.tokens) out += ` ${a.count}`;
  // What an equip equips to (R73), how long control lasts (R72).
  if (a.tokensFor) out += " to the opponent's field";
  if (a.to) out += ` to ${OBJECT_PHRASES[a.to]}`;
  if (a.lasts) out += a.lasts === 'until-end-phase' ? ' until the End Phase' : ' for good';
  if (a.position) out += a.position === 'face-down' ? ' face-down' : ` in ${a.position === 'attack' ? 'Attack' : 'Defense'} Position`;
  return out;
}

/** What happens once the chain's links have resolved: leftover Spells and Traps go to the GY (R4). */
export function afterChainText(leftovers: string[]): string[] {
  if (!leftovers.length) return [];
  return [`after the chain: ${quoted(leftovers)} ${leftovers.length === 1 ? 'is' : 'are'} sent to the GY (leftover cards, at the same time as CL1's last part; R4)`];
}

/** What kind of Spell Speed 1 effect a link is, for R7's message. */
export function kindWords(e: EffectInfo, card: CardInfo): string {
  switch (e.kind) {
    case 'activation':
      return activationWords(card);
    case 'ignition':
      return 'an Ignition Effect';
    case 'trigger':
    case 'flip':
      return 'a trigger effect that is not part of a simultaneous batch';
    case 'phase-trigger':
      return 'a phase-timed trigger';
    default:
      return e.kind;
  }
}

/** A card's activation in words; a monster card's is its activation as a Pendulum Scale (R66), a Spell Card's. */
function activationWords(card: CardInfo): string {
  return card.category === 'monster' ? 'the activation of a Pendulum Monster as a Pendulum Scale (a Spell Card)' : `the activation of a ${card.cardType}`;
}

/** "the activation of a Normal Spell", "a monster effect". */
export function describeLink(l: LinkState): string {
  const card = l.inst?.card;
  if (!card || !l.effect) return 'an unknown effect';
  if (l.effect.kind === 'activation') return activationWords(card);
  return `${card.category === 'monster' ? 'a monster' : card.category === 'spell' ? 'a Spell' : 'a Trap'} effect`;
}

/** "a legal order is CL1 Yugi's "Sangan", CL2 ..." for the batch (same sort as the legal-order groups). */
export function legalOrderText(chain: ChainView): string {
  const batch = chain.links.filter(
    (l) => (l.role === 'batch-trigger' || l.role === 'hand-trigger' || (l.role === 'slow' && l.candidate)) && l.category !== undefined && l.status.ineligible !== 'location-changed' && l.status.ineligible !== 'missed-timing',
  );
  const sorted = [...batch].sort((a, b) => {
    const ga = a.role === 'hand-trigger' ? 1 : 0;
    const gb = b.role === 'hand-trigger' ? 1 : 0;
    if (ga !== gb) return ga - gb;
    if (a.category !== b.category) return a.category! - b.category!;
    if (chain.rules.legacyTriggerOrder && a.candidate && b.candidate && a.candidate.player === b.candidate.player) return a.candidate.event.step - b.candidate.event.step;
    return a.position - b.position;
  });
  return `a legal order is ${sorted.map((l, i) => `CL${i + 1} ${chain.who(l.player)}'s ${quoteName(l.inst?.name ?? '?')}`).join(', ')}${sorted.length < chain.links.length ? ', then any fast effects' : ''}`;
}

/** `CL2 Yugi's "Sangan": destroys "Peten the Dark Clown"` (one line of a chain's resolution). */
export function resolutionLine(chain: ChainView, l: LinkState, r: LinkResolution): string {
  return `${chain.linkName(l)}: ${r.did.join('; ')}`;
}
