// The card vocabulary: every word and phrase of the language that means something about cards and
// the game (zones, phases, card types, monster types, attributes, event phrases, modifiers), and
// its interpretation into the patterns the engine matches. The parser, the card builder
// (from-segoc.ts), completion and the docs test all read this module: there is no second list.
// The interpreter works on words, not tokens, so that other producers (effects inferred from card
// text) can use it too. A phrase outside the vocabulary is kept as `unknown`: the engine then assumes
// the condition was met rather than guessing "illegal".
//
// This index is the one entry point (importers write `./vocabulary`); the files behind it follow the
// language's seams: words.ts (zones, phases, races, attributes, card types), filters.ts (which cards),
// events.ts and verbs.ts (event phrases), times.ts (phase times, activation windows), properties.ts
// (the effect properties: one row each) with modifiers.ts (reading and printing the parts of an effect line after its phrase) and phrases.ts (what completion offers).
export { ABILITIES, ATTRIBUTES, CARD_TYPE_NAMES, cardTypeInfo, isCardType, PHASE_WORDS, RACES, ZONE_WORDS } from './words';
export { parseFilter } from './filters';
export { eventAlternatives, interpretEvent } from './events';
export { interpretPhaseTime } from './times';
export { interpretModifier, modifierCompletions, MODIFIER_START_WORDS, printModifiers } from './modifiers';
export { addEffectProperty, EFFECT_PROPERTIES } from './properties';
export type { CardKind, EffectProperty } from './properties';
export { ACTIVATION_PHRASES, EVENT_PHRASES, PHASE_TIMES, SUMMON_PHRASES } from './phrases';
export { ACTION_CONDITIONS, ACTION_CONJUNCTIONS, ACTION_OBJECTS, ACTION_PHRASES, ACTION_PHRASES_TO_VERBS, describeAction, printActions, readActions, verbFits } from './actions';
