// The library audit (docs/cards.md, "The library audit"): the facts of a card's effects that its
// official text settles, read the same way from a curated definition and from the effects the text
// inference reads in the official text, so that the two can be compared fact by fact. The script
// `npm run cards:audit` writes the inferred facts of every curated card (facts, never text);
// test/library-audit.test.ts compares the curated library with them.
import { Diagnostic } from '../diagnostics';
import { CardText } from '../syntax/ast';
import { parse } from '../syntax/parser';
import { buildDefinedCard } from './text-effects';
import { CardFilter, CardInfo, EffectInfo, EventPattern } from './types';
import { EFFECT_PROPERTIES } from './vocabulary';

/** One effect's audited facts: fact name -> value, every value a short phrase of the vocabulary. */
export type AuditedEffect = Record<string, string>;

/** The facts of a filter, without the words it did not understand (those may be words of a card text). */
function filterFacts(f: CardFilter): string {
  const parts: string[] = [];
  for (const key of Object.keys(f).sort() as Array<keyof CardFilter>) {
    const v = f[key];
    if (key === 'unknown' || (key as string) === 'raw' || v === undefined || v === false) continue;
    parts.push(v === true ? key : `${key}=${Array.isArray(v) ? [...v].sort().join('/') : String(v)}`);
  }
  if (f.unknown?.length) parts.push('partly understood');
  return parts.join(' ') || 'any card';
}

/** An event pattern as its meaning (two phrasings of one event read the same). */
export function eventFacts(p: EventPattern): string {
  switch (p.kind) {
    case 'card': {
      const parts = [p.subject === 'self' ? 'this card' : `(${filterFacts(p.subject)})`, p.verb];
      if (p.from) parts.push(`from ${p.from}`);
      if (p.toGy) parts.push('to gy');
      if (p.by) parts.push(`by ${p.by}`);
      if (p.summonTypes?.length) parts.push(`as ${[...p.summonTypes].sort().join('/')}`);
      if (p.asCost) parts.push('as cost');
      if (p.byOwnEffect) parts.push('by its own effect');
      if (p.byOwnProcedure) parts.push('by its own procedure');
      if (p.controlledBy) parts.push(`controlled by ${p.controlledBy}`);
      if (p.attacker) parts.push('as attacker');
      if (p.opponentsMonster) parts.push("an opponent's monster");
      if (p.actor && p.actor !== 'any') parts.push(`by ${p.actor}`);
      if (p.attempt) parts.push('(attempt)');
      return parts.join(' ');
    }
    case 'attack':
      return `${p.actor} declares ${p.ordinal ? `attack #${p.ordinal}` : 'an attack'}${p.direct ? ' (direct)' : ''}`;
    case 'activation':
      return `${p.actor} activates ${[...p.what].sort().join('/')}${p.zone ? ` on the ${p.zone}` : ''}${p.includes?.length ? ` including ${[...p.includes].sort().join('/')}` : ''}`;
    case 'damage':
      return `${p.who} takes ${p.battle ? 'battle ' : ''}damage`;
    case 'unknown':
      return 'an event outside the vocabulary';
  }
}

const TRIGGERED = new Set(['trigger', 'phase-trigger', 'quick', 'flip']);

/** The audited facts of one effect (continuous effects are not audited: they never start a chain). */
export function effectFacts(e: EffectInfo): AuditedEffect {
  const f: AuditedEffect = { kind: e.kind };
  if (TRIGGERED.has(e.kind)) f.mandatory = e.mandatory ? 'mandatory' : 'optional';
  if ((e.kind === 'trigger' || e.kind === 'phase-trigger') && !e.mandatory) f.timing = e.timing ?? 'if';
  if (e.event && e.kind !== 'flip') f.event = eventFacts(e.event);
  if (e.phaseTime) f.phase = `${e.phaseTime.whose} ${e.phaseTime.phase}`;
  if (e.kind === 'activation') f.responds = e.responds.map(eventFacts).sort().join('; ') || 'free chain';
  // The properties the audit compares: each row of the property table that names its fact.
  for (const p of EFFECT_PROPERTIES) {
    const value = p.audit?.value(e);
    if (p.audit && value !== undefined) f[p.audit.name] = value;
  }
  return f;
}

/** The audited facts of a card's effects, in card order. */
export function cardFacts(card: CardInfo): AuditedEffect[] {
  return card.effects.filter((e) => e.kind !== 'continuous').map(effectFacts);
}

const ORIGIN = { kind: 'file' as const, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };

/**
 * The card the text inference reads in an official text, built as a definition with that text and
 * no effect lines is built (so by the same path as `text "..."` in a user's file).
 */
export function cardFromText(name: string, cardType: string, text: string, pendulumText?: string): CardInfo | undefined {
  const def = parse(`card "${name.replace(/["\\]/g, '\\$&')}": ${cardType}\n`).file.cards[0];
  if (!def) return undefined;
  const range = def.name.range;
  const texts: CardText[] = [{ kind: 'text', language: 'en', pendulum: false, text, range, line: def.line }];
  if (pendulumText) texts.push({ kind: 'text', language: 'en', pendulum: true, text: pendulumText, range, line: def.line });
  const diagnostics: Diagnostic[] = [];
  return buildDefinedCard({ ...def, texts }, ORIGIN, diagnostics).card;
}

/** One difference: `effects` (their number) or `effect N <fact>`, and what each side says. */
export interface AuditDifference {
  key: string;
  curated: string;
  inferred: string;
}

/** Where the curated facts and the facts read in the official text differ. */
export function auditDifferences(curated: AuditedEffect[], inferred: AuditedEffect[]): AuditDifference[] {
  const describe = (l: AuditedEffect[]) => l.map((e) => e.kind).join(', ') || 'none';
  if (curated.length !== inferred.length) return [{ key: 'effects', curated: describe(curated), inferred: describe(inferred) }];
  // Texts of one card may order its effects differently (the English and the Japanese ①② of Machina
  // Peacekeeper): each curated effect is compared with the first unused one of its kind, else the next unused.
  const unused = inferred.map((_, i) => i);
  const take = (i: number) => unused.splice(unused.indexOf(i), 1)[0];
  const partner = curated.map((c) => take(unused.find((i) => inferred[i].kind === c.kind) ?? unused[0]));
  const out: AuditDifference[] = [];
  curated.forEach((c, i) => {
    const t = inferred[partner[i]];
    for (const fact of new Set([...Object.keys(c), ...Object.keys(t)])) {
      if (c[fact] !== t[fact]) out.push({ key: `effect ${i + 1} ${fact}`, curated: c[fact] ?? '-', inferred: t[fact] ?? '-' });
    }
  });
  return out;
}

/**
 * The explained differences of a library file: `# audit: <key>: <reason>` comments indented inside a
 * card's block (after its `card "..."` line), by card name, then by difference key.
 */
export function auditExplanations(fileText: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let card: string | undefined;
  for (const line of fileText.split(/\r?\n/)) {
    const header = /^card\s+"((?:[^"\\]|\\.)*)"/.exec(line);
    if (header) {
      card = header[1].replace(/\\(.)/g, '$1');
      continue;
    }
    if (/^\S/.test(line)) card = undefined;
    const audit = /^\s+#\s*audit:\s*(effects|effect \d+ \w+):\s*(.+)$/.exec(line);
    if (card && audit) {
      const reasons = out.get(card) ?? new Map<string, string>();
      reasons.set(audit[1], audit[2].trim());
      out.set(card, reasons);
    }
  }
  return out;
}
