// The effect properties: one row per property an effect line states with a modifier (`from hand`, `once
// per chain`, `targets ...`). Each row is everything the language knows of it: the field of EffectInfo it
// fills, the words that start its modifier (the parser splits an effect line at them), how it reads a
// modifier (`read`), how it is printed (`print`: `segoc card`, `segoc infer` and the generated and
// inferred effects' text all print through printModifiers), its default (`fallback`, makeCard), what
// completion offers, how docs/language.md's Modifiers table writes it (a test compares them), its words
// in a hover, and the fact the library audit compares. Adding a property is one row here, its field in
// types.ts, and what reads it (ARCHITECTURE.md, "Add an effect property and a rule that reads it").
import { MODIFIER_START_WORDS, Zone } from '../../words';
import type { CardCategory, EffectFacts, EffectInfo, EventPattern, SpellTrapKind } from '../types';
import { printActions, readActions } from './actions';
import { COST_PHRASES, describeCostPart, printCost, readCost } from './costs';
import { CONDITION_PHRASES, printConditions, readConditions } from './conditions';
import { parseFilter } from './filters';
import { describeRestriction, printRestriction, readRestriction, RESTRICTION_STARTS } from './restrictions';
import { interpretActivationWindow } from './times';
import { ZONE_WORDS } from './words';

/** How an effect line writes who may not respond to its activation (R40). */
const NO_RESPONSE_WORDS: Readonly<Record<NonNullable<EffectInfo['noResponse']>, string>> = {
  opponent: 'cannot be responded to by opponent',
  both: 'cannot be responded to',
  'opponent-some': 'cannot be responded to by opponent with some cards',
  'both-some': 'cannot be responded to with some cards',
};

/** What a property's default and its printing may depend on: the card's category and kind. */
export interface CardKind {
  category: CardCategory;
  spellTrapKind?: SpellTrapKind;
}

/** One effect property (see the file's comment). `key` is a field of EffectInfo, or absent for words that set nothing. */
export interface EffectProperty {
  key?: string;
  /** The first words of its modifier (none: another row's modifier sets it, as `from ... (even if not)` sets evenIfNotThere). */
  starts: readonly string[];
  /** What completion offers after a comma of an effect line (`targets ` is completed by the user). */
  completions: readonly string[];
  /** Its spellings in the first column of docs/language.md's Modifiers table. */
  docs: readonly string[];
  /** Reads one modifier (its lower-cased words and its text) into `effect`; false when the modifier is not this row's. */
  read?(effect: EffectFacts, ws: readonly string[], raw: string): boolean;
  /** The modifier that states the effect's value, or undefined where it has its default. */
  print?(e: EffectInfo, card: CardKind): string | undefined;
  /** The value where the source states none (`e` has the fixed fields: kind, event, ...). */
  fallback?(e: EffectInfo, card: CardKind): unknown;
  /** Its words in a hover (lsp/describe.ts), undefined where nothing is said. */
  describe?(e: EffectInfo): string | undefined;
  /** The library audit's fact (cards/audit.ts): its name and value, undefined where it is not compared. */
  audit?: { name: string; value(e: EffectInfo): string | undefined };
}

/** A row whose key is a field of EffectInfo, typed by it. */
interface TypedProperty<K extends keyof EffectInfo> extends EffectProperty {
  key: K;
  fallback?(e: EffectInfo, card: CardKind): EffectInfo[K];
}

function row<K extends keyof EffectInfo>(p: TypedProperty<K>): TypedProperty<K> {
  return p;
}

/** A property that is true when one of its spellings is written (`once per chain`). */
function flag<K extends keyof EffectInfo>(key: K, spellings: readonly string[], more: Partial<TypedProperty<K>> = {}): TypedProperty<K> {
  return row({
    key,
    starts: [...new Set(spellings.map((s) => s.split(' ')[0]))],
    completions: [spellings[0]],
    docs: [spellings[0]],
    read: (effect, ws) => {
      if (!spellings.includes(ws.join(' '))) return false;
      (effect as Record<string, unknown>)[key] = true;
      return true;
    },
    print: (e) => (e[key] ? spellings[0] : undefined),
    fallback: () => false as EffectInfo[K],
    audit: { name: key, value: (e) => String(e[key]) },
    ...more,
  });
}

/**
 * Where an effect is activated from when its source does not say. A Spell is activated from the hand
 * or the field (set), a Trap from the field; an effect on an event of its own card from where that event leaves
 * it (a monster's, and a Spell/Trap's: "If this card in your Spell & Trap Zone is destroyed: ..." from the GY).
 */
export function defaultZones(card: CardKind, kind: EffectInfo['kind'], event?: EventPattern): Zone[] {
  // `sent to gy or banished`: from wherever either event leaves the card.
  if (event?.kind === 'card' && event.or?.length) {
    const zones = [{ ...event, or: undefined }, ...event.or].flatMap((e) => defaultZones(card, kind, e));
    return [...new Set(zones)];
  }
  if (kind === 'activation') return card.spellTrapKind === 'quick-play' || card.category === 'spell' ? ['hand', 'field'] : ['field'];
  if ((kind === 'trigger' || kind === 'quick') && event && event.kind === 'card' && event.subject === 'self') {
    switch (event.verb) {
      case 'sent-to-gy':
      case 'discarded':
      case 'tributed':
      case 'material':
      case 'destroyed':
        return ['gy'];
      case 'banished':
        return ['banished'];
      case 'added-to-hand':
      case 'returned-to-hand':
      case 'drawn':
        return ['hand'];
      case 'returned-to-extra':
        return ['extra'];
      default:
        return ['field'];
    }
  }
  return ['field'];
}

const ACTIVATES_SET = 'activates the turn it was set';
const ONCE_BY_NAME = 'once per turn by name';
const ACTIVATE_ONCE = 'activate 1 per turn';
const ONCE_PER_DUEL = 'once per duel';

/**
 * The table, in the order an effect line prints its modifiers. A `from` modifier is printed first (the
 * zone of `(even if not)` last in it); `once per turn` before `once per chain`, as `segoc infer` wrote them.
 */
const SHIPPED = [
  row({
    key: 'activatesFrom',
    starts: ['from'],
    completions: ['from hand', 'from gy', 'from hand or gy', 'from field', 'from banished'],
    docs: ['from hand', 'from gy', 'from hand or gy', 'from field', 'from banished', 'from gy or hand (even if not)', 'from field or hand (while <condition>)'],
    read(effect, ws, raw) {
      if (ws[0] !== 'from' && !(ws[0] === 'activates' && ws[1] === 'from')) return false;
      const zones: Zone[] = [];
      const cond = ws.indexOf('while');
      for (const w of cond > 0 ? ws.slice(0, cond) : ws) if (ZONE_WORDS[w]) zones.push(ZONE_WORDS[w]);
      // `(while <condition>)` after the zones: what must hold to activate it from the hand (R79).
      if (cond > 0) {
        const words = ws.slice(cond + 1).filter((w) => w !== ')' && w !== '(');
        const text = /\(\s*while\s+([^)]*)\)/i.exec(raw)?.[1] ?? words.join(' ');
        const read = readConditions(words, text);
        if (!read || !zones.includes('hand')) return false;
        effect.handConditions = read;
      }
      if (!zones.length) return false;
      effect.activatesFrom = zones;
      // `from gy or hand (even if not)`: the zone named right before "(even if not)" is exempt from R23.
      const even = ws.findIndex((w, i) => w === 'even' && ws[i + 1] === 'if' && ws[i + 2] === 'not');
      const zone = even > 0 ? ws.slice(0, even).reverse().map((w) => ZONE_WORDS[w]).find((z) => z) : undefined;
      if (zone) effect.evenIfNotThere = [zone];
      return true;
    },
    print(e, card) {
      // `(even if not)` follows the zone it exempts from R23 (the reader reads it so): that zone is written last.
      const even = e.evenIfNotThere[0];
      const from = even ? [...e.activatesFrom.filter((z) => z !== even), even] : e.activatesFrom;
      const hand = printConditions(e.handConditions);
      if (!even && !hand && e.activatesFrom.join() === defaultZones(card, e.kind, e.event).join()) return undefined;
      return `from ${from.join(' or ')}${even ? ' (even if not)' : ''}${hand ? ` (${hand})` : ''}`;
    },
    fallback: (e, card) => defaultZones(card, e.kind, e.event),
    audit: { name: 'zones', value: (e) => (e.kind === 'activation' ? undefined : [...e.activatesFrom].sort().join(' or ')) },
  }),
  row({ key: 'evenIfNotThere', starts: [], completions: [], docs: [], fallback: () => [] }),
  // `from field or hand (while you control no cards)`: the hand's own condition, read and printed by the `from` row.
  row({
    key: 'handConditions',
    starts: [],
    completions: [],
    docs: [],
    fallback: () => [],
    describe: (e) => (e.handConditions.length ? `activated from the hand only ${printConditions(e.handConditions)}` : undefined),
  }),
  flag('chooseOne', ['choose one', 'choose 1'], {
    describe: (e) => (e.chooseOne ? 'one of the effects chosen when the card is activated' : undefined),
    // Said only where it is one, so other cards' audited facts stay as they were.
    audit: { name: 'chooseOne', value: (e) => (e.chooseOne ? 'true' : undefined) },
  }),
  row({
    key: 'setTurn',
    starts: ['activates'],
    completions: [ACTIVATES_SET],
    docs: [ACTIVATES_SET, `${ACTIVATES_SET} if <condition>`, `${ACTIVATES_SET} by <cost>`],
    read(effect, ws, raw) {
      // `activates the turn it was set [if <condition> | by <cost>]` (R34): the rest is kept as written.
      if (ws[0] !== 'activates' || ws.slice(1, 6).join(' ') !== 'the turn it was set') return false;
      const rest = ws.slice(6);
      if (rest.length && rest[0] !== 'if' && rest[0] !== 'by') return false;
      if (rest.length === 1) return false;
      const condition = raw.replace(/^\s*activates\s+the\s+turn\s+it\s+was\s+set\s*/i, '').trim();
      effect.setTurn = { raw, condition: condition || undefined };
      return true;
    },
    print: (e) => e.setTurn?.raw,
    describe: (e) => (e.setTurn ? `may be activated the turn it was Set${e.setTurn.condition ? ` (${e.setTurn.condition})` : ''}` : undefined),
  }),
  flag('summonsItself', ['summons itself', 'special summons itself'], {
    // `special` starts no modifier (`responds to special summon` is an event): only `summons itself` splits a line.
    starts: ['summons'],
    describe: (e) => (e.summonsItself ? 'Special Summons itself' : undefined) }),
  flag('oncePerTurn', ['once per turn', 'hopt'], {
    docs: ['once per turn'],
    // `once per turn by name` says it already.
    print: (e) => (e.oncePerTurn && !e.oncePerTurnByName ? 'once per turn' : undefined),
    describe: (e) => (e.oncePerTurn && !e.oncePerTurnByName ? 'once per turn' : undefined),
  }),
  row({
    // "You can only use this effect of X once per turn": the hard limit, by name (R38). Printed instead of `once per turn`.
    key: 'oncePerTurnByName',
    starts: ['once'],
    completions: [ONCE_BY_NAME],
    docs: [ONCE_BY_NAME],
    read(effect, ws) {
      if (ws.join(' ') !== ONCE_BY_NAME) return false;
      // What it implies (`once per turn`) is set where every effect is made (facts.ts, impliedLimits).
      effect.oncePerTurnByName = true;
      return true;
    },
    // `once per duel` says it already.
    print: (e) => (e.oncePerTurnByName && !e.oncePerDuel ? ONCE_BY_NAME : undefined),
    fallback: () => false,
    describe: (e) => (e.oncePerTurnByName && !e.oncePerDuel ? 'once per turn by card name (every copy shares it)' : undefined),
  }),
  flag('activateOncePerTurn', [ACTIVATE_ONCE, 'activate once per turn'], {
    describe: (e) => (e.activateOncePerTurn ? 'only 1 of this card may be activated per turn' : undefined),
    audit: undefined,
  }),
  flag('oncePerChain', ['once per chain'], { describe: (e) => (e.oncePerChain ? 'once per chain' : undefined) }),
  // "Once per battle" (R78): the audit's facts of the texts predate it.
  flag('oncePerBattle', ['once per battle'], { describe: (e) => (e.oncePerBattle ? 'once per battle' : undefined), audit: undefined }),
  row({
    // "You can only use this effect of X once per Duel": by name; within a turn the hard limit (R38). Printed alone.
    key: 'oncePerDuel',
    starts: ['once'],
    completions: [ONCE_PER_DUEL],
    docs: [ONCE_PER_DUEL],
    read(effect, ws) {
      if (ws.join(' ') !== ONCE_PER_DUEL) return false;
      effect.oncePerDuel = true;
      return true;
    },
    print: (e) => (e.oncePerDuel ? ONCE_PER_DUEL : undefined),
    fallback: () => false,
    describe: (e) => (e.oncePerDuel ? 'once per Duel by card name (within a turn: once per turn by name)' : undefined),
  }),
  row({
    key: 'spellSpeedOverride',
    starts: ['spell'],
    completions: ['spell speed 2'],
    docs: ['spell speed N'],
    read(effect, ws) {
      if (ws[0] !== 'spell' || ws[1] !== 'speed' || !/^[123]$/.test(ws[2] ?? '') || ws.length !== 3) return false;
      effect.spellSpeedOverride = Number(ws[2]);
      return true;
    },
    print: (e) => (e.spellSpeedOverride ? `spell speed ${e.spellSpeedOverride}` : undefined),
  }),
  row({
    key: 'targets',
    starts: ['targets'],
    completions: ['targets '],
    docs: ['targets <filter>'],
    read(effect, ws, raw) {
      if (ws[0] !== 'targets') return false;
      effect.targets = { ...parseFilter(ws.slice(1)), raw };
      return true;
    },
    print: (e) => e.targets?.raw,
    describe: (e) => (e.targets ? `targets ${e.targets.raw}` : undefined),
    audit: { name: 'targets', value: (e) => String(!!e.targets) },
  }),
  // PSCT: "Target 1 face-up card; banish it" acts on the card whatever became of its face; "banish that target"
  // rechecks the target's words (R44). Absent: rechecked, as "that target" says.
  flag('targetNotRechecked', ['target not rechecked'], {
    describe: (e) => (e.targetNotRechecked ? 'resolves on "it": a target that turned face-down or face-up is still affected (not rechecked, PSCT)' : undefined),
    audit: undefined,
  }),
  flag('damageStep', ['damage step'], {
    print: (e, card) => (e.damageStep && !counterActivation(e, card) ? 'damage step' : undefined),
    fallback: (e, card) => counterActivation(e, card),
    describe: (e) => (e.damageStep ? 'may be activated in the Damage Step' : undefined),
  }),
  row({
    key: 'noResponse',
    starts: ['cannot'],
    completions: ['cannot be responded to by opponent'],
    docs: ['cannot be responded to by opponent', 'cannot be responded to', 'cannot be responded to by opponent with some cards', 'cannot be responded to with some cards'],
    read(effect, ws) {
      const w = ws.join(' ');
      if (w === 'cannot be responded to by opponent' || w === 'cannot be responded to by the opponent') effect.noResponse = 'opponent';
      else if (w === 'cannot be responded to') effect.noResponse = 'both';
      // Some responses only ("the targeted card", "with the same original type", or under a condition): which, unknown.
      else if (w === 'cannot be responded to by opponent with some cards') effect.noResponse = 'opponent-some';
      else if (w === 'cannot be responded to with some cards') effect.noResponse = 'both-some';
      else return false;
      return true;
    },
    print: (e) => (e.noResponse ? NO_RESPONSE_WORDS[e.noResponse] : undefined),
    describe: (e) =>
      e.noResponse === 'opponent'
        ? 'the opponent cannot respond to its activation'
        : e.noResponse === 'both'
          ? 'no card or effect can be activated in response to its activation'
          : e.noResponse === 'opponent-some'
            ? 'the opponent cannot respond to its activation with some cards (which, the card says)'
            : e.noResponse === 'both-some'
              ? 'some cards or effects cannot be activated in response to its activation (which, the card says)'
              : undefined,
    // Compared only where the library states it (the audit fixture predates it: a text read as "none" is no difference).
    audit: { name: 'noResponse', value: (e) => e.noResponse },
  }),
  flag('negatesActivation', ['negates activation', 'negates the activation'], { describe: (e) => (e.negatesActivation ? 'negates an activation' : undefined) }),
  flag('changesAtk', ['changes atk', 'changes atk/def', 'changes atk and def'], { describe: (e) => (e.changesAtk ? 'changes ATK/DEF' : undefined), audit: undefined }),
  row({
    key: 'includes',
    starts: ['includes'],
    completions: ['includes search', 'includes deck summon', 'includes special summon'],
    docs: ['includes <what>'],
    read(effect, ws) {
      if (ws[0] !== 'includes') return false;
      const what = ws.slice(1).join(' ').split(/\s+or\s+|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
      (effect.includes ??= []).push(...what);
      return true;
    },
    print: (e) => (e.includes.length ? `includes ${e.includes.join(' or ')}` : undefined),
    fallback: () => [],
    describe: (e) => (e.includes.length ? `includes ${e.includes.join(', ')}` : undefined),
    audit: { name: 'includes', value: (e) => [...e.includes].sort().join(' or ') || 'nothing listed' },
  }),
  row({
    key: 'does',
    starts: ['does'],
    completions: ['does destroy target', 'does special summon itself', 'does negate activation and destroy that card', 'does add from deck'],
    docs: ['does <part> [<conjunction> <part>]'],
    read(effect, ws) {
      if (ws[0] !== 'does') return false;
      const parts = readActions(ws.slice(1));
      if (!parts) return false;
      effect.does = parts;
      return true;
    },
    print: (e) => printActions(e.does),
    fallback: () => [],
    describe: (e) => (e.does.length ? `on resolution: ${printActions(e.does)!.slice('does '.length)}` : undefined),
    // Not audited yet: the audit's facts of the official texts (test/fixtures/library-audit.json) are written by
    // `npm run cards:audit` from a yaml-yugi checkout, and hold no `does` until that is run again.
  }),
  row({
    key: 'window',
    starts: ['during'],
    completions: ['during your turn', "during the opponent's turn", 'during your main phase', "during the opponent's main phase", "during the opponent's battle phase", 'during the damage step', 'during the end of the damage step', 'during the end of the battle phase', 'during the start of your main phase 1'],
    docs: ['during your turn', "during the opponent's turn", 'during your main phase', "during the opponent's main phase", "during the opponent's battle phase", 'during the damage step', 'during the end of the damage step', 'during the end of the battle phase', 'during the start of your main phase 1'],
    read(effect, ws, raw) {
      const window = interpretActivationWindow(ws, raw);
      if (!window) return false;
      effect.window = window;
      return true;
    },
    print: (e) => e.window?.raw,
    describe: (e) => (e.window ? `activated only ${e.window.raw}` : undefined),
  }),
  // "This card's Summon cannot be negated" (R53): on the card's `continuous` line, as its text states it.
  flag('summonUnnegatable', ['its summon cannot be negated'], {
    describe: (e) => (e.summonUnnegatable ? 'its Summon cannot be negated' : undefined),
    // The inference does not read it from the text yet: nothing to compare.
    audit: undefined,
  }),
  // A Special Summon by the card's own procedure (R54): on the card's `continuous` line.
  flag('summoningProcedure', ['summoning procedure'], {
    describe: (e) => (e.summoningProcedure ? 'a Summoning procedure (no effect: starts no chain)' : undefined),
    audit: undefined,
  }),
  // A Pendulum Effect (R66): used from the Pendulum Zone only; the card's other effects are its monster effects.
  flag('pendulumEffect', ['pendulum effect'], {
    describe: (e) => (e.pendulumEffect ? 'a Pendulum Effect: used only while the card is in a Pendulum Zone' : undefined),
    audit: undefined,
  }),
  // An effect the card grants to another card (R68): while it is that card's material, once used as its material, or
  // while this card is face-up on the field.
  row({
    key: 'granted',
    starts: ['granted'],
    completions: ['granted as material', 'granted when used as material', 'granted while face-up'],
    docs: ['granted as material', 'granted when used as material', 'granted while face-up'],
    read(effect, ws) {
      const how = GRANTED[ws.join(' ')];
      if (!how) return false;
      effect.granted = how;
      return true;
    },
    print: (e) => (e.granted ? Object.keys(GRANTED).find((k) => GRANTED[k] === e.granted) : undefined),
    describe: (e) =>
      e.granted === 'as-material'
        ? 'granted to the monster that has this card as material (used by that monster, not by this card)'
        : e.granted === 'used-as-material'
          ? 'granted to the monster Summoned using this card as material (used by that monster, not by this card)'
          : e.granted === 'face-up'
            ? 'granted to another card while this card is face-up on the field (used by that card, not by this card)'
            : undefined,
    audit: undefined,
  }),
  // An effect that applies later in the turn because an earlier activation of the card resolved (R69).
  flag('lingering', ['lingering'], {
    describe: (e) => (e.lingering ? 'a lingering effect: it exists later in the turn only if an earlier activation of the card resolved' : undefined),
    audit: undefined,
  }),
  // What a `continuous` line forbids or negates while its card is face-up on the field (R62-R65): one modifier per
  // restriction, read and printed by restrictions.ts.
  row({
    key: 'restricts',
    starts: RESTRICTION_STARTS,
    completions: ['locks activation of trap cards', 'locks special summons', 'negates monster effects on the field', 'unaffected by other card effects', 'locks banishing from gy', 'negates effects that move cards in the gy'],
    docs: ['locks activation of <what> [for <player>]', 'locks special summons [for <player>] [except some monsters]', 'negates <kind> effects on the field', 'unaffected by <kind> effects', 'locks banishing [from gy] [for <player>]', 'negates effects that move cards in the gy'],
    read(effect, ws) {
      const r = readRestriction(ws);
      if (!r) return false;
      (effect.restricts ??= []).push(r);
      return true;
    },
    print: (e) => (e.restricts.length ? e.restricts.map(printRestriction).join(', ') : undefined),
    fallback: () => [],
    describe: (e) => (e.restricts.length ? e.restricts.map(describeRestriction).join('; ') : undefined),
  }),
  row({
    // What is paid to activate it ("Discard 1 card; ..."): R74 checks it can be paid where the scenario states the board.
    key: 'cost',
    starts: ['cost'],
    completions: COST_PHRASES.map((c) => `cost ${c}`),
    docs: ['cost <part> [and <part>]', 'cost'],
    read(effect, ws) {
      if (ws[0] !== 'cost') return false;
      effect.cost = readCost(ws.slice(1));
      return true;
    },
    print: (e) => printCost(e.cost),
    describe: (e) => (e.cost ? `cost: ${e.cost.map(describeCostPart).join(' and ')}` : undefined),
  }),
  row({
    // "while you control no monsters", "if 3 or more attacks have been declared this turn": conditions on the game
    // state when the effect is activated (R79), read and printed by conditions.ts; several joined by `and`.
    key: 'conditions',
    starts: ['while'],
    completions: CONDITION_PHRASES.filter((c) => !c.includes('"X"')),
    docs: ['while <condition> [and <condition>]'],
    read(effect, ws, raw) {
      if (ws[0] !== 'while') return false;
      const read = readConditions(ws.slice(1), raw.trim().replace(/^while\s+/i, ''));
      if (!read) return false;
      (effect.conditions ??= []).push(...read);
      return true;
    },
    print: (e) => printConditions(e.conditions),
    fallback: () => [],
    describe: (e) => (e.conditions.length ? `only ${printConditions(e.conditions)}` : undefined),
  }),
];

/** The spellings of `granted` (R68) and what each means. */
const GRANTED: Readonly<Record<string, NonNullable<EffectInfo['granted']>>> = {
  'granted as material': 'as-material',
  'granted when used as material': 'used-as-material',
  'granted while face-up': 'face-up',
};

function counterActivation(e: EffectInfo, card: CardKind): boolean {
  return e.kind === 'activation' && card.spellTrapKind === 'counter';
}

/** The fields of EffectInfo the table fills (layout.ts copies the others by name). */
export type EffectPropertyKey = Extract<(typeof SHIPPED)[number], { key: string }>['key'];

const properties: EffectProperty[] = [...SHIPPED];

/** Every effect property, in printing order. */
export const EFFECT_PROPERTIES: readonly EffectProperty[] = properties;

/**
 * The words that start a modifier (the parser splits an effect line's phrase from its modifiers at the first
 * comma-separated part that starts with one) are a set of the words leaf, core/words.ts, since the parser may not
 * import the card vocabulary: test/vocabulary.test.ts holds it equal to the rows' `starts`.
 */
export { MODIFIER_START_WORDS };

/**
 * Adds a row for the time of a test (test/effect-property.test.ts: a throwaway property shows what one row
 * gives); the returned function takes it out again. Shipped properties are rows of SHIPPED, never added so.
 */
export function addEffectProperty(p: EffectProperty): () => void {
  properties.push(p);
  const starts = MODIFIER_START_WORDS as Set<string>;
  const added = p.starts.filter((w) => !starts.has(w));
  for (const w of added) starts.add(w);
  return () => {
    properties.splice(properties.indexOf(p), 1);
    for (const w of added) starts.delete(w);
  };
}
