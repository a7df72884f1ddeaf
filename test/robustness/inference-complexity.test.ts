// Complexity guards of the card text inference (fuzz turn 3, F2 and F10): a pasted text that repeats a phrase must
// cost time in proportion to its length. Wide margins, no timed budget: four times the text may cost at most
// about eight times the time (a quadratic path costs sixteen times, an exponential one far more).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, inferEffects, renderDefinition } from '../../server/src/core/internal';

/** The best of two runs of `run` on `input`, in milliseconds. */
function best(run: () => void): number {
  let ms = Infinity;
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    run();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}

/** Asserts that `cost(4n)` stays near 4 × `cost(n)`. */
function assertLinear(what: string, cost: (n: number) => number, n: number): void {
  const small = cost(n);
  const large = cost(4 * n);
  assert.ok(large < 8 * small + 60, `${what}: ${Math.round(small)} ms at ${n}, ${Math.round(large)} ms at ${4 * n} (linear: about 4×)`);
}

/** Texts that each made a pattern of the inference retry from every repeat (n: the text's length, about). */
const HOSTILE: Array<[string, (n: number) => string, string]> = [
  ['①：相手フィールドの表側表示の… (the event subject)', (n) => `①：${'相手フィールドの表側表示の'.repeat(n / 13)}発動できる。`, 'effect monster'],
  ['①：（… (brackets never closed)', (n) => `①：${'（'.repeat(n)}発動できる。`, 'effect monster'],
  ['（…', (n) => '（'.repeat(n), 'effect monster'],
  ['た時、… (an older optional or mandatory effect)', (n) => `${'た時、'.repeat(n / 3)}。x`, 'effect monster'],
  ['デッキから… (what a Trap includes)', (n) => 'デッキから'.repeat(n / 5), 'normal trap'],
  ['このカードが… (an event of this card)', (n) => `①：${'このカードが'.repeat(n / 6)}た場合に発動できる。`, 'effect monster'],
  ['Special Summon … (what a Trap includes)', (n) => 'Special Summon '.repeat(n / 15), 'normal trap'],
  ['add … (a search)', (n) => `You can ${'add '.repeat(n / 4)}.`, 'effect monster'],
  ['You can … summon this card … (an older procedure)', (n) => `You can ${'special summon this card '.repeat(n / 25)}.`, 'effect monster'],
  ['another … (the subject of an event)', (n) => `You can ${'another '.repeat(n / 8)}: draw 1.`, 'normal trap'],
  ['The target … (the words of a target filter)', (n) => `You can ${'The target '.repeat(n / 11)}: draw 1.`, 'continuous spell'],
];

describe('the card text inference is linear', () => {
  for (const [what, text, typeLine] of HOSTILE) {
    test(`[infer-quadratic] ${what}`, () => {
      assertLinear(what, (n) => best(() => inferEffects({ text: text(n), typeLine })), 6000);
    });
  }

  test('[infer-exponential] "During during a during a ...:" is not split every way', () => {
    // english.ts TRIGGER_OPENING: `(?:during [^,]*,? )*` let each "during" end anywhere; 28 of them took 15 s.
    const text = (n: number) => `During ${'during a '.repeat(n)}x: You can draw 1.`;
    assertLinear('during × n', (n) => best(() => inferEffects({ text: text(n), typeLine: 'effect monster' })), 6);
  });

  test('[infer-render-spaces] `segoc infer` writes a run of spaces in linear time (F10)', () => {
    // cards/from-inferred.ts (was infer/render.ts): /\s*\n\s*/g retried from every space of a run (100,000 spaces: 3 s).
    const text = (n: number) => `If${' '.repeat(n)}: draw 1`;
    assertLinear('spaces', (n) => best(() => renderDefinition('X', inferEffects({ text: text(n), typeLine: 'effect monster' }))), 10000);
  });

  test('[text-too-long] a card text past 8,000 characters is a warning and is not read', () => {
    const long = `①：${'相手フィールドの表側表示の'.repeat(700)}発動できる。`;
    const file = `card "H": effect monster (fiend, dark, level 4)\n  text ja "${long}"\n\nscenario "s"\n  players Yugi, Kaiba\n  turn Yugi\n  Yugi field: "H"\n`;
    const d = analyze(file).diagnostics.filter((x) => x.code === 'text-too-long');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'warning');
    assert.equal(d[0].range.start.line, 1);
    assert.match(d[0].message, /9,1\d\d characters long; segoc reads a text of up to 8,000 characters/);
  });
});
