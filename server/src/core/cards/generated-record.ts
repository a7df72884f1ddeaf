// One record of the generated library (server/cards/generated/cards.tsv, written by
// scripts/cards/generate.js; fields in docs/cards.md) read into CardFacts, the form every source of cards
// produces: the engine's card is built from them by makeCard, and `segoc card "Name"` prints them with the
// one printer (to-segoc.ts), so what a judge copies into a file to correct is exactly what the engine used.
// Whatever the facts leave open is stated with words outside the vocabulary (`script condition`,
// `script event ...`): the engine then assumes there and says so, rather than guessing.
import { readRestriction } from './vocabulary/restrictions';
import type { Restriction, StateCondition } from './types';
import { SET_TURN } from '../infer/set-turn';
import { Range } from '../text';
import type { Zone } from '../syntax/ast';
import { CardFacts, EffectFacts, makeCard } from './facts';
import { factsFromSegoc, readPhrase } from './from-segoc';
import { parse } from '../syntax/parser';
import { quoteName } from '../syntax/quote';
import { AssumedNote, assumedNote, CardInfo, CardOrigin, EffectAction, EventPattern, HAND_CONDITION, TEXT_ONLY } from './types';
import { ABILITIES, ATTRIBUTES, interpretEvent, interpretModifier, interpretPhaseTime, RACES } from './vocabulary';
import { archetypeLines, printEffectLine, quoted } from './to-segoc';
import { actionsFromCategories, witnessedParts } from './generated-actions';
import { activationPhrase, otherEventPhrase, Qualifiers, selfEventPhrase, splitEvent, stateConditionsOf } from './generated-qualifiers';

/** The fields of one record, as the generator wrote them. */
export interface GeneratedRecord {
  passcode: string;
  name: string;
  japanese: string;
  portuguese: string;
  /** `M:Zombie/Tuner/Effect`, `S:Quick-Play`, `T:Counter`. */
  type: string;
  attribute: string;
  /** `L4`, `R4` (rank), `K2` (link rating). */
  level: string;
  atk: string;
  def: string;
  scale: string;
  /** `b` TCG and OCG, `t` TCG only, `o` OCG only, `-` not yet released. */
  released: string;
  archetypes: string[];
  /** `s` facts from the card's script, `n` a Normal Monster, `t` no script found: effects read from its text alone, `-` none. */
  effectSource: string;
  /** Helper procedures and what they leave open (`?` first: the engine assumes there). */
  notes: string[];
  /** The script's effect records (`s`). */
  effects: string[];
  /** `t`: the text inference's effect lines, words of the card language (`trigger optional if ..., does ...`). */
  textLines: string[];
  /** The card's id in Konami's card database (`cid`), '' when the sources give none. */
  konamiId: string;
}

export function readRecord(line: string, japanese: string): GeneratedRecord {
  const f = line.split('\t');
  const list = (s: string | undefined) => (s ? s.split(';') : []);
  return {
    passcode: f[0],
    name: f[1],
    portuguese: f[2] ?? '',
    japanese,
    type: f[3] ?? '',
    attribute: f[4] ?? '',
    level: f[5] ?? '',
    atk: f[6] ?? '',
    def: f[7] ?? '',
    scale: f[8] ?? '',
    released: f[9] ?? '',
    archetypes: list(f[10]),
    effectSource: f[11] ?? '',
    notes: list(f[12]),
    effects: f[11] === 't' ? [] : list(f[13]),
    textLines: f[11] === 't' ? list(f[13]) : [],
    konamiId: f[14] ?? '',
  };
}

const SPELL_TRAP: Record<string, string> = {
  'S:Normal': 'normal spell',
  'S:Quick-Play': 'quick-play spell',
  'S:Continuous': 'continuous spell',
  'S:Field': 'field spell',
  'S:Equip': 'equip spell',
  'S:Ritual': 'ritual spell',
  'T:Normal': 'normal trap',
  'T:Continuous': 'continuous trap',
  'T:Counter': 'counter trap',
};

/** The card type of a record (`effect monster`, `quick-play spell`): its card's `cardType`, without building it. */
export function generatedCardType(r: Pick<GeneratedRecord, 'type'>): string {
  if (!r.type.startsWith('M:')) return SPELL_TRAP[r.type] ?? (r.type.startsWith('S:') ? 'normal spell' : 'normal trap');
  const parts = r.type.slice(2).split('/');
  const has = (p: string) => parts.includes(p);
  return has('Link') ? 'link monster' : has('Xyz') ? 'xyz monster' : has('Synchro') ? 'synchro monster' : has('Fusion') ? 'fusion monster' : has('Ritual') ? 'ritual monster' : has('Normal') && !has('Effect') ? 'normal monster' : 'effect monster';
}

/** The card type, monster type, abilities, attribute, level and stats of a record (only words of the vocabulary). */
function typeFacts(r: GeneratedRecord, facts: CardFacts): void {
  if (!r.type.startsWith('M:')) return;
  const parts = r.type.slice(2).split('/');
  const race = parts[0]?.toLowerCase();
  if (race && RACES.includes(race)) facts.races!.push(race.replace(' ', '-'));
  for (const p of parts.slice(1)) if (ABILITIES.includes(p.toLowerCase())) facts.abilities!.push(p.toLowerCase());
  const attribute = r.attribute.toLowerCase();
  if (attribute && ATTRIBUTES.includes(attribute)) facts.attributes!.push(attribute);
  // `L4` a Level, `R4` a Rank, `K2` a Link Rating: three facts, so that a Level filter never takes an Xyz or Link Monster.
  const n = r.level.slice(1);
  const stat = ({ L: 'level', R: 'rank', K: 'link' } as const)[r.level[0] as 'L' | 'R' | 'K'];
  if (stat && /^\d+$/.test(n)) facts[stat] = Number(n);
  if (/^\d+$/.test(r.scale)) facts.scale = Number(r.scale);
  if (/^\d+$/.test(r.atk)) facts.atk = Number(r.atk);
  if (/^\d+$/.test(r.def)) facts.def = Number(r.def);
}

/** This card's events (a single effect) in the vocabulary. */
const SELF_EVENTS: Record<string, string> = {
  summoned: 'summoned',
  normal_or_special_summoned: 'normal or special summoned',
  normal_or_flip_summoned: 'normal or flip summoned',
  summon_success: 'normal summoned',
  spsummon_success: 'special summoned',
  flip_summon_success: 'flip summoned',
  to_grave: 'sent to gy',
  destroyed: 'destroyed',
  battle_destroyed: 'destroyed by battle',
  remove: 'banished',
  to_hand: 'added to hand',
  leave_field: 'leaves the field',
  be_material: 'used as material',
  release: 'tributed',
  flip: 'flipped',
  be_battle_target: 'attacked',
  attack_announce: 'declares an attack',
  battle_destroying: 'destroys a monster by battle',
  battle_damage: 'inflicts battle damage',
  battled: 'battles',
  damage_step_end: 'battles',
  // EVENT_BATTLE_START, the start of the Damage Step: "at the start of the Damage Step if this card battles" (Serket).
  battle_start: 'battles',
};

/** Other cards' events (a field effect): which cards is left open (`qualifying`), so it is assumed. */
const OTHER_EVENTS: Record<string, string> = {
  summoned: 'a qualifying monster is summoned',
  normal_or_special_summoned: 'a qualifying monster is normal or special summoned',
  normal_or_flip_summoned: 'a qualifying monster is normal or flip summoned',
  summon_success: 'a qualifying monster is normal summoned',
  spsummon_success: 'a qualifying monster is special summoned',
  flip_summon_success: 'a qualifying monster is flip summoned',
  to_grave: 'a qualifying card is sent to gy',
  destroyed: 'a qualifying card is destroyed',
  battle_destroyed: 'a qualifying monster is destroyed by battle',
  remove: 'a qualifying card is banished',
  to_hand: 'a qualifying card is added to hand',
  leave_field: 'a qualifying card leaves the field',
  release: 'a qualifying card is tributed',
  attack_announce: 'an attack is declared',
  be_battle_target: 'an attack is declared',
  damage: 'a player takes damage',
  battle_damage: 'a player takes battle damage',
  // EVENT_BATTLE_DESTROYING: "if a Spellcaster monster you control destroyed an opponent's monster by battle" (Enlightenment).
  battle_destroying: 'a qualifying monster destroys a monster by battle',
};

/**
 * What a Spell/Trap activation or a Quick Effect answers. (A trigger on an activation, or on a Summon being
 * attempted, is not in the vocabulary of trigger events: it stays a `script event`, assumed.)
 */
const RESPONDS: Record<string, string> = {
  ...OTHER_EVENTS,
  chaining: 'card or effect activated',
  summon: 'normal summon',
  spsummon: 'special summon',
  flip_summon: 'flip summon',
  summon_success: 'a monster is normal summoned',
  spsummon_success: 'a monster is special summoned',
  flip_summon_success: 'a monster is flip summoned',
};

const PHASES: Record<string, string> = {
  phase_end: 'during the end phase',
  phase_standby: 'during the standby phase',
  phase_draw: 'during the draw phase',
  phase_battle: 'at end of battle phase',
};

/** Activation windows (R37) by their code in a record: whose turn (`o`, `y`, `e` either) and phase (`m` Main, `b` Battle). */
export const WINDOWS: Readonly<Record<string, string>> = {
  o: "during the opponent's turn",
  om: "during the opponent's main phase",
  ob: "during the opponent's battle phase",
  y: 'during your turn',
  ym: 'during your main phase',
  yb: 'during your battle phase',
  em: 'during the main phase',
  eb: 'during the battle phase',
  omb: "during the opponent's main phase or battle phase",
  ymb: 'during your main phase or battle phase',
  emb: 'during the main phase or battle phase',
  // Moments the text states ("Activate only during the Damage Step", "at the end of the Damage Step", "At the end of
  // the Battle Phase", "At the start of your Main Phase 1"): read from the text by the generator (withTextWindows).
  ed: 'during the damage step',
  ede: 'during the end of the damage step',
  eeb: 'during the end of the battle phase',
  ys1: 'during the start of your main phase 1',
};

/**
 * What a modal Spell/Trap's choice includes, by its letter in a record's choices field (`t`: it targets). The
 * generator writes them from the card text's choices ("Activate 1 of these effects"); no words of the text.
 */
export const CHOICE_INCLUDES: Readonly<Record<string, string>> = {
  S: 'search',
  U: 'deck summon',
  G: 'deck send',
  P: 'special summon',
  D: 'destroy',
  B: 'banish',
  W: 'draw',
  N: 'negate',
};

const ZONES: Record<string, string> = { H: 'hand', M: 'field', S: 'field', P: 'field', G: 'gy', B: 'banished', D: 'deck', X: 'extra' };

/**
 * The fields of one effect record: kind, mandatory, subject, timing, event, range, flags, categories, limit,
 * cost/condition, and where the text states one, the activation window and its source.
 */
interface EffectFields {
  kind: string;
  mandatory: boolean;
  self: boolean;
  timing: string;
  event: string;
  /** What the script's condition states of the event (generated-qualifiers.ts), `complete` where it was read whole. */
  qualifiers: Qualifiers;
  range: string;
  flags: string;
  categories: string[];
  limit: string;
  extra: string;
  window: string;
  windowSource: string;
  /** Activated the turn it was Set, as its text allows (R34): a code of SET_TURN. */
  setTurn: string;
  /** A modal card's activation: one code per choice (letters of CHOICE_INCLUDES, `t` targets, `-` nothing listed). */
  choices: string[];
  /** `s`: its text says it Special Summons this card (`summons itself`). */
  summonsItself: string;
  /**
   * The other events of one effect (`sent to gy or banished`): records of clones that change only the event and its
   * condition (`v`), each with what its own condition states (Serket: "Special Summoned, or ... battles an opponent's monster").
   */
  orEvents: Pick<EffectFields, 'event' | 'qualifiers' | 'extra'>[];
  /** What its text says it does, part by part, as far as the script witnesses it (generated-actions.ts partsCode). */
  does: string;
  /**
   * The other alternatives of one effect of the text (Horror House's "You: ... / Your opponent: ..."): records of clones
   * that change only the condition and what resolves (`w`); its parts and theirs are joined by `or`.
   */
  alternatives: EffectFields[];
  /** What its activation costs: codes joined by `+` (`Ds` discard itself, `L1000` pay 1000 LP; costPhrase). */
  cost: string;
  /** The state conditions the script's condition states (`C:` codes: while you control no monsters), R79. */
  conditions: StateCondition[];
  /** What must hold to activate it from the hand, as its text states it (`H:` codes), R79. */
  handConditions: StateCondition[];
  /** Whose turn the script's condition requires (`o`, `y`) and which phase (`m`, `m1`, `m2`, `b`). */
  scriptTurn?: string;
  scriptPhase?: string;
  /** `P:s`: only at the start of the phase (nothing done in it yet). */
  scriptStart?: boolean;
  /** Spell Speed 1 (an Ignition Effect, a Spell other than a Quick-Play's activation): only in its controller's turn. */
  speedOne?: boolean;
}

const SCRIPT_PHASES: Record<string, string> = { m: 'main phase', m1: 'main phase 1', m2: 'main phase 2', b: 'battle phase', eb: 'end of the battle phase' };

/**
 * The window a script's condition states (`during the opponent's battle phase`), where the text states none: `P:s`
 * (nothing done in the phase yet, `not Duel.CheckPhaseActivity()`) is its start (`during the start of your main phase 1`).
 */
function scriptWindow(e: EffectFields): string | undefined {
  const phase = e.scriptPhase && SCRIPT_PHASES[e.scriptPhase];
  if (!e.scriptTurn && !phase) return undefined;
  const whose = e.scriptTurn === 'o' ? "the opponent's" : e.scriptTurn === 'y' || e.speedOne ? 'your' : 'the';
  if (e.scriptPhase === 'eb') return 'during the end of the battle phase';
  // "At the start of Main Phase 1" is the turn player's (only the turn player acts at a phase's start).
  if (e.scriptStart && phase) return `during the start of ${whose === 'the' ? 'your' : whose} ${phase}`;
  return `during ${whose} ${phase ?? 'turn'}`;
}

function effectFields(s: string): EffectFields {
  const f = s.split(',');
  const { event, qualifiers: all } = splitEvent(f[4] ?? '');
  // Whose turn and which phase the script's condition checks (`W:`, `P:`): the effect's window, not its event's qualifiers.
  const turn = all.codes.find((c) => c.startsWith('W:'))?.slice(2);
  const phase = all.codes.find((c) => c.startsWith('P:') && c !== 'P:s')?.slice(2);
  const state = stateConditionsOf(all.codes);
  // `H:`: the text's condition on activating the card from the hand (scripts/cards/effects.js withHandActivation).
  const hand = stateConditionsOf(all.codes, 'H:');
  const qualifiers = { ...all, codes: all.codes.filter((c) => !c.startsWith('W:') && !c.startsWith('P:') && !c.startsWith('C:') && !c.startsWith('H:')), complete: all.complete && !state.unread };
  return {
    conditions: state.conditions,
    handConditions: hand.conditions,
    scriptTurn: turn,
    scriptPhase: phase,
    scriptStart: all.codes.includes('P:s'),
    kind: f[0],
    mandatory: f[1]?.[0] === 'm',
    self: f[2] !== 'f',
    timing: f[3] ?? '',
    event,
    qualifiers,
    range: f[5] ?? '',
    flags: f[6] ?? '',
    categories: f[7] ? f[7].split('+') : [],
    limit: f[8] ?? '',
    extra: f[9] ?? '',
    window: f[10] ?? '',
    windowSource: f[11] ?? '',
    setTurn: f[12] ?? '',
    choices: f[13] ? f[13].split('/') : [],
    summonsItself: f[14] ?? '',
    orEvents: [],
    alternatives: [],
    does: f[15] ?? '',
    cost: f[16] ?? '',
  };
}

const SUMMON_EVENTS = new Set(['summon_success', 'spsummon_success', 'flip_summon_success']);

/**
 * The event of triggers merged from several kinds of Summon, by the kinds (sorted): only the kinds the script
 * registers, so a trigger on a Normal or Special Summon is not met by a Flip Summon. A set the vocabulary has no
 * phrase for (Flip or Special, no script registers it) stays `summoned`.
 */
const MERGED_SUMMONS: Readonly<Record<string, string>> = {
  'flip_summon_success+spsummon_success+summon_success': 'summoned',
  'spsummon_success+summon_success': 'normal_or_special_summoned',
  'flip_summon_success+summon_success': 'normal_or_flip_summoned',
};

/**
 * A script often registers one effect of the card text as several effects: one per kind of Summon
 * (`e2` Normal, `e3=e2:Clone()` Special), or one per outcome of the same event (Gorz). Triggers alike
 * in everything but that are one effect: `summoned` for several kinds of Summon, the categories joined.
 */
function mergeTriggers(effects: EffectFields[]): EffectFields[] {
  const out: EffectFields[] = [];
  const kinds = new Map<EffectFields, Set<string>>();
  // The Damage Step flag may differ by kind of Summon (a Special Summon can happen there): joined, it is allowed.
  const targets = (e: EffectFields) => e.flags.includes('t');
  // Alike but for the event and what its condition says of it (a `v` clone keeps each event's own qualifiers).
  const sameBut = (a: EffectFields, b: EffectFields) =>
    a.kind === 'T' && b.kind === 'T' && a.mandatory === b.mandatory && a.self === b.self && a.timing === b.timing && a.range === b.range && targets(a) === targets(b) && a.limit === b.limit && a.scriptTurn === b.scriptTurn && a.scriptPhase === b.scriptPhase && sameLater(a, b);
  const same = (a: EffectFields, b: EffectFields) => sameBut(a, b) && sameQualifiers(a.qualifiers, b.qualifiers) && sameConditions(a, b);
  for (const e of effects) {
    // A clone that changes only its condition and what resolves (`w`): another alternative of the effect before it of
    // the same kind and zone (the generator marks it only where the text does not count it as an effect of its own).
    const alternativeOf = e.extra.includes('w') ? [...out].reverse().find((o) => o.kind === e.kind && o.range === e.range && o.event === e.event && o.limit === e.limit) : undefined;
    if (alternativeOf) {
      alternativeOf.alternatives.push(e);
      for (const f of e.flags) if (!alternativeOf.flags.includes(f)) alternativeOf.flags += f;
      continue;
    }
    // A clone that changes only its event and the condition on it (`v`): the same effect of the text, on either event.
    const original = e.extra.includes('v') ? [...out].reverse().find((o) => sameBut(o, e) && o.event !== e.event && !SUMMON_EVENTS.has(e.event)) : undefined;
    if (original) {
      if (!original.orEvents.some((o) => o.event === e.event)) original.orEvents.push({ event: e.event, qualifiers: e.qualifiers, extra: e.extra });
      for (const f of e.flags) if (!original.flags.includes(f)) original.flags += f;
      for (const c of e.categories) if (!original.categories.includes(c)) original.categories.push(c);
      if (e.does && !original.does) original.does = e.does;
      continue;
    }
    const into = out.find((o) => same(o, e) && (o.event === e.event || (kinds.has(o) && SUMMON_EVENTS.has(e.event))));
    if (!into) {
      const copy = { ...e, categories: [...e.categories], orEvents: [], alternatives: [] };
      out.push(copy);
      if (SUMMON_EVENTS.has(e.event)) kinds.set(copy, new Set([e.event]));
      continue;
    }
    const summons = kinds.get(into);
    if (summons && !summons.has(e.event)) {
      summons.add(e.event);
      into.event = MERGED_SUMMONS[[...summons].sort().join('+')] ?? 'summoned';
    }
    for (const f of e.flags) if (!into.flags.includes(f)) into.flags += f;
    for (const c of e.categories) if (!into.categories.includes(c)) into.categories.push(c);
    if (e.extra.includes('k') && !into.extra.includes('k')) into.extra += 'k';
    if (e.summonsItself && !into.summonsItself) into.summonsItself = e.summonsItself;
  }
  return out;
}

/** What the extra letters say of an effect granted to another card or lingering (R68, R69): `x`, `f`, `m`, `l`. */
function laterOf(extra: string): { granted?: EffectFacts['granted']; lingering: boolean } {
  const granted = extra.includes('x') ? 'as-material' : extra.includes('f') ? 'face-up' : extra.includes('m') ? 'used-as-material' : undefined;
  return { granted, lingering: extra.includes('l') };
}

/** Whether two records are alike in being granted or lingering (a granted copy of a trigger is no clone of it). */
function sameLater(a: EffectFields, b: EffectFields): boolean {
  const x = laterOf(a.extra);
  const y = laterOf(b.extra);
  return x.granted === y.granted && x.lingering === y.lingering;
}

function sameQualifiers(a: Qualifiers, b: Qualifiers): boolean {
  return a.complete === b.complete && a.codes.join('|') === b.codes.join('|');
}

function sameConditions(a: EffectFields, b: EffectFields): boolean {
  return JSON.stringify(a.conditions) === JSON.stringify(b.conditions);
}

/** Whether an effect has a condition in its script that the generator could not read whole. */
function unreadCondition(e: EffectFields): boolean {
  return e.extra.includes('k') && !e.qualifiers.complete;
}

/** `includes ...` of an effect, from its categories (and, for the Deck, the card's operation infos). */
function includes(e: EffectFields, cardDeck: string[]): string[] {
  const c = new Set(e.categories);
  // Where the generator read the effect's own target function (`d`), its own Deck operations: an Extra Deck Summon
  // does not get the Main Deck's `deck summon` of another effect of the card.
  const own = /d([ug]*)/.exec(e.extra.replace(/[ckrRqQx]/g, ''));
  const deck = own ? [...(own[1].includes('u') ? ['deck-summon'] : []), ...(own[1].includes('g') ? ['deck-send'] : [])] : cardDeck;
  const out: string[] = [];
  if (c.has('search')) out.push('search');
  if (c.has('special_summon')) out.push(deck.includes('deck-summon') ? 'deck summon' : 'special summon');
  // CATEGORY_DECKDES is sending from the Deck to the GY whatever the operation infos name (Raiden's "send the top 2
  // cards of your Deck"); CATEGORY_TOGRAVE is, where an operation info names the Deck.
  if (c.has('deckdes') || (c.has('tograve') && deck.includes('deck-send'))) out.push('deck send');
  if (c.has('draw')) out.push('draw');
  if (c.has('destroy')) out.push('destroy');
  if (c.has('remove')) out.push('banish');
  if (c.has('disable') || c.has('negate')) out.push('negate');
  return out;
}

/** Phrases of the vocabulary read once for the process (the tables above give a few hundred). */
const events = new Map<string, EventPattern>();

/** An event phrase of the tables above as the vocabulary reads it. */
function eventOf(phrase: string): EventPattern {
  let p = events.get(phrase);
  if (!p) {
    const { words, text } = readPhrase(phrase);
    p = interpretEvent(words, text);
    events.set(phrase, p);
  }
  return p;
}

const modifiers = new Map<string, EffectFacts>();

/** Reads a modifier phrase of the vocabulary (an activation window, `targets a qualifying card`) into `e` (read once). */
function phrase(e: EffectFacts, modifier: string): void {
  let read = modifiers.get(modifier);
  if (!read) {
    const { words, text } = readPhrase(modifier);
    read = { kind: e.kind };
    interpretModifier(read, words, text);
    modifiers.set(modifier, read);
  }
  for (const [key, value] of Object.entries(read)) if (key !== 'kind') (e as Record<string, unknown>)[key] = value;
}

/**
 * The count limit of a record (`SetCountLimit`): `1c` once per Chain; `1d` once per Duel; `1` soft once per turn (each copy);
 * `1n`/`1e` hard, by the card's name ("You can only use this effect of X once per turn"); `1o` the oath
 * limit of an activation ("You can only activate 1 X per turn"), on another effect a hard once per turn by name.
 */
function limits(limit: string, into: EffectFacts): void {
  if (limit.endsWith('c')) into.oncePerChain = true;
  // EFFECT_COUNT_CODE_DUEL: once per Duel by name (what it implies within a turn: facts.ts, impliedLimits).
  else if (limit.endsWith('d')) into.oncePerDuel = true;
  else if (limit.endsWith('o') && into.kind === 'activation') into.activateOncePerTurn = true;
  else if (/^\d+[neo]$/.test(limit)) into.oncePerTurnByName = true;
  else if (/^\d+$/.test(limit)) into.oncePerTurn = true;
}

/**
 * Events only the Damage Step has (EDOPro raises them there): an activation or Quick Effect answering one is
 * activated in the Damage Step whether or not its script sets EFFECT_FLAG_DAMAGE_STEP (Sebek's Blessing on battle
 * damage, Enlightenment at the end of the Damage Step, "during damage calculation" Quick Effects).
 */
const DAMAGE_STEP_EVENTS = new Set(['battle_start', 'battle_confirm', 'pre_damage_calculate', 'damage_calculating', 'battle_damage', 'battle_destroying', 'battle_destroyed', 'damage_step_end']);

/** The properties of one effect record: where from, targets, Damage Step, limits, what it includes, its window. */
function properties(e: EffectFields, into: EffectFacts, deck: string[], withRange: boolean): EffectFacts {
  if (withRange && e.range) {
    const zones = [...new Set([...e.range].map((z) => ZONES[z]).filter(Boolean))] as Zone[];
    if (zones.length) into.activatesFrom = zones;
    // `SetRange(LOCATION_PZONE)`: a Pendulum Effect, used from the Pendulum Zone only (R66).
    if (e.range === 'P') into.pendulumEffect = true;
  }
  if (e.flags.includes('t')) phrase(into, e.flags.includes('n') ? 'targets a qualifying card other than this card' : 'targets a qualifying card');
  if (e.flags.includes('d') || e.flags.includes('c')) into.damageStep = true;
  if ((e.kind === 'A' || e.kind === 'Q') && DAMAGE_STEP_EVENTS.has(e.event)) into.damageStep = true;
  limits(e.limit, into);
  const categories = e.alternatives.length ? [...new Set([e, ...e.alternatives].flatMap((x) => x.categories))] : e.categories;
  if (categories.includes('negate')) into.negatesActivation = true;
  // `Duel.SetChainLimit` in the effect's target function (R40): `r` the opponent may not respond, `R` no one may.
  // `b`: "Once per battle", a use-limit cost helper of the script (R78).
  if (e.extra.includes('b')) into.oncePerBattle = true;
  // Granted to another card (R68): `x` the script's EFFECT_TYPE_XMATERIAL (to the Xyz Monster that has this card as
  // material), `f` while face-up (EFFECT_TYPE_GRANT: "the equipped monster gains"), `m` when used as material
  // (EVENT_BE_MATERIAL); `l` lingering, registered by a resolution for later (R69: scripts/lib/lua-later.js).
  const later = laterOf(e.extra);
  if (later.granted) into.granted = later.granted;
  if (later.lingering) into.lingering = true;
  const noResponse = noResponseOf([e]);
  if (noResponse) into.noResponse = noResponse;
  if (categories.includes('atkchange') || categories.includes('defchange')) into.changesAtk = true;
  const inc = [...new Set([e, ...e.alternatives].flatMap((x) => includes(x, deck)))];
  // An effect that Special Summons itself includes a Special Summon, whatever its categories say (Revival Golem
  // sets its category only for the option chosen).
  if (e.summonsItself === 's' && !inc.some((x) => x === 'special summon' || x === 'deck summon')) inc.push('special summon');
  const ops = deck.find((d) => d.startsWith('ops:'))?.slice(4);
  // An effect with alternatives (`w` clones): each alternative's parts, the first of each after the first joined by `or`.
  const does: EffectAction[] = [];
  for (const x of [e, ...e.alternatives]) actionsFromCategories(x.categories, ops, x.does).forEach((p, i) => does.push(i === 0 && does.length ? { ...p, link: 'or' } : p));
  if (does.length) into.does = does;
  // A negation the text says it does and the script witnesses includes `negate`, though the script lists no category
  // for it (Called by the Grave: "banish it, and if you do, ... its effects are negated"; the script's CATEGORY_REMOVE).
  // Not in an effect that Special Summons ("Special Summon 1 monster ..., but its effects are negated"): the negation
  // is the rider of the Summon, which the scripts, as the cards' readers, do not list either.
  const negates = does.some((a) => a.verb === 'negate-effects' || a.verb === 'negate-effect') && !does.some((a) => a.verb === 'special-summon');
  if (negates && !inc.includes('negate')) inc.push('negate');
  if (inc.length) into.includes = inc;
  if (WINDOWS[e.window]) phrase(into, WINDOWS[e.window]);
  else if (into.kind !== 'phase-trigger' && scriptWindow(e)) phrase(into, scriptWindow(e)!);
  if (e.summonsItself === 's') into.summonsItself = true;
  if (e.cost) phrase(into, costPhrase(e.cost));
  if (e.conditions.length) into.conditions = e.conditions;
  if (e.handConditions.length) into.handConditions = e.handConditions;
  return into;
}

const COST_CODES: Record<string, string> = { D: 'discard', T: 'tribute', B: 'banish', G: 'send', X: 'detach', V: 'reveal', K: 'return', E: 'return', H: 'return', C: 'remove', P: 'change position' };
const COST_AFTER: Record<string, string> = { G: ' to gy', K: ' to deck', E: ' to extra deck', H: ' to hand', C: ' counters' };

/**
 * A record's cost codes as the `cost` modifier (`Ds+L1000` -> `cost discard itself and pay 1000 lp`); an unread payment
 * (`?`) is a bare `cost`: the effect has a cost the library does not describe.
 */
function costPhrase(codes: string): string {
  const parts: string[] = [];
  for (const c of codes.split('+')) {
    if (c[0] === 'L') parts.push(c.length > 1 ? `pay ${c.slice(1)} lp` : 'pay lp');
    // `D1o`: "discard 1 other card" (`other`: not this card).
    else if (COST_CODES[c[0]]) parts.push(`${COST_CODES[c[0]]} ${c.slice(1) === 's' ? 'itself' : (c.slice(1).replace(/o$/, '') || '1') + (c.endsWith('o') ? ' other' : '')}${COST_AFTER[c[0]] ?? ''}`);
  }
  return parts.length ? `cost ${parts.join(' and ')}` : 'cost';
}

/**
 * Who may not respond to the activation (R40), by the letters of the extra field: `r`/`R` the script's
 * `Duel.SetChainLimit` (or the text's whole restriction), `q`/`Q` the text's restriction of some responses only.
 */
function noResponseOf(records: EffectFields[]): EffectFacts['noResponse'] {
  const has = (letter: string) => records.some((e) => e.extra.includes(letter));
  return has('R') ? 'both' : has('r') ? 'opponent' : has('Q') ? 'both-some' : has('q') ? 'opponent-some' : undefined;
}

/** An event the script names that the vocabulary has no phrase for: kept in words, assumed. */
function scriptEvent(event: string): string {
  return `script event ${event.replace(/_/g, ' ')}`;
}

/**
 * An event of this card or of others, in the vocabulary or as a `script event` left to assume, with the qualifiers
 * its script's condition states (generated-qualifiers.ts). What of the condition was not read stays `under script
 * condition`: words the library cannot read, so the engine never takes them as met silently.
 */
function eventPhrase(e: EffectFields, table: Record<string, string> = e.self ? SELF_EVENTS : OTHER_EVENTS): string {
  const known = table[e.event];
  if (!known) return scriptEvent(e.event);
  if (e.event === 'chaining') return activationPhrase(e.qualifiers).phrase;
  const q = e.self && table === SELF_EVENTS ? selfEventPhrase(e.event, known, e.qualifiers) : otherEventPhrase(e.event, known, e.qualifiers);
  const unread = e.extra.includes('k') ? !q.read : e.qualifiers.codes.length > 0 && !q.read;
  // An attack or an activation reads no unknown words: what is unread of those is the effect's note (assumedFacts).
  const cardEvent = !/\b(activated|activates?|declared|declares)\b/.test(q.phrase);
  return unread && cardEvent ? `${q.phrase} under script condition` : q.phrase;
}

function effectOf(e: EffectFields, r: GeneratedRecord, deck: string[]): EffectFacts | undefined {
  const mandatory = e.mandatory;
  switch (e.kind) {
    case 'I':
      return properties({ ...e, speedOne: true }, { kind: 'ignition' }, deck, true);
    case 'F':
      return properties(e, { kind: 'flip', mandatory }, deck, false);
    case 'Q': {
      const when = e.event ? eventPhrase(e, RESPONDS) : undefined;
      return properties(e, { kind: 'quick', mandatory, timing: when ? 'when' : undefined, event: when ? eventOf(when) : undefined }, deck, true);
    }
    case 'P': {
      const time = PHASES[e.event];
      if (!time) return properties(e, { kind: 'trigger', mandatory, timing: 'if', event: eventOf(scriptEvent(e.event)) }, deck, true);
      // Whose phase: the turn the script's condition checks (`during your end phase`); a phase its words cannot say whose
      // (`at end of battle phase`) keeps the check as a condition not read.
      const whose = e.scriptTurn === 'o' ? "opponent's " : e.scriptTurn === 'y' ? 'your ' : '';
      const unsaid = (!!whose && !time.startsWith('during the ')) || !!e.scriptPhase;
      const condition = unreadCondition(e) || unsaid || r.notes.includes('?spirit') ? ' if script condition' : '';
      const { words, text } = readPhrase(`${whose ? time.replace(/^during the /, `during ${whose}`) : time}${condition}`);
      const p = interpretPhaseTime(words, text);
      return properties(e, { kind: 'phase-trigger', mandatory, phaseTime: p.time, condition: p.condition }, deck, true);
    }
    case 'L':
      // A lingering effect that starts no chain (R69: "During the End Phase of this turn, destroy it"): a `continuous,
      // lingering` line saying what it does; R54 keeps it from being written as a chain link.
      return properties(e, { kind: 'continuous' }, deck, false);
    case 'T': {
      const timing = e.timing.startsWith('w') ? 'when' : 'if';
      // One effect on several events (`sent to gy or banished`): their phrases joined by `or` (vocabulary/events.ts).
      const phrase = [e, ...e.orEvents].map((o) => eventPhrase({ ...e, event: o.event, qualifiers: o.qualifiers, extra: o.extra })).join(' or ');
      return properties(e, { kind: 'trigger', mandatory, timing, event: eventOf(phrase) }, deck, !e.self);
    }
    default:
      return undefined;
  }
}

/** One choice of a modal card from its code (`St`: includes search, targets) and what its text says it does. */
function choiceFacts(code: string, into: EffectFacts, does: EffectAction[]): EffectFacts {
  if (code.includes('t')) phrase(into, 'targets a qualifying card');
  const included = [...code].map((l) => CHOICE_INCLUDES[l]).filter(Boolean);
  if (included.length) into.includes = included;
  if (does.length) into.does = does;
  else delete into.does;
  return into;
}

/**
 * A Spell/Trap's activation records (one per event in the script) as one: the flags and categories of each, the
 * first limit. A modal card's choices state their own targets and includes: only the rest is kept for them.
 */
function oneActivation(activations: EffectFields[], modal: boolean): EffectFields {
  const flags = new Set(activations.flatMap((e) => [...e.flags]));
  const categories = new Set(activations.flatMap((e) => e.categories));
  if (modal) {
    flags.delete('t');
    for (const c of categories) if (c !== 'atkchange' && c !== 'defchange') categories.delete(c);
  }
  // A window the text states of the card's activation ("At the end of the Battle Phase": scripts/cards/effects.js withTextWindows).
  const window = activations.find((e) => e.window)?.window ?? '';
  return { ...activations[0], range: '', window, flags: [...flags].join(''), categories: [...categories], limit: activations.find((e) => e.limit)?.limit ?? '' };
}

/** The card's activation lines: one per choice of a modal card, else one that answers what the script names, with its properties. */
function activationFacts(activations: EffectFields[], deck: string[], monster: boolean): EffectFacts[] {
  if (!activations.length) return [];
  // A Spell/Trap's activations (one per event in the script) are one `responds to` line; a free-chain one is implied.
  const phrases = [...new Set(activations.filter((e) => e.event).map((e) => eventPhrase(e, RESPONDS)))];
  // "You can activate this card the turn it was Set" (R34): a property of the activation.
  const setTurn = activations.map((e) => SET_TURN[e.setTurn as keyof typeof SET_TURN]).find(Boolean);
  const answers = phrases.length > 0 && !activations.some((e) => !e.event);
  // Who may not respond to the activation (R40): the script's `Duel.SetChainLimit`, a line of its own where needed.
  const noResponse = noResponseOf(activations);
  // A modal card ("Activate 1 of these effects"): one `choose one` activation per choice, as docs/language.md writes it.
  const choices = activations.map((e) => e.choices).find((c) => c.length >= 2);
  // A modal card's record holds one code of parts per choice (`/`-joined), witnessed by any of its activations' categories.
  const choiceDoes = choices ? (activations.find((e) => e.does.includes('/'))?.does ?? '').split('/') : [];
  const categories = [...new Set(activations.flatMap((e) => e.categories))];
  const ops = deck.find((d) => d.startsWith('ops:'))?.slice(4);
  const merged = { ...oneActivation(activations, !!choices), ...(choices ? { does: '' } : {}) };
  const activation = (): EffectFacts => {
    // Targets, Damage Step, limits and includes of the record, free-chain or `responds to` alike.
    const a = properties(merged, { kind: 'activation', responds: answers ? phrases.map(eventOf) : [] }, deck, false);
    // A Trap its script lets be activated from the hand (EFFECT_TRAP_ACT_IN_HAND: zones `HS`).
    if (activations.some((e) => e.range.includes('H'))) a.activatesFrom = ['field', 'hand'];
    if (setTurn) phrase(a, setTurn);
    if (noResponse) a.noResponse = noResponse;
    return a;
  };
  if (choices) return choices.map((c, k) => choiceFacts(c, { ...activation(), chooseOne: true }, witnessedParts(choiceDoes[k] ?? '', categories, ops)));
  // A Pendulum Monster's activation as a Spell (its Scale) is left out, as a monster card writes no activation line.
  return monster && !answers && !setTurn && !noResponse ? [] : [activation()];
}

/** The facts of a record. */
export function generatedCardFacts(r: GeneratedRecord): CardFacts {
  const facts: CardFacts = { name: r.name, aliases: [], cardType: generatedCardType(r), races: [], attributes: [], abilities: [], archetypes: r.archetypes, effects: [] };
  typeFacts(r, facts);
  if (r.japanese && !/[《》]/.test(r.japanese)) facts.aliases!.push(r.japanese);
  if (r.portuguese && r.portuguese !== r.name) facts.aliases!.push(r.portuguese);
  // The card's operation notes: `deck:` what it does from the Deck, and `ops:` the letters of what its operations
  // call (an entry `ops:...` of the same list, read by properties for what each effect does).
  const deck = (r.notes.find((n) => n.startsWith('deck:')) ?? '').slice(5).split('+');
  const ops = r.notes.find((n) => n.startsWith('ops:'));
  if (ops) deck.push(ops);
  if (r.effectSource === 't') return textOnlyFacts(r, facts);
  const effects = mergeTriggers(r.effects.map(effectFields));
  const activationRecords = effects.filter((e) => e.kind === 'A');
  // A Spell other than a Quick-Play Spell is activated in its controller's own Main Phase (Spell Speed 1).
  const speedOne = r.type.startsWith('S:') && !r.type.startsWith('S:Quick-Play');
  const activations = activationFacts(activationRecords.map((e) => ({ ...e, speedOne })), deck, r.type.startsWith('M:'));
  // A Spell/Trap with no activation of its own has its card's (free chain), written where its card type is.
  if (!activations.length && !r.type.startsWith('M:')) activations.push({ kind: 'activation', text: facts.cardType });
  // So is a free-chain activation that states nothing more (`segoc card` prints no line for it).
  for (const a of activations) if (!a.responds?.length && Object.keys(a).every((k) => k === 'kind' || k === 'responds')) a.text = facts.cardType;
  // What the record leaves open for the whole card holds for each effect; a condition the generator could not
  // read holds for its own effect only. Every link that uses an effect says what was assumed (hovers, explain).
  const assumed = assumedFacts(r);
  const withNotes = (f: EffectFacts, unread: boolean): EffectFacts => {
    const notes = unread ? [...assumed, UNREAD_CONDITION] : assumed;
    if (notes.length) f.assumed = [...notes];
    return f;
  };
  facts.effects.push(...activations.map((a) => withNotes(a, activationRecords.some(unreadCondition))));
  // `h`: the hand under a condition of its own, not read (Evenly Matched, Blackbird Close): said where a link activates it from the hand.
  if (activationRecords.some((e) => e.extra.includes('h'))) for (const a of activations) a.assumed = [...(a.assumed ?? []), HAND_CONDITION];
  for (const e of effects) {
    const f = effectOf(e, r, deck);
    if (f) facts.effects.push(withNotes(f, unreadCondition(e)));
  }
  // `lock:` notes: what the card forbids or negates while face-up (R62-R65), one continuous line after its effects.
  const restricts = r.notes.flatMap((n) => (n.startsWith('lock:') ? [readRestriction(n.slice('lock:'.length).split(' '))] : [])).filter((x): x is Restriction => !!x);
  if (restricts.length) facts.effects.push({ kind: 'continuous', restricts });
  return facts;
}

/**
 * A card with no script at the pinned commit (effect source `t`): its effects are the text inference's lines, read
 * back by the card parser (the one reader of effect lines), each with the note that it was read from the text alone,
 * so a link that uses one is never a plain "legal" (engine/unknown-facts.ts). A line the parser refuses is left out
 * and said.
 */
function textOnlyFacts(r: GeneratedRecord, facts: CardFacts): CardFacts {
  const { file, diagnostics } = parse(`card ${quoteName(r.name)}: ${facts.cardType}\n${r.textLines.map((l) => `  ${l}\n`).join('')}`);
  const def = file.cards[0];
  const read = def ? factsFromSegoc(def) : undefined;
  const effects: EffectFacts[] = read?.facts.effects.map((e) => ({ ...e, range: undefined, text: undefined })) ?? [];
  const notes = assumedFacts(r);
  if (!def || diagnostics.length) notes.push(assumedNote('some effect lines read from its text could not be read back: those effects are not listed'));
  else if (read?.diagnostics.length) notes.push(assumedNote('some words read from its text are outside the card language (an event or a target): what they say is assumed'));
  for (const e of effects) e.assumed = [...notes];
  // A Spell/Trap with no activation of its own has its card's (free chain), as for a script's card.
  if (!facts.cardType.endsWith('monster') && !effects.some((e) => e.kind === 'activation')) effects.unshift({ kind: 'activation', text: facts.cardType, assumed: [...notes] });
  facts.effects.push(...effects);
  return facts;
}

/** The note of an effect whose script condition the generator could not read whole. */
const UNREAD_CONDITION: AssumedNote = { kind: 'script-condition', text: 'conditions written in its script are assumed met' };


/**
 * The engine's card of a record. Each effect's text is its line as `segoc card` prints it, and its range
 * that line's place in the printed definition (the card's name on line 1, its aliases, then its effects).
 */
export function generatedCard(r: GeneratedRecord, origin: Omit<CardOrigin, 'range'>): CardInfo {
  const nameEnd = 5 + quoted(r.name).length;
  const facts = generatedCardFacts(r);
  const card = makeCard(facts, { ...origin, range: lineRange(0, 5, nameEnd) });
  let line = 1 + card.aliases.length + archetypeLines(card).length;
  card.effects.forEach((e, i) => {
    if (facts.effects[i].text !== undefined) {
      // The implied activation of a Spell/Trap: where its card type is written.
      e.range = lineRange(0, nameEnd + 2, nameEnd + 2 + card.cardType.length);
      return;
    }
    e.text = printEffectLine(card, e) ?? e.text;
    e.range = lineRange(line++, 2, 2 + e.text.length);
  });
  return card;
}

function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/**
 * A note of what the generator did not read (`unread-text:2+5`: sentences 2 and 5 of the card's text;
 * `unread-script:<helper>`: effects its script builds with a helper procedure the reader does not know), in words.
 */
function unreadNote(what: string): string | undefined {
  if (what.startsWith('unread-text:')) {
    const numbers = what.slice('unread-text:'.length).split('+');
    const which = numbers.length === 1 ? `sentence ${numbers[0]}` : `sentences ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
    return `${which} of its text ${numbers.length === 1 ? 'was' : 'were'} not read into facts: read ${numbers.length === 1 ? 'it' : 'them'} in the card database`;
  }
  if (what === 'unread-script:no-initial-effect') return 'its script has no initial_effect the generator could read: its effects are not known';
  if (what.startsWith('unread-script:')) return `its script builds effects with ${what.slice('unread-script:'.length)}, which the generator does not read: those effects are not listed`;
  return undefined;
}


/** What the generated facts leave open, in words, for hovers and `explain`. */
export function assumedFacts(r: GeneratedRecord): AssumedNote[] {
  const out: AssumedNote[] = [];
  for (const n of r.notes) {
    if (!n.startsWith('?')) continue;
    const what = n.slice(1);
    const unread = unreadNote(what);
    if (unread) {
      out.push(assumedNote(unread));
      continue;
    }
    if (what.startsWith('text-only')) {
      out.push(TEXT_ONLY);
      continue;
    }
    if (what === 'no-script') {
      out.push({ kind: 'no-script', text: 'no script was found, so its effects are not known' });
      continue;
    }
    out.push(assumedNote(what === 'runtime-effects' ? 'its script makes more effects while the duel runs; those are not listed' : `the effects made by the ${what} procedure are mapped by rule, not read`));
  }
  // The generator took the card text's word over the script's flags (both recorded in the effect).
  if (r.effects.some((e) => e.split(',')[3]?.endsWith('T'))) out.push(assumedNote('"when"/"if" of a trigger: its card text and its script disagree; the text was taken'));
  if (r.effects.some((e) => e.split(',')[1]?.endsWith('T'))) out.push(assumedNote('optional/mandatory of a trigger: its card text and its script disagree; the text was taken'));
  if (r.effects.some((e) => e.split(',')[11] === 'T')) out.push(assumedNote('when an effect may be activated (its turn or phase): its card text and its script disagree; the text was taken'));
  return out;
}
