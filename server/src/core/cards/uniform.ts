// The card's copies with one V8 object layout per kind (core/layout.ts says why and what it measured): a card, its
// effects, their event patterns and target filters. Beside the card types, so that the layout leaf knows no card.
import { EveryField, KeysOfUnion } from '../layout';
import type { CardFilter, CardInfo, EffectInfo, EventPattern } from './types';
import type { EffectPropertyKey } from './vocabulary/properties';

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
    rank: c.rank,
    link: c.link,
    scale: c.scale,
    atk: c.atk,
    def: c.def,
    archetypes: c.archetypes,
    effects: c.effects.map(uniformEffect),
    origin: c.origin,
  };
  return out;
}

export function uniformEffect(e: EffectInfo): EffectInfo {
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
    controlledBy: p.controlledBy,
    byOwnProcedure: p.byOwnProcedure,
    attacker: p.attacker,
    opponentsMonster: p.opponentsMonster,
    notInPhases: p.notInPhases,
    actor: p.actor,
    attempt: p.attempt,
    or: (p.or as EventPattern[] | undefined)?.map(uniformPattern),
    direct: p.direct,
    ordinal: p.ordinal,
    target: p.target,
    targets: p.targets,
    targetCount: p.targetCount,
    destroysTarget: p.destroysTarget,
    whoseGy: p.whoseGy,
    highestAtk: p.highestAtk,
    duringTurn: p.duringTurn,
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
    types: f.types,
    archetypes: f.archetypes,
    eventCard: f.eventCard,
    attacking: f.attacking,
    other: f.other,
    unknown: f.unknown,
    raw: f.raw,
  };
  return out;
}
