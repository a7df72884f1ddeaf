// Trigger collection: at the start of each chain, the triggers whose conditions were met in the
// window (the last action or chain), with the facts their eligibility is judged on, fixed then (R15):
// where the card is, whether it moved after its event (R23), whether an optional "when" effect's
// event was the last thing to happen (R19-R22), whether a target exists. Facts, not verdicts: the
// eligibility rules decide.
import { EffectInfo } from '../cards/model';
import { eventMatches, filterMatches, Tri } from './match';
import { answeredCondition } from './gy-condition';
import { Category } from './results';
import { Timeline } from './timeline';
import { CardInstance, GameEvent, PlayerIndex } from './state';

/** A trigger whose condition was met in the window of a point. */
export interface Candidate {
  inst: CardInstance;
  effect: EffectInfo;
  event: GameEvent;
  match: Tri;
  player: PlayerIndex;
  mandatory: boolean;
  /** Activated from the hand (a non-public trigger). */
  fromHand: boolean;
  missed: boolean;
  noTarget: boolean;
  targetKnown: boolean;
  zoneOk: boolean;
  /** Moved after its event, before the chain started (R23). */
  movedBefore?: GameEvent;
}

/** The SEGOC category (R11) of a trigger: 1 TP mandatory, 2 NTP mandatory, 3 TP optional, 4 NTP optional. */
export function category(turn: PlayerIndex, player: PlayerIndex, mandatory: boolean): Category {
  const tp = player === turn;
  return (mandatory ? (tp ? 1 : 2) : tp ? 3 : 4) as Category;
}

/** Triggers whose conditions were met in the current window (R10, R19-R23, R15). */
export function collect(t: Timeline): Candidate[] {
  const events = t.events;
  const lastStep = t.step;
  const out: Candidate[] = [];
  // Index the window by the cards it involves: a "this card" trigger only looks at its own events,
  // so one event that moves n cards costs n, not n² (R22 batches can be large).
  const byCard = new Map<CardInstance, GameEvent[]>();
  const add = (c: CardInstance | undefined, ev: GameEvent) => {
    if (!c) return;
    const list = byCard.get(c);
    if (list) list.push(ev);
    else byCard.set(c, [ev]);
  };
  for (let i = t.windowStart; i < events.length; i++) {
    const ev = events[i];
    if (ev.kind === 'move' || ev.kind === 'summon' || ev.kind === 'position') add(ev.card, ev);
    else if (ev.kind === 'attack') {
      add(ev.attacker, ev);
      add(ev.target, ev);
    }
    if (ev.kind === 'move' && ev.battleWith) add(ev.battleWith, ev);
    if (ev.kind === 'damage') add(ev.source, ev);
  }
  for (const inst of t.names.names.instances) {
    if (!inst.card) continue;
    for (const effect of inst.card.effects) {
      if ((effect.kind !== 'trigger' && effect.kind !== 'flip') || !effect.event) continue;
      const pattern = answeredCondition(effect)!;
      const selfOnly = pattern.kind === 'card' && pattern.subject === 'self';
      const own = selfOnly ? byCard.get(inst) : undefined;
      if (selfOnly && !own) continue;
      const from = own ? 0 : t.windowStart;
      const to = own ? own.length : events.length;
      const you = t.controllerOf(inst);
      let bestEv: GameEvent | undefined;
      let bestM: Tri = 'no';
      for (let i = from; i < to; i++) {
        const ev = own ? own[i] : events[i];
        const m = eventMatches(pattern, ev, inst, you);
        if (m === 'no') continue;
        // Prefer a match at the last step (it does not miss), then the latest.
        if (!bestEv || (ev.step === lastStep && bestEv.step !== lastStep) || (ev.step >= bestEv.step && (bestEv.step !== lastStep || ev.step === lastStep))) {
          bestEv = ev;
          bestM = m;
        }
      }
      if (!bestEv) continue;
      out.push(candidate(t, inst, effect, bestEv, bestM, lastStep));
    }
  }
  return out;
}

function candidate(t: Timeline, inst: CardInstance, effect: EffectInfo, ev: GameEvent, m: Tri, lastStep: number): Candidate {
  const player = t.controllerOf(inst);
  const zoneOk = effect.activatesFrom.includes(inst.zone) && !(inst.zone === 'field' && inst.faceDown);
  const movedBefore = t.movesByCard.get(inst)?.find((e) => e.id > ev.id);
  const missed = !effect.mandatory && effect.timing === 'when' && ev.step !== lastStep;
  let noTarget = false;
  let targetKnown = false;
  const target = effect.targets;
  if (target && !target.eventCard) {
    const zone = target.zone ?? 'field';
    const candidates = t.names.names.instances.filter((c) => c.zone === zone && !(zone === 'field' && c.faceDown && target.category === 'monster'));
    const ok = candidates.filter((c) => filterMatches(target, c, player, undefined, inst) !== 'no');
    noTarget = ok.length === 0;
    const owners: PlayerIndex[] = target.controller === 'you' ? [player] : target.controller === 'opponent' ? [(1 - player) as PlayerIndex] : [0, 1];
    targetKnown = owners.every((o) => t.names.knownEmpty.has(`${o}:${zone}`));
  }
  return {
    inst,
    effect,
    event: ev,
    match: m,
    player,
    mandatory: effect.mandatory,
    fromHand: inst.zone === 'hand',
    missed,
    noTarget,
    targetKnown,
    zoneOk,
    movedBefore,
  };
}
