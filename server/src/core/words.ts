// The game's words: zones, phases, Summon methods, monster types and attributes, and the words that can start an
// effect line's modifiers. A leaf (it imports nothing), so that the parser (syntax/), the card model
// (cards/) and the text inference (infer/) share one spelling of each without importing one another:
// the layer order of ARCHITECTURE.md, checked by test/architecture.test.ts.

/**
 * `overlay`: attached to an Xyz Monster as material (off the field, in no zone a board line can name: the
 * engine puts cards there, the scenario never does).
 */
/** `gone`: where a Token is once it left the field (it ceases to exist, R70); never written, like `overlay`. */
export type Zone = 'field' | 'hand' | 'gy' | 'banished' | 'deck' | 'extra' | 'overlay' | 'gone';
export const ZONES: readonly Zone[] = ['field', 'hand', 'gy', 'banished', 'deck', 'extra'];

/** Summons that use materials: the materials are "used as material" (R20 (d)); the Summon is a Special Summon. */
export type SummonMethod = 'link' | 'xyz' | 'synchro' | 'fusion' | 'ritual';
export const SUMMON_METHODS: readonly SummonMethod[] = ['link', 'xyz', 'synchro', 'fusion', 'ritual'];
/** The kinds of a Special Summon by the game's procedure: the Summons with materials, and the Pendulum Summon (R67). */
export type SpecialSummonKind = SummonMethod | 'pendulum';
export const SPECIAL_SUMMON_KINDS: readonly SpecialSummonKind[] = [...SUMMON_METHODS, 'pendulum'];

/** The parts of the Damage Step a scenario may write (R55): start, before/during/after damage calculation, end. */
export type DamageStepPart = 'start' | 'before-calculation' | 'calculation' | 'after-calculation' | 'end';

export type PhaseName = 'draw' | 'standby' | 'main1' | 'battle' | 'damage-step' | 'main2' | 'end' | 'end-of-battle';
export const PHASES: readonly PhaseName[] = ['draw', 'standby', 'main1', 'battle', 'damage-step', 'main2', 'end'];

/** Zone words: in board lines, `from` clauses, event phrases and `from` modifiers alike. */
export const ZONE_WORDS: Readonly<Record<string, Zone>> = {
  field: 'field',
  hand: 'hand',
  gy: 'gy',
  graveyard: 'gy',
  grave: 'gy',
  banished: 'banished',
  deck: 'deck',
  extra: 'extra',
};

/** Phase words of a scenario's `phase` line. */
export const PHASE_WORDS: Readonly<Record<string, PhaseName>> = {
  draw: 'draw',
  standby: 'standby',
  main1: 'main1',
  'main-1': 'main1',
  battle: 'battle',
  'damage-step': 'damage-step',
  damage: 'damage-step',
  main2: 'main2',
  'main-2': 'main2',
  end: 'end',
};

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

/**
 * The words that start a modifier: the parser splits an effect line's phrase from its modifiers at the
 * first comma-separated part that starts with one (`spell` only before `speed`, `damage` only as `damage step`: see
 * the parser's isModifierStart); cards/vocabulary/modifiers.ts interprets the modifiers themselves.
 */
export const MODIFIER_START_WORDS: ReadonlySet<string> = new Set(['from', 'summons', 'once', 'spell', 'targets', 'damage', 'negates', 'changes', 'includes', 'hopt', 'cost', 'activates', 'during', 'choose', 'its', 'summoning', 'does', 'cannot', 'activate', 'pendulum', 'granted', 'lingering', 'locks', 'unaffected', 'while', 'target']);
