// Modifiers: the comma-separated parts of an effect line after its phrase (`from hand or gy`, `once per
// chain`, `targets a monster`, `during your turn`), read and printed through the rows of the effect
// property table (properties.ts), so that a modifier is spelled, read and printed in one place.
import type { EffectFacts, EffectInfo } from '../types';
import { CardKind, EFFECT_PROPERTIES } from './properties';

/** The words that start a modifier live in the words leaf (core/words.ts), which the parser reads too. */
export { MODIFIER_START_WORDS } from '../../words';

/**
 * Interprets one modifier of an effect line (`from hand or gy`, `once per chain`, `targets ...`) into
 * `effect`; false when it is not in the vocabulary.
 */
export function interpretModifier(effect: EffectFacts, ws: readonly string[], raw: string): boolean {
  for (const p of EFFECT_PROPERTIES) if (p.read?.(effect, ws, raw)) return true;
  return false;
}

/** The modifiers that state an effect's properties, in the table's order (what has its default is left out). */
export function printModifiers(e: EffectInfo, card: CardKind): string[] {
  const out: string[] = [];
  for (const p of EFFECT_PROPERTIES) {
    const m = p.print?.(e, card);
    if (m) out.push(m);
  }
  return out;
}

/** Modifiers completion offers, in the table's order. */
export function modifierCompletions(): string[] {
  return EFFECT_PROPERTIES.flatMap((p) => p.completions);
}
