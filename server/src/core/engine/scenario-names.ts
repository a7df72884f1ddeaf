// Names: every card reference of a scenario resolved to a card copy, in timeline order, so that a
// copy the board never placed is created where its first use implies (hand for a summon, deck for
// a search, GY for a revival target). The timeline then knows where each card was.
import { CardIndex } from '../cards';
import { CardInfo } from '../cards/model';
import { ActionSeq, CardRef, CardSet, LinkStmt, Scenario, SummonMethod, Zone } from '../syntax/ast';
import { NameResolver, ResolveContext } from './resolve-names';
import { CardInstance, PlayerIndex } from './state';

export interface ScenarioNames {
  names: NameResolver;
  /** The copy each reference names (undefined: unknown card or player, already reported). */
  resolved: Map<CardRef, CardInstance | undefined>;
  /** Zones a board line declared empty (`Kaiba field: none`), as "player:zone". */
  knownEmpty: Set<string>;
  /** How many cards the board does not name each zone holds (`Yugi deck: 40 cards`), as "player:zone" (R71). */
  unnamed: Map<string, number>;
}

/**
 * A resolve context with every field written (absent ones as undefined): the contexts built across the
 * engine (here, and the resolver's own for a list, with the same fields in the same order) then share one
 * object layout, which keeps the name resolver's property reads monomorphic.
 */
function context(implied: Zone, player?: PlayerIndex, prefer?: PlayerIndex, preferred?: CardInstance[], preferWhy?: string): ResolveContext {
  return { player, prefer, implied, exclude: undefined, preferred, preferWhy, creates: false };
}

/** Resolves every card reference in timeline order, so unplaced copies get their implied zone. */
export function resolveScenarioNames(sc: Scenario, cards: CardIndex, players: [string, string], turn: PlayerIndex, index: number, suggestionBudget?: number): ScenarioNames {
  const n = new NameResolver(cards, players, turn, index);
  if (suggestionBudget !== undefined) n.suggestionsLeft = suggestionBudget;
  const out: ScenarioNames = { names: n, resolved: new Map(), knownEmpty: new Set(), unnamed: new Map() };
  const resolveOne = (ref: CardRef, ctx: ResolveContext): CardInstance | undefined => {
    if (out.resolved.has(ref)) return out.resolved.get(ref);
    const inst = n.resolve(ref, ctx);
    out.resolved.set(ref, inst);
    return inst;
  };
  const resolveList = (refs: CardRef[], ctx: ResolveContext): Array<CardInstance | undefined> => {
    const list = n.resolveList(refs, ctx);
    for (let i = 0; i < refs.length; i++) out.resolved.set(refs[i], list[i]);
    return list;
  };
  for (const item of sc.items) {
    if (item.kind === 'players' && item.players) for (const p of item.players) n.references.push({ kind: 'player', range: p.range, player: p.text, scenario: index });
    if (item.kind === 'turn' && item.turn) n.player(item.turn, false);
    if (item.kind !== 'board') continue;
    const owner = n.player(item.player);
    if (owner === undefined) continue;
    if (item.explicitEmpty) out.knownEmpty.add(`${owner}:${item.zone}`);
    if (item.unnamed) out.unnamed.set(`${owner}:${item.zone}`, (out.unnamed.get(`${owner}:${item.zone}`) ?? 0) + item.unnamed.value);
    for (const bc of item.cards) {
      // The Extra Deck is face-down but for a card written `face-up` (a Pendulum Monster there, R67).
      const faceDown = item.zone === 'extra' ? !bc.faceUp : bc.faceDown;
      n.place(bc.ref, owner, item.zone, faceDown, bc.label, bc.range, item.pendulumZone);
    }
  }
  for (const item of sc.items) {
    if (item.kind === 'action') {
      const a = item.action;
      if (a.kind === 'summon' || a.kind === 'set' || a.kind === 'attack' || a.kind === 'pass' || a.kind === 'battle-damage') {
        const p = n.player(a.player);
        if (a.kind === 'summon') {
          if (a.tributes) resolveList(a.tributes, context('field', p));
          const implied: Zone = a.summonType === 'special' ? 'hand' : a.summonType === 'flip' ? 'field' : 'hand';
          resolveOne(a.card, context(implied, p));
        } else if (a.kind === 'set') {
          resolveOne(a.card, context('hand', p));
        } else if (a.kind === 'attack') {
          resolveOne(a.attacker, context('field', p));
          if (a.target) resolveOne(a.target, context('field', undefined, p === undefined ? undefined : ((1 - p) as PlayerIndex), undefined, 'an attack is aimed at the opponent\'s monster'));
        }
      } else if (a.kind === 'battle-destroys' || a.kind === 'continuous-destroy') {
        resolveList(a.cards, context('field'));
      } else if (a.kind === 'material-summon') {
        const p = n.player(a.player);
        resolveMaterialSummon(a.method, a.card, a.materials, p);
      } else if (a.kind === 'draw') {
        resolveList(a.cards, context('deck', n.player(a.player)));
      } else if (a.kind === 'pendulum-summon') {
        const p = n.player(a.player);
        for (const inst of resolveList(a.cards, context('hand', p))) if (inst && p !== undefined) n.claim(inst, p);
      }
    } else if (item.kind === 'chain') {
      for (const link of item.links) {
        const p = n.player(link.player);
        const info = link.card.kind === 'name' ? cards.get(link.card.name) : undefined;
        const inst = resolveOne(link.card, context(link.from?.zone ?? (link.toPendulumZone ? 'hand' : impliedLinkZone(info)), p));
        // The card that grants the effect: where the board shows it, else attached to the link's monster as material.
        if (link.grantedBy) resolveOne(link.grantedBy, context('overlay', p));
        const effectTargetsZone = guessTargetZone(inst?.card, link);
        const targets = link.targets ? resolveList(link.targets, targetContext(effectTargetsZone, targetedEffect(inst?.card, link)?.targets?.controller, p)) : [];
        if (link.cost) resolveActions(link.cost, p, []);
        if (link.actions) resolveActions(link.actions, p, targets.filter((t): t is CardInstance => !!t));
        // A link without actions whose card takes control (Change of Heart written bare): its player controls the
        // targets afterwards, so their later links name those copies (R72).
        else if (p !== undefined && inst?.card?.effects.some((e) => e.does.some((d) => d.verb === 'take-control'))) for (const t of targets) if (t) n.claim(t, p);
      }
    }
  }
  return out;

  /** The materials where the Summon's kind implies (hand for Fusion and Ritual), the monster in the Extra Deck (a Ritual Monster: the hand). */
  function resolveMaterialSummon(method: SummonMethod, card: CardRef, materials: CardRef[], player: PlayerIndex | undefined): void {
    resolveList(materials, context(method === 'fusion' || method === 'ritual' ? 'hand' : 'field', player));
    const inst = resolveOne(card, context(method === 'ritual' ? 'hand' : 'extra', player));
    if (inst && player !== undefined) n.claim(inst, player);
  }

  function resolveActions(seq: ActionSeq, player: PlayerIndex | undefined, targets: CardInstance[]): void {
    const opp = player === undefined ? undefined : ((1 - player) as PlayerIndex);
    for (const group of seq.groups) {
      for (const a of group) {
        // whose: 'mine' = only the link player's cards (costs); 'own'/'opp' = prefer that player's copy.
        const set = (cs: CardSet, implied: Zone, whose: 'mine' | 'own' | 'opp') => {
          if (cs.kind === 'all' || cs.kind === 'count') {
            if (cs.owner) n.player(cs.owner);
            return;
          }
          const ctx =
            whose === 'mine'
              ? context(implied, player, undefined, targets)
              : context(implied, undefined, whose === 'own' ? player : opp, targets, whose === 'own' ? 'the card of the player whose effect this is' : `${a.kind === 'change-position' ? 'a change of position' : `${a.kind === 'take-control' ? 'taking control' : a.kind === 'destroy' ? 'destruction' : a.kind === 'return' ? 'a return' : 'banishment'}`} is taken to aim at the opponent's card`);
          ctx.creates = a.kind === 'special-summon';
          resolveList(cs.refs, ctx);
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
                const inst = out.resolved.get(r);
                if (inst) n.claim(inst, player);
              }
            }
            break;
          case 'add-to-hand':
            set(a.cards, a.from ?? 'deck', 'own');
            break;
          case 'set':
            set(a.cards, a.from ?? 'hand', 'own');
            break;
          case 'place-in-pendulum-zone':
            set(a.cards, a.from ?? 'deck', 'own');
            break;
          case 'draw':
            if (a.cards) resolveList(a.cards, context('deck', player));
            break;
          case 'material-summon':
            resolveMaterialSummon(a.method, a.card, a.materials, player);
            break;
          case 'take-control':
            set(a.cards, 'field', 'opp');
            // The player who takes control activates the card afterwards (R72): later links of theirs name that copy.
            if (a.cards.kind === 'refs' && player !== undefined) {
              for (const r of a.cards.refs) {
                const inst = out.resolved.get(r);
                if (inst) n.claim(inst, player);
              }
            }
            break;
          case 'equip':
            resolveOne(a.card, context('gy', player));
            resolveOne(a.to, context('field', undefined, player, targets, 'the card of the player whose effect this is'));
            break;
          case 'damage':
            n.player(a.player);
            break;
        }
      }
    }
  }
}

/** The effect of a link's card that its targets are for: the one it names, else its first that targets. */
function targetedEffect(card: CardInfo | undefined, link: LinkStmt) {
  return link.effectIndex ? card?.effects[link.effectIndex.value - 1] : card?.effects.find((x) => x.targets);
}

/**
 * Where a link's targets are looked for: the player its card's text names ("in your GY": the link player's own,
 * then not a guess), else the opponent's copy, a default said aloud when both players have the card.
 */
function targetContext(zone: Zone, controller: 'you' | 'opponent' | undefined, p: PlayerIndex | undefined): ResolveContext {
  if (p === undefined) return context(zone);
  const opponent = (1 - p) as PlayerIndex;
  if (controller) return context(zone, undefined, controller === 'you' ? p : opponent);
  return context(zone, undefined, opponent, undefined, "a target is taken to be the opponent's card");
}

function guessTargetZone(card: CardInfo | undefined, link: LinkStmt): Zone {
  if (!card) return 'field';
  const e = targetedEffect(card, link);
  if (e?.targets?.zone) return e.targets.zone;
  // A revival target (special summon) is in the GY.
  const revives = link.actions?.groups.some((g) => g.some((a) => a.kind === 'special-summon' && !a.from));
  return revives ? 'gy' : 'field';
}

/** Where a link's card is when the scenario did not place it. */
function impliedLinkZone(card: CardInfo | undefined): Zone {
  if (!card) return 'field';
  // Continuous, Field and Equip Spells act from the field (their triggers only face-up there).
  if (card.category === 'spell') return card.spellTrapKind === 'continuous' || card.spellTrapKind === 'field' || card.spellTrapKind === 'equip' ? 'field' : 'hand';
  if (card.category === 'trap') return 'field';
  const e = card.effects.find((x) => x.kind !== 'continuous');
  return e?.activatesFrom[0] ?? 'field';
}
