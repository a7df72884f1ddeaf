// The rules engine for one scenario. It walks the timeline, simulates what each game action and
// each chain does, collects the triggers at every point, and checks every claimed chain against
// rules.md (R1-R33). Checks only report what the scenario shows: where a fact is missing, the
// engine records an assumption and accepts the claim.
import { CardIndex } from '../cards';
import { CardInfo, EffectInfo, EventPattern } from '../cards/model';
import { Diagnostic, RelatedInfo, ruleCodeInfo, isRuleCode } from '../diagnostics';
import { Action, ActionSeq, CardRef, CardSet, ChainBlock, LinkStmt, Scenario, Zone } from '../syntax/ast';
import { parse } from '../syntax/parser';
import { Range } from '../text';
import { and3, eventMatches, filterMatches, Tri } from './match';
import { NameResolver, Reference, ResolveContext, scenarioPlayers } from './resolve-names';
import { Category, CATEGORY_LABELS, ChainResult, LinkResult, LinkRole, OrderGroup, ScenarioResult } from './results';
import { normalizeDate, Ruleset, rulesInForce, RulesInForce } from './rulesets';
import { CardInstance, EventOrigin, GameEvent, PlayerIndex, zoneWord } from './state';

export interface ScenarioRun {
  result: ScenarioResult;
  references: Reference[];
}

export interface ScenarioOptions {
  cards: CardIndex;
  defaultRuleset: { region: 'tcg' | 'ocg'; asOf?: string };
  index: number;
  /** False: chains are summed up without their links, order and resolution (AnalyzeOptions.detail). */
  chainDetail?: boolean;
}

/** A trigger whose condition was met in the window of a point. */
interface Candidate {
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

interface LinkState {
  stmt: LinkStmt;
  position: number;
  player?: PlayerIndex;
  inst?: CardInstance;
  effect?: EffectInfo;
  role: LinkRole;
  speed: number;
  category?: Category;
  candidate?: Candidate;
  targets: CardInstance[];
  assumptions: string[];
  codes: string[];
  answers: string;
  /** Id of the last event before this link was placed. */
  placedAfterEvent: number;
  placementStep: number;
  negated: boolean;
  fromHand?: boolean;
  resolution?: { order: number; status: 'resolved' | 'negated' | 'no-effect'; did: string[] };
}

const SPELL_TRAP_LEAVES: ReadonlyArray<string> = ['normal', 'quick-play', 'counter', 'ritual'];

/**
 * A resolve context with every field written (absent ones as undefined): the contexts built across the
 * engine (here, and the resolver's own for a list, with the same fields in the same order) then share one
 * object layout, which keeps the name resolver's property reads monomorphic.
 */
function context(implied: Zone, player?: PlayerIndex, prefer?: PlayerIndex, preferred?: CardInstance[]): ResolveContext {
  return { player, prefer, implied, exclude: undefined, preferred };
}

export function runScenario(sc: Scenario, opts: ScenarioOptions): ScenarioRun {
  layoutKeeper ??= keepLayouts();
  return new ScenarioEngine(sc, opts).run();
}

/** A chain without its details (AnalyzeOptions.detail 'diagnostics'): what the verdicts and counts need. */
function chainSummary(block: ChainBlock, index: number, diags: Diagnostic[], phase: string): ChainResult {
  return {
    index,
    range: block.range,
    keywordRange: block.keywordRange,
    links: [],
    legalOrder: [],
    collected: [],
    resolution: [],
    legal: !diags.some((d) => d.severity === 'error'),
    phase,
  };
}

/**
 * An engine (with its name resolver) that lives as long as the process, run once on a scenario of
 * three lines. V8's optimized code checks the object layout of `this`, and V8 holds the layouts of class
 * instances weakly: when no engine is alive, a full garbage collection between two analyses frees
 * the layout and throws away every method compiled against it, so the next analysis runs unoptimized
 * until V8 has compiled them again (measured: about 240 such de-optimizations over 40 analyses of 500
 * scenarios with a full collection before each, none with this engine kept). See LineLexer.keepLayout.
 */
let layoutKeeper: ScenarioEngine | undefined;

function keepLayouts(): ScenarioEngine {
  const sc = parse('scenario "layout"\n  players A, B\n  turn A\n').file.scenarios[0];
  const engine = new ScenarioEngine(sc, { cards: new CardIndex([]), defaultRuleset: { region: 'tcg' }, index: 0 });
  engine.run();
  return engine;
}

class ScenarioEngine {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly languageErrors: Diagnostic[] = [];
  private players: [string, string] = ['Yugi', 'Kaiba'];
  private turn: PlayerIndex = 0;
  private ruleset!: Ruleset;
  private rules!: RulesInForce;
  private names!: NameResolver;
  private readonly resolved = new Map<CardRef, CardInstance | undefined>();
  private readonly events: GameEvent[] = [];
  private step = 0;
  private point = 0;
  /** Index into `events` where the current trigger window starts. */
  private windowStart = 0;
  private phase = 'main1';
  private passes = new Set<PlayerIndex>();
  private phaseClosed = false;
  private readonly chains: ChainResult[] = [];
  private readonly knownEmpty = new Set<string>();
  /** Once-per-turn effects already activated (player:card:effect), so R17 does not ask for them again. */
  private readonly usedThisTurn = new Set<string>();
  private source?: string;

  constructor(
    private readonly sc: Scenario,
    private readonly opts: ScenarioOptions,
  ) {}

  run(): ScenarioRun {
    this.readHeader();
    this.resolveNames();
    this.simulate();
    const diagnostics = [...this.languageErrors, ...this.names.diagnostics, ...this.diagnostics];
    for (const d of diagnostics) d.scenario = this.opts.index;
    const hasLanguageError = diagnostics.some((d) => d.severity === 'error' && !isRuleCode(d.code));
    const ruleErrors = this.diagnostics.some((d) => d.severity === 'error');
    const result: ScenarioResult = {
      index: this.opts.index,
      title: this.sc.title.text,
      range: this.sc.range,
      titleRange: this.sc.title.range,
      source: this.source,
      ruleset: this.ruleset,
      players: this.players,
      turnPlayer: this.players[this.turn],
      chains: this.chains,
      verdict: hasLanguageError ? 'invalid' : ruleErrors ? 'illegal' : 'legal',
      diagnostics,
    };
    return { result, references: this.names.references };
  }

  // ---------------------------------------------------------------- header and names

  private readHeader(): void {
    const { players, turn } = scenarioPlayers(this.sc);
    if (players) this.players = [players[0].text, players[1].text];
    else {
      // Infer from the first names used; say so.
      const seen: string[] = [];
      for (const item of this.sc.items) {
        const name = item.kind === 'board' ? item.player.text : item.kind === 'chain' ? item.links[0]?.player.text : undefined;
        if (name && !seen.includes(name)) seen.push(name);
      }
      if (seen.length >= 2) this.players = [seen[0], seen[1]];
      else if (seen.length === 1) this.players = [seen[0], seen[0] === 'Kaiba' ? 'Yugi' : 'Kaiba'];
      this.languageErrors.push({
        code: 'missing-players',
        severity: 'warning',
        message: `this scenario has no \`players\` line; assumed \`players ${this.players[0]}, ${this.players[1]}\``,
        range: this.sc.headerRange,
      });
    }
    if (this.players[0].toLowerCase() === this.players[1].toLowerCase()) {
      this.languageErrors.push({ code: 'syntax', severity: 'error', message: 'the two players need different names', range: this.sc.headerRange });
    }
    let region = this.opts.defaultRuleset.region;
    let asOf = this.opts.defaultRuleset.asOf;
    for (const item of this.sc.items) {
      if (item.kind === 'rules' && item.ruleset) {
        region = item.ruleset.text as 'tcg' | 'ocg';
        asOf = undefined;
        if (item.asOf) {
          asOf = normalizeDate(item.asOf.text);
          if (!asOf) {
            this.languageErrors.push({
              code: 'bad-date',
              severity: 'error',
              message: `\`${item.asOf.text}\` is not a date: write YYYY, YYYY-MM or YYYY-MM-DD`,
              range: item.asOf.range,
            });
          }
        }
      }
      if (item.kind === 'source') this.source = item.source?.text;
    }
    const label = `${region.toUpperCase()}${asOf ? ` as of ${asOf}` : ' (current rules)'}`;
    this.ruleset = { region, asOf, label };
    this.rules = rulesInForce(this.ruleset);
    if (turn) {
      const i = this.players.findIndex((p) => p.toLowerCase() === turn.text.toLowerCase());
      if (i >= 0) this.turn = i as PlayerIndex;
      else {
        this.languageErrors.push({
          code: 'unknown-player',
          severity: 'error',
          message: `unknown turn player \`${turn.text}\`: the players are ${this.players[0]} and ${this.players[1]}`,
          range: turn.range,
        });
      }
    }
  }

  /** Resolves every card reference in timeline order, so unplaced copies get their implied zone. */
  private resolveNames(): void {
    this.names = new NameResolver(this.opts.cards, this.players, this.turn, this.opts.index);
    const n = this.names;
    for (const item of this.sc.items) {
      if (item.kind === 'players' && item.players) for (const p of item.players) n.references.push({ kind: 'player', range: p.range, player: p.text, scenario: this.opts.index });
      if (item.kind === 'turn' && item.turn) n.player(item.turn, false);
      if (item.kind !== 'board') continue;
      const owner = n.player(item.player);
      if (owner === undefined) continue;
      if (item.explicitEmpty) this.knownEmpty.add(`${owner}:${item.zone}`);
      for (const bc of item.cards) {
        n.place(bc.ref, owner, item.zone, bc.faceDown, bc.label, bc.range);
      }
    }
    for (const item of this.sc.items) {
      if (item.kind === 'action') {
        const a = item.action;
        if (a.kind === 'summon' || a.kind === 'set' || a.kind === 'attack' || a.kind === 'pass') {
          const p = n.player(a.player);
          if (a.kind === 'summon') {
            if (a.tributes) this.resolveList(a.tributes, context('field', p));
            const implied: Zone = a.summonType === 'special' ? 'hand' : a.summonType === 'flip' ? 'field' : 'hand';
            this.resolveOne(a.card, context(implied, p));
          } else if (a.kind === 'set') {
            this.resolveOne(a.card, context('hand', p));
          } else if (a.kind === 'attack') {
            this.resolveOne(a.attacker, context('field', p));
            if (a.target) this.resolveOne(a.target, context('field', undefined, p === undefined ? undefined : ((1 - p) as PlayerIndex)));
          }
        } else if (a.kind === 'battle-destroys') {
          this.resolveList(a.cards, context('field'));
        }
      } else if (item.kind === 'chain') {
        for (const link of item.links) {
          const p = n.player(link.player);
          const info = link.card.kind === 'name' ? this.opts.cards.get(link.card.name) : undefined;
          const inst = this.resolveOne(link.card, context(link.from?.zone ?? impliedLinkZone(info), p));
          const effectTargetsZone = this.guessTargetZone(inst?.card, link);
          const targets = link.targets ? this.resolveList(link.targets, context(effectTargetsZone, undefined, p === undefined ? undefined : ((1 - p) as PlayerIndex))) : [];
          if (link.cost) this.resolveActions(link.cost, p, []);
          if (link.actions) this.resolveActions(link.actions, p, targets.filter((t): t is CardInstance => !!t));
        }
      }
    }
  }

  private guessTargetZone(card: CardInfo | undefined, link: LinkStmt): Zone {
    if (!card) return 'field';
    const e = link.effectIndex ? card.effects[link.effectIndex.value - 1] : card.effects.find((x) => x.targets);
    if (e?.targets?.zone) return e.targets.zone;
    // A revival target (special summon) is in the GY.
    const revives = link.actions?.groups.some((g) => g.some((a) => a.kind === 'special-summon' && !a.from));
    return revives ? 'gy' : 'field';
  }

  private resolveOne(ref: CardRef, ctx: ResolveContext): CardInstance | undefined {
    if (this.resolved.has(ref)) return this.resolved.get(ref);
    const inst = this.names.resolve(ref, ctx);
    this.resolved.set(ref, inst);
    return inst;
  }

  private resolveList(refs: CardRef[], ctx: ResolveContext): Array<CardInstance | undefined> {
    const out = this.names.resolveList(refs, ctx);
    for (let i = 0; i < refs.length; i++) this.resolved.set(refs[i], out[i]);
    return out;
  }

  private resolveActions(seq: ActionSeq, player: PlayerIndex | undefined, targets: CardInstance[]): void {
    const opp = player === undefined ? undefined : ((1 - player) as PlayerIndex);
    for (const group of seq.groups) {
      for (const a of group) {
        // whose: 'mine' = only the link player's cards (costs); 'own'/'opp' = prefer that player's copy.
        const set = (cs: CardSet, implied: Zone, whose: 'mine' | 'own' | 'opp') => {
          if (cs.kind === 'all') {
            if (cs.owner) this.names.player(cs.owner);
            return;
          }
          const ctx = whose === 'mine' ? context(implied, player, undefined, targets) : context(implied, undefined, whose === 'own' ? player : opp, targets);
          this.resolveList(cs.refs, ctx);
        };
        switch (a.kind) {
          case 'destroy':
          case 'return':
          case 'change-position':
          case 'banish':
            set(a.cards, 'field', 'opp');
            break;
          case 'send-to-gy':
            set(a.cards, 'field', 'own');
            break;
          case 'discard':
          case 'tribute':
            set(a.cards, a.kind === 'discard' ? 'hand' : 'field', 'mine');
            break;
          case 'special-summon':
            set(a.cards, a.from ?? (targets.length ? 'gy' : 'hand'), 'own');
            // The summoning player controls what they summon (a revived opponent's monster included).
            if (a.cards.kind === 'refs' && player !== undefined) {
              for (const r of a.cards.refs) {
                const inst = this.resolved.get(r);
                if (inst) this.names.claim(inst, player);
              }
            }
            break;
          case 'add-to-hand':
            set(a.cards, a.from ?? 'deck', 'own');
            break;
          case 'equip':
            this.resolveOne(a.card, context('gy', player));
            this.resolveOne(a.to, context('field', undefined, player, targets));
            break;
          case 'damage':
            this.names.player(a.player);
            break;
        }
      }
    }
  }

  // ---------------------------------------------------------------- simulation

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

  private move(
    card: CardInstance,
    to: Zone,
    origin: EventOrigin,
    cause: Extract<GameEvent, { kind: 'move' }>['cause'],
    flags: { destroyed?: boolean; discarded?: boolean; tributed?: boolean; by?: PlayerIndex; battleWith?: CardInstance } = {},
  ): GameEvent {
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

  private simulate(): void {
    for (const item of this.sc.items) {
      if (item.kind === 'action') this.gameAction(item.action, item.range);
      else if (item.kind === 'chain') this.chain(item);
    }
  }

  private newWindow(fromEvent: number): void {
    this.windowStart = fromEvent;
    this.point++;
  }

  private gameAction(a: import('../syntax/ast').GameAction, range: Range): void {
    const start = this.events.length;
    const origin: EventOrigin = { kind: 'action', range, point: this.point };
    const player = 'player' in a ? this.playerIndex(a.player.text) : undefined;
    switch (a.kind) {
      case 'phase': {
        this.step++;
        this.phase = a.phase;
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
        const card = this.resolved.get(a.card);
        if (a.tributes) {
          this.step++;
          for (const t of a.tributes) {
            const ti = this.resolved.get(t);
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
      case 'set': {
        this.step++;
        const card = this.resolved.get(a.card);
        if (card) {
          this.move(card, 'field', origin, 'procedure');
          card.faceDown = true;
          if (player !== undefined) card.controller = player;
        }
        break;
      }
      case 'attack': {
        this.step++;
        if (this.phase === 'main1' || this.phase === 'standby' || this.phase === 'draw') this.phase = 'battle';
        const attacker = this.resolved.get(a.attacker);
        const target = a.target ? this.resolved.get(a.target) : undefined;
        if (attacker && player !== undefined) this.emit({ kind: 'attack', step: this.step, origin, attacker, target, player });
        break;
      }
      case 'battle-destroys': {
        this.step++;
        this.phase = 'damage-step';
        const attack = [...this.events].reverse().find((e): e is Extract<GameEvent, { kind: 'attack' }> => e.kind === 'attack');
        for (const r of a.cards) {
          const c = this.resolved.get(r);
          if (!c) continue;
          const battleWith = attack ? (attack.target === c ? attack.attacker : attack.attacker === c ? attack.target : undefined) : undefined;
          this.move(c, 'gy', origin, 'battle', { destroyed: true, battleWith });
        }
        break;
      }
    }
    this.newWindow(start);
  }

  private playerIndex(name: string): PlayerIndex | undefined {
    const lower = name.toLowerCase();
    if (lower === this.players[0].toLowerCase()) return 0;
    if (lower === this.players[1].toLowerCase()) return 1;
    return undefined;
  }

  private controllerOf(c: CardInstance): PlayerIndex {
    return c.zone === 'field' ? c.controller : c.owner;
  }

  // ---------------------------------------------------------------- trigger collection

  /** Triggers whose conditions were met in the current window (R10, R19-R23, R15). */
  private collect(): Candidate[] {
    const events = this.events;
    const lastStep = this.step;
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
    for (let i = this.windowStart; i < events.length; i++) {
      const ev = events[i];
      if (ev.kind === 'move' || ev.kind === 'summon' || ev.kind === 'position') add(ev.card, ev);
      else if (ev.kind === 'attack') {
        add(ev.attacker, ev);
        add(ev.target, ev);
      }
      if (ev.kind === 'move' && ev.battleWith) add(ev.battleWith, ev);
    }
    for (const inst of this.names.instances) {
      if (!inst.card) continue;
      for (const effect of inst.card.effects) {
        if ((effect.kind !== 'trigger' && effect.kind !== 'flip') || !effect.event) continue;
        const pattern = effect.event;
        const selfOnly = pattern.kind === 'card' && pattern.subject === 'self';
        const own = selfOnly ? byCard.get(inst) : undefined;
        if (selfOnly && !own) continue;
        const from = own ? 0 : this.windowStart;
        const to = own ? own.length : events.length;
        const you = this.controllerOf(inst);
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
        out.push(this.candidate(inst, effect, bestEv, bestM, lastStep));
      }
    }
    return out;
  }

  /** Move events by card, kept as they are emitted (for R23). */
  private readonly movesByCard = new Map<CardInstance, GameEvent[]>();

  private candidate(inst: CardInstance, effect: EffectInfo, ev: GameEvent, m: Tri, lastStep: number): Candidate {
    const player = this.controllerOf(inst);
    const zoneOk = effect.activatesFrom.includes(inst.zone) && !(inst.zone === 'field' && inst.faceDown);
    const movedBefore = this.movesByCard.get(inst)?.find((e) => e.id > ev.id);
    const missed = !effect.mandatory && effect.timing === 'when' && ev.step !== lastStep;
    let noTarget = false;
    let targetKnown = false;
    const t = effect.targets;
    if (t && !t.eventCard) {
      const zone = t.zone ?? 'field';
      const candidates = this.names.instances.filter((c) => c.zone === zone && !(zone === 'field' && c.faceDown && t.category === 'monster'));
      const ok = candidates.filter((c) => filterMatches(t, c, player) !== 'no');
      noTarget = ok.length === 0;
      const owners: PlayerIndex[] = t.controller === 'you' ? [player] : t.controller === 'opponent' ? [(1 - player) as PlayerIndex] : [0, 1];
      targetKnown = owners.every((o) => this.knownEmpty.has(`${o}:${zone}`));
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

  private category(player: PlayerIndex, mandatory: boolean): Category {
    const tp = player === this.turn;
    return (mandatory ? (tp ? 1 : 2) : tp ? 3 : 4) as Category;
  }

  // ---------------------------------------------------------------- chains

  private chain(block: ChainBlock): void {
    const chainIndex = this.chains.length + 1;
    const collected = this.collect();
    const windowStartIndex = this.windowStart;
    const chainStartEvent = this.events.length;
    const phaseAtStart = this.phase;
    const phaseClosedAtStart = this.phaseClosed;
    const links: LinkState[] = block.links.map((stmt, i) => this.linkState(stmt, i + 1, collected));
    this.classify(links);

    // Simulate placement (activation and costs), then resolution.
    for (const l of links) this.place(l, chainIndex);
    const lastPlacementEvent = this.events.length;
    this.resolveChain(links, chainIndex);

    // Check the claim.
    const diags: Diagnostic[] = [];
    const ctx: ChainCheck = {
      chainIndex,
      links,
      collected,
      diags,
      chainStartEvent,
      lastPlacementEvent,
      windowStartIndex,
      phase: phaseAtStart,
      phaseClosed: phaseClosedAtStart,
    };
    this.checkChain(ctx);
    for (const d of diags) d.chain = chainIndex;
    this.diagnostics.push(...diags);

    for (const l of links) if (l.inst?.card && l.effect?.oncePerTurn && l.player !== undefined) this.usedThisTurn.add(`${l.player}:${l.inst.card.key}:${l.effect.index}`);
    // What this chain produced is the next window.
    this.newWindow(chainStartEvent);
    this.passes.clear();
    this.phaseClosed = false;

    this.chains.push(this.opts.chainDetail === false ? chainSummary(block, chainIndex, diags, phaseAtStart) : this.chainResult(block, chainIndex, links, collected, diags, phaseAtStart));
  }

  private linkState(stmt: LinkStmt, position: number, collected: Candidate[]): LinkState {
    const player = this.playerIndex(stmt.player.text);
    const inst = this.resolved.get(stmt.card);
    const targets: CardInstance[] = [];
    if (stmt.targets) {
      for (const t of stmt.targets) {
        const target = this.resolved.get(t);
        if (target) targets.push(target);
      }
    }
    // Every field is written here, optional ones as undefined: link states then share one object
    // layout, and the engine's optimized code is not thrown away when a rarer mix of fields shows up.
    const l: LinkState = {
      stmt,
      position,
      player,
      inst,
      effect: undefined,
      role: 'slow',
      speed: 1,
      category: undefined,
      candidate: undefined,
      targets,
      assumptions: [],
      codes: [],
      answers: '',
      placedAfterEvent: 0,
      placementStep: 0,
      negated: false,
      fromHand: undefined,
      resolution: undefined,
    };
    if (!inst?.card) return l;
    // A card of the generated library: what its facts leave open is assumed, and explain says so.
    const generated = inst.card.origin.generated;
    if (generated?.assumed.length) l.assumptions.push(`"${inst.card.name}" comes from the generated card library, which leaves open: ${generated.assumed.join('; ')}; the engine assumes there`);
    l.effect = this.chooseEffect(l, inst.card, collected);
    if (l.effect) l.candidate = collected.find((c) => c.inst === inst && c.effect === l.effect);
    return l;
  }

  private chooseEffect(l: LinkState, card: CardInfo, collected: Candidate[]): EffectInfo | undefined {
    const stmt = l.stmt;
    if (stmt.effectIndex) {
      const e = card.effects[stmt.effectIndex.value - 1];
      if (!e) {
        this.languageErrors.push({
          code: 'no-such-effect',
          severity: 'error',
          message: `"${card.name}" has ${card.effects.length} effect${card.effects.length === 1 ? '' : 's'}; there is no effect ${stmt.effectIndex.value}`,
          range: stmt.effectIndex.range,
        });
      }
      return e;
    }
    const usable = card.effects.filter((e) => e.kind !== 'continuous');
    if (usable.length <= 1) return usable[0];
    const classes: Array<(e: EffectInfo) => boolean> = [
      (e) => collected.some((c) => c.inst === l.inst && c.effect === e && c.zoneOk),
      (e) => collected.some((c) => c.inst === l.inst && c.effect === e),
      (e) => e.kind === 'phase-trigger' && this.phaseMatches(e, l.player),
      (e) => l.position > 1 && (isActivationResponder(e) || e.kind === 'activation'),
      (e) => e.kind === 'activation',
      (e) => this.phase === 'damage-step' && (e.damageStep || e.changesAtk || e.negatesActivation),
      (e) => l.position > 1 && e.kind === 'quick',
      (e) => e.kind === 'quick' || e.kind === 'ignition',
    ];
    for (const cls of classes) {
      const fit = usable.filter(cls);
      if (fit.length === 1) return fit[0];
      if (fit.length > 1) {
        this.languageErrors.push({
          code: 'ambiguous-effect',
          severity: 'error',
          message: `"${card.name}" has several effects that fit here (${fit.map((e) => `effect ${e.index}: ${e.text}`).join('; ')}); say which with \`effect N\``,
          range: stmt.card.range,
          fix: fit.map((e) => ({ title: `Use effect ${e.index}`, edits: [{ range: { start: stmt.card.range.end, end: stmt.card.range.end }, newText: ` effect ${e.index}` }] })),
        });
        return fit[0];
      }
    }
    l.assumptions.push(`no effect of "${card.name}" fits the situation clearly; effect ${usable[0].index} is assumed`);
    return usable[0];
  }

  private phaseMatches(e: EffectInfo, player: PlayerIndex | undefined): boolean {
    const t = e.phaseTime;
    if (!t) return true;
    const phase = this.phase === 'end-of-battle' ? 'end-of-battle' : this.phase;
    if (t.phase !== phase && !(t.phase === 'end-of-battle' && phase === 'battle')) return false;
    if (t.whose === 'your' && player !== undefined && player !== this.turn) return false;
    if (t.whose === 'opponent' && player !== undefined && player === this.turn) return false;
    return true;
  }

  /** Spell Speed and role of each link (R5, R9, R14, R28). */
  private classify(links: LinkState[]): void {
    let batchOpen = true;
    for (const l of links) {
      const e = l.effect;
      const card = l.inst?.card;
      if (!e || !card) {
        // An unknown card (a language error already says so) is transparent: it neither closes
        // the trigger batch nor takes part in speed checks, so one typo does not cascade.
        l.role = 'fast';
        l.speed = 2;
        continue;
      }
      l.speed = spellSpeed(e, card, this.rules);
      const isTrigger = e.kind === 'trigger' || e.kind === 'flip';
      const fromHand = (l.stmt.from?.zone ?? l.inst!.zone) === 'hand';
      l.fromHand = fromHand;
      if (isTrigger) {
        if (fromHand && this.rules.handTriggersAfterPublic) {
          l.role = 'hand-trigger';
          l.speed = Math.max(l.speed, 2);
        } else {
          l.role = batchOpen ? 'batch-trigger' : 'slow';
        }
      } else {
        batchOpen = false;
        if (e.kind === 'phase-trigger') l.role = 'phase-trigger';
        else if (isActivationResponder(e)) l.role = 'responder';
        else l.role = l.speed >= 2 ? 'fast' : 'slow';
      }
      // Batch members have a category; so has a collected trigger placed too late (for the reorder fix).
      if (l.role === 'batch-trigger' || l.role === 'hand-trigger' || (isTrigger && l.candidate)) {
        l.category = l.candidate ? this.category(l.candidate.player, l.candidate.mandatory) : l.player !== undefined ? this.category(l.player, e.mandatory) : undefined;
      }
    }
  }

  private place(l: LinkState, chainIndex: number): void {
    this.step++;
    l.placedAfterEvent = this.events.length;
    l.placementStep = this.step;
    const inst = l.inst;
    if (!inst || l.player === undefined) return;
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

  private resolveChain(links: LinkState[], chainIndex: number): void {
    let order = 0;
    for (let i = links.length - 1; i >= 0; i--) {
      const l = links[i];
      this.step++;
      order++;
      const did: string[] = [];
      let status: 'resolved' | 'negated' | 'no-effect' = 'resolved';
      const card = l.inst?.card;
      if (l.negated) {
        status = 'negated';
        did.push('its activation was negated: nothing happens');
        if (l.inst && card && card.category !== 'monster' && l.inst.zone === 'field' && l.effect?.kind === 'activation') {
          this.move(l.inst, 'gy', { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: this.point }, 'rule');
          did.push(`"${l.inst.name}" goes to the GY`);
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
        did.push(`does nothing: "${l.inst.name}" is no longer on the field (R18)`);
      } else if (l.stmt.actions) {
        const origin: EventOrigin = { kind: 'resolution', chain: chainIndex, link: l.position, range: l.stmt.range, point: this.point, card: l.inst };
        did.push(...this.perform(l.stmt.actions, l, origin, false, links));
        if (did.length === 0) did.push('resolves');
      } else {
        did.push('resolves (its effect is not written out)');
      }
      l.resolution = { order, status, did };
    }
    // R4: leftover Spells/Traps go to the GY, simultaneously with the end of CL1's resolution.
    const origin0 = links[0];
    const leftovers: string[] = [];
    for (const l of links) {
      const card = l.inst?.card;
      if (!l.inst || !card || card.category === 'monster' || l.effect?.kind !== 'activation') continue;
      const leaves = card.category === 'trap' ? card.spellTrapKind !== 'continuous' : SPELL_TRAP_LEAVES.includes(card.spellTrapKind ?? 'normal');
      if (leaves && l.inst.zone === 'field') {
        this.move(
          l.inst,
          'gy',
          { kind: 'leftover', chain: chainIndex, link: origin0?.position ?? 1, range: l.stmt.range, point: this.point },
          'leftover',
        );
        leftovers.push(`"${l.inst.name}"`);
      }
    }
    this.leftovers = leftovers.length
      ? [`after the chain: ${leftovers.join(', ')} ${leftovers.length === 1 ? 'is' : 'are'} sent to the GY (leftover cards, at the same time as CL1's last part; R4)`]
      : [];
  }

  /** What the last resolved chain sent to the GY as leftovers, in words. */
  private leftovers: string[] = [];

  /** Performs actions; returns what was done, in words. */
  private perform(seq: ActionSeq, l: LinkState, origin: EventOrigin, isCost: boolean, links: LinkState[]): string[] {
    const did: string[] = [];
    const by = l.player;
    const cause = isCost ? 'cost' : 'effect';
    seq.groups.forEach((group, gi) => {
      if (gi > 0) this.step++;
      for (const a of group) did.push(...this.performOne(a, l, origin, cause, by, links));
    });
    return did;
  }

  private cardsOf(cs: CardSet): CardInstance[] {
    if (cs.kind === 'refs') return cs.refs.map((r) => this.resolved.get(r)).filter((x): x is CardInstance => !!x);
    const owner = cs.owner ? this.playerIndex(cs.owner.text) : undefined;
    return this.names.instances.filter((c) => {
      if (c.zone !== 'field') return false;
      if (owner !== undefined && c.controller !== owner) return false;
      const cat = c.card?.category;
      if (cs.what === 'monsters') return cat === 'monster' || (!cat && !c.faceDown);
      if (cs.what === 'spells-and-traps') return cat === 'spell' || cat === 'trap';
      return true;
    });
  }

  private performOne(a: Action, l: LinkState, origin: EventOrigin, cause: 'cost' | 'effect', by: PlayerIndex | undefined, links: LinkState[]): string[] {
    const did: string[] = [];
    const names = (cs: CardInstance[]) => cs.map((c) => `"${c.name}"`).join(', ');
    switch (a.kind) {
      case 'destroy': {
        const cs = this.cardsOf(a.cards);
        const on = cs.filter((c) => c.zone === 'field');
        const off = cs.filter((c) => c.zone !== 'field');
        for (const c of on) this.move(c, 'gy', origin, cause, { destroyed: true, by });
        if (on.length) did.push(`destroys ${names(on)}`);
        if (off.length) did.push(`cannot destroy ${names(off)}: no longer on the field`);
        if (!cs.length) did.push('destroys nothing (no such card on the field)');
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
        const verb = a.kind === 'discard' ? 'discards' : a.kind === 'tribute' ? 'Tributes' : 'sends to the GY';
        if (cs.length) did.push(`${verb} ${names(cs)}`);
        break;
      }
      case 'banish': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) this.move(c, 'banished', origin, cause, { by });
        if (cs.length) did.push(`banishes ${names(cs)}`);
        break;
      }
      case 'return': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) this.move(c, a.to, origin, cause, { by });
        if (cs.length) did.push(`returns ${names(cs)} to the ${a.to === 'hand' ? 'hand' : 'Deck'}`);
        break;
      }
      case 'special-summon': {
        const cs = this.cardsOf(a.cards);
        const ok: CardInstance[] = [];
        for (const c of cs) {
          if (c.zone === 'field') {
            did.push(`cannot Special Summon "${c.name}": it is already on the field`);
            continue;
          }
          if (a.from && c.zone !== a.from && !c.implied) {
            did.push(`cannot Special Summon "${c.name}" from the ${zoneWord(a.from)}: it is in the ${zoneWord(c.zone)}`);
            continue;
          }
          const from = c.zone;
          this.move(c, 'field', origin, 'effect', { by });
          if (by !== undefined) c.controller = by;
          c.faceDown = false;
          this.emit({ kind: 'summon', step: this.step, origin, card: c, summonType: 'special', from, player: by ?? c.owner });
          ok.push(c);
        }
        if (ok.length) did.push(`Special Summons ${names(ok)}`);
        break;
      }
      case 'add-to-hand': {
        const cs = this.cardsOf(a.cards);
        for (const c of cs) this.move(c, 'hand', origin, cause, { by });
        if (cs.length) did.push(`adds ${names(cs)} to the hand`);
        break;
      }
      case 'draw':
        did.push(`draws ${a.count} card${a.count === 1 ? '' : 's'}`);
        break;
      case 'negate': {
        const target = links.find((x) => x.position === a.link.value);
        if (!target) {
          did.push(`negates link ${a.link.value} (there is no such link)`);
        } else if (target.position >= l.position) {
          did.push(`cannot negate CL${target.position}: it has already resolved`);
        } else {
          target.negated = true;
          did.push(`negates the activation of CL${target.position} "${target.inst?.name ?? '?'}"`);
        }
        break;
      }
      case 'damage': {
        const p = this.playerIndex(a.player.text);
        if (p !== undefined) this.emit({ kind: 'damage', step: this.step, origin, player: p, amount: a.amount, battle: false });
        did.push(`${a.player.text} takes ${a.amount} damage`);
        break;
      }
      case 'pay-lp':
        did.push(`pays ${a.amount} LP`);
        break;
      case 'change-position': {
        const cs = this.cardsOf(a.cards).filter((c) => c.zone === 'field');
        const gone = this.cardsOf(a.cards).filter((c) => c.zone !== 'field');
        for (const c of cs) {
          const flipped = c.faceDown;
          c.faceDown = false;
          this.emit({ kind: 'position', step: this.step, origin, card: c, position: a.position, flipped });
        }
        if (cs.length) did.push(`changes ${names(cs)} to ${a.position} position`);
        if (gone.length) did.push(`cannot change ${names(gone)}: no longer on the field`);
        break;
      }
      case 'equip': {
        const c = this.resolved.get(a.card);
        const to = this.resolved.get(a.to);
        if (c && to && to.zone === 'field') {
          this.move(c, 'field', origin, 'effect', { by });
          did.push(`equips "${c.name}" to "${to.name}"`);
        } else if (to && to.zone !== 'field') {
          did.push(`cannot equip: "${to.name}" is no longer on the field`);
        }
        break;
      }
      case 'nothing':
        did.push('does nothing');
        break;
    }
    return did;
  }

  // ---------------------------------------------------------------- checks

  private report(ctx: ChainCheck, code: string, l: LinkState, message: string, related: Array<{ link?: LinkState; range?: Range; message: string }> = []): void {
    const info = ruleCodeInfo(code)!;
    const rel: RelatedInfo[] = related.map((r) => ({
      range: r.link ? r.link.stmt.range : r.range!,
      message: r.message,
      link: r.link?.position,
    }));
    ctx.diags.push({
      code,
      severity: info.severity,
      message: /\[R\d/.test(message) ? message : `${message} [${info.rule}]`,
      range: l.stmt.range,
      rule: info.rule,
      link: l.position,
      related: rel.length ? rel : undefined,
    });
    l.codes.push(code);
  }

  private who(p: PlayerIndex | undefined): string {
    return p === undefined ? '?' : this.players[p];
  }

  private linkName(l: LinkState): string {
    return `CL${l.position} ${this.who(l.player)}'s "${l.inst?.name ?? '?'}"`;
  }

  private checkChain(ctx: ChainCheck): void {
    const { links } = ctx;
    this.checkNumbering(ctx);
    const members = links.filter((l) => l.role === 'batch-trigger' || (l.role === 'hand-trigger' && this.isBatchPosition(links, l)));
    for (const l of links) this.checkTriggerEligibility(ctx, l);
    this.checkSegocOrder(ctx, members);
    this.checkHandTriggers(ctx, members);
    for (let i = 0; i < links.length; i++) this.checkSpeed(ctx, links[i], i > 0 ? links[i - 1] : undefined);
    this.checkPhaseTriggers(ctx);
    this.checkResponders(ctx);
    this.checkHandSummonLimit(ctx);
    this.checkOncePerChain(ctx);
    this.checkDamageStep(ctx);
    this.checkMissingMandatory(ctx, members);
    this.describeAnswers(ctx);
  }

  /** An OCG hand trigger that stands among (or before) public batch triggers, before any fast effect. */
  private isBatchPosition(links: LinkState[], l: LinkState): boolean {
    for (const x of links) {
      if (x === l) return true;
      if (x.role !== 'batch-trigger' && x.role !== 'hand-trigger') return false;
    }
    return false;
  }

  private checkNumbering(ctx: ChainCheck): void {
    const bad = ctx.links.find((l) => l.stmt.number.value !== l.position);
    if (!bad) return;
    const d: Diagnostic = {
      code: 'chain-numbering',
      severity: 'error',
      message: `link numbered ${bad.stmt.number.value} is chain link ${bad.position}: links are numbered 1, 2, 3 ... in the order they are activated [R1]`,
      range: bad.stmt.number.range,
      rule: 'R1',
      link: bad.position,
      fix: [
        {
          title: 'Renumber the links 1..n',
          edits: ctx.links.filter((l) => l.stmt.number.value !== l.position).map((l) => ({ range: l.stmt.number.range, newText: String(l.position) })),
          preferred: true,
        },
      ],
    };
    ctx.diags.push(d);
    bad.codes.push('chain-numbering');
  }

  /** R10, R15, R19-R23, R32 for every trigger link. */
  private checkTriggerEligibility(ctx: ChainCheck, l: LinkState): void {
    const e = l.effect;
    if (!e || !l.inst || (e.kind !== 'trigger' && e.kind !== 'flip')) return;
    const c = l.candidate;
    if (c) {
      // Moved after its event: before the chain, or during this chain before it was placed (R23).
      const moved = c.movedBefore && c.movedBefore.id <= l.placedAfterEvent && !(c.movedBefore.origin.kind === 'activation' && 'link' in c.movedBefore.origin && c.movedBefore.origin.link === l.position && c.movedBefore.origin.chain === ctx.chainIndex)
        ? c.movedBefore
        : undefined;
      if (moved && moved.kind === 'move') {
        const privateMove = moved.to === 'hand' || moved.to === 'deck' || moved.to === 'extra';
        if (this.rules.locationRule === 'any-move' || privateMove) {
          this.report(
            ctx,
            'location-changed',
            l,
            `"${l.inst.name}" moved from the ${zoneWord(moved.from)} to the ${zoneWord(moved.to)} after its condition was met and before it could activate, so its effect does not activate (${this.ruleset.label}; R23 is version-dependent: ${this.rules.locationRule === 'any-move' ? 'any change of location counts' : 'legacy rule: only a move to the hand or Deck'})`,
          );
          return;
        }
        l.assumptions.push(`"${l.inst.name}" moved to the ${zoneWord(moved.to)}, which the legacy location rule (R23 [version]) allows`);
      }
      if (c.missed) {
        this.report(
          ctx,
          'missed-timing',
          l,
          `"${l.inst.name}" is an optional "when" trigger and its condition (${describeEvent(c.event, this.players)}) was not the last thing to happen: ${this.afterwards(c.event)}, so it missed the timing and cannot be activated: leave it out of the chain (an "if" effect or a mandatory one would not miss) [R19/R20]`,
        );
      }
      if (c.noTarget && (l.targets.length > 0 || c.targetKnown)) {
        const t = e.targets!;
        const arrived = l.targets.find((x) => this.events.some((ev) => ev.kind === 'move' && ev.card === x && ev.id > ctx.chainStartEvent));
        this.report(
          ctx,
          'no-target-at-collection',
          l,
          `"${l.inst.name}" had no legal target (${t.raw}) when the triggers were collected${arrived ? `: "${arrived.name}" only got there during this chain` : ''}; which triggers may activate is fixed before the chain is built, so it cannot be placed even if an earlier link made a target available [R15]`,
        );
      }
      if (c.match === 'assumed') l.assumptions.push(`the condition "${e.event?.raw}" was taken as met by ${describeEvent(c.event, this.players)} (the card data does not settle it)`);
      return;
    }
    // No event of the current window meets it.
    const pattern = e.event!;
    const you = this.controllerOf(l.inst);
    const thisChain = this.events.slice(ctx.chainStartEvent).filter((ev) => eventMatches(pattern, ev, l.inst!, you) !== 'no');
    const fromBuilding = thisChain.find((ev) => ev.id <= ctx.lastPlacementEvent && ev.origin.kind !== 'action');
    const fromResolution = thisChain.find((ev) => ev.id > ctx.lastPlacementEvent);
    if (fromBuilding || fromResolution) {
      const ev = fromBuilding ?? fromResolution!;
      const src = ev.origin.kind === 'cost' ? 'the cost of' : ev.origin.kind === 'activation' ? 'the activation of' : 'the resolution of';
      const link = 'link' in ev.origin ? ctx.links.find((x) => x.position === (ev.origin as { link: number }).link) : undefined;
      this.report(
        ctx,
        'trigger-must-wait',
        l,
        `"${l.inst.name}" cannot be in this chain: its condition was met by ${src} ${link ? this.linkName(link) : 'this chain'}; a trigger whose condition is met while a chain is built or resolved waits until the chain has resolved and then starts a new chain${!e.mandatory && e.timing === 'when' && ev.origin.kind !== 'resolution' ? ' (and, as an optional "when" effect, it will have missed the timing)' : ''} [R10]`,
        link ? [{ link, message: `this link's ${ev.origin.kind === 'resolution' ? 'resolution' : ev.origin.kind} met the condition` }] : [],
      );
      return;
    }
    const older = this.events.slice(0, ctx.windowStartIndex).filter((ev) => eventMatches(pattern, ev, l.inst!, you) !== 'no');
    if (older.length) {
      const ev = older[older.length - 1];
      if (!e.mandatory && e.timing === 'when') {
        this.report(
          ctx,
          'missed-timing',
          l,
          `"${l.inst.name}" is an optional "when" trigger and its condition (${describeEvent(ev, this.players)}) was not the last thing to happen: more happened before this chain, so it missed the timing [R19]`,
        );
      } else {
        this.report(
          ctx,
          'event-window-passed',
          l,
          `"${l.inst.name}" had its chance right after ${describeEvent(ev, this.players)}; another chain or action came in between, so it can no longer be activated here [R32]`,
        );
      }
      return;
    }
    if (l.position === 1 || l.role === 'batch-trigger' || l.role === 'hand-trigger') {
      l.assumptions.push(`no event in the scenario meets "${pattern.raw}"; the engine assumes it was met just before this chain`);
    }
  }


  private afterwards(ev: GameEvent): string {
    const later = this.events.find((x) => x.step > ev.step && x.kind !== 'phase');
    if (!later) return 'something else happened after it';
    return `${describeEvent(later, this.players)} happened after it`;
  }

  /** "a legal order is CL1 Yugi's "Sangan", CL2 ..." for the batch (same sort as the legal-order groups). */
  private legalOrderText(ctx: ChainCheck): string {
    const batch = ctx.links.filter((l) => (l.role === 'batch-trigger' || l.role === 'hand-trigger' || (l.role === 'slow' && l.candidate)) && l.category !== undefined && !l.codes.includes('location-changed') && !l.codes.includes('missed-timing'));
    const sorted = [...batch].sort((a, b) => {
      const ga = a.role === 'hand-trigger' ? 1 : 0;
      const gb = b.role === 'hand-trigger' ? 1 : 0;
      if (ga !== gb) return ga - gb;
      if (a.category !== b.category) return a.category! - b.category!;
      if (this.rules.legacyTriggerOrder && a.candidate && b.candidate && a.candidate.player === b.candidate.player) return a.candidate.event.step - b.candidate.event.step;
      return a.position - b.position;
    });
    return `a legal order is ${sorted.map((l, i) => `CL${i + 1} ${this.who(l.player)}'s "${l.inst?.name ?? '?'}"`).join(', ')}${sorted.length < ctx.links.length ? ', then any fast effects' : ''}`;
  }

  /** R11 and R13. */
  private checkSegocOrder(ctx: ChainCheck, members: LinkState[]): void {
    const ordered = members.filter((m) => m.category !== undefined && !m.codes.includes('location-changed'));
    for (let j = 0; j < ordered.length; j++) {
      const lower = ordered[j];
      const higher = ordered.slice(j + 1).find((h) => h.category! < lower.category!);
      if (higher) {
        this.report(
          ctx,
          'segoc-order',
          lower,
          `${this.linkName(lower)} is a ${CATEGORY_LABELS[lower.category!]} trigger (category ${lower.category} of 4) but stands below ${this.linkName(higher)}, a ${CATEGORY_LABELS[higher.category!]} trigger (category ${higher.category}); simultaneous triggers go on the chain turn player's mandatory, then non-turn player's mandatory, then turn player's optional, then non-turn player's optional; ${this.legalOrderText(ctx)} [R11]`,
          [{ link: higher, message: `category ${higher.category}: must be placed below CL${lower.position}` }],
        );
      }
    }
    if (!this.rules.legacyTriggerOrder) return;
    for (let j = 0; j < ordered.length; j++) {
      const lower = ordered[j];
      if (!lower.candidate) continue;
      const higher = ordered
        .slice(j + 1)
        .find((h) => h.candidate && h.category === lower.category && h.candidate.player === lower.candidate!.player && h.candidate.event.step < lower.candidate!.event.step);
      if (higher) {
        this.report(
          ctx,
          'legacy-trigger-order',
          lower,
          `under ${this.ruleset.label} (legacy TCG "trigger first" rule, before New Master Rule 2017) ${this.linkName(higher)} met its condition first (${describeEvent(higher.candidate!.event, this.players)}), so it must be placed below ${this.linkName(lower)}; ${this.legalOrderText(ctx)} (under current rules any order inside a category is legal) [R13 version]`,
          [{ link: higher, message: 'triggered earlier: must be the lower link' }],
        );
      }
    }
  }

  /** R28 (OCG): hand triggers go after public ones and never on a Spell Speed 3 link. */
  private checkHandTriggers(ctx: ChainCheck, members: LinkState[]): void {
    if (!this.rules.handTriggersAfterPublic) return;
    for (let j = 0; j < members.length; j++) {
      const lower = members[j];
      if (lower.role !== 'hand-trigger') continue;
      const higher = members.slice(j + 1).find((h) => h.role === 'batch-trigger');
      if (higher) {
        this.report(
          ctx,
          'hand-trigger-order',
          lower,
          `under ${this.ruleset.label}, "${lower.inst?.name}" activates from the hand, so it is not part of the trigger batch: it can be activated only after all public triggers (such as ${this.linkName(higher)}) are placed, at fast-effect priority; ${this.legalOrderText(ctx)} (R28 is version-dependent and disputed: the TCG treats hand triggers as ordinary batch members)`,
          [{ link: higher, message: 'a public trigger of the same batch: it goes below the hand trigger' }],
        );
      }
    }
  }

  /** R6, R7, R8, R14 (and R28's Spell Speed 3 case). */
  private checkSpeed(ctx: ChainCheck, l: LinkState, prev: LinkState | undefined): void {
    if (!prev || !l.effect || !prev.effect) return;
    if (l.codes.includes('trigger-must-wait') || l.codes.includes('missed-timing') || l.codes.includes('event-window-passed') || l.codes.includes('location-changed')) return;
    if (l.role === 'batch-trigger' || l.role === 'phase-trigger') return;
    if (l.role === 'hand-trigger' && this.isBatchPosition(ctx.links, l)) return;
    if (l.role === 'slow') {
      const isTrigger = l.effect.kind === 'trigger' || l.effect.kind === 'flip';
      if (isTrigger && l.candidate) {
        // A batch trigger placed after a fast effect (R14): point at the fast effect below it.
        const fast = ctx.links.slice(0, l.position - 1).reverse().find((x) => x.role !== 'batch-trigger' && x.effect);
        if (fast) {
          this.report(
            ctx,
            'fast-effect-in-batch',
            fast,
            `${this.linkName(fast)} is a fast effect placed in the middle of the trigger batch: ${this.linkName(l)} is a simultaneous trigger and had to be placed before anyone could activate fast effects; ${this.legalOrderText(ctx)}; all batch triggers come first [R14]`,
            [{ link: l, message: 'a batch trigger placed above the fast effect' }],
          );
          return;
        }
      }
      this.report(
        ctx,
        'spell-speed-1-chained',
        l,
        `${this.linkName(l)} is Spell Speed 1 (${kindWords(l.effect, l.inst!.card!)}); Spell Speed 1 effects can be chain link 2 or higher only as members of a simultaneous trigger batch, placed before any fast effect; legal: activate it as chain link 1 once this chain has resolved [R7]`,
        [{ link: prev, message: `CL${prev.position} is what it would be chained to` }],
      );
      if (l.speed < prev.speed) this.reportSlower(ctx, l, prev);
      return;
    }
    if (prev.speed >= 3 && l.speed < 3) {
      if (l.role === 'hand-trigger') {
        this.report(ctx, 'hand-trigger-order', l, `under ${this.ruleset.label} a hand trigger is treated like a Spell Speed 2 effect, and nothing but a Counter Trap can be chained to ${this.linkName(prev)} (R28 [version/disputed])`, [{ link: prev, message: 'Spell Speed 3' }]);
      } else {
        this.report(
          ctx,
          'counter-trap-only',
          l,
          `${this.linkName(l)} is Spell Speed ${l.speed} and is chained to ${this.linkName(prev)}, a Counter Trap (Spell Speed 3): only Counter Traps can be chained to a Counter Trap [R8]`,
          [{ link: prev, message: 'Spell Speed 3' }],
        );
        this.reportSlower(ctx, l, prev);
      }
      return;
    }
    if (l.speed < prev.speed) this.reportSlower(ctx, l, prev);
  }

  /** R6; also reported beside R7/R8, which are its special cases, so either code can be expected. */
  private reportSlower(ctx: ChainCheck, l: LinkState, prev: LinkState): void {
    this.report(
      ctx,
      'spell-speed',
      l,
      `${this.linkName(l)} is Spell Speed ${l.speed} but ${this.linkName(prev)} is Spell Speed ${prev.speed}: a link must be at least as fast as the link it is chained to [R6]`,
      [{ link: prev, message: `Spell Speed ${prev.speed}` }],
    );
  }

  /** R24 and R25 (and R26: a phase trigger with `spell speed 2` may be chained). */
  private checkPhaseTriggers(ctx: ChainCheck): void {
    const phaseLinks = ctx.links.filter((l) => l.role === 'phase-trigger');
    for (const l of phaseLinks) {
      const chainable = (l.effect?.spellSpeedOverride ?? 1) >= 2;
      if (l.position > 1 && !chainable) {
        const earlier = phaseLinks.find((x) => x.position < l.position);
        if (earlier) {
          this.report(
            ctx,
            'phase-trigger-chained',
            l,
            `${this.linkName(l)} and ${this.linkName(earlier)} are both phase-timed triggers ("${l.effect?.phaseTime?.raw ?? 'phase'}"): such effects are not simultaneous and do not form a SEGOC chain; each is activated as chain link 1 of its own chain, one after another [R24]`,
            [{ link: earlier, message: 'an earlier phase trigger: it gets its own chain' }],
          );
        } else {
          const prev = ctx.links[l.position - 2];
          this.report(
            ctx,
            'spell-speed-1-chained',
            l,
            `${this.linkName(l)} is a phase-timed trigger (Spell Speed 1): it starts a chain of its own and cannot be chained to ${this.linkName(prev)} [R7/R24]`,
            [{ link: prev, message: 'the link it would be chained to' }],
          );
        }
      }
      if (ctx.phaseClosed && l.effect && !l.effect.mandatory) {
        this.report(
          ctx,
          'phase-trigger-lost',
          l,
          `both players passed priority in this phase before ${this.linkName(l)} was activated, so the optional phase trigger lost its opportunity and the phase ended; the turn player gets the first chance and, after a pass, the opponent — two passes in a row end it [R25]`,
        );
      }
    }
  }

  /** R29/R31 responders and pending mandatory "when activated" effects; R32 event responders. */
  private checkResponders(ctx: ChainCheck): void {
    const { links } = ctx;
    for (const l of links) {
      const e = l.effect;
      if (!e || !l.inst) continue;
      const activationPatterns = activationPatternsOf(e);
      const eventPatterns = eventPatternsOf(e);
      if (activationPatterns.length) {
        const prev = links[l.position - 2];
        const ok = prev ? activationPatterns.map((p) => this.answers(p, prev, l)) : [];
        const best: Tri = ok.includes('yes') ? 'yes' : ok.includes('assumed') ? 'assumed' : 'no';
        const eventOk = eventPatterns.length ? this.eventResponderOk(ctx, l, eventPatterns) : 'no';
        const negated = l.stmt.actions?.groups.flat().find((a) => a.kind === 'negate');
        if (prev && negated && negated.kind === 'negate' && negated.link.value !== prev.position && best !== 'no') {
          const target = links.find((x) => x.position === negated.link.value);
          this.report(
            ctx,
            'must-chain-directly',
            l,
            `"${l.inst.name}" answers an activation and can only answer the link directly below it (CL${prev.position}); it cannot negate CL${negated.link.value}, which is not directly below it [R31]`,
            target ? [{ link: target, message: 'the activation it claims to answer' }] : [],
          );
          continue;
        }
        if (best === 'no' && eventOk === 'no') {
          const what = activationPatterns.map((p) => p.raw).join(' / ');
          this.report(
            ctx,
            'must-chain-directly',
            l,
            prev
              ? `"${l.inst.name}" answers "${what}", so it can respond only to the activation directly below it, and ${this.linkName(prev)} is ${describeLink(prev)}, which does not meet that condition; an activation-responder sees only the last link (chain blocking) [R31]`
              : `"${l.inst.name}" answers "${what}" and must be chained directly to that activation; it cannot start a chain [R29]`,
            prev ? [{ link: prev, message: 'the link directly below: the only one it could answer' }] : [],
          );
        } else if (best === 'assumed') {
          l.assumptions.push(`CL${prev!.position} was taken to meet "${activationPatterns.map((p) => p.raw).join(' / ')}" (its effect is not written out)`);
        }
      } else if (eventPatterns.length && e.kind === 'activation') {
        const r = this.eventResponderOk(ctx, l, eventPatterns);
        if (r === 'no') {
          const ev = this.olderMatch(ctx, l, eventPatterns);
          if (ev) {
            this.report(
              ctx,
              'event-window-passed',
              l,
              `"${l.inst.name}" responds to ${describeEvent(ev, this.players)}, but another chain or action came in between: it could be activated only in the window right after that event (as CL1, or chained to a chain built in that window) [R32]`,
            );
          }
        }
      }
    }
    // Pending mandatory "when ... is activated" effects must be chained directly (R29).
    const used = new Set<string>();
    for (let k = 0; k < links.length - 1; k++) {
      const act = links[k];
      const next = links[k + 1];
      for (const inst of this.names.instances) {
        if (!inst.card || inst.zone !== 'field' || inst.faceDown) continue;
        for (const e of inst.card.effects) {
          if (e.kind !== 'quick' || !e.mandatory || !e.event || e.event.kind !== 'activation') continue;
          const key = `${inst.id}:${e.index}`;
          if (used.has(key) && e.oncePerChain) continue;
          if (links.slice(0, k + 1).some((x) => x.inst === inst && x.effect === e) && e.oncePerChain) continue;
          if (this.answers(e.event, act, { inst, effect: e, player: this.controllerOf(inst) } as LinkState) !== 'yes') continue;
          if (next.inst === inst && next.effect === e) {
            used.add(key);
            continue;
          }
          const nextIsMandatoryResponder = next.effect?.kind === 'quick' && next.effect.mandatory && next.effect.event?.kind === 'activation';
          if (nextIsMandatoryResponder) continue;
          const late = links.find((x) => x.inst === inst && x.effect === e);
          if (!late) continue; // not claimed at all: not shown
          this.report(
            ctx,
            'must-chain-directly',
            next,
            `${this.linkName(next)} is placed between ${this.linkName(act)} and the mandatory "${inst.name}" ("${e.event.raw}"), which must be chained directly to that activation before anything else; mandatory "when ... is activated" effects are placed first [R29]`,
            [
              { link: act, message: 'the activation that the mandatory effect answers' },
              { link: late, message: 'the mandatory responder, placed too late: it resolves without effect' },
            ],
          );
          used.add(key);
        }
      }
    }
  }

  /** Whether link `prev` meets an activation pattern of the responder `l`. */
  private answers(p: Extract<EventPattern, { kind: 'activation' }>, prev: LinkState, l: Pick<LinkState, 'inst' | 'player'>): Tri {
    const card = prev.inst?.card;
    if (!card || !prev.effect) return 'assumed';
    let r: Tri = 'yes';
    if (p.actor !== 'any' && l.player !== undefined && prev.player !== undefined) {
      r = and3(r, p.actor === 'opponent' ? (prev.player !== l.player ? 'yes' : 'no') : prev.player === l.player ? 'yes' : 'no');
    }
    const isMonsterEffect = card.category === 'monster';
    const isSpell = card.category === 'spell';
    const isTrap = card.category === 'trap';
    const kindOk = p.what.some((w) => {
      switch (w) {
        case 'any':
          return true;
        case 'monster-effect':
          return isMonsterEffect;
        case 'spell':
          return isSpell;
        case 'trap':
          return isTrap;
        case 'effect':
          return prev.effect!.kind !== 'activation';
      }
    });
    r = and3(r, kindOk ? 'yes' : 'no');
    if (p.includes?.length) {
      const does = linkIncludes(prev);
      // Drawing adds cards from the Deck to the hand: Ash Blossom-like responders answer it as a search.
      if (does?.includes('draw')) does.push('search');
      if (does === undefined) r = and3(r, 'assumed');
      else r = and3(r, p.includes.some((x) => does.includes(normalizeInclude(x))) ? 'yes' : 'no');
    }
    if (p.unknown.length) r = and3(r, 'assumed');
    return r;
  }

  private eventResponderOk(ctx: ChainCheck, l: LinkState, patterns: EventPattern[]): Tri {
    const window = this.events.slice(ctx.windowStartIndex, ctx.chainStartEvent);
    const you = l.player ?? 0;
    let best: Tri = 'no';
    // A Summon being attempted is answered before it succeeds: never above the triggers of that Summon.
    const triggersBelow = ctx.links.slice(0, l.position - 1).some((x) => x.role === 'batch-trigger' || x.role === 'hand-trigger' || x.role === 'phase-trigger');
    patterns = patterns.filter((p) => !(p.kind === 'card' && p.attempt && triggersBelow));
    if (patterns.length === 0) return 'no';
    for (const p of patterns) {
      for (const ev of window) {
        const m = eventMatches(p, ev, l.inst!, you as PlayerIndex);
        if (m === 'yes') return 'yes';
        if (m === 'assumed') best = 'assumed';
      }
    }
    if (best === 'no' && !this.olderMatch(ctx, l, patterns)) return 'assumed';
    return best;
  }

  private olderMatch(ctx: ChainCheck, l: LinkState, patterns: EventPattern[]): GameEvent | undefined {
    const older = this.events.slice(0, ctx.windowStartIndex);
    const you = (l.player ?? 0) as PlayerIndex;
    for (let i = older.length - 1; i >= 0; i--) {
      if (patterns.some((p) => eventMatches(p, older[i], l.inst!, you) !== 'no')) return older[i];
    }
    return undefined;
  }

  /** R27. */
  private checkHandSummonLimit(ctx: ChainCheck): void {
    if (!this.rules.handSummonLimit) return;
    const firstByPlayer = new Map<PlayerIndex, LinkState>();
    for (const l of ctx.links) {
      const e = l.effect;
      if (!e || l.player === undefined || (e.kind !== 'trigger' && e.kind !== 'flip')) continue;
      if (!e.summonsItself || !e.activatesFrom.includes('hand')) continue;
      const first = firstByPlayer.get(l.player);
      if (!first) {
        firstByPlayer.set(l.player, l);
        continue;
      }
      this.report(
        ctx,
        'hand-summon-limit',
        l,
        `${this.players[l.player]} already activated ${this.linkName(first)}, a trigger of a monster that can Special Summon itself from the hand; each player may activate only one such trigger per chain${l.inst?.zone === 'gy' ? ' — this counts even for a copy in the GY whose effect could summon it from the hand or GY' : ''} [R27]`,
        [{ link: first, message: 'the first hand self-summon trigger of this player in this chain' }],
      );
    }
  }

  /** R33. */
  private checkOncePerChain(ctx: ChainCheck): void {
    const seen = new Map<string, LinkState>();
    for (const l of ctx.links) {
      if (!l.effect?.oncePerChain || !l.inst) continue;
      const key = `${l.inst.id}:${l.effect.index}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, l);
        continue;
      }
      this.report(
        ctx,
        'once-per-chain',
        l,
        `"${l.inst.name}" (${l.effect.text}) can be activated only once per chain and was already activated at CL${first.position} — even a negated activation counts [R33]`,
        [{ link: first, message: 'the first activation in this chain' }],
      );
    }
  }

  /** R30. */
  private checkDamageStep(ctx: ChainCheck): void {
    if (ctx.phase !== 'damage-step') return;
    for (const l of ctx.links) {
      const e = l.effect;
      const card = l.inst?.card;
      if (!e || !card) continue;
      if (l.speed >= 3 || e.mandatory || e.damageStep || e.negatesActivation || e.changesAtk) continue;
      if (e.kind === 'trigger' || e.kind === 'flip' || e.kind === 'phase-trigger') continue; // trigger rules vary by card: not shown
      this.report(
        ctx,
        'damage-step',
        l,
        `${this.linkName(l)} is activated in the Damage Step, where only Counter Traps, effects that negate an activation, effects that directly change ATK/DEF, mandatory effects, triggers of the battle itself and cards whose text allows it can be activated; "${card.name}" is none of these [R30]`,
      );
    }
  }

  /** R17: an activatable mandatory trigger left out of its batch (warning). */
  private checkMissingMandatory(ctx: ChainCheck, members: LinkState[]): void {
    for (const c of ctx.collected) {
      if (!c.mandatory || c.match !== 'yes' || !c.zoneOk || c.noTarget) continue;
      if (c.effect.oncePerTurn && c.inst.card && this.usedThisTurn.has(`${c.player}:${c.inst.card.key}:${c.effect.index}`)) continue;
      // Hard once per turn: another copy's same effect in this chain uses the turn's activation.
      if (c.effect.oncePerTurn && ctx.links.some((l) => l.inst !== c.inst && l.inst?.card === c.inst.card && l.effect?.index === c.effect.index && l.player === c.player)) continue;
      if (c.movedBefore && c.movedBefore.id <= ctx.chainStartEvent) {
        if (this.rules.locationRule === 'any-move' || c.movedBefore.kind !== 'move' || ['hand', 'deck', 'extra'].includes(c.movedBefore.to)) continue;
      }
      if (ctx.links.some((l) => l.inst === c.inst && l.effect === c.effect)) continue;
      const cat = this.category(c.player, true);
      const at = members.find((m) => m.category !== undefined && m.category > cat) ?? members[members.length - 1] ?? ctx.links[0];
      const d: Diagnostic = {
        code: 'mandatory-trigger-missing',
        severity: 'warning',
        message: `${this.players[c.player]}'s "${c.inst.name}" (${c.effect.text}) is a mandatory trigger whose condition was met (${describeEvent(c.event, this.players)}); it must be activated in this batch as ${CATEGORY_LABELS[cat]} (category ${cat}) [R17]`,
        range: at ? at.stmt.range : ctx.links[0]?.stmt.range ?? this.sc.range,
        rule: 'R17',
        link: at?.position,
        related: c.inst.placedAt ? [{ range: c.inst.placedAt, message: 'the card whose mandatory trigger is missing' }] : undefined,
        data: {
          player: this.players[c.player],
          card: c.inst.label ?? c.inst.name,
          isLabel: !!c.inst.label,
          // Another unlabelled copy of the same name: a link could not name this one (no fix then).
          ambiguous: !c.inst.label && this.names.instances.some((o) => o !== c.inst && o.card === c.inst.card && (o.owner === c.inst.owner || o.controller === c.inst.controller)),
          insertAt: at ? (at.category !== undefined && at.category > cat ? at.position : at.position + 1) : 1,
        },
      };
      ctx.diags.push(d);
      at?.codes.push('mandatory-trigger-missing');
    }
  }

  private describeAnswers(ctx: ChainCheck): void {
    for (const l of ctx.links) {
      if (l.candidate) l.answers = describeEvent(l.candidate.event, this.players);
      else if (l.role === 'phase-trigger') l.answers = l.effect?.phaseTime?.raw ?? 'the phase';
      else if (l.position > 1) l.answers = `${this.linkName(ctx.links[l.position - 2])}`;
      else l.answers = 'the open game state';
    }
  }

  // ---------------------------------------------------------------- results

  private chainResult(block: ChainBlock, index: number, links: LinkState[], collected: Candidate[], diags: Diagnostic[], phase: string): ChainResult {
    const linkResults: LinkResult[] = links.map((l) => ({
      number: l.stmt.number.value,
      position: l.position,
      range: l.stmt.range,
      player: l.stmt.player.text,
      card: l.inst?.name ?? (l.stmt.card.kind === 'name' ? l.stmt.card.name : l.stmt.card.label),
      cardKnown: !!l.inst?.card,
      effectIndex: l.effect?.index,
      effectText: l.effect?.text,
      effectKind: l.effect?.kind,
      role: l.role,
      spellSpeed: l.speed,
      category: l.category,
      categoryLabel: l.category ? CATEGORY_LABELS[l.category] : undefined,
      mandatory: l.effect?.mandatory,
      answers: l.answers,
      legal: !diags.some((d) => d.severity === 'error' && (d.link === l.position)),
      codes: [...new Set(l.codes)],
      pending: !!l.candidate && !l.candidate.missed,
      triggerStep: l.candidate?.event.step,
      fromHand: !!l.fromHand,
      assumptions: l.assumptions,
      resolution: l.resolution,
    }));
    const members = links.filter((l) => (l.role === 'batch-trigger' || (l.role === 'hand-trigger' && this.isBatchPosition(links, l))) && l.category);
    const legalOrder = this.legalOrder(members);
    const resolution: string[] = [];
    for (const l of [...links].reverse()) {
      const r = l.resolution;
      if (r) resolution.push(`CL${l.position} ${this.who(l.player)}'s "${l.inst?.name ?? '?'}": ${r.did.join('; ')}`);
    }
    resolution.push(...this.leftovers);
    return {
      index,
      range: block.range,
      keywordRange: block.keywordRange,
      links: linkResults,
      legalOrder,
      collected: collected.map((c) => {
        const status = !c.zoneOk
          ? 'cannot activate from where it is'
          : c.missed
            ? 'missed the timing'
            : c.noTarget
              ? 'no legal target'
              : c.movedBefore
                ? 'changed location'
                : c.mandatory
                  ? 'must activate'
                  : 'may activate';
        return `${this.players[c.player]}'s "${c.inst.name}" (${c.mandatory ? 'mandatory' : 'optional'}, ${CATEGORY_LABELS[this.category(c.player, c.mandatory)]}): ${status}`;
      }),
      resolution,
      legal: !diags.some((d) => d.severity === 'error'),
      phase,
    };
  }

  /** The legal positions of the batch, as groups of categories (and legacy order inside a group). */
  private legalOrder(members: LinkState[]): OrderGroup[] {
    const sorted = [...members].sort((a, b) => {
      if (a.category !== b.category) return a.category! - b.category!;
      if (this.rules.legacyTriggerOrder && a.candidate && b.candidate && a.candidate.player === b.candidate.player) {
        return a.candidate.event.step - b.candidate.event.step;
      }
      return a.position - b.position;
    });
    const groups: OrderGroup[] = [];
    let pos = 1;
    for (const m of sorted) {
      const last = groups.length > 0 ? groups[groups.length - 1] : undefined;
      const stepKey = this.rules.legacyTriggerOrder ? m.candidate?.event.step : undefined;
      const lastStep = last && this.rules.legacyTriggerOrder ? (last as OrderGroup & { step?: number }).step : undefined;
      if (last && last.category === m.category && stepKey === lastStep) {
        last.to = pos;
        last.links.push(m.position);
      } else {
        const g: OrderGroup & { step?: number } = {
          from: pos,
          to: pos,
          category: m.category!,
          player: this.who(m.candidate?.player ?? m.player),
          links: [m.position],
          description: '',
          step: stepKey,
        };
        groups.push(g);
      }
      pos++;
    }
    for (const g of groups) {
      const n = g.to - g.from + 1;
      const kind = g.category <= 2 ? 'mandatory' : 'optional';
      g.description = `CL${g.from}${n > 1 ? `-${g.to}` : ''}: ${g.player}'s ${kind} effect${n > 1 ? 's, any order' : ''}`;
      delete (g as OrderGroup & { step?: number }).step;
    }
    return groups;
  }
}

type DistOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/**
 * An event with every field of every kind of event (undefined where its kind has none), in one order:
 * all events then share one object layout, and the checks that scan the events (trigger collection,
 * R10, R19-R23, the narrative) read them with monomorphic property loads instead of megamorphic ones.
 */
function uniformEvent(id: number, e: DistOmit<GameEvent, 'id'>): GameEvent {
  // Typed with every key of every kind: an event field added later and left out here fails to compile.
  const ev: Record<KeysOfUnion<GameEvent>, unknown> = {
    id,
    kind: e.kind,
    step: e.step,
    origin: e.origin,
    card: undefined,
    from: undefined,
    to: undefined,
    cause: undefined,
    destroyed: undefined,
    discarded: undefined,
    tributed: undefined,
    controllerBefore: undefined,
    faceUpBefore: undefined,
    by: undefined,
    battleWith: undefined,
    summonType: undefined,
    player: undefined,
    attacker: undefined,
    target: undefined,
    chain: undefined,
    link: undefined,
    amount: undefined,
    battle: undefined,
    phase: undefined,
    position: undefined,
    flipped: undefined,
  };
  return Object.assign(ev, e) as unknown as GameEvent;
}

interface ChainCheck {
  chainIndex: number;
  links: LinkState[];
  collected: Candidate[];
  diags: Diagnostic[];
  chainStartEvent: number;
  lastPlacementEvent: number;
  /** Index into the events where this chain's trigger window starts (older events come before). */
  windowStartIndex: number;
  phase: string;
  phaseClosed: boolean;
}

function impliedLinkZone(card: CardInfo | undefined): Zone {
  if (!card) return 'field';
  // Continuous, Field and Equip Spells act from the field (their triggers only face-up there).
  if (card.category === 'spell') return card.spellTrapKind === 'continuous' || card.spellTrapKind === 'field' || card.spellTrapKind === 'equip' ? 'field' : 'hand';
  if (card.category === 'trap') return 'field';
  const e = card.effects.find((x) => x.kind !== 'continuous');
  return e?.activatesFrom[0] ?? 'field';
}

export function spellSpeed(e: EffectInfo, card: CardInfo, rules: RulesInForce): number {
  if (e.spellSpeedOverride) return e.spellSpeedOverride;
  switch (e.kind) {
    case 'activation':
      if (card.category === 'trap') return card.spellTrapKind === 'counter' ? 3 : 2;
      return card.spellTrapKind === 'quick-play' ? 2 : 1;
    case 'quick':
      return 2;
    case 'trigger':
    case 'flip':
    case 'phase-trigger':
      return card.category === 'trap' && rules.trapTriggersSpeed2 ? 2 : 1;
    default:
      return 1;
  }
}

export function isActivationResponder(e: EffectInfo): boolean {
  return activationPatternsOf(e).length > 0;
}

function activationPatternsOf(e: EffectInfo): Array<Extract<EventPattern, { kind: 'activation' }>> {
  const out: Array<Extract<EventPattern, { kind: 'activation' }>> = [];
  if (e.kind === 'quick' && e.event?.kind === 'activation') out.push(e.event);
  for (const r of e.responds) if (r.kind === 'activation') out.push(r);
  return out;
}

function eventPatternsOf(e: EffectInfo): EventPattern[] {
  return e.responds.filter((r) => r.kind !== 'activation' && r.kind !== 'unknown');
}

function normalizeInclude(s: string): string {
  const t = s.toLowerCase().trim();
  if (/search|add .*deck|adds? from deck/.test(t)) return 'search';
  if (/(special summon|summon)s? from deck|deck summon/.test(t)) return 'deck summon';
  if (/send(s)? from deck|deck send|mill/.test(t)) return 'deck send';
  return t;
}

/** What a link's effect includes: from its written actions, else from the card data. */
function linkIncludes(l: LinkState): string[] | undefined {
  const out = new Set<string>(l.effect?.includes.map(normalizeInclude) ?? []);
  const actions = l.stmt.actions?.groups.flat() ?? [];
  for (const a of actions) {
    if (a.kind === 'add-to-hand' && (a.from ?? 'deck') === 'deck') out.add('search');
    if (a.kind === 'special-summon' && a.from === 'deck') out.add('deck summon');
    if (a.kind === 'special-summon') out.add('special summon');
    if (a.kind === 'destroy') out.add('destroy');
    if (a.kind === 'draw') out.add('draw');
    if (a.kind === 'banish') out.add('banish');
    if (a.kind === 'negate') out.add('negate');
  }
  if (out.size === 0 && !l.stmt.actions) return undefined;
  return [...out];
}

function kindWords(e: EffectInfo, card: CardInfo): string {
  switch (e.kind) {
    case 'activation':
      return `the activation of a ${card.cardType}`;
    case 'ignition':
      return 'an Ignition Effect';
    case 'trigger':
    case 'flip':
      return 'a trigger effect that is not part of a simultaneous batch';
    case 'phase-trigger':
      return 'a phase-timed trigger';
    default:
      return e.kind;
  }
}

function describeLink(l: LinkState): string {
  const card = l.inst?.card;
  if (!card || !l.effect) return 'an unknown effect';
  if (l.effect.kind === 'activation') return `the activation of a ${card.cardType}`;
  return `${card.category === 'monster' ? 'a monster' : card.category === 'spell' ? 'a Spell' : 'a Trap'} effect`;
}

export function describeEvent(ev: GameEvent, players: [string, string]): string {
  const o = ev.origin;
  const where =
    o.kind === 'action'
      ? ''
      : o.kind === 'cost'
        ? ` (cost of chain ${o.chain} CL${o.link})`
        : o.kind === 'activation'
          ? ` (activation of chain ${o.chain} CL${o.link})`
          : o.kind === 'leftover'
            ? ` (end of chain ${o.chain})`
            : ` (resolution of chain ${o.chain} CL${o.link})`;
  switch (ev.kind) {
    case 'move': {
      const how = ev.destroyed ? (ev.cause === 'battle' ? 'destroyed by battle' : 'destroyed') : ev.discarded ? 'discarded' : ev.tributed ? 'Tributed' : ev.cause === 'leftover' ? 'sent' : 'sent';
      return `"${ev.card.name}" ${ev.destroyed || ev.discarded || ev.tributed ? `was ${how} (to the ${zoneWord(ev.to)})` : `was ${how} from the ${zoneWord(ev.from)} to the ${zoneWord(ev.to)}`}${where}`;
    }
    case 'summon':
      return `"${ev.card.name}" was ${ev.summonType === 'normal' ? 'Normal' : ev.summonType === 'tribute' ? 'Tribute' : ev.summonType === 'flip' ? 'Flip' : 'Special'} Summoned${where}`;
    case 'attack':
      return ev.target ? `${players[ev.player]} declared an attack on "${ev.target.name}" with "${ev.attacker.name}"` : `${players[ev.player]} declared a direct attack with "${ev.attacker.name}"`;
    case 'activation':
      return `${players[ev.player]} activated "${ev.card.name}"${where}`;
    case 'damage':
      return `${players[ev.player]} took ${ev.amount} damage${where}`;
    case 'phase':
      return `the game entered the ${ev.phase} phase`;
    case 'position':
      return `"${ev.card.name}" was changed to ${ev.position} position${where}`;
  }
}
