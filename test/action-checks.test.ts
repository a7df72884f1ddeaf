// Game actions checked by the rule modules (checkAction): a Special Summon by procedure under a lock (R63), a
// Pendulum Summon's own conditions (R67), a Token as an Xyz Material with no chain in the scenario (R70), and
// `expect illegal CODE` without `at`. The samples in samples/rules/ (pinned by the goldens) show the main cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { analyze, scenarioJson } from '../server/src/core/internal';
import { preview } from '../server/src/lsp/preview';
import { hover } from '../server/src/lsp/hover';
import { runCli } from '../server/src/cli/main';
import { buildViewModel } from '../client/src/preview/model';
import { renderPreviewHtml } from '../client/src/preview/html';
import { PREVIEW_ASSETS } from './preview/assets';
import './generated-cards';

const HEAD = `  rules tcg
  players Yugi, Kaiba
  turn Yugi
  phase main1
`;

/** Each diagnostic as `severity code: message`. */
function said(text: string, strict = false): string[] {
  return analyze(text, { strict }).diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`);
}

test('R63: a Link Summon by procedure under a Special Summon lock is summon-locked on the action line', () => {
  const out = said(`scenario "t"
${HEAD}  Yugi field: "Gemini Elf", "Mystical Elf"
  Kaiba field: "Vanity's Emptiness"
  Yugi link summons "Linkuriboh" using "Gemini Elf"
`);
  assert.ok(out.some((d) => d.startsWith(`error summon-locked: Yugi's Link Summon of "Linkuriboh" cannot happen`)), out.join('\n'));
});

test('R63: a lock whose scope is not read makes the action rest on a named unknown fact, never a silent legal', () => {
  const out = said(`card "Example Partial Lock": continuous trap
  continuous locks special summons except some monsters
scenario "t"
${HEAD}  Yugi hand: "Cyber Dragon"
  Kaiba field: "Example Partial Lock"
  Yugi special summons "Cyber Dragon"
`);
  assert.ok(out.some((d) => d.startsWith('warning unknown-card-fact: This game action is taken as legal') && d.includes('"Example Partial Lock"')), out.join('\n'));
  assert.equal(analyze(`card "Example Partial Lock": continuous trap
  continuous locks special summons except some monsters
scenario "t"
${HEAD}  Yugi hand: "Cyber Dragon"
  Kaiba field: "Example Partial Lock"
  Yugi special summons "Cyber Dragon"
`).scenarios[0].restsOnUnknownFacts, true);
});

test('R67: a Rank monster cannot be Pendulum Summoned; unstated Scales are assumed, an error only under strict', () => {
  const rank = said(`scenario "t"
${HEAD}  Yugi pendulum zone: "Stargazer Magician", "Timegazer Magician"
  Yugi extra: face-up "Gagaga Cowboy"
  Yugi pendulum summons "Gagaga Cowboy"
`);
  assert.ok(rank.some((d) => d.startsWith('error pendulum-zone: "Gagaga Cowboy" has a Rank, no Level')), rank.join('\n'));
  const unstated = `scenario "t"
${HEAD}  Yugi hand: "Blue-Eyes White Dragon"
  Yugi pendulum summons "Blue-Eyes White Dragon"
  expect legal
`;
  assert.deepEqual(said(unstated).filter((d) => d.startsWith('error')), []);
  assert.ok(said(unstated, true).some((d) => d.startsWith('error assumed-in-strict: This game action rests on what the scenario does not say: Yugi has a Pendulum Monster in each Pendulum Zone')));
});

test('R70: a Token used as an Xyz Material by a game action is found in a scenario with no chain', () => {
  const out = said(`scenario "t"
${HEAD}  Yugi field: "Sheep Token", "Gagaga Magician"
  Yugi xyz summons "Gagaga Cowboy" using "Gagaga Magician", "Sheep Token"
  expect illegal token-off-field
`);
  assert.ok(out.some((d) => d.startsWith('information token-off-field: expected: This Xyz Summon uses "Sheep Token"')), out.join('\n'));
});

test('`expect illegal CODE` without `at` is unmet when no game action has that diagnostic', () => {
  const out = said(`scenario "t"
${HEAD}  Yugi hand: "Cyber Dragon"
  Yugi special summons "Cyber Dragon"
  expect illegal summon-locked
`);
  assert.ok(out.some((d) => d.startsWith('error expect-unmet: expected summon-locked on a game action, but the checker finds no problem with the game actions')), out.join('\n'));
});

test('an assumption made at a game action is stored beside the scenario and shown as a link\'s: explain, JSON, preview, hover', () => {
  const text = `scenario "t"
${HEAD}  Yugi hand: "Blue-Eyes White Dragon"
  Yugi pendulum summons "Blue-Eyes White Dragon"
`;
  const a = analyze(text, { uri: 'file:///act.segoc' });
  const sc = a.scenarios[0];
  assert.equal(sc.actionAssumptions.length, 1);
  assert.equal(sc.actionAssumptions[0].range.start.line, 6);
  assert.match(sc.actionAssumptions[0].assumptions[0], /^Yugi has a Pendulum Monster in each Pendulum Zone/);
  // The JSON of `segoc check --format json` and `segoc render --format json`.
  assert.deepEqual(scenarioJson(sc).actionAssumptions, [{ line: 7, assumptions: sc.actionAssumptions[0].assumptions }]);
  // The preview: the DTO carries it and the page says it with its line.
  const dto = preview(a, 'file:///act.segoc', 1);
  assert.equal(dto.scenarios[0].actionAssumptions[0].assumptions[0], sc.actionAssumptions[0].assumptions[0]);
  const html = renderPreviewHtml(buildViewModel(dto as never), { cspSource: 'vscode-resource:', assets: PREVIEW_ASSETS });
  assert.match(html, /assumed at the game action on line 7: Yugi has a Pendulum Monster in each Pendulum Zone/);
  // The hover on the action's line.
  const h = hover(a, { line: 6, character: 12 }, text.split('\n'));
  assert.match(JSON.stringify(h?.contents), /Assumed.*Yugi has a Pendulum Monster in each Pendulum Zone/);
  // `segoc explain`.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-act-'));
  fs.writeFileSync(path.join(dir, 'act.segoc'), text);
  let out = '';
  const code = runCli(['explain', 'act.segoc'], { cwd: dir, out: (s: string) => (out += s + '\n'), err: () => undefined, write: (s: string) => (out += s), tty: false } as never);
  assert.equal(code, 0);
  assert.match(out, /game action at line 7: assumed: Yugi has a Pendulum Monster in each Pendulum Zone/);
});
