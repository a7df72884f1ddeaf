// Reads the effect facts of an EDOPro card script (ProjectIgnis/CardScripts official/c<passcode>.lua)
// without running Lua: the one reader of scripts, used by the card-library generator (scripts/cards/) and
// the inference accuracy harness (scripts/card-accuracy.js). Our own small reader, not a Lua parser: it
// looks only at the body of `initial_effect` (up to the first `end` at the start of a line), line by line:
//   eN = Effect.CreateEffect(c)      a new effect            eN = eM:Clone()      a copy of eM
//   eN:SetType(A+B|C)                its properties          c:RegisterEffect(eN) registered on the card
//   Helper.Procedure(...)            a helper that builds effects itself (named below, or "unmapped")
// An effect is taken as it is when registered (a clone changed afterwards is a new effect). Constants are
// kept without their prefix (`EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O` -> ['SINGLE', 'TRIGGER_O']). What a
// condition or cost function checks (Lua code) is not read: only that the effect has one. No Lua is kept.
'use strict';

/** Helper procedures that build chain-starting effects (or change what the card's effects are), by kind. */
const HELPERS = {
  'aux.AddEquipProcedure': 'equip',
  'Fusion.CreateSummonEff': 'fusion-summon',
  'Fusion.RegisterSummonEff': 'fusion-summon',
  'Ritual.AddProcGreater': 'ritual',
  'Ritual.AddProcEqual': 'ritual',
  'Ritual.AddProcGreaterCode': 'ritual',
  'Ritual.AddProcEqualCode': 'ritual',
  'Ritual.CreateProc': 'ritual',
  'Ritual.AddWholeLevelTribute': 'ritual',
  'Gemini.AddProcedure': 'gemini',
  'Spirit.AddProcedure': 'spirit',
  'aux.AddUnionProcedure': 'union',
  'aux.AddPersistentProcedure': 'persistent',
  'aux.EnableNeosReturn': 'neos-return',
};

/** Helpers that build no effect that starts a chain (materials, summoning procedures, counters, bookkeeping). */
const QUIET_HELPERS = /^(Xyz|Synchro|Link|Fusion)\.AddProc|^Pendulum\.AddProcedure|^aux\.AddMaximumAtkHandler|^aux\.EnableCheckReincarnation|^aux\.AddCodeList|^aux\.AddMustBeSpecialSummoned|^aux\.AddMustFirstBeSpecialSummoned|^aux\.AddLavaProcedure|^Fusion\.AddContactProc|^aux\.EnableExtraDeckSummonCountLimit|^aux\.GlobalCheck|^aux\.AddKaijuProcedure|^aux\.AddSkillProcedure/;

/** A helper call at the start of a statement (`Xyz.AddProcedure(`, `local e1=Fusion.CreateSummonEff(`). */
const HELPER_CALL = /^(?:local\s+)?(?:\w+\s*=\s*)?((?:aux|Fusion|Ritual|Synchro|Xyz|Link|Pendulum|Gemini|Spirit)\.\w+)\s*[({]/;

/** The body of `function s.initial_effect(c)` (or `cNNN.initial_effect`), up to its closing `end`. */
function initialEffect(lua) {
  const start = lua.search(/^function [\w.]+\.initial_effect\s*\(/m);
  if (start < 0) return '';
  const rest = lua.slice(start);
  const end = rest.search(/^end\b/m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Constants of an expression such as `EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O` or `A|B` (the prefix dropped). */
function constants(expr, prefix) {
  const out = [];
  const re = new RegExp(`\\b${prefix}([A-Z0-9_]+)`, 'g');
  for (let m; (m = re.exec(expr)); ) out.push(m[1]);
  return out;
}

/**
 * The script's facts: the effects registered on the card by `initial_effect` (each as registered, with
 * `cloneOf` naming the effect it was cloned from, and `conditionSays`: the turn and phase its condition
 * checks), the kinds of helper procedures it calls, the helper
 * calls this reader knows nothing about (`unmappedHelpers`: their effects are unknown), what its operation
 * infos do from the Deck, and whether the script makes chain-starting effects while the duel runs.
 */
function readScript(lua) {
  const body = initialEffect(lua);
  const effects = new Map(); // variable -> effect facts
  const registered = [];
  const helpers = new Set();
  const unmappedHelpers = [];
  for (const [call, helper] of Object.entries(HELPERS)) if (body.includes(`${call}(`) || body.includes(`${call}{`)) helpers.add(helper);
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    let m;
    const call = HELPER_CALL.exec(line)?.[1];
    if (call && !HELPERS[call] && !QUIET_HELPERS.test(call)) unmappedHelpers.push(call);
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*Effect\.CreateEffect\(/.exec(line))) {
      effects.set(m[1], blank(m[1]));
    } else if ((m = /^(?:local\s+)?(\w+)\s*=\s*(?:Fusion\.CreateSummonEff|Ritual\.CreateProc)\b/.exec(line))) {
      // A Fusion/Ritual Summon effect made by the helper: a card activation unless the script changes its type.
      effects.set(m[1], { ...blank(m[1]), types: ['ACTIVATE'], categories: ['SPECIAL_SUMMON'] });
    } else if ((m = /^(?:local\s+)?(\w+)\s*=\s*(\w+):Clone\(\)/.exec(line))) {
      const from = effects.get(m[2]);
      if (from) effects.set(m[1], { ...from, name: m[1], cloneOf: from.cloneOf ?? from.name, categories: [...from.categories], flags: [...from.flags] });
    } else if ((m = /^(\w+):Set(\w+)\((.*)\)\s*;?$/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) set(e, m[2], m[3]);
    } else if ((m = /^c:RegisterEffect\((\w+)/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) registered.push({ ...e });
    }
  }
  for (const e of registered) e.conditionSays = conditionChecks(lua, e.condition);
  // Effects the script makes while the duel runs (granted effects, delayed End Phase effects): not listed.
  const rest = lua.replace(body, '');
  const runtimeEffects = /SetType\([^)]*(TRIGGER_[OF]|QUICK_[OF]|IGNITION)/.test(rest);
  return { effects: registered, helpers: [...helpers], unmappedHelpers, hasInitialEffect: body !== '', deckOperations: deckOperations(lua), runtimeEffects };
}

/** An effect's facts before its `Set...` lines: types, event code (the expression), range, flags, categories. */
function blank(name) {
  return { name, cloneOf: undefined, types: [], code: '', range: [], flags: [], categories: [], countLimit: '', hasCondition: false, condition: '', hasCost: false };
}

function set(e, what, args) {
  switch (what) {
    case 'Type':
      e.types = constants(args, 'EFFECT_TYPE_');
      break;
    case 'Code':
      e.code = args.startsWith('EVENT_') ? args.replace(/\s+/g, '') : args.startsWith('EFFECT_') ? 'effect' : 'other';
      break;
    case 'Range':
      e.range = constants(args, 'LOCATION_');
      break;
    case 'Property':
      e.flags = constants(args, 'EFFECT_FLAG_');
      break;
    case 'Category':
      e.categories = constants(args, 'CATEGORY_');
      break;
    case 'CountLimit':
      e.countLimit = countLimit(args);
      break;
    case 'Condition':
      e.hasCondition = true;
      e.condition = args.trim();
      break;
    case 'Cost':
      e.hasCost = true;
      break;
  }
}

/** `1` soft once per turn; `1n` hard, by card name; `1e` per effect of the name; `o` oath; `c` per chain; `d` per duel. */
function countLimit(args) {
  const n = /^\s*(\d+)/.exec(args)?.[1] ?? '1';
  if (/EFFECT_COUNT_CODE_CHAIN/.test(args)) return `${n}c`;
  if (/EFFECT_COUNT_CODE_DUEL/.test(args)) return `${n}d`;
  if (/EFFECT_COUNT_CODE_OATH/.test(args)) return `${n}o`;
  if (/\{\s*id\s*,/.test(args)) return `${n}e`;
  if (/,\s*id\b/.test(args)) return `${n}n`;
  return n;
}

/** What the script's operation infos do from the Deck (for "includes deck summon / deck send"), for the whole card. */
function deckOperations(lua) {
  const out = new Set();
  const re = /SetPossibleOperationInfo\(([^\n]*)\)|SetOperationInfo\(([^\n]*)\)/g;
  for (let m; (m = re.exec(lua)); ) {
    const args = m[1] ?? m[2];
    if (!/LOCATION_DECK/.test(args)) continue;
    if (/CATEGORY_SPECIAL_SUMMON/.test(args)) out.add('deck-summon');
    if (/CATEGORY_TOGRAVE|CATEGORY_DECKDES/.test(args)) out.add('deck-send');
    if (/CATEGORY_TOHAND|CATEGORY_SEARCH/.test(args)) out.add('search');
  }
  return [...out];
}

/**
 * What an effect's condition checks of the turn and phase, where the script says it plainly
 * (`Duel.IsTurnPlayer(1-tp)`, `Duel.IsMainPhase()`): `turn` 'your'/'opponent', `phase` 'main'/'battle'.
 * The condition is a function of the script (`s.condition`) or written inline; anything else says nothing.
 */
function conditionChecks(lua, condition) {
  let body = '';
  const named = /^(?:s|c\d+)\.(\w+)$/.exec(condition);
  if (named) {
    const start = lua.search(new RegExp(`^function [\\w]+\\.${named[1]}\\s*\\(`, 'm'));
    if (start >= 0) {
      const rest = lua.slice(start);
      const end = rest.search(/^end\b/m);
      body = end < 0 ? rest : rest.slice(0, end);
    }
  } else if (/^function\s*\(/.test(condition)) body = condition;
  const says = {};
  if (/(?<!not )Duel\.IsTurnPlayer\(1-tp\)|Duel\.GetTurnPlayer\(\)\s*(?:~=\s*tp|==\s*1-tp)\b/.test(body)) says.turn = 'opponent';
  else if (/(?<!not )Duel\.IsTurnPlayer\(tp\)|Duel\.GetTurnPlayer\(\)\s*==\s*tp\b/.test(body)) says.turn = 'your';
  if (/Duel\.IsMainPhase\(\)|==\s*PHASE_MAIN1\b[^\n]*==\s*PHASE_MAIN2\b/.test(body)) says.phase = 'main';
  else if (/Duel\.IsBattlePhase\(\)|>\s*PHASE_MAIN1\b[^\n]*<\s*PHASE_MAIN2\b|>=\s*PHASE_BATTLE_START\b[^\n]*<=\s*PHASE_BATTLE\b/.test(body)) says.phase = 'battle';
  return says;
}

/**
 * An effect's kind in the inference's words (activation, trigger, flip, quick, ignition; undefined for a
 * continuous or static effect, which starts no chain) and whether it is optional: the one reading of
 * `SetType` both users share.
 */
function kindOf(e) {
  const t = new Set(e.types);
  if (t.has('ACTIVATE')) return { kind: 'activation', optional: true };
  if (t.has('FLIP')) return { kind: 'flip', optional: t.has('TRIGGER_O') };
  if (t.has('QUICK_O') || t.has('QUICK_F')) return { kind: 'quick', optional: !t.has('QUICK_F') };
  if (t.has('TRIGGER_O') || t.has('TRIGGER_F')) return { kind: 'trigger', optional: !t.has('TRIGGER_F') };
  if (t.has('IGNITION')) return { kind: 'ignition', optional: true };
  return undefined;
}

module.exports = { readScript, kindOf, conditionChecks, initialEffect, constants, countLimit, HELPERS };
