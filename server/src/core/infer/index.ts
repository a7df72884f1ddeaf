// Card text inference: from an official text (English PSCT or Japanese) and the card's type line
// to the card's effects. Pure and total: any string in, a result out (never throws); what it cannot
// classify is kept as a note and assumed.
import { cardTypeOf } from './common';
import { inferEnglish } from './english';
import { inferJapanese } from './japanese';
import { takeSetTurn } from './set-turn';
import type { InferInput, InferredCard, InferredEffect, TextLanguage } from './types';

export type { CardTypeFacts, Include, InferInput, InferredCard, InferredEffect, InferredKind, TextLanguage } from './types';
export { cardTypeOf, mergeInto } from './common';

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

export function languageOf(text: string): TextLanguage {
  return JAPANESE.test(text) ? 'ja' : 'en';
}

export function inferEffects(input: InferInput): InferredCard {
  const type = cardTypeOf(input.typeLine ?? '');
  const language = input.language ?? languageOf(input.text ?? '');
  const notes: string[] = [];
  let effects: InferredEffect[] = [];
  try {
    const read = language === 'ja' ? inferJapanese : inferEnglish;
    if (input.pendulumText) effects.push(...read(input.pendulumText, { ...type, category: 'monster' }, true, notes).map((e) => ({ ...e, zones: ['field' as const] })));
    const spellTrap = type.category !== 'monster';
    const setTurn = spellTrap ? takeSetTurn(input.text ?? '', language) : { text: input.text ?? '' };
    const own = read(setTurn.text, type, false, notes);
    // The card's activation; a modal card's is each of its choices, which may each be activated the turn it was Set.
    if (setTurn.modifier) for (const a of own.filter((e) => e.kind === 'activation')) a.setTurn = setTurn.modifier;
    effects.push(...own);
  } catch (e) {
    // A bug in a reader must not take the editor down: the text is then read as having no effects.
    notes.push(`the text could not be read (${String((e as Error)?.message ?? e)}); no effect inferred`);
    effects = [];
  }
  return { type, language, effects, notes };
}
