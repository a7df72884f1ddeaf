// The words of a continuous effect that forbids or negates while its card is face-up on the field (R62-R65), as a
// `continuous` line writes them: one modifier per restriction. Read and printed here, so the card files, `segoc
// card`, the generated library's lines and the hovers say them one way.
//   locks activation of <what> [for opponent|for you] [if a condition holds]      Royal Decree's kin: Jinzo, Majesty's Fiend
//   locks special summons [for opponent|for you] [except some monsters] [...]     Vanity's Emptiness
//   negates <monster|spell|trap|some> effects on the field [...]                  Skill Drain, Imperial Order, Royal Decree
//   negates effects that move cards in the gy [...]                               Necrovalley
//   locks banishing [from gy] [for opponent|for you] [...]                                               Imperial Iron Wall, Necrovalley
//   unaffected by <other card|spell|trap|spell and trap|monster|opponent|some> effects [...]
// `some` is the word for a scope the source does not say in a form the engine reads: a named unknown fact, never "legal".
import type { LockedPlayers, LockScope, Restriction, UnaffectedScope } from '../types';

/** The first words of the modifiers (the parser splits an effect line at them). */
export const RESTRICTION_STARTS: readonly string[] = ['locks', 'negates', 'unaffected'];

const CONDITION = ['if', 'a', 'condition', 'holds'];

const SCOPES: ReadonlyArray<readonly [string, LockScope]> = [
  ['cards and effects', 'cards-and-effects'],
  ['cards or effects', 'cards-and-effects'],
  ['monster effects', 'monster-effects'],
  ['spell cards', 'spell-cards'],
  ['trap cards', 'trap-cards'],
  ['spell and trap cards', 'spell-trap-cards'],
  ['spell or trap cards', 'spell-trap-cards'],
  ['spell cards unless set earlier', 'spell-cards-unless-set'],
  ['some cards', 'unknown'],
];

const UNAFFECTED: ReadonlyArray<readonly [string, UnaffectedScope]> = [
  ['other card', 'other'],
  ['spell', 'spell'],
  ['trap', 'trap'],
  ['spell and trap', 'spell-trap'],
  ['monster', 'monster'],
  ['opponent', 'opponent'],
  ['some', 'unknown'],
];

const NEGATED = ['monster', 'spell', 'trap', 'some'] as const;

/** The words of the negation of effects that would move a card in the GY (Necrovalley). */
const GY_MOVES = 'negates effects that move cards in the gy';

/** Takes a trailing `if a condition holds`; returns the words before it and whether it was there. */
function conditionOf(ws: readonly string[]): { rest: readonly string[]; conditional: boolean } {
  const n = ws.length;
  if (n >= 4 && CONDITION.every((w, i) => ws[n - 4 + i] === w)) return { rest: ws.slice(0, n - 4), conditional: true };
  return { rest: ws, conditional: false };
}

/** Takes a trailing `for opponent` / `for you` (default: both players). */
function whoOf(ws: readonly string[]): { rest: readonly string[]; who: LockedPlayers } {
  const n = ws.length;
  if (n >= 2 && ws[n - 2] === 'for' && (ws[n - 1] === 'opponent' || ws[n - 1] === 'you')) return { rest: ws.slice(0, n - 2), who: ws[n - 1] as LockedPlayers };
  return { rest: ws, who: 'both' };
}

/** One modifier's words (lower-cased) as a restriction, or undefined when they are not one. */
export function readRestriction(words: readonly string[]): Restriction | undefined {
  const { rest: ws, conditional } = conditionOf(words);
  const text = ws.join(' ');
  if (text.startsWith('locks activation of ')) {
    const { rest, who } = whoOf(ws.slice(3));
    const what = SCOPES.find(([w]) => w === rest.join(' '))?.[1];
    return what ? { kind: 'cannot-activate', who, what, conditional } : undefined;
  }
  if (text.startsWith('locks special summons')) {
    let rest = ws.slice(3);
    const except = rest.join(' ').endsWith('except some monsters');
    if (except) rest = rest.slice(0, -3);
    const w = whoOf(rest);
    return w.rest.length ? undefined : { kind: 'cannot-special-summon', who: w.who, except, conditional };
  }
  if (text.startsWith('locks banishing')) {
    const { rest, who } = whoOf(ws);
    const from = rest.join(' ') === 'locks banishing' ? 'any' : rest.join(' ') === 'locks banishing from gy' ? 'gy' : undefined;
    return from ? { kind: 'cannot-banish', who, from, conditional } : undefined;
  }
  if (text === GY_MOVES) return { kind: 'negates-effects', what: 'gy-moves', conditional };
  if (ws[0] === 'negates' && text.endsWith(' effects on the field') && ws.length === 6) {
    const what = NEGATED.find((x) => x === ws[1]);
    return what ? { kind: 'negates-effects', what: what === 'some' ? 'unknown' : what, conditional } : undefined;
  }
  if (ws[0] === 'unaffected' && ws[1] === 'by' && ws[ws.length - 1] === 'effects') {
    const by = UNAFFECTED.find(([w]) => w === ws.slice(2, -1).join(' '))?.[1];
    return by ? { kind: 'unaffected', by, conditional } : undefined;
  }
  return undefined;
}

/** The modifier that states a restriction (read back by readRestriction). */
export function printRestriction(r: Restriction): string {
  const who = 'who' in r && r.who !== 'both' ? ` for ${r.who}` : '';
  const cond = r.conditional ? ' if a condition holds' : '';
  switch (r.kind) {
    case 'cannot-activate':
      return `locks activation of ${SCOPES.find(([, s]) => s === r.what)![0]}${who}${cond}`;
    case 'cannot-special-summon':
      return `locks special summons${who}${r.except ? ' except some monsters' : ''}${cond}`;
    case 'negates-effects':
      return r.what === 'gy-moves' ? `${GY_MOVES}${cond}` : `negates ${r.what === 'unknown' ? 'some' : r.what} effects on the field${cond}`;
    case 'cannot-banish':
      return `locks banishing${r.from === 'gy' ? ' from gy' : ''}${who}${cond}`;
    case 'unaffected':
      return `unaffected by ${UNAFFECTED.find(([, s]) => s === r.by)![0]} effects${cond}`;
  }
}

const PLAYERS: Readonly<Record<LockedPlayers, string>> = { both: 'neither player can', opponent: "its controller's opponent cannot", you: 'its controller cannot' };

const SCOPE_WORDS: Readonly<Record<LockScope, string>> = {
  'cards-and-effects': 'cards or effects',
  'monster-effects': 'monster effects',
  'spell-cards': 'Spell Cards',
  'trap-cards': 'Trap Cards',
  'spell-trap-cards': 'Spell/Trap Cards',
  'spell-cards-unless-set': "a Spell Card unless it was Set before and its player's next turn after Setting it has come",
  unknown: 'some cards (which ones is not known)',
};

/** A restriction in a judge's words (hovers, messages). */
export function describeRestriction(r: Restriction): string {
  const cond = r.conditional ? ' (while a condition holds)' : '';
  switch (r.kind) {
    case 'cannot-activate':
      return `${PLAYERS[r.who]} activate ${SCOPE_WORDS[r.what]}${cond}`;
    case 'cannot-special-summon':
      return `${PLAYERS[r.who]} Special Summon${r.except ? ', except some monsters (which ones is not known)' : ''}${cond}`;
    case 'cannot-banish':
      return `${PLAYERS[r.who]} banish ${r.from === 'gy' ? 'cards in the GY' : 'cards'} (by effects, costs or procedures)${cond}`;
    case 'negates-effects':
      if (r.what === 'gy-moves') return `negates any card effect that would move a card in the GY to a different place${cond}`;
      return r.what === 'unknown' ? `negates some effects on the field (which ones is not known)${cond}` : `negates ${r.what === 'monster' ? "face-up monsters'" : r.what === 'spell' ? 'Spell' : 'Trap'} effects on the field${cond}`;
    case 'unaffected':
      return `unaffected by ${r.by === 'other' ? "other cards'" : r.by === 'spell-trap' ? 'Spell/Trap' : r.by === 'unknown' ? 'some (which ones is not known)' : r.by === 'opponent' ? "the opponent's" : r.by === 'spell' ? 'Spell' : r.by === 'trap' ? 'Trap' : 'monster'} effects${cond}`;
  }
}
