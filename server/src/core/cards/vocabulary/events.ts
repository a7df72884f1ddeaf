// Event phrases (`sent to gy from field`, `opponent declares an attack`, `a monster is special summoned`):
// who acts, then an activation, damage, an attack, a player's Summon, or a card event whose verb
// verbs.ts reads. The card builder reads trigger and `responds to` phrases with interpretEvent; a phrase
// or word it does not know stays `unknown`, which the engine assumes rather than calling "illegal".
import { Actor, CardFilter, EventPattern, SummonType, VerbPattern } from '../types';
import { SUMMON_METHODS, SummonMethod } from '../../words';
import { parseFilter } from './filters';
import { parseVerb, VERB_START } from './verbs';
import { ZONE_WORDS } from './words';

/**
 * A pattern and every alternative joined to it by `or` (`sent to gy or banished`; Kagero's "exactly 1 ... or exactly 1
 * ..."), alternatives of alternatives included, in order: one effect that any of them meets. The engine's checks and
 * the accuracy measure read them through this one function.
 */
export function eventAlternatives(p: EventPattern): EventPattern[] {
  return [p, ...('or' in p && p.or ? p.or.flatMap(eventAlternatives) : [])];
}

/** Interprets an event phrase, given as its lower-cased words (see from-segoc.ts words) and its text. */
export function interpretEvent(phraseWords: readonly string[], raw: string): EventPattern {
  const origins = eitherOrigin(phraseWords, raw);
  if (origins) return origins;
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

/**
 * `a card is sent from deck or field to your gy` (Vanity's Emptiness): one event from either zone, read as the same
 * phrase once per zone and joined as alternatives of one effect (`or`).
 */
function eitherOrigin(ws: readonly string[], raw: string): EventPattern | undefined {
  const at = ws.findIndex((w, i) => w === 'from' && ZONE_WORDS[ws[i + 1] ?? ''] && ws[i + 2] === 'or' && ZONE_WORDS[ws[i + 3] ?? '']);
  if (at < 0) return undefined;
  const [first, second] = [ws[at + 1], ws[at + 3]].map((z) => [...ws.slice(0, at + 1), z, ...ws.slice(at + 4)]).map((w) => interpretOne(w, raw));
  if (first.kind !== 'card' || second.kind !== 'card' || first.unknown.length || second.unknown.length) return undefined;
  return { ...first, or: [second] };
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
    // `effect activated on the field`: the activating card is on the field (Ghost Ogre & Snow Rabbit); `in hand or
    // field`: in either (Mind Mirror Force).
    // (Before `including`: `including destroy on field` says where what it destroys is, not where it is activated.)
    const including = head.indexOf('including');
    const on = head.findIndex((w, i) => w === 'on' && head[i + 1] === 'field' && (including < 0 || i < including));
    const inHandOrField = head.findIndex((w, i) => w === 'in' && head[i + 1] === 'hand' && head[i + 2] === 'or' && head[i + 3] === 'field');
    const zone = on >= 0 ? ('field' as const) : inHandOrField >= 0 ? ('hand-or-field' as const) : undefined;
    if (on >= 0) head = [...head.slice(0, on), ...head.slice(on + 2)];
    if (inHandOrField >= 0) head = [...head.slice(0, inHandOrField), ...head.slice(inHandOrField + 4)];
    // `... during your turn`: only in that player's turn.
    const during = head.findIndex((w, i) => w === 'during' && (head[i + 1] === 'your' || head[i + 1] === "opponent's") && head[i + 2] === 'turn');
    const duringTurn = during >= 0 ? (head[during + 1] === 'your' ? ('your' as const) : ('opponent' as const)) : undefined;
    if (during >= 0) head = [...head.slice(0, during), ...head.slice(during + 3)];
    // `... that targets a monster you control`: what the activation targets (a filter, not what it includes).
    const targetsAt = head.findIndex((w, i) => (w === 'targets' || w === 'targeting') && (i === 0 || ['that', 'which'].includes(head[i - 1]) || head[i - 1] === 'effect' || head[i - 1] === 'card'));
    let targeted: TargetAlternative[] = [];
    let destroysTarget: true | undefined;
    if (targetsAt >= 0) {
      const read = targetAlternatives(head.slice(targetsAt + 1));
      targeted = read.alternatives;
      destroysTarget = read.destroysTarget;
      for (const t of targeted) if (t.filter.unknown?.length) unknown.push(...t.filter.unknown);
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
    const one = (t: TargetAlternative | undefined): Extract<EventPattern, { kind: 'activation' }> => ({
      kind: 'activation',
      actor,
      what,
      includes,
      zone,
      ...(t ? { targets: t.filter } : {}),
      ...(t?.count !== undefined ? { targetCount: t.count } : {}),
      ...(destroysTarget ? { destroysTarget } : {}),
      ...(duringTurn ? { duringTurn } : {}),
      raw,
      unknown,
    });
    const [first, ...others] = targeted;
    return others.length ? { ...one(first), or: others.map(one) } : one(first);
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
    // `... with their highest atk monster` (Mind Mirror Force): the attacker has its controller's highest ATK.
    const highestAtk = has('highest') && has('atk') ? true : undefined;
    return { kind: 'attack', actor, direct: has('direct') || has('directly') ? true : undefined, ordinal, ...(target ? { target } : {}), ...(highestAtk ? { highestAtk } : {}), raw, unknown };
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

/** One reading of what an activation targets: the filter, and how many it targets where the phrase says "exactly N". */
interface TargetAlternative {
  filter: CardFilter;
  count?: number;
}

/** The words that end a target filter's alternatives: whose cards they are (said once, after the last). */
const CONTROLLER_TAILS: readonly (readonly string[])[] = [['you', 'control'], ['your', 'opponent', 'controls'], ['opponent', 'controls']];

/**
 * What an activation targets, after `targets`: `exactly 1 monster you control and would destroy it` (Remote Revenge),
 * `exactly 1 "ninja" card or exactly 1 face-down defense position monster you control` (Kagero the Cannon Ninja: two
 * alternatives, the controller said once for both, as the card's text says it).
 */
function targetAlternatives(words: readonly string[]): { alternatives: TargetAlternative[]; destroysTarget?: true } {
  let ws = [...words];
  let destroysTarget: true | undefined;
  for (const tail of [['and', 'would', 'destroy', 'it'], ['and', 'destroys', 'it'], ['and', 'would', 'destroy', 'that', 'target']]) {
    const at = ws.length - tail.length;
    if (at >= 0 && tail.every((w, k) => ws[at + k] === w)) {
      destroysTarget = true;
      ws = ws.slice(0, at);
      break;
    }
  }
  // Alternatives: split at an `or` that starts another counted filter (`or exactly 1 ...`, `or 1 ...`).
  const parts: string[][] = [[]];
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] === 'or' && (ws[i + 1] === 'exactly' || /^\d+$/.test(ws[i + 1] ?? ''))) parts.push([]);
    else parts[parts.length - 1].push(ws[i]);
  }
  const last = parts[parts.length - 1];
  const tail = CONTROLLER_TAILS.find((t) => last.length > t.length && t.every((w, k) => last[last.length - t.length + k] === w));
  const alternatives = parts.map((p) => {
    let count: number | undefined;
    if (p[0] === 'exactly' && /^\d+$/.test(p[1] ?? '')) {
      count = Number(p[1]);
      p = p.slice(2);
    }
    // The controller said after the last alternative is every alternative's.
    const own = tail && !CONTROLLER_TAILS.some((t) => p.join(' ').includes(t.join(' '))) ? [...p, ...tail] : p;
    return { filter: parseFilter(own), ...(count !== undefined ? { count } : {}) };
  });
  return { alternatives, ...(destroysTarget ? { destroysTarget } : {}) };
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
