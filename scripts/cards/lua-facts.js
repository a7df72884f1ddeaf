// Reads the facts of one CardScripts script (official/c<passcode>.lua): the effects `initial_effect`
// registers on the card, each with its type, event, range, flags, categories and count limit, and the
// helper procedures it calls. A line-level reading of `Effect.CreateEffect` / `eN:SetX(...)` /
// `c:RegisterEffect(eN)`; no Lua is kept, only these facts.
'use strict';

/** Helper procedures that build chain-starting effects (or change what the card's effects are). */
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

/** The effects registered on the card by `initial_effect`, and the helpers it calls. */
function readScript(lua) {
  const body = initialEffect(lua);
  const effects = new Map(); // variable -> effect facts
  const registered = [];
  const helpers = new Set();
  for (const [call, helper] of Object.entries(HELPERS)) if (body.includes(`${call}(`) || body.includes(`${call}{`)) helpers.add(helper);
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    let m;
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*Effect\.CreateEffect\(/.exec(line))) {
      effects.set(m[1], blank());
    } else if ((m = /^(?:local\s+)?(\w+)\s*=\s*(?:Fusion\.CreateSummonEff|Ritual\.CreateProc)\b/.exec(line))) {
      // A Fusion/Ritual Summon effect made by the helper: a card activation unless the script changes its type.
      effects.set(m[1], { ...blank(), types: ['ACTIVATE'], categories: ['SPECIAL_SUMMON'] });
    } else if ((m = /^(?:local\s+)?(\w+)\s*=\s*(\w+):Clone\(\)/.exec(line))) {
      const from = effects.get(m[2]);
      if (from) effects.set(m[1], { ...from, categories: [...from.categories], flags: [...from.flags] });
    } else if ((m = /^(\w+):Set(\w+)\((.*)\)\s*;?$/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) set(e, m[2], m[3]);
    } else if ((m = /^c:RegisterEffect\((\w+)/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) registered.push({ ...e });
    }
  }
  // Effects the script makes while the duel runs (granted effects, delayed End Phase effects): not listed.
  const rest = lua.replace(body, '');
  const runtimeEffects = /SetType\([^)]*(TRIGGER_[OF]|QUICK_[OF]|IGNITION)/.test(rest);
  return { effects: registered, helpers: [...helpers], deckOperations: deckOperations(lua), runtimeEffects };
}

function blank() {
  return { types: [], code: '', range: [], flags: [], categories: [], countLimit: '', hasCondition: false, hasCost: false };
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

module.exports = { readScript, initialEffect, constants, countLimit };
