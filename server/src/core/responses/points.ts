// The points of a scenario: every moment at which a player could act (issue 30, "who can act here"). A point
// follows a statement: a game action, a chain link, a chain's last link (it starts resolving), a chain block (it has
// resolved). What each kind of point means is one entry of POINT_KINDS: its label, where the Fast Effect Timing chart
// stands there and how a response is written at it (a new chain, the next link, or none). A new game action is a
// point of kind `action` on its own; one that opens a box of its own (a phase, damage calculation, a new Damage Step
// part) is one entry of ACTION_POINTS and, when its box differs, of POINT_KINDS.
import { phaseLabel } from '../labels';
import { ActionStmt, ChainBlock, GameAction, Scenario } from '../syntax/ast';
import { Range } from '../text';

export type PointKind = 'start' | 'summon-moment' | 'action' | 'pass' | 'phase' | 'damage-calculation' | 'link' | 'resolving' | 'resolved';

/**
 * The boxes of Konami's Fast Effect Timing chart (https://yugipedia.com/wiki/Fast_effect_timing): A, the open game
 * state, where every phase and step starts; B, the turn player's right to respond to an action that started no
 * chain; C, the non-turn player's, after the turn player passed; D, the chain being built (the opponent of the last
 * link's player first); `triggers`, the chart's yellow box (Trigger Effects are placed first, SEGOC); `resolving`,
 * no box: a chain resolving, when nobody may activate; `summon`, not on the chart: the moment a Summon by its
 * procedure is about to happen (R50), when only an effect that negates it can start a chain.
 */
export type FetcBox = 'A' | 'B' | 'C' | 'D' | 'triggers' | 'summon' | 'resolving';

export const FETC_BOXES: Readonly<Record<FetcBox, string>> = {
  A: 'Box A: the game state is open; the turn player may do anything the phase allows (every phase and step begins here)',
  B: 'Box B: the turn player may respond to what just happened with a fast effect, or pass',
  C: 'Box C: the turn player passed; the non-turn player may respond with a fast effect',
  D: 'Box D: a chain is being built; the opponent of the last link\u2019s player may chain first, then the other player',
  triggers: 'the yellow box: Trigger Effects that activate here go on a chain first (SEGOC), then Box D',
  summon: 'the Summon negation window (R50): only an effect that negates the Summon can start a chain, as Chain Link 1 (then Box D)',
  resolving: 'no box: the chain resolves; no card or effect can be activated until it has (Trigger Effects wait, R10)',
};

/** How a response is written at a point: as Chain Link 1 of a new chain, as the next link of this chain, or not at all. */
export type WriteAs = 'new-chain' | 'next-link' | 'none';

export interface PointKindInfo {
  /** `after Yugi's action`, shown first in a hover and a preview section. */
  label(p: Point): string;
  /** The box when no Trigger Effect can activate there; `triggers` when one can (the yellow box comes first). */
  box: FetcBox;
  writeAs: WriteAs;
  /**
   * The moment before a Summon happens (R50): a response written here is Chain Link 1 of the chain the engine puts
   * at that moment, which it does only for a chain that negates the Summon; a probe of any other effect writes a
   * negation of the Summon after it, and only what is said about the probed link itself counts.
   */
  atSummonMoment?: boolean;
  /** Who holds priority: the turn player (`turn`), the opponent of the point's player (`opponent-of-link`: of the last link's, or of the one who passed), nobody. */
  priority: 'turn' | 'opponent-of-link' | 'none';
}

export const POINT_KINDS: Readonly<Record<PointKind, PointKindInfo>> = {
  start: { label: () => 'when the scenario starts', box: 'A', writeAs: 'new-chain', priority: 'turn' },
  'summon-moment': { label: (p) => `when ${p.what}: the Summon is about to happen`, box: 'summon', writeAs: 'new-chain', priority: 'turn', atSummonMoment: true },
  action: { label: (p) => `after ${p.what}`, box: 'B', writeAs: 'new-chain', priority: 'turn' },
  pass: { label: (p) => `after ${p.what}`, box: 'C', writeAs: 'new-chain', priority: 'opponent-of-link' },
  phase: { label: (p) => `at the start of the ${phaseLabel(p.phase)}`, box: 'A', writeAs: 'new-chain', priority: 'turn' },
  'damage-calculation': { label: () => 'during damage calculation', box: 'A', writeAs: 'new-chain', priority: 'turn' },
  link: { label: (p) => `after Chain Link ${p.link} (${p.what}), before the next response`, box: 'D', writeAs: 'next-link', priority: 'opponent-of-link' },
  resolving: { label: (p) => `when chain ${p.chain} starts resolving`, box: 'resolving', writeAs: 'none', priority: 'none' },
  resolved: { label: (p) => `after chain ${p.chain} has resolved`, box: 'A', writeAs: 'new-chain', priority: 'turn' },
};

/** The game actions that are points of their own kind; every other action is a point of kind `action`. */
export const ACTION_POINTS: Readonly<Partial<Record<GameAction['kind'], PointKind>>> = {
  pass: 'pass',
  phase: 'phase',
  'damage-calculation': 'damage-calculation',
};

/** The game actions that Summon by a procedure: each has a moment before it happens, a `summon-moment` point (R50). */
const SUMMONS_BY_PROCEDURE: ReadonlySet<GameAction['kind']> = new Set(['summon', 'material-summon', 'pendulum-summon']);

export interface Point {
  kind: PointKind;
  /** The scenario's number in the file (from 1). */
  scenario: number;
  /** The statement the point follows (a game action, a link, a chain block): hovers find points by it. */
  range: Range;
  /** The last line of the scenario's text a response written here comes after. */
  afterLine: number;
  /** The chain (from 1 in the scenario) and link (its position) of a link, resolving or resolved point. */
  chain?: number;
  link?: number;
  /** The link's player (`link` points), or the player who passed (`pass`). */
  linkPlayer?: string;
  /** The statement in words: `Yugi normal summons "Sangan"`, `Kaiba's "Ash Blossom & Joyous Spring"`. */
  what: string;
  /** The phase the scenario is in (as the language writes it; `main1` when the scenario does not say). */
  phase: string;
}

/** Every point of a scenario, in order; `lines` is the document's text (its statements in words come from there). */
export function pointsOf(sc: Scenario, scenario: number, lines: readonly string[]): Point[] {
  const points: Point[] = [];
  let phase = startPhase(sc);
  let chain = 0;
  const textOf = (r: Range) => (lines[r.start.line] ?? '').slice(r.start.character, r.start.line === r.end.line ? r.end.character : undefined).trim();
  // The open game state the scenario starts in: after its header and board lines, before its first action or chain.
  const first = sc.items.findIndex((i) => i.kind === 'action' || i.kind === 'chain');
  const setup = sc.items.slice(0, first < 0 ? sc.items.length : first).filter((i) => i.kind !== 'expect');
  const setupEnd = setup.length ? setup[setup.length - 1].range.end.line : sc.headerRange.end.line;
  points.push({ kind: 'start', scenario, range: sc.headerRange, afterLine: setupEnd, what: 'the scenario', phase });
  for (const item of sc.items) {
    if (item.kind === 'action') {
      if (item.action.kind === 'phase') phase = item.action.phase;
      else if (item.action.kind === 'damage-calculation') phase = 'damage-step';
      // A Summon by its procedure has its moment first (R50), then the point after it has happened.
      if (SUMMONS_BY_PROCEDURE.has(item.action.kind)) points.push({ ...actionPoint(item, scenario, phase, textOf(item.range)), kind: 'summon-moment' });
      points.push(actionPoint(item, scenario, phase, textOf(item.range)));
    } else if (item.kind === 'chain' && item.links.length) {
      chain++;
      points.push(...chainPoints(item, scenario, chain, phase, textOf));
    }
  }
  return points;
}

function startPhase(sc: Scenario): string {
  for (const item of sc.items) if (item.kind === 'start-phase' && item.phase) return item.phase.phase;
  return 'main1';
}

function actionPoint(item: ActionStmt, scenario: number, phase: string, what: string): Point {
  const player = item.action.kind === 'pass' ? item.action.player.text : undefined;
  return { kind: ACTION_POINTS[item.action.kind] ?? 'action', scenario, range: item.range, afterLine: item.range.end.line, what, phase, linkPlayer: player };
}

function chainPoints(block: ChainBlock, scenario: number, chain: number, phase: string, textOf: (r: Range) => string): Point[] {
  const out: Point[] = block.links.map((l, i) => ({
    kind: 'link' as const,
    scenario,
    range: l.range,
    afterLine: l.range.end.line,
    chain,
    link: i + 1,
    linkPlayer: l.player.text,
    what: textOf(l.card.range) ? `${l.player.text}'s ${textOf(l.card.range)}` : l.player.text,
    phase,
  }));
  const last = block.links[block.links.length - 1];
  out.push({ kind: 'resolving', scenario, range: block.keywordRange, afterLine: last.range.end.line, chain, what: `chain ${chain}`, phase });
  out.push({ kind: 'resolved', scenario, range: block.keywordRange, afterLine: last.range.end.line, chain, what: `chain ${chain}`, phase });
  return out;
}
