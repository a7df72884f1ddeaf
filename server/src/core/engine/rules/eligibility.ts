// R10, R15, R19-R23, R32 for every trigger link: may this trigger be in this chain at all? Its
// condition met while this chain was built or resolved (R10: it waits), an optional "when" effect
// whose event was not the last thing (R19/R20: it missed the timing), its card moved before it could
// activate (R23), no legal target when the triggers were collected (R15), its window gone (R32).
// Sets `status.ineligible`, which the order and speed rules read.
import { eventMatches } from '../match';
import { qualifierMiss } from '../qualifier-miss';
import { answeredCondition } from '../gy-condition';
import { describeEvent, whyNotLast } from '../narrative';
import { RegionWindow } from '../rulesets';
import { GameEvent, zoneWord } from '../state';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';
import { EffectInfo, EventPattern } from '../../cards/model';
import { effectLabel, effectOwner, restsOn, restsOnArchetype } from '../unknown-facts';
import { quoteName } from '../../syntax/quote';

/**
 * R23 in force (rules.md "Rulesets"): the OCG's revision of 2020-04-01; the TCG adopted it with Konami's
 * "[TCG] 2021 Rules Update" (November 2021; the day is unknown). Before, the OCG had its 2012 "private
 * area" rule and what the TCG did is not verified (RulesInForce.locationRule).
 */
const locationRule = { tcg: { from: '2021-11-01' }, ocg: { from: '2020-04-01' } } satisfies Record<'tcg' | 'ocg', RegionWindow>;

const messages = {
  'location-changed': (p: { card: string; from: string; to: string; ruleset: string; anyMove: boolean; adoptionDayUnknown: string | undefined }) =>
    `${quoteName(p.card)} moved from the ${p.from} to the ${p.to} after its condition was met and before it could activate, so its effect does not activate (${p.ruleset}; R23 is version-dependent: ${p.anyMove ? 'any change of location counts' : 'legacy rule: only a move to the hand or Deck'})${p.adoptionDayUnknown ? `; note: the TCG adopted this rule in November 2021 and the exact day is not known (segoc uses ${p.adoptionDayUnknown})` : ''}`,
  'missed-timing': (p: { card: string; event: string; whyNotLast: string }) =>
    `${quoteName(p.card)} is an optional "when" trigger and its condition (${p.event}) was not the last thing to happen: ${p.whyNotLast}, so it missed the timing and cannot be activated: leave it out of the chain (an "if" effect or a mandatory one would not miss) [R19/R20]`,
  'missed-timing/before-chain': (p: { card: string; event: string }) =>
    `${quoteName(p.card)} is an optional "when" trigger and its condition (${p.event}) was not the last thing to happen: more happened before this chain, so it missed the timing [R19]`,
  'no-target-at-collection': (p: { card: string; targets: string; arrivedLater: string | undefined }) =>
    `${quoteName(p.card)} had no legal target (${p.targets}) when the triggers were collected${p.arrivedLater ? `: ${quoteName(p.arrivedLater)} only got there during this chain` : ''}; which triggers may activate is fixed before the chain is built, so it cannot be placed even if an earlier link made a target available [R15]`,
  'trigger-must-wait': (p: { card: string; metBy: string; link: string | undefined; missesTooAsOptionalWhen: boolean }) =>
    `${quoteName(p.card)} cannot be in this chain: its condition was met by ${p.metBy} ${p.link ?? 'this chain'}; a trigger whose condition is met while a chain is built or resolved waits until the chain has resolved and then starts a new chain${p.missesTooAsOptionalWhen ? ' (and, as an optional "when" effect, it will have missed the timing)' : ''} [R10]`,
  'event-window-passed': (p: { card: string; event: string }) =>
    `${quoteName(p.card)} had its chance right after ${p.event}; another chain or action came in between, so it can no longer be activated here [R32]`,
};


function checkLink(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState): void {
  const e = l.effect;
  if (!e || !l.inst || (e.kind !== 'trigger' && e.kind !== 'flip')) return;
  const c = l.candidate;
  if (c) {
    // Moved after its event: before the chain, or during this chain before it was placed (R23).
    const moved =
      c.movedBefore && c.movedBefore.id <= l.placedAfterEvent && !(c.movedBefore.origin.kind === 'activation' && 'link' in c.movedBefore.origin && c.movedBefore.origin.link === l.position && c.movedBefore.origin.chain === chain.chainIndex)
        ? c.movedBefore
        : undefined;
    // Where the card was when it activated: its last move before the link was placed.
    const lastMove = moved ? chain.events.filter((m) => m.kind === 'move' && m.card === l.inst && m.id > c.event.id && m.id <= l.placedAfterEvent).pop() : undefined;
    if (moved && moved.kind === 'move' && lastMove?.kind === 'move' && e.evenIfNotThere.includes(lastMove.to)) {
      l.assumptions.push(`${quoteName(l.inst.name)} reached the ${zoneWord(lastMove.to)} after its condition was met; its text lets it activate from there "(even if not)" there at the event, so R23 does not apply`);
    } else if (moved && moved.kind === 'move' && chain.rules.locationRule === 'unverified') {
      l.assumptions.push(
        `${quoteName(l.inst.name)} moved to the ${zoneWord(moved.to)} before it could activate; how the TCG ruled such a move before its 2021 Rules Update (${locationRule.tcg.from}) is not verified, so segoc assumes the move did not matter (R23 [version])`,
      );
    } else if (moved && moved.kind === 'move') {
      const privateMove = moved.to === 'hand' || moved.to === 'deck' || moved.to === 'extra';
      if (chain.rules.locationRule === 'any-move' || privateMove) {
        l.status.ineligible = 'location-changed';
        report.say('location-changed', l, {
          card: l.inst.name,
          from: zoneWord(moved.from),
          to: zoneWord(moved.to),
          ruleset: chain.ruleset.label,
          anyMove: chain.rules.locationRule === 'any-move',
          adoptionDayUnknown: chain.ruleset.region === 'tcg' && chain.ruleset.asOf?.startsWith(locationRule.tcg.from.slice(0, 7)) ? locationRule.tcg.from : undefined,
        });
        return;
      }
      l.assumptions.push(`${quoteName(l.inst.name)} moved to the ${zoneWord(moved.to)}, which the legacy location rule (R23 [version]) allows`);
    }
    // "If this card battles" as a trigger (EDOPro's start of the Damage Step, its end, or after damage calculation):
    // its moment is in the Damage Step, not the attack declaration; a chain the scenario places before the Damage
    // Step is taken to be at that moment, and said.
    if (e.kind === 'trigger' && pattern0(e)?.verb === 'battles' && c.event.kind === 'attack' && chain.phase !== 'damage-step')
      l.assumptions.push(`${quoteName(l.inst.name)}'s condition ("${e.event!.raw}") is met in the Damage Step of that battle, not at its attack declaration: the chain is taken to start in the Damage Step`);
    if (c.missed) {
      l.status.ineligible = 'missed-timing';
      report.say('missed-timing', l, {
        card: l.inst.name,
        event: describeEvent(c.event, chain.players),
        whyNotLast: whyNotLast(chain.events, chain.players, c.event, chain.chainStartEvent),
      });
    }
    if (c.noTarget && (l.targets.length > 0 || c.targetKnown)) {
      const t = e.targets!;
      const arrived = l.targets.find((x) => chain.events.some((ev) => ev.kind === 'move' && ev.card === x && ev.id > chain.chainStartEvent));
      report.say('no-target-at-collection', l, { card: l.inst.name, targets: t.raw, arrivedLater: arrived?.name });
    }
    if (c.match === 'assumed') {
      const unread = e.event ? unreadWords(e.event) : [];
      if (unread.length) {
        restsOn(l, {
          card: effectOwner(l)!.name,
          effect: e.index,
          fact: 'condition',
          what: `the condition of ${effectLabel(effectOwner(l)!.card!, e.index)} ("${e.event!.raw}") has words the library cannot read ("${unread.join(' ')}")`,
          why: `${describeEvent(c.event, chain.players)} is taken to meet it`,
        });
      } else if (!(e.event && restsOnArchetype(l, e, e.event, c.event, describeEvent(c.event, chain.players)))) {
        l.assumptions.push(`the condition "${e.event?.raw}" was taken as met by ${describeEvent(c.event, chain.players)} (the card data does not settle it)`);
      }
    }
    return;
  }
  // No event of the current window meets it.
  const pattern = answeredCondition(e)!;
  const you = chain.controllerOf(l.inst);
  // What the link's own resolution does happened after it was placed: it never explains why the link is here (its
  // Special Summon of an "Amazoness" monster does not meet its own "if an Amazoness monster is Summoned").
  const ownResolution = (ev: GameEvent) => ev.origin.kind === 'resolution' && 'link' in ev.origin && ev.origin.link === l.position;
  const thisChain = chain.events.slice(chain.chainStartEvent).filter((ev) => !ownResolution(ev) && eventMatches(pattern, ev, l.inst!, you) !== 'no');
  const fromBuilding = thisChain.find((ev) => ev.id <= chain.lastPlacementEvent && ev.origin.kind !== 'action');
  const fromResolution = thisChain.find((ev) => ev.id > chain.lastPlacementEvent);
  if (fromBuilding || fromResolution) {
    const ev = fromBuilding ?? fromResolution!;
    const src = ev.origin.kind === 'cost' ? 'the cost of' : ev.origin.kind === 'activation' ? 'the activation of' : 'the resolution of';
    const link = 'link' in ev.origin ? chain.links.find((x) => x.position === (ev.origin as { link: number }).link) : undefined;
    l.status.ineligible = 'must-wait';
    report.say(
      'trigger-must-wait',
      l,
      { card: l.inst.name, metBy: src, link: link && chain.linkName(link), missesTooAsOptionalWhen: !e.mandatory && e.timing === 'when' && ev.origin.kind !== 'resolution' },
      link ? [{ link, message: `this link's ${ev.origin.kind === 'resolution' ? 'resolution' : ev.origin.kind} met the condition` }] : [],
    );
    return;
  }
  const older = chain.events.slice(0, chain.windowStartIndex).filter((ev) => eventMatches(pattern, ev, l.inst!, you) !== 'no');
  if (older.length) {
    const ev = older[older.length - 1];
    if (!e.mandatory && e.timing === 'when') {
      l.status.ineligible = 'missed-timing';
      report.say('missed-timing/before-chain', l, { card: l.inst.name, event: describeEvent(ev, chain.players) });
    } else {
      l.status.ineligible = 'event-window-passed';
      report.say('event-window-passed', l, { card: l.inst.name, event: describeEvent(ev, chain.players) });
    }
    return;
  }
  if (l.position === 1 || l.role === 'batch-trigger' || l.role === 'hand-trigger') {
    // The scenario shows its kind of event, but not the one its qualifiers name: R41 (condition-qualifier) says so.
    if (qualifierMiss(pattern, chain.events.slice(chain.windowStartIndex, chain.chainStartEvent), l.inst, you)) return;
    l.status.eventAssumed = true;
    // An event the card library cannot read is no event the scenario could write: the verdict rests on the card.
    if (pattern.kind === 'unknown') {
      restsOn(l, {
        card: effectOwner(l)!.name,
        effect: e.index,
        fact: 'event',
        what: `the event ${effectLabel(effectOwner(l)!.card!, e.index)} answers ("${pattern.raw}": the card library cannot read it)`,
        why: 'it is taken to have happened just before this chain',
      });
    } else l.assumptions.push(`no event in the scenario meets "${pattern.raw}"; the engine assumes it was met just before this chain`);
  }
}

export const eligibility = defineRule({
  name: 'eligibility',
  codes: {
    'trigger-must-wait': {
      rules: ['R10'],
      severity: 'error',
      summary: 'a trigger placed in the same chain whose activation, cost or resolution met its condition',
      fix: 'remove-link',
    },
    'no-target-at-collection': {
      rules: ['R15'],
      severity: 'error',
      summary: 'a batch trigger that had no legal target (or could not pay) when the triggers were collected',
      fix: 'remove-link',
    },
    'missed-timing': { rules: ['R19', 'R20'], severity: 'error', summary: 'an optional "when" trigger whose condition was not the last thing to happen', fix: 'remove-link' },
    'location-changed': {
      rules: ['R23'],
      severity: 'error',
      summary: 'a trigger whose card changed location before it could activate (current rules)',
      fix: 'remove-link',
    },
    'event-window-passed': {
      rules: ['R32'],
      severity: 'error',
      summary: 'an effect responding to a game event after another chain resolved in between',
      fix: 'remove-link',
    },
  },
  catalogue: [
  {
    id: 'R10',
    title: 'Triggers wait for the chain to finish',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'A trigger whose condition is met while a chain is built (activation, cost, target) or resolved cannot join that chain. It waits until the chain is over and then, unless it missed the timing, starts a new chain by SEGOC with the other waiting triggers.',
    sources: [S.S0, S.S1, S.S3, S.W19, S.W18, S.YC],
  },
  {
    id: 'R15',
    title: 'Which triggers may activate is fixed before the chain is built',
    tag: 'engine≠rule',
    tags: ['stable', 'engine≠rule'],
    inForce: 'always',
    summary:
      'Whether a trigger can be activated is judged from the state before the first batch link is placed. A trigger with no legal target or no payable cost at that moment stays out, even if an earlier link later provides one.',
    sources: [S.S3, S.YC],
    note: 'ygopro checks again at each placement and would accept what this rule forbids; segoc follows the ruling.',
  },
  {
    id: 'R16',
    title: 'When optional triggers are decided, costs paid and targets chosen',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      "Costs and targets are chosen as each link is placed, and a player decides on each optional trigger when that player's optional group comes up. No diagnostic of its own; its consequences are checked by R11, R14 and R15.",
    sources: [S.S3],
  },
  {
    id: 'R19',
    title: 'An optional "when" trigger needs to be the last thing that happened',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'An optional "When ...: You can" trigger can be activated only if its condition was the last thing that happened (or one of several simultaneous last things). Otherwise it misses the timing; an effect already activated still resolves.',
    sources: [S.W4, S.W1, S.W2, S.W12, S.W16, S.S0, S.S1, S.YC],
  },
  {
    id: 'R20',
    title: 'What makes a "when" trigger miss',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'A "when" optional misses when its condition was met while a link above Chain Link 1 resolved (or before Chain Link 1 finished), by a cost or activation, by the first part of a "then" effect, or by being Tributed or used as material for a Summon. Parts joined by "and" and leftover cards going to the GY are not reasons. A monster that becomes an Xyz Material does not leave the field (its "leaves the field" trigger does not activate); one returned to the Extra Deck does.',
    sources: [S.W2, S.W4, S.W5, S.W15, S.S3, S.YC, S.W38, S.W6, S.W39],
  },
  {
    id: 'R21',
    title: 'Effects that never miss the timing',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'Mandatory triggers and "If ...: You can" optional triggers never miss the timing; they activate at the next chance, forming a new batch. No diagnostic of its own.',
    sources: [S.W2, S.W12, S.S1, S.W16, S.YC],
  },
  {
    id: 'R22',
    title: 'Several last things at once',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'When several things happen at the same moment, each is a last thing: all their "when" optional triggers are valid and go on one chain in SEGOC order. No diagnostic of its own.',
    sources: [S.W16, S.S0, S.S1],
  },
  {
    id: 'R23',
    title: 'A card that moves before its trigger activates',
    tag: 'version',
    tags: ['version'],
    inForce: locationRule,
    underRuleset: (inForce, ruleset) =>
      inForce
        ? 'R23 [version]: a trigger whose card changed location before it could activate does not activate.'
        : ruleset.region === 'ocg'
          ? 'R23 [version]: legacy rule: only a move to the hand or Deck stops a pending trigger.'
          : `R23 [version]: TCG before the 2021 Rules Update (${locationRule.tcg.from}): how a move counted is not verified, so segoc reports no R23 diagnostic and assumes the move did not matter.`,
    summary:
      'Under current rules, if a card whose trigger condition was met changes location before its effect could be activated, the effect does not activate, mandatory ones included.',
    sources: [S.W6, S.W20, S.W11, S.W17, S.YC],
    note:
      'Current rule from 2020-04-01 (OCG) and 2021-11-01 (TCG: Konami\'s "[TCG] 2021 Rules Update", November 2021; the exact day is not known, so a scenario dated in November 2021 gets a note). Earlier OCG dates use the OCG rule of 2012: only a move to the hand or Deck stops the trigger. How the TCG ruled before its update is unverified (the 2012 private-area concept was reported as OCG-only): segoc reports no R23 diagnostic for earlier TCG dates and says it assumed the move did not matter.',
  },
  {
    id: 'R32',
    title: 'Effects that answer a game event',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'An effect answering a game event (a Summon, an attack declaration) may be Chain Link 1 right after it or join a chain built in that window; once another chain has resolved in between, the chance is gone.',
    sources: [S.S2, S.W2, S.W1],
  },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
});

/** The words of an event pattern the card library could not read (the phrase's own, and its card filter's). */
function unreadWords(p: EventPattern): string[] {
  const filter = p.kind === 'card' && typeof p.subject === 'object' ? (p.subject.unknown ?? []) : [];
  return [...new Set([...p.unknown, ...filter])];
}

/** The card event of a trigger's condition (its first alternative), if it is one. */
function pattern0(e: EffectInfo): Extract<EventPattern, { kind: 'card' }> | undefined {
  return e.event?.kind === 'card' ? e.event : undefined;
}
