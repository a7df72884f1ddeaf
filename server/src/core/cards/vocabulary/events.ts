// Event phrases (`sent to gy from field`, `opponent declares an attack`, `a monster is special summoned`):
// who acts, then an activation, damage, an attack, a player's Summon, or a card event whose verb
// verbs.ts reads. The card builder reads trigger and `responds to` phrases with interpretEvent; a phrase
// or word it does not know stays `unknown`, which the engine assumes rather than calling "illegal".
import { Actor, CardFilter, EventPattern, SummonType, VerbPattern } from '../types';
import { SUMMON_METHODS, SummonMethod } from '../../words';
import { parseFilter } from './filters';
import { parseVerb, VERB_START } from './verbs';

/** Interprets an event phrase, given as its lower-cased words (see from-segoc.ts words) and its text. */
export function interpretEvent(phraseWords: readonly string[], raw: string): EventPattern {
  const whole = interpretOne(phraseWords, raw);
  return whole.unknown.includes('or') ? (eitherEvent(phraseWords, raw) ?? whole) : whole;
}

/**
 * `sent to gy or banished`, `normal or special summoned or flipped`: one effect on either event of the same card,
 * where the phrase read whole leaves its `or` unread and each side of an `or` is a card event with a verb (the
 * last `or` splits; the left side may hold more). A side's unread words stay its own (assumed, never silent).
 */
function eitherEvent(ws: readonly string[], raw: string): EventPattern | undefined {
  for (let i = ws.length - 2; i > 0; i--) {
    if (ws[i] !== 'or') continue;
    const leftWords = ws.slice(0, i);
    const left = interpretEvent(leftWords, leftWords.join(' '));
    const right = interpretOne(ws.slice(i + 1), ws.slice(i + 1).join(' '));
    if (left.kind !== 'card' || right.kind !== 'card' || (left.subject === 'self') !== (right.subject === 'self')) continue;
    return { ...left, raw, or: [...(left.or ?? []), right] };
  }
  return undefined;
}

function interpretOne(phraseWords: readonly string[], raw: string): EventPattern {
  let ws = phraseWords.filter((w) => w !== 'the');
  const unknown: string[] = [];

  // Who: a leading `opponent` / `your opponent` / `you` sets the actor.
  let actor: Actor = 'any';
  if (ws[0] === 'your' && ws[1] === 'opponent') ws = ws.slice(1);
  if (ws[0] === 'opponent' || ws[0] === "opponent's") {
    actor = 'opponent';
    ws = ws.slice(1);
  } else if (ws[0] === 'you') {
    actor = 'you';
    ws = ws.slice(1);
  }

  const has = (w: string) => ws.includes(w);

  // Activations: `card or effect activated`, `monster effect activated`, `opponent activates a spell` ...
  if (has('activated') || has('activates') || has('activate')) {
    const what: Extract<EventPattern, { kind: 'activation' }>['what'] = [];
    const upTo = ws.findIndex((w) => w === 'activated' || w === 'activates' || w === 'activate');
    let head = ws.slice(0, upTo).concat(ws.slice(upTo + 1)).filter((w) => !['a', 'an', 'is', 'are', 'card', 'cards'].includes(w) || w === 'card');
    // `effect activated on the field`: the activating card is on the field (Ghost Ogre & Snow Rabbit).
    const on = head.findIndex((w, i) => w === 'on' && head[i + 1] === 'field');
    const zone = on >= 0 ? ('field' as const) : undefined;
    if (on >= 0) head = [...head.slice(0, on), ...head.slice(on + 2)];
    // `... that targets a monster you control`: what the activation targets (a filter, not what it includes).
    const targetsAt = head.findIndex((w, i) => (w === 'targets' || w === 'targeting') && (i === 0 || ['that', 'which'].includes(head[i - 1]) || head[i - 1] === 'effect' || head[i - 1] === 'card'));
    let targets: CardFilter | undefined;
    if (targetsAt >= 0) {
      const targetWords = head.slice(targetsAt + 1);
      targets = parseFilter(targetWords);
      if (targets.unknown?.length) unknown.push(...targets.unknown);
      head = head.slice(0, targetsAt > 0 && ['that', 'which'].includes(head[targetsAt - 1]) ? targetsAt - 1 : targetsAt);
    }
    const cut = head.findIndex((w) => w === 'including' || w === 'that' || w === 'which');
    const kindWords = cut >= 0 ? head.slice(0, cut) : head;
    const inclWords = cut >= 0 ? head.slice(cut + 1).filter((w) => w !== 'includes' && w !== 'include') : [];
    const kw = kindWords.join(' ');
    if (/card or effect|effect or card/.test(kw) || kw === 'card' || kw === '') what.push('any');
    else {
      if (/monster effect/.test(kw) || kw === 'monster') what.push('monster-effect');
      // `spell card`, `spell or trap card`: the activation of the card itself, not the effects of a face-up one.
      const cardOnly = /\b(spell|trap)(?: or (?:spell|trap))? card\b/.exec(kw)?.[0] ?? '';
      if (/\bspell\b/.test(kw)) what.push(/\bspell\b/.test(cardOnly) ? 'spell-card' : 'spell');
      if (/\btrap\b/.test(kw)) what.push(/\btrap\b/.test(cardOnly) ? 'trap-card' : 'trap');
      if (what.length === 0 && /effect/.test(kw)) what.push('effect');
      if (what.length === 0) {
        what.push('any');
        unknown.push(kw);
      }
    }
    const includes = inclWords.length
      ? inclWords
          .join(' ')
          .split(/\s+or\s+|\s+and\s+|,/)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    return { kind: 'activation', actor, what, includes, zone, ...(targets ? { targets } : {}), raw, unknown };
  }

  // Damage: `you take damage`, `opponent takes battle damage`.
  if (has('damage') && (has('take') || has('takes') || has('inflicted'))) {
    const who = actor === 'any' ? 'any' : actor;
    // `opponent takes battle damage by a direct attack` (Sebek's Blessing).
    const direct = has('direct') || has('directly') ? true : undefined;
    return { kind: 'damage', who, battle: has('battle') || !!direct, ...(direct ? { direct } : {}), raw, unknown };
  }

  // Attacks declared by a player: `opponent declares direct attack`, `an attack is declared`.
  if ((has('declares') || has('declared') || has('declare')) && (has('attack') || has('attacks'))) {
    const ordinal = has('second') ? 2 : has('third') ? 3 : undefined;
    const subjectSelf = ws[0] === 'this' && ws[1] === 'card';
    if (subjectSelf) {
      return { kind: 'card', subject: 'self', verb: 'declares-attack', raw, unknown };
    }
    // `an opponent's monster declares an attack`, `a monster you control declares an attack`.
    // `opponent declares an attack targeting a face-up "destiny hero" monster you control` ("is targeted for an
    // attack"): the attack's target, a filter of its own.
    const targetingAt = ws.indexOf('targeting');
    let target: CardFilter | undefined;
    if (targetingAt >= 0) {
      target = parseFilter(ws.slice(targetingAt + 1));
      if (target.unknown?.length) unknown.push(...target.unknown);
      ws = ws.slice(0, targetingAt);
    }
    if (actor === 'any' && (has("opponent's") || has('opponent'))) actor = 'opponent';
    else if (actor === 'any' && (has('your') || (has('you') && has('control')))) actor = 'you';
    return { kind: 'attack', actor, direct: has('direct') || has('directly') ? true : undefined, ordinal, ...(target ? { target } : {}), raw, unknown };
  }

  // Summons by a player: `opponent summons a monster with 1500 or more atk`, `opponent normal or flip summons a
  // monster`, or bare `summon`.
  const summonVerb = summonKindsBefore(ws);
  if (summonVerb) {
    let rest = ws.slice(summonVerb.verbAt + 1);
    // `... except during the damage step` (Ghost Mourner): a qualifier of the Summon, not of the monster.
    const except = rest.findIndex((w, i) => w === 'except' && rest[i + 1] === 'during');
    const exception = except >= 0 ? exceptPhases(rest.slice(except)) : undefined;
    const notInPhases = exception?.phases;
    // Words after it it does not read (`under script condition`) stay the filter's, unread.
    if (exception) rest = [...rest.slice(0, except), ...exception.rest];
    const filter = rest.length ? parseFilter(rest) : {};
    // `summon` / `special summon` (the act) answers a Summon being attempted; `summons a monster` its success.
    // (`you special summon a monster` is the success: the bare verb after `you` is grammar, not the act.)
    const attempt = ws[summonVerb.verbAt] === 'summon' && actor !== 'you';
    const methods = summonVerb.methods.length ? summonVerb.methods : undefined;
    return { kind: 'card', subject: filter, verb: 'summoned', summonTypes: summonVerb.types, methods, actor, attempt: attempt || undefined, ...(notInPhases ? { notInPhases } : {}), raw, unknown: filter.unknown ?? [] };
  }

  // A card event. Subject: `this card` (default) or a filter up to `is`/`are`.
  let subject: 'self' | CardFilter = 'self';
  let rest = ws;
  let controlledBy: VerbPattern['controlledBy'];
  if (ws[0] === 'this' && ws[1] === 'card') {
    rest = ws.slice(2);
    if (rest[0] === 'your' && rest[1] === 'opponent') rest = rest.slice(1);
    // `this card you control is destroyed`: who controlled it when it happened (Numerounius, Taotie).
    if (rest[0] === 'you' && rest[1] === 'control') controlledBy = 'you';
    else if (rest[0] === 'opponent' && rest[1] === 'controls') controlledBy = 'opponent';
    if (controlledBy) rest = rest.slice(2);
  } else if (['a', 'an', 'another', 'one', '1'].includes(ws[0] ?? '')) {
    const isAt = ws.findIndex((w) => w === 'is' || w === 'are');
    if (isAt > 0) {
      subject = parseFilter(ws.slice(0, isAt));
      rest = ws.slice(isAt + 1);
    } else {
      // `a monster summoned`: find the verb word.
      const verbAt = ws.findIndex((w) => VERB_START.has(w));
      subject = parseFilter(ws.slice(0, verbAt < 0 ? ws.length : verbAt));
      rest = verbAt < 0 ? [] : ws.slice(verbAt);
    }
  }
  if (rest[0] === 'is' || rest[0] === 'are') rest = rest.slice(1);
  if (subject !== 'self' && subject.unknown) unknown.push(...subject.unknown);

  const verbPattern = parseVerb(rest, unknown);
  if (!verbPattern) return { kind: 'unknown', raw, unknown: [raw] };
  return { kind: 'card', subject, ...verbPattern, ...(controlledBy ? { controlledBy } : {}), actor: actor === 'any' ? verbPattern.actor : actor, raw, unknown };
}

/** `except during the damage step` / `except during the draw phase [or damage step]`, read as a card event's verb reads it. */
function exceptPhases(ws: readonly string[]): { phases: NonNullable<VerbPattern['notInPhases']>; rest: string[] } | undefined {
  const unknown: string[] = [];
  const read = parseVerb(['summoned', ...ws], unknown);
  return read?.notInPhases ? { phases: read.notInPhases, rest: unknown } : undefined;
}

/** The kinds of Summon a phrase names; a Normal Summon includes a Tribute Summon. */
const SUMMON_KINDS: Readonly<Record<string, SummonType[]>> = {
  normal: ['normal', 'tribute'],
  tribute: ['tribute'],
  special: ['special'],
  flip: ['flip'],
};

/**
 * `summon`, `special summon`, `normal or flip summons`, `link summons` at the start of a phrase: the kinds named
 * (none: any Summon), the Summons with materials named (a Special Summon of that kind), and where the verb is;
 * undefined when the phrase does not start so.
 */
function summonKindsBefore(ws: readonly string[]): { types?: SummonType[]; methods: SummonMethod[]; verbAt: number } | undefined {
  const types: SummonType[] = [];
  const methods: SummonMethod[] = [];
  const kind = (w: string) => SUMMON_KINDS[w] ?? (SUMMON_METHODS.includes(w as SummonMethod) ? ['special' as const] : undefined);
  let i = 0;
  while (kind(ws[i])) {
    types.push(...kind(ws[i])!.filter((t) => !types.includes(t)));
    if (SUMMON_METHODS.includes(ws[i] as SummonMethod)) methods.push(ws[i] as SummonMethod);
    i += ws[i + 1] === 'or' && kind(ws[i + 2]) ? 2 : 1;
  }
  if (ws[i] !== 'summon' && ws[i] !== 'summons') return undefined;
  return { types: types.length ? types : undefined, methods, verbAt: i };
}
