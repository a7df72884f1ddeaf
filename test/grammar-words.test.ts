// The TextMate grammar (syntaxes/segoc.tmLanguage.json) against the parser's table of the language's words
// (core/syntax/words.ts, LANGUAGE_WORDS): every word of the table gets its class's scope in its class's probe
// line, and the grammar matches no word that is neither in the table nor in the card vocabulary. The
// semantic tokens read the same table (lsp/semantic-tokens.ts): a phase word of a `phase` line is a phase.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tm from 'vscode-textmate';
import * as onig from 'vscode-oniguruma';
import {
  ACTIVATION_PHRASES,
  analyze,
  ATTRIBUTES,
  CARD_TYPE_NAMES,
  EVENT_PHRASES,
  LANGUAGE_WORDS,
  modifierCompletions,
  PHASE_TIMES,
  RACES,
  SUMMON_PHRASES,
  WordClass,
} from '../server/src/core/internal';
import { LEGEND, semanticTokens } from '../server/src/lsp/semantic-tokens';
import { ACTIONS, KEYWORDS, PHASES, ZONES } from '../server/src/lsp/token-words';
import { repoRoot } from './helpers';

const root = repoRoot();
const GRAMMAR = path.join(root, 'syntaxes', 'segoc.tmLanguage.json');

let grammar: Promise<tm.IGrammar> | undefined;

function loadGrammar(): Promise<tm.IGrammar> {
  grammar ??= (async () => {
    const wasm = fs.readFileSync(path.join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
    await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new tm.Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new onig.OnigScanner(p), createOnigString: (s: string) => new onig.OnigString(s) }),
      loadGrammar: async () => tm.parseRawGrammar(fs.readFileSync(GRAMMAR, 'utf8'), GRAMMAR),
    });
    return (await registry.loadGrammar('source.segoc'))!;
  })();
  return grammar;
}

/** The scopes of the token at `at` of a line, tokenized alone. */
function scopesAt(g: tm.IGrammar, line: string, at: number): string[] {
  const { tokens } = g.tokenizeLine(line, tm.INITIAL);
  return tokens.find((t) => t.startIndex <= at && at < t.endIndex)?.scopes ?? [];
}

test('grammar words: every word of the parser\'s table gets its class\'s scope', async () => {
  const g = await loadGrammar();
  const wrong: string[] = [];
  for (const [name, c] of Object.entries(LANGUAGE_WORDS) as Array<[string, WordClass]>) {
    for (const word of c.words) {
      // A modifier's start word is probed as its whole modifier (`once` -> `once per turn`), as completion offers it.
      const phrase = name === 'modifiers' ? modifierCompletions().find((m) => m.startsWith(`${word} `)) ?? word : c.phrase?.(word) ?? word;
      const line = c.probe.replace('$', phrase);
      const scopes = scopesAt(g, line, c.probe.indexOf('$'));
      if (!scopes.some((s) => s.startsWith(c.scope))) wrong.push(`${name} \`${word}\` in \`${line}\`: ${scopes.slice(1).join(' ') || 'no scope'}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/** The words a grammar's patterns spell out (`[sS][eE][tT]`: set), as they are written case-insensitively there. */
function grammarWords(): Set<string> {
  const out = new Set<string>();
  const json = JSON.stringify(JSON.parse(fs.readFileSync(GRAMMAR, 'utf8')));
  for (const m of json.matchAll(/(?:\[[a-zA-Z][a-zA-Z]\]|(?<=\])[0-9]|(?<=\])-(?=\[))+/g)) {
    out.add(m[0].replace(/\[([a-zA-Z])[a-zA-Z]\]/g, (_, c: string) => c.toLowerCase()));
  }
  return out;
}

/** The card vocabulary's words (monster types, attributes, card types, event and modifier phrases): the grammar may colour them. */
function vocabularyWords(): Set<string> {
  const phrases = [...RACES, ...ATTRIBUTES, ...CARD_TYPE_NAMES, ...EVENT_PHRASES, ...ACTIVATION_PHRASES, ...SUMMON_PHRASES, ...PHASE_TIMES, ...modifierCompletions()];
  return new Set(phrases.flatMap((p) => p.toLowerCase().split(/[\s']+/)));
}

/**
 * Words the grammar colours that are neither keywords nor vocabulary: card tags (`level 4`), what a link's
 * action names (`pay 1000 lp`, `change ... to defence position`), a link reference (`cl1`, the `cl` of it),
 * the possessive (`'s`), the subjects of events (`this card`, `your`) and `battled` (a verb the vocabulary reads,
 * verbs.ts, that no completion phrase shows).
 */
const GRAMMAR_ONLY = ['battled', 'level', 'rank', 'link', 'atk', 'def', 'lp', 'attack', 'defence', 'position', 'cl', 's', 'this', 'you', 'your', 'opponent', 'each', 'monsters', 'spells', 'traps', 'cards', 'all', 'none', 'face-down', 'legal', 'illegal', 'tcg', 'ocg'];

const CONNECTIVES = ['at', 'in', 'as', 'with', 'to', 'into', 'of', 'on', 'and', 'or', 'then', 'by'];

test('grammar words: the grammar colours no word that is neither in the table nor in the card vocabulary', () => {
  const known = new Set<string>([...Object.values(LANGUAGE_WORDS).flatMap((c: WordClass) => c.words), ...vocabularyWords(), ...GRAMMAR_ONLY, ...CONNECTIVES]);
  const stray = [...grammarWords()].filter((w) => !known.has(w));
  assert.deepEqual(stray.sort(), []);
});

test('grammar words: semantic tokens read a phase line\'s word as a phase, `phase damage` too', () => {
  for (const phase of LANGUAGE_WORDS.phases.words) {
    const a = analyze(`scenario "s"\n  players A, B\n  turn A\n  phase ${phase}\n`);
    const data = semanticTokens(a).data;
    let line = 0;
    let found: string | undefined;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      if (line === 3 && data[i + 1] > 2) found = LEGEND.tokenTypes[data[i + 3]];
    }
    assert.equal(found, 'enumMember', `phase ${phase}`);
  }
});

test('grammar words: the highlighters\' word sets (lsp/token-words.ts, also the playground\'s) hold every word of the table', () => {
  const missing: string[] = [];
  const expect = (set: ReadonlySet<string>, words: readonly string[], what: string) => missing.push(...words.filter((w) => !set.has(w)).map((w) => `${what} ${w}`));
  for (const c of Object.values(LANGUAGE_WORDS) as WordClass[]) {
    if (c.token === 'keyword') expect(KEYWORDS, c.words, 'keyword');
    if (c.token === 'function') expect(new Set([...ACTIONS, ...KEYWORDS]), c.words, 'action');
  }
  expect(ZONES, LANGUAGE_WORDS.zones.words, 'zone');
  expect(PHASES, LANGUAGE_WORDS.phases.words, 'phase');
  assert.deepEqual(missing, []);
});
