// One record of the generated library (server/cards/generated/cards.tsv, written by
// scripts/cards/generate.js; fields in docs/cards.md) as a `.segoc` card definition. The engine's card
// is built from this text by the one card builder, and `segoc card "Name"` prints it, so what a judge
// copies into a file to correct is exactly what the engine used. Whatever the facts leave open is
// written as words outside the vocabulary (`script condition`, `script event ...`): the engine then
// assumes there and says so, rather than guessing.
import { SET_TURN } from '../infer/set-turn';
import { quoteName } from '../syntax/quote';

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
  /** `s` facts from the card's script, `n` a Normal Monster, `-` no script found. */
  effectSource: string;
  /** Helper procedures and what they leave open (`?` first: the engine assumes there). */
  notes: string[];
  effects: string[];
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
    effects: list(f[13]),
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

const ABILITIES = new Set(['tuner', 'gemini', 'spirit', 'union', 'toon', 'flip', 'pendulum']);

/** The card type of a record (`effect monster`, `quick-play spell`): its card's `cardType`, without building it. */
export function generatedCardType(r: Pick<GeneratedRecord, 'type'>): string {
  if (!r.type.startsWith('M:')) return SPELL_TRAP[r.type] ?? (r.type.startsWith('S:') ? 'normal spell' : 'normal trap');
  const parts = r.type.slice(2).split('/');
  const has = (p: string) => parts.includes(p);
  return has('Link') ? 'link monster' : has('Xyz') ? 'xyz monster' : has('Synchro') ? 'synchro monster' : has('Fusion') ? 'fusion monster' : has('Ritual') ? 'ritual monster' : has('Normal') && !has('Effect') ? 'normal monster' : 'effect monster';
}

/** The card type and tags of the definition line. */
function typeAndTags(r: GeneratedRecord): string {
  const type = generatedCardType(r);
  if (!r.type.startsWith('M:')) return type;
  const parts = r.type.slice(2).split('/');
  const tags: string[] = [];
  if (parts[0]) tags.push(parts[0].toLowerCase());
  for (const p of parts.slice(1)) if (ABILITIES.has(p.toLowerCase())) tags.push(p.toLowerCase());
  if (r.attribute) tags.push(r.attribute.toLowerCase());
  const n = r.level.slice(1);
  if (n) tags.push(`${r.level[0] === 'R' ? 'rank' : r.level[0] === 'K' ? 'link' : 'level'} ${n}`);
  if (/^\d+$/.test(r.atk)) tags.push(`atk ${r.atk}`);
  if (/^\d+$/.test(r.def)) tags.push(`def ${r.def}`);
  return `${type} (${tags.join(', ')})`;
}

/** This card's events (a single effect) in the vocabulary. */
const SELF_EVENTS: Record<string, string> = {
  summoned: 'summoned',
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
};

/** Other cards' events (a field effect): which cards is left open (`qualifying`), so it is assumed. */
const OTHER_EVENTS: Record<string, string> = {
  summoned: 'a qualifying monster is summoned',
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
  damage: 'you take damage',
  battle_damage: 'you take battle damage',
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

const ZONES: Record<string, string> = { H: 'hand', M: 'field', S: 'field', G: 'gy', B: 'banished', D: 'deck', X: 'extra' };

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
}

function effectFields(s: string): EffectFields {
  const f = s.split(',');
  return {
    kind: f[0],
    mandatory: f[1]?.[0] === 'm',
    self: f[2] !== 'f',
    timing: f[3] ?? '',
    event: f[4] ?? '',
    range: f[5] ?? '',
    flags: f[6] ?? '',
    categories: f[7] ? f[7].split('+') : [],
    limit: f[8] ?? '',
    extra: f[9] ?? '',
    window: f[10] ?? '',
    windowSource: f[11] ?? '',
    setTurn: f[12] ?? '',
    choices: f[13] ? f[13].split('/') : [],
  };
}

const SUMMON_EVENTS = new Set(['summon_success', 'spsummon_success', 'flip_summon_success']);

/**
 * A script often registers one effect of the card text as several effects: one per kind of Summon
 * (`e2` Normal, `e3=e2:Clone()` Special), or one per outcome of the same event (Gorz). Triggers alike
 * in everything but that are one effect: `summoned` for several kinds of Summon, the categories joined.
 */
function mergeTriggers(effects: EffectFields[]): EffectFields[] {
  const out: EffectFields[] = [];
  // The Damage Step flag may differ by kind of Summon (a Special Summon can happen there): joined, it is allowed.
  const targets = (e: EffectFields) => e.flags.includes('t');
  const same = (a: EffectFields, b: EffectFields) =>
    a.kind === 'T' && b.kind === 'T' && a.mandatory === b.mandatory && a.self === b.self && a.timing === b.timing && a.range === b.range && targets(a) === targets(b) && a.limit === b.limit;
  for (const e of effects) {
    const into = out.find((o) => same(o, e) && (o.event === e.event || ((SUMMON_EVENTS.has(o.event) || o.event === 'summoned') && SUMMON_EVENTS.has(e.event))));
    if (!into) {
      out.push({ ...e, categories: [...e.categories] });
      continue;
    }
    if (into.event !== e.event) into.event = 'summoned';
    for (const f of e.flags) if (!into.flags.includes(f)) into.flags += f;
    for (const c of e.categories) if (!into.categories.includes(c)) into.categories.push(c);
    if (e.extra.includes('k') && !into.extra.includes('k')) into.extra += 'k';
  }
  return out;
}

/** `includes ...` of an effect, from its categories (and, for the Deck, the card's operation infos). */
function includes(e: EffectFields, deck: string[]): string[] {
  const c = new Set(e.categories);
  const out: string[] = [];
  if (c.has('search')) out.push('search');
  if (c.has('special_summon')) out.push(deck.includes('deck-summon') ? 'deck summon' : 'special summon');
  if ((c.has('tograve') || c.has('deckdes')) && deck.includes('deck-send')) out.push('deck send');
  if (c.has('draw')) out.push('draw');
  if (c.has('destroy')) out.push('destroy');
  if (c.has('remove')) out.push('banish');
  if (c.has('disable') || c.has('negate')) out.push('negate');
  return out;
}

function modifiers(e: EffectFields, r: GeneratedRecord, deck: string[], withRange: boolean): string[] {
  const out: string[] = [];
  if (withRange && e.range) {
    const zones = [...new Set([...e.range].map((z) => ZONES[z]).filter(Boolean))];
    if (zones.length) out.push(`from ${zones.join(' or ')}`);
  }
  if (e.flags.includes('t')) out.push('targets a qualifying card');
  if (e.flags.includes('d') || e.flags.includes('c')) out.push('damage step');
  if (e.limit.endsWith('c')) out.push('once per chain');
  else if (e.limit.endsWith('n') || e.limit.endsWith('e')) out.push('once per turn');
  if (e.categories.includes('negate')) out.push('negates activation');
  if (e.categories.includes('atkchange') || e.categories.includes('defchange')) out.push('changes atk');
  const inc = includes(e, deck);
  if (inc.length) out.push(`includes ${inc.join(' or ')}`);
  if (WINDOWS[e.window]) out.push(WINDOWS[e.window]);
  void r;
  return out;
}

/** An event of this card or of others, in the vocabulary or as a `script event` left to assume. */
function eventPhrase(e: EffectFields): string {
  const known = e.self ? SELF_EVENTS[e.event] : OTHER_EVENTS[e.event];
  const phrase = known ?? `script event ${e.event.replace(/_/g, ' ')}`;
  // A condition in the script (which monster, from where, whose turn) is not a fact the generator reads.
  return known && e.extra.includes('k') && !phrase.startsWith('card or effect') ? `${phrase} under script condition` : phrase;
}

function effectLine(e: EffectFields, r: GeneratedRecord, deck: string[]): string | undefined {
  const optional = e.mandatory ? 'mandatory' : 'optional';
  const join = (head: string, mods: string[]) => [head, ...mods].join(', ');
  switch (e.kind) {
    case 'I':
      return join('ignition', modifiers(e, r, deck, true));
    case 'F':
      return join(`flip ${optional}`, modifiers(e, r, deck, false));
    case 'Q': {
      const when = e.event ? ` when ${RESPONDS[e.event] ?? `script event ${e.event.replace(/_/g, ' ')}`}` : '';
      return join(`quick ${optional}${when}`, modifiers(e, r, deck, true));
    }
    case 'P': {
      const time = PHASES[e.event];
      const condition = e.extra.includes('k') || r.notes.includes('?spirit') ? ' if script condition' : '';
      if (time) return join(`phase trigger ${optional} ${time}${condition}`, modifiers(e, r, deck, true));
      return join(`trigger ${optional} if script event ${e.event.replace(/_/g, ' ')}`, modifiers(e, r, deck, true));
    }
    case 'T': {
      const timing = e.timing.startsWith('w') ? 'when' : 'if';
      return join(`trigger ${optional} ${timing} ${eventPhrase(e)}`, modifiers(e, r, deck, !e.self));
    }
    default:
      return undefined;
  }
}

/** The modifiers of one choice of a modal card from its code (`St`: includes search, targets). */
function choiceModifiers(code: string): string {
  const included = [...code].map((l) => CHOICE_INCLUDES[l]).filter(Boolean);
  return `${code.includes('t') ? ', targets a qualifying card' : ''}${included.length ? `, includes ${included.join(' or ')}` : ''}`;
}

/** A name in quotes (the language's escapes), or a Japanese name in 《》. */
function quoted(name: string): string {
  return quoteName(name);
}

/** The record as a `.segoc` definition (comment lines give the provenance). */
export function generatedCardText(r: GeneratedRecord): string {
  const lines: string[] = [];
  lines.push(`card ${quoted(r.name)}: ${typeAndTags(r)}`);
  if (r.japanese && !/[《》]/.test(r.japanese)) lines.push(`  alias 《${r.japanese}》`);
  if (r.portuguese && r.portuguese !== r.name) lines.push(`  alias ${quoted(r.portuguese)}`);
  const deck = (r.notes.find((n) => n.startsWith('deck:')) ?? '').slice(5).split('+');
  const effects = mergeTriggers(r.effects.map(effectFields));
  const activations = effects.filter((e) => e.kind === 'A');
  // A Spell/Trap's activations (one per event in the script) are one `responds to` line; a free-chain one is implied.
  const responds = [...new Set(activations.filter((e) => e.event).map((e) => RESPONDS[e.event] ?? `script event ${e.event.replace(/_/g, ' ')}`))];
  // "You can activate this card the turn it was Set" (R34): a modifier of the activation's line.
  const setTurn = activations.map((e) => SET_TURN[e.setTurn as keyof typeof SET_TURN]).find(Boolean);
  const more = setTurn ? `, ${setTurn}` : '';
  const answers = responds.length && !activations.some((e) => !e.event);
  // A modal card ("Activate 1 of these effects"): one `choose one` line per choice, as docs/language.md writes it.
  const choices = activations.map((e) => e.choices).find((c) => c.length >= 2);
  if (choices) for (const c of choices) lines.push(`  ${answers ? `responds to ${responds.join(', ')}` : 'activation'}, choose one${more}${choiceModifiers(c)}`);
  else if (answers) lines.push(`  responds to ${responds.join(', ')}${more}`);
  else if (setTurn) lines.push(`  activation${more}`);
  for (const e of effects) {
    const line = effectLine(e, r, deck);
    if (line) lines.push(`  ${line}`);
  }
  return lines.join('\n') + '\n';
}

/** What the generated facts leave open, in words, for hovers and `explain`. */
export function assumedFacts(r: GeneratedRecord): string[] {
  const out: string[] = [];
  for (const n of r.notes) {
    if (!n.startsWith('?')) continue;
    const what = n.slice(1);
    out.push(
      what === 'no-script'
        ? 'no script was found, so its effects are not known'
        : what === 'runtime-effects'
          ? 'its script makes more effects while the duel runs; those are not listed'
          : `the effects made by the ${what} procedure are mapped by rule, not read`,
    );
  }
  if (r.effects.some((e) => effectFields(e).extra.includes('k'))) out.push('conditions written in its script are assumed met');
  // The generator took the card text's word over the script's flags (both recorded in the effect).
  if (r.effects.some((e) => e.split(',')[3]?.endsWith('T'))) out.push('"when"/"if" of a trigger: its card text and its script disagree; the text was taken');
  if (r.effects.some((e) => e.split(',')[1]?.endsWith('T'))) out.push('optional/mandatory of a trigger: its card text and its script disagree; the text was taken');
  if (r.effects.some((e) => e.split(',')[11] === 'T')) out.push('when an effect may be activated (its turn or phase): its card text and its script disagree; the text was taken');
  return out;
}
