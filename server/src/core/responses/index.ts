// Who can act here (issue 30): the points of a scenario (points.ts) and, at each, what each player could activate
// and why not (answer.ts). The language server's hover, preview and completion, and `segoc explain --responses`, read
// these; nothing else decides what can be activated.
import { Analysis } from '../analyze';
import { Position } from '../text';
import { Point, pointsOf } from './points';

export { FETC_BOXES, POINT_KINDS, pointsOf } from './points';
import { POINT_KINDS } from './points';

/** How a response is written at each kind of point (a new chain, the next link, none). */
export const POINT_KINDS_WRITE = Object.fromEntries(Object.entries(POINT_KINDS).map(([k, v]) => [k, v.writeAs])) as Readonly<Record<string, string>>;
export type { FetcBox, Point, PointKind } from './points';
export { responsesAt } from './answer';
export type { PointAnswer, ResponseAnswer, ResponseOption, ResponseReason, ResponsesOptions } from './answer';

/** Every point of every scenario of the document, scenario after scenario. */
export function documentPoints(analysis: Analysis, lines: readonly string[]): Point[] {
  return analysis.file.scenarios.flatMap((sc, i) => pointsOf(sc, i + 1, lines));
}

/** The points of the scenario that holds a position, and the test of whether a point is on its line. */
function pointsAround(analysis: Analysis, lines: readonly string[], pos: Position): { points: Point[]; on: (p: Point) => boolean } | undefined {
  const i = analysis.file.scenarios.findIndex((sc) => sc.range.start.line <= pos.line && pos.line <= sc.range.end.line);
  if (i < 0) return undefined;
  return { points: pointsOf(analysis.file.scenarios[i], i + 1, lines), on: (p) => p.range.start.line <= pos.line && pos.line <= p.range.end.line };
}

function pointOn(points: readonly Point[], on: (p: Point) => boolean): Point | undefined {
  return points.find((p) => on(p) && p.kind !== 'resolving' && p.kind !== 'resolved' && p.kind !== 'summon-moment') ?? points.find((p) => on(p) && p.kind === 'resolved');
}

/**
 * The point a position names: the game action or chain link on its line (a link: the moment after it was added),
 * or a `chain` line (the moment after that chain has resolved).
 */
export function pointAt(analysis: Analysis, lines: readonly string[], pos: Position): Point | undefined {
  const around = pointsAround(analysis, lines, pos);
  return around && pointOn(around.points, around.on);
}

/**
 * The points a hover on a line shows: `pointAt`'s, and before it, on a Summon by its procedure, the moment the
 * Summon is about to happen (R50: only its negation) — the two moments a judge asks about on that line.
 */
export function pointsAt(analysis: Analysis, lines: readonly string[], pos: Position): Point[] {
  const around = pointsAround(analysis, lines, pos);
  const point = around && pointOn(around.points, around.on);
  if (!around || !point) return [];
  const moment = point.kind === 'action' ? around.points.find((p) => p.kind === 'summon-moment' && p.range.start.line === point.range.start.line) : undefined;
  return moment ? [moment, point] : [point];
}
export { ANSWER_MARKS, ANSWER_WORDS, optionName, optionRules, optionWhy, pointJson, pointLines } from './words';
