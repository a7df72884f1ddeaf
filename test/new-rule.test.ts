// `npm run new-rule` (scripts/new-rule.js), run dry over the real tree: the files it would write compile (the module
// and the registry with its line, type-checked with core), register (the registry accepts the declarations, under the
// next free id), parse (the sample, formatted, with its code known to `expect`) and fit the docs' checks (the section
// under its heading and anchors, its examples the sample's scenarios).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { analyze, formatDocument, RULE_MODULES, RULE_REGISTRY, ruleRegistry, RuleModule, RuleRegistry } from '../server/src/core/internal';
import { repoRoot } from './helpers';

const root = repoRoot();
const { planNewRule, nextRuleId } = require(path.join(root, 'scripts/new-rule.js')) as {
  planNewRule(family: string, title: string, catalogue: unknown, read: (p: string) => string | undefined): { id: string; files: Array<{ path: string; text: string }> };
  nextRuleId(catalogue: ReadonlyArray<{ id: string }>): string;
};

const read = (p: string) => (fs.existsSync(path.join(root, p)) ? fs.readFileSync(path.join(root, p), 'utf8') : undefined);
const plan = planNewRule('lonely-link', 'A chain needs company', RULE_REGISTRY.catalogue, read);
const planned = new Map(plan.files.map((f) => [path.join(root, f.path), f.text]));
const fileOf = (suffix: string) => plan.files.find((f) => f.path.endsWith(suffix))!;

test('new-rule takes the next free id from the registry and writes the module, its registry line, a sample and the docs', () => {
  const highest = Math.max(...RULE_REGISTRY.catalogue.map((r) => Number(r.id.slice(1))));
  assert.equal(plan.id, `R${highest + 1}`);
  assert.equal(nextRuleId([{ id: 'R1' }, { id: 'R9' }, { id: 'R3' }]), 'R10');
  assert.deepEqual(plan.files.map((f) => f.path), [
    'server/src/core/engine/rules/lonely-link.ts',
    'server/src/core/engine/rules/index.ts',
    `samples/rules/R${String(highest + 1).padStart(2, '0')}-lonely-link.segoc`,
    'docs/rules.md',
  ]);
  assert.throws(() => planNewRule('Lonely Link', 'x', RULE_REGISTRY.catalogue, read), /kebab case/);
  assert.throws(() => planNewRule('once-per-chain', 'x', RULE_REGISTRY.catalogue, read), /exists already/);
});

test('new-rule: the module and the registry it would write type-check with core', () => {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (f) => planned.get(path.resolve(f)) ?? readFile(f);
  host.fileExists = (f) => planned.has(path.resolve(f)) || fileExists(f);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = planned.get(path.resolve(f));
    return text !== undefined ? ts.createSourceFile(f, text, lang) : getSourceFile(f, lang, ...rest);
  };
  const roots = [fileOf('lonely-link.ts'), fileOf('rules/index.ts')].map((f) => path.join(root, f.path));
  const program = ts.createProgram(roots, { ...config.options, noEmit: true }, host);
  const problems = roots.flatMap((f) => {
    const source = program.getSourceFile(f)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  assert.deepEqual(problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), []);
});

/**
 * The registry as the planned files make it: the planned module, compiled and loaded beside core's compiled rules,
 * appended to RULE_MODULES as its planned registry line does (the type check above covers that line itself).
 */
function plannedRegistry(): RuleRegistry {
  const js = ts.transpileModule(fileOf('lonely-link.ts').text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const rulesDir = path.join(__dirname, '../server/src/core/engine/rules');
  const mod = { exports: {} as Record<string, RuleModule> };
  new Function('module', 'exports', 'require', js)(mod, mod.exports, (spec: string) => require(spec.startsWith('.') ? path.join(rulesDir, spec) : spec));
  assert.match(fileOf('rules/index.ts').text, /^import \{ lonelyLink \} from '\.\/lonely-link';$/m);
  assert.match(fileOf('rules/index.ts').text, /^ {2}lonelyLink,\n\];$/m);
  return ruleRegistry([...RULE_MODULES, mod.exports.lonelyLink]);
}

test('new-rule: the registry accepts the module, and the sample parses, is formatted and names a known code', () => {
  const rules = plannedRegistry();
  assert.equal(rules.ruleById(plan.id)?.code, 'lonely-link');
  assert.equal(rules.modules.at(-1)?.name, 'lonely-link');

  const sample = fileOf('.segoc').text;
  assert.equal(formatDocument(sample), sample, 'the sample is written as the formatter writes it');
  const a = analyze(sample, { rules });
  const language = a.diagnostics.filter((d) => d.severity === 'error' && !rules.codeInfo(d.code) && d.code !== 'expect-unmet');
  assert.deepEqual(language.map((d) => `${d.code}: ${d.message}`), []);
  assert.deepEqual(a.scenarios.map((s) => s.title), [`${plan.id}: A chain needs company`, `${plan.id} (wrong): A chain needs company`]);
  // The stub's check reports nothing yet: the legal scenario holds, the illegal one waits for the check.
  assert.equal(a.scenarios[0].expectationsMet, true);
  assert.equal(a.scenarios[1].expectationsMet, false);
});

test('new-rule: the docs section stands under its anchors before the code table, with the sample\'s scenarios', () => {
  const doc = fileOf('docs/rules.md').text;
  const section = doc.slice(doc.indexOf(`<a id="lonely-link"></a>\n<a id="${plan.id.toLowerCase()}"></a>\n### ${plan.id} — A chain needs company\n`));
  assert.ok(section.length < doc.length, 'the section and its anchors');
  assert.ok(section.indexOf('## Diagnostic codes at a glance') > 0, 'before the code table');
  assert.match(section, new RegExp(`^\\| \\[\`lonely-link\`\\]\\(#lonely-link\\) \\| ${plan.id} \\| error \\|`, 'm'));
  const examples = [...section.split('## Diagnostic codes at a glance')[0].matchAll(/```segoc\n([\s\S]*?)```/g)].map((m) => m[1].trim());
  const sample = fileOf('.segoc').text;
  for (const e of examples) assert.ok(sample.replace(/^ {2}source .*\n/gm, '').includes(e), `the example is the sample's:\n${e}`);
  assert.equal(examples.length, 2);
});
