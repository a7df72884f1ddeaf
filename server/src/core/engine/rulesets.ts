// A scenario's ruleset (region and date), and the one place that decides whether a rule is in force
// under it. When each rule is in force is declared by its rule module (catalogue entry `inForce`, from
// rules.md "Rulesets"); the registry (rules/index.ts) reads those declarations, so no date is listed here.

export type Region = 'tcg' | 'ocg';

export interface Ruleset {
  region: Region;
  /** ISO date (YYYY-MM-DD) the scenario is judged at; undefined = current rules. */
  asOf?: string;
  /** As written, for messages: "TCG", "OCG as of 2016-06". */
  label: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * An `as of` date as ISO YYYY-MM-DD, or what is wrong with it: the form, or (the form right) a month
 * or a day the calendar does not have. Exactly YYYY, YYYY-MM or YYYY-MM-DD: near a rule's boundary a
 * mistyped date (`2017-02-30`, `2016-6`) would otherwise pick a ruleset silently.
 */
export function readDate(text: string): { date: string } | { problem: string } {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text.trim());
  if (!m) return { problem: `\`${text}\` is not a date: write YYYY, YYYY-MM or YYYY-MM-DD` };
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? '1'), Number(m[3] ?? '1')];
  if (mo < 1 || mo > 12) return { problem: `\`${text}\` has no month ${m[2]}: months go from 01 to 12` };
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d < 1 || d > days) return { problem: `\`${text}\` is not a day of the calendar: ${MONTHS[mo - 1]} ${m[1]} has ${days} days` };
  return { date: `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}

/** When a rule holds in one region: always, never, from a day on (inclusive), or before a day (exclusive). */
export type RegionWindow = 'always' | 'never' | { readonly from: string } | { readonly before: string };

/** When a rule is in force: 'always', or per region, with the ISO dates of rules.md "Rulesets". */
export type InForce = 'always' | { readonly tcg: RegionWindow; readonly ocg: RegionWindow };

/** Whether a rule declared in force `when` holds under a ruleset (an undated scenario is judged under current rules). */
export function isInForce(when: InForce, r: Ruleset): boolean {
  if (when === 'always') return true;
  const w = when[r.region];
  if (w === 'always' || w === 'never') return w === 'always';
  if ('from' in w) return r.asOf === undefined || r.asOf >= w.from;
  return r.asOf !== undefined && r.asOf < w.before;
}

/** "always", or "TCG before 2017-07-21; OCG never": a declaration in words, for hovers. */
export function inForceText(when: InForce): string {
  if (when === 'always') return 'always';
  const region = (w: RegionWindow) => (typeof w === 'string' ? w : 'from' in w ? `from ${w.from}` : `before ${w.before}`);
  return `TCG ${region(when.tcg)}; OCG ${region(when.ocg)}`;
}

/** What the engine outside the rule modules reads of the ruleset (timeline, classification, narrative). */
export interface RulesInForce {
  legacyTriggerOrder: boolean; // R13
  /** R23. 'unverified': TCG before its 2021 update, where no source says how a move counted (no diagnostic). */
  locationRule: 'any-move' | 'private-area' | 'unverified';
  handTriggersAfterPublic: boolean; // R28
  trapTriggersSpeed2: boolean; // R5 OCG nuance
}

/** The flags of a ruleset, from whether each rule is in force (the rule modules' declarations, through the registry). */
export function rulesInForce(r: Ruleset, inForce: (ruleId: string) => boolean): RulesInForce {
  return {
    legacyTriggerOrder: inForce('R13'),
    // Before R23 was in force the OCG had its 2012 "private area" rule; what the TCG did is not verified.
    locationRule: inForce('R23') ? 'any-move' : r.region === 'ocg' ? 'private-area' : 'unverified',
    handTriggersAfterPublic: inForce('R28'),
    // R5's regional table, not a dated rule: the OCG makes Trap cards' trigger effects Spell Speed 2.
    trapTriggersSpeed2: r.region === 'ocg',
  };
}
