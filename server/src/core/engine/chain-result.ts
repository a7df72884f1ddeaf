// A checked chain as results: per link its role, category, Spell Speed, what it answers, assumptions
// and resolution; the legal order of the batch; the collected triggers; the resolution in order.
import { Diagnostic } from '../diagnostics';
import { ChainBlock } from '../syntax/ast';
import { LinkState } from './classify';
import { Candidate } from './collect';
import { actText, partOutcome, afterChainText, answerText, collectedText, eventRecord, resolutionLine } from './narrative';
import { CATEGORY_LABELS, ChainResult, CollectedStatus, CollectedTrigger, LinkAnswer, LinkResult, OrderGroup } from './results';
import { ChainView } from './view';

/** A chain without its details (AnalyzeOptions.detail 'diagnostics'): what the verdicts and counts need. */
export function chainSummary(block: ChainBlock, index: number, diags: Diagnostic[], phase: string): ChainResult {
  return {
    index,
    range: block.range,
    keywordRange: block.keywordRange,
    links: [],
    legalOrder: [],
    collected: [],
    collectedTriggers: [],
    resolution: [],
    leftovers: [],
    afterChain: [],
    legal: !diags.some((d) => d.severity === 'error'),
    phase,
  };
}

/** What each link answers. */
function answered(chain: ChainView, l: LinkState): LinkAnswer {
  if (l.candidate) return { kind: 'event', event: eventRecord(l.candidate.event, chain.players) };
  if (l.role === 'phase-trigger') return { kind: 'phase', timing: l.effect?.phaseTime?.raw };
  // Chain Link 1 at the moment of a Summon answers that Summon (R50).
  if (l.position === 1 && chain.summonAttempt) return { kind: 'event', event: eventRecord(chain.summonAttempt, chain.players) };
  if (l.position > 1) {
    const below = chain.links[l.position - 2];
    return { kind: 'link', link: below.position, player: chain.who(below.player), card: below.inst?.name ?? '?' };
  }
  return { kind: 'open-state' };
}

/** What became of a collected trigger. */
function collectedTrigger(chain: ChainView, c: Candidate): CollectedTrigger {
  const status: CollectedStatus = !c.zoneOk
    ? 'cannot-activate-here'
    : c.missed
      ? 'missed-timing'
      : c.noTarget
        ? 'no-target'
        : c.movedBefore
          ? 'changed-location'
          : c.mandatory
            ? 'must-activate'
            : 'may-activate';
  return { player: chain.players[c.player], card: c.inst.name, mandatory: c.mandatory, category: chain.category(c.player, c.mandatory), status };
}

export function chainResult(chain: ChainView, block: ChainBlock, leftovers: string[], diags: Diagnostic[]): ChainResult {
  const links = chain.links;
  const linkResults: LinkResult[] = links.map((l) => {
    const answer = answered(chain, l);
    const r = l.resolution;
    return {
      number: l.stmt.number.value,
      position: l.position,
      range: l.stmt.range,
      player: l.stmt.player.text,
      card: l.inst?.name ?? (l.stmt.card.kind === 'name' ? l.stmt.card.name : l.stmt.card.label),
      cardKnown: !!l.inst?.card,
      effectIndex: l.effect?.index,
      effectText: l.effect?.text,
      grantedBy: l.grantedBy?.name,
      effectKind: l.effect?.kind,
      role: l.role,
      spellSpeed: l.speed,
      category: l.category,
      categoryLabel: l.category ? CATEGORY_LABELS[l.category] : undefined,
      mandatory: l.effect?.mandatory,
      answers: answerText(answer),
      answered: answer,
      legal: !diags.some((d) => d.severity === 'error' && d.link === l.position),
      codes: [...new Set(l.codes)],
      pending: !!l.candidate && !l.candidate.missed,
      triggerStep: l.candidate?.event.step,
      fromHand: !!l.fromHand,
      assumptions: l.assumptions,
      eventAssumed: l.status.eventAssumed,
      unknownFacts: l.unknownFacts,
      resolution: r && { order: r.order, status: r.status, did: r.acts.map(actText), acts: r.acts, parts: r.acts.map(partOutcome) },
    };
  });
  const legalOrder = legalOrderGroups(chain, chain.members.filter((l) => l.category));
  const afterChain = afterChainText(leftovers);
  const resolution: string[] = [];
  for (const l of [...linkResults].reverse()) {
    if (l.resolution) resolution.push(resolutionLine(chain, links[l.position - 1], l.resolution));
  }
  resolution.push(...afterChain);
  const collectedTriggers = chain.collected.map((c) => collectedTrigger(chain, c));
  return {
    index: chain.chainIndex,
    range: block.range,
    keywordRange: block.keywordRange,
    links: linkResults,
    legalOrder,
    collected: collectedTriggers.map(collectedText),
    collectedTriggers,
    resolution,
    leftovers,
    afterChain,
    legal: !diags.some((d) => d.severity === 'error'),
    phase: chain.phase,
  };
}

/** The legal positions of the batch, as groups of categories (and legacy order inside a group). */
function legalOrderGroups(chain: ChainView, members: LinkState[]): OrderGroup[] {
  const legacy = chain.rules.legacyTriggerOrder;
  const sorted = [...members].sort((a, b) => {
    if (a.category !== b.category) return a.category! - b.category!;
    if (legacy && a.candidate && b.candidate && a.candidate.player === b.candidate.player) return a.candidate.event.step - b.candidate.event.step;
    return a.position - b.position;
  });
  const groups: OrderGroup[] = [];
  // The trigger step of each group's members (legacy order keeps different steps apart).
  const steps: Array<number | undefined> = [];
  let pos = 1;
  for (const m of sorted) {
    const last = groups.length > 0 ? groups[groups.length - 1] : undefined;
    const stepKey = legacy ? m.candidate?.event.step : undefined;
    if (last && last.category === m.category && stepKey === steps[steps.length - 1]) {
      last.to = pos;
      last.links.push(m.position);
    } else {
      groups.push({ from: pos, to: pos, category: m.category!, player: chain.who(m.candidate?.player ?? m.player), links: [m.position], description: '' });
      steps.push(stepKey);
    }
    pos++;
  }
  for (const g of groups) {
    const n = g.to - g.from + 1;
    const kind = g.category <= 2 ? 'mandatory' : 'optional';
    g.description = `CL${g.from}${n > 1 ? `-${g.to}` : ''}: ${g.player}'s ${kind} effect${n > 1 ? 's, any order' : ''}`;
  }
  return groups;
}
