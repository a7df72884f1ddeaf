// The timeline: where every card is and what happened to it, as events with steps (same step = at the
// same time; `then` starts a new step), the turn's phase and trigger windows, and what each game action
// of the scenario does (board moves, Summons, Sets, draws, phases, attacks and battles). What a chain's
// links do (placement, cost, resolution) is link-effects.ts: it changes the cards through emit and move
// here, so every event is made in one place. No diagnostics here: the rules read the events afterwards.
import { CardRef, DamageStepPart, GameAction, SummonMethod, Zone } from '../syntax/ast';
import { Range } from '../text';
import type { ResolutionAct } from './results';
import { ScenarioNames } from './scenario-names';
import { CardInstance, DistOmit, EventOrigin, GameEvent, PlayerIndex, uniformEvent } from './state';

/** `notToExtra`: a Pendulum Monster whose activation as a Spell Card was negated goes to the GY (R67). */
type MoveFlags = { destroyed?: boolean; discarded?: boolean; tributed?: boolean; by?: PlayerIndex; battleWith?: CardInstance; battleWithAttacked?: boolean; notToExtra?: boolean };

export class Timeline {
  readonly events: GameEvent[] = [];
  step = 0;
  /** Each action or chain is a new point; a trigger window is the events of one point. */
  point = 0;
  /** Index into `events` where the current trigger window starts. */
  windowStart = 0;
  phase = 'main1';
  /**
   * Whether the scenario says the phase (a `phase` line, or an attack or battle step that puts the game in
   * the Battle Phase); until then `main1` is the language's default, which a rule may assume but not assert.
   */
  phaseStated = false;
  /** The part of the Damage Step the scenario says the game is in (R55); undefined where it says none. */
  damageStepPart: DamageStepPart | undefined = undefined;
  /** Both players passed in this phase (R25). */
  phaseClosed = false;
  private readonly passes = new Set<PlayerIndex>();
  /**
   * A Summon at the moment it would happen, answered by the next chain (R50): its `attempt` event, and whether a
   * link of that chain negated it. `settleSummon` makes it happen after the chain, or not.
   */
  pendingSummon: { event: Extract<GameEvent, { kind: 'summon' }>; also: Array<Extract<GameEvent, { kind: 'summon' }>>; negated: boolean } | undefined = undefined;
  /** Move events by card, kept as they are emitted (for R23). */
  readonly movesByCard = new Map<CardInstance, GameEvent[]>();
  /** Monsters whose Summon a link negated (R45): the Summon did not happen. */
  readonly negatedSummons = new Set<CardInstance>();
  /**
   * Continuous Spells/Traps whose activation waits on the chain: their continuous effects apply only once the
   * activation has resolved (R62-R64: Vanity's Emptiness at CL1 does not yet forbid CL2's Special Summon).
   */
  readonly activationsPending = new Set<CardInstance>();
  /** When each Continuous Spell/Trap's activation resolved (the event count then): its continuous effects apply from there. */
  readonly continuousFrom = new Map<CardInstance, number>();
  /** What the game's rules did on their own since the resolution last read them (an Equip Card sent to the GY, R73). */
  readonly ruleMoves: ResolutionAct[] = [];

  /** How many cards the scenario does not name each zone holds, where the board states it ("player:zone", R71). */
  private readonly unnamed: Map<string, number>;

  constructor(
    readonly players: [string, string],
    readonly names: ScenarioNames,
  ) {
    this.unnamed = new Map(names.unnamed);
    for (const k of names.knownEmpty) if (!this.unnamed.has(k)) this.unnamed.set(k, 0);
  }

  /** How many cards a player's zone holds, named or not; undefined where the board does not state it (R71). */
  countIn(player: PlayerIndex, zone: Zone): number | undefined {
    const unnamed = this.unnamed.get(`${player}:${zone}`);
    if (unnamed === undefined) return undefined;
    // A named copy the board never placed, still where it was assumed to be, is one of the unnamed cards.
    const named = this.names.names.instances.filter((c) => c.zone === zone && (zone === 'field' ? c.controller : c.owner) === player && !(c.implied && !this.movesByCard.has(c)));
    return unnamed + named.length;
  }

  /**
   * Moves `count` cards the scenario does not name from a player's zone to another (R71): as many as there are
   * where the board states the zone's count. Returns how many moved and how many are left there (undefined: not stated).
   */
  moveUnnamed(player: PlayerIndex, from: Zone, to: Zone, count: number): { moved: number; left?: number; short?: number } {
    const have = this.unnamed.get(`${player}:${from}`);
    // Named cards there may be among the counted ones (the scenario does not say which): only a zone that holds
    // fewer cards in all falls short, and what it holds is said.
    const total = have === undefined ? undefined : this.countIn(player, from)!;
    const moved = have === undefined ? count : Math.min(count, have);
    if (have !== undefined) this.unnamed.set(`${player}:${from}`, have - moved);
    const there = this.unnamed.get(`${player}:${to}`);
    if (there !== undefined) this.unnamed.set(`${player}:${to}`, there + moved);
    return { moved, left: have === undefined ? undefined : this.countIn(player, from), short: total !== undefined && total < count ? total : undefined };
  }

  playerIndex(name: string): PlayerIndex | undefined {
    const lower = name.toLowerCase();
    if (lower === this.players[0].toLowerCase()) return 0;
    if (lower === this.players[1].toLowerCase()) return 1;
    return undefined;
  }

  /** Whether the other player has a copy of this card too (the words then say whose each is). */
  bothPlayersHave(c: CardInstance): boolean {
    return this.names.names.instances.some((x) => x.owner !== c.owner && (c.card ? x.card === c.card : x.name === c.name));
  }

  controllerOf(c: CardInstance): PlayerIndex {
    return c.zone === 'field' ? c.controller : c.owner;
  }

  /** What a chain produced (or an action did) is the next trigger window; a chain also reopens priority. */
  newWindow(fromEvent: number): void {
    this.windowStart = fromEvent;
    this.point++;
  }

  afterChain(chainStartEvent: number): void {
    this.newWindow(chainStartEvent);
    this.passes.clear();
    this.phaseClosed = false;
  }

  /**
   * When `c`'s continuous effects started to apply, as an order (continuous.ts `AppliedSince`): the last event that put
   * it face-up on the field (a move there, a Summon, a flip) or its activation's resolution, whichever is later; -1
   * for a card on the board from the start. Asked only when two cards negate each other, so a scan is fine.
   */
  appliedSince(c: CardInstance): number {
    let since = this.continuousFrom.get(c) ?? -1;
    for (let i = this.events.length - 1; i >= 0 && this.events[i].id > since; i--) {
      const ev = this.events[i];
      const faceUp =
        (ev.kind === 'move' && ev.card === c && ev.to === 'field' && ev.cause !== 'set') ||
        (ev.kind === 'summon' && ev.card === c && !ev.attempt) ||
        (ev.kind === 'position' && ev.card === c && ev.flipped);
      if (faceUp) since = ev.id;
    }
    return since;
  }

  /** Records an event (numbered in order; move events also by card). */
  emit(e: DistOmit<GameEvent, 'id'>): GameEvent {
    const ev = uniformEvent(this.events.length + 1, e);
    ev.inPhase = this.phase;
    this.events.push(ev);
    if (ev.kind === 'move') {
      const list = this.movesByCard.get(ev.card);
      if (list) list.push(ev);
      else this.movesByCard.set(ev.card, [ev]);
    }
    return ev;
  }

  /** Moves a card and records the move; off the field it is its owner's again, face-down in the Deck, hand or Extra Deck. */
  move(card: CardInstance, to: Zone, origin: EventOrigin, cause: Extract<GameEvent, { kind: 'move' }>['cause'], flags: MoveFlags = {}): GameEvent {
    const from = card.zone;
    // A Token that leaves the field ceases to exist (R70): destroyed, Tributed or leaving it still are events
    // ("destroyed", "leaves the field" triggers see them), but it reaches no GY, hand, Deck or banishment.
    if (card.token && from === 'field' && to !== 'field') to = 'gone';
    // A named card the board never placed, leaving a zone whose count the board states, was one of its unnamed cards.
    if (card.implied && !this.movesByCard.has(card)) {
      const have = this.unnamed.get(`${card.owner}:${from}`);
      if (have) this.unnamed.set(`${card.owner}:${from}`, have - 1);
    }
    // A Pendulum Monster that would go from the field to the GY goes face-up to its owner's Extra Deck instead (R67):
    // it was destroyed or sent all the same, but it is not in the GY ("sent to the GY" effects do not see it).
    const faceUpExtra = to === 'gy' && from === 'field' && !flags.notToExtra && !!card.card?.abilities.includes('pendulum');
    if (faceUpExtra) to = 'extra';
    const ev = this.emit({
      kind: 'move',
      step: this.step,
      origin,
      card,
      from,
      to,
      cause,
      controllerBefore: card.controller,
      faceUpBefore: !card.faceDown,
      destroyed: flags.destroyed,
      discarded: flags.discarded,
      tributed: flags.tributed,
      by: flags.by,
      battleWith: flags.battleWith,
      battleWithAttacked: flags.battleWithAttacked,
    });
    card.zone = to;
    if (to !== 'field') {
      card.controller = card.owner;
      card.faceDown = !faceUpExtra && (to === 'deck' || to === 'hand' || to === 'extra');
      card.pendulumZone = false;
      card.equippedTo = undefined;
      card.controlUntilEnd = undefined;
    }
    if (from === 'overlay') card.attachedTo = undefined;
    if (from === 'field' && to !== 'field') this.dropEquips(card, origin);
    return ev;
  }

  /**
   * The Equip Cards equipped to a monster that left the field or turned face-down go to the GY at once, destroyed
   * by the game's rules (R73); each is said in `ruleMoves` for the link that caused it.
   */
  dropEquips(monster: CardInstance, origin: EventOrigin): void {
    for (const c of this.names.names.instances) {
      if (c.equippedTo !== monster || c.zone !== 'field') continue;
      c.equippedTo = undefined;
      this.move(c, 'gy', origin, 'rule', { destroyed: true });
      this.ruleMoves.push({ kind: 'equip-sent', card: c.name, from: monster.name });
    }
  }

  /** Equips `card` to `monster` (R73): it stays on the field, now an Equip Card (a monster one is an Equip Spell). */
  equip(card: CardInstance, monster: CardInstance): void {
    card.equippedTo = monster;
  }

  /** Control taken "until the End Phase" returns to each card's owner once the scenario reaches the End Phase (R72). */
  private returnControl(): void {
    for (const c of this.names.names.instances) {
      if (!c.controlUntilEnd) continue;
      c.controlUntilEnd = undefined;
      if (c.zone === 'field') c.controller = c.owner;
    }
  }

  /** The phase as the scenario states it (a `phase` line, an attack, a battle step): no longer the default. */
  private statePhase(phase: string): void {
    this.phase = phase;
    this.phaseStated = true;
  }

  /**
   * `awaitsNegation`: the next chain negates this Summon (`negate the summon`), so the Summon is only attempted
   * here (R50): its event is an `attempt`, and settleSummon decides after that chain whether it happened.
   */
  gameAction(a: GameAction, range: Range, awaitsNegation = false): void {
    const start = this.events.length;
    const origin: EventOrigin = { kind: 'action', range, point: this.point };
    const player = 'player' in a ? this.playerIndex(a.player.text) : undefined;
    const resolved = this.names.resolved;
    switch (a.kind) {
      case 'phase': {
        this.step++;
        this.damageStepPart = undefined;
        this.statePhase(a.phase);
        this.passes.clear();
        this.phaseClosed = false;
        this.emit({ kind: 'phase', step: this.step, origin, phase: a.phase });
        if (a.phase === 'end') this.returnControl();
        break;
      }
      case 'damage-step-part': {
        // Where in the Damage Step the game is: what may be activated there (R55). No new point for triggers: what
        // the battle did is still what the next chain answers.
        this.statePhase('damage-step');
        this.damageStepPart = a.part;
        return;
      }
      case 'pass': {
        if (player !== undefined) this.passes.add(player);
        if (this.passes.size === 2) this.phaseClosed = true;
        return; // passing is no new point in time for triggers
      }
      case 'summon': {
        const card = resolved.get(a.card);
        if (a.tributes) {
          this.step++;
          for (const t of a.tributes) {
            const ti = resolved.get(t);
            if (ti) this.move(ti, 'gy', origin, 'material', { tributed: true, by: player });
          }
        }
        this.step++;
        if (card && player !== undefined) {
          const from = card.zone;
          // At the moment a Summon would happen the monster is not on the field yet (R51): it gets there if the Summon does.
          if (!awaitsNegation) {
            if (a.summonType === 'flip') card.faceDown = false;
            else this.move(card, 'field', origin, 'procedure');
            card.controller = player;
            card.faceDown = false;
          }
          this.summonEvent({ kind: 'summon', step: this.step, origin, card, summonType: a.summonType, from, player }, awaitsNegation);
        }
        break;
      }
      case 'pendulum-summon': {
        // The monsters are Special Summoned at the same time, from the hand and the face-up Extra Deck (R67).
        this.step++;
        if (player === undefined) break;
        for (const card of this.instances(a.cards)) {
          const from = card.zone;
          if (!awaitsNegation) this.putSummoned(card, player, origin);
          this.summonEvent({ kind: 'summon', step: this.step, origin, card, summonType: 'special', from, player, method: 'pendulum' }, awaitsNegation);
        }
        break;
      }
      case 'material-summon': {
        const card = resolved.get(a.card);
        if (card && player !== undefined) this.summonWithMaterials(a.method, card, this.instances(a.materials), player, origin, 'procedure', awaitsNegation);
        break;
      }
      case 'draw': {
        this.step++;
        for (const c of this.instances(a.cards)) this.move(c, 'hand', origin, 'draw', { by: player });
        if (a.count !== undefined && player !== undefined) this.moveUnnamed(player, 'deck', 'hand', a.count);
        break;
      }
      case 'continuous-destroy': {
        // No chain, no link: the card is destroyed by a card effect, and triggers are collected after it.
        this.step++;
        for (const c of this.instances(a.cards)) if (c.zone === 'field') this.move(c, 'gy', origin, 'effect', { destroyed: true });
        break;
      }
      case 'set': {
        this.step++;
        const card = resolved.get(a.card);
        if (card) {
          this.move(card, 'field', origin, 'set');
          card.faceDown = true;
          if (player !== undefined) card.controller = player;
        }
        break;
      }
      case 'attack': {
        this.step++;
        this.damageStepPart = undefined;
        this.statePhase(this.phase === 'main1' || this.phase === 'standby' || this.phase === 'draw' ? 'battle' : this.phase);
        const attacker = resolved.get(a.attacker);
        const target = a.target ? resolved.get(a.target) : undefined;
        if (attacker && player !== undefined) this.emit({ kind: 'attack', step: this.step, origin, attacker, target, player });
        break;
      }
      case 'damage-calculation': {
        this.step++;
        this.statePhase('damage-step');
        break;
      }
      case 'battle-damage': {
        this.step++;
        this.statePhase('damage-step');
        if (player !== undefined) this.emit({ kind: 'damage', step: this.step, origin, player, amount: a.amount, battle: true, source: this.battleDamageSource(player), direct: this.lastAttackDirect() });
        break;
      }
      case 'battle-destroys': {
        this.step++;
        this.statePhase('damage-step');
        const attack = [...this.events].reverse().find((e): e is Extract<GameEvent, { kind: 'attack' }> => e.kind === 'attack');
        for (const r of a.cards) {
          const c = resolved.get(r);
          if (!c) continue;
          const battleWith = attack ? (attack.target === c ? attack.attacker : attack.attacker === c ? attack.target : undefined) : undefined;
          this.move(c, 'gy', origin, 'battle', { destroyed: true, battleWith, battleWithAttacked: battleWith ? battleWith === attack?.attacker : undefined });
        }
        break;
      }
    }
    // What the rules did after a game action (an Equip Card whose monster was destroyed by battle) is no link's.
    this.ruleMoves.length = 0;
    this.newWindow(start);
  }

  /**
   * The monster that inflicted battle damage to `damaged`: the attacker when the damaged player was attacked (or
   * attacked directly), the attack target when the attacker's controller takes the damage. The battle is the last
   * attack declared; without one the scenario does not show the source.
   */
  /** Whether the last attack declared had no target (a direct attack); undefined where the scenario shows no attack. */
  private lastAttackDirect(): boolean | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.kind === 'attack') return !e.target;
    }
    return undefined;
  }

  private battleDamageSource(damaged: PlayerIndex): CardInstance | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.kind === 'attack') return e.player === damaged ? e.target : e.attacker;
    }
    return undefined;
  }

  /**
   * Whether `c` is the attacking monster: the attacker of the last attack declared, still face-up on the field since
   * (an attacker turned face-down or removed is no longer attacking: the attack ends, R56).
   */
  isAttacking(c: CardInstance): boolean {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.kind === 'attack') return e.attacker === c && c.zone === 'field' && !c.faceDown;
      if ((e.kind === 'move' && e.card === c) || (e.kind === 'position' && e.card === c && c.faceDown)) return false;
    }
    return false;
  }

  /** The copies named (an unknown card or player, already reported, names none). */
  instances(refs: readonly CardRef[]): CardInstance[] {
    return refs.map((r) => this.names.resolved.get(r)).filter((x): x is CardInstance => !!x);
  }

  /**
   * A Summon with materials (R20 (d)): the materials are used first (sent to the GY; Tributed for a Ritual
   * Summon; attached as overlay units for an Xyz Summon, not sent to the GY), then, a step later, the monster
   * is Special Summoned. The Summon is the last thing: a material's optional "when" trigger misses the timing.
   */
  summonWithMaterials(method: SummonMethod, card: CardInstance, materials: CardInstance[], player: PlayerIndex, origin: EventOrigin, cause: 'procedure' | 'effect', awaitsNegation = false): boolean {
    if (card.zone === 'field') return false;
    this.step++;
    for (const m of materials) {
      this.move(m, method === 'xyz' ? 'overlay' : 'gy', origin, 'material', { tributed: method === 'ritual', by: player });
      m.materialFor = card;
      if (method === 'xyz') m.attachedTo = card;
    }
    this.step++;
    const from = card.zone;
    if (!awaitsNegation) this.putSummoned(card, player, origin, cause, { by: player });
    this.summonEvent({ kind: 'summon', step: this.step, origin, card, summonType: 'special', from, player, method }, awaitsNegation);
    return true;
  }

  /** A Summoned monster on the field, face-up, its Summoner's (a Flip Summon turns it face-up where it is). */
  private putSummoned(card: CardInstance, player: PlayerIndex, origin: EventOrigin, cause: 'procedure' | 'effect' = 'procedure', flags: MoveFlags = {}): void {
    if (card.zone !== 'field') this.move(card, 'field', origin, cause, flags);
    card.controller = player;
    card.faceDown = false;
  }

  /** A Summon's event; one the next chain may negate is only its attempt, kept as the pending Summon (R50). */
  private summonEvent(e: DistOmit<Extract<GameEvent, { kind: 'summon' }>, 'id'>, awaitsNegation: boolean): void {
    if (!awaitsNegation) e.card.summonNegated = false;
    const ev = this.emit(awaitsNegation ? { ...e, attempt: true } : e);
    if (!awaitsNegation || ev.kind !== 'summon') return;
    // The monsters of one Pendulum Summon are Summoned at once: one negation negates them all (R67).
    const same = this.pendingSummon && this.pendingSummon.event.origin === ev.origin;
    if (same) this.pendingSummon!.also.push(ev);
    else this.pendingSummon = { event: ev, also: [], negated: false };
  }

  /**
   * After the chain at a Summon's moment (R50): a negated Summon never happened (the monster was not properly
   * Summoned, R51); otherwise the Summon happens now, after that chain, and its triggers are collected next.
   */
  settleSummon(): void {
    const pending = this.pendingSummon;
    if (!pending) return;
    this.pendingSummon = undefined;
    const events = [pending.event, ...pending.also];
    if (pending.negated) {
      for (const e of events) e.card.summonNegated = true;
      return;
    }
    this.step++;
    for (const { card, summonType, from, player, method, origin } of events) {
      this.putSummoned(card, player, origin);
      this.emit({ kind: 'summon', step: this.step, origin, card, summonType, from, player, method });
    }
  }

  /** The monsters of the Summon being attempted (R50): one, or the several of a Pendulum Summon. */
  summonedAtOnce(): CardInstance[] {
    const p = this.pendingSummon;
    return p ? [p.event.card, ...p.also.map((e) => e.card)] : [];
  }

  /** Whether this card is the monster of the Summon the current chain answers (destroyed where it is, R51). */
  isBeingSummoned(card: CardInstance): boolean {
    return this.summonedAtOnce().includes(card);
  }
}
