// Hovers: a card name (what the card does; for a definition with a `text`, the effect lines that
// text infers, beside their sentences), a chain link (its verdict, category, Spell Speed,
// resolution), a diagnostic code in an `expect` line (the rule), and the `rules` line (the rules in
// force). Markdown.
import { Hover, MarkupKind } from 'vscode-languageserver/node';
import {
  Analysis,
  CardDef,
  CATEGORY_LABELS,
  containsPosition,
  inForceText,
  LANGUAGE_CODES,
  LinkRole,
  ordinal,
  Position,
  ROLE_LABELS,
  readCardText,
  RULE_REGISTRY,
  RuleRegistry,
  quoteName,
  pointsAt,
  responsesAt,
  ResponsesOptions,
} from '../core';
import { responsesMarkdown } from './responses';
import { DOCS_BASE, toRange } from './convert';
import { describeCard, escapeMd } from './describe';
import { cardDefNameAt, cardTextAt, linkAt, LinkHit, referenceAt } from './query';

/**
 * `lines`: the document's text by line; with it, a hover on a chain link or a game action also says who can act at
 * that point (core/responses), with `responses` the defaults it runs with.
 */
export function hover(analysis: Analysis, p: Position, lines?: readonly string[], responses: ResponsesOptions = {}): Hover | null {
  // 1. A card name: in a scenario, or a `card` definition of this file.
  const ref = referenceAt(analysis, p);
  if (ref && ref.kind === 'card') {
    const card = ref.cardName ? analysis.cards.get(ref.cardName) : undefined;
    if (card) return markdown(describeCard(card, analysis.uri), ref.range);
    if (ref.instance?.token) {
      return markdown(`**${escapeMd(quoteName(ref.cardName ?? '?'))}** — a Monster Token: it exists only face-up on the field; when it would leave the field it ceases to exist (destroyed or Tributed, it is never sent to the GY, the hand, the Deck or banishment) [R70]`, ref.range);
    }
    return markdown(`**${escapeMd(quoteName(ref.cardName ?? '?'))}** — unknown card: neither this file, the workspace nor the card library defines it.`, ref.range);
  }
  const def = cardDefNameAt(analysis, p);
  if (def) {
    const card = analysis.cards.get(def.name.text);
    if (card) return markdown([describeCard(card, analysis.uri), ...inferredFromText(def)].join('\n'), def.name.range);
  }
  const withText = cardTextAt(analysis, p);
  if (withText) {
    const t = withText.texts.find((x) => containsPosition(x.range, p))!;
    return markdown(inferredFromText(withText).join('\n').trim(), t.range);
  }
  // 2. A diagnostic code on an `expect` line; the `rules` line.
  for (const sc of analysis.file.scenarios) {
    if (!containsPosition(sc.range, p)) continue;
    for (const item of sc.items) {
      if (item.kind === 'expect' && !item.legal && containsPosition(item.code.range, p)) {
        return markdown(describeCode(item.code.text), item.code.range);
      }
      if (item.kind === 'rules' && containsPosition(item.range, p)) {
        const result = analysis.scenarios[analysis.file.scenarios.indexOf(sc)];
        if (result) return markdown(RULE_REGISTRY.describeRuleset(result.ruleset).map((l, i) => (i === 0 ? `**${l}**` : `- ${l}`)).join('\n'), item.range);
      }
    }
  }
  // 3. A chain link, and who can act after it; a game action, and who can act after it (on a Summon by its
  // procedure, also at the moment it is about to happen).
  const points = lines ? pointsAt(analysis, lines, p) : [];
  const point = points[points.length - 1];
  const whoCanAct = points.map((pt) => `\n\n---\n\n${responsesMarkdown(responsesAt(analysis, lines!, pt, responses))}`).join('');
  const hit = linkAt(analysis, p);
  if (hit) return markdown(describeLink(analysis, hit) + (point?.kind === 'link' ? whoCanAct : ''), hit.link.range);
  // A game action's check may have assumed what the scenario does not say (R67's Pendulum Zones): said as on a link.
  const assumed = analysis.scenarios.flatMap((s) => s.actionAssumptions).find((a) => containsPosition(a.range, p));
  const assumedText = assumed ? `**Assumed** (the scenario does not say it):\n${assumed.assumptions.map((a) => `  - ${escapeMd(a)}`).join('\n')}` : '';
  if (point && point.kind !== 'link' && !ref) return markdown(assumedText ? `${assumedText}${whoCanAct}` : whoCanAct.replace(/^\n\n---\n\n/, ''), point.range);
  if (assumed && !ref) return markdown(assumedText, assumed.range);
  // 4. Labels and players.
  if (ref && ref.kind === 'label' && ref.instance) {
    const inst = ref.instance;
    const sc = analysis.scenarios[ref.scenario - 1];
    const owner = sc?.players[inst.owner] ?? '?';
    const card = inst.card;
    const text = [`label \`${escapeMd(ref.label ?? '')}\` — ${owner}'s ${escapeMd(quoteName(inst.name))}`];
    if (card) text.push('', describeCard(card, analysis.uri));
    return markdown(text.join('\n'), ref.range);
  }
  if (ref && ref.kind === 'player') {
    const sc = analysis.scenarios[ref.scenario - 1];
    if (sc) {
      const turn = sc.turnPlayer.toLowerCase() === (ref.player ?? '').toLowerCase();
      return markdown(
        `player **${escapeMd(ref.player ?? '')}** — ${turn ? 'the turn player (categories 1 and 3 of SEGOC)' : 'the non-turn player (categories 2 and 4 of SEGOC)'}`,
        ref.range,
      );
    }
  }
  return null;
}

/** The effect lines a definition's text infers, each beside the sentence it comes from. */
function inferredFromText(def: CardDef): string[] {
  const reading = readCardText(def);
  if (!reading) return [];
  const out = ['', `**Inferred from its text**${def.effects.length ? ' (the written effect lines are used)' : ''}:`, ''];
  for (const r of reading.rendered) {
    const what = r.line ? `\`${r.line}\`` : `*${r.comment}*`;
    out.push(`- ${what}${r.effect.sentence ? ` — ${escapeMd(r.effect.sentence)}` : ''}`);
    for (const n of r.effect.notes) out.push(`  - note: ${escapeMd(n)}`);
  }
  return out;
}

function markdown(value: string, range: { start: Position; end: Position }): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range: toRange(range) };
}

/** A diagnostic code in words: its summary and, from the rules catalogue, each rule that raises it (title, status tags, summary, source keys, when it is in force unless always). */
export function describeCode(code: string, rules: RuleRegistry = RULE_REGISTRY): string {
  const info = rules.codeInfo(code);
  if (info) {
    const cited = rules.rulesByCode(code).map((r) => `**${r.id} — ${escapeMd(r.title)}** [${r.tags.join(', ')}]: ${escapeMd(r.summary)} (sources: ${r.sources.map((x) => x.split(' — ')[0]).join(', ')})${r.inForce === 'always' ? '' : ` — in force: ${inForceText(r.inForce)}`}`);
    return [`**\`${info.code}\`** — rule ${info.rule} (${info.severity})`, '', escapeMd(info.summary), '', ...cited.flatMap((c) => [c, '']), `[docs/rules.md#${info.code}](${DOCS_BASE}/rules.md#${info.code})`].join('\n');
  }
  const lang = LANGUAGE_CODES.find((c) => c.code === code);
  if (lang) return `**\`${lang.code}\`** — a language error: ${escapeMd(lang.summary)} (not a rule; \`expect illegal\` names rule codes)`;
  return `\`${escapeMd(code)}\` is not a rule diagnostic code (see [docs/rules.md](${DOCS_BASE}/rules.md))`;
}

/** "optional trigger", "fast effect": the role's words (core's labels), triggers with whether they are mandatory. */
function roleWords(role: LinkRole, mandatory: boolean | undefined): string {
  const words = ROLE_LABELS[role];
  return role.endsWith('trigger') ? `${mandatory ? 'mandatory' : 'optional'} ${words}` : words;
}

export function linkTitle(hit: LinkHit): string {
  const l = hit.link;
  const role = roleWords(l.role, l.mandatory);
  let title = `**CL${l.number} — ${escapeMd(l.player)}'s ${role}**`;
  if (l.category) title += `: category ${l.category} of 4 (${CATEGORY_LABELS[l.category]})`;
  return title;
}

export function describeLink(analysis: Analysis, hit: LinkHit): string {
  const { scenario, chain, link } = hit;
  const out: string[] = [linkTitle(hit), ''];
  // A Pendulum Scale's activation (index 0) is no numbered effect of the card (R66).
  const of = link.grantedBy ? ` of ${quoteName(link.grantedBy)}, granted` : '';
  const effect = link.effectText ? ` — ${link.effectIndex === 0 ? '' : `effect ${link.effectIndex ?? 1}${of}: `}\`${link.effectText}\`` : '';
  out.push(`${escapeMd(quoteName(link.card))}${link.cardKnown ? '' : ' (unknown card)'}${effect}`);
  out.push('');
  out.push(`- Spell Speed ${link.spellSpeed}`);
  out.push(`- Answers: ${escapeMd(link.answers)}`);
  const diags = analysis.diagnostics.filter(
    (d) => d.scenario === scenario.index && d.chain === chain.index && (d.link === link.number || d.link === link.position),
  );
  if (link.legal && !diags.some((d) => d.severity === 'error')) {
    out.push('- ✓ Legal');
  } else {
    out.push(`- ✗ ${link.legal ? 'Problems' : 'Illegal'}:`);
  }
  for (const d of diags) out.push(`  - \`${d.code}\`${d.expected ? ' (expected)' : ''}: ${escapeMd(d.message)}`);
  if (!link.legal && diags.length === 0 && link.codes.length) out.push(`  - ${link.codes.map((c) => `\`${c}\``).join(', ')}`);
  const total = chain.links.length;
  if (link.resolution) {
    const r = link.resolution;
    const status = r.status === 'negated' ? ' (negated)' : r.status === 'no-effect' ? ' (no effect)' : '';
    out.push(`- Resolves ${ordinal(r.order)} of ${total}${status}`);
    for (const d of r.did) out.push(`  - ${escapeMd(d)}`);
  }
  if (link.assumptions.length) {
    out.push('- Assumed:');
    for (const a of link.assumptions) out.push(`  - ${escapeMd(a)}`);
  }
  if (link.unknownFacts.length) {
    out.push('- Not known to the card library (the verdict rests on it):');
    for (const f of link.unknownFacts) out.push(`  - ${escapeMd(`${f.what}; ${f.why}`)}`);
  }
  if (chain.legalOrder.length) {
    out.push('', '**Legal order of the trigger batch**');
    for (const g of chain.legalOrder) out.push(`- ${escapeMd(g.description)}`);
  }
  return out.join('\n');
}
