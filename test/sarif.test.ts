// `segoc check --format sarif`: the log is valid against the SARIF 2.1.0 schema (a vendored subset of
// the official schema, test/fixtures/sarif-2.1.0-subset.json, checked by the small draft-04 checker
// below), carries every rule code, maps severities to levels and points at the page's own lines.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LANGUAGE_CODES, RULE_CODES } from '../server/src/core/internal';
import { runCli } from '../server/src/cli/main';
import { repoRoot } from './helpers';

const root = repoRoot();
const SCHEMA = JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/sarif-2.1.0-subset.json'), 'utf8'));

// ---------------------------------------------------------------------------------------------
// A minimal JSON Schema (draft-04) checker: the keywords the SARIF schema uses.

type Schema = Record<string, unknown>;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const FORMATS: Record<string, RegExp> = {
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  'uri-reference': /^[^\s]*$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
};

export function validate(value: unknown, schema: Schema, rootSchema: Schema = schema, at = '$'): string[] {
  const errors: string[] = [];
  if (typeof schema.$ref === 'string') {
    const name = /^#\/definitions\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? (rootSchema.definitions as Record<string, Schema>)[name] : undefined;
    if (!target) return [`${at}: unresolvable $ref ${schema.$ref}`];
    return validate(value, target, rootSchema, at);
  }
  const t = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) return [`${at}: ${t}, expected ${types.join('|')}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value))) errors.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${at}: ${value} < ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${at}: ${value} > ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) errors.push(`${at}: "${value}" does not match ${schema.pattern}`);
    if (typeof schema.format === 'string' && FORMATS[schema.format] && !FORMATS[schema.format].test(value)) errors.push(`${at}: "${value}" is not a ${schema.format}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.uniqueItems === true) {
      const seen = new Set(value.map((v) => JSON.stringify(v)));
      if (seen.size !== value.length) errors.push(`${at}: items are not unique`);
    }
    if (schema.items && typeof schema.items === 'object') value.forEach((v, i) => errors.push(...validate(v, schema.items as Schema, rootSchema, `${at}[${i}]`)));
  }
  if (t === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errors.push(`${at}: missing required "${r}"`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...validate(v, props[k], rootSchema, `${at}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: property "${k}" is not allowed`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') errors.push(...validate(v, schema.additionalProperties as Schema, rootSchema, `${at}.${k}`));
    }
  }
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((s) => validate(value, s, rootSchema, at).length === 0)) errors.push(`${at}: matches none of anyOf`);
  if (Array.isArray(schema.oneOf) && (schema.oneOf as Schema[]).filter((s) => validate(value, s, rootSchema, at).length === 0).length !== 1) errors.push(`${at}: does not match exactly one of oneOf`);
  return errors;
}

test('the schema checker itself: accepts a minimal log, rejects broken ones', () => {
  const ok = { version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'note' }] }] };
  assert.deepEqual(validate(ok, SCHEMA), []);
  assert.notDeepEqual(validate({ runs: [] }, SCHEMA), [], 'version is required');
  assert.notDeepEqual(validate({ ...ok, version: '2.0.0' }, SCHEMA), [], 'version enum');
  const bad = (result: unknown) => validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [result] }] }, SCHEMA);
  assert.notDeepEqual(bad({ message: { text: 'm' }, level: 'info' }), [], 'level enum');
  assert.notDeepEqual(bad({ message: {} }), [], 'message needs text or id');
  assert.notDeepEqual(bad({ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a' }, region: { startLine: 0 } } }] }), [], 'lines are 1-based');
  assert.notDeepEqual(bad({ message: { text: 'm' }, colour: 'red' }), [], 'unknown properties');
  assert.notDeepEqual(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x', informationUri: 'not a uri' } } }] }, SCHEMA), [], 'uri format');
});

// ---------------------------------------------------------------------------------------------
// segoc's SARIF

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-sarif-test-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

const PAGE = [
  '# Examples', //                                                   0
  '', //                                                             1
  '1. A wrong order, in a list item:', //                            2
  '', //                                                             3
  '   ```segoc', //                                                  4
  '   scenario "wrong order"', //                                    5
  '     players Yugi, Kaiba', //                                     6
  '     turn Yugi', //                                               7
  '     Yugi field: "Sangan", "Peten the Dark Clown"', //            8
  '     chain', //                                                   9
  '       1 Yugi "Dark Hole" -> destroy all monsters', //           10
  '     chain', //                                                   11
  '       1 Yugi "Peten the Dark Clown"', //                         12
  '       2 Yugi "Sangan"', //                                       13
  '   ```', //                                                       14
  '', //                                                             15
  '```segoc', //                                                     16
  'scenario "a left-out mandatory trigger"', //                      17
  '  players Yugi, Kaiba', //                                        18
  '  turn Yugi', //                                                  19
  '  Yugi field: "Sangan"', //                                       20
  '  Kaiba field: "Sangan"', //                                      21
  '  chain', //                                                      22
  '    1 Yugi "Dark Hole" -> destroy all monsters', //               23
  '  chain', //                                                      24
  '    1 Yugi "Sangan"', //                                          25
  '```', //                                                          26
  '', //                                                             27
  '```segoc', //                                                     28
  'scenario "shown on purpose"', //                                  29
  '  players Yugi, Kaiba', //                                        30
  '  turn Yugi', //                                                  31
  '  Yugi field: "Sangan", "Peten the Dark Clown"', //               32
  '  chain', //                                                      33
  '    1 Yugi "Dark Hole" -> destroy all monsters', //               34
  '  chain', //                                                      35
  '    1 Yugi "Peten the Dark Clown"', //                            36
  '    2 Yugi "Sangan"', //                                          37
  '  expect illegal segoc-order at 1', //                            38
  '```', //                                                          39
  '', //                                                             40
  '~~~segoc', //                                                     41
  'scenario "never closed"', //                                      42
].join('\n');

function sarif(files: Record<string, string>, args: string[] = []): { code: number; log: Record<string, any> } {
  const dir = fs.mkdtempSync(path.join(TMP, 'case-'));
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(['check', '--format', 'sarif', ...args], { cwd: dir, out: (s) => out.push(s), err: (s) => err.push(s), write: (s) => out.push(s) });
  assert.equal(err.join(''), '');
  return { code, log: JSON.parse(out.join('\n')) };
}

test('sarif: the log is valid against the SARIF 2.1.0 schema (subset of the official one)', () => {
  const { code, log } = sarif({ 'wiki/Examples.md': PAGE, 'README.md': '# no blocks\n', 'a b/scen ario.segoc': 'scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Sangun"\n' });
  assert.equal(code, 1);
  assert.deepEqual(validate(log, SCHEMA), []);
  assert.equal(log.version, '2.1.0');
  assert.equal(log.$schema, 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json');
  assert.equal(log.runs.length, 1);
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'segoc');
  assert.match(run.tool.driver.informationUri, /^https:\/\//);
  assert.equal(run.columnKind, 'utf16CodeUnits');
  assert.match(run.originalUriBaseIds['%SRCROOT%'].uri, /^file:\/\/.*\/$/);
  assert.deepEqual(
    run.artifacts.map((a: { location: { uri: string } }) => a.location.uri),
    ['a%20b/scen%20ario.segoc', 'wiki/Examples.md'],
    'relative, percent-encoded URIs; the page without a block is not an artifact',
  );
});

test('sarif: rules list every rule code and language code, with summaries and help links', () => {
  const { log } = sarif({ 'x.segoc': 'scenario "x"\n  players Yugi, Kaiba\n' });
  const rules: Array<{ id: string; shortDescription: { text: string }; helpUri: string; defaultConfiguration: { level: string } }> = log.runs[0].tool.driver.rules;
  const byId = new Map(rules.map((r) => [r.id, r]));
  assert.equal(byId.size, rules.length, 'rule ids are unique');
  for (const c of RULE_CODES) {
    const r = byId.get(c.code);
    assert.ok(r, c.code);
    assert.equal(r.shortDescription.text, c.summary);
    assert.equal(r.helpUri, `https://github.com/segoc/segoc/blob/main/docs/rules.md#${c.code}`);
    assert.equal(r.defaultConfiguration.level, c.severity === 'warning' ? 'warning' : 'error');
  }
  for (const c of LANGUAGE_CODES) assert.equal(byId.get(c.code)?.shortDescription.text, c.summary, c.code);
  assert.ok(byId.has('unterminated-block'));
});

test('sarif: levels, page locations (1-based), related locations, fixes, suppressed expected mistakes', () => {
  const { log } = sarif({ 'wiki/Examples.md': PAGE });
  const run = log.runs[0];
  const results: Array<Record<string, any>> = run.results;
  const rules = run.tool.driver.rules;
  for (const r of results) {
    assert.equal(rules[r.ruleIndex].id, r.ruleId, 'ruleIndex points at the rule');
    assert.ok(['error', 'warning', 'note'].includes(r.level));
    assert.equal(r.locations[0].physicalLocation.artifactLocation.uri, 'wiki/Examples.md');
    assert.equal(r.locations[0].physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
  }
  const lines = PAGE.split('\n');
  const at = (r: Record<string, any>) => {
    const reg = r.locations[0].physicalLocation.region;
    return lines[reg.startLine - 1].slice(reg.startColumn - 1, reg.endLine === reg.startLine ? reg.endColumn - 1 : undefined);
  };

  // The wrong order in the list item: an error on the page's line 13, column 8.
  const order = results.filter((r) => r.ruleId === 'segoc-order' && !r.suppressions);
  assert.equal(order.length, 1);
  assert.equal(order[0].level, 'error');
  assert.equal(order[0].locations[0].physicalLocation.region.startLine, 13);
  assert.equal(order[0].locations[0].physicalLocation.region.startColumn, 8);
  assert.match(at(order[0]), /^1 Yugi "Peten the Dark Clown"/);
  assert.match(order[0].message.text, /\[R11\]$/);
  assert.equal(order[0].properties.rule, 'R11');
  assert.equal(order[0].properties.block, 1);
  const related = order[0].relatedLocations ?? [];
  assert.ok(related.length >= 1);
  for (const rl of related) assert.match(lines[rl.physicalLocation.region.startLine - 1], /^ {7}\d Yugi "/);
  const fix = order[0].fixes?.[0];
  assert.ok(fix, 'the reorder quick fix');
  for (const rep of fix.artifactChanges[0].replacements) {
    assert.ok(rep.deletedRegion.startLine >= 13 && rep.deletedRegion.startLine <= 14);
    assert.match(rep.insertedContent.text, /"(Sangan|Peten the Dark Clown)"/);
  }

  // The left-out mandatory trigger: a warning (R17) on the page's line 26.
  const missing = results.find((r) => r.ruleId === 'mandatory-trigger-missing');
  assert.ok(missing, JSON.stringify(results.map((r) => r.ruleId)));
  assert.equal(missing.level, 'warning');
  assert.ok(missing.locations[0].physicalLocation.region.startLine >= 23 && missing.locations[0].physicalLocation.region.startLine <= 26);

  // The mistake shown on purpose: a suppressed note.
  const expected = results.filter((r) => r.suppressions);
  assert.ok(expected.length >= 1);
  for (const r of expected) {
    assert.equal(r.level, 'note');
    assert.equal(r.suppressions[0].kind, 'inSource');
    assert.ok(r.locations[0].physicalLocation.region.startLine >= 30 && r.locations[0].physicalLocation.region.startLine <= 39);
  }
  assert.ok(expected.some((r) => r.ruleId === 'segoc-order' && at(r).startsWith('1 Yugi "Peten')));

  // The unclosed fence: an error at the fence itself (line 42, column 1), and the missing players line
  // (a language warning) inside that block.
  const open = results.find((r) => r.ruleId === 'unterminated-block');
  assert.ok(open);
  assert.equal(open.level, 'error');
  assert.deepEqual(open.locations[0].physicalLocation.region, { startLine: 42, startColumn: 1, endLine: 42, endColumn: 9 });
  const players = results.find((r) => r.ruleId === 'missing-players');
  assert.equal(players?.level, 'warning');
});

test('sarif: a clean run has no results and exits 0; the summary line is not printed', () => {
  const { code, log } = sarif({ 'ok.md': '```segoc\nscenario "ok"\n  players Yugi, Kaiba\n  turn Yugi\n  expect legal\n```\n' });
  assert.equal(code, 0);
  assert.deepEqual(log.runs[0].results, []);
  assert.deepEqual(validate(log, SCHEMA), []);
});
