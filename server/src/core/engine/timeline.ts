// The timeline: what each game action, each link's placement (activation and cost) and each link's
// resolution does to the cards, as events with steps (same step = at the same time; `then` starts a
// new step). No diagnostics here: the rules read the events afterwards.
import { Action, ActionSeq, CardRef, CardSet, GameAction, SummonMethod, Zone } from '../syntax/ast';
import { Range } from '../text';
import { LinkState } from './classify';
import { ScenarioNames } from './scenario-names';
import { ResolutionAct } from './results';
import { uniformEvent } from '../layout';
import { CardInstance, DistOmit, EventOrigin, GameEvent, PlayerIndex } from './state';

type MoveFlags = { destroyed?: boolean; discarded?: boolean; tributed?: boolean; by?: PlayerIndex; battleWith?: CardInstance };

const SPELL_TRAP_LEAVES: ReadonlyArray<string> = ['normal', 'quick-play', 'counter', 'ritual'];

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
  /** Both players passed in this phase (R25). */
  phaseClosed = false;
  private readonly passes = new Set<PlayerIndex>();
  /** Move events by card, kept as they are emitted (for R23). */
  readonly movesByCard = new Map<CardInstance, GameEvent[]>();

  constructor(
    readonly players: [string, string],
    readonly names: ScenarioNames,
  ) {}

  playerIndex(name: string): PlayerIndex | undefined {
    const lower = name.toLowerCase();
    if (lower === this.players[0].toLowerCase()) return 0;
    if (lower === this.players[1].toLowerCase()) return 1;
    return undefined;
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

  private emit(e: DistOmit<GameEvent, 'id'>): GameEvent {
    const ev = uniformEvent(this.events.length + 1, e);
    this.events.push(ev);
    if (ev.kind === 'move') {
      const list = this.movesByCard.get(ev.card);
      if (list) list.push(ev);
      else this.movesByCard.set(ev.card, [ev]);
    }
    return ev;
  }

  private move(card: CardInstance, to: Zone, origin: EventOrigin, cause: Extract<GameEvent, { kind: 'move' }>['cause'], flags: MoveFlags = {}): GameEvent {
    const from = card.zone;
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
    });
    card.zone = to;
    if (to !== 'field') {
      card.controller = card.owner;
      card.faceDown = to === 'deck' || to === 'hand' || to === 'extra';
    }
    return ev;
  }

  /** The phase as the scenario states it (a `phase` line, an attack, a battle step): no longer the default. */
  private statePhase(phase: string): void {
    this.phase = phase;
    this.phaseStated = true;
  }

  gameAction(a: GameAction, range: Range): void {
    const start = this.events.length;
    const origin: EventOrigin = { kind: 'action', range, point: this.point };
    const player = 'player' in a ? this.playerIndex(a.player.text) : undefined;
    const resolved = this.names.resolved;
    switch (a.kind) {
      case 'phase': {
        this.step++;
        this.statePhase(a.phase);
        this.passes.clear();
        this.phaseClosed = false;
        this.emit({ kind: 'phase', step: this.step, origin, phase: a.phase });
        break;
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
          if (a.summonType === 'flip') {
            card.faceDown = false;
          } else {
            this.move(card, 'field', origin, 'procedure');
          }
          card.controller = player;
          card.faceDown = false;
          this.emit({ kind: 'summon', step: this.step, origin, card, summonType: a.summonType, from, player });
        }
        break;
      }
      case 'material-summon': {
        const card = resolved.get(a.card);
        if (card && player !== undefined) this.summonWithMaterials(a.method, card, this.instances(a.materials), player, origin, 'procedure');
        break;
      }
      case 'draw': {
        this.step++;
        for (const c of this.instances(a.cards)) this.move(c, 'hand', origin, 'draw', { by: player });
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
        if (player !== undefined) this.emit({ kind: 'damage', step: this.step, origin, player, amount: a.amount, battle: true, source: this.battleDamageSource(player) });
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
          this.move(c, 'gy', origin, 'battle', { destroyed: true, battleWith });
        }
        break;
      }
    }
    this.newWindow(start);
  }

  /**
   * The monster that inflicted battle damage to `damaged`: the attacker when the damaged player was attacked (or
   * attacked directly), the attack target when the attacker's controller takes the damage. The battle is the last
   * attack declared; without one the scenario does not show the source.
   */
  private battleDamageSource(damaged: PlayerIndex): CardInstance | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.kind === 'attack') return e.player === damaged ? e.target : e.attacker;
    }
    return undefined;
  }

  /** A link is placed: its activation (a Spell/Trap goes to the field) and its cost. */
  place(l: LinkState, chainIndex: number): void {
    this.step++;
    l.placedAfterEvent = this.events.length;
    l.placementStep = this.step;
    const inst = l.inst;
    if (!inst || l.player === undefined) return;
    const moves = this.movesByCard.get(inst) ?? [];
    l.activatedFrom = {
      zone: inst.zone,
      faceDown: inst.faceDown,
      // A board line or an earlier event put it there; a copy the engine created from this link is a guess.
      stated: !inst.implied || moves.length > 0,
      lastMove: moves[moves.length - 1],
      setBy: moves.find((m) => m.kind === 'move' && m.cause === 'set'),
      // Whose card it is where it stands: the controller on the field, the owner elsewhere.
      holder: inst.zone === 'field' ? inst.controller : inst.owner,
    };
    const origin: EventOrigin = { kind: 'activation', chain: chainIndex, link: l.position, range: l.stmt.range, point: this.point, card: inst };
    if (inst.card && inst.card.category !== 'monster' && l.effect?.kind === 'activation' && inst.zone !== 'field') {
      this.move(inst, 'field', origin, 'activation');
      inst.controller = l.player;
    }
    if (inst.zone === 'field') inst.faceDown = false;
    this.emit({ kind: 'activation', step: this.step, origin, chain: chainIndex, link: l.position, player: l.player, card: inst });
    if (l.stmt.cost) {
      const costOrigin: EventOrigin = { ...origin, kind: 'cost' };
      this.perform(l.stmt.cost, l, costOrigin, true, []);
    }
  }

  /** Resolves the chain from the top (R2), then sends leftover Spells/Traps to the GY (R4); returns the leftovers' names. */
  resolveChain(links: LinkState[], chainIndex: number): string[] {
    let order = 0;
    for (let i = links.length - 1; i >= 0; i--) {
      const l = links[i];
      this.step++;
      order++;
      const did: ResolutionAct[] = [];
      let status: 'resolved' | 'negated' | 'no-effect' = 'resolved';
      const card = l.inst?.card;
      if (l.negated) {
        status = 'negated';
        did.push({ kind: 'negated' });
        if (l.inst && card && card.category !== 'monster' && l.inst.zone === 'field' && l.effect?.kind === 'activation') {
          this.move(l.inst, 'gy', { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: this.point }, 'rule');
          did.push({ kind: 'negated-card-to-gy', card: l.inst.name });
        }
      } else if (
        l.inst &&
        card &&
        card.category === 'spell' &&
        (card.spellTrapKind === 'field' || card.spellTrapKind === 'continuous') &&
        l.effect?.kind === 'trigger' &&
        l.inst.zone !== 'field'
      ) {
        // R18: a Field or Continuous Spell's trigger does nothing once the card has left the field.
        status = 'no-effect';
        did.push({ kind: 'left-the-field', card: l.inst.name });
      } else if (l.stmt.actions) {
        const origin: EventOrigin = { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: this.point, card: l.inst };
        did.push(...this.perform(l.stmt.actions, l, origin, false, links));
        if (did.length === 0) did.push({ kind: 'resolves' });
      } else {
        did.push({ kind: 'not-written' });
      }
      l.resolution = { order, status, acts: did };
    }
    // R4: leftover Spells/Traps go to the GY, simultaneously with the end of CL1's resolution.
    const origin0 = links[0];
    const leftovers: string[] = [];
    for (const l of links) {
      const card = l.inst?.card;
      if (!l.inst || !card || card.category === 'monster' || l.effect?.kind !== 'activation') continue;
      const leaves = card.category === 'trap' ? card.spellTrapKind !== 'continuous' : SPELL_TRAP_LEAVES.includes(card.spellTrapKind ?? 'normal');
      if (leaves && l.inst.zone === 'field') {
        this.move(l.inst, 'gy', { kind: 'leftover', chain: chainIndex, link: origin0?.position ?? 1, range: l.stmt.range, point: this.point }, 'leftover');
        leftovers.push(l.inst.name);
      }
    }
    return leftovers;
  }

  /** Performs actions; returns what was done. */
  private perform(seq: ActionSeq, l: LinkState, origin: EventOrigin, isCost: boolean, links: LinkState[]): ResolutionAct[] {
    const did: ResolutionAct[] = [];
    const by = l.player;
    const cause = isCost ? 'cost' : 'effect';
    seq.groups.forEach((group, gi) => {
      if (gi > 0) this.step++;
      for (const a of group) did.push(...this.performOne(a, l, origin, cause, by, links));
    });
    return did;
  }

  /** The copies named (an unknown card or player, already reported, names none). */
  private instances(refs: readonly CardRef[]): CardInstance[] {
    return refs.map((r) => this.names.resolved.get(r)).filter((x): x is CardInstance => !!x);
  }

  /**
   * A Summon with materials (R20 (d)): the materials are used first (sent to the GY; Tributed for a Ritual
   * Summon; attached as overlay units for an Xyz Summon, not sent to the GY), then, a step later, the monster
   * is Special Summoned. The Summon is the last thing: a material's optional "when" trigger misses the timing.
   */
  private summonWithMaterials(method: SummonMethod, card: CardInstance, materials: CardInstance[], player: PlayerIndex, origin: EventOrigin, cause: 'procedure' | 'effect'): boolean {
    if (card.zone === 'field') return false;
    this.step++;
    for (const m of materials) this.move(m, method === 'xyz' ? 'overlay' : 'gy', origin, 'material', { tributed: method === 'ritual', by: player });
    this.step++;
    const from = card.zone;
    this.move(card, 'field', origin, cause, { by: player });
    card.controller = player;
    card.faceDown = false;
    this.emit({ kind: 'summon', step: this.step, origin, card, summonType: 'special', from, player, method });
    return true;
  }

  private cardsOf(cs: CardSet): CardInstance[] {
    if (cs.kind === 'refs') return cs.refs.map((r) => this.names.resolved.get(r)).filter((x): x is CardInstance => !!x);
    const owner = cs.owner ? this.playerIndex(cs.owner.text) : undefined;
    return this.names.names.instances.filter((c) => {
      if (c.zone !== 'field') return false;
      if (owner !== undefined && c.controller !== owner) return false;
      const cat = c.card?.category;
      if (cs.what === 'monsters') return cat === 'monster' || (!cat && !c.faceDown);
      if (cs.what === 'spells-and-traps') return cat === 'spell' || cat === 'trap';
      return true;
    });
  }
  private performOne(a: Action, l: LinkState, origin: EventOrigin, cause: 'cost' | 'effect', by: PlayerIndex | undefined, links: LinkState[]): ResolutionAct[] {
    const did: ResolutionAct[] = [];
    const names = (cs: CardInstance[]) => cs.map((c) => c.name);
    switch (a.kind) {
      case 'destroy': {
        const cs = this.cardsOf(a.cards);
        const on = cs.filter((c) => c.zone === 'field');
        const off = cs.filter((c) => c.zone !== 'field');
        for (const c of on) this.move(c, 'gy', origin, cause, { destroyed: true, by });
        if (on.length) did.push({ kind: 'destroys', cards: names(on) });
        if (off.length) did.push({ kind: 'cannot-destroy', cards: names(off) });
        if (!cs.length) did.push({ kind: 'destroys-nothing' });
        break;
      }
      case 'send-to-gy':
      case 'discard':
      case 'tribute': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) {
          this.move(c, 'gy', origin, a.kind === 'tribute' && cause === 'effect' ? 'effect' : cause, {
            discarded: a.kind === 'discard',
            tributed: a.kind === 'tribute',
            by,
          });
        }
        const verb = a.kind === 'discard' ? 'discards' : a.kind === 'tribute' ? 'tributes' : 'sends-to-gy';
        if (cs.length) did.push({ kind: verb, cards: names(cs) });
        break;
      }
      case 'banish': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) this.move(c, 'banished', origin, cause, { by });
        if (cs.length) did.push({ kind: 'banishes', cards: names(cs) });
        break;
      }
      case 'return': {
        const cs = this.cardsOf(a.cards);
        // A Fusion, Synchro, Xyz or Link Monster returned to the hand or the Deck goes to the Extra Deck instead.
        const extra = cs.filter((c) => c.card?.extraDeck);
        const rest = cs.filter((c) => !c.card?.extraDeck);
        for (const c of rest) this.move(c, a.to, origin, cause, { by });
        for (const c of extra) this.move(c, 'extra', origin, cause, { by });
        if (rest.length) did.push({ kind: 'returns', cards: names(rest), to: a.to });
        if (extra.length) did.push({ kind: 'returns', cards: names(extra), to: 'extra' });
        break;
      }
      case 'special-summon': {
        const cs = this.cardsOf(a.cards);
        const ok: CardInstance[] = [];
        for (const c of cs) {
          if (c.zone === 'field') {
            did.push({ kind: 'cannot-special-summon', card: c.name, on: 'field' });
            continue;
          }
          if (a.from && c.zone !== a.from && !c.implied) {
            did.push({ kind: 'cannot-special-summon', card: c.name, from: a.from, zone: c.zone });
            continue;
          }
          const from = c.zone;
          this.move(c, 'field', origin, 'effect', { by });
          if (by !== undefined) c.controller = by;
          c.faceDown = false;
          this.emit({ kind: 'summon', step: this.step, origin, card: c, summonType: 'special', from, player: by ?? c.owner });
          ok.push(c);
        }
        if (ok.length) did.push({ kind: 'special-summons', cards: names(ok) });
        break;
      }
      case 'add-to-hand': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) this.move(c, 'hand', origin, cause, { by });
        if (cs.length) did.push({ kind: 'adds-to-hand', cards: names(cs) });
        break;
      }
      case 'draw': {
        const cs = a.cards ? this.instances(a.cards) : [];
        for (const c of cs) this.move(c, 'hand', origin, 'draw', { by });
        did.push(a.cards ? { kind: 'draws', count: a.count, cards: names(cs) } : { kind: 'draws', count: a.count });
        break;
      }
      case 'set': {
        const cs = this.cardsOf(a.cards).filter((c) => c.zone !== 'field');
        for (const c of cs) {
          this.move(c, 'field', origin, 'set', { by });
          c.faceDown = true;
          if (by !== undefined) c.controller = by;
        }
        if (cs.length) did.push({ kind: 'sets', cards: names(cs) });
        break;
      }
      case 'material-summon': {
        const card = this.names.resolved.get(a.card);
        if (!card || by === undefined) break;
        const materials = this.instances(a.materials);
        if (this.summonWithMaterials(a.method, card, materials, by, origin, 'effect')) {
          did.push({ kind: 'summons-with-materials', method: a.method, card: card.name, materials: names(materials) });
        } else {
          did.push({ kind: 'cannot-special-summon', card: card.name, on: 'field' });
        }
        break;
      }
      case 'negate': {
        const target = links.find((x) => x.position === a.link.value);
        if (!target) {
          did.push({ kind: 'cannot-negate', link: a.link.value, reason: 'no-such-link' });
        } else if (target.position >= l.position) {
          did.push({ kind: 'cannot-negate', link: target.position, reason: 'already-resolved' });
        } else {
          target.negated = true;
          did.push({ kind: 'negates', link: target.position, card: target.inst?.name ?? '?' });
        }
        break;
      }
      case 'damage': {
        const p = this.playerIndex(a.player.text);
        if (p !== undefined) this.emit({ kind: 'damage', step: this.step, origin, player: p, amount: a.amount, battle: false, source: l.inst });
        did.push({ kind: 'damage', player: a.player.text, amount: a.amount });
        break;
      }
      case 'pay-lp':
        did.push({ kind: 'pays-lp', amount: a.amount });
        break;
      case 'change-position': {
        const cs = this.cardsOf(a.cards).filter((c) => c.zone === 'field');
        const gone = this.cardsOf(a.cards).filter((c) => c.zone !== 'field');
        for (const c of cs) {
          const flipped = c.faceDown;
          c.faceDown = false;
          this.emit({ kind: 'position', step: this.step, origin, card: c, position: a.position, flipped });
        }
        if (cs.length) did.push({ kind: 'changes-position', cards: names(cs), position: a.position });
        if (gone.length) did.push({ kind: 'cannot-change-position', cards: names(gone) });
        break;
      }
      case 'equip': {
        const c = this.names.resolved.get(a.card);
        const to = this.names.resolved.get(a.to);
        if (c && to && to.zone === 'field') {
          this.move(c, 'field', origin, 'effect', { by });
          did.push({ kind: 'equips', card: c.name, to: to.name });
        } else if (to && to.zone !== 'field') {
          did.push({ kind: 'cannot-equip', to: to.name });
        }
        break;
      }
      case 'end-battle-phase':
        // The Battle Phase ends once the chain has resolved; what matters here is that it is a step of
        // the effect, so a "then end the Battle Phase" makes the earlier part not the last thing (R20c).
        this.emit({ kind: 'phase', step: this.step, origin, phase: 'end-of-battle' });
        did.push({ kind: 'ends-battle-phase' });
        break;
      case 'nothing':
        did.push({ kind: 'does-nothing' });
        break;
    }
    return did;
  }
}
