// The rule modules (server/src/core/engine/rules): a rule is one module. A throwaway module
// registered here, with no other file touched, shows its diagnostic (worded by its messages, with its
// quick fix), the hover of its code, its catalogue entry, and when it is in force (its checks, the
// hover on `rules` and `explain` follow its declaration). The registry checks the declared order, and the modules talk
// through link status, not through each other's codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { analyze, defineRule, RULE_MODULES, RULE_REGISTRY, ruleRegistry, RuleModule } from '../server/src/core/internal';
import { codeOfMessage } from '../server/src/core/engine/rules/api';
import { describeCode } from '../server/src/lsp/hover';
import { listFiles, repoRoot } from './helpers';

// The throwaway rule takes the next free id of the registry, as `npm run new-rule` does: a real new rule never
// collides with it.
const NEXT = `R${Math.max(...RULE_REGISTRY.catalogue.map((r) => Number(r.id.slice(1)))) + 1}`;

const lonelyLink = defineRule({
  name: 'lonely-link',
  codes: {
    'lonely-link': { rules: [NEXT], severity: 'warning', summary: 'a chain of a single link (a rule made up for this test)', fix: 'remove-link' },
  },
  catalogue: [
    {
      id: NEXT,
      title: 'A chain needs company',
      tag: 'disputed',
      tags: ['disputed'],
      summary: 'A made-up rule: every chain should have at least two links.',
      sources: ['S0 — none: this rule exists only in a test'],
      note: 'Not a rule of the game; in the TCG from 2030-01-01, never in the OCG.',
      inForce: { tcg: { from: '2030-01-01' }, ocg: 'never' },
      underRuleset: (inForce) => (inForce ? `${NEXT} [disputed]: a chain needs two links.` : `${NEXT} not in force: a chain may have one link.`),
    },
  ],
  messages: {
    'lonely-link': (p: { link: string }) => `${p.link} is alone in its chain [${NEXT}]`,
  },
  needs: ['eligibility'],
  check(chain, report) {
    const only = chain.links.length === 1 ? chain.links[0] : undefined;
    if (only && !only.status.ineligible) report.say('lonely-link', only, { link: chain.linkName(only) });
  },
});

const SCENARIO = `scenario "one link"
  players Yugi, Kaiba
  turn Yugi
  Yugi hand: "Dark Hole"
  chain
    1 Yugi "Dark Hole"
`;

test('a rule module registered with no other file touched: its diagnostic, quick fix, hover and catalogue entry', () => {
  const rules = ruleRegistry([...RULE_MODULES, lonelyLink]);
  const a = analyze(SCENARIO, { rules });
  const d = a.diagnostics.find((x) => x.code === 'lonely-link');
  assert.ok(d, 'the throwaway rule reports');
  assert.equal(d.severity, 'warning');
  assert.equal(d.rule, NEXT);
  assert.equal(d.message, `CL1 Yugi's "Dark Hole" is alone in its chain [${NEXT}]`);
  assert.deepEqual(d.fix?.map((f) => f.title), ['Remove CL1 "Dark Hole": it cannot be activated here']);
  assert.deepEqual(a.scenarios[0].chains[0].links[0].codes, ['lonely-link']);

  const hover = describeCode('lonely-link', rules);
  assert.match(hover, new RegExp(`\`lonely-link\`\\*\\* — rule ${NEXT} \\(warning\\)`));
  assert.match(hover, /a chain of a single link/);
  assert.match(hover, new RegExp(`\\*\\*${NEXT} — A chain needs company\\*\\* \\[disputed\\]: A made-up rule.*\\(sources: S0\\)`));

  assert.deepEqual(rules.ruleById(NEXT), { ...lonelyLink.catalogue[0], code: 'lonely-link', severity: 'warning' });
  assert.equal(rules.catalogue.at(-1)?.id, NEXT);
  assert.ok(rules.codes.some((c) => c.code === 'lonely-link' && c.rule === NEXT));

  // An expect line may name it, as any rule code.
  const expected = analyze(`${SCENARIO}  expect illegal lonely-link at 1\n`, { rules });
  assert.equal(expected.scenarios[0].expectationsMet, true);

  // The shipped rules are untouched.
  assert.equal(analyze(SCENARIO).diagnostics.length, 0);
  assert.equal(RULE_REGISTRY.ruleById(NEXT), undefined);
  assert.match(describeCode('lonely-link'), /is not a rule diagnostic code/);
});

test('a rule module declares when it is in force: the registry runs it, and describes the ruleset, from that declaration', () => {
  const rules = ruleRegistry([...RULE_MODULES, lonelyLink]);
  const dated = (ruleset: string) => analyze(SCENARIO.replace('  turn Yugi\n', `  turn Yugi\n  rules ${ruleset}\n`), { rules });
  const codes = (ruleset: string) => dated(ruleset).diagnostics.map((d) => d.code);
  assert.deepEqual(codes('tcg as of 2029-12-31'), []);
  assert.deepEqual(codes('tcg as of 2030-01-01'), ['lonely-link']);
  assert.deepEqual(codes('tcg'), ['lonely-link']);
  assert.deepEqual(codes('ocg'), []);
  assert.equal(rules.inForce(NEXT, { region: 'tcg', asOf: '2030-01-01', label: 'TCG as of 2030-01-01' }), true);
  assert.equal(rules.inForce(NEXT, { region: 'ocg', label: 'OCG' }), false);

  // The hover on `rules` and `explain` read the registry: the rule's line follows its window.
  const before = dated('tcg as of 2029-12-31').scenarios[0].ruleset;
  const lineOfNext = (lines: string[]) => lines.find((l) => l.startsWith(NEXT));
  assert.equal(lineOfNext(rules.describeRuleset(before)), `${NEXT} not in force: a chain may have one link.`);
  assert.equal(lineOfNext(rules.describeRuleset(dated('tcg').scenarios[0].ruleset)), `${NEXT} [disputed]: a chain needs two links.`);
  assert.equal(RULE_REGISTRY.describeRuleset(before)[0], 'TCG as of 2029-12-31');
  assert.ok(!RULE_REGISTRY.describeRuleset(before).some((l) => l.startsWith(NEXT)), `the shipped registry does not know ${NEXT}`);
  // The hover of its code says when it is in force.
  assert.match(describeCode('lonely-link', rules), /— in force: TCG from 2030-01-01; OCG never/);
});

test('the registry checks the declared order and that codes and rules are declared once', () => {
  assert.throws(() => ruleRegistry([lonelyLink, ...RULE_MODULES]), /lonely-link needs eligibility, which must run before it/);
  assert.throws(() => ruleRegistry([...RULE_MODULES, lonelyLink, lonelyLink]), /listed twice|declared twice/);
  const stealer: RuleModule = { name: 'stealer', codes: { 'segoc-order': { rules: ['R11'], severity: 'error', summary: 'x' } }, catalogue: [], messages: {} };
  assert.throws(() => ruleRegistry([...RULE_MODULES, stealer]), /code segoc-order is declared twice/);
  const orphan: RuleModule = { name: 'orphan', codes: { orphan: { rules: ['R99'], severity: 'error', summary: 'x' } }, catalogue: [], messages: {} };
  assert.throws(() => ruleRegistry([...RULE_MODULES, orphan]), /R99 raises a code but has no catalogue entry/);
  const stray: RuleModule = { name: 'stray', codes: {}, catalogue: [], messages: { 'no-such-code/variant': () => 'x' } };
  assert.throws(() => ruleRegistry([...RULE_MODULES, stray]), /message no-such-code\/variant of stray reports no declared code/);
  // The shipped modules are in a valid order.
  assert.doesNotThrow(() => ruleRegistry(RULE_MODULES));
});

test('every shipped rule code is worded in a messages table, and every rule says when it is in force', () => {
  const worded = new Set(RULE_MODULES.flatMap((m) => Object.keys(m.messages).map(codeOfMessage)));
  assert.deepEqual(RULE_REGISTRY.codes.map((c) => c.code).filter((c) => !worded.has(c)), []);
  assert.deepEqual(RULE_REGISTRY.catalogue.filter((r) => r.inForce === undefined).map((r) => r.id), []);
});

test('rule modules never read diagnostic codes: they read link status', () => {
  const engine = path.join(repoRoot(), 'server', 'src', 'core', 'engine');
  const offenders = listFiles(engine, '.ts').filter((f) => /\bcodes\.(includes|indexOf|some|find)\(/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders.map((f) => path.relative(engine, f)), []);
});

test('every rule diagnostic of the samples carries the rule its message cites first', () => {
  const root = repoRoot();
  const wrong: string[] = [];
  for (const file of listFiles(path.join(root, 'samples'), '.segoc')) {
    for (const d of analyze(fs.readFileSync(file, 'utf8')).diagnostics) {
      const cited = /\[(R\d+)/.exec(d.message)?.[1];
      if (d.rule && cited !== d.rule) wrong.push(`${path.relative(root, file)}:${d.range.start.line + 1} ${d.code}: rule ${d.rule}, message cites ${cited}`);
    }
  }
  assert.deepEqual(wrong, []);
});
