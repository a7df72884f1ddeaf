// Reads the effect facts of an EDOPro card script (ProjectIgnis/CardScripts official/c<passcode>.lua)
// without running Lua. Our own small reader, not a Lua parser: it looks only at the body of
// `initial_effect` (up to the first `end` at the start of a line), statement by statement:
//   eN = Effect.CreateEffect(c)      a new effect            eN = eM:Clone()   a copy of eM
//   eN:SetType(A+B|C)                its properties          c:RegisterEffect(eN)  registered on the card
//   Helper.Procedure(...)            a helper that builds effects itself (mapped below, or "unclean")
// Constant expressions are split on + and |, so `EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O` and
// `EVENT_PHASE|PHASE_END` read the same. What a condition function checks (Lua code) is not read.
// Used by scripts/card-accuracy.js; reusable by any script that needs the facts of a card script.
'use strict';

const ZONE_OF_LOCATION = {
  LOCATION_HAND: 'hand',
  LOCATION_GRAVE: 'gy',
  LOCATION_REMOVED: 'banished',
  LOCATION_MZONE: 'field',
  LOCATION_SZONE: 'field',
  LOCATION_ONFIELD: 'field',
  LOCATION_FZONE: 'field',
  LOCATION_PZONE: 'field',
  LOCATION_DECK: 'deck',
  LOCATION_EXTRA: 'extra',
};

/** Helpers that build no effect that starts a chain (materials, summoning procedures, counters). */
const QUIET_HELPERS = /^(Xyz|Synchro|Link|Fusion)\.AddProc|^Pendulum\.AddProcedure|^Gemini\.AddProcedure|^aux\.AddMaximumAtkHandler|^aux\.EnableCheckReincarnation|^aux\.AddCodeList|^aux\.AddMustBeSpecialSummoned|^aux\.AddMustFirstBeSpecialSummoned|^aux\.AddLavaProcedure|^Fusion\.AddContactProc|^aux\.EnableExtraDeckSummonCountLimit|^Ritual\.AddWholeLevelTribute|^aux\.GlobalCheck|^aux\.AddKaijuProcedure|^aux\.AddSkillProcedure/;

/** Helpers whose effect is known: what they add, as facts. */
const MAPPED_HELPERS = [
  [/^aux\.AddEquipProcedure/, { kind: 'activation', optional: true, target: true }],
  [/^aux\.AddPersistentProcedure/, { kind: 'activation', optional: true, target: true }],
  [/^Ritual\.(AddProc|CreateProc)|^Fusion\.(CreateSummonEff|RegisterSummonEff)/, { kind: 'activation', optional: true, target: false }],
  [/^Spirit\.AddProcedure/, { kind: 'trigger', optional: false, target: false, codes: ['EVENT_PHASE', 'PHASE_END'] }],
];

function splitConstants(args) {
  return args
    .split(/[+|,()]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The body of `initial_effect`, or undefined. */
function initialEffectBody(source) {
  const start = source.search(/function\s+[\w.]+\.initial_effect\s*\(/);
  if (start < 0) return undefined;
  const rest = source.slice(start);
  const end = rest.search(/\nend\b/);
  return end < 0 ? rest : rest.slice(0, end);
}

function blankEffect(name) {
  return { name, type: [], code: [], property: [], range: [], category: [], countLimit: undefined, registered: false, cloneOf: undefined, helper: undefined };
}

function countLimitOf(args) {
  const parts = args.split(',').map((s) => s.trim());
  const count = Number(parts[0]) || 1;
  const all = args;
  if (/EFFECT_COUNT_CODE_CHAIN/.test(all)) return { count, scope: 'chain' };
  if (/EFFECT_COUNT_CODE_DUEL/.test(all)) return { count, scope: 'duel' };
  if (/EFFECT_COUNT_CODE_OATH/.test(all)) return { count, scope: 'name' };
  if (parts.length === 1) return { count, scope: 'soft' };
  if (/^0$/.test(parts[1])) return { count, scope: 'soft' };
  return { count, scope: 'name' };
}

/** Reads one script. Returns its effects (with their facts), helpers seen, and whether it is "clean". */
function readLuaFacts(source) {
  const body = initialEffectBody(source);
  const result = { effects: [], helpers: [], unmappedHelpers: [], clean: true, hasInitialEffect: !!body };
  if (!body) {
    result.clean = false;
    return result;
  }
  const vars = new Map();
  // One statement per line in these scripts; several `;`-less statements never share a line.
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    if (!line) continue;
    let m;
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*Effect\.CreateEffect\(/.exec(line))) {
      const e = blankEffect(m[1]);
      vars.set(m[1], e);
      result.effects.push(e);
      continue;
    }
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*(\w+):Clone\(\)/.exec(line))) {
      const from = vars.get(m[2]);
      if (!from) continue;
      const e = { ...from, name: m[1], type: [...from.type], code: [...from.code], property: [...from.property], range: [...from.range], category: [...from.category], registered: false, cloneOf: from.cloneOf ?? from.name };
      vars.set(m[1], e);
      result.effects.push(e);
      continue;
    }
    if ((m = /^(\w+):Set(Type|Code|Property|Range|Category|CountLimit)\((.*)\)\s*$/.exec(line))) {
      const e = vars.get(m[1]);
      if (!e) continue;
      const field = m[2];
      if (field === 'CountLimit') e.countLimit = countLimitOf(m[3]);
      else e[field.toLowerCase()] = splitConstants(m[3]);
      continue;
    }
    if ((m = /^\w+:RegisterEffect\((\w+)/.exec(line))) {
      const e = vars.get(m[1]);
      if (e) e.registered = true;
      continue;
    }
    if ((m = /^(?:local\s+\w+\s*=\s*|\w+\s*=\s*)?((?:aux|Fusion|Ritual|Synchro|Xyz|Link|Pendulum|Gemini|Spirit)\.\w+)\(/.exec(line))) {
      const name = m[1];
      result.helpers.push(name);
      if (QUIET_HELPERS.test(name)) continue;
      const mapped = MAPPED_HELPERS.find(([re]) => re.test(name));
      if (mapped) {
        const f = mapped[1];
        result.effects.push({ name, type: [], code: f.codes ?? [], property: f.target ? ['EFFECT_FLAG_CARD_TARGET'] : [], range: [], category: [], countLimit: undefined, registered: true, cloneOf: undefined, helper: f });
        // An effect returned by a helper is then set up and registered like any other.
        const v = /^(?:local\s+)?(\w+)\s*=/.exec(line);
        if (v) vars.set(v[1], result.effects[result.effects.length - 1]);
        continue;
      }
      result.unmappedHelpers.push(name);
      result.clean = false;
    }
  }
  return result;
}

/** Kind, optional/mandatory and the other facts of one effect, in the inference's words. */
function factsOf(e) {
  const t = new Set(e.type);
  const props = new Set(e.property);
  let kind;
  let optional = false;
  if (e.helper) {
    kind = e.helper.kind;
    optional = e.helper.optional;
  } else if (t.has('EFFECT_TYPE_ACTIVATE')) {
    kind = 'activation';
    optional = true;
  } else if (t.has('EFFECT_TYPE_FLIP')) {
    kind = 'flip';
    optional = t.has('EFFECT_TYPE_TRIGGER_O');
  } else if (t.has('EFFECT_TYPE_TRIGGER_O') || t.has('EFFECT_TYPE_TRIGGER_F')) {
    kind = 'trigger';
    optional = t.has('EFFECT_TYPE_TRIGGER_O');
  } else if (t.has('EFFECT_TYPE_QUICK_O') || t.has('EFFECT_TYPE_QUICK_F')) {
    kind = 'quick';
    optional = t.has('EFFECT_TYPE_QUICK_O');
  } else if (t.has('EFFECT_TYPE_IGNITION')) {
    kind = 'ignition';
    optional = true;
  } else kind = 'continuous';
  // Effects given to another card (Xyz material, "gains this effect") are not this card's own.
  const granted = t.has('EFFECT_TYPE_XMATERIAL') || (!e.registered && !e.helper);
  const zones = [...new Set(e.range.map((r) => ZONE_OF_LOCATION[r]).filter(Boolean))];
  return {
    name: e.name,
    kind,
    optional,
    granted,
    cloneOf: e.cloneOf,
    delay: props.has('EFFECT_FLAG_DELAY'),
    target: props.has('EFFECT_FLAG_CARD_TARGET'),
    damageStep: props.has('EFFECT_FLAG_DAMAGE_STEP') || props.has('EFFECT_FLAG_DAMAGE_CAL'),
    code: e.code,
    single: t.has('EFFECT_TYPE_SINGLE'),
    zones,
    categories: e.category.map((c) => c.replace(/^CATEGORY_/, '').toLowerCase()),
    countLimit: e.countLimit,
  };
}

module.exports = { readLuaFacts, factsOf, initialEffectBody, ZONE_OF_LOCATION };
