// `segoc check --format sarif`: the diagnostics as a SARIF 2.1.0 log (one run), for GitHub code
// scanning and other SARIF viewers. The shape is documented in docs/cli.md.
//
// - tool.driver.rules lists every rule code (RULE_CODES, with docs/rules.md#<code> as helpUri), every
//   language code (docs/language.md) and the page codes; a result's ruleIndex points into it;
// - levels: error → "error", warning → "warning", information and hint → "note";
// - a diagnostic that an `expect illegal` line states (and the other rule diagnostics of that
//   scenario, which the checker turns into information) is a suppressed note: the example shows
//   the mistake on purpose;
// - locations are the page's own lines and columns (1-based, UTF-16 columns: run.columnKind),
//   relative to %SRCROOT% (the folder segoc ran in); quick fixes become SARIF fixes.
import * as path from 'path';
import { pathToFileURL } from 'url';
import { Diagnostic, isRuleCode, LANGUAGE_CODES, PAGE_CODES, Range, RULE_CODES, Severity } from '../core';
import { Checked, ITEMS, jsonAt, jsonWithItems, UNREADABLE_FILE } from './report';

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
/** Where segoc lives; helpUri values point into its docs. */
export const INFORMATION_URI = 'https://github.com/segoc/segoc';
const DOCS = `${INFORMATION_URI}/blob/main/docs`;
const SRCROOT = '%SRCROOT%';

type Level = 'error' | 'warning' | 'note';

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription?: { text: string };
  helpUri: string;
  defaultConfiguration: { level: Level };
  properties: { tags: string[]; rule?: string };
}

function level(s: Severity): Level {
  return s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note';
}

/** `segoc-order` → `SegocOrder` (SARIF's readable rule name). */
function pascal(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** Every code segoc can report, as SARIF reporting descriptors. */
export function sarifRules(): SarifRule[] {
  const rules: SarifRule[] = RULE_CODES.map((c) => ({
    id: c.code,
    name: pascal(c.code),
    shortDescription: { text: c.summary },
    fullDescription: { text: `${c.rule}: ${c.summary}` },
    helpUri: `${DOCS}/rules.md#${c.code}`,
    defaultConfiguration: { level: level(c.severity) },
    properties: { tags: ['segoc', 'rule', c.rule], rule: c.rule },
  }));
  for (const c of LANGUAGE_CODES) {
    rules.push({
      id: c.code,
      name: pascal(c.code),
      shortDescription: { text: c.summary },
      helpUri: `${DOCS}/language.md#error-codes-of-the-language`,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['segoc', 'language'] },
    });
  }
  for (const c of PAGE_CODES) {
    if (rules.some((r) => r.id === c.code)) continue; // also a language code
    rules.push({
      id: c.code,
      name: pascal(c.code),
      shortDescription: { text: c.summary },
      helpUri: `${DOCS}/cli.md#pages`,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['segoc', 'page'] },
    });
  }
  rules.push({
    id: UNREADABLE_FILE.code,
    name: pascal(UNREADABLE_FILE.code),
    shortDescription: { text: UNREADABLE_FILE.summary },
    helpUri: `${DOCS}/cli.md#exit-codes`,
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['segoc', 'file'] },
  });
  return rules;
}

function region(r: Range) {
  return {
    startLine: r.start.line + 1,
    startColumn: r.start.character + 1,
    endLine: r.end.line + 1,
    endColumn: r.end.character + 1,
  };
}

/** A file as a SARIF artifact location: relative to %SRCROOT% when it is under it. */
function artifact(cwd: string, file: string): { uri: string; uriBaseId?: string } {
  const r = path.relative(cwd, file);
  if (r && !r.startsWith('..') && !path.isAbsolute(r)) return { uri: r.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(file).href };
}

/** Whether an `expect` line accounts for the diagnostic (the example shows the mistake on purpose). */
function expectedByScenario(d: Diagnostic): string | undefined {
  if (d.expected) return 'an `expect illegal` line of the scenario states this mistake';
  if (d.severity === 'information' && isRuleCode(d.code)) return 'a consequence of the mistake that an `expect illegal` line of the scenario states';
  return undefined;
}

/** The rule indexes of every code segoc knows (codes outside the list get theirs when the log is put together). */
export function sarifRuleIndex(): Map<string, number> {
  return new Map(sarifRules().map((r, i) => [r.id, i]));
}

/** What stands for the ruleIndex of a code outside sarifRules() until the log is put together. */
const UNKNOWN_INDEX = '"ruleIndex": -1';

/**
 * One file's SARIF results, as text indented as items of `runs[0].results` and joined by `,\n`;
 * `unknown` lists, in order, the codes outside sarifRules() (their ruleIndex is set by sarifReport).
 */
export interface SarifPiece {
  text: string;
  unknown?: Array<{ code: string; severity: Severity }>;
}

export function sarifPiece(r: Checked, cwd: string, index: ReadonlyMap<string, number>): SarifPiece {
  const loc = artifact(cwd, r.file);
  const out: string[] = [];
  const unknown: Array<{ code: string; severity: Severity }> = [];
  for (const d of r.analysis.diagnostics) {
    let ruleIndex = index.get(d.code);
    if (ruleIndex === undefined) {
      unknown.push({ code: d.code, severity: d.severity });
      ruleIndex = -1;
    }
    const suppressed = expectedByScenario(d);
    const fixes = new Map<string, unknown>();
    for (const f of d.fix ?? []) {
      if (!f.edits.length) continue;
      const fix = {
        description: { text: f.title },
        artifactChanges: [
          { artifactLocation: loc, replacements: f.edits.map((e) => ({ deletedRegion: region(e.range), insertedContent: { text: e.newText } })) },
        ],
      };
      fixes.set(JSON.stringify(fix), fix);
    }
    const properties: Record<string, unknown> = {};
    if (d.rule) properties.rule = d.rule;
    if (d.scenario !== undefined) properties.scenario = d.scenario;
    if (d.chain !== undefined) properties.chain = d.chain;
    if (d.link !== undefined) properties.link = d.link;
    if (d.block !== undefined) properties.block = d.block;
    // The link's verdict where it rests on a card fact the library does not know (an error under --strict instead).
    if (d.code === 'unknown-card-fact' && d.severity !== 'error') properties.linkVerdict = 'legal, resting on unknown facts';
    const result = {
      ruleId: d.code,
      ruleIndex,
      level: level(d.severity),
      message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation: loc, region: region(d.range) } }],
      ...(d.related?.length
        ? {
            relatedLocations: d.related.map((x, i) => ({
              id: i + 1,
              physicalLocation: { artifactLocation: loc, region: region(x.range) },
              message: { text: x.message },
            })),
          }
        : {}),
      ...(fixes.size ? { fixes: [...fixes.values()] } : {}),
      ...(suppressed ? { suppressions: [{ kind: 'inSource', justification: suppressed }] } : {}),
      ...(Object.keys(properties).length ? { properties } : {}),
    };
    out.push(jsonAt(result, 4));
  }
  return unknown.length ? { text: out.join(',\n'), unknown } : { text: out.join(',\n') };
}

/** The SARIF log from the checked files (path and kind) and their pieces, in order. */
export function sarifReport(files: ReadonlyArray<{ file: string; kind: Checked['kind'] }>, pieces: readonly SarifPiece[], cwd: string, version: string): string {
  const rules = sarifRules();
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const items: string[] = [];
  for (const p of pieces) {
    if (!p.text) continue;
    let text = p.text;
    if (p.unknown) {
      // The codes outside the list get their rules in order of first use, as the diagnostics come.
      let from = 0;
      const parts: string[] = [];
      for (const u of p.unknown) {
        if (!index.has(u.code)) {
          index.set(u.code, rules.length);
          rules.push({
            id: u.code,
            name: pascal(u.code),
            shortDescription: { text: u.code },
            helpUri: `${DOCS}/language.md#error-codes-of-the-language`,
            defaultConfiguration: { level: level(u.severity) },
            properties: { tags: ['segoc'] },
          });
        }
        // A string value holds no unescaped quote: the next `"ruleIndex": -1` is this result's.
        const at = text.indexOf(UNKNOWN_INDEX, from);
        parts.push(text.slice(from, at), `"ruleIndex": ${index.get(u.code)}`);
        from = at + UNKNOWN_INDEX.length;
      }
      parts.push(text.slice(from));
      text = parts.join('');
    }
    items.push(text);
  }
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'segoc',
            version,
            semanticVersion: version,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        invocations: [{ executionSuccessful: true }],
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd.endsWith(path.sep) ? cwd : cwd + path.sep).href } },
        artifacts: files.map((r) => ({
          location: artifact(cwd, r.file),
          sourceLanguage: r.kind,
          roles: ['analysisTarget'],
        })),
        columnKind: 'utf16CodeUnits',
        results: ITEMS, // runs[0].results: 3 levels deep
      },
    ],
  };
  return jsonWithItems(log, 3, items);
}
