// What each link did or did not do when it resolved, as fields (core's PartOutcome): the preview's DTO and view
// model, the webview's HTML and `explain --format json` carry them, so no reader parses words; and the generated
// library's parts act on the link's written targets, so a resolution with library cards moves the board (R44, R46).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { analyze, renderHtml, renderMarkdown, renderWikitext } from '../server/src/core/internal';
import { hover } from '../server/src/lsp/hover';
import { preview } from '../server/src/lsp/preview';
import { buildViewModel, PreviewResult } from '../client/src/preview/model';
import { renderPreviewHtml } from '../client/src/preview/html';
import { runCli } from '../server/src/cli/main';
import { PREVIEW_ASSETS } from './preview/assets';
import { repoRoot } from './helpers';
import './generated-cards';

const SAMPLE = path.join(repoRoot(), 'samples/rules/R44-R46-library-cards.segoc');
const text = fs.readFileSync(SAMPLE, 'utf8');

function previewOf(src: string): PreviewResult {
  const uri = 'file:///work/sample.segoc';
  const result: PreviewResult = preview(analyze(src, { uri }), uri, 1);
  return JSON.parse(JSON.stringify(result)) as PreviewResult;
}

test('resolution parts: a library card whose target left is not applied, with the reason and the rule as fields (R44)', () => {
  const dto = previewOf(text);
  const transcode = dto.scenarios[0].chains[0].links.find((l) => l.card === 'Transcode Talker')!;
  assert.equal(transcode.resolution?.status, 'no-effect');
  const [part] = transcode.resolution!.parts!;
  assert.deepEqual({ applied: part.applied, kind: part.kind, verb: part.verb, reason: part.reason, rule: part.rule, at: part.at, cards: part.cards }, { applied: false, kind: 'not-applied', verb: 'special-summon', reason: 'target-left', rule: 'R44', at: 'CL2', cards: ['Decode Talker'] });
  // The words are the same as `did`'s: one list, two forms.
  assert.deepEqual(transcode.resolution!.parts!.map((p) => p.text), transcode.resolution!.did);
  // Called by the Grave's "and if you do" part acts on the card its first part banished: not "left" (its own move).
  const called = dto.scenarios[0].chains[0].links.find((l) => l.card === 'Called by the Grave')!;
  assert.ok(called.resolution!.parts!.every((p) => p.applied), JSON.stringify(called.resolution!.parts));
});

test('resolution parts: "then" after a part that did not happen is skipped, with R46 (library Soul Taker)', () => {
  const dto = previewOf(text);
  const soul = dto.scenarios[2].chains[0].links.find((l) => l.card === 'Soul Taker')!;
  const parts = soul.resolution!.parts!;
  assert.deepEqual(parts.map((p) => [p.applied, p.verb, p.rule, p.reason]), [
    [false, 'destroy', 'R44', 'target-left'],
    [false, 'gain-lp', 'R46', 'earlier-part-not-done'],
  ]);
});

test('resolution parts: the preview renders each part from the fields (not applied marked, with its rule)', () => {
  const html = renderPreviewHtml(buildViewModel(previewOf(text)), { cspSource: 'https://x.example', assets: PREVIEW_ASSETS });
  assert.match(html, /<li class="not-applied" data-rule="R44" data-reason="target-left">not applied: Special Summons its target/);
  assert.match(html, /<li class="applied">Special Summons &quot;Decode Talker&quot;<\/li>|<li class="applied">Special Summons "Decode Talker"<\/li>/);
});

test('resolution parts: an older server without parts still shows what it did (the words)', () => {
  const dto = previewOf(text);
  for (const l of dto.scenarios[1].chains[0].links) if (l.resolution) delete l.resolution.parts;
  const vm = buildViewModel(dto);
  assert.deepEqual(vm.scenarios[1].chains[0].resolution[0].parts.map((p) => p.text), ['Special Summons "Decode Talker"']);
});

test('resolution parts: `segoc explain --format json` carries them per link', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-parts-'));
  const file = path.join(dir, 'library.segoc');
  fs.writeFileSync(file, text);
  let out = '';
  let err = '';
  const code = runCli(['explain', '--format', 'json', file], { out: (s: string) => (out += s), err: (s: string) => (err += s), write: (s: string) => (out += s), tty: false, cwd: dir });
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(code, 0, err);
  const j = JSON.parse(out);
  const link = j.files[0].scenarios[0].chains[0].links.find((l: { card: string }) => l.card === 'Transcode Talker');
  assert.equal(link.resolution.parts[0].rule, 'R44');
  assert.equal(link.resolution.parts[0].reason, 'target-left');
  assert.equal(link.resolution.parts[0].applied, false);
});

test('resolution parts: library cards move the board, so "in gy" and "summoned" expectations are met', () => {
  const a = analyze(text, { uri: 'file:///work/sample.segoc' });
  assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
  for (const sc of a.scenarios) assert.ok(sc.expectationsMet, sc.title);
});

test('resolution parts: a library card that returns an Extra Deck monster "to the hand" says it went to the Extra Deck', () => {
  const src = [
    'scenario "CED on a Link monster"',
    '  rules tcg',
    '  players Yugi, Kaiba',
    '  turn Yugi',
    '',
    '  Yugi field: "Decode Talker"',
    '  Kaiba field: set "Compulsory Evacuation Device"',
    '',
    '  chain',
    '    1 Kaiba "Compulsory Evacuation Device" target "Decode Talker"',
    '',
    '  expect "Decode Talker" in extra',
    '',
  ].join('\n');
  const ced = previewOf(src).scenarios[0].chains[0].links[0];
  assert.deepEqual(ced.resolution!.did, ['returns "Decode Talker" to the Extra Deck']);
});

test('resolution parts: a part whose own condition does not hold (R85) is said with its reason in the preview, render and hover', () => {
  const r85 = fs.readFileSync(path.join(repoRoot(), 'samples/rules/R85-part-conditions.segoc'), 'utf8');
  const dto = previewOf(r85);
  // Scenario 2: Infinite Impermanence from the hand: its target negated, its column part not applied.
  const link = dto.scenarios[1].chains[0].links[0];
  assert.deepEqual(link.resolution!.parts!.map((p) => [p.applied, p.verb, p.rule ?? '', p.reason ?? '']), [
    [true, 'negate-effects', '', ''],
    [false, 'negate-effects', 'R85', 'condition-not-met'],
  ]);
  const html = renderPreviewHtml(buildViewModel(dto), { cspSource: 'https://x.example', assets: PREVIEW_ASSETS });
  assert.match(html, /<li class="not-applied" data-rule="R85" data-reason="condition-not-met">not applied: [^<]*activated from the hand/);
  const a = analyze(r85, { uri: 'file:///work/r85.segoc' });
  const input = { title: 'r85', scenarios: [a.scenarios[1]] };
  for (const out of [renderMarkdown(input), renderWikitext(input), renderHtml(input)]) assert.match(out, /not applied: [^|<\n]*does not hold: activated from the hand (?:\\?\[|&#91;)R85/);
  // The hover on the link's line says what it did.
  const lines = r85.split('\n');
  const line = lines.findIndex((l, i) => /^ {4}1 Kaiba "Infinite Impermanence"/.test(l) && lines.slice(0, i).some((x) => x.includes('from the hand negates its target only"')));
  const h = hover(a, { line, character: 4 }, lines);
  assert.match(h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '', /not applied: [^\n]*does not hold: activated from the hand \\\[R85\\\]/);
});
