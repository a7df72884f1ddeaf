// Verdicts say what they rest on (issue 27): a card fact the library does not know is a warning at the link
// (`unknown-card-fact`) and the verdict reads "legal, resting on unknown facts"; what the scenario leaves out stays an
// assumption; `strict` makes both errors. The cards are defined here, so the tests do not depend on the generated
// library's current gaps.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { analyze, AnalyzeOptions, cardToSegoc, generatedCard, parseProject, readRecord, renderHtml, renderMarkdown, renderSvg, renderWikitext, scenarioJson } from '../server/src/core/internal';
import { buildViewModel } from '../client/src/preview/model';
import { renderPreviewHtml } from '../client/src/preview/html';
import { PREVIEW_ASSETS } from './preview/assets';
import { runCli } from '../server/src/cli/main';
import { preview } from '../server/src/lsp/preview';
import { readSettings } from '../server/src/lsp/settings';
import { repoRoot } from './helpers';
import './generated-cards';

const CARDS = `card "Mystery Pot": normal spell

card "Searching Pot": normal spell
  activation, includes search

card "Quiet Monster": effect monster (fiend, dark, level 4, atk 1000, def 1000)

card "Odd Trigger": effect monster (fiend, dark, level 4, atk 1000, def 1000)
  trigger mandatory if sent to gy under script condition
`;

function scenario(title: string, body: string): string {
  return `scenario "${title}"\n  players Yugi, Kaiba\n  turn Yugi\n${body}`;
}

const ASH_ON_MYSTERY = scenario('Ash on a spell whose includes are unknown', `  Yugi hand: "Mystery Pot"\n  Kaiba hand: "Ash Blossom & Joyous Spring"\n  chain\n    1 Yugi "Mystery Pot"\n    2 Kaiba "Ash Blossom & Joyous Spring"\n  expect legal\n`);
const ASH_ON_SEARCH = scenario('Ash on a spell that searches', `  Yugi hand: "Searching Pot"\n  Kaiba hand: "Ash Blossom & Joyous Spring"\n  chain\n    1 Yugi "Searching Pot"\n    2 Kaiba "Ash Blossom & Joyous Spring"\n  expect legal\n`);
const NO_EFFECT = scenario('A card with no known effect', `  Yugi field: "Quiet Monster"\n  chain\n    1 Yugi "Quiet Monster"\n  expect legal\n`);
const ODD_TRIGGER = scenario('A condition the library cannot read', `  Yugi field: "Odd Trigger"\n  destroy "Odd Trigger" by continuous effect\n  chain\n    1 Yugi "Odd Trigger"\n  expect legal\n`);
const LEFT_OUT = scenario('An event the scenario leaves out', `  Yugi gy: "Sangan"\n  chain\n    1 Yugi "Sangan"\n  expect legal\n`);

function check(body: string, options: AnalyzeOptions = {}) {
  const a = analyze(`${CARDS}\n${body}`, options);
  return { a, sc: a.scenarios[0], codes: a.scenarios[0].diagnostics.map((d) => `${d.severity} ${d.code}${d.link ? ` at CL${d.link}` : ''}`) };
}

test('an unknown includes is unknown, not anything: Ash Blossom on a card whose facts list nothing is a warning, not a silent legal', () => {
  const { sc, codes } = check(ASH_ON_MYSTERY);
  assert.deepEqual(codes, ['warning unknown-card-fact at CL2']);
  assert.equal(sc.verdict, 'legal');
  assert.equal(sc.restsOnUnknownFacts, true);
  assert.equal(sc.expectationsMet, true, '`expect legal` is met: the warning stands beside it');
  const d = sc.diagnostics[0];
  assert.match(d.message, /what "Mystery Pot" includes/);
  assert.match(d.message, /answers only an activation that includes search/);
  const link = sc.chains[0].links[1];
  assert.equal(link.unknownFacts[0].fact, 'includes');
  assert.equal(link.unknownFacts[0].card, 'Mystery Pot');
  assert.deepEqual(link.assumptions, [], 'a card gap is not listed as something the scenario left out');
});

test('a known includes decides: no warning, a plain legal', () => {
  const { sc, codes } = check(ASH_ON_SEARCH);
  assert.deepEqual(codes, []);
  assert.equal(sc.restsOnUnknownFacts, false);
});

test('a link written without actions is not assumed to do what the responder needs; written actions decide', () => {
  const withActions = ASH_ON_MYSTERY.replace('    1 Yugi "Mystery Pot"', '    1 Yugi "Mystery Pot" -> destroy "Sangan"').replace('  Yugi hand: "Mystery Pot"', '  Yugi hand: "Mystery Pot"\n  Kaiba field: "Sangan"').replace('  expect legal\n', '');
  const { sc } = check(withActions);
  assert.equal(sc.verdict, 'illegal', 'a destruction is nothing Ash Blossom answers');
  assert.ok(!sc.diagnostics.some((d) => d.code === 'unknown-card-fact'), 'an illegal link rests on nothing');
});

test('a card with no known effect is reported as such, not taken as a free Quick Effect', () => {
  const { sc, codes } = check(NO_EFFECT);
  assert.deepEqual(codes, ['warning unknown-card-fact at CL1']);
  assert.match(sc.diagnostics[0].message, /knows no effect of "Quiet Monster"/);
  assert.equal(sc.chains[0].links[0].unknownFacts[0].fact, 'effect');
  assert.equal(sc.restsOnUnknownFacts, true);
});

test('a generated card with no script takes its effects from its text alone, and a link on one is never a plain legal', () => {
  // Mind Mirror Force has no script at the pinned CardScripts commit: the generator wrote the text inference's lines
  // (one of its timings: the attack of the opponent's highest-ATK monster).
  const text = scenario('A card read from its text alone', `  phase battle\n  Kaiba field: set "Mind Mirror Force"\n  Yugi field: "Gemini Elf"\n  Yugi attacks directly with "Gemini Elf"\n  chain\n    1 Kaiba "Mind Mirror Force"\n  expect legal\n`);
  const sc = analyze(text, {}).scenarios[0];
  const warnings = sc.diagnostics.filter((d) => d.code === 'unknown-card-fact');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0].message, /read from its card text alone: no script was found at the pinned commit/);
  assert.equal(sc.chains[0].links[0].unknownFacts[0].fact, 'effect');
  assert.equal(sc.restsOnUnknownFacts, true);
  // What it does is known (from the text), so the resolution says it.
  assert.ok(sc.chains[0].resolution.some((r) => /negates the effects/.test(JSON.stringify(r))), JSON.stringify(sc.chains[0].resolution));
});

test('a condition with words the library cannot read ("under script condition") is named where it is taken as met', () => {
  const { sc } = check(ODD_TRIGGER);
  const warning = sc.diagnostics.find((d) => d.code === 'unknown-card-fact');
  assert.ok(warning, sc.diagnostics.map((d) => d.code).join(', '));
  assert.match(warning.message, /"under script condition"/);
  assert.equal(sc.chains[0].links[0].unknownFacts[0].fact, 'condition');
});

test('what the scenario leaves out stays an assumption (explain lists it), with no warning', () => {
  const { sc, codes } = check(LEFT_OUT);
  assert.deepEqual(codes, []);
  assert.equal(sc.restsOnUnknownFacts, false);
  assert.ok(sc.chains[0].links[0].assumptions.some((a) => a.startsWith('no event in the scenario meets')));
  assert.deepEqual(sc.chains[0].links[0].unknownFacts, []);
});

test('strict: both kinds are errors, the verdict is illegal and `expect legal` is not met', () => {
  const unknown = check(ASH_ON_MYSTERY, { strict: true });
  assert.deepEqual(unknown.codes.filter((c) => c !== 'error expect-unmet'), ['error unknown-card-fact at CL2']);
  assert.equal(unknown.sc.verdict, 'illegal');
  assert.equal(unknown.sc.expectationsMet, false);
  const leftOut = check(LEFT_OUT, { strict: true });
  assert.ok(leftOut.codes.includes('error assumed-in-strict at CL1'), leftOut.codes.join(', '));
  assert.equal(leftOut.sc.verdict, 'illegal');
  assert.equal(check(ASH_ON_SEARCH, { strict: true }).sc.verdict, 'legal', 'nothing assumed: strict changes nothing');
});

test('strict is part of the analysis cache: a strict analysis never reuses a lenient result', () => {
  const text = `${CARDS}\n${ASH_ON_MYSTERY}`;
  const lenient = analyze(text);
  const strict = analyze(text, { strict: true, previous: lenient });
  assert.equal(strict.scenarios[0].verdict, 'illegal');
});

test('the quick fix defines a library card in the file, printed from what the library knows, with the fact to confirm', () => {
  // Double Summon comes from the generated library, whose activation lists nothing it includes (its script has no category).
  const source = scenario('Ash on a library spell whose includes are unknown', `  Yugi hand: "Double Summon"\n  Kaiba hand: "Ash Blossom & Joyous Spring"\n  chain\n    1 Yugi "Double Summon"\n    2 Kaiba "Ash Blossom & Joyous Spring"\n  expect legal\n`);
  const sc = analyze(source).scenarios[0];
  const warning = sc.diagnostics.find((d) => d.code === 'unknown-card-fact');
  const fix = warning?.fix?.[0];
  assert.ok(fix, 'a quick fix');
  assert.equal(fix.title, 'Define "Double Summon" in this file to state what its effect includes');
  const text = fix.edits[0].newText;
  assert.match(text, /^# confirm from the card's text: what "Double Summon" includes .*; if so: includes search, deck summon, deck send\n/);
  assert.match(text, /\ncard "Double Summon": normal spell\n/);
  // Right above its scenario; the fix's text is a valid definition: inserted, the file still checks (the definition
  // replaces the library's card, and says so), and the fact is left to confirm (the comment states nothing).
  const at = fix.edits[0].range.start;
  assert.equal(source.split('\n')[at.line], 'scenario "Ash on a library spell whose includes are unknown"');
  const lines = source.split('\n');
  lines.splice(at.line, 0, ...text.trimEnd().split('\n'), '');
  const fixed = analyze(lines.join('\n'));
  assert.ok(!fixed.diagnostics.some((d) => d.severity === 'error'), fixed.diagnostics.map((d) => d.message).join('\n'));
  assert.ok(fixed.diagnostics.some((d) => d.code === 'unknown-card-fact'));
});

test('a card the writer defined in the file is not defined again: the fix puts the fact to confirm in its definition', () => {
  const { sc } = check(ASH_ON_MYSTERY);
  const fixes = sc.diagnostics[0].fix ?? [];
  assert.equal(fixes.length, 1);
  assert.equal(fixes[0].title, 'State what its effect includes in the definition of "Mystery Pot" (line 1)');
  const edit = fixes[0].edits[0];
  assert.deepEqual(edit.range.start, { line: 1, character: 0 }, 'right under the `card "Mystery Pot"` line (the first line)');
  assert.match(edit.newText, /^  # confirm from the card's text: what "Mystery Pot" includes .*; if so: includes search, deck summon, deck send\n$/);
  assert.ok(!edit.newText.includes('card "Mystery Pot"'), 'no second definition');
  const lines = `${CARDS}\n${ASH_ON_MYSTERY}`.split('\n');
  lines.splice(edit.range.start.line, 0, edit.newText.trimEnd());
  const fixed = analyze(lines.join('\n'));
  assert.ok(!fixed.diagnostics.some((d) => d.code === 'duplicate-card' || d.severity === 'error'), fixed.diagnostics.map((d) => d.message).join('\n'));
});

test('every verdict text says "legal, resting on unknown facts": render, JSON, the preview DTO', () => {
  const { a, sc } = check(ASH_ON_MYSTERY);
  assert.match(renderMarkdown({ title: 't', scenarios: [sc] }), /\*\*Verdict:\*\* legal, resting on unknown facts \(as expected\)/);
  const json = scenarioJson(sc);
  assert.equal(json.verdict, 'legal');
  assert.equal(json.restsOnUnknownFacts, true);
  assert.equal(json.verdictText, 'legal, resting on unknown facts');
  assert.equal(preview(a, 'file:///t.segoc', 1).scenarios[0].restsOnUnknownFacts, true);
});

test('each link that rests on unknown facts says so: render tables, the SVG boxes, the preview chip, SARIF', () => {
  const { a, sc } = check(ASH_ON_MYSTERY);
  const input = { title: 't', scenarios: [sc] };
  assert.match(renderMarkdown(input), /\| CL2 \|.*\| yes, resting on unknown facts \|/);
  assert.match(renderWikitext(input), /yes, resting on unknown facts/);
  assert.match(renderHtml(input), /yes, resting on unknown facts/);
  assert.match(renderSvg(input), /⚠ legal, resting on unknown facts/);
  assert.doesNotMatch(renderMarkdown(input), /\| CL1 \|.*resting on unknown facts/, 'CL1 rests on nothing');
  const vm = buildViewModel(JSON.parse(JSON.stringify(preview(a, 'file:///t.segoc', 1))));
  const html = renderPreviewHtml(vm, { cspSource: 'https://x', assets: PREVIEW_ASSETS });
  assert.equal(html.split('rests on unknown facts</span>').length - 1, 1, 'one chip, on CL2');
});


test('the samples: legal resting on unknown facts, illegal in strict; with the facts stated, the judge\'s answers', () => {
  const root = repoRoot();
  const read = (f: string) => fs.readFileSync(path.join(root, 'samples', 'modern', f), 'utf8');
  const lenient = analyze(read('unknown-card-facts.segoc'));
  // Reinforcement of the Army's activation states `includes search` (issue 27): Ash Blossom on it rests on nothing
  // unknown; the others do, but Xyz Reflect on Pot of Greed, now illegal on what its script states it answers (an
  // activation that targets an Xyz Monster: issue 27, event details).
  const unknownLegal = ['legal', true, true];
  // Evenly Matched's hand condition ("If you control no cards") is a condition R79 checks (issue 27): what the scenario
  // leaves out of it is assumed and said, as any state condition, no longer a fact the library lacks. Ally of Justice
  // Catastor's battled monster's filter ("a non-DARK monster") is not read: its battle rests on it.
  assert.deepEqual(lenient.scenarios.map((s) => [s.verdict, s.restsOnUnknownFacts, s.expectationsMet]), [['legal', false, true], unknownLegal, ['illegal', false, true], unknownLegal, ['legal', false, true], unknownLegal]);
  const strict = analyze(read('unknown-card-facts.segoc'), { strict: true });
  assert.deepEqual(strict.scenarios.map((s) => [s.verdict, s.expectationsMet]), [['legal', true], ['illegal', false], ['illegal', true], ['illegal', false], ['illegal', false], ['illegal', false]]);
  const stated = analyze(read('unknown-card-facts-stated.segoc'));
  assert.deepEqual(stated.scenarios.map((s) => [s.verdict, s.restsOnUnknownFacts, s.expectationsMet]), [['legal', false, true], ['illegal', false, true], ['illegal', false, true]]);
});

test('--strict on the CLI, "strict" in segoc.json and the segoc.strict setting', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-strict-'));
  fs.writeFileSync(path.join(dir, 'a.segoc'), `${CARDS}\n${ASH_ON_MYSTERY}`);
  const run = (argv: string[]) => {
    const out: string[] = [];
    const code = runCli(argv, { cwd: dir, out: (s) => out.push(s), err: (s) => out.push(s), write: (s) => out.push(s) });
    return { code, out: out.join('\n') };
  };
  const lenient = run(['check', '--chains']);
  assert.equal(lenient.code, 0);
  assert.match(lenient.out, /warning unknown-card-fact/);
  assert.match(lenient.out, /legal, resting on unknown facts \(as expected\)/);
  const sarif = JSON.parse(run(['check', '--format', 'sarif']).out);
  const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'unknown-card-fact');
  assert.equal(result.properties.linkVerdict, 'legal, resting on unknown facts');
  const strict = run(['check', '--strict']);
  assert.equal(strict.code, 1);
  assert.match(strict.out, /error unknown-card-fact/);
  assert.match(run(['explain', 'a.segoc']).out, /not known to the card library: what "Mystery Pot" includes/);
  fs.writeFileSync(path.join(dir, 'segoc.json'), '{ "strict": true }');
  assert.equal(run(['check']).code, 1, 'the project file turns strict on');
  assert.deepEqual(parseProject('{ "strict": "yes" }'), { error: '"strict" must be true or false, not "yes"' });
  assert.equal(readSettings({ strict: true }).strict, true);
  assert.equal(readSettings({}).strict, false);
  fs.rmSync(dir, { recursive: true, force: true });
});

const APPARITION = (monster: string) =>
  `scenario "Apparition after a destroyed monster"\n  players Yugi, Kaiba\n  turn Kaiba\n  Yugi field: "${monster}", set "Apparition"\n  Kaiba hand: "Dark Hole"\n  chain\n    1 Kaiba "Dark Hole" -> destroy "${monster}"\n  chain\n    1 Yugi "Apparition"\n  expect legal\n`;

test('an archetype is the source\'s list, never a name that contains it: "Heroic Challenger" is no "HERO" card', () => {
  assert.deepEqual(check(APPARITION('Elemental HERO Sparkman')).codes, [], 'listed as "HERO" by its source: a plain legal');
  assert.deepEqual(check(APPARITION('Heroic Challenger - Thousand Blades')).codes, ['error nothing-to-answer at CL1', 'error expect-unmet']);
});

test('a card whose source lists no archetypes is a named unknown fact, even with the archetype in its name', () => {
  const { sc, codes } = check(`card "Test HERO Knight": normal monster (warrior, light, level 4, atk 1000, def 1000)\n\n${APPARITION('Test HERO Knight')}`);
  assert.deepEqual(codes, ['warning unknown-card-fact at CL1']);
  const fact = sc.chains[1].links[0].unknownFacts[0];
  assert.equal(fact.card, 'Test HERO Knight');
  assert.match(fact.what, /whether "Test HERO Knight" is a "HERO" card \(the card library lists no archetypes for it; its name contains/);
  assert.equal(fact.line, 'archetype "HERO"');
});

test('a `does` part that does not say from where implies no includes; a Special Summon from the Deck is both kinds', () => {
  const cards = `card "Open Spell": normal spell\n  activation, does destroy target and add\n\ncard "Deck Caller": effect monster (fiend, dark, level 4, atk 1000, def 1000)\n  ignition, does special summon from deck\n\n`;
  const ash = `scenario "Ash on an add from somewhere"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi hand: "Open Spell"\n  Kaiba field: "Blue-Eyes White Dragon"\n  Kaiba hand: "Ash Blossom & Joyous Spring"\n  chain\n    1 Yugi "Open Spell" target "Blue-Eyes White Dragon"\n    2 Kaiba "Ash Blossom & Joyous Spring"\n  expect legal\n`;
  const { sc, codes } = check(cards + ash);
  assert.deepEqual(codes, ['warning unknown-card-fact at CL2'], 'unknown, not `must-chain-directly`');
  assert.equal(sc.chains[0].links[1].unknownFacts[0].fact, 'includes');
  const solemn = `scenario "Solemn Warning on a deck summon"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Deck Caller"\n  Kaiba field: set "Solemn Warning"\n  chain\n    1 Yugi "Deck Caller"\n    2 Kaiba "Solemn Warning"\n  expect legal\n`;
  assert.deepEqual(check(cards + solemn).codes, [], 'a Special Summon from the Deck is a Special Summon');
});

test('an `archetype` line states the fact: the writer settles it, and `segoc card` prints what the library lists', () => {
  const knight = (line: string) => `card "Test HERO Knight": normal monster (warrior, light, level 4, atk 1000, def 1000)\n  ${line}\n\n${APPARITION('Test HERO Knight')}`;
  assert.deepEqual(check(knight('archetype "HERO"')).codes, []);
  assert.deepEqual(check(knight('archetype none')).codes, ['error nothing-to-answer at CL1', 'error expect-unmet']);
  const record = fs.readFileSync(path.join(repoRoot(), 'server/cards/generated/cards.tsv'), 'utf8').split('\n').find((l) => l.split('\t')[1] === 'Elemental HERO Sparkman')!;
  const printed = cardToSegoc(generatedCard(readRecord(record, ''), { kind: 'generated' }));
  assert.match(printed, /\n {2}archetype "Elemental HERO"\n {2}archetype "HERO"\n/);
});

test('a continuous effect read from its card text alone (no script) acts on another link only as a named unknown fact', () => {
  // The Winged Dragon of Ra - Immortal Phoenix has no script at the pinned commit (effect source `t`): its "unaffected
  // by other card effects" is the text inference's reading, so Compulsory Evacuation Device on it rests on that
  // reading rather than reading "not applied: unaffected" as a plain legal.
  const text = scenario('Compulsory Evacuation Device on Immortal Phoenix', `  Kaiba field: "The Winged Dragon of Ra - Immortal Phoenix"\n  Yugi field: set "Compulsory Evacuation Device"\n  chain\n    1 Yugi "Compulsory Evacuation Device" target "The Winged Dragon of Ra - Immortal Phoenix"\n  expect legal\n`);
  const [s] = analyze(text).scenarios;
  assert.equal(s.verdict, 'legal');
  assert.equal(s.restsOnUnknownFacts, true);
  const said = JSON.stringify(s);
  assert.match(said, /whether \\"The Winged Dragon of Ra - Immortal Phoenix\\" is unaffected by this effect/);
});
