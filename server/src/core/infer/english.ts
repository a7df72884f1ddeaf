// Reads an English card text written in Problem-Solving Card Text (PSCT). The grammar it relies on:
// a colon ends the activation condition (what comes before it is when/where the effect may be
// activated), a semicolon ends the cost, "You can" marks an optional effect, "(Quick Effect)" a
// Quick Effect, "When ..." a trigger that can miss the timing and "If ..." one that cannot,
// "target" before the semicolon a targeting effect, "FLIP:" a Flip effect. A sentence with neither
// colon nor semicolon is a continuous effect, or the next step of the effect before it.
import { englishRestrictions } from './restrictions';
import { actionsOf } from './english-actions';
import { englishConditions, englishHandCondition } from './english-conditions';
import { costOfText } from './english-costs';
import type { Zone } from '../words';
import { activationIsTheEffect, addInclude, blankEffect, cardActivation, choiceActivation, CHOICES_IN_ONE_EFFECT, impliedActivation, mergeInto, replaceByChoices, spellSpeedOf, unconditionedKind, windowPhrase, withinStretch, zoneAfterSelfEvent, zoneList } from './common';
import { englishEvent, englishPhase, englishFilter } from './english-events';
import type { CardTypeFacts, InferredEffect } from './types';

interface Group {
  sentences: string[];
  /** Has a colon or semicolon outside quotes and parentheses: an activated effect. */
  activated: boolean;
  bullets: string[];
}

const QUOTE = 0x22;
const OPENING_QUOTE = 0x201c;
const CLOSING_QUOTE = 0x201d;
const OPENING_PARENTHESIS = 0x28;
const CLOSING_PARENTHESIS = 0x29;

/**
 * Where `ch` (one character) occurs outside quotes and parentheses, or -1. It compares character codes: every
 * sentence passes here, and `s[i]` made V8 look each character up as a property, slow for the whole card pool
 * once a string built by concatenation (a modal card's choice, read as a sentence of its own) had passed
 * (+30 to 40 % CPU for the English texts); `charCodeAt` reads any string alike.
 */
export function topLevelIndex(s: string, ch: string): number {
  let quote = false;
  let depth = 0;
  const wanted = ch.charCodeAt(0);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === QUOTE || c === OPENING_QUOTE || c === CLOSING_QUOTE) quote = !quote;
    else if (quote) continue;
    else if (c === OPENING_PARENTHESIS) depth++;
    else if (c === CLOSING_PARENTHESIS) depth = Math.max(0, depth - 1);
    else if (c === wanted && depth === 0) return i;
  }
  return -1;
}

/** Splits a line into sentences at a full stop outside quotes and parentheses. */
export function sentencesOf(line: string): string[] {
  const out: string[] = [];
  let quote = false;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' || c === '“' || c === '”') quote = !quote;
    else if (quote) continue;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth = Math.max(0, depth - 1);
      // "(You do not use "Polymerization".)" is a sentence of its own.
      if (depth === 0 && line[i - 1] === '.' && line[i + 1] === ' ') {
        const s = line.slice(start, i + 1).trim();
        if (s) out.push(s);
        start = i + 1;
      }
    } else if (c === '.' && depth === 0 && (i + 1 === line.length || line[i + 1] === ' ')) {
      const s = line.slice(start, i + 1).trim();
      if (s) out.push(s);
      start = i + 1;
    }
  }
  const rest = line.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const CONTINUATION = /^(then|also|if you do|otherwise|after that|afterwards|it |its |it's |that |those |they |them |these |this effect|this card's effect|each of|●|\(|you cannot|you can't|for the rest|until the end|the monster|the card|the target|shuffle|return|destroy|banish|draw|add|send|special summon|negate|inflict|gain|change|place|take|equip)/i;
const LIMIT = /^you can only (use|activate|special summon|apply)|^you can use .* only once per turn|^you can only use/i;
const SUMMON_RULE = /^(cannot be (normal|special) summoned|must (first )?be|must be|this card cannot be|you can (normal|special|ritual|tribute) summon this card|you can special summon this card \(from your|this card can be|this card is (always )?treated|this card's name|if this card is (normal|special) summoned|.*\bmust be (special|ritual|fusion) summoned)/i;

/** "If this card has X as material, it gains this effect." / "While ..., this card gains these effects.": no chain of its own. */
export const SELF_GRANT = /^(?:if|while)\b[^:;]*\b(?:it|this (?:face-up )?card) gains (?:this|these|the following) effects?\.?$/i;

/** A limit sentence ("You can only use this effect of ... once per turn") and how many groups precede it. */
interface Limit {
  text: string;
  groupsBefore: number;
}

function groupsOf(text: string, type: CardTypeFacts, notes: string[]): { groups: Group[]; limits: Limit[] } {
  const lines = text.replace(/\r/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
  // The first line of an Extra Deck monster names its materials.
  if (type.extraDeck && lines.length > 0 && topLevelIndex(lines[0], ':') < 0 && /\+|\d\+? |monsters?$|materials?$/i.test(lines[0]) && !/\.$/.test(lines[0])) {
    notes.push(`materials: ${lines[0]}`);
    lines.shift();
  }
  const groups: Group[] = [];
  const limits: Limit[] = [];
  // After "If this card has X as material, it gains this effect." the ● lines are effects of this card, each its own.
  let granted = false;
  for (const raw of lines) {
    // A granted effect's ● line starts an effect of its own (its first sentence continues nothing before it).
    let fresh: boolean = granted && /^[●•]/.test(raw);
    granted &&= fresh;
    const line = fresh ? raw.replace(/^[●•]\s*/, '') : raw;
    if (line.startsWith('●') || line.startsWith('•')) {
      const g = groups[groups.length - 1];
      if (g) {
        g.bullets.push(line.replace(/^[●•]\s*/, ''));
        g.sentences.push(line);
        continue;
      }
    }
    for (const s of sentencesOf(line)) {
      if (SELF_GRANT.test(s)) {
        notes.push(`effects this card gains while a condition holds (the ● lines): ${s}`);
        granted = true;
        continue;
      }
      if (LIMIT.test(s)) {
        limits.push({ text: s, groupsBefore: groups.length });
        continue;
      }
      const activated = topLevelIndex(s, ':') >= 0 || topLevelIndex(s, ';') >= 0;
      const last = fresh ? undefined : groups[groups.length - 1];
      fresh = false;
      if (last && (/^if you do\b/i.test(s) || /^[●•]/.test(s))) {
        last.sentences.push(s);
        continue;
      }
      if (!activated && last && (CONTINUATION.test(s) || (last.activated && /^(if|when)\b/i.test(s) && !/:/.test(s)))) {
        last.sentences.push(s);
        continue;
      }
      groups.push({ sentences: [s], activated, bullets: [] });
    }
  }
  return { groups, limits };
}

/** Infers the effects of an English text. */
export function inferEnglish(text: string, type: CardTypeFacts, pendulum: boolean, notes: string[]): InferredEffect[] {
  const { groups, limits } = groupsOf(text, type, notes);
  const effects: InferredEffect[] = [];
  const spellTrapCard = type.category !== 'monster' && !pendulum;
  const activationFirst = spellTrapCard && activationIsTheEffect(type);
  let activation: InferredEffect | undefined;
  let responseLimit: InferredEffect['noResponse'];
  // How many effects the first n groups gave: a limit's "this effect" is the last one before it.
  const effectsAfter: number[] = [];
  if (spellTrapCard && !activationFirst) {
    activation = impliedActivation(type);
    effects.push(activation);
  }
  for (const g of groups) {
    effectsAfter.push(effects.length);
    const sentence = g.sentences.join(' ');
    if (spellTrapCard && !ownEffectOfSpellTrap(sentence, type, activation)) {
      activation = readCardActivation(g, sentence, type, effects, activation);
      // A Continuous or Field card's activation text may hold what it applies while face-up ("Activate this card by
      // paying 1000 LP. Negate the effects of all face-up monsters ...": Skill Drain): a continuous effect of its own.
      const restricts = type.property === 'continuous' || type.property === 'field' ? englishRestrictions(sentence) : [];
      if (restricts.length) effects.push({ ...blankEffect('continuous', sentence, pendulum), restricts });
      continue;
    }
    if (!g.activated && OLD_STYLE.test(sentence) && !GRANTS_QUICK.test(sentence) && !SUMMON_RULE.test(sentence) && !PROCEDURE.test(sentence) && !/\binstead\b/i.test(sentence) && !MAINTENANCE.test(sentence) && oldStyleHasEvent(sentence)) {
      // Older texts (before PSCT) have no colon: "When ..., you can ...", "Once per turn, you can ...".
      const e = blankEffect('ignition', sentence, pendulum);
      readOldStyle(e, sentence, type);
      effects.push(e);
      continue;
    }
    if (!g.activated) {
      if (SUMMON_RULE.test(sentence)) {
        notes.push(`summoning condition (never starts a chain): ${sentence}`);
        continue;
      }
      // "Your opponent cannot activate cards or effects in response to this card's effect activations" (Accesscode
      // Talker): a fact of each of its effects (R40), not an effect of its own.
      const noResponse = NO_RESPONSE_ALL.exec(sentence);
      if (noResponse) {
        responseLimit = /^neither/i.test(noResponse[0]) ? 'both' : 'opponent';
        continue;
      }
      // "In response to this card's activation, your opponent cannot activate cards ... with the same original type":
      // some responses forbidden, of every effect of the card (a sentence of its own, not an effect).
      // "... in response to this effect's activation" after an effect is that effect's (Qliphort Stealth's trigger).
      const someResponses = responseLimitOf(sentence);
      if (someResponses && /^(?:in response|if |your opponent cannot|neither player|cards and effects cannot)/i.test(sentence)) {
        const last = effects[effects.length - 1];
        if (/this effect's/i.test(sentence) && last && last.kind !== 'continuous') last.noResponse = someResponses;
        else responseLimit = someResponses;
        continue;
      }
      const e = blankEffect('continuous', sentence, pendulum);
      const restricts = englishRestrictions(sentence);
      if (restricts.length) e.restricts = restricts;
      effects.push(e);
      continue;
    }
    const e = blankEffect('ignition', sentence, pendulum);
    readActivated(e, g, type);
    if (e.kind === 'continuous') e.notes.push('a replacement ("would ... instead") effect: never starts a chain');
    else if (choicesOf(sentence)) {
      e.notes.push(CHOICES_IN_ONE_EFFECT);
      e.does = choicesDoes(choicesOf(sentence)!.modes, e.targets) ?? e.does;
    }
    effects.push(e);
  }
  effectsAfter.push(effects.length);
  if (responseLimit) for (const e of effects) if (e.kind !== 'continuous') e.noResponse = responseLimit;
  applyLimits(effects, limits.map((l) => ({ text: l.text, before: effects.slice(0, effectsAfter[l.groupsBefore] ?? effects.length) })));
  if (spellTrapCard && !activation) {
    const a = impliedActivation(type);
    effects.unshift(a);
  }
  return effects;
}

/** A sentence of its own that forbids responses to every effect of the card (R40). */
const NO_RESPONSE_ALL = /^(?:your opponent cannot|neither player can) activate cards or effects in response to this card's (?:effect )?activations?\.?$/i;

/**
 * Who may not respond to an activation, as the text says it (R40): `opponent` / `both` where no card or effect may
 * be activated in response; `opponent-some` / `both-some` where only some may not ("the targeted card", "monster
 * effects", "with the same original type as ...") or only under a condition ("If you control ..., your opponent
 * cannot ..."): which responses it forbids is then not known to the engine.
 */
export function responseLimitOf(sentence: string): InferredEffect['noResponse'] {
  const m = /(?:^\s*|[.:;,]\s*)((?:if [^,]*,\s*)?(?:in response to this (?:card's|effect's) activations?,\s*)?(?:your opponent cannot|neither player can|cards and effects cannot be) activate[^.]*?in response to this (?:card's|effect's) (?:effect )?activations?|in response to this (?:card's|effect's) activations?,\s*(?:your opponent cannot|neither player can) activate[^.]*)/i.exec(sentence);
  if (!m) return undefined;
  const said = m[1];
  const both = /neither player|cards and effects cannot be/i.test(said);
  const all = /^(?:your opponent cannot|neither player can) activate cards or effects in response|^cards and effects cannot be activated in response/i.test(said);
  return all ? (both ? 'both' : 'opponent') : both ? 'both-some' : 'opponent-some';
}

const ACTION = /^(you can|you may|destroy|inflict|add|special summon|draw|send|banish|return|gain|take control|negate|target|select|your opponent (takes|discards|draws|sends)|both players|each player|shuffle|place|equip|change|look|reveal|excavate|discard|remove|you (gain|draw|take|discard|lose)|increase|decrease|halve|double|switch|toss|roll|declare)\b/i;
const OLD_STYLE = /^(?:(?:once|twice) per turn,? )?(?:during (?:your|either player's) (?:main phase(?: 1)?|turn),? )?you can\b(?!(?=(.*?\b(?:summon|set) this card\b))\1.*\bby\b)|^(?:(?:once|twice) per turn, )?(?:during [^,]*, )?(?:when|if|each time)\b[^.]*?, (?:you can|you may|destroy|inflict|add|special summon|draw|send|banish|return|gain|negate|select|your opponent (?:takes|discards|draws)|shuffle|place|equip|discard|remove|you (?:gain|draw|take|discard))\b|^(?:(?:once|twice) per turn, )?(?:during|at the end of|at the start of) (?:each|your|your opponent's|the|either player's|his\/her|each of (?:your|his\/her)) [^,.]*?(?:standby|end|battle) phases?,? /i;

/**
 * "You can activate the effects of monsters you control ... as Quick Effects": a continuous effect that changes how
 * other effects are activated, not an effect of its own that "you can" activate (no colon, no semicolon).
 */
const GRANTS_QUICK = /^(?:[^.]*?, )?you can activate [^.:;]*?\bas (?:a )?quick effects?\b/i;

/** A maintenance cost ("pay 700 LP or destroy this card") is not activated: it never starts a chain. */
const MAINTENANCE = withinStretch('\\bpay ', '.', '\\bor (?:destroy this card|this card is destroyed)\\b', 'i');
const PROCEDURE = /\byou can (?:normal |tribute |ritual )?(?:summon|set) this card\b|\byou can special summon this card (?:\([^)]*\) )?by\b|\bspecial summon this card \(from your|\bwithout tributing\b/i;

/** "When/If ..." of an older text must name an event: "If you control no ..., destroy this card" is a continuous effect. */
function oldStyleHasEvent(sentence: string): boolean {
  if (!/^(?:(?:once|twice) per turn, )?(?:when|if|each time)\b/i.test(sentence)) return true;
  const comma = sentence.indexOf(', ');
  return EVENT_VERB.test(sentence.slice(0, comma < 0 ? sentence.length : comma)) || !!englishPhase(sentence);
}

/** An effect of an older text, written without a colon. */
function readOldStyle(e: InferredEffect, sentence: string, type: CardTypeFacts): void {
  const opener = /^(?:(?:once|twice) per turn, )?(?:during [^,]*?, )?(?:when|if|each time|during|at)\b[^,]*/i.exec(sentence);
  const youCan = sentence.search(/, (?=you can|you may)/i);
  const end = youCan > 0 ? youCan : opener ? opener[0].length : -1;
  const cond = opener && end > 0 ? sentence.slice(0, end) : '';
  const action = cond ? sentence.slice(end).replace(/^,\s*/, '') : sentence;
  readActivated(e, { sentences: [cond ? `${cond}: ${action}` : action], activated: true, bullets: [] }, type);
  if (/^you can\b/i.test(sentence) && e.kind === 'trigger') e.kind = 'ignition';
  // Before PSCT, "select" was how a text targeted.
  if (/\bselect\b/i.test(sentence)) e.targets = true;
  e.notes.push('an older text without a colon: read by its commas');
  void ACTION;
}

/** A sentence of a Spell/Trap that is an effect of the card itself (in the GY, or face-up), not its activation. */
function ownEffectOfSpellTrap(sentence: string, type: CardTypeFacts, activation: InferredEffect | undefined): boolean {
  const head = sentence.slice(0, Math.max(topLevelIndex(sentence, ':'), topLevelIndex(sentence, ';'), 0));
  if (/this card (is|was) in your (GY|Graveyard)|banish this card from your (GY|Graveyard)|from your GY(;|,)|this card in your (GY|Graveyard)|\(Quick Effect\)/i.test(sentence)) {
    if (/banish this card from your (GY|Graveyard)|this card (is )?in your (GY|Graveyard)|\(Quick Effect\)/i.test(head) || /^During .*: You can banish this card from your/i.test(sentence)) return true;
  }
  if (/^(if|when)\b[^:]*\bthis (Set )?card( in your possession)?( that was)? (is|was|leaves)\b[^:]*:/i.test(sentence) && !/this card is activated/i.test(head)) return true;
  if (activationIsTheEffect(type)) return false;
  // Continuous, Field, Equip Spells and Continuous Traps: effects with "You can" or a limit are
  // the face-up card's; "Activate this card by ..." and a condition without "You can" are its activation.
  if (/^activate (this card|only)/i.test(sentence) || /when this card is activated/i.test(head)) return false;
  if (type.category === 'trap' && activation && activation.sentence === '' && topLevelIndex(sentence, ':') >= 0 && !/you can|once per turn|^during/i.test(sentence) && !/\bthis card\b[^:]*:/i.test(head)) return false;
  return true;
}

/**
 * "Activate 1 of these effects" ("You can activate 1 of the following effects"): the choice is made as the
 * card is activated, one ● line per choice. "Apply 1 of these effects" chooses as it resolves: the activation
 * then includes every choice, so it is not read as choices.
 */
const CHOOSES_ONE = /\bactivate (?:1|one) of (?:these|the following) effects\b/i;

/** An effect's sentences split into what comes before its ● choices and the choices, where it activates choosing one. */
function choicesOf(sentence: string): { head: string; modes: string[] } | undefined {
  // Most effects list no choices: a plain search first (the regular expressions showed on a whole card pool).
  if (!sentence.includes('●') && !sentence.includes('•')) return undefined;
  const [head, ...modes] = sentence.replace(/•/g, '●').split('●');
  const listed = modes.map((m) => m.trim()).filter(Boolean);
  return listed.length >= 2 && CHOOSES_ONE.test(head) ? { head: head.trim(), modes: listed } : undefined;
}

/**
 * A group of a Spell/Trap card's activation (not an effect of the face-up card): the activation itself, more of
 * it (merged), or a modal card's choices, one activation each. Returns the activation (a modal card's first choice).
 */
function readCardActivation(g: Group, sentence: string, type: CardTypeFacts, effects: InferredEffect[], activation: InferredEffect | undefined): InferredEffect {
  const choices = activation?.chooseOne ? undefined : choiceEffects(sentence, type);
  if (choices) {
    replaceByChoices(effects, activation, choices);
    return choices[0];
  }
  if (!activation) {
    const first = cardActivation(sentence, type);
    readActivated(first, g, type);
    effects.push(first);
    return first;
  }
  activation.sentence = activation.sentence ? `${activation.sentence} ${sentence}` : sentence;
  const more = blankEffect('activation', sentence, false);
  readActivated(more, g, type);
  // A later sentence's moment is the activation's only where it says "Activate ..." (Enlightenment); one with a
  // condition of its own is another effect's ("At the end of the Battle Phase, ...: You can Set this card").
  if (!/^activate\b/i.test(sentence.trim())) more.window = undefined;
  mergeInto(activation, more);
  // What the activation does may be said in a later sentence ("At any of the following timings: Negate ..."), or go on
  // in one ("... equip it to 1 monster you control. ... Then, select 1 face-up monster. It gains ATK ...").
  // A sentence with a condition or a cost of its own is not a part of what came before.
  const goesOn = activation.does && more.does && topLevelIndex(sentence, ':') < 0 && topLevelIndex(sentence, ';') < 0;
  activation.does = goesOn ? `${activation.does} ${LATER_PART.test(sentence) ? 'then' : 'also'} ${more.does}` : (activation.does ?? more.does);
  return activation;
}

/** A later sentence of an activation that goes on after what came before ("Then, select ..."). */
const LATER_PART = /(?:^|[.,]\s*)then,/i;

/** A modal card's activation as one effect per choice, or undefined where it chooses nothing. */
function choiceEffects(sentence: string, type: CardTypeFacts): InferredEffect[] | undefined {
  const choices = choicesOf(sentence);
  return choices?.modes.map((mode, i) => choiceEffect(choices.head, mode, i === 0, type));
}

/**
 * One choice of a modal card's activation, read as a sentence of its own: the card's condition (and the
 * choice's own, "● When a Spell Card is activated: ..."), the cost paid whatever is chosen ("Banish 1 card ...,
 * then activate 1 of these effects;") and the choice's own cost and target ("● Target 1 monster ...; ...").
 */
function choiceEffect(head: string, mode: string, first: boolean, type: CardTypeFacts): InferredEffect {
  const e = choiceActivation(first ? `${head} ● ${mode}` : `● ${mode}`, type);
  const headColon = topLevelIndex(head, ':');
  const chooses = CHOOSES_ONE.exec(head)!;
  const cost = head
    .slice(headColon >= 0 && headColon < chooses.index ? headColon + 1 : 0, chooses.index)
    .replace(/^\s*(?:you can|you may)\b/i, '')
    .replace(/,?\s*(?:then|and)?\s*$/i, '')
    .trim();
  const modeColon = topLevelIndex(mode, ':');
  const cond = [headColon >= 0 && headColon < chooses.index ? head.slice(0, headColon).trim() : '', modeColon >= 0 ? mode.slice(0, modeColon).trim() : ''].filter(Boolean).join(', ');
  const rest = modeColon >= 0 ? mode.slice(modeColon + 1).trim() : mode;
  const body = cost ? `${cost}${topLevelIndex(rest, ';') >= 0 ? ',' : ';'} ${rest}` : rest;
  readActivated(e, { sentences: [cond ? `${cond}: ${body}` : body], activated: true, bullets: [] }, type);
  // "(but you can only use each effect of "X" once per turn)": each choice once per turn, by name.
  if (EACH_EFFECT_ONCE.test(head)) e.oncePerTurn = 'name';
  return e;
}

/**
 * What a monster's "activate 1 of these effects" does: each choice's parts, the choices joined by `or` (one of them
 * applies; the card model has one effect for them, where a Spell/Trap's choices are one activation each). `targets`:
 * the effect targets before its choices ("target 1 monster in your GY, and activate 1 of these effects"). Undefined
 * where a choice says nothing this reading knows (no choice is left out silently); choices alike are one.
 */
function choicesDoes(modes: readonly string[], targets: boolean): string | undefined {
  const each = modes.map((mode) => {
    const rest = mode.slice(topLevelIndex(mode, ':') + 1).trim();
    const semi = topLevelIndex(rest, ';');
    const cost = semi >= 0 ? rest.slice(0, semi) : '';
    return actionsOf(semi >= 0 ? rest.slice(semi + 1) : rest, targets || /\btarget/i.test(cost), cost);
  });
  if (!each.every(Boolean)) return undefined;
  // Choices that do the same ("add 1 X from your Deck" or "add 1 Y from your Deck") are that one part.
  return [...new Set(each.map((d) => d!.toLowerCase()))].join(' or ');
}

const EACH_EFFECT_ONCE = withinStretch('\\bonly use each effect of\\b', ')', '\\bonce per turn\\b', 'i');

/**
 * "When"/"If" opening the condition, after the adverbials PSCT puts first. "During ..." and "While ..." run to
 * their comma and no further (the lookahead and \1 make them atomic): a "during" free to end anywhere let
 * "During during a during a ... x:" be split in every way, exponential in the "during"s (28 took 15 s).
 */
const TRIGGER_OPENING = /^(?:(?:once per (?:turn|chain|battle)|up to \w+ per turn|(?=((?:during|while) [^,]*))\1|before damage calculation|at the start of the damage step|in the damage step|(?:during|at) the end of the damage step|after damage calculation),? )*(?<word>when|if|each time)\b/i;
/** Times that are events of their own: the effect answers them like a trigger ("At the start of the Battle Phase: You can ..."). */
const TIMED_EVENT = /^(?:once per turn, )?(?:at the start of the battle phase|after resolving)\b/i;
/** A verb of something happening (an event), as opposed to a state ("if you control ..."). */
const EVENT_VERB = /\b(?:is|are|was|were|gets?|has been|have been) (?:\w+ (?:or \w+ )?)?(?:summoned|sent|destroyed|banished|added|returned|discarded|flipped|tributed|detached|targeted|attacked|used|changed|shuffled|placed|equipped|removed|revealed|excavated|negated|activated|declared|drawn|inflicted|moved|attached|applied|resolved|halved|reduced|paid|gained|set)\b|\b(?:attacked|battled|moves|moved|left the field|becomes equipped|control of [^,:]* changes|summoned using|returns|draws|destroys|declares|activates|summons|inflicts|takes|battles|attacks|leaves|resolves|gains|loses|adds|discards|sends|banishes|pays|detaches|tributes|excavates|equips|reveals)\b|\b(?:you|either player|a player|each player|they|your opponent) (?:(?:normal|special|tribute|fusion|synchro|xyz|link|ritual|pendulum|flip)(?: or (?:normal|special|flip))? )?(?:activate|summon|take|draw|add|discard|send|banish|pay|detach|tribute|excavate|equip|declare|gain|lose|control no|reveal|move|sets?)\b/i;
/** What has already happened or still holds ("if this card was Summoned this turn", "if you control no monsters"): a state, not an event. */
const STATE_CONDITION = /\bthis turn\b|\bexcept the turn\b|^(?:once per turn, )?during your main phase\b|\bcontrol no\b/i;
/** "(except during the Damage Step)" is written only on effects that answer an event. */
const ANSWERS_AN_EVENT = /\(except during the Damage Step\)/i;
const PHASE_START = /^(once per turn, )?(during|at the (start|end|beginning) of)\b/i;
const DURING_A_PHASE = withinStretch('\\b(?:at the end of|during) (?:the|any|each|your)\\b', ',', 'phase', 'i');
/**
 * "During your opponent's Main Phase (Quick Effect):", "Once per opponent's turn (Quick Effect):": the turn
 * and phase a Quick or Ignition Effect is activated in; "Main or Battle Phase" is one window of two phases.
 */
const WINDOW = /^(?:once per (?:turn|chain), )?during (your opponent's|your|the|either player's) (turn|main phase|battle phase|main or battle phase|main phase or (?:your opponent's |your |the )?battle phase)(?= \(|,|$)/i;
const ONCE_PER_OPPONENTS_TURN = /^once per (?:your )?opponent's turn\b/i;

function englishWindow(cond: string): string | undefined {
  if (ONCE_PER_OPPONENTS_TURN.test(cond.trim())) return windowPhrase('opponent', 'turn');
  const m = WINDOW.exec(cond.trim());
  if (!m) return undefined;
  const who = m[1].toLowerCase();
  const what = m[2].toLowerCase();
  // "during your Main Phase or your opponent's Battle Phase": two turns, no one window.
  const second = / or (your opponent's|your|the) /.exec(what)?.[1];
  if (second && second !== who) return undefined;
  // "Main Phase or Battle Phase" stays that window, never the whole turn.
  return windowPhrase(who === 'your' ? 'your' : who === "your opponent's" ? 'opponent' : 'each', / or /.test(what) ? 'main phase or battle phase' : (what as 'turn' | 'main phase' | 'battle phase'));
}

/** The moments of a phase a text states, as activation windows of the vocabulary (R37 with R55's parts). */
const MOMENTS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:activate (?:only )?)?at the end of the damage step\b/i, 'during the end of the damage step'],
  [/^(?:activate (?:only )?)?during the damage step\b/i, 'during the damage step'],
  [/^(?:activate (?:only )?)?at the end of the battle phase\b/i, 'during the end of the battle phase'],
  [/^at the start of your main phase 1\b/i, 'during the start of your main phase 1'],
];

/** Also the generator's (scripts/cards/effects.js withTextWindows): one table of the moments, here. */
export function englishMoment(cond: string): string | undefined {
  return MOMENTS.find(([re]) => re.test(cond.trim()))?.[1];
}

/** Fills an activated effect (condition: cost; action) from its sentences. */
function readActivated(e: InferredEffect, g: Group, type: CardTypeFacts): void {
  const first = g.sentences[0];
  const colon = topLevelIndex(first, ':');
  const cond = colon >= 0 ? first.slice(0, colon).trim() : '';
  const afterColon = colon >= 0 ? first.slice(colon + 1).trim() : first;
  const semi = topLevelIndex(afterColon, ';');
  const cost = semi >= 0 ? afterColon.slice(0, semi) : '';
  const action = [semi >= 0 ? afterColon.slice(semi + 1) : afterColon, ...g.sentences.slice(1)].join(' ');
  const all = g.sentences.join(' ');
  // "When ..., you can activate 1 of these effects:" and "If ..., you can:" put "you can" before the colon.
  const optional = /^(you can|you may)\b/i.test(afterColon) || /,\s*(?:you can|you may)\b[^,]*$/i.test(cond);

  if (/once per chain/i.test(cond)) e.oncePerChain = true;
  if (/\bonce per battle\b/i.test(cond + ' ' + first)) e.oncePerBattle = true;
  if (/\bonce per turn\b/i.test(cond)) e.oncePerTurn = 'soft';
  const quickMark = /\(quick effect\)/i.test(cond) || /\(quick effect\)/i.test(first.slice(0, Math.max(colon, 0) + 1));
  const activationEvent = /\b(activates|is activated|are activated)\b/i.test(cond) && !/this card is activated|was activated this turn|activated this turn|if this effect/i.test(cond);

  if (e.kind !== 'activation') {
    if (/^FLIP\b/i.test(first)) e.kind = 'flip';
    else if (/^(?:once per turn, )?(?:each time|if)\b/i.test(cond) && activationEvent && !quickMark) e.kind = 'trigger';
    else if (quickMark || activationEvent || /^during either player's turn, when\b/i.test(cond)) e.kind = 'quick';
    else if (/\bwould\b/i.test(cond) && /\binstead\b/i.test(all)) e.kind = 'continuous';
    else if ((PHASE_START.test(cond) || DURING_A_PHASE.test(cond)) && englishPhase(cond) && !/main phase/i.test(cond)) {
      e.kind = 'trigger';
      e.phase = englishPhase(cond);
    } else if (TRIGGER_OPENING.test(cond) && (englishEvent(cond) || (EVENT_VERB.test(cond) && !STATE_CONDITION.test(cond)) || ANSWERS_AN_EVENT.test(cond))) e.kind = 'trigger';
    else if (TIMED_EVENT.test(cond)) e.kind = 'trigger';
    else if (/\b(either player's turn|your opponent's (turn|main phase|battle phase))\b|^during the (main|battle) phase\b|^during (damage calculation|the damage step)/i.test(cond)) e.kind = 'quick';
    else unconditionedKind(e, type);
    e.spellSpeed = spellSpeedOf(e.kind, type);
  }
  if (e.kind === 'trigger' || e.kind === 'quick' || e.kind === 'flip') e.mandatory = !optional;
  if (e.kind === 'trigger' && !e.phase) {
    const m = TRIGGER_OPENING.exec(cond);
    if (m) e.timing = m.groups!.word.toLowerCase() === 'when' ? 'when' : 'if';
  }
  if (e.kind === 'trigger' || e.kind === 'quick' || e.kind === 'activation') {
    const ev = englishEvent(cond, g.bullets);
    if (ev) e.event = ev.phrase;
    else if (e.kind === 'trigger' && !e.phase) e.notes.push(`event not in the vocabulary: ${cond}`);
    if (ev?.note) e.notes.push(ev.note);
  }
  if (e.kind === 'flip') e.event = undefined;
  if (e.kind === 'quick' || e.kind === 'ignition') e.window = englishWindow(cond);
  // A moment of a phase the text states ("During the Damage Step", "Activate at the end of the Damage Step", "At the
  // end of the Battle Phase"): of a Quick Effect's condition, or of any sentence of a card's activation where that
  // activation is the effect (not a Continuous or Field Spell's, whose later sentences are its face-up effects).
  if (!e.window && e.kind === 'quick') e.window = englishMoment(cond);
  // The activation's first sentence's condition (before its colon), or a sentence that starts "Activate ..." (later
  // sentences with a colon are other effects: "At the end of the Battle Phase, ...: You can Set this card from your GY").
  const sentences = g.sentences.flatMap((x) => sentencesOf(x));
  const conditionOrActivate = (x: string, i: number) => (/^activate\b/i.test(x.trim()) ? x : i === 0 && topLevelIndex(x, ':') >= 0 ? x.slice(0, topLevelIndex(x, ':')) : '');
  if (!e.window && e.kind === 'activation' && activationIsTheEffect(type)) e.window = sentences.map((x, i) => englishMoment(conditionOrActivate(x, i))).find(Boolean);
  // "while you control no monsters", "If you have no cards in your GY" (R79).
  const conditions = englishConditions(cond);
  if (conditions) e.conditions = conditions;
  // "If you control no cards, you can activate this card from your hand": a Trap's hand, under its own condition.
  const hand = e.kind === 'activation' && type.category === 'trap' ? englishHandCondition(sentences.join(' ')) : undefined;
  if (hand) e.handConditions = hand;

  // Where it activates.
  if (e.kind !== 'activation') e.zones = zonesOf(cond, cost, action, e);
  if (e.kind === 'flip' || e.kind === 'continuous') e.zones = ['field'];

  // "Special Summon this card", "Special Summon both this card and ..." (QQ Enneagon, PSY-Framegear Gamma), and
  // "Special Summon it" where "it" can only be this card: its own event, no target, no card chosen before (Artifact Lancea).
  const itIsThisCard = /^special summon it\b/i.test(action.trim()) && /\bthis (?:set |face-up |face-down )?card\b/i.test(cond) && !cost && !/\btarget/i.test(cond);
  e.summonsItself = (/special summon (?:both )?this card\b/i.test(cost + ' ' + action) || itIsThisCard) && !SUMMON_BY_PROCEDURE.test(action);
  // What is paid before the semicolon (R74): `discard 1`, `tribute itself` (english-costs.ts).
  const paid = costOfText(cost);
  if (paid) e.cost = paid;
  // "When a Spell Card is activated that targets 1 monster": the event's card targets, not this effect.
  const beforeSemi = (semi >= 0 ? cond + ' ' + cost : colon >= 0 ? cond : '').replace(/\b(?:that|which) targets?\b[^,;:]*/gi, '');
  if (/\btarget(s|ing)?\b/i.test(beforeSemi) || /^activate this card by targeting/i.test(first)) {
    e.targets = true;
    e.targetFilter = targetFilterOf(beforeSemi || first);
    // PSCT: only "that target" after the semicolon rechecks the target's words at resolution (R44); Galaxy Cyclone's
    // "Target 1 Set Spell/Trap; destroy it" destroys it even once it was activated. Said where the filter has a face
    // to recheck, the only words R44 reads from it at resolution ("that face-up monster" rechecks it as "that target").
    if (/\bface-(?:up|down)\b/.test(e.targetFilter) && !/\bthat (?:target|face-up|face-down|set)\b/i.test(action)) e.targetNotRechecked = true;
  }
  // "(except during the Damage Step)" says the opposite: not in the Damage Step.
  if (/damage step|damage calculation/i.test(cond.replace(ANSWERS_AN_EVENT, ''))) e.damageStep = true;
  if (/\bnegate the activation\b/i.test(action)) e.negatesActivation = true;
  // "Your opponent cannot activate cards or effects in response to this card's/effect's activation" (R40).
  const sentence = `${cond} ${cost} ${action}`;
  const limit = responseLimitOf(sentence);
  if (limit) e.noResponse = limit;
  if (/\b(gains?|loses?) (\d+|x|atk|half|that|the)|\bATK (and DEF )?(becomes|is halved|is doubled)|\bATK\/DEF (becomes|of)|\bbecomes? (equal|the same)|\bhalve\b|\bdouble\b/i.test(action) && /\bATK\b/.test(action)) e.changesAtk = true;
  includesOf(action, e);
  let does = actionsOf(action, e.targets, cost);
  // An Equip Spell's activation equips it to a monster it targets: its text says only what the equipped monster gets.
  if (e.kind === 'activation' && type.property === 'equip' && !/^equip\b/.test(does ?? '')) does = does ? `equip target also ${does}` : 'equip target';
  if (does && !e.does) e.does = does.toLowerCase();
}

function zonesOf(cond: string, cost: string, action: string, e: InferredEffect): Zone[] {
  const self = `${cost} ${action}`;
  // A text override: "from your GY (if it was there when ...) or hand (even if not)".
  if (/this card from your (GY|Graveyard) \(if it was there[^)]*\) or hand \(even if not\)/i.test(self)) return ['gy', 'hand'];
  if (/this card from your hand \(if it was there[^)]*\) or (GY|Graveyard) \(even if not\)/i.test(self)) return ['hand', 'gy'];
  const stated: Zone[] = [];
  const stateIn = /this card is (?:in (?:your|the) |banished|face-up in your )(hand or (?:GY|Graveyard)|hand|GY|Graveyard|Extra Deck|Pendulum Zone)?/i.exec(cond);
  if (stateIn) {
    const w = (stateIn[1] ?? 'banished').toLowerCase();
    if (w.includes('hand')) stated.push('hand');
    if (/gy|graveyard/.test(w)) stated.push('gy');
    if (w === 'banished') stated.push('banished');
    if (w.includes('pendulum')) stated.push('field');
    if (w.includes('extra')) stated.push('extra');
    if (stated.length) return zoneList(stated);
  }
  if (e.kind === 'trigger' && e.event && !e.event.includes(' is ') && !/^(opponent|you|an attack|card or|monster effect|spell|trap)/.test(e.event)) {
    const after = zoneAfterSelfEvent(e.event);
    // "If this card is discarded" (not "discarded to the GY"): a card banished instead (Macro Cosmos) is still
    // discarded, so its trigger activates where the discard left it (the scripts register both: EVENT_TO_GRAVE, EVENT_REMOVE).
    if (after === 'gy' && e.event.startsWith('discarded') && /\bthis card is discarded\b(?! to the (?:GY|Graveyard))/i.test(cond)) return ['gy', 'banished'];
    if (after) {
      // "If this card is sent to the GY ...: Special Summon this card" still says where it is.
      return [after];
    }
    if (!/this card (from|in) your hand/i.test(self)) return ['field'];
  }
  const fromSelf = /(?:special summon|banish|shuffle|return|add|place|send|reveal|discard|tribute) this card (?:from your|from the|in your) (hand, field, or GY|hand or field|hand or (?:GY|Graveyard)|(?:GY|Graveyard) or hand|hand|(?:GY|Graveyard)|field or (?:GY|Graveyard)|Pendulum Zone|Extra Deck)/i.exec(self)
    ?? /this card in your (hand|GY|Graveyard)/i.exec(self);
  if (fromSelf) {
    const w = fromSelf[1].toLowerCase();
    if (w.includes('hand')) stated.push('hand');
    if (w.includes('field') || w.includes('pendulum')) stated.push('field');
    if (/gy|graveyard/.test(w)) stated.push('gy');
    if (w.includes('extra')) stated.push('extra');
  } else if (/\b(discard|reveal) this card\b/i.test(self)) stated.push('hand');
  else if (/\bspecial summon this card\b(?! from)/i.test(self) && /\bthis card (in|from) your hand\b|\(from your hand\)/i.test(self)) stated.push('hand');
  if (/\(from your hand\)/i.test(cond + ' ' + self) && !stated.includes('hand')) stated.push('hand');
  return stated.length ? zoneList(stated) : ['field'];
}

const SUMMON_BY_PROCEDURE = withinStretch('special summon this card', '.;', ' by (?:tributing|banishing|sending|shuffling|returning|discarding|revealing|paying)', 'i');

function targetFilterOf(s: string): string {
  const m = /\btarget(?:s|ing)?\b(?: up to)? (?:\d+|one|two|three|that)?\+?\s*([^;,.]*)/i.exec(s);
  return englishFilter(m ? m[1] : '') ?? 'a card';
}

const ADDS_FROM_DECK = withinStretch('\\badd\\b', '.;', '\\bfrom your (?:Deck|hand or Deck|Deck or GY|Deck or Graveyard|Deck or Extra Deck)\\b', 'i');
const SUMMONS_FROM_DECK = withinStretch('\\bspecial summon\\b(?!ed)', '.;', '\\bfrom your (?:hand or |hand, )?Deck\\b', 'i');
const SENDS_FROM_DECK = withinStretch('\\bsend\\b', '.;', '\\bfrom your (?:hand or )?Deck to the (?:GY|Graveyard)\\b', 'i');

function includesOf(action: string, e: InferredEffect): void {
  const a = action;
  if (ADDS_FROM_DECK.test(a) || /\bsearch\b/i.test(a) || /\bfrom your Deck to your hand\b/i.test(a)) addInclude(e.includes, 'search');
  if (SUMMONS_FROM_DECK.test(a)) addInclude(e.includes, 'deck summon');
  if (SENDS_FROM_DECK.test(a) || /\bsend the top \S+ cards? of (your|either player's|each player's) Deck to the (GY|Graveyard)/i.test(a)) addInclude(e.includes, 'deck send');
  // "Negate the Special Summon" stops a Summon: it is no Special Summon of the effect's own.
  if (/(?<!\bnegate the )\bspecial summon\b(?!ed)/i.test(a)) addInclude(e.includes, 'special summon');
  if (/\bdestroy\b(?!ed)/i.test(a)) addInclude(e.includes, 'destroy');
  if (/\bbanish\b(?!ed)/i.test(a)) addInclude(e.includes, 'banish');
  if (/\bdraws? (\d|a card|one|two|three|cards|until)/i.test(a)) addInclude(e.includes, 'draw');
  if (/\bnegate\b/i.test(a)) addInclude(e.includes, 'negate');
}

/** "You can only use this effect of "X" once per turn" and its kin: a limit by name. */
function applyLimits(effects: InferredEffect[], limits: Array<{ text: string; before: InferredEffect[] }>): void {
  const isActivated = (e: InferredEffect) => e.kind !== 'continuous' && !(e.kind === 'activation' && e.sentence === '');
  const activated = effects.filter(isActivated);
  for (const { text: l, before } of limits) {
    const preceding = before.filter(isActivated);
    if (/once per turn|1 .* per turn|per turn/i.test(l)) {
      const each = /\beach\b|\bthese effects\b|\b1 ".*" effect per turn|\bonly use 1\b|\bonly activate 1\b/i.test(l);
      const ordinal = /\b(1st|2nd|3rd|first|second|third)\b/i.exec(l);
      let which = each ? activated : (preceding.length ? preceding : activated).slice(-1);
      if (ordinal) {
        const n = { '1st': 0, first: 0, '2nd': 1, second: 1, '3rd': 2, third: 2 }[ordinal[1].toLowerCase()] ?? 0;
        which = activated[n] ? [activated[n]] : [];
      }
      if (/activate 1 "/i.test(l) || /only activate/i.test(l)) which = effects.filter((e) => e.kind === 'activation').length ? effects.filter((e) => e.kind === 'activation') : which;
      for (const e of which) e.oncePerTurn = 'name';
    }
  }
}
