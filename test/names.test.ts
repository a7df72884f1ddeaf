// Tests of name resolution through `analyze` (language.md, "Board lines" and "Card definitions";
// docs/language.md, error codes): card references by name, label and possessive, forgiving name
// matching, aliases, ambiguity, unknown names with suggestions, definition precedence
// (library < workspace < file) and `use` imports.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyze, Analysis, AnalyzeOptions, CardSource, Diagnostic, parse, UseFile } from '../server/src/core/internal';

function fmt(ds: Diagnostic[]): string {
  return ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}: ${d.message}`).join('\n');
}

const HEAD = 'scenario "names"\n  players Yugi, Kaiba\n  turn Yugi\n';

function check(body: string, options?: AnalyzeOptions): Analysis {
  return analyze(HEAD + body, options);
}

/** Language errors only (rule diagnostics are not the point here). */
function errors(a: Analysis): Diagnostic[] {
  return a.diagnostics.filter((d) => d.severity === 'error');
}

function noErrors(a: Analysis): void {
  assert.deepEqual(errors(a), [], `unexpected errors:\n${fmt(errors(a))}`);
}

/** The card reference that starts at (line, character). */
function refAt(a: Analysis, line: number, character: number) {
  const r = a.references.find((x) => x.kind === 'card' && x.range.start.line === line && x.range.start.character === character);
  assert.ok(r, `no card reference at ${line}:${character}; have ${a.references.filter((x) => x.kind === 'card').map((x) => `${x.range.start.line}:${x.range.start.character}`).join(', ')}`);
  return r;
}

function only(a: Analysis, code: string): Diagnostic {
  const ds = a.diagnostics.filter((d) => d.code === code);
  assert.equal(ds.length, 1, `expected one ${code}, got:\n${fmt(a.diagnostics)}`);
  return ds[0];
}

// ---------------------------------------------------------------------------------------------
// references
// ---------------------------------------------------------------------------------------------

test('names: a card name refers to the copy placed on the board', () => {
  // In the GY: Sangan's effect activates there (on the field the scenario would contradict itself, R35).
  const a = check('  Yugi gy:    "Sangan"\n  chain\n    1 Yugi "Sangan"\n');
  noErrors(a);
  const placed = refAt(a, 3, 14);
  const used = refAt(a, 5, 11);
  assert.equal(placed.definition, true);
  assert.equal(used.cardName, 'Sangan');
  assert.ok(used.instance);
  assert.equal(used.instance, placed.instance);
  assert.equal(used.instance!.zone, 'gy');
  assert.equal(used.instance!.owner, 0);
});

test('names: a label refers to its copy', () => {
  const a = check(
    // `-> nothing`: the link's card would Special Summon itself from the GY, and the copy's zone is what is checked.
    '  Yugi gy: "Green Baboon, Defender of the Forest" as baboon2\n  Yugi hand: "Green Baboon, Defender of the Forest" as baboon1\n  chain\n    1 Yugi baboon2 -> nothing\n',
  );
  const placed = a.references.find((r) => r.kind === 'label' && r.label === 'baboon2' && r.definition);
  const used = a.references.find((r) => r.kind === 'label' && r.label === 'baboon2' && !r.definition);
  assert.ok(placed && used);
  assert.equal(used.instance, placed.instance);
  assert.equal(used.instance!.zone, 'gy');
  assert.ok(!a.diagnostics.some((d) => d.code === 'ambiguous-card' || d.code === 'unknown-label'), fmt(a.diagnostics));
});

test("names: `Kaiba's \"X\"` picks Kaiba's copy", () => {
  const a = check('  Yugi field: "Sangan"\n  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy Kaiba\'s "Sangan"\n');
  noErrors(a);
  const kaibas = refAt(a, 4, 15).instance!;
  const ref = refAt(a, 6, 42);
  assert.equal(ref.instance, kaibas);
  assert.equal(ref.instance!.owner, 1);
});

test("names: `Kaiba’s` with a typographic apostrophe works the same", () => {
  const a = check('  Yugi field: "Sangan"\n  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy Kaiba’s "Sangan"\n');
  noErrors(a);
  assert.equal(refAt(a, 6, 42).instance!.owner, 1);
});

test('names: matching ignores case and punctuation (`"ash blossom and joyous spring"` = Ash Blossom & Joyous Spring)', () => {
  const a = check(
    '  Kaiba hand: "ash blossom and joyous spring"\n  Yugi field: "SANGAN", "peten, the dark clown!"\n  chain\n    1 Yugi "Dark Hole"\n    2 Kaiba "Ash Blossom & Joyous Spring"\n',
  );
  assert.ok(!a.diagnostics.some((d) => d.code === 'unknown-card'), fmt(a.diagnostics));
  assert.equal(refAt(a, 3, 14).cardName, 'Ash Blossom & Joyous Spring');
  assert.equal(refAt(a, 4, 14).cardName, 'Sangan');
  assert.equal(refAt(a, 4, 24).cardName, 'Peten the Dark Clown');
  // The link names the same copy the board placed, spelt differently.
  assert.equal(refAt(a, 7, 12).instance, refAt(a, 3, 14).instance);
});

test('names: curly quotes and full-width letters match too', () => {
  const a = check('  Yugi field: “Ｓａｎｇａｎ”\n');
  assert.ok(!a.diagnostics.some((d) => d.code === 'unknown-card'), fmt(a.diagnostics));
  assert.equal(refAt(a, 3, 14).cardName, 'Sangan');
});

test('names: the Japanese alias 《クリッター》 resolves to Sangan', () => {
  const a = check('  Yugi gy:    《クリッター》\n  chain\n    1 Yugi "Sangan"\n');
  noErrors(a);
  const placed = refAt(a, 3, 14);
  assert.equal(placed.cardName, 'Sangan');
  assert.equal(refAt(a, 5, 11).instance, placed.instance);
  assert.equal(a.cards.get('クリッター')!.name, 'Sangan');
});

test('names: the Portuguese aliases "Ordem Imperial" and "Suborno Negro" resolve to Imperial Order and Dark Bribe', () => {
  const a = check('  Yugi field: set "Ordem Imperial"\n  Kaiba field: set "Suborno Negro"\n');
  noErrors(a);
  assert.equal(refAt(a, 3, 18).cardName, 'Imperial Order');
  assert.equal(refAt(a, 4, 19).cardName, 'Dark Bribe');
});

// ---------------------------------------------------------------------------------------------
// errors
// ---------------------------------------------------------------------------------------------

test('names: two copies of one player without a label → ambiguous-card listing both candidates', () => {
  const a = check(
    '  Yugi field: "Sangan"\n  Yugi gy: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy "Sangan"\n',
  );
  const d = only(a, 'ambiguous-card');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 6, character: 34 }, end: { line: 6, character: 42 } });
  // Both candidates: by zone in the message, by board position in the related information.
  assert.match(d.message, /field/);
  assert.match(d.message, /gy/);
  assert.equal(d.related?.length, 2);
  assert.deepEqual(
    d.related!.map((x) => x.range.start.line).sort(),
    [3, 4],
  );
});

test('names: two labelled copies named without their label → ambiguous-card naming both labels', () => {
  const a = check('  Yugi field: "Sangan" as s1, "Sangan" as s2\n  chain\n    1 Yugi "Sangan"\n');
  const d = only(a, 'ambiguous-card');
  assert.match(d.message, /s1/);
  assert.match(d.message, /s2/);
  assert.equal(d.related?.length, 2);
  assert.equal(d.range.start.line, 5);
});

test("names: ambiguous-card between two copies of ONE player does not suggest `Kaiba's \"X\"` (it would not disambiguate)", () => {
  const a = check('  Kaiba field: "Sangan", "Sangan"\n  chain\n    1 Yugi "Mystical Space Typhoon" target "Sangan"\n');
  const d = only(a, 'ambiguous-card');
  assert.equal(d.related?.length, 2);
  assert.notDeepEqual(d.related![0].range, d.related![1].range);
  // Both candidates are Kaiba's: writing Kaiba's "Sangan" names the same two copies again.
  assert.doesNotMatch(d.message, /write Kaiba's "Sangan"/, d.message);
});

test('names: the same name on both sides is not ambiguous for the activating player', () => {
  const a = check('  Yugi field: "Sangan"\n  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  chain\n    1 Yugi "Sangan"\n    2 Kaiba "Sangan"\n');
  assert.ok(!a.diagnostics.some((d) => d.code === 'ambiguous-card'), fmt(a.diagnostics));
  assert.equal(refAt(a, 8, 11).instance!.owner, 0);
  assert.equal(refAt(a, 9, 12).instance!.owner, 1);
});

test('names: a misspelt card → unknown-card with a "did you mean" suggestion and a fix', () => {
  const a = check('  Yugi field: "Sangun"\n');
  const d = only(a, 'unknown-card');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 3, character: 14 }, end: { line: 3, character: 22 } });
  assert.match(d.message, /"Sangun"/);
  assert.match(d.message, /did you mean[^?]*"Sangan"/);
  assert.ok(d.fix && d.fix.length >= 1);
  assert.equal(d.fix[0].edits[0].newText, '"Sangan"');
});

test('names: an unknown card in a link is reported there', () => {
  const a = check('  chain\n    1 Yugi "Dork Hole"\n');
  const d = only(a, 'unknown-card');
  assert.equal(d.range.start.line, 4);
  assert.match(d.message, /"Dark Hole"/);
});

test('names: a player the `players` line does not name → unknown-player', () => {
  const a = check('  chain\n    1 Joey "Dark Hole"\n');
  const d = only(a, 'unknown-player');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 4, character: 6 }, end: { line: 4, character: 10 } });
  assert.match(d.message, /Joey/);
  assert.match(d.message, /Yugi/);
  assert.match(d.message, /Kaiba/);
});

test("names: an unknown possessive owner (`Joey's \"Sangan\"`) → unknown-player", () => {
  const a = check('  Kaiba field: "Sangan"\n  chain\n    1 Yugi "Dark Hole" -> destroy Joey\'s "Sangan"\n');
  const d = only(a, 'unknown-player');
  assert.equal(d.range.start.line, 5);
  assert.equal(d.range.start.character, 34);
});

test('names: an unknown player on a board line → unknown-player', () => {
  const a = check('  Joey field: "Sangan"\n');
  const d = only(a, 'unknown-player');
  assert.equal(d.range.start.line, 3);
});

test('names: an unknown label → unknown-label', () => {
  const a = check('  Yugi field: "Sangan" as s1\n  chain\n    1 Yugi s2\n');
  const d = only(a, 'unknown-label');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 5, character: 11 }, end: { line: 5, character: 13 } });
  assert.match(d.message, /s2/);
});

test('names: labels match case-insensitively', () => {
  const a = check('  Yugi field: "Sangan" as Sangan1\n  chain\n    1 Yugi sangan1\n');
  assert.ok(!a.diagnostics.some((d) => d.code === 'unknown-label'), fmt(a.diagnostics));
});

test('names: a label given to two copies → duplicate-label on the second', () => {
  const a = check('  Yugi field: "Sangan" as s1\n  Kaiba field: "Sangan" as s1\n');
  const d = only(a, 'duplicate-label');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 4, character: 27 }, end: { line: 4, character: 29 } });
});

test('names: a card used but never placed gets no error (assumed where the action implies)', () => {
  const a = check('  chain\n    1 Yugi "Dark Hole" -> destroy all monsters\n  Yugi normal summons "Mystic Tomato"\n');
  assert.deepEqual(errors(a), [], fmt(a.diagnostics));
  const tomato = refAt(a, 5, 22);
  assert.equal(tomato.cardName, 'Mystic Tomato');
  assert.equal(tomato.instance!.implied, true);
  assert.equal(tomato.instance!.owner, 0);
});

test('names: a revival target never placed is assumed to come from the GY; a search from the Deck', () => {
  const a = check('  chain\n    1 Yugi "Monster Reborn" target "Dark Magician" -> special summon "Dark Magician"\n');
  assert.deepEqual(errors(a), [], fmt(a.diagnostics));
  const target = refAt(a, 4, 35);
  assert.equal(target.instance!.implied, true);
  assert.equal(target.instance!.zone === 'gy' || target.instance!.zone === 'field', true, `zone ${target.instance!.zone}`);
});

// ---------------------------------------------------------------------------------------------
// definitions: library < workspace < file
// ---------------------------------------------------------------------------------------------

function source(uri: string, text: string): CardSource {
  return { uri, kind: 'workspace', defs: parse(text).file.cards };
}

test('names: a workspace definition overrides the library', () => {
  const lib = analyze('');
  assert.equal(lib.cards.get('Sangan')!.cardType, 'effect monster');
  assert.equal(lib.cards.get('Sangan')!.origin.kind, 'library');
  const a = analyze('', { uri: 'mem:/main.segoc', workspaceCards: [source('mem:/ws.segoc', 'card "Sangan": normal spell\n')] });
  const card = a.cards.get('Sangan')!;
  assert.equal(card.cardType, 'normal spell');
  assert.equal(card.category, 'spell');
  assert.equal(card.origin.kind, 'workspace');
  assert.equal(card.origin.uri, 'mem:/ws.segoc');
});

test('names: a workspace card unknown to the library becomes known', () => {
  const body = '  Yugi field: "Homebrew Dragon"\n';
  assert.equal(check(body).diagnostics.filter((d) => d.code === 'unknown-card').length, 1);
  const a = check(body, { workspaceCards: [source('mem:/ws.segoc', 'card "Homebrew Dragon": normal monster (dragon, level 4)\n')] });
  assert.ok(!a.diagnostics.some((d) => d.code === 'unknown-card'), fmt(a.diagnostics));
  assert.equal(refAt(a, 3, 14).cardName, 'Homebrew Dragon');
});

test('names: a file definition overrides both the workspace and the library', () => {
  const a = analyze('card "Sangan": continuous trap\n', {
    uri: 'mem:/main.segoc',
    workspaceCards: [source('mem:/ws.segoc', 'card "Sangan": normal spell\n')],
  });
  const card = a.cards.get('Sangan')!;
  assert.equal(card.cardType, 'continuous trap');
  assert.equal(card.origin.kind, 'file');
  assert.deepEqual(
    a.fileCards.map((c) => c.name),
    ['Sangan'],
  );
});

test("names: the file's definition is the one a reference resolves to", () => {
  const a = analyze('card "Sangan": normal spell\n' + HEAD + '  chain\n    1 Yugi "Sangan"\n');
  const ref = a.references.find((r) => r.kind === 'card' && r.cardName === 'Sangan');
  assert.ok(ref);
  assert.equal(ref.instance!.card!.cardType, 'normal spell');
  assert.equal(ref.instance!.card!.origin.kind, 'file');
});

test('names: a workspace source with the same URI as the file is ignored (the file itself wins)', () => {
  const a = analyze('card "Sangan": continuous trap\n', {
    uri: 'mem:/main.segoc',
    workspaceCards: [source('mem:/main.segoc', 'card "Sangan": normal spell\ncard "Only In Old Copy": normal spell\n')],
  });
  assert.equal(a.cards.get('Sangan')!.cardType, 'continuous trap');
  assert.equal(a.cards.get('Only In Old Copy'), undefined);
});

// ---------------------------------------------------------------------------------------------
// use
// ---------------------------------------------------------------------------------------------

function memReader(files: Record<string, string>): NonNullable<AnalyzeOptions['readUse']> {
  return (fromUri: string, p: string): UseFile | { error: string } => {
    const dir = fromUri.slice(0, fromUri.lastIndexOf('/') + 1);
    const uri = dir + p;
    return uri in files ? { uri, text: files[uri] } : { error: 'no such file' };
  };
}

test('names: `use` imports the card definitions of another file (found)', () => {
  const files = {
    'mem:/lib/extra.segoc': 'card "Imported Card": normal spell\nscenario "ignored"\n  players A, B\n  chain\n    1 A "Nope Nope"\n',
  };
  const text = 'use "extra.segoc"\n' + HEAD + '  chain\n    1 Yugi "Imported Card"\n';
  const a = analyze(text, { uri: 'mem:/lib/main.segoc', readUse: memReader(files) });
  assert.deepEqual(errors(a), [], fmt(a.diagnostics));
  assert.deepEqual(a.imports, ['mem:/lib/extra.segoc']);
  assert.equal(a.cards.get('Imported Card')!.cardType, 'normal spell');
  // Only card definitions are imported: the imported file's scenarios are not run.
  assert.equal(a.scenarios.length, 1);
});

test('names: `use` of a file that cannot be read → use-not-found on the path', () => {
  const a = analyze('use "missing.segoc"\n', { uri: 'mem:/main.segoc', readUse: memReader({}) });
  const d = only(a, 'use-not-found');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.range, { start: { line: 0, character: 4 }, end: { line: 0, character: 19 } });
  assert.match(d.message, /missing\.segoc/);
});

test('names: `use` without file access → use-not-found', () => {
  const a = analyze('use "other.segoc"\n');
  only(a, 'use-not-found');
});

test('names: `use` of this file itself → use-cycle', () => {
  const a = analyze('use "main.segoc"\n', { uri: 'mem:/main.segoc', readUse: memReader({ 'mem:/main.segoc': 'use "main.segoc"\n' }) });
  const d = only(a, 'use-cycle');
  assert.equal(d.range.start.line, 0);
});

test('names: an import cycle through another file (a → b → a) → use-cycle on the use line', () => {
  const files = {
    'mem:/a.segoc': 'use "b.segoc"\n',
    'mem:/b.segoc': 'use "a.segoc"\ncard "B Card": normal spell\n',
  };
  const a = analyze(files['mem:/a.segoc'], { uri: 'mem:/a.segoc', readUse: memReader(files) });
  // docs/language.md: "A missing file or an import cycle is reported on the `use` line."
  const d = only(a, 'use-cycle');
  assert.equal(d.range.start.line, 0);
  // The card of b is still imported; the cycle itself is ignored.
  assert.ok(a.cards.get('B Card'));
});

test('names: nested imports (a → b → c) bring in the cards of c', () => {
  const files = {
    'mem:/b.segoc': 'use "c.segoc"\ncard "B Card": normal spell\n',
    'mem:/c.segoc': 'card "C Card": normal trap\n',
  };
  const a = analyze('use "b.segoc"\n', { uri: 'mem:/a.segoc', readUse: memReader(files) });
  assert.deepEqual(errors(a), [], fmt(a.diagnostics));
  assert.ok(a.cards.get('B Card'));
  assert.equal(a.cards.get('C Card')!.cardType, 'normal trap');
  assert.deepEqual([...a.imports].sort(), ['mem:/b.segoc', 'mem:/c.segoc']);
});

test('names: `use` of a file that is not .segoc → use-not-segoc (and the reader is not asked)', () => {
  let asked = 0;
  const a = analyze('use "cards.txt"\n', {
    uri: 'mem:/main.segoc',
    readUse: () => {
      asked++;
      return { uri: 'mem:/cards.txt', text: 'card "T": normal spell\n' };
    },
  });
  const d = only(a, 'use-not-segoc');
  assert.equal(d.severity, 'error');
  assert.equal(d.range.start.line, 0);
  assert.equal(asked, 0);
  assert.equal(a.cards.get('T'), undefined);
});

test('names: an imported definition overrides the workspace; the file overrides the import', () => {
  const files = { 'mem:/imp.segoc': 'card "Sangan": quick-play spell\ncard "Peten the Dark Clown": counter trap\n' };
  const a = analyze('use "imp.segoc"\ncard "Peten the Dark Clown": field spell\n', {
    uri: 'mem:/main.segoc',
    readUse: memReader(files),
    workspaceCards: [source('mem:/ws.segoc', 'card "Sangan": normal spell\n')],
  });
  assert.equal(a.cards.get('Sangan')!.cardType, 'quick-play spell');
  assert.equal(a.cards.get('Peten the Dark Clown')!.cardType, 'field spell');
});

test('names: "did you mean" from the workspace names each card once and never the document\'s own old copy', () => {
  const def = (name: string) => `card "${name}": normal monster (beast, earth, level 4, atk 1500, def 1200)\n`;
  const workspace: CardSource[] = [
    { uri: 'file:///a.segoc', kind: 'workspace', defs: parse(def('Zephyr Lantern')).file.cards },
    { uri: 'file:///b.segoc', kind: 'workspace', defs: parse(def('Zephyr Lantern')).file.cards },
    // The document's own file as the workspace last saw it: its current text no longer defines this card.
    { uri: 'file:///doc.segoc', kind: 'workspace', defs: parse(def('Zephyr Lanterns')).file.cards },
  ];
  // One edit from both names: "Zephyr Lanternz".
  const text = 'scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Zephyr Lanternz"\n';
  const a = analyze(text, { uri: 'file:///doc.segoc', workspaceCards: workspace });
  const d = a.diagnostics.find((x) => x.code === 'unknown-card');
  assert.ok(d, 'the typo is reported');
  assert.match(d.message, /did you mean "Zephyr Lantern"\?/);
  assert.doesNotMatch(d.message, /Zephyr Lanterns/);
  // Another document sees the third file's card too (and the suggestions are remembered per workspace, not per document).
  const b = analyze(text, { uri: 'file:///other.segoc', workspaceCards: workspace });
  assert.match(b.diagnostics.find((x) => x.code === 'unknown-card')!.message, /"Zephyr Lantern", "Zephyr Lanterns"|"Zephyr Lanterns", "Zephyr Lantern"/);
});

test('names: "did you mean" offers the closest names only, a lower layer\'s only when closer', () => {
  const def = (name: string) => `card "${name}": normal monster (beast, earth, level 4, atk 1500, def 1200)\n`;
  const workspace: CardSource[] = [{ uri: 'file:///a.segoc', kind: 'workspace', defs: parse(def('Zephyr Lantern') + def('Zephyr Lancer') + def('Zephyr Lanterns')).file.cards }];
  const suggested = (typo: string, own = '') =>
    analyze(`${own}scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "${typo}"\n`, { uri: 'file:///doc.segoc', workspaceCards: workspace }).diagnostics.find((x) => x.code === 'unknown-card')!.message;
  // "Zephyr Lantern" is one edit away, "Zephyr Lancer" and "Zephyr Lanterns" two: only the first is offered.
  assert.match(suggested('Zephyr Lanten'), /did you mean "Zephyr Lantern"\?$/);
  // Names tied in one layer are all offered.
  assert.match(suggested('Zephyr Lanternz'), /did you mean "Zephyr Lantern", "Zephyr Lanterns"\?$/);
  // The file's own card, one edit away, comes before the workspace's as close: those are not offered.
  assert.match(suggested('Zephyr Lanternz', def('Zephyr Lanternx')), /did you mean "Zephyr Lanternx"\?$/);
  // The file's own card two edits away gives way to the workspace's one edit away.
  assert.match(suggested('Zephyr Lanten', def('Zephyr Lantexx')), /did you mean "Zephyr Lantern"\?$/);
});

test('names: a workspace card is suggested for a typo of its alias even when another card has that name', () => {
  const workspace: CardSource[] = [
    { uri: 'file:///a.segoc', kind: 'workspace', defs: parse('card "Xylophone Drake": normal monster (dragon, wind, level 4, atk 1500, def 1200)\n  alias "Foobar Knight"\n').file.cards },
    { uri: 'file:///b.segoc', kind: 'workspace', defs: parse('card "Foobar Knight": normal monster (warrior, earth, level 4, atk 1500, def 1200)\n').file.cards },
  ];
  const a = analyze('scenario "x"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "Foobar Knigh"\n', { uri: 'file:///doc.segoc', workspaceCards: workspace });
  const d = a.diagnostics.find((x) => x.code === 'unknown-card');
  assert.ok(d && d.message.includes('"Foobar Knight"') && d.message.includes('"Xylophone Drake"'), d?.message);
});

test('names: a name both players have, written without whose, is taken by a default that is said aloud (owner-assumed) and the resolution says whose', () => {
  const a = check(
    '  Yugi field: "Sangan", set "Raigeki Break"\n  Yugi hand: "Peten the Dark Clown"\n  Kaiba field: "Sangan"\n  chain\n' +
      '    1 Yugi "Raigeki Break" cost: discard "Peten the Dark Clown", target "Sangan" -> destroy "Sangan"\n',
  );
  // The target is taken to be the opponent's card; the destroy that follows names the target, so only the target is said.
  const d = only(a, 'owner-assumed');
  assert.equal(d.severity, 'warning');
  assert.equal(d.range.start.line, 7);
  assert.match(d.message, /both players have "Sangan": segoc takes Kaiba's \(a target is taken to be the opponent's card\); write Kaiba's "Sangan" or Yugi's "Sangan"/);
  assert.deepEqual(
    d.fix!.map((f) => f.edits[0].newText),
    ["Kaiba's ", "Yugi's "],
  );
  assert.equal(refAt(a, 7, d.range.start.character).instance!.owner, 1);
  assert.deepEqual(a.scenarios[0].chains[0].links[0].resolution!.did, ['destroys Kaiba\'s "Sangan"']);
  // Written with its owner: no warning, and the words say whose all the same.
  const b = check('  Yugi field: "Sangan", set "Raigeki Break"\n  Yugi hand: "Peten the Dark Clown"\n  Kaiba field: "Sangan"\n  chain\n' + '    1 Yugi "Raigeki Break" cost: discard "Peten the Dark Clown", target Yugi\'s "Sangan" -> destroy "Sangan"\n');
  assert.ok(!b.diagnostics.some((x) => x.code === 'owner-assumed'), fmt(b.diagnostics));
  assert.deepEqual(b.scenarios[0].chains[0].links[0].resolution!.did, ['destroys Yugi\'s "Sangan"']);
  // A card whose text says whose ("target 1 "Gogogo Golem" in your GY") decides it: its player's own copy, no warning.
  const c = check('  Yugi field: "Gogogo Ghost"\n  Yugi gy: "Gogogo Golem"\n  Kaiba gy: "Gogogo Golem"\n  chain\n    1 Yugi "Gogogo Ghost" target "Gogogo Golem"\n');
  assert.ok(!c.diagnostics.some((x) => x.code === 'owner-assumed'), fmt(c.diagnostics));
  assert.equal(refAt(c, 7, 33).instance!.owner, 0);
});

test('names: a list of names both players have (`-> destroy "X", "Y"`) says its default owner as one name does', () => {
  // The list's context dropped the reason for its default owner, so two or more names took the opponent's copies silently.
  const a = check(
    '  Yugi field: "Sangan", "Peten the Dark Clown"\n  Kaiba field: "Sangan", "Peten the Dark Clown"\n  chain\n' +
      '    1 Yugi "Raigeki" -> destroy "Sangan", "Peten the Dark Clown"\n',
  );
  const said = a.diagnostics.filter((x) => x.code === 'owner-assumed').map((x) => x.message.match(/both players have ("[^"]+")/)?.[1]);
  assert.deepEqual(said, ['"Sangan"', '"Peten the Dark Clown"'], fmt(a.diagnostics));
});

test('a name in a link\'s list gives its copy a label: same-named Tokens told apart; a label given twice is duplicate-label', () => {
  const a = check(`  Kaiba field: set "Scapegoat"
  Yugi field: set "Raigeki Break"
  Yugi hand: "Kuriboh"
  chain
    1 Kaiba "Scapegoat" -> special summon "Sheep Token" as S1, "Sheep Token" as S2
  chain
    1 Yugi "Raigeki Break" target S1 cost: discard "Kuriboh" -> destroy S1
  expect S2 in field

card "Scapegoat": quick-play spell
`);
  noErrors(a);
  const tokens = a.references.filter((r) => r.kind === 'label' && r.definition);
  assert.deepEqual(tokens.map((r) => r.label), ['S1', 'S2']);
  assert.notEqual(tokens[0].instance, tokens[1].instance, 'two Tokens, one per label');
  assert.equal(tokens[0].instance?.token, true);
  const twice = check(`  Kaiba field: "Sheep Token" as T1
  Yugi hand: "Raigeki"
  chain
    1 Yugi "Raigeki" -> destroy "Sheep Token" as T2
`);
  assert.match(fmt(errors(twice)), /duplicate-label: this copy already has the label `T1`; use it/);
});
