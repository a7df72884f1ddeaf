// Which rules are in force for a ruleset and date (rules.md, "Rulesets"). One place decides it,
// so hovers, diagnostics and the docs all say the same thing.

export type Region = 'tcg' | 'ocg';

export interface Ruleset {
  region: Region;
  /** ISO date (YYYY-MM-DD) the scenario is judged at; undefined = current rules. */
  asOf?: string;
  /** As written, for messages: "TCG", "OCG as of 2016-06". */
  label: string;
}

/** The dates the engine uses (rules.md "Rulesets"; docs/rules.md says where each comes from). */
export const RULE_DATES = {
  /** R13 legacy trigger order: TCG before Rulebook 10 reached the TCG (Starter Deck Link Strike, July 2017). */
  tcgNewMasterRule: '2017-07-21',
  /** R23: OCG revision of 2020-04-01. */
  ocgLocationRule: '2020-04-01',
  /** R23: TCG adopted the OCG revision with Konami's "[TCG] 2021 Rules Update" (November 2021; the day is unknown). */
  tcgLocationRule: '2021-11-01',
  /** R23 legacy: OCG "private area" rule from 2012. */
  ocgPrivateAreaRule: '2012-01-01',
  /** R27: the January 2010 rule change. */
  handSummonLimit: '2010-01-01',
};

export function normalizeDate(text: string): string | undefined {
  // Exactly YYYY, YYYY-MM or YYYY-MM-DD, and a day the calendar has: near a rule's boundary a
  // mistyped date (`2017-02-30`, `2016-6`) would otherwise pick a ruleset silently.
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? '1'), Number(m[3] ?? '1')];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function before(r: Ruleset, date: string): boolean {
  return r.asOf !== undefined && r.asOf < date;
}

export interface RulesInForce {
  legacyTriggerOrder: boolean; // R13
  /** R23. 'unverified': TCG before its 2021 update, where no source says how a move counted (no diagnostic). */
  locationRule: 'any-move' | 'private-area' | 'unverified';
  handSummonLimit: boolean; // R27
  handTriggersAfterPublic: boolean; // R28
  trapTriggersSpeed2: boolean; // R5 OCG nuance
}

export function rulesInForce(r: Ruleset): RulesInForce {
  const tcg = r.region === 'tcg';
  return {
    legacyTriggerOrder: tcg && before(r, RULE_DATES.tcgNewMasterRule),
    locationRule: !before(r, tcg ? RULE_DATES.tcgLocationRule : RULE_DATES.ocgLocationRule) ? 'any-move' : tcg ? 'unverified' : 'private-area',
    handSummonLimit: !before(r, RULE_DATES.handSummonLimit),
    handTriggersAfterPublic: !tcg,
    trapTriggersSpeed2: !tcg,
  };
}

/** A few lines on the rules in force (plain text: the label first), for the hover on `rules` and `explain`. */
export function describeRules(r: Ruleset): string[] {
  const f = rulesInForce(r);
  return [
    r.label,
    f.legacyTriggerOrder
      ? 'R13 [version]: legacy TCG "trigger first": inside one player\'s category, effects go on the chain in the order their conditions were met.'
      : 'R12: inside one category the controller chooses the order (R13 legacy order not in force).',
    f.locationRule === 'any-move'
      ? 'R23 [version]: a trigger whose card changed location before it could activate does not activate.'
      : f.locationRule === 'private-area'
        ? 'R23 [version]: legacy rule: only a move to the hand or Deck stops a pending trigger.'
        : 'R23 [version]: TCG before the 2021 Rules Update (2021-11-01): how a move counted is not verified, so segoc reports no R23 diagnostic and assumes the move did not matter.',
    f.handSummonLimit
      ? 'R27: one trigger of a monster that Special Summons itself from the hand, per player per chain.'
      : 'R27 not yet in force (before January 2010).',
    f.handTriggersAfterPublic
      ? 'R28 [version/disputed]: OCG: hand triggers go after all public triggers, at fast-effect priority.'
      : 'R28 [version/disputed]: TCG: hand triggers are ordinary SEGOC batch members (sources disagree).',
    f.trapTriggersSpeed2 ? 'R5: OCG: trigger effects of Trap cards are Spell Speed 2.' : 'R5: trigger effects are Spell Speed 1.',
  ];
}
