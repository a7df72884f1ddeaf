// The details of an activation that a responder's condition names besides who and what (issue 27): how many cards it
// targets ("that targets exactly 1 monster you control": Remote Revenge, Kagero the Cannon Ninja), whether what it
// destroys is its target ("and would destroy it": Remote Revenge), and where the cards it moves come from ("that
// includes Special Summoning from the GY": Ghost Belle & Haunted Mansion). Each is checked against the link below as
// the scenario writes it (its targets, its actions), then against its card's facts; what neither shows is assumed
// (the scenario's gap, said) or rests on a named unknown fact (the library's gap), never taken as met silently.
import type { CardRef } from '../syntax/ast';
import type { Action } from '../syntax/ast';
import type { ActionVerb, EffectAction, EventPattern } from '../cards/model';
import type { Zone } from '../words';
import type { Tri } from './match';
import type { UnknownFact } from './unknown-facts';
import { effectLabel, effectOwner } from './unknown-facts';
import type { LinkState } from './classify';
import type { CardInstance } from './state';
import { partZones, writtenZones } from './part-zones';

type ActivationPattern = Extract<EventPattern, { kind: 'activation' }>;

/** Why a link does not meet a detail, in a judge's words (the responder's message adds it). */
export type DetailMiss = string;

/** `targets exactly N`: the link's written targets counted; none written: its effect's (assumed) or none (it does not target). */
export function targetCountAnswer(n: number, prev: LinkState, misses: DetailMiss[], open: DetailMiss[]): Tri {
  if (prev.targets.length) {
    if (prev.targets.length === n) return 'yes';
    misses.push(`it targets ${prev.targets.length} cards, and only an activation that targets exactly ${n} is answered`);
    return 'no';
  }
  if (!prev.effect?.targets) return 'no';
  open.push(`CL${prev.position} writes no targets: its effect is taken to target exactly ${n}`);
  return 'assumed';
}

/**
 * `and would destroy it`: what the link destroys is its target. Its written `destroy` actions name only the card copies
 * it targets (yes: `target "X" -> destroy Yugi's "X"` or a label are the same copy) or another card (no); where it
 * writes no target, its effect's targets are taken to be what it destroys (assumed, said) or it targets nothing (no).
 * Else its card's `does` parts: a destroy of its target (yes), of something else only (no); else its includes (no
 * destroy at all: no). What the library does not say is a named gap.
 */
export function destroysTargetAnswer(prev: LinkState, resolve: (r: CardRef) => CardInstance | undefined, responder: string, gaps: UnknownFact[], misses: DetailMiss[], open: DetailMiss[]): Tri {
  const destroys = (prev.stmt.actions?.groups.flat() ?? []).filter((a): a is Extract<Action, { kind: 'destroy' }> => a.kind === 'destroy');
  if (destroys.length) {
    if (!prev.stmt.targets?.length) {
      if (prev.effect?.targets || !prev.effect) {
        open.push(`CL${prev.position} writes no targets: what it destroys is taken to be its target`);
        return 'assumed';
      }
      misses.push('it targets nothing');
      return 'no';
    }
    const targets = new Set(prev.targets);
    // A counted destroy (`destroy 1 card`) or a card the scenario does not know leaves it open.
    if (destroys.some((a) => a.cards.kind === 'count' || (a.cards.kind === 'refs' && a.cards.refs.some((r) => !resolve(r))))) {
      open.push(`CL${prev.position}'s destroy does not name the cards: they are taken to be its target`);
      return 'assumed';
    }
    const onlyTargets = destroys.every((a) => a.cards.kind === 'refs' && a.cards.refs.every((r) => targets.has(resolve(r)!)));
    if (!onlyTargets) misses.push('what it destroys is not its target');
    return onlyTargets ? 'yes' : 'no';
  }
  const effect = prev.effect;
  if (!effect) return 'assumed';
  const parts = effect.does.filter((p) => p.verb === 'destroy');
  if (parts.some((p) => p.object === 'target')) return 'yes';
  if (parts.length) {
    misses.push('its effect destroys a card it does not target');
    return 'no';
  }
  // What it does is known and destroys nothing (Book of Moon changes a position), or what it includes is known without it.
  if (effect.does.length || (effect.includes.length && !effect.includes.includes('destroy'))) {
    misses.push('its effect destroys nothing');
    return 'no';
  }
  const owner = effectOwner(prev)?.card ?? prev.inst?.card;
  if (owner) {
    gaps.push({
      card: owner.name,
      effect: effect.index,
      fact: 'includes',
      what: `whether ${effectLabel(owner, effect.index)} destroys the card it targets (its card facts do not say, and CL${prev.position} writes no destroy)`,
      why: `${responder} answers only an activation that would destroy its target`,
      line: 'does destroy target',
    });
  }
  return 'assumed';
}

/** The include words a zone qualifies (`special summon from gy`): the part verbs and written actions that do it. */
const ORIGIN_VERBS: Readonly<Record<string, { parts: readonly ActionVerb[]; written: (a: Action) => boolean }>> = {
  'special summon': { parts: ['special-summon'], written: (a) => a.kind === 'special-summon' },
  banish: { parts: ['banish'], written: (a) => a.kind === 'banish' },
  'add to hand': { parts: ['add-to-hand', 'to-hand'], written: (a) => a.kind === 'add-to-hand' },
  'return to deck': { parts: ['return-to-deck'], written: (a) => a.kind === 'return' && a.to === 'deck' },
  'return to extra deck': { parts: ['return-to-extra'], written: (a) => a.kind === 'return' && a.to === 'extra' },
  destroy: { parts: ['destroy'], written: (a) => a.kind === 'destroy' },
};

/** An include word with the zone its cards come from (`special summon from gy`); undefined for a plain one. */
export function originInclude(word: string): { verb: string; from: Zone } | undefined {
  // `destroy on field` ("an effect that would destroy a card(s) on the field") is `destroy from field`.
  const m = /^(.+) (?:from|on) (gy|deck|hand|field|banished|extra deck)$/.exec(word.trim().toLowerCase());
  if (!m || !ORIGIN_VERBS[m[1]]) return undefined;
  return { verb: m[1], from: (m[2] === 'extra deck' ? 'extra' : m[2]) as Zone };
}

/**
 * Where a written action takes its cards from: stated, else where the cards it names stood as the link was activated,
 * else undefined (a counted `destroy 1 card` does not say where: assumed, not the hand).
 */
function writtenFrom(a: Action, prev: LinkState): ReadonlyArray<Zone | undefined> {
  return prev.actionZonesAtPlacement?.get(a) ?? writtenZones(a, []);
}

/**
 * `including special summon from gy or banish from gy` (Ghost Belle & Haunted Mansion): one of the link's written actions
 * or its card's `does` parts does that from that zone. A written action or a part that does it without saying from
 * where leaves it open: assumed (the scenario's gap where the link writes actions, the library's where it does not).
 */
export function includesFromAnswer(words: readonly string[], prev: LinkState, responder: string, gaps: UnknownFact[], misses: DetailMiss[], open: DetailMiss[]): Tri {
  const wanted = words.map(originInclude).filter((w): w is NonNullable<ReturnType<typeof originInclude>> => !!w);
  const written = prev.stmt.actions?.groups.flat() ?? [];
  const parts: readonly EffectAction[] = prev.effect?.does ?? [];
  let best: Tri = 'no';
  let libraryOpen = false;
  for (const w of wanted) {
    const verb = ORIGIN_VERBS[w.verb];
    for (const a of written.filter(verb.written)) {
      const from = writtenFrom(a, prev);
      if (from.includes(w.from)) return 'yes';
      if (from.includes(undefined)) {
        best = 'assumed';
        open.push(`CL${prev.position}'s actions do not say where their cards are: taken to include ${words.join(' or ')}`);
      }
    }
    if (written.length) continue;
    for (const p of parts.filter((x) => verb.parts.includes(x.verb))) {
      // A written target counts where it stood when the link was activated; elsewhere it stays open (targetZone).
      const from = partZones(prev, p, [targetZone(prev, w.from)]);
      if (from.includes(w.from)) return 'yes';
      if (from.includes(undefined)) {
        best = 'assumed';
        libraryOpen = true;
      }
    }
  }
  if (best === 'no' && !written.length && !parts.length) {
    // Its card facts say nothing of what it does: unknown, not "anything" and not "nothing".
    best = 'assumed';
    libraryOpen = true;
  }
  const owner = effectOwner(prev)?.card ?? prev.inst?.card;
  if (best === 'assumed' && libraryOpen && owner && prev.effect) {
    gaps.push({
      card: owner.name,
      effect: prev.effect.index,
      fact: 'includes',
      what: `where the cards ${effectLabel(owner, prev.effect.index)} moves come from (its card facts do not say, and CL${prev.position} writes no actions that say it)`,
      why: `${responder} answers only an activation that includes ${words.join(' or ')}`,
      line: `does ${wanted[0].verb} from ${wanted[0].from}`,
    });
  }
  if (best === 'no') misses.push(`it includes none of ${words.join(', ')}`);
  return best;
}

/**
 * Where the link's written targets were, for a part that acts on its target where its source does not say: the zone
 * wanted, where a target stood there when it was activated (Called by the Grave banishes its target, in the GY).
 * Elsewhere it stays open: the scenario may leave out the move that put it there (a cost not written).
 */
function targetZone(prev: LinkState, wanted: Zone): Zone | undefined {
  return prev.targetsAtPlacement.some((t) => t.zone === wanted) ? wanted : undefined;
}

/** The include words of a pattern split into plain words and words with an origin zone. */
export function splitIncludes(p: ActivationPattern): { plain: string[]; fromZone: string[] } {
  const all = p.includes ?? [];
  return { plain: all.filter((w) => !originInclude(w)), fromZone: all.filter((w) => !!originInclude(w)) };
}

/**
 * Whether a face-up card on the field may change a monster's ATK: a Spell or Trap (an Equip, a Field or Continuous
 * card), a monster with an effect that applies or is activated there, a card the library does not know.
 */
function mayChangeAtk(c: CardInstance): boolean {
  const card = c.card;
  if (!card) return true;
  if (card.category !== 'monster') return true;
  return card.effects.some((e) => e.kind === 'continuous' || e.activatesFrom.includes('field'));
}

/**
 * Whether `attacker` has the highest ATK (ties included) of the face-up monsters its controller controls, by their
 * printed ATK (the engine keeps no current ATK). Assumed where an ATK is not known (a card with `?` ATK, or one the
 * scenario names without its stats), and where the printed ATK decides against it while something may have changed an
 * ATK (`earlierEffects`: a card or effect was activated earlier in the scenario; or a face-up card on the field may):
 * `why` then says so.
 */
export function highestAtkAnswer(attacker: CardInstance, instances: readonly CardInstance[], earlierEffects: boolean): { answer: Tri; why?: string } {
  const own = instances.filter((c) => c.zone === 'field' && !c.faceDown && c.controller === attacker.controller && c.card?.category === 'monster');
  const atk = attacker.card?.atk;
  if (atk === undefined || own.some((c) => c.card?.atk === undefined)) return { answer: 'assumed', why: 'unknown' };
  if (own.every((c) => c.card!.atk! <= atk)) return { answer: 'yes' };
  const changer = instances.find((c) => c.zone === 'field' && !c.faceDown && c !== attacker && mayChangeAtk(c));
  if (!earlierEffects && !changer) return { answer: 'no' };
  return { answer: 'assumed', why: changer ? `"${changer.name}" is face-up on the field` : 'a card or effect was activated earlier in the scenario' };
}
