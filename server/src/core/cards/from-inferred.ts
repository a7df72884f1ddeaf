// Effects inferred from official card text (core/infer) as one producer of CardFacts: each inferred
// effect becomes EffectFacts directly (its phrases read by the vocabulary), and its effect line is
// printed by the one printer (to-segoc.ts), so `segoc infer`, the hover, the quick fix and the card the
// engine uses all say the same thing. Continuous effects and a Spell/Trap's plain activation (its card
// type's default) are not written as lines, and are left to makeCard as a written card leaves them.
import type { Zone } from '../syntax/ast';
import { zoneAfterSelfEvent } from '../infer/common';
import { sentencesOf, textCoverage } from './text-coverage';
import { quoteName } from '../syntax/quote';
import type { InferredCard, InferredEffect } from '../infer';
import { CardInfo, CardOrigin, EffectFacts } from './types';
import { makeCard } from './facts';
import { readPhrase } from './from-segoc';
import { printEffectLine } from './to-segoc';
import { interpretEvent, interpretModifier, interpretPhaseTime, printModifiers, ZONE_WORDS } from './vocabulary';

export interface RenderedLine {
  /** The effect line; undefined for an effect that is not written as a line (continuous, implied activation). */
  line?: string;
  /** What stands in place of a line that is not written (`continuous: ...`). */
  comment?: string;
  effect: InferredEffect;
}

/** Where the card builder puts a trigger when no `from` is stated (the inference states one only where it differs). */
function builderDefault(e: InferredEffect): Zone[] {
  if ((e.kind === 'trigger' || e.kind === 'quick') && e.event && !e.phase) {
    const z = e.event === 'leaves the field' ? undefined : zoneAfterSelfEvent(e.event);
    if (z && !/\b(is|are)\b/.test(e.event) && !/^(opponent|you |an attack)/.test(e.event)) return [z];
  }
  return ['field'];
}

function sameZones(a: Zone[], b: Zone[]): boolean {
  return a.length === b.length && a.every((z) => b.includes(z));
}

/** An event phrase the vocabulary lacks, made safe for an effect line (no commas or quotes). */
function safePhrase(s: string): string {
  // From "Once per turn, before damage calculation, if ..." keep what follows the opener: a leading
  // "once per turn" would read as a modifier.
  const opener = /^.*?\b(?:when|if)\b\s*/i.exec(s);
  if (opener && opener[0].length < s.length) s = s.slice(opener[0].length);
  return s.toLowerCase().replace(/"[^"]*"/g, 'a card').replace(/[^a-z0-9' -]+/g, ' ').replace(/\s+/g, ' ').trim() || 'an unlisted event';
}

function event(phrase: string) {
  const { words, text } = readPhrase(phrase);
  return interpretEvent(words, text);
}

/** Reads a phrase the inference wrote in the vocabulary's words (a window, a target filter, the set-turn modifier). */
function modifier(into: EffectFacts, phrase: string): void {
  const { words, text } = readPhrase(phrase);
  interpretModifier(into, words, text);
}

/** The head of an inferred effect as facts: kind, optional or mandatory, timing and event; undefined: no line. */
function head(e: InferredEffect): EffectFacts | undefined {
  const mandatory = e.mandatory;
  switch (e.kind) {
    case 'activation':
      // A free-chain activation is the card type's default, unless its text lets it do more (R34).
      // A modal card's choices are written out, one `activation, choose one` line each.
      if (e.event) return { kind: 'activation', responds: e.event.split(',').map((p) => event(p.trim())) };
      return e.setTurn || e.chooseOne || e.does ? { kind: 'activation', responds: [] } : undefined;
    case 'trigger': {
      if (e.phase) {
        const { words, text } = readPhrase(e.phase);
        const p = interpretPhaseTime(words, text);
        return { kind: 'phase-trigger', mandatory, phaseTime: p.time, condition: p.condition };
      }
      const phrase = e.event ?? safePhrase(e.notes[0]?.replace(/^event not in the vocabulary: /i, '') ?? '');
      return { kind: 'trigger', mandatory, timing: e.timing ?? 'if', event: event(phrase) };
    }
    case 'quick':
      return e.event ? { kind: 'quick', mandatory, timing: 'when', event: event(e.event) } : { kind: 'quick', mandatory };
    case 'ignition':
      return { kind: 'ignition' };
    case 'flip':
      return { kind: 'flip', mandatory };
    case 'continuous':
      // Written as a line where the text says what it forbids or negates while face-up (R62-R65).
      return e.restricts?.length ? { kind: 'continuous' } : undefined;
  }
}

/** One inferred effect as facts, or undefined where it is not written as a line. */
export function inferredEffectFacts(e: InferredEffect): EffectFacts | undefined {
  const f = head(e);
  if (!f) return undefined;
  if (!sameZones(e.zones, builderDefault(e)) && e.kind !== 'activation') {
    const zones = e.zones.filter((z) => ZONE_WORDS[z] === z);
    if (zones.length) f.activatesFrom = zones;
  }
  if (e.chooseOne) f.chooseOne = true;
  // A sentence of the card's Pendulum text is a Pendulum Effect (R66).
  if (e.pendulum) f.pendulumEffect = true;
  if (e.setTurn) modifier(f, e.setTurn);
  if (e.summonsItself) f.summonsItself = true;
  // "You can only activate 1 X per turn" on an activation (R39); "You can only use this effect of X once per turn" (R38).
  if (e.oncePerTurn === 'name' && e.kind === 'activation') f.activateOncePerTurn = true;
  else if (e.oncePerTurn === 'name') f.oncePerTurnByName = true;
  if (e.oncePerTurn && !(e.oncePerTurn === 'name' && e.kind === 'activation')) f.oncePerTurn = true;
  if (e.oncePerChain) f.oncePerChain = true;
  if (e.oncePerBattle) f.oncePerBattle = true;
  if (e.targets) modifier(f, `targets ${e.targetFilter ?? 'a card'}`);
  if (e.targetNotRechecked) f.targetNotRechecked = true;
  if (e.damageStep) f.damageStep = true;
  if (e.negatesActivation) f.negatesActivation = true;
  if (e.noResponse) f.noResponse = e.noResponse;
  if (e.changesAtk) f.changesAtk = true;
  if (e.includes.length) f.includes = [...e.includes];
  if (e.window) modifier(f, e.window);
  if (e.does) modifier(f, `does ${e.does}`);
  for (const r of e.restricts ?? []) modifier(f, r);
  if (e.cost) modifier(f, `cost ${e.cost}`);
  if (e.conditions) modifier(f, `while ${e.conditions}`);
  if (e.handConditions) modifier(f, `from field or hand (while ${e.handConditions})`);
  return f;
}

/**
 * Sets the text of the effects a source stated without one: its line as `segoc card` prints it (the
 * implied activation of a Spell/Trap keeps its card type).
 */
export function printTexts(card: CardInfo, stated: readonly EffectFacts[]): void {
  const offset = card.effects.length - stated.length;
  stated.forEach((f, i) => {
    const e = card.effects[i + offset];
    if (f.text === undefined) e.text = printEffectLine(card, e) ?? e.text;
  });
}

const SEGOC_TYPE: Record<string, string> = {
  'spell:normal': 'normal spell',
  'spell:quick-play': 'quick-play spell',
  'spell:continuous': 'continuous spell',
  'spell:field': 'field spell',
  'spell:equip': 'equip spell',
  'spell:ritual': 'ritual spell',
  'trap:normal': 'normal trap',
  'trap:continuous': 'continuous trap',
  'trap:counter': 'counter trap',
};

const NOWHERE: CardOrigin = { kind: 'inferred', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };

/** The card type a definition of an inferred card is written with. */
function segocType(card: InferredCard): string {
  const t = card.type;
  return t.category === 'monster' ? 'effect monster' : SEGOC_TYPE[`${t.category}:${t.property ?? 'normal'}`];
}

/** Every inferred effect with its line where it has one, printed from its facts (`cardType`: the card's, default from the text's type). */
export function renderEffectLines(card: InferredCard, cardType = segocType(card)): RenderedLine[] {
  const facts = card.effects.map(inferredEffectFacts);
  const stated = facts.filter((f): f is EffectFacts => !!f);
  const built = makeCard({ name: 'X', cardType, effects: stated }, NOWHERE);
  const offset = built.effects.length - stated.length;
  let next = 0;
  return card.effects.map((e, i) => {
    if (facts[i]) return { line: printEffectLine(built, built.effects[offset + next++]) ?? 'activation', effect: e };
    if (e.kind === 'continuous') return { comment: 'continuous (never starts a chain)', effect: e };
    const mods = inferredEffectFacts({ ...e, kind: 'activation', event: undefined, chooseOne: true });
    const props = mods ? printedModifiers(built, mods) : [];
    return { comment: `activation of the card${props.length ? `: ${props.join(', ')}` : ''}`, effect: e };
  });
}

/** The modifiers of an implied activation's facts as printed (for the comment that stands for its line). */
function printedModifiers(card: CardInfo, f: EffectFacts): string[] {
  const c = makeCard({ name: 'X', cardType: card.cardType, effects: [{ ...f, chooseOne: false }] }, NOWHERE);
  return printModifiers(c.effects[0], c);
}

// A sentence on one line: each run of white space with a line break in it becomes one space. (The pattern
// `\s*\n\s*` was retried from every space of a long run of them: quadratic.)
function oneLine(sentence: string): string {
  return sentence.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
}

/** A whole card definition: `card "Name": <type>` and its inferred lines, each after its sentence as a comment. */
export function renderDefinition(name: string, card: InferredCard, text?: string): string {
  const out = [`card ${quoteName(name)}: ${segocType(card)}`];
  for (const r of renderEffectLines(card)) {
    if (r.effect.sentence) out.push(`  # ${r.effect.pendulum ? '[Pendulum] ' : ''}${oneLine(r.effect.sentence)}`);
    out.push(r.line ? `  ${r.line}` : `  # -> ${r.comment}`);
    for (const n of r.effect.notes) out.push(`  # note: ${n}`);
  }
  for (const n of card.notes) out.push(`  # note: ${n}`);
  // Nothing dropped silently: each sentence of the text that no effect was read from (and that is not a
  // material line, a Summoning condition or a limit) is listed.
  if (text) {
    const noted = [...card.notes, ...card.effects.flatMap((e) => e.notes)].map(oneLine).join('\n');
    for (const n of textCoverage(text, card.effects.filter((e) => !e.pendulum)).unread) {
      const sentence = oneLine(sentencesOf(text)[n - 1]);
      if (!noted.includes(sentence)) out.push(`  # not read: ${sentence}`);
    }
  }
  return out.join('\n');
}
