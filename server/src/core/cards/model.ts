// The card model's public names in one place, for the modules that import them from here (the
// engine among them). The model is split by role: types.ts (what the engine reads), facts.ts
// (CardFacts and makeCard, the only constructor), vocabulary/ (words and phrases and their
// interpretation), from-segoc.ts (`card` definitions as one producer of facts), names.ts (keys).
export * from './types';
export { normalizeName } from './names';
export { makeCard, pendulumScaleActivation } from './facts';
export type { CardFacts, EffectFacts } from './facts';
export { buildCard, factsFromSegoc, parseEvent } from './from-segoc';
export type { BuildCardResult } from './from-segoc';
export { ATTRIBUTES, CARD_TYPE_NAMES, RACES, ZONE_WORDS, PHASE_WORDS, ABILITIES, eventAlternatives, interpretEvent, interpretPhaseTime, interpretModifier, parseFilter, EVENT_PHRASES, ACTIVATION_PHRASES, SUMMON_PHRASES, PHASE_TIMES, MODIFIER_START_WORDS, modifierCompletions, printModifiers, EFFECT_PROPERTIES, addEffectProperty } from './vocabulary';
export type { CardKind, EffectProperty } from './vocabulary';
export { ACTION_CONDITIONS, ACTION_PHRASES_TO_VERBS, printActions, readActions, verbFits } from './vocabulary';
export type { CardName, CardProvider } from './provider';
export { cardToSegoc, levelTag } from './to-segoc';
