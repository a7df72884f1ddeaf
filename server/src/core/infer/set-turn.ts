// "You can activate this card the turn it was Set" (R34's "unless its text allows it"): a sentence of a
// Trap or Quick-Play Spell about its own activation, not an effect. It is taken out of the text before the
// readers see it and becomes the activation's modifier `activates the turn it was set [if ... | by ...]`.
import type { TextLanguage } from './types';

/**
 * The modifier where the text's own words are not kept (a Japanese text; a generated record, which commits
 * no card text), by its code in a generated record: `s` as written, `sc` under a condition, `sk` for a cost.
 */
export const SET_TURN: Readonly<Record<'s' | 'sc' | 'sk', string>> = {
  s: 'activates the turn it was set',
  sc: 'activates the turn it was set if the condition its text states is met',
  sk: 'activates the turn it was set by paying the cost its text states',
};

/** The code of a set-turn modifier in a generated record. */
export function setTurnCode(modifier: string | undefined): string {
  if (!modifier) return '';
  return / if /.test(modifier) ? 'sc' : / by /.test(modifier) ? 'sk' : 's';
}

const ENGLISH = /(?:^|(?<=[.\n]) *)(?:(if [^.]*?), )?you can activate this card the turn it was set(?:, (by [^.]*?))?\.(?= |\n|$)/i;
const JAPANESE_CONDITION = /(?:^|(?<=[。\n]))([^。\n]*?場合、)?このカードはセットしたターンでも発動できる。/;
const JAPANESE_COST = /(?:^|(?<=[。\n]))このカードは([^。\n]*?)、セットしたターンに発動する事もできる。/;

/** The text without its set-turn sentence, and the modifier that sentence says (undefined: none). */
export function takeSetTurn(text: string, language: TextLanguage): { text: string; modifier?: string } {
  if (language === 'en') {
    const m = ENGLISH.exec(text);
    if (!m) return { text };
    const what = m[1] ?? m[2];
    return { text: cut(text, m), modifier: what ? `${SET_TURN.s} ${words(what)}` : SET_TURN.s };
  }
  const c = JAPANESE_CONDITION.exec(text);
  if (c) return { text: cut(text, c), modifier: c[1] ? SET_TURN.sc : SET_TURN.s };
  const k = JAPANESE_COST.exec(text);
  if (k) return { text: cut(text, k), modifier: SET_TURN.sk };
  return { text };
}

function cut(text: string, m: RegExpExecArray): string {
  return (text.slice(0, m.index) + text.slice(m.index + m[0].length)).replace(/ {2,}/g, ' ').trim();
}

/** A modifier is one comma-separated part of an effect line: no commas, quotes or semicolons. */
function words(s: string): string {
  return s.toLowerCase().replace(/[",;“”]+/g, '').replace(/\s+/g, ' ').trim();
}
