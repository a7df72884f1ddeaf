// Writes inferred effects as `.segoc` effect lines in today's vocabulary, so the card builder reads
// them as it reads hand-written ones (hover, quick fix and `segoc infer` show the same lines).
import type { Zone } from '../words';
import { zoneAfterSelfEvent } from './common';
import { quoteName } from '../syntax/quote';
import type { InferredCard, InferredEffect } from './types';

export interface RenderedLine {
  /** The effect line; undefined for an effect that is not written as a line (continuous, implied activation). */
  line?: string;
  /** What stands in place of a line that is not written (`continuous: ...`). */
  comment?: string;
  effect: InferredEffect;
}

/** Where the card builder assumes a trigger activates when no `from` is written (cards/from-segoc.ts). */
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

const ZONE_WORD: Record<Zone, string> = { field: 'field', hand: 'hand', gy: 'gy', banished: 'banished', deck: 'deck', extra: 'extra', overlay: 'overlay' };

/** An event phrase the vocabulary lacks, made safe for an effect line (no commas or quotes). */
function safePhrase(s: string): string {
  // From "Once per turn, before damage calculation, if ..." keep what follows the opener: a leading
  // "once per turn" would read as a modifier.
  const opener = /^.*?\b(?:when|if)\b\s*/i.exec(s);
  if (opener && opener[0].length < s.length) s = s.slice(opener[0].length);
  return s.toLowerCase().replace(/"[^"]*"/g, 'a card').replace(/[^a-z0-9' -]+/g, ' ').replace(/\s+/g, ' ').trim() || 'an unlisted event';
}

function modifiers(e: InferredEffect): string[] {
  const m: string[] = [];
  if (!sameZones(e.zones, builderDefault(e)) && e.kind !== 'activation') m.push(`from ${e.zones.map((z) => ZONE_WORD[z]).join(' or ')}`);
  if (e.chooseOne) m.push('choose one');
  if (e.setTurn) m.push(e.setTurn);
  if (e.summonsItself) m.push('summons itself');
  if (e.oncePerTurn) m.push('once per turn');
  if (e.oncePerChain) m.push('once per chain');
  if (e.targets) m.push(`targets ${e.targetFilter ?? 'a card'}`);
  if (e.damageStep) m.push('damage step');
  if (e.negatesActivation) m.push('negates activation');
  if (e.changesAtk) m.push('changes atk');
  if (e.includes.length) m.push(`includes ${e.includes.join(' or ')}`);
  if (e.window) m.push(e.window);
  return m;
}

function head(e: InferredEffect): string | undefined {
  const m = e.mandatory ? 'mandatory' : 'optional';
  switch (e.kind) {
    case 'activation':
      // A free-chain activation is the card type's default, unless its text lets it do more (R34).
      // A modal card's choices are written out, one `activation, choose one` line each.
      return e.event ? `responds to ${e.event}` : e.setTurn || e.chooseOne ? 'activation' : undefined;
    case 'trigger':
      if (e.phase) return `phase trigger ${m} ${e.phase}`;
      return `trigger ${m} ${e.timing ?? 'if'} ${e.event ?? safePhrase(e.notes[0]?.replace(/^event not in the vocabulary: /i, '') ?? '')}`;
    case 'quick':
      return e.event ? `quick ${m} when ${e.event}` : `quick ${m}`;
    case 'ignition':
      return 'ignition';
    case 'flip':
      return `flip ${m}`;
    case 'continuous':
      return undefined;
  }
}

export function renderEffectLines(card: InferredCard): RenderedLine[] {
  return card.effects.map((e) => {
    const h = head(e);
    if (h) return { line: [h, ...modifiers(e)].join(', '), effect: e };
    if (e.kind === 'continuous') return { comment: 'continuous (never starts a chain)', effect: e };
    return { comment: `activation of the card${modifiers(e).length ? `: ${modifiers(e).join(', ')}` : ''}`, effect: e };
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

// A sentence on one line: each run of white space with a line break in it becomes one space. (The pattern
// `\s*\n\s*` was retried from every space of a long run of them: quadratic.)
function oneLine(sentence: string): string {
  return sentence.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
}

/** A whole card definition: `card "Name": <type>` and its inferred lines, each after its sentence as a comment. */
export function renderDefinition(name: string, card: InferredCard): string {
  const t = card.type;
  const type = t.category === 'monster' ? 'effect monster' : SEGOC_TYPE[`${t.category}:${t.property ?? 'normal'}`];
  const out = [`card ${quoteName(name)}: ${type}`];
  for (const r of renderEffectLines(card)) {
    if (r.effect.sentence) out.push(`  # ${r.effect.pendulum ? '[Pendulum] ' : ''}${oneLine(r.effect.sentence)}`);
    out.push(r.line ? `  ${r.line}` : `  # -> ${r.comment}`);
    for (const n of r.effect.notes) out.push(`  # note: ${n}`);
  }
  for (const n of card.notes) out.push(`  # note: ${n}`);
  return out.join('\n');
}
