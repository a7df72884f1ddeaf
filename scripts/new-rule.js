#!/usr/bin/env node
// `npm run new-rule -- <family> "<title>"`: a new rule as one step (Clippy's `cargo dev new_lint`). Writes
//   server/src/core/engine/rules/<family>.ts   the module: its code, catalogue entry, message and a check to fill in
//   server/src/core/engine/rules/index.ts      its import and its line at the end of RULE_MODULES
//   samples/rules/R<n>-<family>.segoc          a legal and an illegal scenario (expect lines)
//   docs/rules.md                              the rule's section (anchors, status, diagnostic, the two examples,
//                                              sources) and its row of "Diagnostic codes at a glance"
// R<n> is the next free id of the registry (its highest id + 1). The new rule's tests fail until its TODOs are
// done: the illegal sample expects the code the stub check does not report yet, the sources are placeholders.
// `--dry-run` prints what it would write and writes nothing. Then: ARCHITECTURE.md "Add a rule".
'use strict';
const fs = require('fs');
const path = require('path');
const { loadTypeScript } = require('./lib/load-ts');

const root = path.resolve(__dirname, '..');
const RULES_DIR = 'server/src/core/engine/rules';

/** The next free rule id of a registry: R(highest + 1). */
function nextRuleId(catalogue) {
  return `R${Math.max(0, ...catalogue.map((r) => Number(r.id.slice(1)))) + 1}`;
}

const camel = (family) => family.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

function moduleText(id, family, title) {
  return `// ${id}: ${title}. TODO: one sentence on what the rule forbids, for a reader of this file.
import { defineRule } from './api';

export const ${camel(family)} = defineRule({
  name: '${family}',
  codes: {
    '${family}': { rules: ['${id}'], severity: 'error', summary: 'TODO: one line (completion, SARIF, the hover of the code)' },
  },
  catalogue: [
    {
      id: '${id}',
      title: ${JSON.stringify(title)},
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary: 'TODO: the rule in one to three sentences, in our own words.',
      // TODO: the sources it rests on, keys of ./sources.ts (import { S } from './sources'; then S.W23, ...).
      sources: ['TODO: a source key'],
    },
  ],
  messages: {
    '${family}': (p: { link: string }) => \`\${p.link} TODO: what is wrong, and what would be legal [${id}]\`,
  },
  check(chain, report) {
    for (const l of chain.links) {
      if (l.status.ineligible) continue;
      // TODO: where the rule is broken, report.say('${family}', l, { link: chain.linkName(l) });
    }
  },
});
`;
}

function scenarios(id, family, title) {
  const body = (name, expect) => `scenario "${name}"
  source "rules.md ${id}"
  players Yugi, Kaiba
  turn Yugi

  Yugi hand: "Dark Hole"

  chain
    1 Yugi "Dark Hole" -> nothing

  ${expect}
`;
  return {
    legal: body(`${id}: ${title}`, 'expect legal'),
    illegal: body(`${id} (wrong): ${title}`, `expect illegal ${family} at 1`),
  };
}

function sampleText(id, family, title) {
  const s = scenarios(id, family, title);
  return `# ${id} (docs/rules.md) — ${title}. Diagnostic: ${family}.
# TODO: what the rule says, which cards show it. Yugi is the turn player in every scenario.

# Legal: TODO (what makes it legal).
${s.legal}
# Illegal: TODO (what breaks the rule, at which link).
${s.illegal}`;
}

/** The sample's scenario as docs/rules.md shows it: without its `source` line (the docs cite below the examples). */
const docsExample = (scenario) => scenario.replace(/^ {2}source .*\n/m, '').trimEnd();

function docsSection(id, family, title) {
  const s = scenarios(id, family, title);
  return `<a id="${family}"></a>
<a id="${id.toLowerCase()}"></a>
### ${id} — ${title}

**Status:** [stable].

TODO: the rule in a judge's words: what may not happen, and why.

**Diagnostic:** \`${family}\` (error) — TODO: when it is reported.

Legal — TODO:

\`\`\`segoc
${docsExample(s.legal)}
\`\`\`

Illegal — TODO:

\`\`\`segoc
${docsExample(s.illegal)}
\`\`\`

**Sources:** TODO.

`;
}

function withRegistryLine(indexText, family) {
  const name = camel(family);
  const imports = [...indexText.matchAll(/^import \{ \w+ \} from '\.\/[a-z0-9-]+';\n/gm)];
  const last = imports[imports.length - 1];
  const afterImports = last.index + last[0].length;
  let text = indexText.slice(0, afterImports) + `import { ${name} } from './${family}';\n` + indexText.slice(afterImports);
  const list = text.indexOf('export const RULE_MODULES');
  const end = text.indexOf('\n];', list);
  text = text.slice(0, end) + `\n  ${name},` + text.slice(end);
  return text;
}

function withDocsSection(doc, id, family, title) {
  const glance = doc.indexOf('\n---\n\n## Diagnostic codes at a glance');
  if (glance < 0) throw new Error('docs/rules.md: "## Diagnostic codes at a glance" not found');
  let text = doc.slice(0, glance) + '\n' + docsSection(id, family, title).trimEnd() + '\n' + doc.slice(glance);
  // The row of the code table: after its last row.
  const table = text.indexOf('## Diagnostic codes at a glance');
  const rows = [...text.slice(table).matchAll(/^\| \[`[^`]+`\]\(#[^)]+\) \|.*\n/gm)];
  const lastRow = rows[rows.length - 1];
  const at = table + lastRow.index + lastRow[0].length;
  text = text.slice(0, at) + `| [\`${family}\`](#${family}) | ${id} | error | TODO: what the scenario does |\n` + text.slice(at);
  return text;
}

/**
 * The files a new rule writes, as { path (from the repository root), text (the whole new contents) }. `read(path)`
 * reads a file of the tree; `catalogue` is the registry's (for the next id).
 */
function planNewRule(family, title, catalogue, read) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(family)) throw new Error(`the family is a code in kebab case (damage-calculation), not "${family}"`);
  if (!title || !title.trim()) throw new Error('the title is the heading of the rule in docs/rules.md: give one');
  const id = nextRuleId(catalogue);
  const modulePath = `${RULES_DIR}/${family}.ts`;
  if (read(modulePath) !== undefined) throw new Error(`${modulePath} exists already`);
  const number = id.slice(1).padStart(2, '0');
  return {
    id,
    files: [
      { path: modulePath, text: moduleText(id, family, title) },
      { path: `${RULES_DIR}/index.ts`, text: withRegistryLine(read(`${RULES_DIR}/index.ts`), family) },
      { path: `samples/rules/R${number}-${family}.segoc`, text: sampleText(id, family, title) },
      { path: 'docs/rules.md', text: withDocsSection(read('docs/rules.md'), id, family, title) },
    ],
  };
}

function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const [family, title] = args.filter((a) => a !== '--dry-run');
  const { RULE_REGISTRY } = loadTypeScript(`${RULES_DIR}/index.ts`);
  const read = (p) => (fs.existsSync(path.join(root, p)) ? fs.readFileSync(path.join(root, p), 'utf8') : undefined);
  let plan;
  try {
    plan = planNewRule(family ?? '', title ?? '', RULE_REGISTRY.catalogue, read);
  } catch (e) {
    console.error(`new-rule: ${e.message}\nusage: npm run new-rule -- <family> "<title>" [--dry-run]`);
    process.exit(2);
  }
  for (const f of plan.files) {
    console.log(`${dryRun ? 'would write' : 'wrote'} ${f.path}`);
    if (!dryRun) fs.writeFileSync(path.join(root, f.path), f.text);
  }
  if (!dryRun) {
    console.log(`\n${plan.id} scaffolded. Its tests fail until the TODOs are done: write the check, the message, the sources,`);
    console.log('the scenarios and the docs; then UPDATE_GOLDEN=1 npm test and read the new golden file (ARCHITECTURE.md "Add a rule").');
  }
}

if (require.main === module) main();

module.exports = { planNewRule, nextRuleId };
