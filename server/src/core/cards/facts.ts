// Card facts: what a source knows of a card, independent of how it was written. Every source of
// cards (the `.segoc` definitions of from-segoc.ts, the generated library, effects inferred from card
// text) produces CardFacts; `makeCard` is the only way to a CardInfo, so defaults are decided once.
import type { Zone } from '../words';
import { Range } from '../text';
import { CardFilter, CardInfo, CardOrigin, EffectInfo, EffectKind, ActivationWindow, EventPattern, PhaseTime, SetTurnActivation } from './types';
import { cardTypeInfo } from './vocabulary/words';
import { normalizeName } from './names';
import { uniformCard } from './uniform';

/** One effect as a source states it; what it leaves out gets the defaults of `makeCard`. */
export interface EffectFacts {
  kind: EffectKind;
  /** Default: mandatory for Flip effects, optional otherwise. */
  mandatory?: boolean;
  timing?: 'when' | 'if';
  /** What it triggers on (trigger, quick with a timing, flip). */
  event?: EventPattern;
  /** For a Spell/Trap activation: what it may answer (empty: free-chain). */
  responds?: EventPattern[];
  phaseTime?: PhaseTime;
  condition?: string;
  /** The turn and phase it may be activated in, where its text limits them (R37). */
  window?: ActivationWindow;
  /** Default: where such an effect is activated from (see defaultActivationZones). */
  activatesFrom?: Zone[];
  /** Zones the text lets it activate from even if the card got there after the event ("(even if not)", R23). */
  evenIfNotThere?: Zone[];
  /** A Trap or Quick-Play Spell whose text lets it be activated the turn it was Set (R34). */
  setTurn?: SetTurnActivation;
  summonsItself?: boolean;
  oncePerChain?: boolean;
  oncePerTurn?: boolean;
  spellSpeedOverride?: number;
  targets?: CardFilter & { raw: string };
  /** Default: true for a Counter Trap's activation, false otherwise. */
  damageStep?: boolean;
  negatesActivation?: boolean;
  changesAtk?: boolean;
  /** What it includes (categories such as `special summon`, `draw`, `destroy`). */
  includes?: string[];
  /** One of a modal card's effects, chosen when it is activated (see EffectInfo.chooseOne). */
  chooseOne?: boolean;
  /** How a judge reads it (default: the card type for an activation, else a summary of the facts). */
  text?: string;
  /** Where it is written (default: the card's origin range). */
  range?: Range;
  /** Facts of this effect the source was unsure of (see EffectInfo.assumed). */
  assumed?: string[];
}

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
  /** Level, Rank or Link rating. */
  level?: number;
  atk?: number;
  def?: number;
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
    atk: facts.atk,
    def: facts.def,
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
  return {
    index,
    kind: e.kind,
    mandatory: e.mandatory ?? e.kind === 'flip',
    timing: e.timing,
    event,
    responds: e.responds ?? [],
    phaseTime: e.phaseTime,
    condition: e.condition,
    window: e.window,
    activatesFrom: e.activatesFrom ?? defaultZones(card, e.kind, event),
    evenIfNotThere: e.evenIfNotThere ?? [],
    setTurn: e.setTurn,
    summonsItself: e.summonsItself ?? false,
    oncePerChain: e.oncePerChain ?? false,
    oncePerTurn: e.oncePerTurn ?? false,
    spellSpeedOverride: e.spellSpeedOverride,
    targets: e.targets,
    damageStep: e.damageStep ?? (activation && card.spellTrapKind === 'counter'),
    negatesActivation: e.negatesActivation ?? false,
    changesAtk: e.changesAtk ?? false,
    includes: e.includes ?? [],
    chooseOne: e.chooseOne ?? false,
    text: e.text ?? (activation ? card.cardType : `${e.kind} effect`),
    range: e.range ?? card.origin.range,
    assumed: e.assumed ?? [],
  };
}

const flipped: EventPattern = { kind: 'card', subject: 'self', verb: 'flipped', raw: 'flipped', unknown: [] };

function unstated(): EventPattern {
  return { kind: 'unknown', raw: 'an event its source does not state', unknown: ['an event its source does not state'] };
}

/**
 * Where an effect is activated from when its source does not say. A Spell is activated from the hand
 * or the field (set), a Trap from the field; a monster's effect from where its own event leaves it.
 */
export function defaultZones(card: Pick<CardInfo, 'category' | 'spellTrapKind'>, kind: EffectKind, event?: EventPattern): Zone[] {
  if (kind === 'activation') return card.spellTrapKind === 'quick-play' || card.category === 'spell' ? ['hand', 'field'] : ['field'];
  if (card.category !== 'monster') return ['field'];
  if ((kind === 'trigger' || kind === 'quick') && event && event.kind === 'card' && event.subject === 'self') {
    switch (event.verb) {
      case 'sent-to-gy':
      case 'discarded':
      case 'tributed':
      case 'material':
      case 'destroyed':
        return ['gy'];
      case 'banished':
        return ['banished'];
      case 'added-to-hand':
      case 'returned-to-hand':
      case 'drawn':
        return ['hand'];
      case 'returned-to-extra':
        return ['extra'];
      default:
        return ['field'];
    }
  }
  return ['field'];
}
