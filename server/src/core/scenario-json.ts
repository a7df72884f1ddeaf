// The JSON of a scenario result, shared by `segoc check --format json` (docs/cli.md, "The JSON
// report") and `segoc render --format json` ("The render JSON"), so the two commands can never
// describe the same scenario differently.
//
// One rule for absent values: every field is always present, and a value the scenario does not have
// (no source line, not on a page, no expect line, no category, not resolved, a diagnostic outside any
// chain...) is `null`: never left out, never `undefined`.
import { Diagnostic } from './diagnostics';
import { ScenarioResult } from './engine/results';
import { verdictLabel } from './labels';
import { categoryText, COLOURS, colourKey, didText } from './render/common';

/** A diagnostic as the JSON shows it; `block` is set for diagnostics of a page's segoc blocks. */
export function diagnosticJson(d: Diagnostic & { block?: number }) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    rule: d.rule ?? null,
    range: d.range,
    scenario: d.scenario ?? null,
    block: d.block ?? null,
    chain: d.chain ?? null,
    link: d.link ?? null,
    expected: d.expected ?? false,
    related: d.related ?? null,
  };
}

/** A scenario result as the JSON shows it; `block` is set for scenarios of a page. */
export function scenarioJson(sc: ScenarioResult & { block?: number }) {
  return {
    index: sc.index,
    block: sc.block ?? null,
    line: sc.titleRange.start.line + 1,
    title: sc.title,
    source: sc.source ?? null,
    ruleset: sc.ruleset.label,
    players: sc.players,
    turnPlayer: sc.turnPlayer,
    verdict: sc.verdict,
    restsOnUnknownFacts: sc.restsOnUnknownFacts,
    verdictText: verdictLabel(sc.verdict, sc.restsOnUnknownFacts),
    expectationsMet: sc.expectationsMet ?? null,
    actionAssumptions: sc.actionAssumptions.map((a) => ({ line: a.range.start.line + 1, assumptions: a.assumptions })),
    chains: sc.chains.map((c) => ({
      index: c.index,
      line: c.keywordRange.start.line + 1,
      phase: c.phase,
      legal: c.legal,
      legalOrder: c.legalOrder.map((g) => ({ from: g.from, to: g.to, category: g.category, player: g.player, links: g.links, description: g.description })),
      links: c.links.map((l) => ({
        link: l.position,
        number: l.number,
        line: l.range.start.line + 1,
        player: l.player,
        card: l.card,
        role: l.role,
        category: l.category ?? null,
        categoryLabel: l.categoryLabel ?? null,
        categoryText: categoryText(l),
        colour: COLOURS[colourKey(l)],
        spellSpeed: l.spellSpeed,
        legal: l.legal,
        codes: l.codes,
        // The records (`acts`) stay out of the JSON until it gets a versioned schema for them.
        resolution: l.resolution ? { order: l.resolution.order, status: l.resolution.status, did: l.resolution.did, parts: l.resolution.parts } : null,
        did: didText(l),
      })),
      resolution: c.resolution,
    })),
    diagnostics: sc.diagnostics.map(diagnosticJson),
  };
}
