// Link classification: for each claimed link, the card copy and effect it uses, its role in the
// chain (batch trigger, hand trigger, phase trigger, responder, fast or slow), its Spell Speed (R5,
// the one implementation: the server's hovers call it too) and its SEGOC category (R9, R14, R28).
import { CardInfo, EffectInfo, EventPattern, pendulumScaleActivation } from '../cards/model';
import { Diagnostic } from '../diagnostics';
import { LinkStmt, Zone } from '../syntax/ast';
import { Candidate, category } from './collect';
import { Category, LinkRole, ResolutionAct } from './results';
import { RulesInForce } from './rulesets';
import { CardInstance, GameEvent, PlayerIndex } from './state';
import { restsOn, UnknownFact } from './unknown-facts';
import type { ActiveRestriction } from './continuous';
import { quoteName } from '../syntax/quote';

/** Why a trigger link cannot be activated in this chain at all (set by rules/eligibility.ts). */
export type Ineligibility = 'must-wait' | 'missed-timing' | 'event-window-passed' | 'location-changed' | 'condition-qualifier';

/** What modules found out about a link, for the modules after them (the one channel between rules). */
export interface LinkStatus {
  /** R10, R19-R23, R32, R41: the trigger cannot be in this chain (later rules then leave the link alone). */
  ineligible: Ineligibility | undefined;
  /**
   * A trigger (or a Trap that answers an event) whose event nothing before the chain shows: eligibility.ts (responders.ts)
   * assumed it was met just before the chain; stated-facts.ts withdraws the assumption where the scenario states
   * otherwise (R36).
   */
  eventAssumed: boolean;
}

/** A link's target when the link was placed: where it was, face-up or not, whose, and how often it had moved. */
export interface TargetSnapshot {
  card: CardInstance;
  zone: Zone;
  faceDown: boolean;
  controller: PlayerIndex;
  moves: number;
  /** In a Pendulum Zone (a Spell & Trap Zone since Master Rule 4: R76). */
  pendulumZone: boolean;
}

/** A claimed chain link as the engine sees it: what the rules read and the results show. */
export interface LinkState {
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
  /** What the scenario left out, assumed (the writer can state it). */
  assumptions: string[];
  /** What the card library does not know and this link's verdict rests on (unknown-facts.ts). */
  unknownFacts: UnknownFact[];
  /** The codes reported on this link (for the results; rules read `status`, never codes). */
  codes: string[];
  /** What rule modules found out about the link, for the modules after them (see LinkStatus). */
  status: LinkStatus;
  answers: string;
  /** Id of the last event before this link was placed. */
  placedAfterEvent: number;
  placementStep: number;
  /** Negated by a later link: its activation (the Spell/Trap goes to the GY) or only its effect (R45). */
  negated: false | 'activation' | 'effect';
  /** Each target as it stood when the link was placed, to tell at resolution whether it is still there (R44). */
  targetsAtPlacement: TargetSnapshot[];
  /** Its own card once the link was placed (activation and cost done): where an effect that moves it needs it (R47). */
  selfAtPlacement?: TargetSnapshot;
  /**
   * Every card of the scenario as it stood when the link was activated, before its activation and cost (R74-R76, R79):
   * undefined for a link none of those rules reads it for (no cost it does not write, no target to find, no zone to
   * take: link-effects.ts `mayNeedBoard`).
   */
  boardAtActivation: TargetSnapshot[] | undefined;
  fromHand?: boolean;
  /** Where the card was when the link was placed, and whether the scenario showed it (R34-R36). */
  activatedFrom?: { zone: Zone; faceDown: boolean; stated: boolean; lastMove?: GameEvent; setBy?: GameEvent; holder: PlayerIndex; pendulumZone: boolean };
  resolution?: { order: number; status: 'resolved' | 'negated' | 'no-effect'; acts: ResolutionAct[] };
  /** Monsters this link Special Summoned from the GY or banishment after their own Summon was negated (R51). */
  revivedUnsummoned: CardInstance[];
  /** The effect the link names that is never activated (a Continuous Effect, a Summoning procedure): R54. */
  noChainEffect: EffectInfo | undefined;
  /** `granted by "X"`: the card whose `granted` effect the link uses (R68); the link's card is the one that gained it. */
  grantedBy: CardInstance | undefined;
  /**
   * Whether the link's card had the granted effect when the link was placed, before its cost (a material detached as the
   * cost still granted it): undefined where the scenario does not show the granting card (assumed), R68.
   */
  grantHeld: boolean | undefined;
  /**
   * The activation and Special Summon locks on its player when the link was placed (R62, R63): the face-up cards on
   * the field that forbid it, read from the board then (continuous.ts).
   */
  locksAtPlacement: ActiveRestriction[];
  /** The card whose continuous effect negated this link's effect where it stood when the link resolved (R64, R93). */
  negatedBy: CardInstance | undefined;
  /**
   * What its activation would banish, read only while a lock on banishing applies (R93): each card or counted part, from
   * where (undefined: not stated), by its cost or by its effect.
   */
  banishesAtPlacement: BanishAtActivation[];
  /** Its cost's counted cards that the zone did not hold when the link was placed (R71): the cost cannot be paid. */
  costShort: Array<{ part: string; have: number; zone: Zone }>;
}

/**
 * A card (or counted cards) a link's activation would banish, by its cost or its effect, from where (undefined: not
 * stated), and whether the link writes it (else its card facts say it): R93.
 */
export interface BanishAtActivation {
  card: string | undefined;
  from: Zone | undefined;
  cost: boolean;
  written: boolean;
}

/** What classification needs to know about the moment of the chain. */
export interface ClassifyContext {
  turn: PlayerIndex;
  rules: RulesInForce;
  phase: string;
  playerIndex(name: string): PlayerIndex | undefined;
  resolved: ReadonlyMap<unknown, CardInstance | undefined>;
  /** Where `no-such-effect` and `ambiguous-effect` go (language errors). */
  errors: Diagnostic[];
}

export function linkState(cx: ClassifyContext, stmt: LinkStmt, position: number, collected: Candidate[]): LinkState {
  const player = cx.playerIndex(stmt.player.text);
  const inst = cx.resolved.get(stmt.card);
  const targets: CardInstance[] = [];
  if (stmt.targets) {
    for (const t of stmt.targets) {
      const target = cx.resolved.get(t);
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
    unknownFacts: [],
    codes: [],
    status: { ineligible: undefined, eventAssumed: false },
    answers: '',
    placedAfterEvent: 0,
    placementStep: 0,
    negated: false,
    targetsAtPlacement: [],
    selfAtPlacement: undefined,
    boardAtActivation: undefined,
    fromHand: undefined,
    activatedFrom: undefined,
    resolution: undefined,
    revivedUnsummoned: [],
    noChainEffect: undefined,
    grantedBy: stmt.grantedBy ? cx.resolved.get(stmt.grantedBy) : undefined,
    grantHeld: undefined,
    locksAtPlacement: [],
    negatedBy: undefined,
    banishesAtPlacement: [],
    costShort: [],
  };
  if (!inst?.card) return l;
  if (stmt.grantedBy) {
    l.effect = grantedEffect(cx, l);
    return l;
  }
  // `to pendulum zone`: the card's activation as a Pendulum Scale, none of its effects (R66 checks that it may be).
  if (stmt.toPendulumZone) {
    l.effect = pendulumScaleActivation(inst.card);
    return l;
  }
  l.effect = chooseEffect(cx, l, inst.card, collected);
  // A Continuous Effect or a Summoning procedure is never activated (R54): the link names what starts no chain.
  // The link is then as a card without an effect to the other checks, and R54 says what it is.
  // A generated or inferred card's list of effects may be incomplete: only its named effect (`effect N`) is taken so.
  const complete = inst.card.origin.kind !== 'generated' && inst.card.origin.kind !== 'inferred';
  const never = l.effect ?? (complete && inst.card.effects.every((e) => e.kind === 'continuous') ? inst.card.effects[0] : undefined);
  if (never?.kind === 'continuous') {
    l.noChainEffect = never;
    l.effect = undefined;
    return l;
  }
  if (!l.effect && !stmt.effectIndex && inst.card.cardType === 'normal monster') {
    // A Normal Monster has no effect: there is nothing to activate, which is no gap of the library.
    cx.errors.push({
      code: 'no-such-effect',
      severity: 'error',
      message: `${quoteName(inst.card.name)} is a Normal Monster: it has no effect to activate, so it cannot be a chain link`,
      range: stmt.card.range,
      link: position,
    });
  } else if (!l.effect && !stmt.effectIndex) {
    // A card the library knows no activatable effect of: its Spell Speed, where it activates and what it does are
    // unknown. It is not taken as a Quick Effect: the link stays transparent to the speed checks (as an unknown
    // card), segoc checks nothing of it, and the warning says so.
    restsOn(l, {
      card: inst.card.name,
      fact: 'effect',
      what: `the card library knows no effect of ${quoteName(inst.card.name)}${/no script/.test(inst.card.origin.source ?? '') ? ' (the generated library found no script for it)' : ''}`,
      why: 'its kind, Spell Speed, where it can be activated and what it does decide this link, and segoc checks none of them',
    });
  }
  if (l.effect) l.candidate = collected.find((c) => c.inst === inst && c.effect === l.effect);
  return l;
}

/** The effect a link written `granted by "X"` uses: X's `granted` effect (its `effect N`, else the only one). */
function grantedEffect(cx: ClassifyContext, l: LinkState): EffectInfo | undefined {
  const card = l.grantedBy?.card;
  if (!card) return undefined;
  const granted = card.effects.filter((e) => e.granted);
  const chosen = l.stmt.effectIndex ? card.effects[l.stmt.effectIndex.value - 1] : granted[0];
  if (!chosen?.granted) {
    cx.errors.push({
      code: 'no-such-effect',
      severity: 'error',
      message: `${quoteName(card.name)} grants ${l.stmt.effectIndex ? `no effect ${l.stmt.effectIndex.value}` : 'no effect'}: none of its effect lines ${l.stmt.effectIndex ? 'there ' : ''}says \`granted as material\`, \`granted when used as material\` or \`granted while face-up\``,
      range: l.stmt.grantedBy!.range,
      link: l.position,
    });
    return undefined;
  }
  if (!l.stmt.effectIndex && granted.length > 1) l.assumptions.push(`${quoteName(card.name)} grants ${granted.length} effects; effect ${chosen.index} is taken (write \`effect N\` for another)`);
  return chosen;
}

function chooseEffect(cx: ClassifyContext, l: LinkState, card: CardInfo, collected: Candidate[]): EffectInfo | undefined {
  const stmt = l.stmt;
  if (stmt.effectIndex) {
    const e = card.effects[stmt.effectIndex.value - 1];
    if (!e) {
      cx.errors.push({
        code: 'no-such-effect',
        severity: 'error',
        message: `${quoteName(card.name)} has ${card.effects.length} effect${card.effects.length === 1 ? '' : 's'}; there is no effect ${stmt.effectIndex.value}`,
        range: stmt.effectIndex.range,
      });
    }
    return e;
  }
  let usable = card.effects.filter((e) => e.kind !== 'continuous');
  if (usable.length <= 1) return usable[0];
  // An effect activates from its own zone (an Ignition Effect on the field unless it says otherwise): where the
  // link says, or where the card is, only the effects usable there fit. If none is, R35 says so on the link.
  const zone = stmt.from?.zone ?? l.inst?.zone;
  const here = zone ? usable.filter((e) => e.activatesFrom.includes(zone)) : usable;
  if (here.length === 1) return here[0];
  if (here.length > 1) usable = here;
  // A Pendulum Monster on the field uses its Pendulum Effects from a Pendulum Zone, its monster effects elsewhere (R66).
  if (zone === 'field' && l.inst && card.abilities.includes('pendulum')) {
    const side = usable.filter((e) => e.pendulumEffect === l.inst!.pendulumZone);
    if (side.length === 1) return side[0];
    if (side.length > 1) usable = side;
  }
  // A judge reads a link as the effect that can be activated there. A Set Spell/Trap is activated: its link is the
  // card's activation, not an effect it has once face-up. A link chained to another is never an Ignition Effect
  // (Spell Speed 1, an open game state only): another effect of the card is meant.
  if (card.category !== 'monster' && l.inst?.zone === 'field' && l.inst.faceDown && !stmt.from) {
    const activation = usable.filter((e) => e.kind === 'activation');
    if (activation.length === 1) return activation[0];
    if (activation.length > 1) usable = activation;
  }
  // A face-up Continuous, Field or Equip card the board places has been activated already: its link is one of its effects.
  const stays = card.spellTrapKind === 'continuous' || card.spellTrapKind === 'field' || card.spellTrapKind === 'equip';
  if (stays && l.inst?.zone === 'field' && !l.inst.faceDown && !l.inst.implied && !stmt.from) {
    const effects = usable.filter((e) => e.kind !== 'activation');
    if (effects.length === 1) return effects[0];
    if (effects.length > 1) usable = effects;
  }
  if (l.position > 1) {
    const chainable = usable.filter((e) => e.kind !== 'ignition');
    if (chainable.length === 1) return chainable[0];
    if (chainable.length > 1) usable = chainable;
  }
  // "This is a Quick Effect if ..." (Bystial): an Ignition Effect and its Quick Effect twin, the same effect of the text
  // (a script's clone). At the start of a chain in its controller's own Main Phase either fits, by text and by script
  // (its condition may hold there too): it is taken as the Ignition Effect; elsewhere it can only be the Quick Effect,
  // whose condition the card states (an unread one rests on a named unknown fact).
  const twin = quickTwin(usable);
  if (twin) {
    const own = l.position === 1 && l.player === cx.turn && (cx.phase === 'main1' || cx.phase === 'main2');
    const chosen = own ? twin.ignition : twin.quick;
    cx.errors.push({
      code: 'effect-chosen',
      severity: 'information',
      message: `${quoteName(card.name)} has an Ignition Effect and the same effect as a Quick Effect under a condition ("This is a Quick Effect if ..."); effect ${chosen.index} (${chosen.text}) is taken: ${own ? "the link starts a chain in its controller's Main Phase, where either fits; taken as the Ignition Effect" : 'the link is chained to another or is not in its controller\'s Main Phase, where only the Quick Effect can be activated'}. Write \`effect N\` to choose another`,
      range: stmt.card.range,
      link: l.position,
    });
    return chosen;
  }
  // The first class that holds exactly one effect decides. A trigger collected here, or the phase trigger of this
  // phase, is what the link means; past them several effects still fit, and a message says which was taken and why
  // (its class's reason), so a writer who meant another writes `effect N`.
  const classes: Array<{ fits: (e: EffectInfo) => boolean; why?: string }> = [
    { fits: (e) => collected.some((c) => c.inst === l.inst && c.effect === e && c.zoneOk) },
    { fits: (e) => collected.some((c) => c.inst === l.inst && c.effect === e) },
    { fits: (e) => e.kind === 'phase-trigger' && phaseMatches(cx, e, l.player) },
    { fits: (e) => l.position > 1 && (isActivationResponder(e) || e.kind === 'activation'), why: 'the link is chained to an activation, and this effect answers one (or is the card\'s activation)' },
    { fits: (e) => e.kind === 'activation', why: "it is the card's activation" },
    { fits: (e) => cx.phase === 'damage-step' && (e.damageStep || e.changesAtk || e.negatesActivation), why: 'it can be activated in the Damage Step' },
    { fits: (e) => l.position > 1 && e.kind === 'quick', why: 'the link is chained to another, and this is its Quick Effect' },
    { fits: (e) => e.kind === 'quick' || e.kind === 'ignition', why: 'it starts a chain by itself (a Quick or Ignition Effect)' },
  ];
  for (const { fits, why } of classes) {
    const fit = usable.filter(fits);
    if (fit.length === 1 && !why) return fit[0];
    if (fit.length === 1) {
      cx.errors.push({
        code: 'effect-chosen',
        severity: 'information',
        message: `${quoteName(card.name)} has ${usable.length} effects that could be meant here; effect ${fit[0].index} (${fit[0].text}) is taken: ${why}. Write \`effect N\` to choose another`,
        range: stmt.card.range,
        link: l.position,
      });
      return fit[0];
    }
    // A modal card ("Activate 1 of these effects") is activated choosing one: a link that does not say which is
    // no error; what responders see is then taken from all its choices (responders.ts).
    if (fit.length > 1 && fit.every((e) => e.chooseOne)) {
      l.assumptions.push(`${quoteName(card.name)} is activated choosing one of its effects (${fit.map((e) => `effect ${e.index}`).join(', ')}) and the link does not say which (\`effect N\`); ${l.stmt.actions ? 'its written actions say what it did' : 'responders are checked against every choice'}`);
      return fit[0];
    }
    if (fit.length > 1) {
      cx.errors.push({
        code: 'ambiguous-effect',
        severity: 'error',
        message: `${quoteName(card.name)} has several effects that fit here (${fit.map((e) => `effect ${e.index}: ${e.text}`).join('; ')}); say which with \`effect N\``,
        range: stmt.card.range,
        fix: fit.map((e) => ({ title: `Use effect ${e.index}`, edits: [{ range: { start: stmt.card.range.end, end: stmt.card.range.end }, newText: ` effect ${e.index}` }] })),
      });
      return fit[0];
    }
  }
  l.assumptions.push(`no effect of ${quoteName(card.name)} fits the situation clearly; effect ${usable[0].index} is assumed`);
  return usable[0];
}

/**
 * An Ignition Effect and a Quick Effect of one card that are the same effect ("This is a Quick Effect if ...": what
 * they do, from where, whom they target, their cost and limits alike; the Quick one answers no event and states no
 * window), among exactly two candidates.
 */
function quickTwin(usable: readonly EffectInfo[]): { ignition: EffectInfo; quick: EffectInfo } | undefined {
  if (usable.length !== 2) return undefined;
  const ignition = usable.find((e) => e.kind === 'ignition');
  const quick = usable.find((e) => e.kind === 'quick');
  if (!ignition || !quick || quick.event || quick.window || !ignition.does.length) return undefined;
  const same = (e: EffectInfo) => JSON.stringify([e.does, [...e.activatesFrom].sort(), e.targets?.raw, e.oncePerTurn, e.oncePerTurnByName, e.cost?.length ?? 0]);
  return same(ignition) === same(quick) ? { ignition, quick } : undefined;
}

function phaseMatches(cx: ClassifyContext, e: EffectInfo, player: PlayerIndex | undefined): boolean {
  const t = e.phaseTime;
  if (!t) return true;
  const phase = cx.phase === 'end-of-battle' ? 'end-of-battle' : cx.phase;
  if (t.phase !== phase && !(t.phase === 'end-of-battle' && phase === 'battle')) return false;
  if (t.whose === 'your' && player !== undefined && player !== cx.turn) return false;
  if (t.whose === 'opponent' && player !== undefined && player === cx.turn) return false;
  return true;
}

/** Spell Speed and role of each link (R5, R9, R14, R28). */
export function classify(cx: ClassifyContext, links: LinkState[]): void {
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
    l.speed = spellSpeed(e, card, cx.rules);
    const isTrigger = e.kind === 'trigger' || e.kind === 'flip';
    const fromHand = (l.stmt.from?.zone ?? l.inst!.zone) === 'hand';
    l.fromHand = fromHand;
    if (isTrigger) {
      if (fromHand && cx.rules.handTriggersAfterPublic) {
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
      l.category = l.candidate ? category(cx.turn, l.candidate.player, l.candidate.mandatory) : l.player !== undefined ? category(cx.turn, l.player, e.mandatory) : undefined;
    }
  }
}

/** The Spell Speed of an effect (R5; a card definition's `spell speed N` wins). */
export function spellSpeed(e: EffectInfo, card: CardInfo, rules: Pick<RulesInForce, 'trapTriggersSpeed2'>): number {
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

/** An OCG hand trigger that stands among (or before) public batch triggers, before any fast effect. */
export function isBatchPosition(links: readonly LinkState[], l: LinkState): boolean {
  for (const x of links) {
    if (x === l) return true;
    if (x.role !== 'batch-trigger' && x.role !== 'hand-trigger') return false;
  }
  return false;
}

/** The members of the trigger batch: batch triggers, and OCG hand triggers standing among them. */
export function batchMembers(links: readonly LinkState[]): LinkState[] {
  return links.filter((l) => l.role === 'batch-trigger' || (l.role === 'hand-trigger' && isBatchPosition(links, l)));
}

export function isActivationResponder(e: EffectInfo): boolean {
  return activationPatternsOf(e).length > 0;
}

export function activationPatternsOf(e: EffectInfo): Array<Extract<EventPattern, { kind: 'activation' }>> {
  const out: Array<Extract<EventPattern, { kind: 'activation' }>> = [];
  // An activation's alternatives (`... exactly 1 "ninja" card or exactly 1 face-down monster you control`) each answer.
  const add = (p: EventPattern) => {
    if (p.kind !== 'activation') return;
    out.push(p);
    for (const o of p.or ?? []) add(o);
  };
  if (e.kind === 'quick' && e.event) add(e.event);
  for (const r of e.responds) add(r);
  return out;
}

export function eventPatternsOf(e: EffectInfo): EventPattern[] {
  return e.responds.filter((r) => r.kind !== 'activation' && r.kind !== 'unknown');
}
