// The document formatter (core/format.ts): idempotent, keeps comments, tokens and meaning, keeps the
// lines it cannot read verbatim.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { analyze, formatDocument, lex, parse } from '../server/src/core/internal';
import { repoRoot } from './helpers';

const ROOT = repoRoot();

function segocFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...segocFiles(p));
    else if (e.name.endsWith('.segoc')) out.push(p);
  }
  return out.sort();
}

const SAMPLES = segocFiles(path.join(ROOT, 'samples'));
const LIBRARY = segocFiles(path.join(ROOT, 'server', 'cards'));

/** The tokens of a text, without positions: what the parser sees. */
function tokenStream(text: string): string[] {
  return lex(text).lines.map((l) => l.tokens.map((t) => `${t.kind}:${t.text}:${t.quote ?? ''}`).join(' '));
}

function commentTexts(text: string): string[] {
  const lx = lex(text);
  const all = [...lx.comments, ...lx.lines.flatMap((l) => l.comments)];
  all.sort((a, b) => a.range.start.line - b.range.start.line);
  return all.map((c) => c.text.trimEnd());
}

/** What the checker says about a text, independent of line numbers. */
function verdicts(text: string): unknown {
  const a = analyze(text);
  return {
    scenarios: a.scenarios.map((s) => ({ title: s.title, verdict: s.verdict, met: s.expectationsMet, chains: s.chains.map((c) => c.links.map((l) => [l.number, l.legal, l.codes.join(','), l.category ?? 0, l.spellSpeed])) })),
    diagnostics: a.diagnostics.map((d) => `${d.code}/${d.severity}/${d.scenario ?? ''}/${d.chain ?? ''}/${d.link ?? ''}`).sort(),
    cards: a.fileCards.map((c) => `${c.name}:${c.cardType}:${c.effects.length}`),
  };
}

describe('formatDocument', () => {
  test('the samples and the card library exist', () => {
    assert.ok(SAMPLES.length >= 10, `${SAMPLES.length} samples`);
    assert.ok(LIBRARY.length >= 3, `${LIBRARY.length} library files`);
  });

  for (const file of [...SAMPLES, ...LIBRARY]) {
    const rel = path.relative(ROOT, file);
    test(`${rel}: idempotent, same tokens, same comments, same verdicts`, () => {
      const text = fs.readFileSync(file, 'utf8');
      const once = formatDocument(text);
      assert.equal(formatDocument(once), once, 'format(format(x)) === format(x)');
      assert.deepEqual(tokenStream(once), tokenStream(text), 'same statements');
      assert.deepEqual(commentTexts(once), commentTexts(text), 'every comment kept');
      assert.deepEqual(verdicts(once), verdicts(text), 'same analysis');
      assert.ok(once.endsWith('\n') && !once.endsWith('\n\n'), 'one newline at the end');
      assert.ok(!/\n[ \t]*\n[ \t]*\n/.test(once), 'at most one blank line in a row');
    });
  }

  test('an explicit example: indentation, spacing, quotes, comments, blank lines', () => {
    const before = [
      '# Example file',
      'card "Mirror Knight" :effect monster ( warrior ,light, level 4 )',
      '      trigger optional when summoned ,from hand',
      '  alias 《ミラー・ナイト》',
      'scenario   "Dark Hole"   # title comment',
      'source "Yugipedia, \\"SEGOC\\""',
      '   players Yugi ,Kaiba',
      'turn Yugi',
      '',
      '',
      '',
      '      # the board',
      'Yugi field : "Sangan" ,"Peten the Dark Clown" as peten,',
      '"Witch of the Black Forest"',
      'Kaiba field: Kaiba \'s "Sangan"',
      'chain',
      '1 Yugi "Dark Hole"->destroy all monsters',
      '        chain',
      '  1 Yugi "Sangan"    #   mandatory first',
      '2 Yugi peten',
      'expect legal',
      'scenario "second"',
      '  players A,B',
    ].join('\n');
    const after = [
      '# Example file',
      'card "Mirror Knight": effect monster (warrior, light, level 4)',
      '  trigger optional when summoned, from hand',
      '  alias 《ミラー・ナイト》',
      '',
      'scenario "Dark Hole"  # title comment',
      '  source "Yugipedia, \\"SEGOC\\""',
      '  players Yugi, Kaiba',
      '  turn Yugi',
      '',
      '  # the board',
      '  Yugi field: "Sangan", "Peten the Dark Clown" as peten,',
      '      "Witch of the Black Forest"',
      '  Kaiba field: Kaiba\'s "Sangan"',
      '  chain',
      '    1 Yugi "Dark Hole" -> destroy all monsters',
      '  chain',
      '    1 Yugi "Sangan"  #   mandatory first',
      '    2 Yugi peten',
      '  expect legal',
      '',
      'scenario "second"',
      '  players A, B',
      '',
    ].join('\n');
    assert.equal(formatDocument(before), after);
    assert.equal(formatDocument(after), after);
  });

  test('comments: trailing after two spaces, full-line ones indented like the next statement', () => {
    const text = 'scenario "c"\n# about the players\nplayers Yugi, Kaiba # the two\n  chain\n        # the first link\n1 Yugi "Dark Hole"\n';
    assert.equal(
      formatDocument(text),
      'scenario "c"\n  # about the players\n  players Yugi, Kaiba  # the two\n  chain\n    # the first link\n    1 Yugi "Dark Hole"\n',
    );
  });

  test('a comment block right above a scenario moves with it, after one blank line', () => {
    const text = 'scenario "a"\n  players Yugi, Kaiba\n# next one\n# is better\nscenario "b"\n';
    assert.equal(formatDocument(text), 'scenario "a"\n  players Yugi, Kaiba\n\n# next one\n# is better\nscenario "b"\n');
  });

  test('lines the parser cannot read are kept verbatim, with all their text', () => {
    const bad = [
      '   this is not   a statement ,  at all',
      'scenario "x"',
      '  players Yugi, Kaiba',
      '  Yugi   field:   "Sangan" "Peten"', // missing comma: a syntax error
      '  1   Yugi "Dark Hole"', // a link outside a chain
      '  Yugi gy: "unterminated   name',
      '  chain',
      '    1 Yugi "Dark Hole"  ->  destroy  ',
    ];
    const out = formatDocument(bad.join('\n')).split('\n');
    const roles = parse(bad.join('\n')).file.lines.map((l) => l.role);
    assert.equal(roles[0], 'error');
    assert.equal(out[0], bad[0]);
    assert.ok(out.includes(bad[3]), 'syntax error line kept');
    assert.ok(out.includes(bad[4]), 'link outside a chain kept');
    assert.ok(out.includes(bad[5]), 'unterminated name kept');
    assert.ok(out.includes(bad[7]), 'an action without its card kept');
    assert.equal(formatDocument(out.join('\n')), out.join('\n'));
  });

  test('quotes keep their style; escapes are written so the name reads back the same', () => {
    const text = 'scenario "q"\n  Yugi hand: "Say \\"Hi\\"",  “Curly",《クリッター》, "back\\\\slash\\\\"\n';
    const out = formatDocument(text);
    assert.equal(out, 'scenario "q"\n  Yugi hand: "Say \\"Hi\\"", “Curly”, 《クリッター》, "back\\\\slash\\\\"\n');
    assert.deepEqual(tokenStream(out), tokenStream(text));
  });

  test('CRLF documents stay CRLF; empty documents stay empty', () => {
    assert.equal(formatDocument('scenario "x"\r\nplayers A, B\r\n'), 'scenario "x"\r\n  players A, B\r\n');
    assert.equal(formatDocument(''), '');
    assert.equal(formatDocument('\n\n   \n'), '');
  });

  test('never loses text nor changes meaning on random documents (property)', () => {
    const pieces = [
      'scenario "S"',
      'scenario   “T”  # c',
      'card "C": effect monster (beast, level 3)',
      '  trigger optional when summoned, from hand',
      'players Yugi,Kaiba',
      'turn Yugi',
      'Yugi field: "Sangan",',
      '   "Peten the Dark Clown" as p1',
      'Kaiba hand : Kaiba\'s "Sangan"',
      'chain',
      '1 Yugi "Dark Hole" -> destroy all monsters',
      '  2  Kaiba p1 cost: discard "X" , target "Y"->negate 1',
      'expect illegal segoc-order at 2 in chain 1',
      '# a comment',
      '      # an indented comment',
      '',
      '   ',
      'garbage ( ) , : ->',
      '"unterminated',
      '《unterminated',
      'Yugi gy: "a\\"b"',
      'rules ocg as of 2016-06',
      'x,',
      '\t\tchain\t# tab',
      'phase end of battle phase',
      "1 Yugi ’s 's",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const text = lines.join(eol);
        const once = formatDocument(text);
        assert.equal(formatDocument(once), once, 'idempotent');
        assert.deepEqual(tokenStream(once), tokenStream(text), 'same tokens');
        assert.deepEqual(commentTexts(once), commentTexts(text), 'same comments');
        assert.deepEqual(
          parse(once).file.lines.map((l) => l.role),
          parse(text).file.lines.map((l) => l.role),
          'same line roles',
        );
      }),
      { numRuns: 300 },
    );
  });
});
