// Card facts: what a source knows of a card, independent of how it was written. Every source of
// cards (the `.segoc` definitions of from-segoc.ts, the generated library, effects inferred from card
// text) produces CardFacts; `makeCard` is the only way to a CardInfo, so defaults are decided once.
import { CardInfo, CardOrigin, EffectFacts, EffectInfo, EventPattern } from './types';
import { cardTypeInfo } from './vocabulary/words';
import { parseFilter } from './vocabulary/filters';
import { EFFECT_PROPERTIES } from './vocabulary/properties';
import { normalizeName } from './names';
import { uniformCard, uniformEffect } from './uniform';
import { includedByParts } from './includes';

export type { EffectFacts } from './types';
export { defaultZones } from './vocabulary/properties';

/** A card as a source states it. */
export interface CardFacts {
  /** The English name (or the name as defined). */
  name: string;
  /** Other names: other languages (Japanese, Portuguese, ...), nicknames. */
  aliases?: string[];
  /** One of CARD_TYPE_NAMES (`effect monster`, `quick-play spell`, ...). */
  cardType: string;
  races?: string[];
  attributes?: string[];
  abilities?: string[];
  /** A Main Deck monster's Level. */
  level?: number;
  /** An Xyz Monster's Rank. */
  rank?: number;
  /** A Link Monster's Link Rating. */
  link?: number;
  /** A Pendulum Monster's Pendulum Scale (`scale N`): what its Pendulum Summons read (R67). */
  scale?: number;
  atk?: number;
  def?: number;
  /** The archetypes it belongs to, where its source lists them (absent: not known). */
  archetypes?: string[];
  /**
   * Effects in card order. A Spell/Trap with no effect of kind `activation` gets its card's activation
   * (free-chain) as effect 1, as written cards do.
   */
  effects: EffectFacts[];
}

/** Builds the engine's view of a card from its facts: the only constructor of CardInfo. */
export function makeCard(facts: CardFacts, origin: CardOrigin): CardInfo {
  const type = cardTypeInfo(facts.cardType);
  const card: CardInfo = {
    name: facts.name,
    key: normalizeName(facts.name),
    aliases: facts.aliases ?? [],
    cardType: facts.cardType,
    category: type.category,
    spellTrapKind: type.kind,
    extraDeck: !!type.extra,
    races: facts.races ?? [],
    attributes: facts.attributes ?? [],
    abilities: facts.abilities ?? [],
    level: facts.level,
    rank: facts.rank,
    link: facts.link,
    scale: facts.scale,
    atk: facts.atk,
    def: facts.def,
    archetypes: facts.archetypes,
    effects: [],
    origin,
  };
  const effects: EffectFacts[] =
    card.category !== 'monster' && !facts.effects.some((e) => e.kind === 'activation') ? [{ kind: 'activation' }, ...facts.effects] : facts.effects;
  card.effects = effects.map((e, i) => makeEffect(i + 1, card, e));
  // One layout per kind for what the engine reads on every trigger (layout.ts).
  return uniformCard(card);
}

function makeEffect(index: number, card: CardInfo, e: EffectFacts): EffectInfo {
  const activation = e.kind === 'activation';
  // A trigger whose source gives no event triggers on an event outside the vocabulary: the engine then
  // assumes its condition was met, and says so, rather than reading a missing event.
  const event = e.event ?? (e.kind === 'flip' ? flipped : e.kind === 'trigger' ? unstated() : undefined);
  const info = {
    index,
    kind: e.kind,
    mandatory: e.mandatory ?? e.kind === 'flip',
    timing: e.timing,
    event,
    responds: e.responds ?? [],
    phaseTime: e.phaseTime,
    condition: e.condition,
    text: e.text ?? (activation ? card.cardType : `${e.kind} effect`),
    range: e.range ?? card.origin.range,
    assumed: e.assumed ?? [],
  } as EffectInfo;
  // The properties of the table: what the source states, else the row's default.
  const stated = e as Record<string, unknown>;
  const out = info as unknown as Record<string, unknown>;
  for (const p of EFFECT_PROPERTIES) if (p.key) out[p.key] = stated[p.key] ?? p.fallback?.(info, card);
  impliedLimits(info);
  impliedByActions(info, e);
  return info;
}

const scaleActivations = new WeakMap<CardInfo, EffectInfo>();

/**
 * A Pendulum Monster's activation as a Spell Card in a Pendulum Zone (its Pendulum Scale, R66): a card activation of
 * Spell Speed 1 that does nothing when it resolves (the card simply stays there). Not one of the card's numbered
 * effects (a monster card's text states no activation): made once per card, for the link written `to pendulum zone`.
 */
export function pendulumScaleActivation(card: CardInfo): EffectInfo {
  let e = scaleActivations.get(card);
  if (!e) {
    e = uniformEffect(makeEffect(0, card, { kind: 'activation', text: 'its activation as a Pendulum Scale (a Spell Card)', activatesFrom: ['hand'], spellSpeedOverride: 1 }));
    scaleActivations.set(card, e);
  }
  return e;
}

/**
 * The limits one limit implies, for every source alike (a `card` line, a generated record): once per Duel by name is,
 * within a turn, the hard once per turn by name (R38), which is a once-per-turn limit (R17).
 */
function impliedLimits(info: EffectInfo): void {
  if (info.oncePerDuel) info.oncePerTurnByName = true;
  if (info.oncePerTurnByName) info.oncePerTurn = true;
}

/**
 * What a stated `does` says of the effect's other facts where its source states them not (a curated line
 * `activation, does destroy target`): a part acting on its target means the effect targets; its parts are what
 * it includes (Ash Blossom reads them). A fact the source states wins; nothing is implied by an empty `does`.
 */
function impliedByActions(info: EffectInfo, stated: EffectFacts): void {
  if (!stated.targets && info.does.some((a) => a.object === 'target')) info.targets = { ...parseFilter(['a', 'card']), raw: 'targets a card' };
  if (!stated.includes?.length) {
    // A part that does not say from where leaves it unknown (includes.ts): then nothing is implied.
    const included = info.does.length ? includedByParts(info.does) : undefined;
    if (included?.length) info.includes = included;
  }
}

const flipped: EventPattern = { kind: 'card', subject: 'self', verb: 'flipped', raw: 'flipped', unknown: [] };

function unstated(): EventPattern {
  return { kind: 'unknown', raw: 'an event its source does not state', unknown: ['an event its source does not state'] };
}
