// The card model: what the engine knows of a card, built from a `card` definition of the
// language. Event phrases are interpreted here, once, into patterns the engine matches against
// game events. A phrase the vocabulary does not cover is kept as `unknown`: the engine then
// assumes the condition was met rather than guessing "illegal".
import { CardDef, EffectLine, Zone } from '../syntax/ast';
import { Token } from '../syntax/lexer';
import { Range } from '../text';
import { Diagnostic } from '../diagnostics';

export type CardCategory = 'monster' | 'spell' | 'trap';
export type SpellTrapKind = 'normal' | 'quick-play' | 'continuous' | 'field' | 'equip' | 'ritual' | 'counter';

export interface CardFilter {
  category?: 'monster' | 'spell' | 'trap' | 'card';
  races?: string[];
  attributes?: string[];
  levelMax?: number;
  levelMin?: number;
  atkMax?: number;
  atkMin?: number;
  controller?: 'you' | 'opponent';
  zone?: Zone;
  faceUp?: boolean;
  /** `targets the summoned monster`: the card of the triggering event. */
  eventCard?: boolean;
  /** Words of the filter the engine did not understand (the filter is then only partly checked). */
  unknown?: string[];
}

export type CardVerb =
  | 'sent-to-gy'
  | 'destroyed'
  | 'summoned'
  | 'discarded'
  | 'tributed'
  | 'banished'
  | 'added-to-hand'
  | 'returned-to-hand'
  | 'leaves-field'
  | 'flipped'
  | 'attacked'
  | 'battles'
  | 'declares-attack'
  | 'destroys-by-battle'
  | 'inflicts-damage'
  | 'material';

export type SummonType = 'normal' | 'tribute' | 'special' | 'flip';
export type Actor = 'you' | 'opponent' | 'any';

export type EventPattern =
  | (VerbPattern & {
      kind: 'card';
      subject: 'self' | CardFilter;
      /** Who performed it (opponent summons a monster). */
      actor?: Actor;
      /** `responds to summon`: the Summon being attempted (negation window), not its success. */
      attempt?: boolean;
      raw: string;
      unknown: string[];
    })
  | { kind: 'attack'; actor: Actor; direct?: boolean; ordinal?: number; raw: string; unknown: string[] }
  | {
      kind: 'activation';
      actor: Actor;
      /** What was activated: any, a monster effect, a spell (card or effect), a trap, ... */
      what: Array<'any' | 'monster-effect' | 'spell' | 'trap' | 'effect'>;
      includes?: string[];
      raw: string;
      unknown: string[];
    }
  | { kind: 'damage'; who: 'you' | 'opponent' | 'any'; battle?: boolean; raw: string; unknown: string[] }
  | { kind: 'unknown'; raw: string; unknown: string[] };

export interface PhaseTime {
  phase: 'draw' | 'standby' | 'end' | 'end-of-battle' | 'main1' | 'main2' | 'battle';
  whose: 'your' | 'opponent' | 'each';
  raw: string;
}

export type EffectKind = 'trigger' | 'phase-trigger' | 'quick' | 'ignition' | 'continuous' | 'flip' | 'activation';

export interface EffectInfo {
  /** 1-based number, as `effect N` counts them. */
  index: number;
  kind: EffectKind;
  mandatory: boolean;
  timing?: 'when' | 'if';
  event?: EventPattern;
  /** For a Spell/Trap activation: what it may answer (empty: free-chain). */
  responds: EventPattern[];
  phaseTime?: PhaseTime;
  condition?: string;
  activatesFrom: Zone[];
  summonsItself: boolean;
  oncePerChain: boolean;
  /** `once per turn` (hard once per turn, by card name): informs R17 only. */
  oncePerTurn: boolean;
  spellSpeedOverride?: number;
  targets?: CardFilter & { raw: string };
  damageStep: boolean;
  negatesActivation: boolean;
  changesAtk: boolean;
  includes: string[];
  /** The effect line as written (or the card type for an implied activation). */
  text: string;
  range: Range;
}

export interface CardOrigin {
  kind: 'library' | 'workspace' | 'file' | 'generated';
  uri?: string;
  range: Range;
  /** A card of the generated library: its passcode, sources and what the engine assumes of it. */
  generated?: GeneratedProvenance;
}

/** Where a generated card's facts come from (the generated library's manifest), for hovers and `explain`. */
export interface GeneratedProvenance {
  passcode: string;
  /** `yaml-yugi 3469970 (2026-08-22), CardScripts 5de4a50 (2026-08-22)`. */
  sources: string;
  /** `s` the card's script, `n` a Normal Monster (no script needed), `-` no script found. */
  effectSource: string;
  /** What the engine assumes about this card, in words (empty: nothing). */
  assumed: string[];
  /** `b` TCG and OCG, `t` TCG only, `o` OCG only, `-` not yet released. */
  released: string;
  archetypes: string[];
}

export interface CardInfo {
  name: string;
  key: string;
  aliases: string[];
  cardType: string;
  category: CardCategory;
  spellTrapKind?: SpellTrapKind;
  extraDeck: boolean;
  races: string[];
  attributes: string[];
  level?: number;
  atk?: number;
  def?: number;
  effects: EffectInfo[];
  origin: CardOrigin;
}

/** Normalises a card name for matching: case, punctuation, `&`/`and`, full-width forms. */
const normalized = new Map<string, string>();

export function normalizeName(name: string): string {
  let n = normalized.get(name);
  if (n === undefined) {
    if (normalized.size > 20000) normalized.clear();
    n = normalizeUncached(name);
    normalized.set(name, n);
  }
  return n;
}

/** normalizeName without its cache, for the generated library's 40,000 names (they would flush it). */
export function normalizeNameOnce(name: string): string {
  return normalizeUncached(name);
}

function normalizeUncached(name: string): string {
  // Printable ASCII (most names): NFKC changes nothing and the Unicode classes are the ASCII ones; this
  // path is several times faster, which counts for the generated library's 40,000 names.
  if (/^[\x20-\x7e]*$/.test(name)) {
    return name
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9\s]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const RACES = [
  'aqua',
  'beast',
  'beast-warrior',
  'creator god',
  'cyberse',
  'dinosaur',
  'divine-beast',
  'dragon',
  'fairy',
  'fiend',
  'fish',
  'illusion',
  'insect',
  'machine',
  'plant',
  'psychic',
  'pyro',
  'reptile',
  'rock',
  'sea serpent',
  'sea-serpent',
  'spellcaster',
  'thunder',
  'warrior',
  'winged beast',
  'winged-beast',
  'wyrm',
  'zombie',
];
export const ATTRIBUTES = ['dark', 'light', 'earth', 'water', 'fire', 'wind', 'divine'];

const CARD_TYPES: Record<string, { category: CardCategory; kind?: SpellTrapKind; extra?: boolean }> = {
  'effect monster': { category: 'monster' },
  'normal monster': { category: 'monster' },
  'ritual monster': { category: 'monster' },
  'fusion monster': { category: 'monster', extra: true },
  'synchro monster': { category: 'monster', extra: true },
  'xyz monster': { category: 'monster', extra: true },
  'link monster': { category: 'monster', extra: true },
  'pendulum monster': { category: 'monster' },
  'tuner monster': { category: 'monster' },
  monster: { category: 'monster' },
  'normal spell': { category: 'spell', kind: 'normal' },
  spell: { category: 'spell', kind: 'normal' },
  'quick-play spell': { category: 'spell', kind: 'quick-play' },
  'quick play spell': { category: 'spell', kind: 'quick-play' },
  'continuous spell': { category: 'spell', kind: 'continuous' },
  'field spell': { category: 'spell', kind: 'field' },
  'equip spell': { category: 'spell', kind: 'equip' },
  'ritual spell': { category: 'spell', kind: 'ritual' },
  'normal trap': { category: 'trap', kind: 'normal' },
  trap: { category: 'trap', kind: 'normal' },
  'continuous trap': { category: 'trap', kind: 'continuous' },
  'counter trap': { category: 'trap', kind: 'counter' },
};

export const CARD_TYPE_NAMES = Object.keys(CARD_TYPES);

/** Lower-cased words of a phrase; a possessive joins its word (`opponent's`). */
function words(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'possessive' && out.length) out[out.length - 1] += "'s";
    else out.push(t.kind === 'string' ? `"${t.text}"` : t.lower);
  }
  return out;
}

/** A phrase as text with natural spacing (no space before `,` `:` `)` or after `(`). */
function phraseText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    const text = t.kind === 'string' ? `"${t.text}"` : t.text;
    const glue = out === '' || out.endsWith('(') || (t.kind === 'punct' && [',', ':', ')'].includes(t.text)) || t.kind === 'possessive';
    out += glue ? text : ` ${text}`;
  }
  return out;
}

/** Reads a card filter from words like `a level 3 or lower water monster in your gy`. */
export function parseFilter(ws: string[]): CardFilter {
  const f: CardFilter = {};
  const unknown: string[] = [];
  let i = 0;
  const take = (...seq: string[]) => {
    for (let k = 0; k < seq.length; k++) if (ws[i + k] !== seq[k]) return false;
    i += seq.length;
    return true;
  };
  while (i < ws.length) {
    const w = ws[i];
    if (['a', 'an', '1', 'one', 'the', 'another', 'other', 'or', 'more', 'any'].includes(w) && !(w === 'or' && ws[i + 1] === 'lower')) {
      i++;
      continue;
    }
    if (take('face-up') || take('face', 'up')) {
      f.faceUp = true;
      continue;
    }
    if (w === 'monster' || w === 'monsters') {
      f.category = 'monster';
      i++;
      continue;
    }
    if (w === 'spell' || w === 'spells') {
      f.category = f.category === 'trap' ? 'card' : 'spell';
      i++;
      continue;
    }
    if (w === 'trap' || w === 'traps') {
      f.category = f.category === 'spell' ? 'card' : 'trap';
      i++;
      continue;
    }
    if (w === 'card' || w === 'cards') {
      f.category = f.category ?? 'card';
      i++;
      continue;
    }
    if (w === 'level' && /^\d+$/.test(ws[i + 1] ?? '')) {
      const n = Number(ws[i + 1]);
      i += 2;
      if (take('or', 'lower') || take('or', 'less')) f.levelMax = n;
      else if (take('or', 'higher') || take('or', 'more')) f.levelMin = n;
      else {
        f.levelMin = n;
        f.levelMax = n;
      }
      continue;
    }
    if (w === 'with' && /^\d+$/.test(ws[i + 1] ?? '')) {
      const n = Number(ws[i + 1]);
      i += 2;
      let dir: 'max' | 'min' | undefined;
      if (take('or', 'less')) dir = 'max';
      else if (take('or', 'more')) dir = 'min';
      if (take('atk') || take('original', 'atk')) {
        if (dir === 'max') f.atkMax = n;
        else if (dir === 'min') f.atkMin = n;
        else {
          f.atkMin = n;
          f.atkMax = n;
        }
        continue;
      }
      unknown.push(`with ${n}`);
      continue;
    }
    if (take('you', 'control')) {
      f.controller = 'you';
      continue;
    }
    if (take('your', 'opponent', 'controls') || take('opponent', 'controls')) {
      f.controller = 'opponent';
      continue;
    }
    if (take('in', 'your', 'gy') || take('in', 'your', 'graveyard')) {
      f.zone = 'gy';
      f.controller = 'you';
      continue;
    }
    if (take('in', 'your', 'opponent', 'gy') || take('in', "your", "opponent's", 'gy') || take('in', "opponent's", 'gy') || take('in', 'opponent', 'gy')) {
      f.zone = 'gy';
      f.controller = 'opponent';
      continue;
    }
    if (take('in', 'either', 'gy') || take('in', 'a', 'gy')) {
      f.zone = 'gy';
      continue;
    }
    if (take('on', 'the', 'field') || take('on', 'field')) {
      f.zone = 'field';
      continue;
    }
    if (take('in', 'your', 'hand')) {
      f.zone = 'hand';
      f.controller = 'you';
      continue;
    }
    if (take('summoned', 'monster') || take('that', 'monster') || take('it')) {
      f.eventCard = true;
      continue;
    }
    if (ATTRIBUTES.includes(w)) {
      (f.attributes ??= []).push(w);
      i++;
      continue;
    }
    const two = `${w} ${ws[i + 1] ?? ''}`;
    if (RACES.includes(two)) {
      (f.races ??= []).push(two.replace(' ', '-'));
      i += 2;
      continue;
    }
    const race = w.endsWith('s') && RACES.includes(w.slice(0, -1)) ? w.slice(0, -1) : w;
    if (RACES.includes(race)) {
      (f.races ??= []).push(race);
      i++;
      continue;
    }
    unknown.push(w);
    i++;
  }
  if (unknown.length) f.unknown = unknown;
  return f;
}

const ZONE_OF: Record<string, Zone> = {
  field: 'field',
  hand: 'hand',
  gy: 'gy',
  graveyard: 'gy',
  deck: 'deck',
  banished: 'banished',
  extra: 'extra',
};

/** Interprets an event phrase. */
export function parseEvent(tokens: Token[]): EventPattern {
  const raw = phraseText(tokens);
  let ws = words(tokens).filter((w) => w !== 'the');
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
    const what: Array<'any' | 'monster-effect' | 'spell' | 'trap' | 'effect'> = [];
    const upTo = ws.findIndex((w) => w === 'activated' || w === 'activates' || w === 'activate');
    const head = ws.slice(0, upTo).concat(ws.slice(upTo + 1)).filter((w) => !['a', 'an', 'is', 'are', 'card', 'cards'].includes(w) || w === 'card');
    const cut = head.findIndex((w) => w === 'including' || w === 'that' || w === 'which');
    const kindWords = cut >= 0 ? head.slice(0, cut) : head;
    const inclWords = cut >= 0 ? head.slice(cut + 1).filter((w) => w !== 'includes' && w !== 'include') : [];
    const kw = kindWords.join(' ');
    if (/card or effect|effect or card/.test(kw) || kw === 'card' || kw === '') what.push('any');
    else {
      if (/monster effect/.test(kw) || kw === 'monster') what.push('monster-effect');
      if (/\bspell\b/.test(kw)) what.push('spell');
      if (/\btrap\b/.test(kw)) what.push('trap');
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
    return { kind: 'activation', actor, what, includes, raw, unknown };
  }

  // Damage: `you take damage`, `opponent takes battle damage`.
  if (has('damage') && (has('take') || has('takes') || has('inflicted'))) {
    const who = actor === 'any' ? 'any' : actor;
    return { kind: 'damage', who, battle: has('battle'), raw, unknown };
  }

  // Attacks declared by a player: `opponent declares direct attack`, `an attack is declared`.
  if ((has('declares') || has('declared') || has('declare')) && (has('attack') || has('attacks'))) {
    const ordinal = has('second') ? 2 : has('third') ? 3 : undefined;
    const subjectSelf = ws[0] === 'this' && ws[1] === 'card';
    if (subjectSelf) {
      return { kind: 'card', subject: 'self', verb: 'declares-attack', raw, unknown };
    }
    // `an opponent's monster declares an attack`, `a monster you control declares an attack`.
    if (actor === 'any' && (has("opponent's") || has('opponent'))) actor = 'opponent';
    else if (actor === 'any' && (has('your') || (has('you') && has('control')))) actor = 'you';
    return { kind: 'attack', actor, direct: has('direct') || has('directly') ? true : undefined, ordinal, raw, unknown };
  }

  // Summons by a player: `opponent summons a monster with 1500 or more atk`, or bare `summon`.
  if (ws.length > 0 && (ws[0] === 'summons' || ws[0] === 'summon' || (ws[1] === 'summon' && ['normal', 'special', 'flip', 'tribute'].includes(ws[0])) || (ws[1] === 'summons' && ['normal', 'special', 'flip', 'tribute'].includes(ws[0])))) {
    let summonTypes: SummonType[] | undefined;
    let rest = ws;
    if (['normal', 'special', 'flip', 'tribute'].includes(ws[0])) {
      summonTypes = ws[0] === 'normal' ? ['normal', 'tribute'] : [ws[0] as SummonType];
      rest = ws.slice(2);
    } else {
      rest = ws.slice(1);
    }
    const filter = rest.length ? parseFilter(rest) : {};
    // `summon` / `special summon` (the act) answers a Summon being attempted; `summons a monster` its success.
    const attempt = ws[0] === 'summon' || ws[1] === 'summon';
    return { kind: 'card', subject: filter, verb: 'summoned', summonTypes, actor, attempt: attempt || undefined, raw, unknown: filter.unknown ?? [] };
  }

  // A card event. Subject: `this card` (default) or a filter up to `is`/`are`.
  let subject: 'self' | CardFilter = 'self';
  let rest = ws;
  if (ws[0] === 'this' && ws[1] === 'card') {
    rest = ws.slice(2);
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
  return { kind: 'card', subject, ...verbPattern, actor: actor === 'any' ? undefined : actor, raw, unknown };
}

const VERB_START = new Set([
  'sent',
  'destroyed',
  'summoned',
  'normal',
  'tribute',
  'special',
  'flip',
  'flipped',
  'discarded',
  'tributed',
  'banished',
  'added',
  'returned',
  'leaves',
  'attacked',
  'battles',
  'battled',
  'used',
  'destroys',
  'inflicts',
]);

/** What happened to the card of a card event, and how. */
export interface VerbPattern {
  verb: CardVerb;
  /** For sent-to-gy/destroyed: where the card was before. For summoned: where it came from. */
  from?: Zone;
  /** Destroyed and (then) in the GY. */
  toGy?: boolean;
  by?: 'battle' | 'effect';
  summonTypes?: SummonType[];
  /** Sent as a cost. */
  asCost?: boolean;
  /** Summoned by its own effect. */
  byOwnEffect?: boolean;
}

function parseVerb(
  ws: string[],
  unknown: string[],
): VerbPattern | undefined {
  let i = 0;
  const take = (...seq: string[]) => {
    for (let k = 0; k < seq.length; k++) if (ws[i + k] !== seq[k]) return false;
    i += seq.length;
    return true;
  };
  let result: VerbPattern | undefined;
  if (take('sent', 'to', 'gy') || take('sent', 'to', 'graveyard') || take('sent', 'to', 'your', 'gy')) {
    result = { verb: 'sent-to-gy' };
  } else if (take('destroyed')) {
    result = { verb: 'destroyed' };
  } else if (take('normal', 'or', 'special', 'summoned') || take('special', 'or', 'normal', 'summoned') || take('normal', 'summoned', 'or', 'special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute', 'special'] };
  } else if (ws[i] === 'sent' && ws[i + 1] === 'from' && ZONE_OF[ws[i + 2] ?? ''] && ws[i + 3] === 'to' && (ws[i + 4] === 'gy' || ws[i + 4] === 'graveyard' || (ws[i + 4] === 'your' && ws[i + 5] === 'gy'))) {
    result = { verb: 'sent-to-gy', from: ZONE_OF[ws[i + 2]] };
    i += ws[i + 4] === 'your' ? 6 : 5;
  } else if (take('destroys', 'a', 'monster', 'by', 'battle') || take('destroys', 'an', "opponent's", 'monster', 'by', 'battle') || take('destroys', 'a', 'monster', 'your', 'opponent', 'controls', 'by', 'battle') || take('destroys', 'an', 'opponent', 'monster', 'by', 'battle')) {
    result = { verb: 'destroys-by-battle' };
    if (take('and', 'sends', 'it', 'to', 'gy')) result.toGy = true;
  } else if (take('inflicts', 'battle', 'damage') || take('inflicts', 'damage')) {
    take('to', 'your', 'opponent');
    take('to', 'opponent');
    result = { verb: 'inflicts-damage' };
  } else if (take('tribute', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['tribute'] };
  } else if (take('normal', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute'] };
  } else if (take('special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['special'] };
  } else if (take('flip', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['flip'] };
  } else if (take('summoned')) {
    result = { verb: 'summoned' };
  } else if (take('flipped')) {
    take('face-up');
    result = { verb: 'flipped' };
  } else if (take('discarded')) {
    result = { verb: 'discarded' };
  } else if (take('tributed')) {
    result = { verb: 'tributed' };
  } else if (take('banished')) {
    result = { verb: 'banished' };
  } else if (take('added', 'to', 'hand') || take('added', 'to', 'your', 'hand')) {
    result = { verb: 'added-to-hand' };
  } else if (take('returned', 'to', 'hand') || take('returned', 'to', 'your', 'hand')) {
    result = { verb: 'returned-to-hand' };
  } else if (take('leaves', 'field') || take('leaves', 'the', 'field')) {
    result = { verb: 'leaves-field' };
  } else if (take('attacked')) {
    result = { verb: 'attacked' };
  } else if (take('battles') || take('battled')) {
    result = { verb: 'battles' };
  } else if (take('used', 'as', 'material') || take('used', 'as', 'synchro', 'material') || take('used', 'as', 'fusion', 'material') || take('used', 'as', 'xyz', 'material') || take('used', 'as', 'link', 'material')) {
    result = { verb: 'material' };
  }
  if (!result) return undefined;
  // Qualifiers.
  while (i < ws.length) {
    if (take('by', 'battle')) {
      result.by = 'battle';
      continue;
    }
    if (take('by', 'card', 'effect') || take('by', 'an', 'effect') || take('by', 'effect') || take('by', 'a', 'card', 'effect')) {
      result.by = 'effect';
      continue;
    }
    if (take('by', 'its', 'own', 'effect') || take('by', 'this', "card's", 'effect')) {
      result.byOwnEffect = true;
      continue;
    }
    if (take('as', 'cost') || take('as', 'a', 'cost')) {
      result.asCost = true;
      // `for a water monster effect`: which effect's cost is not checked.
      if (ws[i] === 'for') {
        unknown.push(ws.slice(i).join(' '));
        i = ws.length;
      }
      continue;
    }
    if (take('and', 'sent', 'to', 'gy') || take('and', 'sent', 'to', 'graveyard')) {
      result.toGy = true;
      continue;
    }
    if (take('to', 'gy') || take('to', 'graveyard') || take('to', 'your', 'gy')) {
      result.toGy = true;
      continue;
    }
    if (ws[i] === 'from') {
      i++;
      if (ws[i] === 'your' || ws[i] === 'the') i++;
      const z = ZONE_OF[ws[i] ?? ''];
      if (z) {
        result.from = z;
        i++;
        continue;
      }
      unknown.push(`from ${ws[i] ?? ''}`.trim());
      i++;
      continue;
    }
    if (take('face-up') || take('face', 'up')) continue;
    unknown.push(ws[i]);
    i++;
  }
  return result;
}

function parsePhaseTime(tokens: Token[]): { time?: PhaseTime; condition?: string } {
  const ws = words(tokens).filter((w) => w !== 'the');
  const raw = phraseText(tokens);
  const ifAt = ws.indexOf('if');
  const head = ifAt >= 0 ? ws.slice(0, ifAt) : ws;
  const condition = ifAt >= 0 ? ws.slice(ifAt + 1).join(' ') : undefined;
  let whose: PhaseTime['whose'] = 'each';
  if (head.includes("opponent's") || head.includes('opponent')) whose = 'opponent';
  else if (head.includes('your')) whose = 'your';
  const hs = head.join(' ');
  let phase: PhaseTime['phase'] | undefined;
  if (/end of battle phase|end of battle|battle phase end/.test(hs)) phase = 'end-of-battle';
  else if (/standby/.test(hs)) phase = 'standby';
  else if (/draw/.test(hs)) phase = 'draw';
  else if (/end phase|\bend\b/.test(hs)) phase = 'end';
  else if (/main phase 1|main1/.test(hs)) phase = 'main1';
  else if (/main phase 2|main2/.test(hs)) phase = 'main2';
  else if (/battle/.test(hs)) phase = 'battle';
  return { time: phase ? { phase, whose, raw } : undefined, condition };
}

function defaultActivationZones(category: CardCategory, kind: EffectKind, event?: EventPattern): Zone[] {
  if (category !== 'monster') return ['field'];
  if ((kind === 'trigger' || kind === 'quick') && event && event.kind === 'card' && event.subject === 'self') {
    switch (event.verb) {
      case 'sent-to-gy':
      case 'discarded':
      case 'tributed':
      case 'material':
        return ['gy'];
      case 'destroyed':
        return event.toGy || event.by === 'battle' ? ['gy'] : ['gy'];
      case 'banished':
        return ['banished'];
      case 'added-to-hand':
      case 'returned-to-hand':
        return ['hand'];
      default:
        return ['field'];
    }
  }
  return ['field'];
}

export interface BuildCardResult {
  card: CardInfo;
  diagnostics: Diagnostic[];
}

/** Builds the engine's view of a card from its definition. */
export function buildCard(def: CardDef, origin: CardOrigin): BuildCardResult {
  const diagnostics: Diagnostic[] = [];
  const typeInfo = CARD_TYPES[def.cardType.text] ?? guessType(def.cardType.text);
  if (!CARD_TYPES[def.cardType.text]) {
    diagnostics.push({
      code: 'syntax',
      severity: 'error',
      message: `unknown card type \`${def.cardType.text}\` (expected one of: ${CARD_TYPE_NAMES.filter((n) => n.includes(' ')).join(', ')})`,
      range: def.cardType.range,
    });
  }
  const card: CardInfo = {
    name: def.name.text,
    key: normalizeName(def.name.text),
    aliases: def.aliases.map((a) => a.name.text),
    cardType: def.cardType.text,
    category: typeInfo.category,
    spellTrapKind: typeInfo.kind,
    extraDeck: !!typeInfo.extra,
    races: [],
    attributes: [],
    effects: [],
    origin,
  };
  for (const tag of def.tags) {
    const t = tag.text.toLowerCase().trim();
    const m = /^(level|rank|link|atk|def)\s+(\d+|\?)$/.exec(t);
    if (m) {
      const v = m[2] === '?' ? undefined : Number(m[2]);
      if (m[1] === 'atk') card.atk = v;
      else if (m[1] === 'def') card.def = v;
      else card.level = v;
    } else if (ATTRIBUTES.includes(t)) card.attributes.push(t);
    else if (RACES.includes(t)) card.races.push(t.replace(' ', '-'));
    else if (t === 'tuner' || t === 'gemini' || t === 'spirit' || t === 'union' || t === 'toon' || t === 'flip' || t === 'pendulum') {
      // Monster abilities: informational.
    } else {
      diagnostics.push({
        code: 'syntax',
        severity: 'warning',
        message: `unknown tag \`${tag.text}\` (expected a monster type, an attribute, level N, atk N or def N)`,
        range: tag.range,
      });
    }
  }
  let index = 0;
  const hasResponds = def.effects.some((e) => e.effectKind === 'responds');
  // A Spell/Trap with no `responds to` line still has its activation: it comes first.
  if (card.category !== 'monster' && !hasResponds) {
    card.effects.push(activationEffect(++index, card, [], def.cardType.text, def.cardType.range, []));
  }
  for (const line of def.effects) {
    const e = buildEffect(++index, card, line, diagnostics);
    card.effects.push(e);
  }
  return { card: uniformCard(card), diagnostics };
}

// The engine reads cards, effects, event patterns and target filters on every trigger it collects
// and every link it checks. Built as they are parsed, they get their optional fields in many mixes,
// so each kind had dozens of object layouts and those reads were megamorphic (V8 looks each one up in
// a shared cache instead of reading a fixed offset). Copied once, with every field in one order
// (undefined where absent), each kind has one layout. See ARCHITECTURE.md, V8 object layouts.

/** Every field of T, optional ones included: a copy typed with it fails to compile when it leaves one out. */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

function uniformCard(c: CardInfo): CardInfo {
  const out: EveryField<CardInfo> = {
    name: c.name,
    key: c.key,
    aliases: c.aliases,
    cardType: c.cardType,
    category: c.category,
    spellTrapKind: c.spellTrapKind,
    extraDeck: c.extraDeck,
    races: c.races,
    attributes: c.attributes,
    level: c.level,
    atk: c.atk,
    def: c.def,
    effects: c.effects.map(uniformEffect),
    origin: c.origin,
  };
  return out;
}

function uniformEffect(e: EffectInfo): EffectInfo {
  const out: EveryField<EffectInfo> = {
    index: e.index,
    kind: e.kind,
    mandatory: e.mandatory,
    timing: e.timing,
    event: e.event && uniformPattern(e.event),
    responds: e.responds.map(uniformPattern),
    phaseTime: e.phaseTime,
    condition: e.condition,
    activatesFrom: e.activatesFrom,
    summonsItself: e.summonsItself,
    oncePerChain: e.oncePerChain,
    oncePerTurn: e.oncePerTurn,
    spellSpeedOverride: e.spellSpeedOverride,
    targets: e.targets && (uniformFilter(e.targets) as CardFilter & { raw: string }),
    damageStep: e.damageStep,
    negatesActivation: e.negatesActivation,
    changesAtk: e.changesAtk,
    includes: e.includes,
    text: e.text,
    range: e.range,
  };
  return out;
}

/** Every field of every kind of pattern (the union's variants read as one record). */
type PatternRecord = Partial<VerbPattern> & {
  kind: EventPattern['kind'];
  subject?: 'self' | CardFilter;
  actor?: Actor;
  attempt?: boolean;
  direct?: boolean;
  ordinal?: number;
  what?: Array<'any' | 'monster-effect' | 'spell' | 'trap' | 'effect'>;
  includes?: string[];
  who?: 'you' | 'opponent' | 'any';
  battle?: boolean;
  raw: string;
  unknown: string[];
};

function uniformPattern(e: EventPattern): EventPattern {
  const p = e as PatternRecord;
  const out: EveryField<PatternRecord> = {
    kind: p.kind,
    subject: typeof p.subject === 'object' ? uniformFilter(p.subject) : p.subject,
    verb: p.verb,
    from: p.from,
    toGy: p.toGy,
    by: p.by,
    summonTypes: p.summonTypes,
    asCost: p.asCost,
    byOwnEffect: p.byOwnEffect,
    actor: p.actor,
    attempt: p.attempt,
    direct: p.direct,
    ordinal: p.ordinal,
    what: p.what,
    includes: p.includes,
    who: p.who,
    battle: p.battle,
    raw: p.raw,
    unknown: p.unknown,
  };
  return out as EventPattern;
}

function uniformFilter(f: CardFilter & { raw?: string }): CardFilter & { raw?: string } {
  const out: EveryField<CardFilter & { raw?: string }> = {
    category: f.category,
    races: f.races,
    attributes: f.attributes,
    levelMax: f.levelMax,
    levelMin: f.levelMin,
    atkMax: f.atkMax,
    atkMin: f.atkMin,
    controller: f.controller,
    zone: f.zone,
    faceUp: f.faceUp,
    eventCard: f.eventCard,
    unknown: f.unknown,
    raw: f.raw,
  };
  return out;
}

function guessType(text: string): { category: CardCategory; kind?: SpellTrapKind; extra?: boolean } {
  if (text.includes('trap')) return { category: 'trap', kind: text.includes('counter') ? 'counter' : text.includes('continuous') ? 'continuous' : 'normal' };
  if (text.includes('spell')) return { category: 'spell', kind: 'normal' };
  return { category: 'monster' };
}

function activationEffect(index: number, card: CardInfo, responds: EventPattern[], text: string, range: Range, modifiers: Token[][]): EffectInfo {
  const e: EffectInfo = {
    index,
    kind: 'activation',
    mandatory: false,
    responds,
    activatesFrom: card.spellTrapKind === 'quick-play' || card.category === 'spell' ? ['hand', 'field'] : ['field'],
    summonsItself: false,
    oncePerChain: false,
    oncePerTurn: false,
    damageStep: card.spellTrapKind === 'counter',
    negatesActivation: false,
    changesAtk: false,
    includes: [],
    text,
    range,
  };
  applyModifiers(e, modifiers, []);
  return e;
}

function buildEffect(index: number, card: CardInfo, line: EffectLine, diagnostics: Diagnostic[]): EffectInfo {
  if (line.effectKind === 'responds') {
    const responds = (line.alternatives ?? []).map((alt) => parseEvent(alt));
    for (const r of responds) reportUnknown(r, line, diagnostics);
    const e = activationEffect(index, card, responds, phraseText(line.line.tokens), line.range, line.modifiers);
    return e;
  }
  const kind: EffectKind = line.effectKind;
  let event: EventPattern | undefined;
  let phaseTime: PhaseTime | undefined;
  let condition: string | undefined;
  if (kind === 'trigger' || (kind === 'quick' && line.timing)) {
    event = parseEvent(line.phrase);
    reportUnknown(event, line, diagnostics);
  } else if (kind === 'phase-trigger') {
    const p = parsePhaseTime(line.phrase);
    phaseTime = p.time;
    condition = p.condition;
    if (!p.time) {
      diagnostics.push({
        code: 'unknown-event',
        severity: 'information',
        message: `the phase time \`${phraseText(line.phrase)}\` is not in the vocabulary; the engine will not check when this effect may activate`,
        range: line.range,
      });
    }
  } else if (kind === 'flip') {
    event = { kind: 'card', subject: 'self', verb: 'flipped', raw: 'flipped', unknown: [] };
  }
  const e: EffectInfo = {
    index,
    kind,
    mandatory: line.mandatory ?? (kind === 'flip'),
    timing: line.timing,
    event,
    responds: [],
    phaseTime,
    condition,
    activatesFrom: defaultActivationZones(card.category, kind, event),
    summonsItself: false,
    oncePerChain: false,
    oncePerTurn: false,
    damageStep: false,
    negatesActivation: false,
    changesAtk: false,
    includes: [],
    text: phraseText(line.line.tokens),
    range: line.range,
  };
  const unknownMods: string[] = [];
  applyModifiers(e, line.modifiers, unknownMods);
  for (const u of unknownMods) {
    diagnostics.push({
      code: 'syntax',
      severity: 'warning',
      message: `unknown modifier \`${u}\` (see docs/language.md, Modifiers)`,
      range: line.range,
    });
  }
  return e;
}

function reportUnknown(event: EventPattern, line: EffectLine, diagnostics: Diagnostic[]): void {
  if (event.kind === 'unknown' || event.unknown.length > 0) {
    diagnostics.push({
      code: 'unknown-event',
      severity: 'information',
      message:
        event.kind === 'unknown'
          ? `the event \`${event.raw}\` is not in the vocabulary; the engine will assume it happened whenever this effect is activated`
          : `the words \`${event.unknown.join(' ')}\` of \`${event.raw}\` are not in the vocabulary; the engine checks the rest and assumes these`,
      range: line.range,
    });
  }
}

function applyModifiers(e: EffectInfo, modifiers: Token[][], unknown: string[]): void {
  for (const m of modifiers) {
    const ws = words(m);
    const s = ws.join(' ');
    if (ws[0] === 'from' || (ws[0] === 'activates' && ws[1] === 'from')) {
      const zones: Zone[] = [];
      for (const w of ws) if (ZONE_OF[w]) zones.push(ZONE_OF[w]);
      if (zones.length) e.activatesFrom = zones;
      else unknown.push(s);
    } else if (s === 'summons itself' || s === 'special summons itself') {
      e.summonsItself = true;
    } else if (s === 'once per chain') {
      e.oncePerChain = true;
    } else if (ws[0] === 'spell' && ws[1] === 'speed' && /^[123]$/.test(ws[2] ?? '')) {
      e.spellSpeedOverride = Number(ws[2]);
    } else if (ws[0] === 'targets') {
      const f = parseFilter(ws.slice(1));
      e.targets = { ...f, raw: phraseText(m) };
    } else if (s === 'damage step') {
      e.damageStep = true;
    } else if (s === 'negates activation' || s === 'negates the activation') {
      e.negatesActivation = true;
    } else if (s === 'changes atk' || s === 'changes atk/def' || s === 'changes atk and def') {
      e.changesAtk = true;
    } else if (ws[0] === 'includes') {
      e.includes.push(
        ...ws
          .slice(1)
          .join(' ')
          .split(/\s+or\s+|\s+and\s+/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
    } else if (s === 'hopt' || s === 'once per turn') {
      e.oncePerTurn = true;
    } else if (ws[0] === 'cost') {
      // Informational.
    } else {
      unknown.push(s);
    }
  }
}
