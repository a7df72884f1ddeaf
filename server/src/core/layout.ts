// V8 object layouts: the only place where core shapes objects for the engine's speed rather than for
// meaning (measured in docs/performance.md: cold 10k-line check 175-189 -> 123 ms median for the kept
// instances, about 7 % fewer instructions for the uniform copies).
//
// 1. One layout per kind. Objects of one kind written with every field (undefined where absent) in one
//    order share one hidden class, so the engine's reads of them (cards and their effects, event patterns and
//    filters; the game events of a timeline) stay monomorphic. Each copy is typed
//    with every key of its type (`EveryField`, or `KeysOfUnion` for a union): a field added to the
//    type and left out here fails to compile instead of being dropped.
// 2. One idle instance per hot class, kept for the process (`keepLayoutOf`). V8 holds the layouts of
//    class instances weakly: without a live instance a full collection between two analyses frees
//    the layout and discards every method optimized against it (measured: the median parse of 10k
//    lines 2-3 times slower). test/layout.test.ts checks that the classes register theirs.
//
// This module imports types only, so any module of core can use it without an import cycle.
import type { CardFilter, CardInfo, EffectInfo, EventPattern } from './cards/model';
import type { GameEvent } from './engine/state';
import type { EffectPropertyKey } from './cards/vocabulary/properties';

/** Every field of T, optional ones included: a copy typed with it fails to compile when it leaves one out. */
export type EveryField<T> = { [K in keyof Required<T>]: T[K] };
/** Every key of every variant of a union. */
export type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** Omit applied to each variant of a union. */
export type DistOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const kept: object[] = [];

/** Keeps `idle` alive for the process, so the layout of its class survives full collections (see 2. above). */
export function keepLayoutOf<T extends object>(idle: T): T {
  kept.push(idle);
  return idle;
}

/** The instances kept so far (for the test that every hot class registers one). */
export function keptLayouts(): readonly object[] {
  return kept;
}

/** A card, its effects, their event patterns and target filters copied with one layout per kind. */
export function uniformCard(c: CardInfo): CardInfo {
  const out: EveryField<CardInfo> = {
    name: c.name,
    key: c.key,
    aliases: c.aliases,
    cardType: c.cardType,
    category: c.category,
    spellTrapKind: c.spellTrapKind,
    extraDeck: c.extraDeck,
    races: c.races,
    attributes: c.attributes,
    abilities: c.abilities,
    level: c.level,
    atk: c.atk,
    def: c.def,
    effects: c.effects.map(uniformEffect),
    origin: c.origin,
  };
  return out;
}

function uniformEffect(e: EffectInfo): EffectInfo {
  // The fields outside the effect property table (and its one object, `targets`) by name; the table's
  // other fields after them in the order makeCard wrote them (the table's, the same for every effect).
  const out: EveryField<Omit<EffectInfo, Exclude<EffectPropertyKey, 'targets'>>> = {
    index: e.index,
    kind: e.kind,
    mandatory: e.mandatory,
    timing: e.timing,
    event: e.event && uniformPattern(e.event),
    responds: e.responds.map(uniformPattern),
    phaseTime: e.phaseTime,
    condition: e.condition,
    text: e.text,
    range: e.range,
    assumed: e.assumed,
    targets: e.targets && (uniformFilter(e.targets) as CardFilter & { raw: string }),
  };
  const from = e as unknown as Record<string, unknown>;
  const to = out as Record<string, unknown>;
  for (const key in from) if (!(key in to)) to[key] = from[key];
  return out as EffectInfo;
}

/** The union's variants read as one record: the keys are derived from EventPattern itself. */
type PatternRecord = { [K in KeysOfUnion<EventPattern>]?: unknown };

export function uniformPattern(e: EventPattern): EventPattern {
  const p = e as PatternRecord;
  const subject = p.subject;
  const out: Required<PatternRecord> = {
    kind: p.kind,
    subject: typeof subject === 'object' && subject !== null ? uniformFilter(subject as CardFilter) : subject,
    verb: p.verb,
    from: p.from,
    toGy: p.toGy,
    by: p.by,
    summonTypes: p.summonTypes,
    methods: p.methods,
    asCost: p.asCost,
    byOwnEffect: p.byOwnEffect,
    actor: p.actor,
    attempt: p.attempt,
    direct: p.direct,
    ordinal: p.ordinal,
    what: p.what,
    includes: p.includes,
    zone: p.zone,
    who: p.who,
    battle: p.battle,
    raw: p.raw,
    unknown: p.unknown,
  };
  return out as unknown as EventPattern;
}

function uniformFilter(f: CardFilter & { raw?: string }): CardFilter & { raw?: string } {
  const out: EveryField<CardFilter & { raw?: string }> = {
    category: f.category,
    races: f.races,
    attributes: f.attributes,
    levelMax: f.levelMax,
    levelMin: f.levelMin,
    atkMax: f.atkMax,
    atkMin: f.atkMin,
    controller: f.controller,
    zone: f.zone,
    faceUp: f.faceUp,
    eventCard: f.eventCard,
    unknown: f.unknown,
    raw: f.raw,
  };
  return out;
}

/**
 * An event with every field of every kind of event (undefined where its kind has none), in one order:
 * all events then share one object layout, and the checks that scan the events (trigger collection,
 * R10, R19-R23, the narrative) read them with monomorphic property loads instead of megamorphic ones.
 */
export function uniformEvent(id: number, e: DistOmit<GameEvent, 'id'>): GameEvent {
  // Typed with every key of every kind: an event field added later and left out here fails to compile.
  const ev: Record<KeysOfUnion<GameEvent>, unknown> = {
    id,
    kind: e.kind,
    step: e.step,
    origin: e.origin,
    card: undefined,
    from: undefined,
    to: undefined,
    cause: undefined,
    destroyed: undefined,
    discarded: undefined,
    tributed: undefined,
    controllerBefore: undefined,
    faceUpBefore: undefined,
    by: undefined,
    battleWith: undefined,
    summonType: undefined,
    method: undefined,
    player: undefined,
    attacker: undefined,
    target: undefined,
    chain: undefined,
    link: undefined,
    amount: undefined,
    battle: undefined,
    source: undefined,
    phase: undefined,
    position: undefined,
    flipped: undefined,
  };
  return Object.assign(ev, e) as unknown as GameEvent;
}
