// Issue 18 (language items): no silent defaults that decide verdicts, expectations that contradict
// each other, card-definition mistakes as errors with "did you mean", messages that point at the
// line and the mistake, labels as documented, and a bounded `ambiguous-card` report (fuzz F3).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, AnalyzeOptions, Diagnostic, LANGUAGE_CODES } from '../server/src/core/internal';

/** `line:col severity code: message` of every diagnostic (1-based, as the CLI prints them). */
function report(text: string, options: AnalyzeOptions = {}): string[] {
  return analyze(text, options).diagnostics.map(show);
}

function show(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}: ${d.message}`;
}

function scenario(...lines: string[]): string {
  return ['scenario "s"', ...lines.map((l) => `  ${l}`)].join('\n') + '\n';
}

const SANGANS = ['Yugi field: "Sangan"', 'Kaiba field: "Sangan"', 'chain', '  1 Yugi "Dark Hole" -> destroy all monsters', 'chain', '  1 Yugi "Sangan"', '  2 Kaiba "Sangan"'];

// ------------------------------------------------------------------------- item 3: header lines

test('a scenario without a `turn` line is warned, naming the player taken as turn player', () => {
  const r = report(scenario('players Kaiba, Yugi', ...SANGANS));
  assert.deepEqual(
    r.filter((l) => l.includes('missing-turn')),
    ['1:1 warning missing-turn: this scenario has no `turn` line; Kaiba (the first player) is taken as the turn player: write `turn Kaiba`'],
  );
  assert.deepEqual(report(scenario('players Kaiba, Yugi', 'turn Kaiba', ...SANGANS)).filter((l) => l.includes('missing-turn')), []);
  // Its quick fixes add the line under `players` (after a comment there), the first player preferred.
  const text = scenario('players Kaiba, Yugi  # from the video', 'Yugi field: "Sangan"');
  const fixes = analyze(text).diagnostics.find((d) => d.code === 'missing-turn')?.fix ?? [];
  assert.deepEqual(fixes.map((f) => [f.title, f.preferred]), [['Add `turn Kaiba`', true], ['Add `turn Yugi`', false]]);
  const e = fixes[0].edits[0];
  const lines = text.split('\n');
  lines[e.range.start.line] = lines[e.range.start.line].slice(0, e.range.start.character) + e.newText + lines[e.range.start.line].slice(e.range.end.character);
  assert.deepEqual(lines.join('\n').split('\n').slice(1, 3), ['  players Kaiba, Yugi  # from the video', '  turn Kaiba']);
});

test('a `turn` line after the chains is an error, and no longer flips the scenario', () => {
  const a = analyze(scenario('players Yugi, Kaiba', 'turn Yugi', ...SANGANS, 'turn Kaiba'));
  assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map(show), [
    '11:3 error duplicate-header: a second `turn` line: a scenario states it once, at the top (the first one is used)',
  ]);
  assert.equal(a.scenarios[0].turnPlayer, 'Yugi');
  const late = report(scenario('players Yugi, Kaiba', ...SANGANS, 'turn Kaiba'));
  assert.ok(late.some((l) => l.startsWith('10:3 error late-header: a `turn` line after the scenario\'s first board, action or chain line')), late.join('\n'));
});

test('`rules` and `players` given twice or late are errors on the line at fault; a start `phase` line is a header', () => {
  const r = report(scenario('players Yugi, Kaiba', 'phase battle', 'turn Yugi', 'rules tcg', 'Yugi field: "Sangan"', 'rules ocg', 'players Yugi, Kaiba'));
  assert.deepEqual(
    r.filter((l) => / error /.test(l)),
    [
      '7:3 error duplicate-header: a second `rules` line: a scenario states it once, at the top (the first one is used)',
      '8:3 error duplicate-header: a second `players` line: a scenario states it once, at the top (the first one is used)',
    ],
  );
  assert.ok(report(scenario('Yugi field: "Sangan"', 'rules ocg', 'players Yugi, Kaiba', 'turn Yugi')).filter((l) => l.includes('late-header')).length === 3);
});

test('a `players` line with more or fewer than two names, or a name twice, is an error on that line', () => {
  assert.deepEqual(report(scenario('players Yugi, Kaiba, Joey', 'turn Yugi')), [
    "2:3 error syntax: a scenario has two players, `players Yugi, Kaiba`; this line names 3",
  ]);
  assert.deepEqual(report(scenario('players Yugi', 'turn Yugi')), ["2:3 error syntax: a scenario has two players, `players Yugi, Kaiba`; this line names 1"]);
  assert.deepEqual(report(scenario('players Yugi, Yugi', 'turn Yugi')), [
    '2:17 error syntax: `Yugi` is named twice: a scenario has two different players, `players Yugi, Kaiba`',
  ]);
});

// ------------------------------------------------------------------------- item 5: expectations

test('`expect legal` with `expect illegal`, or one expectation twice, are errors', () => {
  const r = report(scenario('players Yugi, Kaiba', 'turn Yugi', ...SANGANS, 'expect legal', 'expect illegal segoc-order at 1'));
  assert.ok(r.includes('11:3 error conflicting-expect: `expect legal` contradicts `expect illegal segoc-order at 1`: a scenario is legal, or shows a mistake; keep the line that states what the example shows'), r.join('\n'));
  const twice = report(scenario('players Yugi, Kaiba', 'turn Yugi', ...SANGANS, 'expect illegal segoc-order at 1', 'expect illegal SEGOC-ORDER at CL1'));
  assert.ok(twice.includes('12:3 error duplicate-expect: this expectation is already stated: write it once'), twice.join('\n'));
  assert.deepEqual(report(scenario('players Yugi, Kaiba', 'turn Yugi', 'expect legal', 'expect legal')), ['5:3 error duplicate-expect: this expectation is already stated: write it once']);
});

test('`expect illegal CODE at N` naming a link the chain does not have is bad-expect', () => {
  const r = report(scenario('players Yugi, Kaiba', 'turn Yugi', ...SANGANS, 'expect illegal segoc-order at 9'));
  assert.deepEqual(r, ['11:33 error bad-expect: chain 2 has no link 9 (its links are CL1, CL2)']);
});

// ------------------------------------------------------------------------- item 6: card definitions

test('an unknown effect kind under a card is an error on its line with "did you mean"; the card stays open', () => {
  const r = report('card "X": effect monster (fiend, dark, level 3)\n  quik optional\n  trigger optional when this card is destroyed\n');
  assert.deepEqual(r, ['2:3 error syntax: unknown effect kind `quik`: did you mean `quick`']);
  assert.equal(analyze('card "X": effect monster\n  quik optional\n  ignition\n').fileCards[0].effects.length, 1);
});

test('unknown tags and modifiers are errors with "did you mean"', () => {
  const r = report('card "X": effect monster (fiend, drak, level 3)\n  trigger optional when this card is destroyed, from hnd\n');
  assert.deepEqual(r, [
    '1:34 error syntax: unknown tag `drak`: did you mean `dark` (expected a monster type, an attribute, level N, scale N, atk N or def N)',
    '2:49 error syntax: unknown modifier `from hnd`: did you mean `from hand` (see docs/language.md, Modifiers)',
  ]);
});

test('an unknown modifier is located at the modifier, not at the start of its line', () => {
  const text = 'card "X": effect monster\n  trigger optional when this card is destroyed, targets, from hnd, changes atk\n';
  const [d] = analyze(text).diagnostics;
  const line = text.split('\n')[1];
  assert.equal(line.slice(d.range.start.character, d.range.end.character), 'from hnd');
});

test('impossible or malformed `as of` dates are bad-date, the documented `June 2016` too', () => {
  for (const date of ['2016-6', '2016-6-1', 'June 2016', '2016/06']) {
    const r = report(scenario(`rules tcg as of ${date}`, 'players Yugi, Kaiba', 'turn Yugi'));
    assert.deepEqual(r, [`2:19 error bad-date: \`${date}\` is not a date: write YYYY, YYYY-MM or YYYY-MM-DD`], date);
  }
  // The form is right: the message says what the calendar does not have, not that the format is wrong.
  const impossible: Array<[string, string]> = [
    ['2017-02-30', 'is not a day of the calendar: February 2017 has 28 days'],
    ['2016-06-31', 'is not a day of the calendar: June 2016 has 30 days'],
    ['2016-02-30', 'is not a day of the calendar: February 2016 has 29 days'],
    ['2016-06-00', 'is not a day of the calendar: June 2016 has 30 days'],
    ['2016-13', 'has no month 13: months go from 01 to 12'],
    ['2016-00-10', 'has no month 00: months go from 01 to 12'],
  ];
  for (const [date, problem] of impossible) {
    const r = report(scenario(`rules tcg as of ${date}`, 'players Yugi, Kaiba', 'turn Yugi'));
    assert.deepEqual(r, [`2:19 error bad-date: \`${date}\` ${problem}`], date);
  }
  for (const date of ['2016', '2016-06', '2016-02-29', '2017-03-31']) {
    assert.deepEqual(report(scenario(`rules tcg as of ${date}`, 'players Yugi, Kaiba', 'turn Yugi')), [], date);
  }
});

// ------------------------------------------------------------------------- item 7: messages

test('a link without a player says so', () => {
  const r = report(scenario('players Yugi, Kaiba', 'turn Yugi', 'chain', '  1 "Dark Hole" -> destroy all monsters', '  2 Kaiba\'s "Sangan"'));
  assert.deepEqual(r, [
    '5:7 error syntax: this link names no player: write who activates it, e.g. `1 Yugi "Dark Hole" -> destroy all monsters`',
    '6:7 error syntax: this link names no player: write who activates it, e.g. `2 Yugi Kaiba\'s "Sangan"`',
  ]);
});

test('an unquoted card name in a link or on a board line says "not quoted"', () => {
  const r = report(scenario('players Yugi, Kaiba', 'turn Yugi', 'Yugi field: Peten the Dark Clown', 'chain', '  1 Yugi Dark Hole -> destroy all monsters'));
  assert.deepEqual(r, [
    '4:15 error syntax: card names are written in quotes: `Peten the Dark Clown` is not quoted (write "Peten the Dark Clown")',
    '6:12 error syntax: card names are written in quotes: `Dark Hole` is not quoted (write "Dark Hole")',
  ]);
  const fix = analyze(scenario('players Yugi, Kaiba', 'turn Yugi', 'chain', '  1 Yugi Dark Hole -> destroy all monsters')).diagnostics[0].fix?.[0];
  assert.deepEqual(fix?.edits.map((e) => [e.range.start.character, e.range.end.character, e.newText]), [[11, 20, '"Dark Hole"']]);
});

test('a one-word card name without quotes on a board line gets the same message and fix', () => {
  const a = analyze(scenario('players Yugi, Kaiba', 'turn Yugi', 'Yugi field: Sangan'));
  assert.deepEqual(a.diagnostics.map(show), ['4:15 error syntax: card names are written in quotes: `Sangan` is not quoted (write "Sangan")']);
  assert.deepEqual(a.diagnostics[0].fix?.[0].edits[0].newText, '"Sangan"');
});

test('a one-word card name without quotes in a link is "not quoted" (with a fix), not an unknown label', () => {
  const a = analyze(scenario('players Yugi, Kaiba', 'turn Yugi', 'Yugi field: "Sangan" as s1', 'chain', '  1 Yugi Sangan', '  2 Yugi s2'));
  assert.deepEqual(a.diagnostics.map(show), [
    '6:12 error syntax: card names are written in quotes: `Sangan` is not quoted (write "Sangan")',
    '7:12 error unknown-label: unknown label `s2`: labels are given with `as`, on a board line or after a name in a link\'s or an action\'s list (`"Sheep Token" as T1`), before they are used (card names go in quotes)',
  ]);
  assert.deepEqual(a.diagnostics[0].fix?.[0].edits[0].newText, '"Sangan"');
});

test('`use` cycle messages name the paths as written, never a resolved absolute path', () => {
  const files: Record<string, string> = { '/abs/machine/b.segoc': 'use "c.segoc"\n', '/abs/machine/c.segoc': 'use "b.segoc"\n' };
  const readUse = (_from: string, p: string) => ({ uri: `/abs/machine/${p}`, text: files[`/abs/machine/${p}`] ?? '' });
  const r = report('use "b.segoc"\n', { uri: '/abs/machine/a.segoc', readUse });
  assert.equal(r.length, 1);
  assert.match(r[0], /use-cycle: .*"b\.segoc", used by "c\.segoc"/);
  assert.doesNotMatch(r[0], /\/abs\//);
});

// ------------------------------------------------------------------------- item 9: labels

test('labels: letters, digits, - and _, starting with a letter; not a player\'s name or a keyword', () => {
  const bad = (label: string) => report(scenario('players Yugi, Kaiba', 'turn Yugi', `Yugi field: "Sangan" as ${label}`));
  assert.deepEqual(bad('a.b'), ['4:27 error syntax: expected a label (letters, digits, - and _, starting with a letter)']);
  assert.deepEqual(bad('2g'), ['4:27 error syntax: expected a label (letters, digits, - and _, starting with a letter)']);
  assert.deepEqual(bad('Kaiba'), ["4:27 error syntax: `Kaiba` is a player's name and cannot be a label; choose another name"]);
  assert.deepEqual(bad('chain'), ['4:27 error syntax: `chain` is a keyword of the language and cannot be a label; choose another name']);
  assert.deepEqual(bad('none'), ['4:27 error syntax: `none` is a keyword of the language and cannot be a label; choose another name']);
  for (const good of ['s1', 'sangan-2', 'left_one', 'Baboon2']) assert.deepEqual(bad(good), [], good);
});

// ------------------------------------------------------------------------- fuzz F3

test('ambiguous-card stays small: five copies named, the rest counted, in the message and the related list', () => {
  const n = 400;
  const lines = ['players Yugi, Kaiba', 'turn Yugi'];
  for (let i = 0; i < n; i++) lines.push('Kaiba field: set "Waboku"');
  for (let i = 0; i < n; i++) lines.push('chain', '  1 Yugi "Mystical Space Typhoon" target "Waboku" -> destroy "Waboku"');
  const a = analyze(scenario(...lines));
  const ambiguous = a.diagnostics.filter((d) => d.code === 'ambiguous-card');
  assert.ok(ambiguous.length >= n, `${ambiguous.length} ambiguous-card diagnostics`);
  for (const d of ambiguous) {
    assert.match(d.message, /copy 5 in the field and 395 more;/);
    assert.equal(d.related?.length, 5);
  }
  // Was 67 MB as a JSON report (copies x references); now linear in the references.
  const size = JSON.stringify(a.diagnostics).length;
  assert.ok(size < 2_000_000, `${size} bytes of diagnostics`);
});

test('the new language codes are listed', () => {
  const codes = new Set(LANGUAGE_CODES.map((c) => c.code));
  for (const c of ['missing-turn', 'late-header', 'duplicate-header', 'conflicting-expect', 'duplicate-expect']) assert.ok(codes.has(c), c);
});
