// What a generated card's effect does on resolution. Two witnesses, cross-checked:
// - its English text's parts (the text inference, run by the generator; field 16 of the effect record, a short code
//   per part, `partsCode` below): the verbs, what each acts on ("the target", "this card", "that card"), from where,
//   in which position, and PSCT's conjunctions ("and if you do", "then", ...). The generator keeps a part only where the
//   script witnesses its verb (`witnessed`): the effect's categories, or what the card's operations call;
// - its script's categories (SetCategory CATEGORY_*, in the record), cross-checked with what the card's operations
//   call (the record's `ops:` note, scripts/lib/lua-actions.js): a category no operation calls is what the effect
//   checks, not what it does. A category the text's parts do not cover is added after them, joined by "also", naming
//   no object (on which cards, in which order and under which condition is not known).
// CATEGORY_TOHAND says "to the hand" without from where: `to-hand` (`add or return to hand`), unless the text says.
// No assumption is listed for these parts: an effect's assumptions are facts a verdict rests on (unknown-card-fact),
// and what an effect does decides no verdict.
// Apart from generated-record.ts, which other readings of the record share, so that each reading stays one
// function of its own.
import type { ActionObject, ActionVerb, EffectAction, PartCondition, PartLink } from './types';
import type { Zone } from '../words';
import { verbFits } from './vocabulary/actions';

/** A category's part; categories that change nothing a resolution shows (`leave_grave`, `decktop`) have none. */
const BY_CATEGORY: Readonly<Record<string, ActionVerb>> = {
  negate: 'negate-activation',
  disable_summon: 'negate-summon',
  disable: 'negate-effects',
  destroy: 'destroy',
  remove: 'banish',
  special_summon: 'special-summon',
  search: 'add-to-hand',
  tohand: 'to-hand',
  todeck: 'return-to-deck',
  toextra: 'return-to-extra',
  tograve: 'send-to-gy',
  deckdes: 'send-to-gy',
  draw: 'draw',
  handes: 'discard',
  release: 'tribute',
  // CATEGORY_POSITION (the record writes each CATEGORY_ constant's name in lower case).
  position: 'change-position',
  atkchange: 'change-atk',
  defchange: 'change-atk',
  recover: 'gain-lp',
  damage: 'damage',
  control: 'take-control',
  equip: 'equip',
};

/**
 * The letters of the record's `ops:` note (scripts/lib/lua-actions.js) that show a verb called by the card's
 * operations; a category whose verb none of them shows is what the effect checks, not what it does.
 */
const CALLED_AS: Readonly<Partial<Record<ActionVerb, string>>> = {
  destroy: 'D',
  banish: 'B',
  'add-to-hand': 'H',
  'to-hand': 'H',
  'return-to-hand': 'H',
  'return-to-deck': 'K',
  'return-to-extra': 'K',
  'special-summon': 'P',
  'send-to-gy': 'GX',
  discard: 'XG',
  draw: 'W',
  'negate-activation': 'N',
  'negate-summon': 'S',
  'negate-effect': 'E',
  'negate-effects': 'FE',
  'negate-attack': 'A',
  'change-position': 'O',
  'change-atk': 'T',
  'gain-lp': 'R',
  damage: 'M',
  'take-control': 'C',
  equip: 'Q',
  attach: 'V',
  set: 'Z',
  tribute: 'U',
};

/**
 * Verbs a category stands for besides those it fits (verbFits: "to the hand" is an add or a return): "to the hand"
 * or "to the Deck" of an Extra Deck monster is the Extra Deck.
 */
const CATEGORY_FITS: Readonly<Partial<Record<ActionVerb, readonly ActionVerb[]>>> = {
  'to-hand': ['return-to-extra'],
  'add-to-hand': ['add-to-hand', 'return-to-extra'],
  'return-to-deck': ['return-to-extra'],
  'return-to-extra': ['return-to-deck'],
  'negate-effects': ['negate-effect'],
  'negate-activation': ['negate-summon', 'negate-effect'],
  'negate-summon': ['negate-activation'],
  'send-to-gy': ['discard'],
  discard: ['send-to-gy'],
};

/** Whether a category's verb stands for a part's verb. */
function categoryFits(category: ActionVerb, verb: ActionVerb): boolean {
  return verbFits(category, verb) || !!CATEGORY_FITS[category]?.includes(verb);
}

/** Whether the script witnesses a verb: a category of the effect stands for it, or the card's operations call it. */
function witnessed(verb: ActionVerb, categories: readonly string[], ops: string | undefined): boolean {
  for (const c of categories) {
    const v = BY_CATEGORY[c];
    if (v && categoryFits(v, verb)) return true;
  }
  return ops !== undefined && [...(CALLED_AS[verb] ?? '')].some((l) => ops.includes(l));
}

/**
 * The parts of an effect record: its text's parts the script witnesses (`text`, field 16), then its categories'
 * verbs that they do not cover (one per verb, in the script's order, "also"); with the card's `ops` letters, only the
 * verbs its operations call (the two witnesses cross-checked).
 */
export function actionsFromCategories(categories: readonly string[], ops?: string, text?: string): EffectAction[] {
  const out = witnessedParts(text ?? '', categories, ops);
  for (const c of categories) {
    // "Add from the Deck" (CATEGORY_SEARCH) says from where the card goes to the hand: CATEGORY_TOHAND beside it is that add.
    const verb = c === 'tohand' && categories.includes('search') ? undefined : BY_CATEGORY[c];
    if (!verb || out.some((a) => categoryFits(verb, a.verb))) continue;
    if (ops !== undefined && ![...(CALLED_AS[verb] ?? '')].some((l) => ops.includes(l))) continue;
    out.push({ verb, link: out.length ? 'also' : 'first' });
  }
  return out;
}

/** The text's parts (a code of `partsCode`) whose verb the script witnesses; a part left out passes its place on. */
export function witnessedParts(code: string, categories: readonly string[], ops?: string): EffectAction[] {
  const out: EffectAction[] = [];
  for (const part of readPartsCode(code)) {
    if (!witnessed(part.verb, categories, ops)) continue;
    out.push({ ...part, link: out.length ? part.link : 'first' });
  }
  return out;
}

// ---------------------------------------------------------------- the record's code of the text's parts

/** One letter per verb (the generator writes them; no letter is a conjunction's or a detail's sign below). */
const VERB_LETTERS: Readonly<Record<ActionVerb, string>> = {
  destroy: 'D', banish: 'B', 'add-to-hand': 'H', 'to-hand': 'I', 'return-to-hand': 'L', 'return-to-deck': 'K', 'return-to-extra': 'J',
  'special-summon': 'P', 'send-to-gy': 'G', discard: 'X', draw: 'W', 'negate-activation': 'N', 'negate-effect': 'E',
  'negate-summon': 'S', 'negate-attack': 'A', 'negate-effects': 'F', 'change-position': 'O', 'change-atk': 'T', 'gain-lp': 'R',
  'lose-lp': 'Y', damage: 'M', 'take-control': 'C', equip: 'Q', attach: 'V', set: 'Z', tribute: 'U',
};
const LINK_SIGNS: Readonly<Record<Exclude<PartLink, 'first'>, string>> = { 'and-if-you-do': '&', then: '>', also: '+', and: '~', or: '%' };
const OBJECT_LETTERS: Readonly<Record<ActionObject, string>> = {
  target: 't', itself: 'i', 'that-card': 'c', 'all-monsters': 'm', 'all-opponent-monsters': 'o', 'all-spells-traps': 's', 'all-cards': 'a',
};
const ZONE_LETTERS: Readonly<Partial<Record<Zone, string>>> = { hand: 'h', deck: 'd', gy: 'g', banished: 'b', extra: 'x', field: 'f' };
const POSITION_LETTERS = { attack: 'a', defense: 'd', 'face-down': 'f' } as const;
/** A part's own condition (R85): `?s` "if this card was Set before activation and is on the field at resolution". */
const CONDITION_LETTERS: Readonly<Record<PartCondition, string>> = { 'set-before-activation': 's' };
/** How long a `take control` part lasts (`=e` until the End Phase, `=g` for good): the script's Duel.GetControl. */
const LASTS_LETTERS = { 'until-end-phase': 'e', 'for-good': 'g' } as const;

const invert = <K extends string>(r: Readonly<Partial<Record<K, string>>>): Map<string, K> => new Map(Object.entries(r).map(([k, v]) => [v as string, k as K]));
const VERB_OF = invert(VERB_LETTERS);
const LINK_OF = invert(LINK_SIGNS);
const OBJECT_OF = invert(OBJECT_LETTERS);
const ZONE_OF = invert(ZONE_LETTERS);
const POSITION_OF = invert(POSITION_LETTERS);
const CONDITION_OF = invert(CONDITION_LETTERS);
const LASTS_OF = invert(LASTS_LETTERS);

/**
 * The record's code of parts: `Dt&W1` is "destroy target and if you do draw 1"; `@z` a zone, `^p` a position; the
 * details the script settles (scripts/lib/lua-parts.js): `*` Tokens (`P*4`: "special summon 4 tokens"; `*_` to the
 * opponent's field: "special summon 3 tokens for opponent"), `=e`/`=g` how
 * long control lasts (`Ct=e`: "take control target until end phase"), `:o` what an equip equips to (`Qi:t`: "equip
 * itself to target").
 */
export function partsCode(parts: readonly EffectAction[]): string {
  return parts
    .map((p, i) => {
      let s = (i === 0 || p.link === 'first' ? '' : LINK_SIGNS[p.link]) + VERB_LETTERS[p.verb];
      if (p.object) s += OBJECT_LETTERS[p.object];
      if (p.tokens) s += p.tokensFor ? '*_' : '*';
      if (p.to) s += `:${OBJECT_LETTERS[p.to]}`;
      if (p.lasts) s += `=${LASTS_LETTERS[p.lasts]}`;
      if (p.from && ZONE_LETTERS[p.from]) s += `@${ZONE_LETTERS[p.from]}`;
      for (const z of p.from ? (p.orFrom ?? []) : []) if (ZONE_LETTERS[z]) s += `@${ZONE_LETTERS[z]}`;
      if (p.position) s += `^${POSITION_LETTERS[p.position]}`;
      if (p.count !== undefined) s += String(p.count);
      if (p.condition) s += `?${CONDITION_LETTERS[p.condition]}`;
      return s;
    })
    .join('');
}

/** Reads a code of `partsCode` back; a sign it does not know ends the reading (what came before is kept). */
export function readPartsCode(code: string): EffectAction[] {
  const out: EffectAction[] = [];
  let i = 0;
  while (i < code.length) {
    let link: PartLink = 'first';
    if (out.length) {
      const l = LINK_OF.get(code[i]);
      if (!l) break;
      link = l;
      i++;
    }
    const verb = VERB_OF.get(code[i++]);
    if (!verb) break;
    const part: EffectAction = { verb, link };
    for (;;) {
      const c = code[i];
      if (c !== undefined && OBJECT_OF.has(c)) part.object = OBJECT_OF.get(c);
      else if (c === '@' && ZONE_OF.has(code[i + 1])) {
        // A second zone (`@h@g`): one the player may pick instead ("from your hand or GY").
        const z = ZONE_OF.get(code[++i])!;
        if (part.from) (part.orFrom ??= []).push(z);
        else part.from = z;
      }
      else if (c === '^' && POSITION_OF.has(code[i + 1])) part.position = POSITION_OF.get(code[++i]);
      else if (c === '?' && CONDITION_OF.has(code[i + 1])) part.condition = CONDITION_OF.get(code[++i]);
      else if (c === '*') part.tokens = true;
      else if (c === '_' && part.tokens) part.tokensFor = 'opponent';
      else if (c === ':' && OBJECT_OF.has(code[i + 1])) part.to = OBJECT_OF.get(code[++i]);
      else if (c === '=' && LASTS_OF.has(code[i + 1])) part.lasts = LASTS_OF.get(code[++i]);
      else if (c !== undefined && /\d/.test(c)) {
        const m = /^\d+/.exec(code.slice(i))![0];
        part.count = Number(m);
        i += m.length - 1;
      } else break;
      i++;
    }
    out.push(part);
  }
  return out;
}
