// What the engine tells about a scenario: per chain, per link, the verdict, the legal orders and
// the resolution. This is the data behind hovers, inlay hints, the preview, `explain` and `render`.
import { Diagnostic } from '../diagnostics';
import { Range } from '../text';
import { Ruleset } from './rulesets';

/** SEGOC categories (R11): 1 TP mandatory, 2 NTP mandatory, 3 TP optional, 4 NTP optional. */
export type Category = 1 | 2 | 3 | 4;

export const CATEGORY_LABELS: Record<Category, string> = {
  1: "turn player's mandatory",
  2: "non-turn player's mandatory",
  3: "turn player's optional",
  4: "non-turn player's optional",
};

export type LinkRole =
  | 'batch-trigger' // member of the SEGOC trigger batch
  | 'hand-trigger' // OCG hand trigger at fast-effect priority (R28)
  | 'phase-trigger'
  | 'responder' // "when ... is activated" effect (R29/R31)
  | 'fast' // quick effect, quick-play spell, trap
  | 'slow'; // Spell Speed 1 activation that is not a batch trigger

export interface LinkResolution {
  /** Order of resolution: 1 = resolves first. */
  order: number;
  status: 'resolved' | 'negated' | 'no-effect';
  /** What the link did, in words ("destroyed Peten the Dark Clown"), or why it did nothing. */
  did: string[];
}

export interface LinkResult {
  number: number;
  /** Index in the chain (1-based), which the number should equal. */
  position: number;
  range: Range;
  player: string;
  card: string;
  cardKnown: boolean;
  effectIndex?: number;
  effectText?: string;
  effectKind?: string;
  role: LinkRole;
  spellSpeed: number;
  category?: Category;
  categoryLabel?: string;
  mandatory?: boolean;
  /** What this link responds to, in words. */
  answers: string;
  legal: boolean;
  codes: string[];
  /** A trigger collected at the start of this chain (a member of its SEGOC batch, wherever it was placed). */
  pending: boolean;
  /** For collected triggers: when their condition was met (same number = simultaneous). */
  triggerStep?: number;
  /** Activated from the hand (a non-public trigger, R28). */
  fromHand: boolean;
  /** Things the engine assumed because the scenario or the library did not say. */
  assumptions: string[];
  resolution?: LinkResolution;
}

export interface OrderGroup {
  /** First and last chain link positions of the group. */
  from: number;
  to: number;
  category: Category;
  player: string;
  /** Link numbers (as claimed) that belong to this group. */
  links: number[];
  description: string;
}

export interface ChainResult {
  /** 1-based number of the chain in the scenario. */
  index: number;
  range: Range;
  keywordRange: Range;
  links: LinkResult[];
  /** Legal positions of the trigger batch, grouped ("CL1-2: Yugi's mandatory effects, any order"). */
  legalOrder: OrderGroup[];
  /** Triggers collected when this chain started, for hovers and `explain`. */
  collected: string[];
  /** Resolution, in order (highest link first), with leftovers at the end. */
  resolution: string[];
  legal: boolean;
  phase: string;
}

export interface ScenarioResult {
  index: number;
  title: string;
  range: Range;
  titleRange: Range;
  source?: string;
  ruleset: Ruleset;
  players: [string, string];
  turnPlayer: string;
  chains: ChainResult[];
  /** 'legal' when no rule error, 'illegal' otherwise; 'invalid' when a language error stops the check. */
  verdict: 'legal' | 'illegal' | 'invalid';
  /** Whether every `expect` line is met (undefined when there is none). */
  expectationsMet?: boolean;
  diagnostics: Diagnostic[];
}
