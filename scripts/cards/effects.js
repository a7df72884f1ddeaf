// The generator's rules from a script's facts to the generated library's effect records (one string per
// effect; fields in docs/cards.md, "The generated library"). Effects that start no chain (continuous and
// static effects, engine bookkeeping) are left out. Helper procedures are mapped by the rules below; what
// they leave unclear is a note starting with `?`, which the engine shows as an assumption.
'use strict';
const { conditionCode, kindOf } = require('../lib/lua-facts');
const { loadTypeScript } = require('../lib/load-ts');

const ZONE_LETTERS = { HAND: 'H', MZONE: 'M', SZONE: 'S', FZONE: 'S', PZONE: 'P', ONFIELD: 'M', GRAVE: 'G', REMOVED: 'B', DECK: 'D', EXTRA: 'X' };

function zones(range) {
  const out = new Set();
  for (const r of range) if (ZONE_LETTERS[r]) out.add(ZONE_LETTERS[r]);
  return [...out].join('');
}

/** `EVENT_PHASE+PHASE_END` -> `phase_end`; `EVENT_CUSTOM+id` -> `custom`; `EVENT_TO_GRAVE` -> `to_grave`. */
function eventName(code) {
  if (!code.startsWith('EVENT_')) return '';
  const phase = /PHASE_([A-Z_]+)/.exec(code.slice('EVENT_PHASE'.length));
  if (code.startsWith('EVENT_PHASE') && !code.startsWith('EVENT_PHASE_START') && phase) return `phase_${phase[1].toLowerCase()}`;
  const m = /^EVENT_([A-Z_]+)/.exec(code);
  const name = m ? m[1].toLowerCase() : '';
  return name === 'free_chain' ? '' : name;
}

const FLAG_LETTERS = { CARD_TARGET: 't', DAMAGE_STEP: 'd', DAMAGE_CAL: 'c' };

const KIND_LETTERS = { activation: 'A', flip: 'F', quick: 'Q', ignition: 'I' };

/**
 * One registered effect as a record, or undefined when it starts no chain.
 * Timing: an optional trigger with EFFECT_FLAG_DELAY is "if", without it "when" (source `s`: the script's
 * flag, until the text inference settles it); a mandatory trigger cannot miss the timing (`m`).
 */
function effectRecord(e) {
  const read = kindOf(e);
  if (!read) return undefined;
  const mandatory = !read.optional;
  const kind = read.kind === 'trigger' ? (eventName(e.code).startsWith('phase_') ? 'P' : 'T') : KIND_LETTERS[read.kind];
  // A custom event raised on this card alone of other cards' moves (`o`, lua-facts.js customEventSource) is a field event.
  const subject = e.types.includes('FIELD') || e.qualifiers?.codes.includes('o') ? 'f' : 's';
  let timing = '';
  if (kind === 'T') timing = mandatory ? 'im' : e.flags.includes('DELAY') ? 'is' : 'ws';
  // `n` after `t`: it targets a card other than this one ("except this card": the script's SelectTarget excepts it).
  const flags = e.flags.map((f) => FLAG_LETTERS[f] ?? '').join('') + (e.targetsOther && e.flags.includes('CARD_TARGET') ? 'n' : '');
  // `x`: EFFECT_TYPE_XMATERIAL, an effect the card grants to the Xyz Monster that has it as material (R68); `f`, `m`:
  // granted while face-up, when used as material (scripts/lib/lua-later.js grantedEffects).
  const granted = e.types.includes('XMATERIAL') ? 'x' : (GRANTED_LETTERS[e.granted] ?? '');
  const extra = (e.hasCost ? 'c' : '') + (e.hasCondition ? 'k' : '') + (e.oncePerBattle ? 'b' : '') + (CHAIN_LIMITS[e.chainLimit] ?? '') + granted + deckLetters(e.deckOperations) + (otherEventOfClone(e, kind) ? 'v' : '') + (alternativeOfClone(e) ? 'w' : '');
  return [kind, mandatory ? 'm' : 'o', subject, timing, eventWithQualifiers(e), zones(e.range), flags, e.categories.map((c) => c.toLowerCase()).join('+'), e.countLimit, extra].join(',');
}

/** How an effect read from another card's grant is granted (lua-later.js): the extra letter. */
const GRANTED_LETTERS = { 'face-up': 'f', 'used-as-material': 'm' };

/**
 * A trigger cloned from another whose clone sets only its event and its condition (`e3=e2:Clone()`,
 * `e3:SetCode(EVENT_REMOVE)`): the same effect of the text on another event ("If this card is sent to the GY or
 * banished"), extra letter `v`; core
 * (generated-record.ts) makes one effect of them, so the card's effect numbering is the text's.
 */
function otherEventOfClone(e, kind) {
  // A clone on another kind of Summon is merged by its event already (generated-record.ts MERGED_SUMMONS): no letter.
  if (/^EVENT_(SUMMON|SPSUMMON|FLIP_SUMMON)_SUCCESS$/.test(e.code)) return false;
  // With its own condition too (Golden-Eyes Idol: "banished, or sent to the GY by card effect"; Serket: "Special
  // Summoned, or ... if this card battles"): the condition qualifies that event only.
  return kind === 'T' && !!e.changed && e.changed.includes('Code') && e.changed.every((w) => w === 'Code' || w === 'Description' || w === 'Condition');
}

/**
 * A clone that keeps its original's kind, event, zone and limit and changes only what decides and does the resolution
 * under another condition (`e2=e1:Clone()`, `e2:SetCondition(...)`, its own target and operation: Horror House's "You:
 * ... / Your opponent: ..."): possibly one effect of the text with two alternatives, extra letter `w`. Kept only where
 * the text does not count it as an effect of its own (alternativesInText); core (generated-record.ts) then makes one
 * effect of them, its parts joined by `or`, so the card's effect numbering is the text's.
 */
const ALTERNATIVE_CHANGES = new Set(['Condition', 'Target', 'Operation', 'Category', 'Property', 'Description']);
function alternativeOfClone(e) {
  return !!e.cloneOf && !!e.changed && e.changed.includes('Condition') && e.changed.every((w) => ALTERNATIVE_CHANGES.has(w));
}

/**
 * The `w` letters (alternativeOfClone) stay only where the text has fewer chain-starting effects than the script has
 * records (of any kind: a damage calculation effect is scripted as a trigger and read as a Quick Effect): where it
 * counts as many, each clone is an effect of the text ("You can only use 1 of these effects"). A Spell/Trap's
 * activation records (one per event) count as one.
 */
function alternativesInText(records, inferred, type) {
  if (!records.some((r) => r.split(',')[9]?.includes('w'))) return;
  const text = /\bPendulum\b/.test(type) ? undefined : (inferred?.effects ?? []).filter((e) => e.kind !== 'continuous');
  const mine = records.filter((r) => !r.startsWith('A,')).length + (records.some((r) => r.startsWith('A,')) ? 1 : 0);
  const theirs = text ? text.filter((e) => e.kind !== 'activation').length + (text.some((e) => e.kind === 'activation') ? 1 : 0) : mine;
  if (theirs < mine) return;
  records.forEach((r, i) => {
    const f = r.split(',');
    if (!f[9]?.includes('w')) return;
    f[9] = f[9].replace('w', '');
    records[i] = f.join(',');
  });
}

/**
 * What the effect itself does from the Deck, read from its own target function: `d` (read per effect), then `u` Special
 * Summons from the Deck, `g` sends from the Deck to the GY. Without `d` the card-wide `deck:` note is used.
 */
function deckLetters(ops) {
  if (!ops) return '';
  return `d${ops.includes('deck-summon') ? 'u' : ''}${ops.includes('deck-send') ? 'g' : ''}`;
}

/** What may not respond to the effect's activation (`Duel.SetChainLimit` in its target function): extra letters. */
const CHAIN_LIMITS = { opponent: 'r', both: 'R' };

/**
 * The event field: the event's name, then the qualifiers its condition states (`|`-joined codes of
 * scripts/lib/lua-facts.js conditionQualifiers: `spsummon_success|h:link|!`), `!` where the condition was read
 * whole. A custom event decoded to the event it re-raises is written as that event (`to_hand|f:D|nd|c:o|!`).
 */
function eventWithQualifiers(e) {
  const q = e.qualifiers ?? { codes: [], complete: false };
  const decoded = q.codes.find((c) => c.startsWith('e:'));
  const name = decoded ? decoded.slice(2) : eventName(e.code);
  const codes = q.codes.filter((c) => !c.startsWith('e:') && c !== 'o');
  // An effect with no event (free chain, Ignition) keeps what its condition says of the turn and phase: `|W:o|P:b|!`.
  if (!name) return e.hasCondition && codes.length ? ['', ...codes, ...(q.complete ? ['!'] : [])].join('|') : '';
  if (e.hasCondition || decoded) {
    if (q.complete) codes.push('!');
  }
  return [name, ...codes].join('|');
}

/** An effect a helper procedure builds, in the reader's shape (scripts/lib/lua-facts.js). */
function built(types, { code = '', range = [], flags = [], categories = [], countLimit = '' } = {}) {
  return { name: '', cloneOf: undefined, types, code, range, flags, categories, countLimit, hasCondition: false, hasCost: false };
}

/**
 * Rules for the helper procedures: the effects they build (in the reader's shape, so that the generator and
 * the accuracy harness read them as they read the script's own), and what they leave for the engine to assume.
 */
function helperEffects(helper, category, hasActivation) {
  switch (helper) {
    case 'equip':
      return { effects: hasActivation ? [] : [built(['ACTIVATE'], { flags: ['CARD_TARGET'], categories: ['EQUIP'] })], note: 'equip' };
    case 'fusion-summon':
      if (category !== 'M') return { effects: hasActivation ? [] : [built(['ACTIVATE'], { categories: ['SPECIAL_SUMMON', 'FUSION_SUMMON'] })], note: 'fusion-summon' };
      return { effects: [], note: '?fusion-summon' };
    case 'ritual':
      if (category !== 'M') return { effects: hasActivation ? [] : [built(['ACTIVATE'], { categories: ['SPECIAL_SUMMON'] })], note: 'ritual' };
      return { effects: [], note: '?ritual' };
    case 'spirit':
      // "During the End Phase of the turn this card is Normal Summoned or flipped face-up: return it to the hand."
      return { effects: [built(['SINGLE', 'TRIGGER_F'], { code: 'EVENT_PHASE+PHASE_END', categories: ['TOHAND'] })], note: '?spirit' };
    case 'union':
      return {
        effects: [
          built(['IGNITION'], { range: ['MZONE'], flags: ['CARD_TARGET'], categories: ['EQUIP'], countLimit: '1' }),
          built(['IGNITION'], { range: ['SZONE'], categories: ['SPECIAL_SUMMON'], countLimit: '1' }),
        ],
        note: 'union',
      };
    case 'persistent':
      return { effects: hasActivation ? [] : [built(['ACTIVATE'], { flags: ['CARD_TARGET'] })], note: 'persistent' };
    case 'neos-return':
      return { effects: [built(['SINGLE', 'TRIGGER_F'], { code: 'EVENT_PHASE+PHASE_END', categories: ['TODECK'] })], note: '?neos-return' };
    case 'gemini':
      // Its effects work only while it is treated as an Effect Monster (Gemini Summoned again).
      return { effects: [], note: '?gemini' };
    default:
      return { effects: [], note: `?${helper}` };
  }
}

/**
 * The card text's word on a trigger (the text inference of server/src/core/infer, run on the English text
 * here, at generation time: no text is kept): where every trigger of the text says the same, that is taken.
 * Returns the timing and optionality the text settles (undefined: it does not settle it).
 */
function textSays(inferred) {
  const triggers = (inferred?.effects ?? []).filter((e) => e.kind === 'trigger' && !e.phase);
  const uniform = (list, get) => (list.length && list.every((e) => get(e) === get(list[0])) ? get(list[0]) : undefined);
  return { timing: uniform(triggers.filter((e) => !e.mandatory), (e) => e.timing), mandatory: uniform(triggers, (e) => e.mandatory), triggers: triggers.length };
}

/**
 * A trigger's optionality and when/if, settled by the text where it speaks, else by the script (the
 * record says which: timing `i`/`w` + `s` script flag, `t` text agreeing with it, `T` text taken against
 * the script; optionality `o`/`m`, + `T` where the text was taken against the script).
 */
function settle(record, text, scriptTriggers) {
  const f = record.split(',');
  if (f[0] !== 'T') return record;
  const scriptMandatory = f[1] === 'm';
  // Optionality only where the text has as many triggers as the script (a "When you do" the text reading
  // folds into the effect before it must not make that effect's own trigger optional).
  if (text.mandatory !== undefined && text.triggers === scriptTriggers && text.mandatory !== scriptMandatory) f[1] = `${text.mandatory ? 'm' : 'o'}T`;
  const mandatory = f[1][0] === 'm';
  if (mandatory) f[3] = 'im';
  else {
    const scriptTiming = f[3][0] === 'm' || !f[3] ? undefined : f[3][0];
    const textTiming = text.timing === 'when' ? 'w' : text.timing === 'if' ? 'i' : undefined;
    if (textTiming) f[3] = `${textTiming}${scriptTiming && scriptTiming !== textTiming ? 'T' : 't'}`;
    else if (!scriptTiming) f[3] = 'ws';
  }
  return f.join(',');
}

/**
 * The activation windows of Quick and Ignition Effects ("During your opponent's Main Phase (Quick
 * Effect)"), from the text: the text's effects of that kind paired in order with the script's, only where
 * both have as many. Two more fields: the window's code (`windowCodes`, core's table: `om`, `o`, `ym` ...)
 * and its source, `a` the script's condition checks the same turn and phase, `t` the script's condition
 * says nothing plain about them, `T` the text taken against a condition that checks another.
 */
function withWindows(records, effects, inferred, windowCodes, type) {
  const out = [...records];
  // A Pendulum Monster's script also has its Pendulum Effects, whose text the generator does not infer.
  if (/\bPendulum\b/.test(type)) return out;
  for (const [letter, kind] of [['Q', 'quick'], ['I', 'ignition']]) {
    const mine = records.map((r, i) => i).filter((i) => records[i].startsWith(`${letter},`));
    const text = (inferred?.effects ?? []).filter((e) => e.kind === kind);
    if (mine.length !== text.length) continue;
    mine.forEach((i, k) => {
      const code = text[k].window && windowCodes[text[k].window];
      // An Ignition Effect is activated in a Main Phase: a Battle Phase window there is a misreading.
      if (!code || (letter === 'I' && code[1] === 'b')) return;
      const says = effects[i].conditionSays ?? {};
      const whose = { o: 'opponent', y: 'your' }[code[0]];
      // `mb`, "Main Phase or Battle Phase": either phase the script's condition names agrees.
      const phase = code.slice(1) === 'mb' ? says.phase : { m: 'main', b: 'battle' }[code[1]];
      const against = (says.turn && whose && says.turn !== whose) || (says.phase && phase && says.phase !== phase);
      const agrees = (!whose || says.turn === whose) && (!phase || says.phase === phase);
      out[i] = `${records[i]},${code},${against ? 'T' : agrees ? 'a' : 't'}`;
    });
  }
  return out;
}

/**
 * "You can activate this card the turn it was Set" (R34), from the text: field 12 of the card's activation
 * record, the code of core's SET_TURN (`s`, `sc` under a condition, `sk` for a cost; no words of the text).
 */
function withSetTurn(records, inferred, setTurnCode) {
  const code = setTurnCode((inferred?.effects ?? []).find((e) => e.kind === 'activation')?.setTurn);
  const i = records.findIndex((r) => r.startsWith('A,'));
  if (!code || i < 0) return;
  const f = records[i].split(',');
  while (f.length < 12) f.push('');
  f[12] = code;
  records[i] = f.join(',');
}

/**
 * A modal Spell/Trap's choices ("Activate 1 of these effects"), from the text: field 14 of the card's activation
 * record, one code per choice joined by `/`: the letters of what it includes (`choiceLetters`, core's
 * CHOICE_INCLUDES inverted) and `t` where it targets, `-` for a choice that lists nothing.
 */
function withChoices(records, inferred, type, choiceLetters) {
  const choices = (inferred?.effects ?? []).filter((e) => e.chooseOne);
  const i = records.findIndex((r) => r.startsWith('A,'));
  if (type.startsWith('M:') || choices.length < 2 || i < 0) return;
  const f = records[i].split(',');
  while (f.length < 13) f.push('');
  f[13] = choices.map((c) => c.includes.map((x) => choiceLetters[x] ?? '').join('') + (c.targets ? 't' : '') || '-').join('/');
  records[i] = f.join(',');
}

/**
 * The text's effects paired in order with the script's records of the same kind (`T` trigger, `P` phase trigger, `Q`,
 * `I`, `F`; `A` the card's activation records with the text's activation), only where both have as many (the script's
 * one trigger per kind of Summon leaves the pairing unsure: none is made). A Pendulum Monster's two texts pair apart
 * (`inferred.pendulum`: the inference of its Pendulum Effect text, scripts/cards/generate.js).
 */
function pairedByKind(records, inferred, type, each) {
  if (/\bPendulum\b/.test(type)) {
    // A Pendulum Monster: its Pendulum Effects (the script's records in the Pendulum Zone, `P`) pair with its Pendulum
    // text's effects, the others with its monster text, each group on its own (Clock Arc: "During your opponent's
    // Standby Phase: You can Special Summon this card", from the Pendulum Zone).
    const inZone = (r) => r.split(',')[5] === 'P';
    for (const [text, mine] of [[inferred?.pendulum, inZone], [inferred, (r) => !inZone(r)]]) {
      const at = records.map((r, i) => i).filter((i) => mine(records[i]));
      if (text && at.length) pairedByKind(at.map((i) => records[i]), text, 'M:Effect', (k, e) => each(at[k], e));
    }
    return;
  }
  const text = inferred?.effects ?? [];
  const kinds = [
    ['T', (e) => e.kind === 'trigger' && !e.phase],
    ['P', (e) => e.kind === 'trigger' && !!e.phase],
    ['Q', (e) => e.kind === 'quick'],
    ['I', (e) => e.kind === 'ignition'],
    ['F', (e) => e.kind === 'flip'],
  ];
  for (const [letter, ofKind] of kinds) {
    const mine = records.map((r, i) => i).filter((i) => records[i].startsWith(`${letter},`));
    const theirs = text.filter(ofKind);
    if (mine.length !== theirs.length) continue;
    mine.forEach((i, k) => each(i, theirs[k]));
  }
  // A Spell/Trap's activation records (one per event of its script) are one activation of the text.
  const activation = text.find((e) => e.kind === 'activation');
  if (activation && !type.startsWith('M:')) records.forEach((r, i) => r.startsWith('A,') && each(i, activation));
}

/**
 * "Special Summon this card" (`summons itself`; R27 reads it for hand triggers), from the text: field 15 of an
 * effect's record, `s` (the text's effects paired with the script's, pairedByKind; no activation).
 */
function withSelfSummon(records, inferred, type) {
  pairedByKind(records, inferred, type, (i, e) => {
    if (!e.summonsItself || records[i].startsWith('A,')) return;
    const f = records[i].split(',');
    while (f.length < 14) f.push('');
    f[14] = 's';
    records[i] = f.join(',');
  });
}

/** Who may not respond to an activation, as the text says it, where the script's `Duel.SetChainLimit` says nothing. */
const TEXT_NO_RESPONSE = { opponent: 'r', both: 'R', 'opponent-some': 'q', 'both-some': 'Q' };

/**
 * "Your opponent cannot activate cards or effects in response to this card's activation" and the limits on some
 * responses only (R40), from the text: a letter of the extra field (`r`, `R`, `q` some of the opponent's, `Q` some of
 * anyone's) where the script's chain limit gave none.
 */
function withNoResponse(records, inferred, type) {
  pairedByKind(records, inferred, type, (i, e) => {
    const letter = TEXT_NO_RESPONSE[e.noResponse];
    const f = records[i].split(',');
    if (!letter || /[rRqQ]/.test(f[9] ?? '')) return;
    f[9] = `${f[9] ?? ''}${letter}`;
    records[i] = f.join(',');
  });
}

/** Whose actions a FIELD lock with EFFECT_FLAG_PLAYER_TARGET covers, from its target range: the modifier's suffix. */
function lockedPlayers(e) {
  if (!e.flags.includes('PLAYER_TARGET')) return '';
  return { '1,1': '', '1,0': ' for you', '0,1': ' for opponent' }[e.targetRange] ?? '';
}

/** Where a FIELD EFFECT_DISABLE applies, from its target range: monsters, Spells/Traps (which: the text says), or unknown. */
function disabledKind(e) {
  const r = e.targetRange;
  if (/^LOCATION_MZONE,LOCATION_MZONE$/.test(r)) return 'monster';
  if (/^LOCATION_SZONE,LOCATION_SZONE$/.test(r)) return 'spell-trap';
  return '';
}

/**
 * Whether a card's text (with its Pendulum Effect) forbids activations or Summons in any words at all. A script lock
 * of a kind the text never states is how the script carries out another rule: Rivalry of Warlords forbids flipping a
 * monster of another Type face-up by a cost (the text forbids controlling one), Necrovalley forbids a Special Summon
 * from the GY by an effect that starts no chain (the text negates effects that move a card in the GY), Dark Simorgh
 * forbids a face-down Special Summon (the text forbids Setting). Such a lock is not the text's: left out.
 */
const STATES_ACTIVATION_LOCK = /activat|cannot be played/i;
const STATES_SUMMON_LOCK = /summon[^.]*\b(?:cannot|can't|can only|nor|maximum|neither player can)\b|\b(?:cannot|can't|can only|nor|maximum|neither player can|each player can only control 1)\b[^.]*summon|\beach player can only control 1 (?!")/i;

/**
 * The continuous effects that forbid or negate while the card is face-up (R62-R65), as `lock:` notes, each the
 * modifier of a `continuous` line (`lock:locks activation of trap cards`). The script says that a lock exists, of
 * which kind, for whom and whether under a condition (EFFECT_CANNOT_ACTIVATE, EFFECT_CANNOT_SPECIAL_SUMMON, a FIELD
 * EFFECT_DISABLE, EFFECT_IMMUNE_EFFECT); what it covers is a Lua function, so its scope is the text's where the text
 * states one of the same kind (infer/restrictions.ts), else `some` (a named unknown fact for the engine). Only
 * what the card's initial_effect registers: a lock an activation leaves for the turn ("the turn you activate this")
 * is no continuous effect.
 */
function restrictionNotes(script, text, words = '') {
  const fromText = (prefix, suffix) => text.find((t) => t.startsWith(prefix) && t.replace(/ if a condition holds$/, '').endsWith(suffix));
  const out = [];
  const add = (note) => {
    if (!out.includes(note)) out.push(note);
  };
  for (const e of script.effects) {
    if (kindOf(e) || e.types.some((t) => /TRIGGER|QUICK|IGNITION|ACTIVATE/.test(t))) continue;
    const field = e.types.includes('FIELD');
    const cond = e.hasCondition ? ' if a condition holds' : '';
    switch (e.effectCode) {
      case 'CANNOT_ACTIVATE': {
        if (!field || (words && !STATES_ACTIVATION_LOCK.test(words))) break;
        const who = lockedPlayers(e);
        // One script lock on both players that the text states as a lock on each (Secret Village of the Spellcasters:
        // "your opponent cannot ..." under one condition, "you cannot ..." under another): the text's two.
        const each = text.filter((t) => t.startsWith('locks activation of ') && / for (?:you|opponent)(?: if a condition holds)?$/.test(t));
        if (!who && each.some((t) => / for you\b/.test(t)) && each.some((t) => / for opponent\b/.test(t))) {
          for (const t of each) add(`lock:${t.endsWith(' if a condition holds') ? t : `${t}${cond}`}`);
          break;
        }
        const said = fromText('locks activation of ', who);
        const scope = said ? said.replace(/^locks activation of /, '').replace(/ if a condition holds$/, '').replace(/ for (?:you|opponent)$/, '') : 'some cards';
        add(`lock:locks activation of ${scope}${who}${cond || (said?.endsWith(' if a condition holds') ? ' if a condition holds' : '')}`);
        break;
      }
      case 'FORCE_SPSUMMON_POSITION':
        // Only face-down (Rivalry of Warlords, Gozen Match): the script's way to forbid a face-up Special Summon.
        if (e.value !== 'POS_FACEDOWN') break;
      // falls through
      case 'CANNOT_SPECIAL_SUMMON': {
        if (!field || (words && !STATES_SUMMON_LOCK.test(words))) break;
        const who = lockedPlayers(e);
        // Whole only where the text says so ("Neither player can Special Summon monsters") and the script filters nothing.
        const said = text.find((t) => t.startsWith('locks special summons'));
        const except = e.target || !said || said.includes('except some monsters') ? ' except some monsters' : '';
        add(`lock:locks special summons${who}${except}${cond}`);
        break;
      }
      case 'DISABLE': {
        if (!field) break;
        const where = disabledKind(e);
        if (!where) break;
        const said = text.find((t) => t.startsWith('negates '));
        const what = said ? said.split(' ')[1] : '';
        const ok = where === 'monster' ? what === 'monster' : what === 'spell' || what === 'trap';
        // The script's target function may narrow it (Fiendish Chain, Hollow Giants): only the text's whole scope is taken.
        add(`lock:negates ${ok ? what : 'some'} effects on the field${cond}`);
        break;
      }
      case 'CANNOT_REMOVE':
      case 'NECRO_VALLEY': {
        // "Cards in the GY cannot be banished", "Negate any card effect that would move a card in the GY" (Necrovalley),
        // "Neither player can banish cards" (Imperial Iron Wall): only as the text states them, with the text's
        // condition (the scripts' SetCondition on these codes is the EFFECT_NECRO_VALLEY_IM immunity of other cards, a
        // rule the text does not state). A banishing prohibition on some cards only ("this card cannot be banished") is
        // no lock of the text's words: left out.
        if (!field) break;
        const said = text.find((t) => t.startsWith(e.effectCode === 'NECRO_VALLEY' ? 'negates effects that move cards in the gy' : 'locks banishing'));
        if (said) add(`lock:${said}`);
        break;
      }
      case 'IMMUNE_EFFECT': {
        if (field) break;
        const said = text.find((t) => t.startsWith('unaffected by '));
        add(`lock:${said ? said.replace(/ if a condition holds$/, '') : 'unaffected by some effects'}${cond}`);
        break;
      }
    }
  }
  return out;
}

/** The text's cost (a `cost` modifier's body, `discard 1 and pay 1000 lp`) as the record's codes (lua-facts.js costOf). */
const COST_VERBS = [[/^discard /, 'D'], [/^tribute /, 'T'], [/^banish /, 'B'], [/^send /, 'G'], [/^detach /, 'X'], [/^reveal /, 'V'], [/^return .* to extra deck$/, 'E'], [/^return .* to deck$/, 'K'], [/^return .* to hand$/, 'H'], [/^remove /, 'C'], [/^change position /, 'P']];
function textCostCodes(body) {
  return body.split(' and ').map((p) => {
    const lp = /^pay (\d+)? ?lp$/.exec(p);
    if (lp) return `L${lp[1] ?? ''}`;
    const verb = COST_VERBS.find(([re]) => re.test(p));
    if (!verb) return '?';
    return `${verb[1]}${/\bitself\b/.test(p) ? 's' : (/\b(\d+)\b/.exec(p)?.[1] ?? '1')}`;
  }).join('+');
}

/**
 * What its activation costs (R74): field 17 of an effect's record (f[16]), the codes of lua-facts.js costOf, from the script's
 * cost function, cross-checked with the text before the semicolon (the text's effects of each kind paired in order
 * with the script's, where both have as many): where the script's payment is unread (`?`), or its cost function pays
 * nothing while the text states a cost (the payment made elsewhere in the script), the text's is taken.
 */
function withCost(records, chainStarting, inferred, type) {
  const paired = pairedWithText(records, inferred, type);
  records.forEach((r, i) => {
    const script = chainStarting[i]?.cost ?? '';
    const said = paired.get(i)?.cost;
    const code = said && (script === '' || script.split('+').every((c) => c === '?')) ? textCostCodes(said) : script;
    if (!code) return;
    const f = r.split(',');
    while (f.length < 16) f.push('');
    f[16] = code;
    records[i] = f.join(',');
  });
}

/** The text's effect paired with each record (by index), of each kind in order, where both have as many of that kind. */
function pairedWithText(records, inferred, type) {
  const text = /\bPendulum\b/.test(type) ? [] : inferred?.effects ?? [];
  const paired = new Map();
  const kinds = [['A', (e) => e.kind === 'activation'], ['T', (e) => e.kind === 'trigger' && !e.phase], ['P', (e) => e.kind === 'trigger' && !!e.phase], ['Q', (e) => e.kind === 'quick'], ['I', (e) => e.kind === 'ignition'], ['F', (e) => e.kind === 'flip']];
  for (const [letter, ofKind] of kinds) {
    const mine = records.map((r, i) => i).filter((i) => records[i].startsWith(`${letter},`));
    const theirs = text.filter(ofKind);
    if (mine.length === theirs.length) mine.forEach((i, k) => paired.set(i, theirs[k]));
  }
  return paired;
}

/** "Once per battle" (R78) where the paired text says it and the script's cost helper did not: the `b` letter of field 10. */
function withOncePerBattle(records, inferred, type) {
  for (const [i, t] of pairedWithText(records, inferred, type)) {
    if (!t.oncePerBattle) continue;
    const f = records[i].split(',');
    if (!f[9].includes('b')) f[9] = `b${f[9]}`;
    records[i] = f.join(',');
  }
}

/**
 * A phase trigger's soft limit the text does not state is dropped (below). A limit the text states where the script sets no SetCountLimit (it counts with a flag: Medusa Worm's "Once per
 * turn", PSY-Framegear Gamma's "Once per Chain"): field 9 of the record, `1` soft, `1c` per Chain. Not a limit by
 * name: without a SetCountLimit the text's "You can only ... once per turn" is a Summon's limit ("You can only
 * Special Summon X once per turn"), which the inference puts on the effect next to it.
 */
function withTextLimits(records, inferred, type) {
  pairedByKind(records, inferred, type, (i, text) => {
    const f = records[i].split(',');
    if (f[0] === 'A') return;
    // A phase trigger's plain SetCountLimit(1) where the text states no limit ("At the end of the Battle Phase:"):
    // how the script keeps it to one activation per phase, not a limit of the card (the text is the authority).
    if (f[0] === 'P' && f[8] === '1' && !text.oncePerTurn && !text.oncePerChain) {
      f[8] = '';
      records[i] = f.join(',');
      return;
    }
    if (f[8]) return;
    const limit = text.oncePerChain ? '1c' : text.oncePerTurn === 'soft' ? '1' : '';
    if (!limit) return;
    f[8] = limit;
    records[i] = f.join(',');
  });
}

/**
 * A Trap its script lets be activated from the hand (a SINGLE EFFECT_TRAP_ACT_IN_HAND, under whatever condition:
 * Evenly Matched, Red Reboot): its activation record's zones, field 6, `HS` (R34 reads them).
 */
function withHandActivation(records, script, text) {
  const i = records.findIndex((r) => r.startsWith('A,'));
  if (!script.activatesFromHand || i < 0) return;
  const f = records[i].split(',');
  f[5] = 'HS';
  // Its own condition, as the text states it ("If you control no cards, you can activate this card from your hand"):
  // `H:` codes beside the event's (core: handConditions, R79). Where the text's words are not read, extra letter `h`,
  // a fact a link activating it from the hand rests on (core: HAND_CONDITION).
  const hand = script.handCondition ? handConditionCodes(text) : [];
  if (hand.length) f[4] = [f[4] ?? '', ...hand].join('|');
  else if (script.handCondition && !f[9].includes('h')) f[9] += 'h';
  records[i] = f.join(',');
}

let conditionsModule;
/** Core's reader of a `while` modifier's words (vocabulary/conditions.ts), loaded once. */
function conditionWords(body) {
  conditionsModule ??= loadTypeScript('server/src/core/cards/vocabulary/conditions.ts');
  const ws = (body.match(/"[^"]*"|\/|[^\s/]+/g) ?? []).map((w) => (w.startsWith('"') ? w : w.toLowerCase()));
  return conditionsModule.readConditions(ws, body) ?? [];
}

/** The text's condition on activating the card from the hand, as `H:` codes (the `C:` code's form); none where not read. */
function handConditionCodes(text) {
  englishModule ??= loadTypeScript('server/src/core/infer/english-conditions.ts');
  const words = englishModule.englishHandCondition(text);
  return words ? conditionWords(words).map((c) => `H${conditionCode(c).slice(1)}`) : [];
}
let englishModule;

/**
 * "If this card has a "Raidraptor" monster as material": the script checks the archetype of the material only
 * (`Card.IsSetCard`, a `card` filter); the text says which kind of card ("monster", "card"): the text's, where it
 * names the same archetype.
 */
function withTextMaterialKind(records, text) {
  records.forEach((r, i) => {
    const f = r.split(',');
    const codes = (f[4] ?? '').split('|');
    let changed = false;
    const out = codes.map((code) => {
      if (!code.startsWith('C:')) return code;
      const c = JSON.parse(decodeURIComponent(code.slice(2)));
      const archetype = c.kind === 'self' && c.filter?.category === 'card' && c.filter.archetypes?.length === 1 ? c.filter.archetypes[0] : undefined;
      if (!archetype) return code;
      const escaped = archetype.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const m = new RegExp(`\\bhas an? "${escaped}" (monster|card) as (?:Xyz )?material\\b`, 'i').exec(text ?? '');
      if (!m || m[1].toLowerCase() === 'card') return code;
      changed = true;
      return conditionCode({ ...c, filter: { ...c.filter, category: 'monster' } });
    });
    if (!changed) return;
    f[4] = out.join('|');
    records[i] = f.join(',');
  });
}

/** The words before the colon of a text effect's first sentence; none where that sentence has no colon. */
function ownCondition(sentence) {
  const first = (sentence ?? '').split(/(?<=\.)\s+(?=[A-Z●])/)[0];
  const colon = first.indexOf(':');
  return colon >= 0 ? first.slice(0, colon) : '';
}

/**
 * State conditions the text states where the script's condition states none (R79): the paired text effect's
 * `conditions` (english-conditions.ts) as `C:` codes, where the record has no `C:` code of its own. A script often
 * checks such a condition in its target function (Evenly Matched: "if your opponent controls more cards than you do"),
 * where the reader does not look.
 */
function withTextConditions(records, inferred, type) {
  englishModule ??= loadTypeScript('server/src/core/infer/english-conditions.ts');
  for (const [i, t] of pairedWithText(records, inferred, type)) {
    // The words before the colon of the effect's own first sentence only: where the inference took later sentences
    // into one effect (a Normal Trap's "If this Set card ... is destroyed: ..."), their conditions are another effect's.
    const words = englishModule.englishConditions(ownCondition(t.sentence));
    if (!words) continue;
    const f = records[i].split(',');
    const codes = (f[4] ?? '').split('|');
    if (codes.some((c) => c.startsWith('C:'))) continue;
    const read = conditionWords(words);
    if (!read.length) continue;
    f[4] = [...codes, ...read.map(conditionCode)].join('|');
    records[i] = f.join(',');
  }
}

/**
 * What the effect does, from the text (field 16 of an effect's record: `doesCode` of its inferred `does`, core's
 * generated-actions.ts partsCode): the text's effects of each kind paired in order with the script's, only where both
 * have as many (as for `summons itself`); a Spell/Trap's activations all take its text's one activation. Core keeps
 * the parts whose verb the script witnesses (its categories or operation calls).
 */
function withActions(records, inferred, type, doesCode) {
  if (/\bPendulum\b/.test(type)) return;
  const text = inferred?.effects ?? [];
  const kinds = [
    ['A', (e) => e.kind === 'activation' && !e.chooseOne],
    ['T', (e) => e.kind === 'trigger' && !e.phase],
    ['P', (e) => e.kind === 'trigger' && !!e.phase],
    ['Q', (e) => e.kind === 'quick'],
    ['I', (e) => e.kind === 'ignition'],
    ['F', (e) => e.kind === 'flip'],
  ];
  const put = (i, does) => {
    const code = does ? doesCode(does) : '';
    if (!code) return;
    const f = records[i].split(',');
    while (f.length < 15) f.push('');
    f[15] = code;
    records[i] = f.join(',');
  };
  for (const [letter, ofKind] of kinds) {
    const mine = records.map((r, i) => i).filter((i) => records[i].startsWith(`${letter},`));
    const theirs = text.filter(ofKind);
    const choices = text.filter((e) => e.kind === 'activation' && e.chooseOne);
    if (letter === 'A' && !type.startsWith('M:') && choices.length >= 2 && mine.length) {
      // A modal card's choices (withChoices): one code per choice on its first activation record, `/`-joined.
      const f = records[mine[0]].split(',');
      while (f.length < 15) f.push('');
      f[15] = choices.map((c) => (c.does ? doesCode(c.does) : '')).join('/');
      records[mine[0]] = f.join(',');
    } else if (letter === 'A' && theirs.length === 1 && text.filter((e) => e.kind === 'activation').length === 1) mine.forEach((i) => put(i, theirs[0].does));
    else if (mine.length === theirs.length) mine.forEach((i, k) => put(i, theirs[k].does));
    else {
      // A script often registers one effect of the text as several (one per kind of Summon, "sent to the GY or
      // banished"): records next to each other alike in all but their event are one effect of the text.
      const groups = [];
      for (const i of mine) {
        // (`v`, a clone on another event: generated-record.ts makes one effect of them, so it is no difference here.)
        const key = records[i].split(',').map((x, n) => (n === 9 ? x.replace('v', '') : x)).filter((_, n) => n !== 4 && n !== 3).join(',');
        const last = groups[groups.length - 1];
        if (last && last.key === key && last.end === i - 1) {
          last.members.push(i);
          last.end = i;
        } else groups.push({ key, members: [i], end: i });
      }
      if (groups.length === theirs.length) groups.forEach((g, k) => g.members.forEach((i) => put(i, theirs[k].does)));
    }
  }
}

/**
 * A clone (`e2=e1:Clone()`, say a Quick Effect on the opponent's turn of an Ignition Effect: Bystial's "This is a Quick
 * Effect if your opponent controls a monster") is the same effect of the text: where the text paired nothing with it, it
 * takes its original's `summons itself` (field 15) and what it does (field 16). `sources[i]` is the script effect of
 * `records[i]`.
 */
function withClonedActions(records, sources) {
  sources.forEach((e, i) => {
    if (!e.cloneOf) return;
    // The original is the LAST effect of that local name registered before the clone: a script may declare `local e1`
    // twice (Stardust Synchron), and the first would lend the clone another effect's `s` and action.
    const j = sources.slice(0, i).map((o) => o.name).lastIndexOf(e.cloneOf);
    if (j >= 0 && records[j].split(',')[14] === 's' && !records[i].split(',')[14] && !records[i].startsWith('A,')) {
      const f = records[i].split(',');
      while (f.length < 15) f.push('');
      f[14] = 's';
      records[i] = f.join(',');
    }
    if (records[i].split(',')[15]) return;
    const code = j >= 0 ? records[j].split(',')[15] : '';
    // A modal card's choices (`/`-joined) belong to its first activation record only (withActions).
    if (!code || code.includes('/')) return;
    const f = records[i].split(',');
    while (f.length < 15) f.push('');
    f[15] = code;
    records[i] = f.join(',');
  });
}

/**
 * The moments of a phase the text states where no window was read ("Activate only during the Damage Step", "only at the
 * end of the Damage Step", "At the end of the Battle Phase", "At the start of your Main Phase 1"): field 11 of the
 * record, a code of core's WINDOWS (`ed`, `ede`, `eeb`, `ys1`), source `t` (field 12). The scripts state these in
 * condition functions the reader mostly does not take apart (`Duel.GetCurrentPhase()==PHASE_DAMAGE`, a flag set at
 * the start of the phase), so the text is the source: the window the text inference read of the paired effect, or, for a
 * Spell/Trap's activation the inference did not pair, the one sentence of the card's text that states such a moment
 * (`moment`: the inference's englishMoment, one table of the phrases).
 */
const MOMENT_CODES = new Set(['ed', 'ede', 'eeb', 'ys1']);

function withTextWindows(records, inferred, type, card, windowCodes, moment) {
  const paired = pairedWithText(records, inferred, type);
  // Sentences split at their ends only: a sentence's condition is what comes before its colon.
  const stated = (card?.text?.en ?? '').split(/(?<=[.])\s+(?=[A-Z●])|\n/).map((x) => moment(x.includes(':') ? conditionOf(x) : /^activate\b/i.test(x) ? x : '')).filter(Boolean);
  for (const [i, r] of records.entries()) {
    const f = r.split(',');
    if (!['A', 'Q'].includes(f[0]) || f[10]) continue;
    const text = paired.get(i);
    // Only where the card's activation is the effect (a Continuous or Field Spell's later sentences are its face-up effects').
    const activationIsEffect = f[0] !== 'A' || /^(S:(Normal|Quick-Play|Ritual)|T:(Normal|Counter))/.test(type);
    if (!activationIsEffect) continue;
    // The card's one sentence that states a moment is its activation's only where the card has no other effect it could be.
    const unpairedActivation = f[0] === 'A' && stated.length === 1 && records.every((x) => x.startsWith('A,')) ? stated[0] : undefined;
    const phrase = text?.window ?? unpairedActivation ?? (text ? moment(conditionOf(text.sentence)) : undefined);
    const code = phrase && windowCodes[phrase];
    if (!code || !MOMENT_CODES.has(code)) continue;
    while (f.length < 12) f.push('');
    f[10] = code;
    f[11] = 't';
    records[i] = f.join(',');
  }
}

/** The part of an effect's sentence before its colon (its condition), or all of it. */
function conditionOf(sentence) {
  const colon = (sentence ?? '').indexOf(':');
  return (colon >= 0 ? sentence.slice(0, colon) : sentence ?? '').trim();
}

/**
 * Event qualifiers the text states and the script encodes only by a missing flag or not at all: "(except during the
 * Damage Step)" (`nDS`: the script leaves EFFECT_FLAG_DAMAGE_STEP off); "except during the Draw Phase" where the
 * script's check also names the Damage Step (`ndD` -> `nd`: the text is what the card says). Card events only.
 */
function withTextQualifiers(records, inferred, type) {
  for (const [i, t] of pairedWithText(records, inferred, type)) {
    const f = records[i].split(',');
    const [event, ...codes] = (f[4] ?? '').split('|');
    if (!event || ['chaining', 'attack_announce', 'be_battle_target', 'battle_damage', 'damage'].includes(event)) continue;
    const cond = conditionOf(t.sentence);
    let changed = false;
    if (codes.includes('ndD') && /\bexcept during the draw phase\b/i.test(cond) && !/\bdamage step\b/i.test(cond)) {
      codes[codes.indexOf('ndD')] = 'nd';
      changed = true;
    }
    if (!changed) continue;
    f[4] = [event, ...codes].join('|');
    records[i] = f.join(',');
  }
}

/** A record's event as the words of a condition name it (for the text's "(except during the Damage Step)"). */
const EVENT_WORDS = {
  leave_field: /\bleaves? the field\b/i,
  spsummon_success: /\bspecial summons?\b|\bspecial summoned\b/i,
  summon_success: /\bnormal summons?\b|\bnormal summoned\b/i,
  flip_summon_success: /\bflip summons?\b|\bflip summoned\b/i,
  destroyed: /\bdestroyed\b/i,
  to_grave: /\bsent to the gy\b/i,
  remove: /\bbanished\b/i,
  to_hand: /\badded\b/i,
  to_deck: /\bshuffled into the deck\b|\breturned to the deck\b/i,
  chain_solved: /\bresolves\b/i,
};

/**
 * "(except during the Damage Step)" (`nDS` in the event field): EDOPro encodes it only by leaving the effect's
 * EFFECT_FLAG_DAMAGE_STEP off, so the card text is the source. Each sentence of the text that states it names its
 * event before the colon; the one record of the card on that event (and without the flag) takes it. Where the words
 * name no record's event, or several, nothing is read (the engine then lets R30 decide, as before).
 */
function withDamageStepExclusions(records, card) {
  withTextEventCode(records, card, 'nDS', /\bexcept during the damage step\b/i, (f, event, cond) => ['T', 'Q', 'A'].includes(f[0]) && EVENT_WORDS[event]?.test(cond) && !(f[6] ?? '').includes('d'));
}

/**
 * "If a monster you control attacked and destroyed a monster by battle" (`at` in the event field): EDOPro's
 * EVENT_BATTLE_DESTROYING does not say which monster attacked, and the scripts rarely check it, so the card text is
 * the source: a sentence whose condition says "attacked and destroyed" / "attacks and destroys" gives it to the one
 * record of the card on that event (none where several are).
 */
function withAttackerQualifier(records, card) {
  withTextEventCode(records, card, 'at', /\battack(?:ed|s) and destroy(?:ed|s)\b/i, (f, event, cond) => event === 'battle_destroying' && /\battack(?:ed|s) and destroy(?:ed|s)\b/i.test(cond));
}

/**
 * "While this card is in your GY" is no "other than this card": a script checks both the same way (`not
 * eg:IsContains(c)`, `eg:IsExists(f,1,c)`: `n`), since a card that went to the GY with the event's cards was not in the
 * GY yet. Of an effect activated from the GY alone, `n` stays only where the text says it ("another", "other than this
 * card", "except this card") in a sentence that names the GY condition; where such sentences say none of it, `n` goes
 * (Fiendsmith's Sanct); where the text names no such sentence, it stays.
 */
/**
 * "If this card battles a non-DARK monster" (Ally of Justice Catastor): a filter on the monster it battles that the
 * script checks outside its condition (its target function: `bc:IsAttributeExcept(ATTRIBUTE_DARK)`), so no qualifier
 * code says it. `bx` marks the battle event as having a qualifier the library does not read: the engine then warns
 * (`unknown-card-fact`) instead of taking any battle as met. "Battles a monster" and "battles" alone name no filter.
 */
function withBattleTargetFilter(records, card) {
  const says = /\bthis card battles (?:a|an) (?!monster\b)[^,.:;]*?\bmonsters?\b/i;
  withTextEventCode(records, card, 'bx', says, (f, event) => event === 'battle_start' || event === 'damage_step_end' || event === 'battled');
}

function withoutUnstatedOther(records, card) {
  const sentences = (card?.text?.en ?? '').split(/(?<=[.:])\s+(?=[A-Z●])|\n/).filter((s) => /\bwhile this card is in (?:your|the) (?:GY|Graveyard)\b/i.test(s));
  if (!sentences.length || sentences.some((s) => /\banother\b|\bother than this card\b|\bexcept this card\b/i.test(conditionOf(s)))) return;
  for (const [i, r] of records.entries()) {
    const f = r.split(',');
    const [event, ...codes] = (f[4] ?? '').split('|');
    if (f[5] !== 'G' || !codes.includes('n')) continue;
    f[4] = [event, ...codes.filter((c) => c !== 'n')].join('|');
    records[i] = f.join(',');
  }
}

/**
 * An event qualifier the text states and the script does not: each sentence of the card's English text that `says`
 * it gives `code` to the one record that `fits` (its fields, its event, the sentence's condition); none where several do.
 */
function withTextEventCode(records, card, code, says, fits) {
  const text = card?.text?.en ?? '';
  for (const sentence of text.split(/(?<=[.:])\s+(?=[A-Z●])|\n/)) {
    if (!says.test(sentence)) continue;
    const cond = conditionOf(sentence);
    const fitting = records.map((r, i) => i).filter((i) => {
      const f = records[i].split(',');
      return fits(f, (f[4] ?? '').split('|')[0], cond);
    });
    if (fitting.length !== 1) continue;
    const f = records[fitting[0]].split(',');
    const [event, ...codes] = f[4].split('|');
    if (codes.includes(code)) continue;
    codes.splice(codes.includes('!') ? codes.indexOf('!') : codes.length, 0, code);
    f[4] = [event, ...codes].join('|');
    records[fitting[0]] = f.join(',');
  }
}

/**
 * Script against text on an effect's kind (issue 27: the rule that chooses, tested on the whole disagreement set): a
 * script's continuous effect on an event (`EFFECT_TYPE_SINGLE/FIELD+EFFECT_TYPE_CONTINUOUS` with an `EVENT_...` code,
 * which EDOPro applies without a chain: Zombowwow's "When this card declares an attack, it gains 500 ATK", Call of the
 * Haunted's "When this card leaves the field, destroy that monster") where the text inference reads a trigger for it
 * (the script has exactly as many triggers as the text once those effects are counted as triggers). The script is
 * taken: by Problem-Solving Card Text an effect starts a chain only if its text has a colon or a semicolon, and "When
 * X, Y" with neither is applied without one (W118). On the pinned sources: 113 cards, 119 effects; on 98 of them a
 * trigger sentence of the text has neither (`kind:script-continuous:N`: PSCT agrees with the script); on 15 every
 * trigger sentence has one (`kind:script-continuous-colon:N`): there the count matched by chance (a flag the script
 * sets on a flip, Aroma Jar; a sentence that is not the script's event, Zefra Path), and taking the text would invent
 * a trigger, so the script is kept and the choice is noted (no assumption: the script states the effect's kind).
 * Engine bookkeeping on events is no disagreement. Returns the note, or undefined.
 */
const BOOKKEEPING_EVENTS = /^EVENT_(?:ADJUST|CHAIN_|CHAINING|BREAK_EFFECT|STARTUP|PHASE_START|TURN_END|CUSTOM|MOVE|LEAVE_GRAVE|NEGATED)/;
function kindChoice(script, inferred) {
  const continuous = script.effects.filter((e) => !kindOf(e) && e.types.includes('CONTINUOUS') && (e.types.includes('SINGLE') || e.types.includes('FIELD')) && e.code.startsWith('EVENT_') && !e.code.startsWith('EVENT_FREE_CHAIN') && !BOOKKEEPING_EVENTS.test(e.code));
  if (!continuous.length || !inferred) return undefined;
  const textTriggers = inferred.effects.filter((e) => e.kind === 'trigger' && !e.phase && !e.pendulum);
  const scriptTriggers = script.effects.filter((e) => kindOf(e)?.kind === 'trigger' && !eventName(e.code).startsWith('phase_')).length;
  if (!(scriptTriggers < textTriggers.length && scriptTriggers + continuous.length === textTriggers.length)) return undefined;
  return `kind:${textTriggers.every((e) => /[:;]/.test(e.sentence)) ? 'script-continuous-colon' : 'script-continuous'}:${continuous.length}`;
}

/** The effect records and notes of one card. */
/**
 * Triggers a script registers for the rest of one of its own effects' resolution (lua-facts.js continuations: Power-Up
 * Adapter's "Then, select 1 face-up monster ..."; Venom Swamp's "Destroy a monster if its ATK becomes 0 by this
 * effect") are left out, what they include joining the effect that raises them, where the text agrees that they are no
 * effects of their own: it writes no activation condition on what an effect of the card did ("When a monster(s) is
 * destroyed by this card's effect:", "When you do:": Berserk Archfiend, Shogi Knight keep theirs), and its triggers are
 * fewer than the script's by exactly those. Without a text they stay.
 */
function withoutContinuations(effects, inferred, text) {
  const continuing = effects.filter((e) => e.continuationOf);
  if (!continuing.length || !inferred || !text) return effects;
  if (/\b(?:by|with) (?:this|that) (?:card's )?effect[^.:;]*:|\bwhen you do:/i.test(text)) return effects;
  const isTrigger = (e) => kindOf(e)?.kind === 'trigger' && !eventName(e.code).startsWith('phase_');
  const textTriggers = inferred.effects.filter((e) => e.kind === 'trigger' && !e.phase).length;
  if (textTriggers !== effects.filter(isTrigger).length - continuing.length) return effects;
  // What the rest of the resolution includes joins the effect; not an ATK/DEF change, which would let the whole effect
  // be activated in the Damage Step (R30) on the strength of a step after "Then" (Power-Up Adapter's set reading: not).
  for (const t of continuing) {
    const by = effects.find((e) => e.name === t.continuationOf);
    for (const c of t.categories) if (by && !by.categories.includes(c) && c !== 'ATKCHANGE' && c !== 'DEFCHANGE') by.categories.push(c);
  }
  return effects.filter((e) => !e.continuationOf);
}

function effectsOf(card, type, script, inferred, windowCodes = {}, setTurnCode = () => '', choiceLetters = {}, doesCode = () => '', moment = () => undefined) {
  if (!script) return { effects: [], notes: type.startsWith('M:') && /\bNormal\b/.test(type) ? [] : ['?no-script'] };
  const effects = [];
  const text = textSays(inferred);
  const chainStarting = withoutContinuations(script.effects.filter((e) => effectRecord(e)), inferred, card.text?.en);
  const records = withWindows(chainStarting.map(effectRecord), chainStarting, inferred, windowCodes, type);
  const scriptTriggers = records.filter((r) => r.startsWith('T,')).length;
  withCost(records, chainStarting, inferred, type);
  withOncePerBattle(records, inferred, type);
  withTextWindows(records, inferred, type, card, windowCodes, moment);
  withTextQualifiers(records, inferred, type);
  withTextConditions(records, inferred, type);
  withTextMaterialKind(records, card.text?.en);
  withDamageStepExclusions(records, card);
  withAttackerQualifier(records, card);
  withoutUnstatedOther(records, card);
  withBattleTargetFilter(records, card);
  for (const r of records) effects.push(settle(r, text, scriptTriggers));
  withSetTurn(effects, inferred, setTurnCode);
  withChoices(effects, inferred, type, choiceLetters);
  withSelfSummon(effects, inferred, type);
  withTextLimits(effects, inferred, type);
  withHandActivation(effects, script, card.text?.en);
  withNoResponse(effects, inferred, type);
  alternativesInText(effects, inferred, type);
  const notes = [];
  const category = type[0];
  for (const helper of script.helpers) {
    const h = helperEffects(helper, category, effects.some((e) => e.startsWith('A,')));
    effects.push(...h.effects.map(effectRecord));
    notes.push(h.note);
  }
  // After the helpers' effects: an Equip Spell's activation is the helper's.
  withActions(effects, inferred, type, doesCode);
  withClonedActions(effects, chainStarting);
  if (script.runtimeEffects) notes.push('?runtime-effects');
  const kind = kindChoice(script, inferred);
  if (kind) notes.push(kind);
  if (script.deckOperations.length) notes.push(`deck:${script.deckOperations.join('+')}`);
  return { effects, notes };
}

module.exports = { effectsOf, effectRecord, helperEffects, eventName, textSays, settle, restrictionNotes, withClonedActions, withoutUnstatedOther };
