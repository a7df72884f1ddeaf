// Tests of the lexer (language.md, "Lexical rules"): quoted names in their three quote styles,
// escapes, comments, possessives, arrows, continuation lines, hyphenated words, unterminated
// names and line endings. Every test asserts concrete tokens and ranges.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { endsWithComma, lex, parse, Token } from '../server/src/core/internal';

/** A compact view of a token: kind and text, e.g. `string:Sangan`, `word:Yugi`, `punct:->`. */
function show(t: Token): string {
  return `${t.kind}:${t.text}`;
}

function tokensOf(text: string): Token[] {
  const r = lex(text);
  assert.equal(r.lines.length, 1, `expected one logical line in ${JSON.stringify(text)}, got ${r.lines.length}`);
  return r.lines[0].tokens;
}

function rangeOf(t: Token): [number, number, number, number] {
  return [t.range.start.line, t.range.start.character, t.range.end.line, t.range.end.character];
}

test('lexer: straight quotes make one string token with the unquoted text and the full range', () => {
  const ts = tokensOf('Yugi field: "Sangan"');
  assert.deepEqual(ts.map(show), ['word:Yugi', 'word:field', 'punct::', 'string:Sangan']);
  assert.equal(ts[3].quote, '"');
  assert.equal(ts[3].unterminated, undefined);
  assert.deepEqual(rangeOf(ts[3]), [0, 12, 0, 20]);
  assert.deepEqual(rangeOf(ts[0]), [0, 0, 0, 4]);
});

test('lexer: curly quotes “…” are a name, remembered as curly', () => {
  const ts = tokensOf('1 Yugi “Peten the Dark Clown”');
  assert.deepEqual(ts.map(show), ['number:1', 'word:Yugi', 'string:Peten the Dark Clown']);
  assert.equal(ts[2].quote, '“');
  assert.deepEqual(rangeOf(ts[2]), [0, 7, 0, 29]);
});

test('lexer: Japanese brackets 《…》 are a name', () => {
  const ts = tokensOf('Yugi gy: 《クリッター》');
  assert.deepEqual(ts.map(show), ['word:Yugi', 'word:gy', 'punct::', 'string:クリッター']);
  assert.equal(ts[3].quote, '《');
  assert.deepEqual(rangeOf(ts[3]), [0, 9, 0, 16]);
});

test('lexer: a straight quote inside 《…》 is part of the name', () => {
  const ts = tokensOf('《a"b》');
  assert.deepEqual(ts.map(show), ['string:a"b']);
});

test('lexer: \\" escapes a quote inside a name', () => {
  const ts = tokensOf('Yugi hand: "Maxx \\"C\\""');
  assert.equal(ts.length, 4);
  assert.equal(ts[3].kind, 'string');
  assert.equal(ts[3].text, 'Maxx "C"');
  assert.equal(ts[3].unterminated, undefined);
  // The range covers the escapes as written: `"Maxx \"C\""` is 12 characters from column 11.
  assert.deepEqual(rangeOf(ts[3]), [0, 11, 0, 23]);
});

test('lexer: # starts a comment to the end of the line, kept with its range', () => {
  const r = lex('chain # the first chain\n# a comment line\n');
  assert.equal(r.lines.length, 1);
  assert.deepEqual(r.lines[0].tokens.map(show), ['word:chain']);
  assert.equal(r.lines[0].comments.length, 1);
  assert.equal(r.lines[0].comments[0].text, '# the first chain');
  assert.deepEqual(r.lines[0].comments[0].range, { start: { line: 0, character: 6 }, end: { line: 0, character: 23 } });
  // A comment alone on its line is a file-level comment.
  assert.equal(r.comments.length, 1);
  assert.equal(r.comments[0].text, '# a comment line');
  assert.equal(r.comments[0].range.start.line, 1);
});

test('lexer: # inside a quoted name is not a comment', () => {
  const r = lex('Yugi hand: "Card #1" # real comment');
  const ts = r.lines[0].tokens;
  assert.deepEqual(ts.map(show), ['word:Yugi', 'word:hand', 'punct::', 'string:Card #1']);
  assert.equal(r.lines[0].comments.length, 1);
  assert.equal(r.lines[0].comments[0].text, '# real comment');
});

test("lexer: possessive 's after a player is its own token (straight apostrophe)", () => {
  const ts = tokensOf(`destroy Kaiba's "Sangan"`);
  assert.deepEqual(ts.map(show), ['word:destroy', 'word:Kaiba', "possessive:'s", 'string:Sangan']);
  assert.deepEqual(rangeOf(ts[2]), [0, 13, 0, 15]);
});

test('lexer: possessive ’s with a typographic apostrophe', () => {
  const ts = tokensOf('destroy Kaiba’s "Sangan"');
  assert.deepEqual(ts.map(show), ['word:destroy', 'word:Kaiba', "possessive:'s", 'string:Sangan']);
});

test("lexer: possessive in upper case 'S", () => {
  const ts = tokensOf(`KAIBA'S "Sangan"`);
  assert.deepEqual(ts.map(show), ['word:KAIBA', "possessive:'s", 'string:Sangan']);
});

test('lexer: -> is one punctuation token, also glued to its neighbours', () => {
  const ts = tokensOf('1 Yugi "Dark Hole" -> destroy all monsters');
  assert.deepEqual(ts.map(show), [
    'number:1',
    'word:Yugi',
    'string:Dark Hole',
    'punct:->',
    'word:destroy',
    'word:all',
    'word:monsters',
  ]);
  assert.deepEqual(rangeOf(ts[3]), [0, 19, 0, 21]);
  const glued = tokensOf('"Dark Hole"->destroy');
  assert.deepEqual(glued.map(show), ['string:Dark Hole', 'punct:->', 'word:destroy']);
  // A word followed by an arrow: the hyphen is not an inner hyphen of the word.
  const word = tokensOf('nothing->nothing');
  assert.deepEqual(word.map(show), ['word:nothing', 'punct:->', 'word:nothing']);
});

test('lexer: a line ending in , continues on the next line (one logical line)', () => {
  const r = lex('Yugi field: "Sangan",\n  "Peten the Dark Clown",\n  "Witch of the Black Forest"\nchain');
  assert.equal(r.lines.length, 2);
  const l = r.lines[0];
  assert.equal(l.firstLine, 0);
  assert.equal(l.lastLine, 2);
  assert.deepEqual(
    l.tokens.filter((t) => t.kind === 'string').map((t) => t.text),
    ['Sangan', 'Peten the Dark Clown', 'Witch of the Black Forest'],
  );
  assert.deepEqual(l.range, { start: { line: 0, character: 0 }, end: { line: 2, character: 29 } });
  // Tokens keep their physical positions.
  assert.deepEqual(rangeOf(l.tokens[5]), [1, 2, 1, 24]);
  assert.equal(r.lines[1].firstLine, 3);
  assert.deepEqual(r.lines[1].tokens.map(show), ['word:chain']);
});

test('lexer: blank and comment lines inside a continuation do not end it; their comments join the line', () => {
  const r = lex('Yugi field: "Sangan", # first\n\n  # between\n  "Peten the Dark Clown"');
  assert.equal(r.lines.length, 1);
  assert.equal(r.lines[0].firstLine, 0);
  assert.equal(r.lines[0].lastLine, 3);
  assert.deepEqual(
    r.lines[0].comments.map((c) => c.text),
    ['# first', '# between'],
  );
  assert.equal(r.comments.length, 0);
});

test('lexer: a line not ending in , ends the statement even if the next line starts with ,', () => {
  const r = lex('chain\n, 1 Yugi "Sangan"');
  assert.equal(r.lines.length, 2);
  assert.deepEqual(r.lines[1].tokens.map(show)[0], 'punct:,');
});

test('lexer: words keep inner hyphens (damage-step, quick-play, beast-warrior, face-down)', () => {
  const ts = tokensOf('phase damage-step quick-play beast-warrior face-down');
  assert.deepEqual(ts.map(show), ['word:phase', 'word:damage-step', 'word:quick-play', 'word:beast-warrior', 'word:face-down']);
  assert.deepEqual(rangeOf(ts[1]), [0, 6, 0, 17]);
});

test('lexer: dates with hyphens are one token (2016-06, 2017-04-01) and not numbers', () => {
  const ts = tokensOf('rules tcg as of 2016-06');
  assert.deepEqual(ts.map(show), ['word:rules', 'word:tcg', 'word:as', 'word:of', 'word:2016-06']);
  const full = tokensOf('as of 2017-04-01');
  assert.equal(full[2].text, '2017-04-01');
  assert.equal(full[2].kind, 'word');
});

test('lexer: numbers are number tokens', () => {
  const ts = tokensOf('Kaiba takes 1000 damage');
  assert.deepEqual(ts.map(show), ['word:Kaiba', 'word:takes', 'number:1000', 'word:damage']);
});

test('lexer: a trailing or leading hyphen is not part of a word', () => {
  const ts = tokensOf('abc- -def');
  assert.deepEqual(ts.map(show), ['word:abc', 'unknown:-', 'unknown:-', 'word:def']);
});

test('lexer: keywords get a lower-case form; names keep their case', () => {
  const ts = tokensOf('SCENARIO "Dark HOLE"');
  assert.equal(ts[0].text, 'SCENARIO');
  assert.equal(ts[0].lower, 'scenario');
  assert.equal(ts[1].text, 'Dark HOLE');
});

test('lexer: an unterminated name is flagged and runs to the end of the line', () => {
  const r = lex('Yugi field: "Sangan, Peten\nchain');
  assert.equal(r.lines.length, 2, 'the unterminated name must not swallow the next line');
  const ts = r.lines[0].tokens;
  assert.equal(ts.length, 4);
  const s = ts[3];
  assert.equal(s.kind, 'string');
  assert.equal(s.unterminated, true);
  assert.equal(s.text, 'Sangan, Peten');
  assert.deepEqual(r.lines[1].tokens.map(show), ['word:chain']);
  const r2 = lex('Yugi field: "Sangan');
  const t2 = r2.lines[0].tokens[3];
  assert.equal(t2.unterminated, true);
  assert.equal(t2.text, 'Sangan');
  assert.deepEqual(rangeOf(t2), [0, 12, 0, 19]);
});

test('lexer: unterminated curly and bracket names are flagged', () => {
  assert.equal(tokensOf('“Sangan')[0].unterminated, true);
  assert.equal(tokensOf('《クリッター')[0].unterminated, true);
});

test('lexer: a trailing backslash inside a name does not escape the end of the line', () => {
  const ts = tokensOf('"abc\\');
  assert.equal(ts.length, 1);
  assert.equal(ts[0].unterminated, true);
});

test('lexer: CRLF line endings give the same tokens and no \\r in any token or comment', () => {
  const lf = 'scenario "t"\n  players Yugi, Kaiba # who\n  Yugi field: "Sangan",\n    "Peten the Dark Clown"\n';
  const crlf = lf.replace(/\n/g, '\r\n');
  const a = lex(lf);
  const b = lex(crlf);
  assert.equal(b.lines.length, 3);
  assert.deepEqual(
    b.lines.map((l) => l.tokens.map(show)),
    a.lines.map((l) => l.tokens.map(show)),
  );
  assert.deepEqual(
    b.lines.map((l) => l.tokens.map((t) => t.range)),
    a.lines.map((l) => l.tokens.map((t) => t.range)),
  );
  assert.equal(b.lines[1].comments[0].text, '# who');
  for (const l of b.lines) for (const t of l.tokens) assert.ok(!t.text.includes('\r'), `token ${show(t)} holds a CR`);
  assert.equal(b.lineCount, a.lineCount);
});

test('lexer: a lone CR also ends a line', () => {
  const r = lex('chain\r1 Yugi "Sangan"');
  assert.equal(r.lines.length, 2);
  assert.equal(r.lines[1].firstLine, 1);
});

test('lexer: tabs, no-break spaces and a BOM are whitespace', () => {
  const ts = tokensOf('\ufeff\tYugi\u00a0field:\t"Sangan"');
  assert.deepEqual(ts.map(show), ['word:Yugi', 'word:field', 'punct::', 'string:Sangan']);
  assert.equal(ts[0].range.start.character, 2);
});

test('lexer: full-width colon and ideographic comma are punctuation', () => {
  const ts = tokensOf('Yugi field：《クリッター》、《クリッター》');
  assert.deepEqual(ts.map(show), ['word:Yugi', 'word:field', 'punct::', 'string:クリッター', 'punct:,', 'string:クリッター']);
});

test('lexer: an unknown character becomes an unknown token with its range; an astral character is one token', () => {
  const ts = tokensOf('a @ 😀 b');
  assert.deepEqual(ts.map(show), ['word:a', 'unknown:@', 'unknown:😀', 'word:b']);
  assert.deepEqual(rangeOf(ts[2]), [0, 4, 0, 6]);
});

test('lexer: empty text gives no logical line and one physical line', () => {
  const r = lex('');
  assert.equal(r.lines.length, 0);
  assert.equal(r.comments.length, 0);
  assert.equal(r.lineCount, 1);
});

test('lexer: 5,000 continuation lines form one logical line (no super-linear path: a hang guard, not a benchmark)', { timeout: 60000 }, () => {
  const n = 5000;
  const text = 'Yugi deck: ' + Array.from({ length: n }, () => '"Sangan"').join(',\n') + '\nchain';
  const r = lex(text);
  assert.equal(r.lines.length, 2);
  assert.equal(r.lines[0].tokens.filter((t) => t.kind === 'string').length, n);
  assert.equal(r.lines[0].lastLine, n - 1);
});

test('lexer: a `,` inside a trailing comment or at the end of a quoted name does not continue the line', () => {
  const r = lex('chain # links follow,\n1 Yugi "Sangan"');
  assert.equal(r.lines.length, 2);
  const q = lex('Yugi gy: "Green Baboon, Defender of the Forest"\nchain');
  assert.equal(q.lines.length, 2);
  assert.equal(q.lines[0].tokens[3].text, 'Green Baboon, Defender of the Forest');
  const u = lex('Yugi gy: "Sangan,\nchain');
  assert.equal(u.lines.length, 2);
  assert.equal(u.lines[0].tokens[3].unterminated, true);
});

test('endsWithComma: the lexer\'s continuation rule for one physical line, without lexing plain lines', () => {
  const cases: Array<[string, boolean | undefined]> = [
    ['  Yugi field: "Sangan",', true],
    ['  Yugi field: "Sangan"', false],
    ['  Yugi field: "Sangan", # more below', true],
    ['card "Number #39: Utopia": effect monster (warrior, light, level 4,', true], // `#` inside a name is no comment
    ['  "Sangan"   ', false],
    ['  "Sangan",\u3000', true],
    ['  "A"、', true], // the ideographic comma is a comma
    ['  "unterminated,', false], // the comma is inside the (unterminated) name
    ['  Yugi field: "Sang', false],
    ['  players Yugi,', true],
    ['  x,\u000b', false], // a vertical tab is a token, not a space
    ['', undefined],
    ['   # only a comment,', undefined],
  ];
  for (const [line, expected] of cases) {
    const lexed = lex(line).lines[0]?.tokens;
    const byLexer = lexed ? lexed[lexed.length - 1].kind === 'punct' && lexed[lexed.length - 1].text === ',' : undefined;
    assert.equal(byLexer, expected, `the lexer on ${JSON.stringify(line)}`);
    assert.equal(endsWithComma(line), expected, JSON.stringify(line));
  }
});

test('parser tokens: the tokens the tree keeps stay as they were when later lines are lexed', () => {
  // Effect lines keep their phrase as tokens; the lines after them must not change them.
  const text = ['card "A": effect monster', '  trigger optional when this card is sent to the gy', 'card "B": effect monster', '  trigger mandatory when this card is destroyed by battle', 'scenario "s"', '  players Yugi, Kaiba'].join('\n');
  const file = parse(text).file;
  const phrases = file.cards.map((c) => c.effects.map((e) => e.phrase.map((t) => t.text).join(' ')));
  assert.deepEqual(phrases, [['this card is sent to the gy'], ['this card is destroyed by battle']]);
  assert.deepEqual(rangeOf(file.cards[0].effects[0].phrase[0]), [1, 24, 1, 28]);
  // A statement's line gives its own tokens again after the parse (lexed anew, equal to `lex`).
  const again = file.lines.map((l) => l.line.tokens.map(show).join(' '));
  assert.deepEqual(again, lex(text).lines.map((l) => l.tokens.map(show).join(' ')));
});
