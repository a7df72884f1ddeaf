// The guide shows a rule's samples: every ```segoc example under a rule's section of docs/rules.md is a scenario of
// that rule's sample file (samples/rules/R<n>-*.segoc, or a file naming R<n> among its rules), the same lines but
// for comments, blank lines and the sample's `source` line; card definitions before the scenario stand in that file
// too. So an example and a sample cannot share a title and differ (R33's used to), and every example the guide shows
// is pinned by a golden file. To change an example, change the sample's scenario and copy it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { listFiles, repoRoot } from './helpers';

const root = repoRoot();
const DOC = fs.readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
const SAMPLES = listFiles(path.join(root, 'samples', 'rules'), '.segoc');

/** A scenario's lines as compared: trimmed, without comments, blank lines and `source` lines. */
export function comparable(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/^source\s+"/.test(l))
    .join('\n');
}

/** The scenarios of a .segoc file: each `scenario` line with the indented and blank lines after it. */
export function scenariosOf(text: string): string[] {
  const out: string[][] = [];
  let open = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^scenario\s+"/.test(line)) {
      out.push([line]);
      open = true;
    } else if (open && (line.trim() === '' || /^\s/.test(line))) out[out.length - 1].push(line);
    else open = false;
  }
  return out.map((lines) => lines.join('\n'));
}

/** The sample files of rule `n`: the files of samples/rules whose name lists R<n> (R01-..., R19-R20-...). */
function sampleFilesOf(n: number): string[] {
  return SAMPLES.filter((f) => [...path.basename(f).matchAll(/R(\d+)/g)].some((m) => Number(m[1]) === n));
}

interface Example {
  rule: string;
  line: number;
  prelude: string;
  scenario: string;
}

/** The segoc examples of each `### Rn — title` section (up to the next heading). */
function examples(md: string): Example[] {
  const out: Example[] = [];
  const lines = md.split(/\r?\n/);
  let rule: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const heading = /^(#{2,3})\s+(?:(R\d+)\s+—)?/.exec(lines[i]);
    if (heading) rule = heading[2];
    if (!rule || !/^```segoc\s*$/.test(lines[i])) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    const at = body.findIndex((l) => /^scenario\s+"/.test(l));
    out.push({ rule, line: start + 1, prelude: body.slice(0, Math.max(at, 0)).join('\n'), scenario: body.slice(Math.max(at, 0)).join('\n') });
  }
  return out;
}

/** Why an example is not its rule's sample, or undefined when it is. */
export function notASample(e: Example, files: ReadonlyMap<string, string>): string | undefined {
  const title = /scenario\s+"([^"]*)"/.exec(e.scenario)?.[1] ?? '(no scenario)';
  const where = [...files.keys()].map((f) => path.relative(root, f)).join(', ') || `no file of samples/rules names ${e.rule}`;
  const home = [...files].find(([, text]) => scenariosOf(text).some((s) => comparable(s) === comparable(e.scenario)));
  if (!home) {
    const namesake = [...files.values()].some((text) => scenariosOf(text).some((s) => s.startsWith(`scenario "${title}"`)));
    return `docs/rules.md:${e.line} "${title}" is no scenario of ${where}${namesake ? ' (a sample has its title but other lines)' : ''}`;
  }
  if (e.prelude.trim() && !comparable(home[1]).includes(comparable(e.prelude))) {
    return `docs/rules.md:${e.line} "${title}": its card definitions are not those of ${path.relative(root, home[0])}`;
  }
  return undefined;
}

const filesOf = (rule: string) => new Map(sampleFilesOf(Number(rule.slice(1))).map((f) => [f, fs.readFileSync(f, 'utf8')]));

test('every segoc example of a rule in docs/rules.md is a scenario of that rule\'s sample file', () => {
  const all = examples(DOC);
  assert.ok(all.length >= 74, `found ${all.length} examples`);
  assert.deepEqual(all.map((e) => notASample(e, filesOf(e.rule))).filter(Boolean), []);
});

test('the docs-samples check fails on an example that only shares a sample\'s title (R33 before it was mended)', () => {
  const sample = scenariosOf(fs.readFileSync(path.join(root, 'samples/rules/R33-once-per-chain.segoc'), 'utf8'))[0];
  const drifted = sample.replace('"Dark Hole" -> nothing', '"Monster Reborn" target "Dark Magician" -> special summon "Dark Magician"');
  assert.notEqual(drifted, sample);
  const problem = notASample({ rule: 'R33', line: 1, prelude: '', scenario: drifted }, filesOf('R33'));
  assert.match(problem ?? '', /"R33: Light and Darkness Dragon once in the chain" is no scenario of samples\/rules\/R33-once-per-chain\.segoc \(a sample has its title but other lines\)/);
  assert.equal(notASample({ rule: 'R33', line: 1, prelude: '', scenario: sample }, filesOf('R33')), undefined);
});
