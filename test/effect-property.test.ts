// ARCHITECTURE.md's recipe "Add an effect property and a rule that reads it", followed with a throwaway
// property and a throwaway rule: one row of the effect property table (cards/vocabulary/properties.ts) is
// enough for the property to be read from a card line, printed by `segoc card`, offered by completion, shown in
// the hover and carried to the rules; a rule module reads it from the link's effect. (A shipped property also
// gets its field in cards/types.ts and its row in docs/language.md's Modifiers table, which a test compares.)
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { addEffectProperty, analyze, cardToSegoc, defineRule, EffectInfo, EffectProperty, ruleRegistry, RULE_MODULES } from '../server/src/core/internal';
import { complete } from '../server/src/lsp/completion';
import { describeEffect } from '../server/src/lsp/describe';

/** The throwaway property: "can be activated until damage calculation" (not a fact segoc ships). */
const untilDamageCalculation: EffectProperty = {
  key: 'untilDamageCalculation',
  starts: ['until'],
  completions: ['until damage calculation'],
  docs: ['until damage calculation'],
  read(effect, ws) {
    if (ws.join(' ') !== 'until damage calculation') return false;
    (effect as Record<string, unknown>).untilDamageCalculation = true;
    return true;
  },
  print: (e) => (value(e) ? 'until damage calculation' : undefined),
  fallback: () => false,
  describe: (e) => (value(e) ? 'may be activated until damage calculation' : undefined),
  audit: { name: 'untilDamageCalculation', value: (e) => String(value(e)) },
};

function value(e: EffectInfo): boolean {
  return (e as unknown as Record<string, unknown>).untilDamageCalculation === true;
}

/** The throwaway rule: a link whose effect has the property is reported (R99, made up for this test). */
const untilCalculation = defineRule({
  name: 'until-calculation',
  codes: { 'until-calculation': { rules: ['R99'], severity: 'warning', summary: 'an effect activated until damage calculation (a rule made up for this test)' } },
  catalogue: [
    {
      id: 'R99',
      title: 'Until damage calculation',
      tag: 'disputed',
      tags: ['disputed'],
      inForce: 'always',
      summary: 'A made-up rule that reads a made-up effect property.',
      sources: ['S0 — none: this rule exists only in a test'],
    },
  ],
  messages: { 'until-calculation': (p: { link: string }) => `${p.link} may be activated until damage calculation [R99]` },
  check(chain, report) {
    for (const l of chain.links) if (l.effect && value(l.effect)) report.say('until-calculation', l, { link: chain.linkName(l) });
  },
});

const CARD = `card "Probe Monster": effect monster\n  quick optional, from hand, until damage calculation\n`;
const SCENARIO = `${CARD}scenario "probe"\n  players Yugi, Kaiba\n  turn Kaiba\n  Yugi hand: "Probe Monster"\n  chain\n    1 Yugi "Probe Monster"\n`;

test('an effect property added as one row of the table parses, prints, completes, shows in the hover and reaches a rule', () => {
  const remove = addEffectProperty(untilDamageCalculation);
  try {
    // Parses: no unknown modifier, and the fact is on the effect.
    const a = analyze(CARD);
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const card = a.fileCards[0];
    assert.equal(value(card.effects[0]), true);
    // Prints: `segoc card` writes it, and the print parses back to the same fact.
    const printed = cardToSegoc(card);
    assert.match(printed, /^ {2}quick optional, from hand, until damage calculation$/m);
    assert.equal(value(analyze(printed).fileCards[0].effects[0]), true);
    // Completes: offered after a comma of an effect line.
    const text = 'card "X": effect monster\n  quick optional, ';
    const doc = TextDocument.create('file:///probe.segoc', 'segoc', 1, text);
    const items = complete(analyze(text), doc, { line: 1, character: text.split('\n')[1].length }, { snippets: false });
    assert.ok((Array.isArray(items) ? items : items.items).some((i) => i.label === 'until damage calculation'));
    // The hover's words.
    assert.match(describeEffect(card.effects[0], card), /may be activated until damage calculation/);
    // Reaches a rule: the module reads it from the link's effect.
    const rules = ruleRegistry([...RULE_MODULES, untilCalculation]);
    const d = analyze(SCENARIO, { rules }).diagnostics.find((x) => x.code === 'until-calculation');
    assert.equal(d?.message, `CL1 Yugi's "Probe Monster" may be activated until damage calculation [R99]`);
  } finally {
    remove();
  }
  // Taken out again: the shipped language does not know it.
  assert.match(analyze(CARD).diagnostics.map((d) => d.message).join('\n'), /unknown modifier `until damage calculation`/);
});
