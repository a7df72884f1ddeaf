// The words for what results carry as codes: SEGOC categories, link roles and kinds, phases, zones,
// ordinals. Defined once, with no imports: render, the CLI, the hovers and (through the server's
// preview DTO) the preview all show these, so they cannot drift apart (test/labels.test.ts).

/** SEGOC categories (R11): 1 TP mandatory, 2 NTP mandatory, 3 TP optional, 4 NTP optional. */
export const CATEGORY_LABELS = {
  1: "turn player's mandatory",
  2: "non-turn player's mandatory",
  3: "turn player's optional",
  4: "non-turn player's optional",
} as const;

/** The same, for tight spaces (chips, SVG boxes). */
export const CATEGORY_SHORT = {
  1: 'TP mandatory',
  2: 'NTP mandatory',
  3: 'TP optional',
  4: 'NTP optional',
} as const;

/** What kind of link a chain link is, in a few words (hovers, the preview, `explain`). */
export const ROLE_LABELS = {
  'batch-trigger': 'trigger',
  'hand-trigger': 'hand trigger',
  'phase-trigger': 'phase trigger',
  responder: 'responder ("when ... is activated")',
  fast: 'fast effect',
  slow: 'Spell Speed 1 activation',
} as const;

export type LinkRoleName = keyof typeof ROLE_LABELS;

/** The colour group of a link: its SEGOC category for a trigger of the batch, else its kind. */
export type LinkKind = 'cat-1' | 'cat-2' | 'cat-3' | 'cat-4' | 'fast' | 'responder' | 'phase' | 'hand' | 'slow';

/** The legend of the kinds that are not a SEGOC category. */
export const KIND_LABELS = {
  fast: 'fast effect',
  responder: 'responds to an activation',
  phase: 'phase trigger',
  hand: 'hand trigger',
  slow: 'Spell Speed 1 activation',
} as const;

/** The same, for tight spaces. */
export const KIND_SHORT = {
  fast: 'fast effect',
  responder: 'responder',
  phase: 'phase trigger',
  hand: 'hand trigger',
  slow: 'activation',
} as const;

export function linkKind(role: LinkRoleName, category: 1 | 2 | 3 | 4 | undefined): LinkKind {
  if ((role === 'batch-trigger' || role === 'hand-trigger') && category) return `cat-${category}`;
  switch (role) {
    case 'phase-trigger':
      return 'phase';
    case 'responder':
      return 'responder';
    case 'fast':
      return 'fast';
    case 'hand-trigger':
      return 'hand';
    default:
      return 'slow';
  }
}

/** The category column: the SEGOC category of a trigger ("1 · turn player's mandatory"), else the kind of link. */
export function categoryText(role: LinkRoleName, category: 1 | 2 | 3 | 4 | undefined, mandatory: boolean | undefined): string {
  const kind = linkKind(role, category);
  if (category && kind.startsWith('cat-')) return `${category} · ${CATEGORY_LABELS[category]}${role === 'hand-trigger' ? ' (hand)' : ''}`;
  if (kind === 'phase') return mandatory === false ? 'phase trigger, optional' : mandatory ? 'phase trigger, mandatory' : 'phase trigger';
  return KIND_LABELS[kind as keyof typeof KIND_LABELS];
}

/** A short category label for tight spaces. */
export function categoryShort(role: LinkRoleName, category: 1 | 2 | 3 | 4 | undefined): string {
  const kind = linkKind(role, category);
  if (category && kind.startsWith('cat-')) return CATEGORY_SHORT[category];
  return KIND_SHORT[kind as keyof typeof KIND_SHORT];
}

/** Phases and steps as results name them (a chain's `phase`). */
export const PHASE_LABELS: Record<string, string> = {
  draw: 'Draw Phase',
  standby: 'Standby Phase',
  main1: 'Main Phase 1',
  battle: 'Battle Phase',
  'damage-step': 'Damage Step',
  damage: 'Damage Step',
  main2: 'Main Phase 2',
  end: 'End Phase',
  'end-of-battle': 'end of the Battle Phase',
};

export function phaseLabel(phase: string): string {
  return PHASE_LABELS[phase] ?? phase;
}

/** Zones as the rules name them. */
export const ZONE_LABELS: Record<string, string> = {
  hand: 'hand',
  field: 'field',
  gy: 'GY',
  deck: 'deck',
  banished: 'banishment',
  extra: 'Extra Deck',
  overlay: 'Xyz Materials',
  gone: 'nowhere (a Token that left the field no longer exists)',
};

export function zoneLabel(zone: string): string {
  return ZONE_LABELS[zone] ?? zone;
}

/** A scenario's verdict in words: a "legal" that rests on card facts the library does not know says so (issue 27). */
export function verdictLabel(verdict: 'legal' | 'illegal' | 'invalid', restsOnUnknownFacts: boolean): string {
  return verdict === 'legal' && restsOnUnknownFacts ? 'legal, resting on unknown facts' : verdict;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, ... */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
