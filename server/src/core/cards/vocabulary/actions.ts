// What an effect does on resolution, as a card line states it: `does destroy target and if you do draw 1`.
// One table of verb phrases and one of objects, read and printed here (the `does` row of properties.ts), so
// that a curated card, a file's definition, `segoc card` and the generated records write it one way.
// The parts are joined by PSCT's conjunctions (`and if you do`, `then`, `also`, `and`) or by `or` between choices (one
// of them applies: "activate 1 of these effects", "add to your hand or Special Summon"); a modifier is one
// comma-separated part of an effect line, so the line writes no comma inside it.
import { ZONE_WORDS } from './words';
import type { ActionObject, ActionVerb, EffectAction, PartCondition, PartLink } from '../types';
import type { Zone } from '../../words';

/** Verb phrases, longest first where one starts another (`negate effects` before `negate effect`). */
const VERBS: ReadonlyArray<readonly [string, ActionVerb]> = [
  ['add or return to hand', 'to-hand'],
  ['return to extra deck', 'return-to-extra'],
  ['return to hand', 'return-to-hand'],
  ['return to deck', 'return-to-deck'],
  ['special summon', 'special-summon'],
  ['send to gy', 'send-to-gy'],
  ['negate activation', 'negate-activation'],
  ['negate effects', 'negate-effects'],
  ['negate effect', 'negate-effect'],
  ['negate summon', 'negate-summon'],
  ['negate attack', 'negate-attack'],
  ['change position', 'change-position'],
  ['change atk', 'change-atk'],
  ['gain lp', 'gain-lp'],
  ['lose lp', 'lose-lp'],
  ['take control', 'take-control'],
  ['destroy', 'destroy'],
  ['banish', 'banish'],
  ['add', 'add-to-hand'],
  ['draw', 'draw'],
  ['discard', 'discard'],
  ['tribute', 'tribute'],
  ['set', 'set'],
  ['damage', 'damage'],
  ['equip', 'equip'],
  ['attach', 'attach'],
];

const OBJECTS: ReadonlyArray<readonly [string, ActionObject]> = [
  ['all opponent monsters', 'all-opponent-monsters'],
  ['all spells and traps', 'all-spells-traps'],
  ['all monsters', 'all-monsters'],
  ['all cards', 'all-cards'],
  ['that card', 'that-card'],
  ['targets', 'target'],
  ['target', 'target'],
  ['itself', 'itself'],
];

/**
 * A part's own condition, after its details (R85): `negate effects if set before activation` ("if this card was Set before
 * activation and is on the field at resolution").
 */
const CONDITIONS: ReadonlyArray<readonly [string, PartCondition]> = [['if set before activation', 'set-before-activation']];

/** Conjunctions, longest first. */
const LINKS: ReadonlyArray<readonly [string, PartLink]> = [
  ['and if you do', 'and-if-you-do'],
  ['then', 'then'],
  ['also', 'also'],
  ['and', 'and'],
  ['or', 'or'],
];

const words = (s: string) => s.split(' ');

function startsWith(ws: readonly string[], i: number, phrase: string): boolean {
  const p = words(phrase);
  for (let k = 0; k < p.length; k++) if (ws[i + k] !== p[k]) return false;
  return true;
}

/**
 * Reads the words after `does` into parts; undefined when a word is not in the vocabulary (the modifier is
 * then not this row's, and the line says so as any unknown modifier does).
 */
export function readActions(ws: readonly string[]): EffectAction[] | undefined {
  const out: EffectAction[] = [];
  let i = 0;
  let link: PartLink = 'first';
  while (i < ws.length) {
    const verb = VERBS.find(([p]) => startsWith(ws, i, p));
    if (!verb) return undefined;
    i += words(verb[0]).length;
    const part: EffectAction = { verb: verb[1], link };
    // What follows the verb, in any order, until a conjunction.
    for (;;) {
      if (i >= ws.length) break;
      const object = OBJECTS.find(([p]) => startsWith(ws, i, p));
      if (object && !part.object) {
        part.object = object[1];
        i += words(object[0]).length;
        continue;
      }
      if (ws[i] === 'from' && ZONE_WORDS[ws[i + 1]] && !part.from) {
        part.from = ZONE_WORDS[ws[i + 1]] as Zone;
        i += ws[i + 1] === 'extra' && ws[i + 2] === 'deck' ? 3 : 2;
        // `from hand or gy`: the other zones the player may pick ("from your hand or GY").
        while (ws[i] === 'or' && ZONE_WORDS[ws[i + 1]]) {
          (part.orFrom ??= []).push(ZONE_WORDS[ws[i + 1]] as Zone);
          i += ws[i + 1] === 'extra' && ws[i + 2] === 'deck' ? 3 : 2;
        }
        continue;
      }
      if ((ws[i] === 'in' || ws[i] === 'to') && (ws[i + 1] === 'defense' || ws[i + 1] === 'attack' || ws[i + 1] === 'face-down')) {
        part.position = ws[i + 1] as EffectAction['position'];
        i += 2;
        continue;
      }
      // The details of a Token Summon, a control change and an equip (R70, R72, R73): partDetail below.
      const detail = partDetail(ws, i, part);
      if (detail) {
        i += detail;
        continue;
      }
      if (/^\d+$/.test(ws[i]) && part.count === undefined) {
        part.count = Number(ws[i]);
        i++;
        continue;
      }
      const condition = CONDITIONS.find(([p]) => startsWith(ws, i, p));
      if (condition && !part.condition) {
        part.condition = condition[1];
        i += words(condition[0]).length;
        continue;
      }
      if (LINKS.some(([p]) => startsWith(ws, i, p))) break;
      return undefined;
    }
    out.push(part);
    if (i >= ws.length) break;
    const next = LINKS.find(([p]) => startsWith(ws, i, p))!;
    link = next[1];
    i += words(next[0]).length;
    // A conjunction ends no modifier: a part must follow it.
    if (i >= ws.length) return undefined;
  }
  return out.length ? out : undefined;
}

/** How long a `take control` part lasts, as written. */
const LASTS: ReadonlyArray<readonly [string, NonNullable<EffectAction['lasts']>]> = [
  ['until end phase', 'until-end-phase'],
  ['for good', 'for-good'],
];

/**
 * Reads a detail of a part at `ws[i]` into it: `tokens` (a Special Summon of Tokens; `1 token`; then `for opponent`
 * where they go to the opponent's field), `until end phase` / `for good`
 * (how long a `take control` lasts), `to <object>` (what an `equip` equips to). Returns the words read, 0 for none.
 */
function partDetail(ws: readonly string[], i: number, part: EffectAction): number {
  if ((ws[i] === 'tokens' || ws[i] === 'token') && part.verb === 'special-summon' && !part.tokens) {
    part.tokens = true;
    return 1;
  }
  if (part.tokens && !part.tokensFor && ws[i] === 'for' && ws[i + 1] === 'opponent') {
    part.tokensFor = 'opponent';
    return 2;
  }
  const lasts = part.verb === 'take-control' && !part.lasts ? LASTS.find(([p]) => startsWith(ws, i, p)) : undefined;
  if (lasts) {
    part.lasts = lasts[1];
    return words(lasts[0]).length;
  }
  if (ws[i] === 'to' && part.verb === 'equip' && !part.to) {
    const object = OBJECTS.find(([p]) => startsWith(ws, i + 1, p));
    if (object) {
      part.to = object[1];
      return 1 + words(object[0]).length;
    }
  }
  return 0;
}

const VERB_WORDS = new Map(VERBS.map(([p, v]) => [v, p]));
const OBJECT_WORDS = new Map<ActionObject, string>(OBJECTS.filter(([p]) => p !== 'targets').map(([p, o]) => [o, p]));
const LINK_WORDS = new Map(LINKS.map(([p, l]) => [l, p]));
const ZONE_OUT: Partial<Record<Zone, string>> = { extra: 'extra deck' };
const CONDITION_WORDS = new Map(CONDITIONS.map(([p, c]) => [c, p]));

/** One part as the card line writes it: `special summon target from gy in defense`. */
export function actionWords(a: EffectAction): string {
  const out = [VERB_WORDS.get(a.verb)!];
  if (a.count !== undefined) out.push(String(a.count));
  if (a.tokens) out.push(a.count === 1 ? 'token' : 'tokens');
  if (a.tokensFor) out.push('for', a.tokensFor);
  if (a.object) out.push(OBJECT_WORDS.get(a.object)!);
  if (a.to) out.push('to', OBJECT_WORDS.get(a.to)!);
  if (a.lasts) out.push(LASTS.find(([, l]) => l === a.lasts)![0]);
  if (a.from) out.push('from', [a.from, ...(a.orFrom ?? [])].map((z) => ZONE_OUT[z] ?? z).join(' or '));
  if (a.position) out.push(a.position === 'face-down' ? 'to face-down' : `in ${a.position}`);
  if (a.condition) out.push(CONDITION_WORDS.get(a.condition)!);
  return out.join(' ');
}

/** The whole modifier: `does destroy target and if you do draw 1`. */
export function printActions(parts: readonly EffectAction[]): string | undefined {
  if (!parts.length) return undefined;
  return `does ${parts.map((a, i) => (i === 0 ? '' : `${LINK_WORDS.get(a.link)} `) + actionWords(a)).join(' ')}`;
}

/** The words a judge reads for a part (hovers, `segoc card`'s comments, resolution lines). */
export function describeAction(a: EffectAction): string {
  return actionWords(a);
}

/** The verb phrases, for completion and the docs. */
export const ACTION_PHRASES: readonly string[] = VERBS.map(([p]) => p);
export const ACTION_CONJUNCTIONS: readonly string[] = LINKS.map(([p]) => p);
export const ACTION_OBJECTS: readonly string[] = OBJECTS.map(([p]) => p);
export const ACTION_CONDITIONS: readonly string[] = CONDITIONS.map(([p]) => p);

/** Each verb phrase and its verb (`expect CL1 does not apply draw` names a part so). */
export const ACTION_PHRASES_TO_VERBS: ReadonlyMap<string, ActionVerb> = new Map(VERBS);

/**
 * Whether a part of verb `got` does what a part of verb `want` says: the same verb, or `to-hand` ("to the hand"
 * where the source does not say from where: cards/generated-actions.ts) for an add or a return to the hand. The one
 * answer for an expectation, a written action, the script's witness of a text's part and the accuracy measure.
 */
export function verbFits(got: ActionVerb, want: ActionVerb): boolean {
  return got === want || (got === 'to-hand' && (want === 'add-to-hand' || want === 'return-to-hand'));
}
