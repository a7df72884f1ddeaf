// Nothing dropped silently: which sentences of a card's official text the inference read into an effect, and
// which it did not (phase.rs's "never silently discard card text" is the model). Each inferred effect names the
// sentence(s) it was read from; a sentence no effect names is either one that starts no chain (a material line,
// a Summoning condition, a limit read into an effect) or not read. The generator records the numbers of the
// sentences not read per card (no text is kept) and `cards:accuracy` reports the coverage.
import { InferredEffect } from '../infer/types';
import { SELF_GRANT, sentencesOf as englishSentences } from '../infer/english';

export interface TextCoverage {
  /** The sentences of the text, in order (for the caller: never stored). */
  sentences: string[];
  /** 1-based numbers of the sentences read into an effect. */
  read: number[];
  /** 1-based numbers of the sentences that start no chain and need no effect (materials, Summoning conditions, limits). */
  noEffect: number[];
  /** 1-based numbers of the sentences not read: what the card's facts may be missing. */
  unread: number[];
}

/** Sentences that state no chain-starting effect of their own. */
const NO_EFFECT = [
  // Limits ("You can only use this effect of X once per turn"): read into the effect they limit.
  /^(you can only|you cannot|each player can only|this card can only) .*\b(once per (turn|chain|duel)|per turn)\b|^you can only (use|activate|special summon|control|summon|set)\b/i,
  // Summoning conditions, procedures and materials: how the card is Summoned, not an effect that starts a chain.
  /^(this card )?(cannot|must( first)?|can only) be (either )?(normal|special|fusion|synchro|xyz|link|ritual|pendulum)? ?(summoned|set)|^you can (special|ritual|tribute|normal) summon this card|^(you can )?(ritual|fusion|synchro|xyz|link) summon(ed)? this card\b|\b(materials?|monsters?|tuners?)$|^".*" \+ |^\d\+? /i,
  // Who may not respond to the card's activations (R40): read into the effects it restricts (`cannot be responded to`).
  /in response to this (?:card's|effect's) (?:effect )?activations?/i,
  // Reminder text in parentheses ("(This is treated as a Fusion Summon.)").
  /^\(/,
  // "If this card has X as material, it gains this effect.": the ● lines after it are the effects.
  SELF_GRANT,
  // Limits and Summoning conditions in Japanese.
  /１ターンに１度|1ターンに1度|しか(使用|発動|特殊召喚)できない|通常召喚できない|特殊召喚できない|特殊召喚する事ができる/,
];

/** Splits a text into sentences: lines, then full stops as the English reader splits them (。 in Japanese). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => (/[。]/.test(line) ? line.split(/(?<=。)/) : englishSentences(line)))
    .map((s) => s.trim())
    .filter(Boolean);
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** How much of `text` the effects read from it account for. */
export function textCoverage(text: string, effects: readonly Pick<InferredEffect, 'sentence'>[]): TextCoverage {
  const sentences = sentencesOf(text);
  const readFrom = effects.map((e) => squash(e.sentence ?? ''));
  const coverage: TextCoverage = { sentences, read: [], noEffect: [], unread: [] };
  sentences.forEach((s, i) => {
    const key = squash(s).replace(/^[●•]\s*/, '').replace(/[.。]$/, '');
    if (key && readFrom.some((r) => r.includes(key))) coverage.read.push(i + 1);
    else if (NO_EFFECT.some((re) => re.test(s))) coverage.noEffect.push(i + 1);
    else coverage.unread.push(i + 1);
  });
  return coverage;
}
