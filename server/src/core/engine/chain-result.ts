// A checked chain as results: per link its role, category, Spell Speed, what it answers, assumptions
// and resolution; the legal order of the batch; the collected triggers; the resolution in order.
import { Diagnostic } from '../diagnostics';
import { ChainBlock } from '../syntax/ast';
import { LinkState } from './classify';
import { describeEvent } from './narrative';
import { CATEGORY_LABELS, ChainResult, LinkResult, OrderGroup } from './results';
import { ChainView } from './rules/api';

/** A chain without its details (AnalyzeOptions.detail 'diagnostics'): what the verdicts and counts need. */
export function chainSummary(block: ChainBlock, index: number, diags: Diagnostic[], phase: string): ChainResult {
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

/** What each link answers, in words. */
function answers(chain: ChainView, l: LinkState): string {
  if (l.candidate) return describeEvent(l.candidate.event, chain.players);
  if (l.role === 'phase-trigger') return l.effect?.phaseTime?.raw ?? 'the phase';
  if (l.position > 1) return `${chain.linkName(chain.links[l.position - 2])}`;
  return 'the open game state';
}

export function chainResult(chain: ChainView, block: ChainBlock, leftovers: string[], diags: Diagnostic[]): ChainResult {
  const links = chain.links;
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
    answers: answers(chain, l),
    legal: !diags.some((d) => d.severity === 'error' && d.link === l.position),
    codes: [...new Set(l.codes)],
    pending: !!l.candidate && !l.candidate.missed,
    triggerStep: l.candidate?.event.step,
    fromHand: !!l.fromHand,
    assumptions: l.assumptions,
    resolution: l.resolution,
  }));
  const legalOrder = legalOrderGroups(chain, chain.members.filter((l) => l.category));
  const resolution: string[] = [];
  for (const l of [...links].reverse()) {
    const r = l.resolution;
    if (r) resolution.push(`CL${l.position} ${chain.who(l.player)}'s "${l.inst?.name ?? '?'}": ${r.did.join('; ')}`);
  }
  if (leftovers.length) {
    const names = leftovers.map((n) => `"${n}"`).join(', ');
    resolution.push(`after the chain: ${names} ${leftovers.length === 1 ? 'is' : 'are'} sent to the GY (leftover cards, at the same time as CL1's last part; R4)`);
  }
  return {
    index: chain.chainIndex,
    range: block.range,
    keywordRange: block.keywordRange,
    links: linkResults,
    legalOrder,
    collected: chain.collected.map((c) => {
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
      return `${chain.players[c.player]}'s "${c.inst.name}" (${c.mandatory ? 'mandatory' : 'optional'}, ${CATEGORY_LABELS[chain.category(c.player, c.mandatory)]}): ${status}`;
    }),
    resolution,
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
