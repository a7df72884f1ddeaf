// Which qualifier of a condition an event fails (R41): the event is the condition's kind of event (a Special
// Summon of this card, a card sent to the GY) but not the one the card names (a Link Summon, from the field, by your
// opponent, outside the Draw Phase). Then the condition is not met, and the message names the qualifier and the
// event: the engine does not assume the condition met "just before the chain" against what the scenario shows.
import { CardFilter, EventPattern } from '../cards/model';
import { zoneLabel } from '../labels';
import { eventMatches } from './match';
import { CardInstance, GameEvent, PlayerIndex } from './state';

type CardPattern = Extract<EventPattern, { kind: 'card' }>;

/**
 * The verbs of "this card" events that are a move of the card (matched against its move events): R36
 * (`nothing-to-answer/moved-otherwise`, stated-facts.ts) checks them against the stated move.
 */
export const SELF_MOVES: ReadonlySet<string> = new Set(['sent-to-gy', 'destroyed', 'discarded', 'tributed', 'banished', 'added-to-hand', 'returned-to-hand', 'leaves-field', 'material']);

/** The qualifiers of a card event, each as a pattern with only it left out, and its words. */
function qualifiers(p: CardPattern): Array<{ words: string; without: CardPattern }> {
  const out: Array<{ words: string; without: CardPattern }> = [];
  const add = (words: string, without: Partial<CardPattern>) => out.push({ words, without: { ...p, ...without } });
  if (p.verb === 'summoned' && p.summonTypes?.length) add(`a ${summonKindWords(p.summonTypes)} Summon`, { summonTypes: undefined });
  if (p.methods?.length) add(`a ${p.methods.join(' or ')} summon`, { methods: undefined });
  if (p.from) add(`from the ${zoneLabel(p.from)}`, { from: undefined });
  if (p.by) add(p.by === 'battle' ? 'by battle' : 'by a card effect', { by: undefined });
  if (p.actor && p.actor !== 'any') add(p.actor === 'opponent' ? "by its controller's opponent" : 'by its controller', { actor: undefined });
  if (p.notInPhases?.length) add(`not during the ${p.notInPhases.map((x) => (x === 'damage-step' ? 'Damage Step' : `${x[0].toUpperCase()}${x.slice(1)} Phase`)).join(' or ')}`, { notInPhases: undefined });
  if (p.toGy) add('sent to the GY', { toGy: undefined });
  if (p.whoseGy) add(p.whoseGy === 'you' ? "a card its controller owns sent to the GY (a card goes to its owner's GY, whoever controlled it)" : "a card its controller's opponent owns sent to the GY", { whoseGy: undefined });
  if (p.direct) add('by a direct attack', { direct: undefined });
  if (p.byOwnProcedure) add('a Summon by its own procedure ("Summoned this way"), not by an effect', { byOwnProcedure: undefined });
  if (p.controlledBy) add(p.controlledBy === 'you' ? 'while you controlled it' : 'while your opponent controlled it', { controlledBy: undefined });
  if (p.attacker) add('as the attacking monster', { attacker: undefined });
  if (p.opponentsMonster) add("of an opponent's monster", { opponentsMonster: undefined });
  // Before the filter's own qualifier: the bare pattern takes the subject of the last one, which leaves `other` out too.
  if (typeof p.subject === 'object' && p.subject.other) add('a card other than this card (this card was not in the GY, where its effect activates from, when the event happened: it went there with the event)', { subject: { ...p.subject, other: undefined } });
  if (typeof p.subject === 'object' && filterHasQualifier(p.subject)) add('a card that fits its filter', { subject: { unknown: p.subject.unknown } });
  return out;
}

/** "Normal or Special", as a card names its kinds of Summon (a Tribute Summon is a Normal Summon). */
function summonKindWords(types: readonly string[]): string {
  const words = types.filter((t) => t !== 'tribute' || !types.includes('normal')).map((t) => `${t[0].toUpperCase()}${t.slice(1)}`);
  return words.join(' or ');
}

function filterHasQualifier(f: CardFilter): boolean {
  return !!(f.category && f.category !== 'card') || !!f.races?.length || !!f.attributes?.length || !!f.types?.length || !!f.archetypes?.length || f.levelMax !== undefined || f.levelMin !== undefined || f.atkMax !== undefined || f.atkMin !== undefined || !!f.controller || f.faceUp !== undefined;
}

/**
 * The latest event of `events` that is the condition's kind of event but fails one of its qualifiers, with the words of
 * the first qualifier it fails; undefined when no event comes that close (then nothing in the scenario contradicts it).
 */
export function qualifierMiss(pattern: EventPattern, events: readonly GameEvent[], self: CardInstance, you: PlayerIndex): { event: GameEvent; qualifier: string } | undefined {
  if (pattern.kind !== 'card') return undefined;
  // Either of two events (`sent from deck or field to your gy`): missed only where every alternative is missed; the
  // words are those of the alternative the event comes closest to (the fewest qualifiers failed).
  if (pattern.or?.length) {
    const misses = [{ ...pattern, or: undefined }, ...pattern.or].map((p) => missOne(p, events, self, you));
    if (misses.some((m) => !m)) return undefined;
    const closest = misses.reduce((a, b) => (b!.failed < a!.failed ? b : a))!;
    return { event: closest.event, qualifier: closest.qualifier };
  }
  const miss = missOne(pattern, events, self, you);
  return miss && { event: miss.event, qualifier: miss.qualifier };
}

function missOne(pattern: EventPattern, events: readonly GameEvent[], self: CardInstance, you: PlayerIndex): { event: GameEvent; qualifier: string; failed: number } | undefined {
  if (pattern.kind !== 'card') return undefined;
  // How this card itself moved (sent to the GY by a cost, not by a card effect) is R36's to say (stated-facts.ts).
  if (pattern.subject === 'self' && SELF_MOVES.has(pattern.verb)) return undefined;
  const qs = qualifiers(pattern);
  if (!qs.length) return undefined;
  const bare = qs.reduce<CardPattern>((p, q) => ({ ...p, ...diff(pattern, q.without) }), pattern);
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i];
    if (eventMatches(bare, ev, self, you) === 'no' || eventMatches(pattern, ev, self, you) !== 'no') continue;
    const failing = qs.filter((q) => eventMatches({ ...bare, ...qualifierFields(pattern, q.without) }, ev, self, you) === 'no');
    if (failing.length) return { event: ev, qualifier: failing[0].words, failed: failing.length };
  }
  return undefined;
}

/** The fields a qualifier's pattern leaves out (what it changes from the full pattern). */
function diff(full: CardPattern, without: CardPattern): Partial<CardPattern> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(without) as Array<keyof CardPattern>) if (without[k] !== full[k]) out[k] = without[k];
  return out as Partial<CardPattern>;
}

/** The full pattern's value of the fields one qualifier covers (to add that qualifier alone back to the bare pattern). */
function qualifierFields(full: CardPattern, without: CardPattern): Partial<CardPattern> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(without) as Array<keyof CardPattern>) if (without[k] !== full[k]) out[k] = full[k];
  return out as Partial<CardPattern>;
}
