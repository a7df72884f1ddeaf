// Card names written back as text (fuzz turn 3, F4 and F15; issue 25 item 8): one function, quoteName, escapes
// them, so that a quick fix, a SARIF fix, `segoc card`, `segoc infer` and the messages can be pasted back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, defaultProviders, inferEffects, lex, parse, quoteName, render, renderDefinition } from '../server/src/core/internal';
import { applyEdits } from './fuzz/checks';
import './generated-cards';

/** The one name a line of text lexes to (the first string token). */
function nameIn(text: string): string | undefined {
  return lex(text).lines.flatMap((l) => l.tokens).find((t) => t.kind === 'string')?.text;
}

test('quoteName: every name reads back as itself', () => {
  for (const name of ['Maxx "C"', 'Back\\', 'a\\"b', '"', '\\\\', 'Spell Card "Monster Reborn"', '《x》']) {
    assert.equal(nameIn(`card ${quoteName(name)}: normal trap`), name, quoteName(name));
  }
  // A line break, which no name holds, is written as a space: the definition stays one line.
  assert.equal(quoteName('Two\nscenario "injected"'), '"Two scenario \\"injected\\""');
});

/** Every library name with a quote in it (82 of them when this test was written). */
function quotedLibraryNames(): string[] {
  const names = new Set<string>();
  for (const p of defaultProviders()) for (const n of p.names()) if (n.name.includes('"')) names.add(n.name);
  return [...names];
}

test('[did-you-mean-quotes] "did you mean" on a library name with quotes inserts it escaped: applied, it reads back as that name', () => {
  const names = quotedLibraryNames();
  assert.ok(names.length >= 50, `${names.length} library names with quotes`);
  let fixed = 0;
  for (const name of names) {
    // One letter dropped (not a quote): a typo that "did you mean" finds.
    const at = [...name].findIndex((c, i) => i > 2 && /[A-Za-z]/.test(c));
    const typo = name.slice(0, at) + name.slice(at + 1);
    const text = `scenario "f"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi ${quoteName(typo)}\n`;
    const d = analyze(text).diagnostics.find((x) => x.code === 'unknown-card');
    assert.ok(d, `${typo} is unknown`);
    assert.ok(d!.message.startsWith(`unknown card ${quoteName(typo)}:`), d!.message);
    const fix = d!.fix?.[0];
    if (!fix) continue;
    fixed++;
    const after = applyEdits(text, fix.edits);
    const problems = analyze(after).diagnostics.filter((x) => ['syntax', 'unterminated-name', 'unknown-card', 'unknown-statement', 'unknown-label'].includes(x.code));
    assert.deepEqual(problems.map((x) => `${x.code}: ${x.message}`), [], `${fix.title}:\n${after}`);
    assert.equal(fix.title, `Change to ${quoteName(nameIn(after.split('\n')[4])!)}`);
  }
  assert.ok(fixed >= names.length * 0.8, `${fixed} of ${names.length} typos got a fix`);
});

test('[infer-name] `segoc infer --name` writes the name escaped (F15)', () => {
  const card = inferEffects({ text: 'You can draw 1.', typeLine: 'effect monster' });
  for (const name of ['Back\\', 'Two\nscenario "injected"', 'Maxx "C"']) {
    const out = renderDefinition(name, card);
    const parsed = parse(out);
    assert.equal(parsed.file.cards.length, 1, out);
    assert.equal(parsed.file.scenarios.length, 0, out);
    assert.equal(parsed.file.cards[0].name.text, name.replace('\n', ' '), out);
  }
});

test('[invisible-names] invisible characters inside a name are dropped, and bidi controls never reach a render (F13)', () => {
  const text = (name: string) => `scenario "\u202Eevil"\n  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "${name}"\n`;
  for (const name of ['San\u00ADgan', 'Sangan\u200B', 'San\u200Bgan', '\u202ESangan', 'Sang\u2066an']) {
    assert.deepEqual(analyze(text(name)).diagnostics.filter((d) => d.code === 'unknown-card').map((d) => d.message), [], JSON.stringify(name));
  }
  const a = analyze(text('\u202ESangan'));
  for (const format of ['html', 'svg', 'markdown', 'wikitext'] as const) {
    assert.doesNotMatch(render({ title: 't\u202Ex', scenarios: a.scenarios }, format), /[\u202a-\u202e\u2066-\u2069]/, format);
  }
});
