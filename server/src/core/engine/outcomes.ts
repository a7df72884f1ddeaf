// What a scenario expects of the resolution (`expect CL2 negated`, `expect CL1 does not apply draw`, `expect "X"
// in gy`, `expect "X" not summoned`), checked against what the simulation did: each link's resolution acts and
// each card's place once the scenario is over. analyze.ts turns an unmet one into `expect-unmet`.
import { ACTION_CONDITIONS, ACTION_PHRASES_TO_VERBS, normalizeName, readActions, verbFits } from '../cards/model';
import type { ActionVerb } from '../cards/model';
import type { ExpectOutcomeStmt, Outcome } from '../syntax/ast';
import { quoteName } from '../syntax/quote';
import { Range } from '../text';
import { LinkState } from './classify';
import { actApplied, actionPhrase, actText } from './narrative';
import { ResolutionAct } from './results';
import { CardInstance, zoneWord } from './state';
import { Timeline } from './timeline';

/** Acts that say what a link did is not known: its effect, or which of its choices applied. */
const UNKNOWN_ACTS: ReadonlySet<string> = new Set(['not-written', 'effect-unknown', 'choice-unknown']);

export interface OutcomeCheck {
  range: Range;
  met: boolean;
  /** Why it is not met (what the checker finds instead), or a language mistake in it (`bad`). */
  message?: string;
  bad?: boolean;
}

/** The card verb each resolution act shows happening (a part applied). */
function actVerb(a: ResolutionAct): ActionVerb | undefined {
  switch (a.kind) {
    case 'destroys':
      return 'destroy';
    case 'sends-to-gy':
      return 'send-to-gy';
    case 'discards':
      return 'discard';
    case 'tributes':
      return 'tribute';
    case 'banishes':
      return 'banish';
    case 'adds-to-hand':
      return 'add-to-hand';
    case 'special-summons':
    case 'summons-with-materials':
      return 'special-summon';
    case 'returns':
      return a.to === 'hand' ? 'return-to-hand' : a.to === 'deck' ? 'return-to-deck' : 'return-to-extra';
    case 'sets':
      return 'set';
    case 'draws':
      return 'draw';
    case 'negates':
      return 'negate-activation';
    case 'negates-effect':
      return 'negate-effect';
    case 'negates-summon':
      return 'negate-summon';
    case 'damage':
      return 'damage';
    case 'changes-position':
      return 'change-position';
    case 'equips':
      return 'equip';
    case 'takes-control':
      return 'take-control';
    case 'counted':
      return a.verb === 'banishes' ? 'banish' : a.verb === 'discards' ? 'discard' : a.verb === 'sends-to-gy' ? 'send-to-gy' : a.verb === 'draws' ? 'draw' : a.verb === 'adds-to-hand' ? 'add-to-hand' : 'return-to-deck';
    case 'applies':
      return a.verb;
    default:
      return undefined;
  }
}


/** Checks every `expect` outcome of a scenario; `chains` are the chains' links in order. */
export function checkOutcomes(stmts: readonly ExpectOutcomeStmt[], chains: ReadonlyArray<readonly LinkState[]>, t: Timeline): OutcomeCheck[] {
  return stmts.map((s) => ({ range: s.range, ...checkOne(s.outcome, chains, t) }));
}

function checkOne(o: Outcome, chains: ReadonlyArray<readonly LinkState[]>, t: Timeline): Omit<OutcomeCheck, 'range'> {
  if (o.kind === 'link') {
    const chainNo = o.chain?.value ?? chains.length;
    const links = chains[chainNo - 1];
    if (!links) return { met: false, bad: true, message: chains.length ? `there is no chain ${chainNo} (the scenario has ${chains.length})` : 'this scenario has no chain' };
    const l = links.find((x) => x.position === o.link.value);
    if (!l) return { met: false, bad: true, message: `chain ${chainNo} has no link ${o.link.value}` };
    const r = l.resolution;
    const did = r ? `resolved as: ${r.acts.map(actText).join('; ')}` : 'never resolved';
    const name = `CL${l.position} of chain ${chainNo}`;
    const applied = (r?.acts ?? []).filter(actApplied);
    switch (o.what) {
      case 'negated':
        return r?.status === 'negated' ? { met: true } : { met: false, message: `expected ${name} to be negated, but it ${did}` };
      case 'no-effect':
        return r && (r.status !== 'resolved' || applied.length === 0) && !r.acts.some((a) => UNKNOWN_ACTS.has(a.kind))
          ? { met: true }
          : { met: false, message: `expected ${name} to have no effect, but it ${did}` };
      case 'resolves':
        return r?.status === 'resolved' && applied.length > 0 ? { met: true } : { met: false, message: `expected ${name} to resolve and do something, but it ${did}` };
      default: {
        // A part with its own condition (`negate effects if set before activation`, R85) names that part only.
        const conditional = ACTION_PHRASES_TO_VERBS.has(o.part!.text) ? undefined : readActions(o.part!.text.split(' '));
        const condition = conditional?.length === 1 && !conditional[0].object && conditional[0].condition ? conditional[0].condition : undefined;
        const verb = condition ? conditional![0].verb : ACTION_PHRASES_TO_VERBS.get(o.part!.text);
        const ofPart = (a: ResolutionAct) => !condition || ((a.kind === 'applies' || a.kind === 'not-applied') && a.condition === condition);
        if (!verb) return { met: false, bad: true, message: `\`${o.part!.text}\` is not a part of an effect (expected one of: ${[...ACTION_PHRASES_TO_VERBS.keys()].join(', ')}; a part with its own condition adds it: ${ACTION_CONDITIONS.map((c) => `negate effects ${c}`).join(', ')})` };
        // A part with its own condition names a part of this link's effect: one it does not have is a mistake in the
        // expectation, never a "met" (no part of that verb under that condition can have applied).
        if (condition && !(l.effect?.does ?? []).some((p) => p.condition === condition && verbFits(p.verb, verb))) {
          return { met: false, bad: true, message: `${name}'s effect has no part "${o.part!.text}"${l.effect?.does.length ? ` (its parts: ${l.effect.does.map(actionPhrase).join(', ')})` : ''}` };
        }
        // A part done "to the hand" where its source does not say from where (`add or return to hand`) is either.
        const happened = applied.some((a) => { const v = actVerb(a); return v !== undefined && verbFits(v, verb) && ofPart(a); });
        if (o.what === 'applies') return happened ? { met: true } : { met: false, message: `expected ${name} to apply "${o.part!.text}", but it ${did}` };
        if (r?.acts.some((a) => UNKNOWN_ACTS.has(a.kind))) return { met: false, message: `expected ${name} not to apply "${o.part!.text}", but what it does is not known (write its actions or the card's \`does\`)` };
        return happened ? { met: false, message: `expected ${name} not to apply "${o.part!.text}", but it ${did}` } : { met: true };
      }
    }
  }
  if (o.kind === 'count') return checkCount(o, t);
  const copies = copiesOf(o.card, t);
  const ref = o.card.kind === 'name' ? `${o.card.owner ? `${o.card.owner.text}'s ` : ''}${quoteName(o.card.name)}` : o.card.label;
  if (!copies.length) return { met: false, bad: true, message: `the scenario has no card ${ref}` };
  if (o.what === 'in') {
    const off = copies.filter((c) => c.zone !== o.zone);
    if (off.length && off.every((c) => c.zone === 'gone')) return { met: false, message: `expected ${ref} in the ${zoneWord(o.zone)}, but it is a Token that left the field: it no longer exists anywhere [R70]` };
    return off.length ? { met: false, message: `expected ${ref} in the ${zoneWord(o.zone)}, but it is in the ${off.map((c) => zoneWord(c.zone)).join(', ')}` } : { met: true };
  }
  const summoned = copies.some((c) => t.events.some((e) => e.kind === 'summon' && !e.attempt && e.card === c) && !t.negatedSummons.has(c));
  if (o.what === 'summoned') return summoned ? { met: true } : { met: false, message: `expected ${ref} to be Summoned, but it never was${copies.some((c) => t.negatedSummons.has(c)) ? ' (its Summon was negated, R45)' : ''}` };
  return summoned ? { met: false, message: `expected ${ref} not to be Summoned, but it was` } : { met: true };
}

/** `expect Yugi has 3 cards in hand` (R71): the zone's count, which the board must state for it to be known. */
function checkCount(o: Extract<Outcome, { kind: 'count' }>, t: Timeline): Omit<OutcomeCheck, 'range'> {
  const p = t.playerIndex(o.player.text);
  if (p === undefined) return { met: false, bad: true, message: `unknown player \`${o.player.text}\`: the players are ${t.players[0]} and ${t.players[1]}` };
  const where = `${t.players[p]}'s ${zoneWord(o.zone)}`;
  const n = t.countIn(p, o.zone);
  if (n === undefined) return { met: false, message: `how many cards are in ${where} is not known: the board does not state it (write \`${t.players[p]} ${o.zone}: N cards\`, or \`none\`) [R71]` };
  return n === o.count.value ? { met: true } : { met: false, message: `expected ${o.count.value} card${o.count.value === 1 ? '' : 's'} in ${where}, but there ${n === 1 ? 'is' : 'are'} ${n} [R71]` };
}

/** The scenario's copies a reference names: by label, or by name (and owner). */
function copiesOf(ref: Extract<Outcome, { kind: 'card' }>['card'], t: Timeline): CardInstance[] {
  const all = t.names.names.instances;
  if (ref.kind === 'label') return all.filter((c) => c.label === ref.label);
  const key = normalizeName(ref.name);
  const owner = ref.owner ? t.playerIndex(ref.owner.text) : undefined;
  return all.filter((c) => (c.card?.key === key || normalizeName(c.name) === key || !!c.card?.aliases.some((a) => normalizeName(a) === key)) && (owner === undefined || c.owner === owner));
}
