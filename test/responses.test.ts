// Who can act here (issue 30): the points of a scenario, the answer at each (the Fast Effect Timing box, priority,
// every effect with why not, "unknown" on a card fact the library lacks), and where people see it: the hover, the
// preview's section, completion of the next link, the quick fix and `segoc explain --responses`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, documentPoints, POINT_KINDS, pointAt, responsesAt } from '../server/src/core/internal';
import { hover } from '../server/src/lsp/hover';
import { preview } from '../server/src/lsp/preview';
import { complete } from '../server/src/lsp/completion';
import { codeActions } from '../server/src/lsp/code-actions';
import { buildViewModel } from '../client/src/preview/model';
import { renderPreviewHtml } from '../client/src/preview/html';
import { runCli } from '../server/src/cli/main';
import { PREVIEW_ASSETS } from './preview/assets';
import './generated-cards';

const TEXT = `scenario "Dark Hole, then the Sangans"
  players Yugi, Kaiba
  turn Yugi

  Yugi hand: "Dark Hole", "Mystical Space Typhoon"
  Yugi field: "Sangan"
  Kaiba field: "Sangan"

  chain
    1 Yugi "Dark Hole" -> destroy all monsters

  chain
    1 Yugi "Sangan"
`;

const lines = TEXT.split('\n');
const a = analyze(TEXT, { uri: 'file:///who.segoc' });
const points = documentPoints(a, lines);
const at = (kind: string, link?: number, chain?: number) => points.find((p) => p.kind === kind && (link === undefined || p.link === link) && (chain === undefined || p.chain === chain))!;
const option = (answer: ReturnType<typeof responsesAt>, player: string, card: string) => answer.players.find((p) => p.player === player)!.options.find((o) => o.card === card)!;

test('the points of a scenario: its start, each link, each chain resolving and resolved', () => {
  assert.deepEqual(
    points.map((p) => `${p.kind}${p.chain ? ` ${p.chain}` : ''}${p.link ? `.${p.link}` : ''}`),
    ['start', 'link 1.1', 'resolving 1', 'resolved 1', 'link 2.1', 'resolving 2', 'resolved 2'],
  );
  // Every kind of point is one entry of the table: its label, box, how a response is written there, who has priority.
  for (const p of points) assert.ok(POINT_KINDS[p.kind].label(p).length > 0);
});

test('after Dark Hole: Box D, Kaiba holds priority; Spell Speed 1 and a trigger that must wait cannot, with their rules', () => {
  const r = responsesAt(a, lines, at('link', 1, 1));
  assert.equal(r.box, 'D');
  assert.equal(r.priority, 'Kaiba');
  assert.equal(r.nextLink, 2);
  const mst = option(r, 'Yugi', 'Mystical Space Typhoon');
  assert.equal(mst.answer, 'yes');
  assert.equal(mst.spellSpeed, 2);
  const sangan = option(r, 'Kaiba', 'Sangan');
  assert.equal(sangan.answer, 'no');
  assert.ok(sangan.reasons.some((x) => x.rule === 'R10'), JSON.stringify(sangan.reasons));
});

test('after the chain resolved: the yellow box (triggers first); the non-turn player\'s Sangan may not go first (R11)', () => {
  const r = responsesAt(a, lines, at('resolved', undefined, 1));
  assert.equal(r.box, 'triggers');
  assert.equal(r.priority, 'Yugi');
  assert.equal(option(r, 'Yugi', 'Sangan').answer, 'yes');
  const kaibas = option(r, 'Kaiba', 'Sangan');
  assert.equal(kaibas.answer, 'no');
  assert.ok(kaibas.reasons.some((x) => x.rule === 'R11'), JSON.stringify(kaibas.reasons));
  // Mystical Space Typhoon before the mandatory triggers: a fast effect in the batch (R14).
  const mst = option(r, 'Yugi', 'Mystical Space Typhoon');
  assert.equal(mst.answer, 'no');
  assert.ok(mst.reasons.some((x) => x.rule === 'R14'), JSON.stringify(mst.reasons));
});

test('after a trigger at CL1, the same copy cannot be placed again for the one event (R60)', () => {
  const r = responsesAt(a, lines, at('link', 1, 2));
  const again = option(r, 'Yugi', 'Sangan');
  assert.equal(again.answer, 'no');
  assert.ok(again.reasons.some((x) => x.rule === 'R60'), JSON.stringify(again.reasons));
  assert.equal(option(r, 'Kaiba', 'Sangan').answer, 'yes');
});

test('while a chain resolves nobody may activate', () => {
  const r = responsesAt(a, lines, at('resolving', undefined, 1));
  assert.equal(r.box, 'resolving');
  assert.equal(r.priority, undefined);
  assert.ok(r.players.every((p) => p.options.length === 0));
});

test('a card fact the library lacks makes the answer unknown, with the fact, never yes or no', () => {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'samples', 'modern', 'unknown-card-facts.segoc'), 'utf8');
  const l = text.split('\n');
  const b = analyze(text, { uri: 'file:///unknown.segoc' });
  const p = documentPoints(b, l).find((x) => x.kind === 'link' && x.scenario === 2 && x.link === 1)!;
  const ash = responsesAt(b, l, p).players[1].options.find((o) => o.card === 'Ash Blossom & Joyous Spring')!;
  assert.equal(ash.answer, 'unknown');
  assert.ok(ash.unknownFacts.length > 0);
});

test('the hover on a chain link and on a game action says who can act there', () => {
  const onLink = hover(a, { line: 9, character: 4 }, lines);
  const value = (h: ReturnType<typeof hover>) => (h!.contents as { value: string }).value;
  assert.match(value(onLink), /CL1/);
  assert.match(value(onLink), /Who can act after Chain Link 1/);
  assert.match(value(onLink), /Box D/);
  assert.match(value(onLink), /R10/);
  const onChain = hover(a, { line: 8, character: 3 }, lines);
  assert.match(value(onChain), /Who can act after chain 1 has resolved/);
  // Without the text (as before), no answer is worked out.
  assert.doesNotMatch(value(hover(a, { line: 9, character: 4 })), /Who can act/);
  assert.equal(pointAt(a, lines, { line: 1, character: 0 }), undefined);
});

test('the preview has a section per point, rendered in the webview', () => {
  const dto = preview(a, 'file:///who.segoc', 1, lines);
  assert.equal(dto.scenarios[0].points?.length, points.length);
  const html = renderPreviewHtml(buildViewModel(dto as never), { cspSource: 'vscode-resource:', assets: PREVIEW_ASSETS });
  assert.match(html, /Who can act/);
  assert.match(html, /holds priority/);
  assert.match(html, /answer-no/);
});

test('completion of the next link offers the responses that can be activated first, the others after with why not', () => {
  const text = TEXT.replace('    1 Yugi "Sangan"\n', '    1 Yugi "Sangan"\n    2 ');
  const doc = TextDocument.create('file:///who.segoc', 'segoc', 1, text);
  const b = analyze(text, { uri: doc.uri });
  const answer = complete(b, doc, { line: 13, character: 6 }, { snippets: false });
  const items = (Array.isArray(answer) ? answer : answer.items).filter((i) => i.filterText);
  const sorted = [...items].sort((x, y) => x.sortText!.localeCompare(y.sortText!));
  assert.equal(sorted[0].label, 'Kaiba Kaiba\'s "Sangan"');
  assert.match(sorted[0].detail!, /can be activated/);
  const last = sorted[sorted.length - 1];
  assert.match(last.detail!, /cannot: R/);
});

test('the quick fix "Add a legal response here" writes a response that can be activated as the next link', () => {
  const doc = TextDocument.create('file:///who.segoc', 'segoc', 1, TEXT);
  const actions = codeActions(a, doc, { textDocument: { uri: doc.uri }, range: { start: { line: 12, character: 4 }, end: { line: 12, character: 4 } }, context: { diagnostics: [] } });
  const add = actions.filter((x) => x.title.startsWith('Add a legal response here'));
  assert.ok(add.length > 0);
  // Both players have a "Sangan": the link says whose.
  assert.match(add[0].title, /2 Kaiba Kaiba's "Sangan"/);
  const edit = add[0].edit!.changes![doc.uri][0];
  assert.equal(edit.newText, '\n    2 Kaiba Kaiba\'s "Sangan"');
});

test('segoc explain --responses prints who can act, and --format json the points', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-responses-'));
  fs.writeFileSync(path.join(dir, 'who.segoc'), TEXT);
  const run = (args: string[]) => {
    let out = '';
    let err = '';
    const code = runCli(args, { cwd: dir, out: (s: string) => (out += s + '\n'), err: (s: string) => (err += s + '\n'), write: (s: string) => (out += s), tty: false } as never);
    return { code, out, err };
  };
  const text = run(['explain', '--responses', 'who.segoc']);
  assert.equal(text.code, 0, text.err);
  assert.match(text.out, /who can act:/);
  assert.match(text.out, /✗ "Sangan" effect 1 .*R10/);
  const json = run(['explain', '--responses', '--format', 'json', 'who.segoc']);
  assert.equal(json.code, 0, json.err);
  const parsed = JSON.parse(json.out);
  const point = parsed.files[0].scenarios[0].points.find((p: { kind: string; link?: number }) => p.kind === 'link' && p.link === 1);
  assert.equal(point.box, 'D');
  assert.equal(point.priority, 'Kaiba');
  assert.ok(point.players[1].options.some((o: { answer: string; rules: string[] }) => o.answer === 'no' && o.rules.includes('R10')));
  // Without --responses, the JSON is the scenarios (what each link did, as fields: test/resolution-parts.test.ts).
  const scenarios = run(['explain', '--format', 'json', 'who.segoc']);
  assert.equal(scenarios.code, 0, scenarios.err);
  assert.ok(Array.isArray(JSON.parse(scenarios.out).files[0].scenarios[0].chains));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Zaborg Tribute Summoned (Sangan Tributed), with Kaiba's field as given; its points and the analysis. */
function zaborgSummoned(kaibaField: string) {
  const text = `scenario "Zaborg is Tribute Summoned"
  rules tcg
  players Yugi, Kaiba
  turn Yugi

  Yugi field: "Sangan"
  Yugi hand: "Zaborg the Thunder Monarch"
  Kaiba field: ${kaibaField}

  Yugi tribute summons "Zaborg the Thunder Monarch" tributing "Sangan"
`;
  const ls = text.split('\n');
  const an = analyze(text, { uri: 'file:///summon.segoc' });
  return { ls, an, ps: documentPoints(an, ls) };
}

test('a Summon by its procedure: first the moment it is about to happen (only its negation, R50), then the point after it', () => {
  const { ls, an, ps } = zaborgSummoned('set "Solemn Warning", set "Mystical Space Typhoon"');
  assert.deepEqual(ps.map((p) => p.kind), ['start', 'summon-moment', 'action']);
  const moment = responsesAt(an, ls, ps[1]);
  assert.equal(moment.box, 'summon');
  assert.match(moment.label, /^when Yugi tribute summons .*: the Summon is about to happen$/);
  assert.equal(option(moment, 'Kaiba', 'Solemn Warning').answer, 'yes');
  const mst = option(moment, 'Kaiba', 'Mystical Space Typhoon');
  assert.equal(mst.answer, 'no');
  assert.deepEqual(mst.reasons.map((x) => x.rule), ['R50'], JSON.stringify(mst.reasons));
  const sangan = option(moment, 'Yugi', 'Sangan');
  assert.equal(sangan.answer, 'no');
  assert.ok(sangan.reasons.some((x) => x.rule === 'R50'), JSON.stringify(sangan.reasons));
  // The monster is still in the hand at its Summon's moment.
  assert.equal(option(moment, 'Yugi', 'Zaborg the Thunder Monarch').zone, 'hand');
  // After it: the triggers (the yellow box); the hover on the Summon's line is that point.
  const after = responsesAt(an, ls, ps[2]);
  assert.equal(after.box, 'triggers');
  assert.equal(option(after, 'Yugi', 'Sangan').answer, 'yes');
  assert.equal(pointAt(an, ls, { line: 9, character: 2 })?.kind, 'action');
  // The hover on the Summon's line shows both moments, the Summon's own first.
  const shown = (hover(an, { line: 9, character: 8 }, ls)!.contents as { value: string }).value;
  const about = shown.indexOf('the Summon is about to happen');
  assert.ok(about >= 0, shown);
  assert.ok(shown.indexOf('Who can act', about) > about, shown);
});

test('after a Summon has happened, its negation can no longer be activated (R52): the engine reads it at the moment before', () => {
  const { ls, an, ps } = zaborgSummoned('set "Solemn Warning"');
  const after = responsesAt(an, ls, ps.find((p) => p.kind === 'action')!);
  const warning = option(after, 'Kaiba', 'Solemn Warning');
  assert.equal(warning.answer, 'no');
  assert.equal(warning.readAtSummonMoment, true);
  assert.deepEqual(warning.reasons.map((x) => x.rule), ['R52']);
  assert.match(warning.reasons[0].message, /already happened/);
});

test('a Spell/Trap Card already face-up is not offered for activation again, its effects are (R35)', () => {
  const text = `scenario "face-up Continuous Traps"
  players Yugi, Kaiba
  turn Yugi

  Yugi field: "Call of the Haunted", "Dark Contract with the Witch"
  Yugi gy: "Dark Magician"
  Kaiba field: "Sangan"
`;
  const ls = text.split('\n');
  const analysis = analyze(text, { uri: 'file:///face-up.segoc' });
  const start = documentPoints(analysis, ls).find((p) => p.kind === 'start')!;
  const yugi = responsesAt(analysis, ls, start).players.find((p) => p.player === 'Yugi')!;
  const call = yugi.options.find((o) => o.card === 'Call of the Haunted')!;
  assert.equal(call.answer, 'no');
  assert.ok(call.reasons.some((x) => x.rule === 'R35'), JSON.stringify(call.reasons));
  const witch = yugi.options.filter((o) => o.card === 'Dark Contract with the Witch');
  assert.equal(witch.find((o) => o.effect === 1)?.answer, 'no', 'its activation');
  assert.notEqual(witch.find((o) => o.effect === 2)?.answer, 'no', 'its Quick Effect');
});
