// Times and windows: when a phase trigger fires (`during your end phase`, `at end of battle phase`) and
// when a Quick or Ignition Effect may be activated (`during the opponent's turn`, R37). Both speak of
// whose turn and which phase in the same words, so they are read side by side.
import { ActivationWindow, PhaseTime } from '../types';

/** Interprets the time of a phase trigger (`during your end phase`), and a condition after `if`. */
export function interpretPhaseTime(phraseWords: readonly string[], raw: string): { time?: PhaseTime; condition?: string } {
  const ws = phraseWords.filter((w) => w !== 'the');
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

/** The phases an activation window may name (`during your main phase`), in the words of phase times. */
const WINDOW_PHASES: ReadonlyArray<[RegExp, NonNullable<ActivationWindow['phase']>]> = [
  [/^main phase 1$|^main1$/, 'main1'],
  [/^main phase 2$|^main2$/, 'main2'],
  [/^main phases?$/, 'main'],
  [/^main phase or battle phase$|^main or battle phases?$/, 'main-or-battle'],
  [/^battle phases?$/, 'battle'],
  [/^standby phases?$/, 'standby'],
  [/^end phases?$/, 'end'],
  [/^draw phases?$/, 'draw'],
];

/**
 * Interprets an activation window (`during the opponent's turn`, `during your main phase`, `during either
 * player's battle phase`): the words after `during`, spelled as phase times are (`your`, `the opponent's`,
 * `each`); undefined when they are not one.
 */
export function interpretActivationWindow(ws: readonly string[], raw: string): ActivationWindow | undefined {
  if (ws[0] !== 'during') return undefined;
  let rest = ws.slice(1).filter((w) => w !== 'the');
  let whose: ActivationWindow['whose'] | undefined;
  if (rest[0] === 'your' && (rest[1] === "opponent's" || rest[1] === 'opponents')) [whose, rest] = ['opponent', rest.slice(2)];
  else if (rest[0] === "opponent's" || rest[0] === 'opponents') [whose, rest] = ['opponent', rest.slice(1)];
  else if (rest[0] === 'your') [whose, rest] = ['your', rest.slice(1)];
  else if (rest[0] === 'either' && (rest[1] === "player's" || rest[1] === 'players')) [whose, rest] = ['each', rest.slice(2)];
  else if (rest[0] === 'each') [whose, rest] = ['each', rest.slice(1)];
  else whose = 'each';
  // `during the end of the damage step`, `during the start of your main phase 1`: one moment of the phase (a card's
  // "Activate only at the end of the Damage Step", "At the start of your Main Phase 1").
  let at: 'start' | 'end' | undefined;
  if ((rest[0] === 'start' || rest[0] === 'end') && rest[1] === 'of') {
    at = rest[0];
    rest = rest.slice(2).filter((w) => w !== 'the');
    if (rest[0] === 'your' && (rest[1] === "opponent's" || rest[1] === 'opponents')) [whose, rest] = ['opponent', rest.slice(2)];
    else if (rest[0] === "opponent's" || rest[0] === 'opponents') [whose, rest] = ['opponent', rest.slice(1)];
    else if (rest[0] === 'your') [whose, rest] = ['your', rest.slice(1)];
  }
  const what = rest.join(' ');
  if (what === 'damage step') return at ? { whose, phase: 'damage-step', part: at, raw } : { whose, phase: 'damage-step', raw };
  if (at === 'end' && /^battle phases?$/.test(what)) return { whose, phase: 'end-of-battle', raw };
  if (at) {
    const phase = at === 'start' ? WINDOW_PHASES.find(([re]) => re.test(what))?.[1] : undefined;
    return phase ? { whose, phase, start: true, raw } : undefined;
  }
  if (what === 'turn') return { whose, phase: undefined, raw };
  const phase = WINDOW_PHASES.find(([re]) => re.test(what))?.[1];
  return phase ? { whose, phase, raw } : undefined;
}
