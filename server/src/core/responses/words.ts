// Who can act at a point, in words and as JSON: the one wording the hover, the preview, completion and
// `segoc explain --responses` share (what the answer is made of is answer.ts).
import { UnknownFact } from '../engine/results';
import { zoneLabel } from '../labels';
import { quoteName } from '../syntax/quote';
import { PointAnswer, ResponseAnswer, ResponseOption } from './answer';

export const ANSWER_MARKS: Readonly<Record<ResponseAnswer, string>> = { yes: '✓', no: '✗', unknown: '?', 'if-assumed': '~' };

export const ANSWER_WORDS: Readonly<Record<ResponseAnswer, string>> = {
  yes: 'can be activated',
  no: 'cannot be activated',
  unknown: 'unknown: the card library lacks a fact it rests on',
  'if-assumed': 'only if what the scenario does not show happened',
};

/** `"Ash Blossom & Joyous Spring" effect 1 (hand, quick, Spell Speed 2)`; a Pendulum Scale's activation is no numbered effect (R66). */
export function optionName(o: ResponseOption): string {
  return `${quoteName(o.card)} ${o.effect === 0 ? 'as a Pendulum Scale' : `effect ${o.effect}`} (${zoneLabel(o.zone)}, ${o.effectKind}${o.spellSpeed ? `, Spell Speed ${o.spellSpeed}` : ''})`;
}

/** Why (not): the rule and its message, the unknown fact, or the assumption it rests on. */
export function optionWhy(o: ResponseOption): string {
  switch (o.answer) {
    case 'no':
      return o.reasons.map((r) => r.message).join('; ');
    case 'unknown':
      return o.reasons.length ? o.reasons.map((r) => r.message).join('; ') : o.unknownFacts.map(unknownText).join('; ');
    case 'if-assumed':
      return o.assumptions.join('; ');
    case 'yes':
      return o.assumptions.length ? `assuming ${o.assumptions.join('; ')}` : '';
  }
}

function unknownText(f: UnknownFact): string {
  return `unknown: ${f.what} (${f.why})`;
}

/** The rules an option's answer cites (`R7, R30`). */
export function optionRules(o: ResponseOption): string[] {
  return [...new Set(o.reasons.map((r) => r.rule).filter((r): r is string => !!r))];
}

/** The point as plain lines: where it is, the chart's box, priority, then each player's options (yes first). */
export function pointLines(a: PointAnswer): string[] {
  const out = [`${a.label}: ${a.boxText}${a.priority ? `; ${a.priority} holds priority` : ''}`];
  if (a.box === 'resolving') return out;
  for (const p of a.players) {
    if (!p.options.length) {
      out.push(`  ${p.player}: no card the scenario shows has an effect to activate`);
      continue;
    }
    out.push(`  ${p.player}:`);
    for (const o of p.options) {
      const why = optionWhy(o);
      out.push(`    ${ANSWER_MARKS[o.answer]} ${optionName(o)}: ${ANSWER_WORDS[o.answer]}${why ? ` — ${why}` : ''}`);
    }
  }
  return out;
}

/** The point as JSON (lines from 1), for `segoc explain --responses --format json`. */
export function pointJson(a: PointAnswer) {
  return {
    kind: a.point.kind,
    line: a.point.range.start.line + 1,
    chain: a.point.chain,
    link: a.point.link,
    label: a.label,
    box: a.box,
    priority: a.priority ?? null,
    nextLink: a.nextLink,
    players: a.players.map((p) => ({
      player: p.player,
      options: p.options.map((o) => ({
        card: o.card,
        zone: o.zone,
        effect: o.effect,
        effectKind: o.effectKind,
        spellSpeed: o.spellSpeed,
        answer: o.answer,
        rules: optionRules(o),
        reasons: o.reasons,
        unknownFacts: o.unknownFacts.map((f) => ({ card: f.card, effect: f.effect, fact: f.fact, what: f.what })),
        assumptions: o.assumptions,
        link: `${a.nextLink} ${o.link}`,
      })),
    })),
  };
}
