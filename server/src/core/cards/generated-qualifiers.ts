// The qualifiers a card script's condition states of an effect's event (read by the generator,
// scripts/lib/lua-facts.js conditionQualifiers; codes in docs/cards.md), written as words of the event
// vocabulary, so that the engine checks them as it checks a hand-written event phrase: whose (`opponent
// special summons`), which card (`a link monster your opponent controls`), how (`link summoned`), from where
// (`from deck`), by what (`by card effect`), and when not (`except during the draw phase`). What the generator
// could not read of a condition stays `under script condition` / `qualifying`: words the library cannot read,
// which the engine never takes as met silently (the unknown-card-fact route).
import type { CardFilter, StateCondition } from './types';
import { RACES } from './vocabulary';
import { canonicalConditionFilter } from './vocabulary/conditions';

const ZONES: Record<string, string> = { D: 'deck', G: 'gy', H: 'hand', M: 'field', S: 'field', B: 'banished', X: 'extra' };
const METHODS = new Set(['link', 'synchro', 'xyz', 'fusion', 'ritual']);

/** Lua race names (`RACE_WINGEDBEAST`, lower-cased by the generator) as the vocabulary's races. */
function raceWord(lua: string): string | undefined {
  return RACES.find((r) => r.replace(/[ -]/g, '') === lua && !r.includes(' '));
}

/** The qualifiers of one effect record's event field (`spsummon_success|h:link|!`). */
export interface Qualifiers {
  codes: string[];
  /** `!`: the script's condition was read whole: it is exactly these qualifiers. */
  complete: boolean;
}

export function splitEvent(field: string): { event: string; qualifiers: Qualifiers } {
  const [event, ...rest] = field.split('|');
  return { event: event ?? '', qualifiers: { codes: rest.filter((c) => c !== '!'), complete: rest.includes('!') } };
}

/** A phrase and whether every qualifier went into it (else the rest is `under script condition`). */
interface Phrased {
  phrase: string;
  read: boolean;
}

const code = (q: Qualifiers, key: string) => q.codes.find((c) => c.startsWith(`${key}:`))?.slice(key.length + 1);

/**
 * The filter words of the codes that pick a card: `a level 4 or lower light beast link monster your opponent
 * controls`; `qualifying` first where the script's condition was not read whole (a word the library cannot read).
 */
function filterWords(q: Qualifiers, noun: 'card' | 'monster', used: Set<string>): string {
  const words: string[] = q.complete ? [] : ['qualifying'];
  if (q.codes.includes('u')) {
    words.push('face-up');
    used.add('u');
  }
  // Face-down (`fd`: a face-down monster is in Defense Position).
  if (q.codes.includes('fd')) {
    words.push('face-down');
    used.add('fd');
  }
  // An archetype (`s:Name`, spaces written `_`): `a "Fiendsmith" monster`.
  for (const c of q.codes.filter((x) => x.startsWith('s:'))) {
    words.push(`"${c.slice(2).replace(/_/g, ' ')}"`);
    used.add(c);
  }
  const level = code(q, 'l');
  if (level) {
    words.push(level.startsWith('-') ? `level ${level.slice(1)} or lower` : level.endsWith('-') ? `level ${level.slice(0, -1)} or higher` : `level ${level}`);
    used.add(`l:${level}`);
  }
  const attribute = code(q, 'a');
  if (attribute) {
    words.push(attribute);
    used.add(`a:${attribute}`);
  }
  const race = code(q, 'r');
  const raceW = race && raceWord(race);
  if (raceW) {
    words.push(raceW);
    used.add(`r:${race}`);
  }
  const type = code(q, 't');
  const kind = code(q, 'k');
  let head: string = noun;
  if (type && ['link', 'xyz', 'synchro', 'fusion', 'ritual', 'pendulum', 'tuner', 'effect', 'normal'].includes(type)) {
    words.push(type);
    head = 'monster';
    used.add(`t:${type}`);
  }
  if (level || race) head = 'monster';
  if (kind) {
    head = kind === 'm' ? 'monster' : kind === 's' ? 'spell' : 'trap';
    used.add(`k:${kind}`);
  }
  const controller = code(q, 'c');
  if (controller) used.add(`c:${controller}`);
  const whose = controller === 'o' ? ' your opponent controls' : controller === 'y' ? ' you control' : '';
  // `n`: a card of the event other than this one (`eg:IsExists(f,1,e:GetHandler())`, `not eg:IsContains(c)`).
  const other = q.codes.includes('n') ? ' other than this card' : '';
  if (other) used.add('n');
  const first = words[0] ?? head;
  const article = /^[aeiou]/.test(first) ? 'an' : 'a';
  return `${article} ${[...words, head].join(' ')}${whose}${other}`;
}

/** The verb qualifiers after a card event's verb: `from deck`, `by card effect`, `except during the draw phase`. */
function verbQualifiers(q: Qualifiers, used: Set<string>, verb: string): string {
  const out: string[] = [];
  const from = code(q, 'f');
  // From either zone (`f:D` and `f:M`: "sent from the Deck or the field"): `from deck or field`.
  const froms = [...new Set(q.codes.filter((c) => c.startsWith('f:') && ZONES[c.slice(2)]))];
  // "Leaves the field" is from the field: no words ("a card leaves the field from field").
  if (from === 'M' && verb.startsWith('leaves')) used.add('f:M');
  else if (froms.length > 1) {
    out.push(`from ${[...new Set(froms.map((c) => ZONES[c.slice(2)]))].join(' or ')}`);
    froms.forEach((c) => used.add(c));
  } else if (from && ZONES[from]) {
    out.push(`from ${ZONES[from]}`);
    used.add(`f:${from}`);
  }
  const by = code(q, 'b');
  const player = code(q, 'p');
  // "Destroyed (by battle or card effect)": what destruction is, besides by a cost or the rules; no words.
  if (by === 'be' && verb.startsWith('destroyed')) {
    used.add('b:be');
    return verbQualifiersAfterBy(q, used, verb, out);
  }
  if (by === 'be') return verbQualifiersAfterBy(q, used, verb, out);
  if (by) {
    const whose = player === 'o' ? "opponent's " : player === 'y' ? 'your ' : '';
    if (by === 'e') out.push(`by ${whose}card effect`);
    else if (!whose && !verb.includes('by battle')) out.push('by battle');
    used.add(`b:${by}`);
    if (whose && by === 'e') used.add(`p:${player}`);
  }
  return verbQualifiersAfterBy(q, used, verb, out);
}

function verbQualifiersAfterBy(q: Qualifiers, used: Set<string>, verb: string, out: string[]): string {
  if (q.codes.includes('g') && (verb === 'destroyed' || verb === 'destroyed by battle')) {
    out.push('and sent to gy');
    used.add('g');
  }
  if (q.codes.includes('nd') || q.codes.includes('ndD')) {
    out.push(q.codes.includes('ndD') ? 'except during the draw phase or damage step' : 'except during the draw phase');
    used.add(q.codes.includes('ndD') ? 'ndD' : 'nd');
  }
  // Sent as a cost (`co`): "as cost" (a card moved by a cost, not by an effect).
  if (q.codes.includes('co') && !verb.includes('summoned')) {
    out.push('as cost');
    used.add('co');
  }
  // "(except during the Damage Step)", read from the text (the script only leaves its Damage Step flag off).
  if (q.codes.includes('nDS')) {
    out.push('except during the damage step');
    used.add('nDS');
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

const SUMMON_KINDS: Record<string, string> = { summon_success: 'normal', spsummon_success: 'special', flip_summon_success: 'flip', summoned: '', normal_or_special_summoned: 'normal or special', normal_or_flip_summoned: 'normal or flip' };

/** This card's event (`base`: its phrase in the vocabulary, `special summoned`) with its qualifiers. */
export function selfEventPhrase(event: string, base: string, q: Qualifiers): Phrased {
  const used = new Set<string>();
  let verb = base;
  const how = code(q, 'h');
  if (how && event in SUMMON_KINDS && (METHODS.has(how) || how === 'tribute')) {
    verb = `${how} summoned`;
    used.add(`h:${how}`);
  }
  // "If Summoned this way" (SUMMON_TYPE_SPECIAL+1): by its own procedure (`h:proc`) or its own effect (`h:own`).
  if ((how === 'proc' || how === 'own') && event === 'spsummon_success') {
    verb = `${verb} by its own ${how === 'proc' ? 'procedure' : 'effect'}`;
    used.add(`h:${how}`);
  }
  verb = battleVerb(event, verb, q, used);
  // Destroyed (by whatever) and then in the GY: "destroyed and sent to the GY".
  if (event === 'to_grave' && q.codes.includes('d')) {
    verb = 'destroyed';
    used.add('d');
    if (!q.codes.includes('g')) q = { ...q, codes: [...q.codes, 'g'] };
  }
  if (event === 'to_grave') used.add('g');
  // Sent from the hand by a discard: "discarded" (from the hand goes without saying).
  if (event === 'to_grave' && q.codes.includes('dc')) {
    verb = 'discarded';
    used.add('dc');
    if (code(q, 'f') === 'H') used.add('f:H');
    q = { ...q, codes: q.codes.filter((c) => c !== 'f:H') };
  }
  // Material for one kind of Summon (`h:synchro`): "used as synchro material".
  if (event === 'be_material' && how && METHODS.has(how)) {
    verb = `used as ${how} material`;
    used.add(`h:${how}`);
  }
  // This card's battle damage is its controller's opponent's: "inflicts battle damage" says it.
  if (event === 'battle_damage' && code(q, 'ep') === 'o') used.add('ep:o');
  // "By a direct attack" (`da`: the script checks the attack had no target).
  if (event === 'battle_damage' && q.codes.includes('da')) {
    verb = `${verb} by a direct attack`;
    used.add('da');
  }
  // "This card you control" (`c:y`, the script's IsPreviousControler): who controlled it as it moved. From the hand, the
  // Deck or the GY it was its owner's, whose effect this is: `c:y` says nothing more there.
  const controller = code(q, 'c');
  const fromOffField = ['H', 'D', 'G'].includes(code(q, 'f') ?? '');
  const moved = MOVE_EVENTS.has(event) && (controller === 'o' || (controller === 'y' && !fromOffField));
  if (moved || (controller === 'y' && fromOffField)) used.add(`c:${controller}`);
  const subject = moved ? `this card ${controller === 'y' ? 'you control' : 'your opponent controls'} ${verb.startsWith('leaves') ? '' : 'is '}` : '';
  const phrase = `${subject}${verb}${verbQualifiers(q, used, verb)}`;
  return { phrase, read: q.complete && q.codes.every((c) => used.has(c)) };
}

/** This card's events that move it (a controller before the move is what "this card you control" says). */
const MOVE_EVENTS = new Set(['to_grave', 'destroyed', 'battle_destroyed', 'remove', 'to_hand', 'to_deck', 'leave_field', 'release']);

/**
 * A monster that destroyed one by battle: an opponent's monster (`ob`, the script's STATUS_OPPO_BATTLE), and as the
 * attacker (`at`, the text's "attacked and destroyed": EDOPro does not check it).
 */
function battleVerb(event: string, verb: string, q: Qualifiers, used: Set<string>): string {
  if (event !== 'battle_destroying') return verb;
  let out = verb;
  if (q.codes.includes('ob')) {
    out = out.replace('destroys a monster by battle', "destroys an opponent's monster by battle");
    used.add('ob');
  }
  if (q.codes.includes('at')) {
    out = out.replace(/\bdestroys\b/, 'attacks and destroys');
    used.add('at');
  }
  // The monster it destroyed went to the GY (`g`: its battle target in the GY): "... and sends it to gy".
  if (q.codes.includes('g') && out.endsWith('by battle')) {
    out = `${out} and sends it to gy`;
    used.add('g');
  }
  return out;
}

/** Other cards' events (a field effect): `opponent special summons a link monster`, `a monster you control is destroyed`. */
export function otherEventPhrase(event: string, base: string, q: Qualifiers): Phrased {
  const used = new Set<string>();
  const player = code(q, 'p');
  const how = code(q, 'h');
  if (event in SUMMON_KINDS && q.codes.length) {
    const kind = how && (METHODS.has(how) || how === 'tribute') ? how : SUMMON_KINDS[event];
    if (how) used.add(`h:${how}`);
    const subject = filterWords(q, 'monster', used);
    const verbQ = verbQualifiers({ ...q, codes: q.codes.filter((c) => !c.startsWith('b:')) }, used, 'summoned');
    if (player) {
      used.add(`p:${player}`);
      const actor = player === 'o' ? 'opponent' : 'you';
      const verb = player === 'o' ? 'summons' : 'summon';
      return { phrase: `${actor} ${kind ? `${kind} ` : ''}${verb} ${subject}${verbQ}`, read: complete(q, used) };
    }
    return { phrase: `${subject} is ${kind ? `${kind} ` : ''}summoned${verbQ}`, read: complete(q, used) };
  }
  // Damage: who took it (`ep`); without it, either player.
  if (event === 'damage' || event === 'battle_damage') {
    const who = code(q, 'ep');
    if (who) used.add(`ep:${who}`);
    const direct = event === 'battle_damage' && q.codes.includes('da') ? ' by a direct attack' : '';
    if (direct) used.add('da');
    const what = `${event === 'battle_damage' ? 'battle damage' : 'damage'}${direct}`;
    return { phrase: who === 'o' ? `opponent takes ${what}` : who === 'y' ? `you take ${what}` : `a player takes ${what}`, read: complete(q, used) };
  }
  // A monster targeted for an attack (EVENT_BE_BATTLE_TARGET): the attack, and its target's filter ("When a face-up
  // "Destiny HERO" monster you control is targeted for an attack").
  if (event === 'be_battle_target' && q.codes.length) {
    const target = filterWords(q, 'monster', used);
    const controller = code(q, 'c');
    const actor = controller === 'y' ? 'opponent declares' : controller === 'o' ? 'you declare' : 'a player declares';
    return { phrase: `${actor} an attack targeting ${target}`, read: complete(q, used) };
  }
  // An attack declared: by the opponent's monster (`p:o`), a direct attack (`da`).
  if (event === 'attack_announce') {
    const player = code(q, 'p');
    if (player === 'o') used.add('p:o');
    const direct = q.codes.includes('da');
    if (direct) used.add('da');
    const attack = direct ? 'a direct attack' : 'an attack';
    return { phrase: player === 'o' ? `opponent declares ${attack}` : direct ? `a player declares ${attack}` : base, read: complete(q, used) };
  }
  // `a qualifying card is destroyed`: the subject from the codes, the verb from the vocabulary's phrase.
  const m = /^a qualifying (card|monster) (is |leaves|destroys)(.*)$/.exec(base);
  if (!m || !q.codes.length) return { phrase: base, read: q.complete && !q.codes.length && !base.includes('qualifying') };
  // `G:o`, in the opponent's GY: the vocabulary says it as a card the opponent controls (as the reader did before `G:`).
  if (event === 'to_grave') q = { ...q, codes: q.codes.map((c) => (c === 'G:o' ? 'c:o' : c)) };
  const subject = filterWords(q, m[1] as 'card' | 'monster', used);
  let verb = battleVerb(event, `${m[2]}${m[3]}`.trim(), q, used);
  if (event === 'to_grave' && q.codes.includes('d')) {
    verb = 'is destroyed';
    used.add('d');
    q = { ...q, codes: [...q.codes, 'g'] };
  }
  if (event === 'to_grave') used.add('g');
  // `G:y`: in your GY now, the GY of the card's owner ("sent to your GY": Vanity's Emptiness).
  const gy = code(q, 'G');
  if (event === 'to_grave' && gy && verb === 'is sent to gy') {
    verb = gy === 'y' ? 'is sent to your gy' : verb;
    if (gy === 'y') used.add('G:y');
  }
  const phrase = `${subject} ${verb}${verbQualifiers(q, used, verb.replace(/^is /, ''))}`;
  return { phrase, read: complete(q, used) };
}

function complete(q: Qualifiers, used: Set<string>): boolean {
  return q.complete && q.codes.every((c) => used.has(c));
}

/** What a Quick Effect or a Spell/Trap answers on an activation (EVENT_CHAINING): `opponent activates a monster effect`. */
export function activationPhrase(q: Qualifiers): Phrased {
  const used = new Set<string>();
  const player = code(q, 'p');
  const xs = q.codes.filter((c) => c.startsWith('x:')).map((c) => c.slice(2));
  xs.forEach((x) => used.add(`x:${x}`));
  let what = 'a card or effect';
  const zone = code(q, 'z');
  if (zone === 'M') used.add('z:M');
  const where = zone === 'M' ? ' on the field' : '';
  if (xs.length === 1 && xs[0] === 'ma') what = 'a monster effect or spell or trap card';
  else if (xs.length === 2 && xs.includes('s') && xs.includes('t')) what = 'a spell or trap';
  else if (xs.length === 1 && xs[0] === 'm') what = 'a monster effect';
  else if (xs.length === 1 && xs[0] === 's') what = 'a spell';
  else if (xs.length === 1 && xs[0] === 't') what = 'a trap';
  else if (xs.length === 1 && xs[0] === 'a') what = 'a spell or trap card';
  else if (xs.length === 2 && xs.includes('a') && (xs.includes('s') || xs.includes('t'))) what = xs.includes('s') ? 'a spell card' : 'a trap card';
  else if (xs.length) return { phrase: 'card or effect activated', read: false };
  if (player) used.add(`p:${player}`);
  const targets = `${includingWords(q, used)}${targetWords(q, used)}`;
  const phrase = player === 'o' ? `opponent activates ${what}${where}${targets}` : player === 'y' ? `you activate ${what}${where}${targets}` : what === 'a card or effect' ? `card or effect activated${where}${targets}` : `${what.replace(/^an? /, '')} activated${where}${targets}`;
  return { phrase, read: complete(q, used) };
}

/** What the activation would do (`i:destroy`, its operation info): ` including destroy`. */
function includingWords(q: Qualifiers, used: Set<string>): string {
  const all = q.codes.filter((c) => c.startsWith('i:'));
  all.forEach((c) => used.add(c));
  // `i:destroy_on_field` says more than `i:destroy` of the same operation: the plain word goes.
  const words = all.filter((c) => !all.some((x) => x !== c && x.startsWith(`${c}_on_`)));
  return words.length ? ` including ${words.map((c) => c.slice(2).replace(/_/g, ' ')).join(' or ')}` : '';
}

/** The codes that are no filter of the target: `T1` exactly one, `Td` it destroys its target, `TA:` alternatives. */
const TARGET_DETAILS = new Set(['T1', 'Td']);

/**
 * What the activation targets (`xt`, and the filter of its targets as `T`-prefixed codes): ` that targets a monster
 * you control`; '' where the condition says nothing of its targets. `T1`: ` exactly 1`; `TA:` alternatives of the
 * filter (`exactly 1 "ninja" card or exactly 1 face-down monster you control`: the controller said once, after
 * the last); `Td` with `D1` (what it destroys is exactly its one target): ` and would destroy it`.
 */
function targetWords(q: Qualifiers, used: Set<string>): string {
  const codes = q.codes.filter((c) => c.startsWith('T') && !TARGET_DETAILS.has(c) && !c.startsWith('TA:')).map((c) => c.slice(1));
  const alternatives = q.codes.find((c) => c.startsWith('TA:'));
  const details = q.codes.some((c) => TARGET_DETAILS.has(c));
  if (!codes.length && !alternatives && !details && !q.codes.includes('xt')) return '';
  used.add('xt');
  const exactly = q.codes.includes('T1') ? 'exactly 1 ' : '';
  if (exactly) used.add('T1');
  const destroysIt = q.codes.includes('Td') && q.codes.includes('D1');
  if (destroysIt) ['Td', 'D1'].forEach((c) => used.add(c));
  const tail = destroysIt ? ' and would destroy it' : '';
  const inner = new Set<string>();
  if (alternatives) {
    // Each alternative with the codes every one shares (whose card it is: said once, after the last).
    let sides: string[][];
    try {
      sides = JSON.parse(decodeURIComponent(alternatives.slice(3))) as string[][];
    } catch {
      return ` that targets ${exactly}${filterWords({ codes, complete: true }, 'card', inner)}${tail}`;
    }
    used.add(alternatives);
    const shared = codes.filter((c) => !c.startsWith('c:'));
    const controller = codes.find((c) => c.startsWith('c:'));
    const words = sides.map((side, k) => filterWords({ codes: [...side, ...shared, ...(controller && k === sides.length - 1 ? [controller] : [])], complete: true }, 'card', inner).replace(/^an? /, ''));
    for (const c of inner) used.add(`T${c}`);
    return ` that targets ${words.map((w) => `${exactly || 'a '}${w}`).join(' or ')}${tail}`;
  }
  const words = filterWords({ codes, complete: true }, 'card', inner);
  for (const c of inner) used.add(`T${c}`);
  return ` that targets ${exactly ? `${exactly}${words.replace(/^an? /, '')}` : words}${tail}`;
}

/**
 * The state conditions of a record's `C:` codes (scripts/lib/lua-facts.js stateConditions: the condition as JSON,
 * archetypes and cards already named by the generator), in the card model's one form; a code not read is left out
 * (and the record's `!` is then absent: the rest of the condition stays assumed, with its note).
 */
/** A condition's filter in the card model's form: Lua races as words (a race read from the text is one already). */
function conditionFilter(f: CardFilter): CardFilter | undefined {
  const races = f.races?.map((r) => raceWord(r) ?? (RACES.includes(r) ? r : undefined));
  if (races && !races.every(Boolean)) return undefined;
  return canonicalConditionFilter({ ...f, ...(races ? { races: races as string[] } : {}) });
}

export function stateConditionsOf(codes: readonly string[], prefix = 'C:'): { conditions: StateCondition[]; unread: boolean } {
  const out: StateCondition[] = [];
  let unread = false;
  for (const code of codes) {
    if (!code.startsWith(prefix)) continue;
    let c: StateCondition;
    try {
      c = JSON.parse(decodeURIComponent(code.slice(2))) as StateCondition;
    } catch {
      unread = true;
      continue;
    }
    if (c.kind === 'controls' || c.kind === 'holds' || (c.kind === 'self' && c.filter)) {
      const filter = conditionFilter(c.filter!);
      const except = c.kind === 'controls' && c.except ? conditionFilter(c.except) : undefined;
      // A Lua race the vocabulary has no word for (RACE_DIVINE): the condition is not read.
      if (!filter || (c.kind === 'controls' && c.except && !except)) {
        unread = true;
        continue;
      }
      c = { ...c, filter, ...(except ? { except } : {}) } as StateCondition;
    }
    out.push(c);
  }
  return { conditions: out, unread };
}
