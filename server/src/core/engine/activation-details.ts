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

type ActivationPattern = Extract<EventPattern, { kind: 'activation' }>;

/** Why a link does not meet a detail, in a judge's words (the responder's message adds it). */
export type DetailMiss = string;

/** `targets exactly N`: the link's written targets counted; none written: its effect's (assumed) or none (it does not target). */
export function targetCountAnswer(n: number, prev: LinkState, misses: DetailMiss[]): Tri {
  if (prev.targets.length) {
    if (prev.targets.length === n) return 'yes';
    misses.push(`it targets ${prev.targets.length} cards, and only an activation that targets exactly ${n} is answered`);
    return 'no';
  }
  return prev.effect?.targets ? 'assumed' : 'no';
}

/** A card reference as one key, so a written action's card is matched with the link's written target. */
function refKey(r: CardRef): string {
  return r.kind === 'label' ? `#${r.label}` : `${r.owner?.text.toLowerCase() ?? ''}:${r.label?.text ?? r.name.toLowerCase()}`;
}

/**
 * `and would destroy it`: what the link destroys is its target. Its written `destroy` actions name only its written
 * targets (yes) or another card (no); else its card's `does` parts: a destroy of its target (yes), of something else
 * only (no); else its includes (no destroy at all: no). What the library does not say is a named gap.
 */
export function destroysTargetAnswer(prev: LinkState, responder: string, gaps: UnknownFact[], misses: DetailMiss[]): Tri {
  const destroys = (prev.stmt.actions?.groups.flat() ?? []).filter((a): a is Extract<Action, { kind: 'destroy' }> => a.kind === 'destroy');
  if (destroys.length) {
    const targets = new Set((prev.stmt.targets ?? []).map(refKey));
    const onlyTargets = destroys.every((a) => a.cards.kind === 'refs' && a.cards.refs.every((r) => targets.has(refKey(r))));
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

function writtenFrom(a: Action): Zone | undefined {
  if (a.kind === 'special-summon' || a.kind === 'add-to-hand') return a.from;
  // A destroy of counted cards says where they are (`destroy 1 card from hand`); a destroy of named cards or of all of
  // a kind destroys cards on the field.
  if (a.kind === 'destroy') return a.cards.kind === 'count' ? (a.cards.from ?? 'hand') : 'field';
  return undefined;
}

/** The objects of a part that are cards on the field ("destroy all monsters"). */
const ON_FIELD_OBJECTS: ReadonlySet<string> = new Set(['all-monsters', 'all-opponent-monsters', 'all-spells-traps', 'all-cards']);

/**
 * `including special summon from gy or banish from gy` (Ghost Belle & Haunted Mansion): one of the link's written actions
 * or its card's `does` parts does that from that zone. A written action or a part that does it without saying from
 * where leaves it open: assumed (the scenario's gap where the link writes actions, the library's where it does not).
 */
export function includesFromAnswer(words: readonly string[], prev: LinkState, responder: string, gaps: UnknownFact[], misses: DetailMiss[]): Tri {
  const wanted = words.map(originInclude).filter((w): w is NonNullable<ReturnType<typeof originInclude>> => !!w);
  const written = prev.stmt.actions?.groups.flat() ?? [];
  const parts: readonly EffectAction[] = prev.effect?.does ?? [];
  let best: Tri = 'no';
  let libraryOpen = false;
  for (const w of wanted) {
    const verb = ORIGIN_VERBS[w.verb];
    for (const a of written.filter(verb.written)) {
      const from = writtenFrom(a);
      if (from === w.from) return 'yes';
      if (from === undefined) best = 'assumed';
    }
    if (written.length) continue;
    for (const p of parts.filter((x) => verb.parts.includes(x.verb))) {
      const from = p.from ?? (p.object && ON_FIELD_OBJECTS.has(p.object) ? 'field' : targetZone(p, prev, w.from));
      if (from === w.from) return 'yes';
      if (from === undefined) {
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
 * Where a part that acts on its target takes its cards from, where its source does not say: the zone the wanted one,
 * where a target the link writes stood there when it was activated (Called by the Grave banishes its target, in the
 * GY). Elsewhere it stays open: the scenario may leave out the move that put it there (a cost not written).
 */
function targetZone(p: EffectAction, prev: LinkState, wanted: Zone): Zone | undefined {
  if (p.object !== 'target') return undefined;
  return prev.targetsAtPlacement.some((t) => t.zone === wanted) ? wanted : undefined;
}

/** The include words of a pattern split into plain words and words with an origin zone. */
export function splitIncludes(p: ActivationPattern): { plain: string[]; fromZone: string[] } {
  const all = p.includes ?? [];
  return { plain: all.filter((w) => !originInclude(w)), fromZone: all.filter((w) => !!originInclude(w)) };
}

/**
 * Whether `attacker` has the highest ATK (ties included) of the face-up monsters its controller controls; assumed where
 * an ATK is not known (a card with `?` ATK, or one the scenario names without its stats).
 */
export function highestAtkAnswer(attacker: CardInstance, instances: readonly CardInstance[]): Tri {
  const own = instances.filter((c) => c.zone === 'field' && !c.faceDown && c.controller === attacker.controller && c.card?.category === 'monster');
  const atk = attacker.card?.atk;
  if (atk === undefined || own.some((c) => c.card?.atk === undefined)) return 'assumed';
  return own.every((c) => c.card!.atk! <= atk) ? 'yes' : 'no';
}
