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
const { grantedEffects } = require('./lua-later');

/** Helper procedures that build chain-starting effects (or change what the card's effects are), by kind. */
const HELPERS = {
  'aux.AddEquipProcedure': 'equip',
  // An "Amaze Attraction" Trap's activation: target a monster, equip this card to it (the same activation).
  'aux.AddAttractionEquipProc': 'equip',
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
      // `changed`: what the script sets on the clone (a clone changing only its event code is the same effect of the text).
      if (from) effects.set(m[1], { ...from, name: m[1], cloneOf: from.cloneOf ?? from.name, categories: [...from.categories], flags: [...from.flags], changed: [] });
    } else if ((m = /^(\w+):Set(\w+)\((.*)\)\s*;?$/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) set(e, m[2], m[3]);
    } else if ((m = /^c:RegisterEffect\((\w+)/.exec(line))) {
      const e = effects.get(m[1]);
      if (e) registered.push({ ...e });
    }
  }
  // The effects it grants to other cards (R68: lua-later.js), read as its own; kept apart, so its own stay numbered as they are.
  const granted = grantedEffects(lua, body, registered);
  for (const e of [...registered, ...granted]) {
    e.conditionSays = conditionChecks(lua, e.condition);
    e.qualifiers = conditionQualifiers(lua, e);
    e.chainLimit = chainLimitOf(lua, e.target);
    e.cost = e.hasCost ? costOf(lua, e.costRef, 0, e.target) : '';
    // "Once per battle" is written as a use-limit cost helper (R78).
    e.oncePerBattle = /Cost\.(?:Soft|Hard)(?:OncePerBattle|UseLimitPerBattle)\b/.test(e.costRef ?? '');
    // What this effect's own target function does from the Deck (the card-wide reading mixes its effects).
    const target = functionBody(lua, e.target);
    if (target) settledOnActivation(e, target);
    // "Target 1 monster ..., except this card": its Duel.SelectTarget excepts this card (its 8th argument).
    e.targetsOther = !!target && targetsExceptSelf(target);
    calledByOperation(e, functionBody(lua, e.operation));
    e.deckOperations = target ? deckOperations(target) : undefined;
  }
  continuations(lua, registered);
  // CATEGORY_DISABLE in a script that negates nothing anywhere (no Negate call, no EFFECT_DISABLE): the script's
  // label for a lock or a ban on activating (Droll & Lock Bird: "cards cannot be added from either player's Main Deck
  // to the hand"; Heavenly Zephyr - Miradora: "it cannot activate its effects"), not a negation the effect includes.
  if (!/Negate|EFFECT_DISABLE|Disable/.test(lua)) for (const e of registered) e.categories = e.categories.filter((c) => c !== 'DISABLE');
  // Per effect only where the effects' own target functions account for every Deck operation of the script (one
  // stated in an operation function or a helper would otherwise be lost): else the card-wide reading for all.
  const cardDeck = deckOperations(lua);
  const perEffect = new Set(registered.flatMap((e) => e.deckOperations ?? []));
  if (!cardDeck.every((op) => perEffect.has(op))) for (const e of registered) e.deckOperations = undefined;
  // Effects the script makes while the duel runs (granted effects, delayed End Phase effects): not listed.
  const rest = lua.replace(body, '');
  const runtimeEffects = /SetType\([^)]*(TRIGGER_[OF]|QUICK_[OF]|IGNITION)/.test(rest);
  const activatesFromHand = registered.some((e) => e.trapFromHand && e.types.includes('SINGLE'));
  // The hand under a condition of its own (Evenly Matched: "If you control no cards"): not read.
  const handCondition = registered.some((e) => e.trapFromHand && e.types.includes('SINGLE') && e.hasCondition);
  return { effects: registered, granted, helpers: [...helpers], unmappedHelpers, hasInitialEffect: body !== '', deckOperations: cardDeck, runtimeEffects, activatesFromHand, handCondition };
}

/**
 * A trigger on a custom event that one of the card's own activated effects raises in its operation (Power-Up Adapter:
 * "equip it ... Then, select 1 face-up monster; it gains ATK", the script's equip raising `EVENT_CUSTOM+id` for a
 * second, forced effect): maybe the rest of that effect's resolution rather than an effect of the text. Marked
 * `continuationOf` (the raising effect's variable); the text decides (scripts/cards/effects.js withoutContinuations).
 */
function continuations(lua, registered) {
  for (const t of registered) {
    if (!/^EVENT_CUSTOM\+/.test(t.code) || kindOf(t)?.kind !== 'trigger') continue;
    const raised = new RegExp(String.raw`Raise(?:Single)?Event\([^\n]*${t.code.replace(/\+/g, '\\+')}(?![+\w])`);
    const by = registered.find((r) => r !== t && kindOf(r) && r.operation && raised.test(functionBody(lua, r.operation)));
    if (!by) continue;
    t.continuationOf = by.name;
  }
}

/** Whether every `Duel.SelectTarget` of a target function excepts this card (`...,1,1,e:GetHandler())`). */
function targetsExceptSelf(target) {
  const calls = [...target.matchAll(/Duel\.SelectTarget\(/g)].map((m) => {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < target.length && depth > 0; i++) depth += target[i] === '(' ? 1 : target[i] === ')' ? -1 : 0;
    return splitArgs(target.slice(start, i - 1));
  });
  return calls.length > 0 && calls.every((args) => /^(?:c|e:GetHandler\(\))$/.test((args[7] ?? '').trim()));
}

/**
 * Categories and flags an effect's target function sets as it is activated (`e:SetCategory(CATEGORY_DESTROY)` for
 * the option chosen, `local cat=CATEGORY_TODECK ... e:SetCategory(cat)`, `e:SetProperty(EFFECT_FLAG_CARD_TARGET)`):
 * the effect may do each, so they join the ones `initial_effect` registers (Dark Scorpion - Cliff the Trap Remover,
 * Knightmare Unicorn, Revival Golem state theirs only there).
 */
function settledOnActivation(e, target) {
  for (const line of target.split('\n')) {
    if (/\be:SetCategory\(|\bcat\w*\s*=[^=]/.test(line)) {
      for (const c of constants(line, 'CATEGORY_')) if (!e.categories.includes(c)) e.categories.push(c);
    }
    if (/\be:SetProperty\(/.test(line)) {
      for (const f of constants(line, 'EFFECT_FLAG_')) if (['CARD_TARGET', 'DAMAGE_STEP'].includes(f) && !e.flags.includes(f)) e.flags.push(f);
    }
  }
}

/**
 * Categories for what the effect's own operation function calls where the script lists none (Goldilocks the
 * Battle Landscaper destroys with no category): negating an activation, destroying, banishing, drawing. Not other
 * verbs: their calls also serve checks and other cards' moves that are no part of what the effect includes; nor
 * EFFECT_DISABLE, which mostly rides on another action ("its effects are negated" on the monster an effect Special
 * Summons), where the scripts, as the cards' readers, list no negation.
 */
function calledByOperation(e, body) {
  // Only where the script lists no category at all: where it lists some, they are its own reading of the effect
  // (a delayed "destroy it during the End Phase" in the operation is not what the effect includes).
  if (!body || e.categories.length) return;
  for (const [call, category] of OPERATION_CATEGORIES) if (call.test(body) && !e.categories.includes(category)) e.categories.push(category);
}

const OPERATION_CATEGORIES = [
  [/Duel\.NegateActivation\s*\(/, 'NEGATE'],
  [/Duel\.Destroy\s*\(/, 'DESTROY'],
  [/Duel\.Remove\s*\(/, 'REMOVE'],
  [/Duel\.Draw\s*\(/, 'DRAW'],
];

/** An effect's facts before its `Set...` lines: types, event code (the expression), range, flags, categories. */
function blank(name) {
  return { name, cloneOf: undefined, types: [], code: '', effectCode: '', targetRange: '', range: [], flags: [], categories: [], countLimit: '', hasCondition: false, condition: '', hasCost: false, costRef: '', target: '', value: '' };
}

function set(e, what, args) {
  if (e.changed) e.changed.push(what);
  switch (what) {
    case 'Type':
      e.types = constants(args, 'EFFECT_TYPE_');
      break;
    case 'Code':
      e.code = args.startsWith('EVENT_') ? args.replace(/\s+/g, '') : args.startsWith('EFFECT_') ? 'effect' : 'other';
      // "You can activate this card from your hand": a Trap's own activation zone (R34).
      if (args.trim() === 'EFFECT_TRAP_ACT_IN_HAND') e.trapFromHand = true;
      // The continuous effect's code (`CANNOT_ACTIVATE`, `DISABLE`, `IMMUNE_EFFECT`, ...): what a lock is (R62-R65).
      e.effectCode = args.startsWith('EFFECT_') ? args.trim().slice('EFFECT_'.length).replace(/\W.*$/, '') : '';
      break;
    case 'TargetRange':
      e.targetRange = args.replace(/\s+/g, '');
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
      e.costRef = args.trim();
      break;
    case 'Operation':
      e.operation = args.trim();
      break;
    case 'Target':
      e.target = args.trim();
      break;
    // A constant only (`POS_FACEDOWN`): what a continuous effect forces (restrictionNotes); a function is not read.
    case 'Value':
      e.value = /^[A-Z_]+$/.test(args.trim()) ? args.trim() : '';
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
 * What an effect's cost function pays, as codes joined by `+` (docs/cards.md, "The generated library"): a letter per
 * verb, then `s` for the effect's own card or the count (`Ds` discard itself, `D1` discard 1, `T`ribute, `L1000` pay
 * LP, `B`anish, send to the `G`Y, detach an Xyz `X` material, re`V`eal, to the dec`K`, to the `E`xtra Deck, to the `H`and, remove `C`ounters,
 * change `P`osition), `?` for a payment the reader does not know. '' where the function pays nothing: a cost function
 * that only registers a restriction ("You cannot Special Summon ... the turn you activate this effect") or a
 * per-chain/per-battle use limit is no cost in the card's text.
 */
function costOf(lua, ref, depth = 0, target = '') {
  if (!ref || depth > 2) return '';
  const helper = costHelper(lua, ref, depth);
  if (helper !== undefined) return helper;
  const body = functionBody(lua, ref);
  if (!body) return '?';
  const parts = payments(lua, body, depth);
  // The "label 100" idiom: the cost function only marks that a cost is being paid, and the target function pays it.
  if (!parts.length && /SetLabel\(/.test(body) && target) parts.push(...payments(lua, functionBody(lua, target), depth).filter((p) => p !== 'Vs' && p !== 'V1'));
  return [...new Set(parts)].join('+');
}

/** The payments of a function's body (its REASON_COST calls and cost helpers), as cost codes. */
function payments(lua, body, depth) {
  const parts = [];
  for (const raw of body.split('\n')) {
    const l = raw.replace(/--.*$/, '').trim();
    // "Reveal this card in your hand": the engine checks it can be revealed (`not c:IsPublic()`) and shows nothing more.
    if (/^if chk==0\b/.test(l) && /not (?:c|e:GetHandler\(\)):IsPublic\(\)/.test(l)) parts.push('Vs');
    if (/^if chk==0\b/.test(l) || /^return\b/.test(l)) continue;
    // A payment inside an `if` is made only sometimes ("You can activate this card from your hand by paying half your
    // LP": Red Reboot): no cost of every activation.
    if (/^\t\t/.test(raw)) continue;
    const self = (arg) => /^(?:c|e:GetHandler\(\))$/.test(arg.trim());
    let m;
    if ((m = /Duel\.PayLPCost\(\s*tp\s*,\s*(\d+)?/.exec(l))) parts.push(`L${m[1] ?? ''}`);
    else if ((m = /(\w+(?:\(\))?):RemoveOverlayCard\(\s*tp\s*,\s*(\d+)/.exec(l))) parts.push(`X${m[2]}`);
    // Its except argument this card (`...,REASON_COST|REASON_DISCARD,e:GetHandler())`): "discard 1 other card" (`o`).
    else if ((m = /Duel\.DiscardHand\(\s*tp\s*,[^,]*,\s*(\d+)/.exec(l))) parts.push(`D${m[1]}${/REASON_DISCARD\s*,\s*(?:c|e:GetHandler\(\))\s*[,)]/.test(l) ? 'o' : ''}`);
    else if ((m = /Duel\.Release\(([^,]+),\s*REASON_COST/.exec(l))) parts.push(self(m[1]) ? 'Ts' : 'T1');
    else if ((m = /Duel\.Remove\(([^,]+),[^)]*REASON_COST/.exec(l))) parts.push(self(m[1]) ? 'Bs' : 'B1');
    else if ((m = /Duel\.SendtoGrave\(([^,]+),[^)]*REASON_COST/.exec(l))) parts.push(`${/REASON_DISCARD/.test(l) ? 'D' : 'G'}${self(m[1]) ? 's' : '1'}`);
    else if ((m = /Duel\.SendtoDeck\(([^,]+),[^)]*REASON_COST/.exec(l))) parts.push(self(m[1]) ? 'Ks' : 'K1');
    else if ((m = /Duel\.SendtoHand\(([^,]+),[^)]*REASON_COST/.exec(l))) parts.push(self(m[1]) ? 'Hs' : 'H1');
    else if ((m = /Duel\.ConfirmCards\(\s*1-tp\s*,\s*([^)]+)\)/.exec(l))) parts.push(self(m[1]) ? 'Vs' : 'V1');
    else if (/RemoveCounter\([^)]*REASON_COST/.test(l)) parts.push('C1');
    else if (/REASON_COST/.test(l)) parts.push('?');
    else if ((m = /\b(Cost\.\w+(?:\([^)]*\))?)\(e,tp/.exec(l))) {
      const inner = costHelper(lua, m[1], depth + 1);
      if (inner) parts.push(inner);
    }
  }
  return parts;
}

/** A cost helper of CardScripts' utility (`Cost.SelfBanish`, `Cost.PayLP(1000)`, `Cost.AND(a,b)`), or undefined where `ref` is none. */
function costHelper(lua, ref, depth) {
  const m = /^(Cost\.\w+|aux\.\w+)\s*(?:\((.*)\))?$/s.exec(ref.trim());
  if (!m) return undefined;
  const args = splitArgs(m[2] ?? '');
  const n = (i, d = 1) => (/^\d+$/.test(args[i] ?? '') ? args[i] : String(d));
  switch (m[1]) {
    case 'Cost.SelfBanish': return 'Bs';
    case 'Cost.SelfTribute': case 'Cost.SelfRelease': return 'Ts';
    case 'Cost.SelfToGrave': return 'Gs';
    case 'Cost.SelfDiscard': case 'Cost.SelfDiscardToGrave': return 'Ds';
    case 'Cost.SelfReveal': return 'Vs';
    case 'Cost.SelfToDeck': return 'Ks';
    case 'Cost.SelfToExtra': return 'Es';
    case 'Cost.SelfToHand': return 'Hs';
    case 'Cost.SelfChangePosition': return 'Ps';
    // `Cost.Discard(filter, true)`: "discard 1 other card" (its second argument excepts this card).
    case 'Cost.Discard': return `D${n(2)}${args[1] === 'true' ? 'o' : ''}`;
    case 'Cost.Reveal': return `V${n(2)}`;
    case 'Cost.DetachFromSelf': return `X${n(0)}`;
    case 'Cost.DetachChoiceFromSelf': return 'X1';
    case 'Cost.PayLP': return `L${/^\d+$/.test(args[0] ?? '') ? args[0] : ''}`;
    case 'Cost.RemoveCounterFromSelf': case 'Cost.RemoveCounterFromField': return `C${n(1)}`;
    case 'Cost.AND': return [...new Set(args.map((a) => costOf(lua, a, depth + 1)).filter(Boolean).join('+').split('+'))].filter(Boolean).join('+');
    case 'Cost.Replaceable': return costOf(lua, args[0], depth + 1);
    // Use limits and bookkeeping, no payment ("once per Chain", "once per battle"; a Continuous Trap staying on the field).
    case 'Cost.HardOncePerChain': case 'Cost.SoftOncePerChain': case 'Cost.HardOncePerBattle': case 'Cost.SoftOncePerBattle':
    case 'Cost.SoftUseLimitPerChain': case 'Cost.HardUseLimitPerChain': case 'Cost.SoftUseLimitPerBattle': case 'Cost.HardUseLimitPerBattle':
    case 'Cost.HintSelectedEffect': case 'aux.RemainFieldCost':
      return '';
    default:
      return '?';
  }
}

/** The top-level arguments of a call (`a,b(c,d),e` -> three). */
function splitArgs(s) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(' || ch === '{') depth++;
    if (ch === ')' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The body of the script's function `s.name` (or `cNNN.name`), or an inline `function(...) ... end`; '' if not found. */
function functionBody(lua, ref) {
  const named = /^(?:s|c\d+)\.(\w+)$/.exec(ref ?? '');
  if (named) {
    const start = lua.search(new RegExp(`^function [\\w]+\\.${named[1]}\\s*\\(`, 'm'));
    if (start < 0) return '';
    const rest = lua.slice(start);
    const end = rest.search(/^end\b/m);
    return end < 0 ? rest : rest.slice(0, end);
  }
  // An inline `function(e) return A and B end`: its statements on lines of their own, as a named function's.
  const inline = /^function\s*(\([^)]*\))\s*(.*?)\s*(?:end\s*)?$/s.exec(ref ?? '');
  return inline ? `function${inline[1]}\n${inline[2]}\n` : '';
}

/**
 * What the target function of an effect forbids in response to its activation (`Duel.SetChainLimit`, called at
 * the function's top level): `opponent` (only the activating player may respond: `return tp==ep`, `rp==tp`), `both`
 * (`aux.FALSE`: no response at all), or '' (none, or one the reader cannot read: a condition on what may respond).
 */
function chainLimitOf(lua, target) {
  const body = functionBody(lua, target);
  const m = /^\t(?:Duel\.SetChainLimit\((.*)\))\s*$/m.exec(body);
  if (!m) return '';
  const arg = m[1].trim();
  if (arg === 'aux.FALSE') return 'both';
  const limit = /^function\s*\(/.test(arg) ? arg : functionBody(lua, arg);
  const params = /function\s*[\w.]*\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)/.exec(limit);
  if (!params) return '';
  const [, , rp, tp] = params;
  const ret = /\breturn\s+(\w+)\s*==\s*(\w+)\s*(?:end)?\s*\)?\s*$/.exec(limit.replace(/^function[^\n]*\n?/, '').replace(/\s+end\s*$/, '').trim());
  if (ret && new Set([ret[1], ret[2]]).size === 2 && [ret[1], ret[2]].every((x) => x === rp || x === tp)) return 'opponent';
  return '';
}

const ZONE_CODES = { DECK: 'D', GRAVE: 'G', HAND: 'H', MZONE: 'M', SZONE: 'S', ONFIELD: 'M', REMOVED: 'B', EXTRA: 'X' };
const METHODS = { LINK: 'link', SYNCHRO: 'synchro', XYZ: 'xyz', FUSION: 'fusion', RITUAL: 'ritual', PENDULUM: 'pendulum' };
const TYPES = { LINK: 'link', XYZ: 'xyz', SYNCHRO: 'synchro', FUSION: 'fusion', RITUAL: 'ritual', PENDULUM: 'pendulum', TUNER: 'tuner', EFFECT: 'effect', NORMAL: 'normal' };

/**
 * The qualifiers an effect's condition states of its event, where the condition is a plain conjunction the reader
 * knows every part of or some parts of (`return A and B`): each read part is a qualifier the event must meet. Codes
 * (docs/cards.md): `h:<summon method>`, `p:o|y` who did it, `c:o|y` whose card it was, `f:<zone>` where it came from,
 * `b:b|e` by battle / by card effect, `d` destroyed, `g` (then) in the GY, `nd` not during the Draw Phase (`ndD`: nor the Damage Step), `t:<type>`, `a:<attribute>`,
 * `r:<race>`, `l:<n>`/`l:<n>-`/`l:-<n>` Level, `k:m|s|t` monster / spell / trap, `x:...` for an activation (`x:m`
 * monster effect, `x:s` Spell, `x:t` Trap, `x:a` card activation), and `!` where every part was read (the condition
 * is exactly these). A custom event re-raised from a global check of another event is decoded to that event
 * (`e:<event>`). A condition with `or`, `not` or anything else of control flow says nothing here.
 */
function conditionQualifiers(lua, e) {
  const out = [];
  let complete = true;
  let code = e.code;
  // EDOPro custom event (`EVENT_CUSTOM+id`): raised by a continuous effect of the script on another event (Droll & Lock
  // Bird's global check on EVENT_TO_HAND; the "merged" events of Ghost Mourner, Flipping Feline): decoded to that event.
  if (/^EVENT_CUSTOM\+/.test(code)) {
    const source = customEventSource(lua, code);
    if (!source) return { codes: [], complete: false };
    code = source.event;
    out.push(`e:${code.slice(6).toLowerCase()}`);
    // Raised on this card alone (`RaiseSingleEvent(c, ...)`) of other cards' moves: the event is of other cards.
    if (source.single) out.push('o');
    const reg = source.condition ? readConjunction(lua, functionBody(lua, source.condition), { custom: true }) : { codes: [], complete: true };
    out.push(...reg.codes);
    const filter = source.filter ? readFilter(lua, source.filter) : { codes: [], complete: true };
    out.push(...filter.codes);
    complete = reg.complete && filter.complete && source.plain;
  }
  if (!e.hasCondition) return { codes: [...new Set(out)], complete };
  // CardScripts' helper for "except the turn this card was sent to the GY" (utility.lua Auxiliary.exccon).
  if (e.condition === 'aux.exccon') return { codes: [...new Set([...out, conditionCode({ kind: 'this-turn', what: 'self-sent-to-gy', not: true })])], complete };
  // utility.lua's conditions of EVENT_BATTLE_DESTROYING and of a destruction by the opponent, read as their bodies are.
  if (AUX_CONDITIONS[e.condition]) return { codes: [...new Set([...out, ...AUX_CONDITIONS[e.condition]])], complete };
  const own = readConjunction(lua, functionBody(lua, e.condition), { custom: code !== e.code, inGy: !!e.range?.includes('GRAVE') });
  // On EVENT_CHAINING the event's player is the activating player: `ep~=tp` is `rp~=tp`.
  out.push(...(code === 'EVENT_CHAINING' ? own.codes.map((c) => (c === 'ep:o' ? 'p:o' : c === 'ep:y' ? 'p:y' : c)) : own.codes));
  return { codes: [...new Set(out)], complete: complete && own.complete };
}

/**
 * utility.lua's helper conditions (Auxiliary.bdcon and kin), as the reader reads their bodies: still in its battle (no
 * qualifier), `ob` it battled an opponent's monster, `g` the monster it destroyed went to the GY (its battle target
 * `IsLocation(LOCATION_GRAVE)`); dogcon: this card you controlled destroyed by the opponent.
 */
const AUX_CONDITIONS = { 'aux.bdcon': [], 'aux.bdocon': ['ob'], 'aux.bdgcon': ['g'], 'aux.bdogcon': ['ob', 'g'], 'aux.dogcon': ['c:y', 'd', 'p:o'] };

/**
 * The continuous effect of the script that raises the custom event `custom` (`EVENT_CUSTOM+id`, `+id+1`): the event it
 * is registered on, its condition, the filter its operation picks the event's cards with (`eg:Filter(s.f,...)`,
 * `eg:IsExists(s.f,...)`), whether it raises the event on this card alone, and whether its operation does nothing else
 * that decides (`plain`: only the raise, with a merge of the cards and a once-per-chain flag); undefined if none does.
 */
function customEventSource(lua, custom) {
  const raised = new RegExp(String.raw`Raise(Single)?Event\([^\n]*${custom.replace(/\+/g, '\\+')}(?![+\w])`);
  for (const b of effectBlocks(lua)) {
    if (!/^EVENT_[A-Z_]+$/.test(b.code) || !b.operation) continue;
    const op = b.operationBody;
    const m = raised.exec(op);
    if (!m) continue;
    const filter = /eg:(?:Filter|IsExists)\((s\.\w+),(?:1,)?nil((?:,[\w-]+)*)\)/.exec(op);
    // What else the operation does: any `if` other than the merge's and the flag's makes the raise conditional.
    const ifs = op.split('\n').filter((l) => /^\s*if\b/.test(l) && !/^\s*if (#\w+>0|Duel\.GetCurrentChain\(\)==0|Duel\.GetFlagEffect\(tp,id\)==0|not Duel\.HasFlagEffect\(tp,id\)) then/.test(l));
    return { event: b.code, condition: b.condition, filter: filter && { name: filter[1], args: filter[2].split(',').filter(Boolean) }, single: !!m[1], plain: ifs.length === 0 };
  }
  return undefined;
}

/** Every `Effect.CreateEffect` of the script, anywhere (a global check too): its code, condition and operation (body). */
function effectBlocks(lua) {
  const blocks = [];
  const current = new Map();
  const lines = lua.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/--.*$/, '').trim();
    let m;
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*Effect\.CreateEffect\(/.exec(line))) {
      const b = { code: '', condition: '', operation: '', operationBody: '' };
      blocks.push(b);
      current.set(m[1], b);
    } else if ((m = /^(\w+):SetCode\((EVENT_[\w+]+)\)/.exec(line)) && current.has(m[1])) current.get(m[1]).code = m[2];
    else if ((m = /^(\w+):SetCondition\(([\w.]+)\)/.exec(line)) && current.has(m[1])) current.get(m[1]).condition = m[2];
    else if ((m = /^(\w+):SetOperation\((.*)$/.exec(line)) && current.has(m[1])) {
      const b = current.get(m[1]);
      b.operation = m[2].replace(/\)\s*$/, '');
      if (/^[\w.]+$/.test(b.operation)) b.operationBody = functionBody(lua, b.operation);
      else {
        // An inline operation: up to the registration of the effect.
        const rest = [];
        for (let j = i; j < lines.length && !/RegisterEffect\(/.test(lines[j]); j++) rest.push(lines[j]);
        b.operationBody = rest.join('\n');
      }
    }
  }
  return blocks;
}

/** A filter function of the event's cards, called with `args` after the card (`e,tp`, `1-tp`): its parts as qualifiers. */
function readFilter(lua, { name, args }) {
  const body = functionBody(lua, name);
  const params = /function [\w.]+\(\s*c\s*((?:,\s*\w+)*)\)/.exec(body);
  if (!params) return { codes: [], complete: false };
  const names = params[1].split(',').map((x) => x.trim()).filter(Boolean);
  // The filter's player parameter is the caller's `tp` or `1-tp`: whose card it names swaps with it.
  const at = args.findIndex((a) => a === 'tp' || a === '1-tp');
  let text = body;
  if (at >= 0 && names[at]) {
    const swap = args[at] === '1-tp';
    text = text.replace(/\b1-tp\b/g, 'OPP').replace(new RegExp(`\\b${names[at]}\\b`, 'g'), swap ? '1-tp' : 'tp').replace(/OPP/g, swap ? 'tp' : '1-tp');
  }
  return readConjunction(lua, text, {}, 1);
}

/** Reads the parts of `return A and B and C` (after `local` lines) of a condition or filter body. */
function readConjunction(lua, body, opts = {}, depth = 0) {
  if (!body) return { codes: [], complete: false };
  const lines = [];
  for (const raw of body.split('\n').slice(1)) {
    const l = raw.replace(/--.*$/, '').trim();
    // A return written over several lines (`return A` then `and B`): one statement.
    if (/^(and|or)\b/.test(l) && lines.length) lines[lines.length - 1] += ` ${l}`;
    else if (l && l !== 'end') lines.push(l);
  }
  const codes = [];
  let complete = true;
  const parts = [];
  // `local p,loc=Duel.GetChainInfo(ev,CHAININFO_TRIGGERING_PLAYER,CHAININFO_TRIGGERING_LOCATION)`: names of the activation's player and zone.
  const aliases = [];
  // What an activation targets (EVENT_CHAINING): `local tg=Duel.GetChainInfo(ev,CHAININFO_TARGET_CARDS)` and its first card.
  const targets = { group: '', card: '' };
  // `local g=Duel.GetMatchingGroup(Card.IsFaceup,tp,LOCATION_MZONE,0,nil)`: a group of cards a state condition counts.
  const groups = {};
  // What the activation would do (EVENT_CHAINING): `local ex,dg[,ct]=Duel.GetOperationInfo(ev,CATEGORY_DESTROY)`.
  const ops = [];
  let anyOfRead = false;
  for (const l of lines) {
    if (/^local\s+\w+\s*=\s*e:GetHandler\(\)$/.test(l)) continue;
    const grp = depth === 0 && /^local\s+(\w+)\s*=\s*Duel\.(?:GetMatchingGroup\(([\w.]+(?:\([^()]*\))?),\s*([\w:()-]+),\s*([\w|]+),\s*([\w|]+),\s*nil\)|GetFieldGroup\(([\w:()-]+),\s*([\w|]+),\s*([\w|]+)\))$/.exec(l);
    if (grp) {
      groups[grp[1]] = grp[2] ? { filter: grp[2], player: grp[3], mine: grp[4], theirs: grp[5] } : { filter: 'nil', player: grp[6], mine: grp[7], theirs: grp[8] };
      continue;
    }
    const op = depth === 0 && /^local\s+(\w+)\s*,\s*(\w+)(?:\s*,\s*(\w+))?\s*=\s*Duel\.GetOperationInfo\((?:ev|0),\s*CATEGORY_(\w+)\)$/.exec(l);
    if (op) {
      ops.push({ ex: op[1], group: op[2], count: op[3] ?? '', category: op[4] });
      continue;
    }
    const group = depth === 0 && /^local\s+(\w+)\s*=\s*Duel\.GetChainInfo\(ev,\s*CHAININFO_TARGET_CARDS\)$/.exec(l);
    if (group) {
      targets.group = group[1];
      continue;
    }
    const card = targets.group && new RegExp(String.raw`^local\s+(\w+)\s*=\s*${targets.group}:GetFirst\(\)$`).exec(l);
    if (card) {
      targets.card = card[1];
      continue;
    }
    // `if not (A and B) then return false end`, `if rp==tp or not A then return false end`: a guard is a conjunction too.
    const guard = depth === 0 && !opts.custom && /^if (.+) then return false end$/.exec(l);
    if (guard) {
      const required = guardParts(guard[1], targets);
      if (required) parts.push(...required);
      else complete = false;
      continue;
    }
    // `local bc=c:GetBattleTarget()`: the monster this card battled, `BT` in the parts below.
    const battled = depth === 0 && /^local\s+(\w+)\s*=\s*(?:c|e:GetHandler\(\)):GetBattleTarget\(\)$/.exec(l);
    if (battled) {
      aliases.push([battled[1], 'BT']);
      continue;
    }
    // `local tc=eg:GetFirst()`: the event's card, read as a filter's `c` (D - Counter's attack target).
    const first = /^local\s+(\w+)\s*=\s*eg:GetFirst\(\)$/.exec(l);
    if (first && depth === 0) {
      aliases.push([first[1], 'c']);
      continue;
    }
    const info = /^local\s+(\w+)\s*(?:,\s*(\w+)\s*)?=\s*Duel\.GetChainInfo\(ev,\s*(CHAININFO_\w+)\s*(?:,\s*(CHAININFO_\w+)\s*)?\)$/.exec(l);
    if (info) {
      const as = { CHAININFO_TRIGGERING_PLAYER: 'rp', CHAININFO_TRIGGERING_LOCATION: 'TRIGGERING_LOCATION' };
      const pairs = [[info[1], info[3]], [info[2], info[4]]].filter(([n, what]) => n && what);
      if (pairs.every(([, what]) => as[what])) {
        for (const [n, what] of pairs) aliases.push([n, as[what]]);
        continue;
      }
    }
    // `if (s.check(ev,CATEGORY_SPECIAL_SUMMON) or ...) then return true end` then `return false` (Ghost Belle & Haunted
    // Mansion): what the activation includes, each a category of cards from one zone (`i:special_summon_from_gy`).
    const anyOf = depth === 0 && /^if (.+) then return true end$/.exec(l);
    const included = anyOf && operationChecks(lua, unwrap(anyOf[1]));
    if (included) {
      codes.push(...included);
      anyOfRead = true;
      continue;
    }
    if (anyOfRead && l === 'return false') continue;
    // Droll & Lock Bird's global check: `if Duel.IsPhase(PHASE_DRAW) or Duel.IsPhase(PHASE_DAMAGE) then return false end`.
    const draw = opts.custom && /^if Duel\.IsPhase\(PHASE_DRAW\)( or Duel\.IsPhase\(PHASE_DAMAGE\))? then return false end$/.exec(l);
    if (draw) {
      codes.push(draw[1] ? 'ndD' : 'nd');
      continue;
    }
    if (opts.custom && l === 'return true') continue;
    const ret = /^return\s+(.*)$/.exec(l);
    const named = (expr) => aliases.reduce((x, [n, to]) => x.replace(new RegExp(`\\b${n}\\b`, 'g'), to), expr);
    if (ret) parts.push(...splitAnd(named(ret[1])));
    else if (opts.custom) {
      // The rest of a global check counts whose hand or field it was: read by the custom event's own condition.
      if (/^(local v=0|if eg:IsExists\(s\.\w+,1,nil,[01]\) then v=v\+\d end|if v==0 then return false end|e:SetLabel\(.*\)|return true)$/.test(l)) {
        const f = /eg:IsExists\((s\.\w+),1,nil,[01]\)/.exec(l);
        if (f) {
          const inner = readConjunction(lua, functionBody(lua, f[1]), {}, depth + 1);
          codes.push(...inner.codes.filter((c) => !c.startsWith('c:')));
          complete = complete && inner.complete;
        }
        continue;
      }
      complete = false;
    } else complete = false;
  }
  if (!parts.length && !codes.length) return { codes: [], complete: false };
  // `c:IsLocation(LOCATION_GRAVE) and c:IsControler(tp)`: the card is in your GY now, the GY of its owner (`G:y`, "sent
  // to your GY": Vanity's Emptiness), not a card you controlled.
  const inGy = parts.some((p) => /^c:IsLocation\(LOCATION_GRAVE\)$/.test(p));
  for (const p of parts) {
    const owner = inGy && /^c:IsControler\((1-)?tp\)$/.exec(p);
    if (owner) {
      codes.push(`G:${owner[1] ? 'o' : 'y'}`);
      continue;
    }
    const operation = operationPart(p, ops, targets);
    if (operation) {
      codes.push(...operation.codes);
      continue;
    }
    const target = targetPart(lua, p, targets, depth);
    if (target) {
      codes.push(...target.codes);
      if (!target.complete) complete = false;
      continue;
    }
    const read = readPart(lua, p, depth, Object.keys(groups).length ? { ...opts, groups } : opts);
    if (read) codes.push(...read.codes);
    if (!read || !read.complete) complete = false;
  }
  return { codes, complete };
}

/**
 * The parts a guard `if X then return false end` requires (its negation, as a conjunction): `not (A and B)` -> A, B;
 * `P or not A` -> not P, A (for the comparisons below); undefined where it cannot be negated part by part.
 */
function guardParts(expr, targets) {
  const e = expr.trim();
  const inner = /^not\s+\((.*)\)$/.exec(e);
  if (inner && !/\bor\b/.test(inner[1])) return splitAnd(inner[1]);
  const out = [];
  for (const term of splitTop(e, 'or')) {
    let m;
    if ((m = /^not\s+(.+)$/.exec(term)) && !/\b(?:and|or)\b/.test(m[1])) out.push(m[1].replace(/^\((.*)\)$/, '$1'));
    else if (/^rp\s*==\s*tp$/.test(term)) out.push('rp~=tp');
    else if (/^rp\s*(?:==\s*1-tp|~=\s*tp)$/.test(term)) out.push('rp==tp');
    else if (targets.group && new RegExp(String.raw`^#${targets.group}\s*~=\s*1$`).test(term)) out.push(`#${targets.group}==1`);
    else return undefined;
  }
  return out;
}

/** `A or B` split at the top level (outside parentheses). */
function splitTop(expr, word) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const w of expr.split(new RegExp(String.raw`(\s+${word}\s+|[()])`))) {
    if (w === '(') depth++;
    if (w === ')') depth--;
    if (depth === 0 && new RegExp(String.raw`^\s+${word}\s+$`).test(w)) {
      out.push(cur.trim());
      cur = '';
    } else cur += w;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/**
 * A part about what the activation targets (`T`-prefixed codes of the filter its targets pass: `Tc:y` a card you
 * control, `Tk:m` a monster; `T1` exactly one target; `xt` it targets): the target group's `IsExists(s.f,1,nil,tp)`,
 * its first card's checks, `re:IsHasProperty(EFFECT_FLAG_CARD_TARGET)`. Undefined for a part of anything else.
 */
function targetPart(lua, p, targets, depth) {
  if (/^re:IsHasProperty\(EFFECT_FLAG_CARD_TARGET\)$/.test(p)) return whole('xt');
  if (!targets.group) return undefined;
  const g = targets.group;
  if (p === g) return whole();
  if (new RegExp(String.raw`^#${g}\s*==\s*1$`).test(p)) return whole('T1');
  const exists = new RegExp(String.raw`^${g}:IsExists\((s\.\w+),1,nil(?:,(1-)?tp)?\)$`).exec(p);
  if (exists) {
    const read = readFilter(lua, { name: exists[1], args: exists[2] ? ['1-tp'] : ['tp'] });
    return { codes: read.codes.map((c) => `T${c}`), complete: read.complete };
  }
  if (targets.card && new RegExp(String.raw`\b${targets.card}:`).test(p)) {
    const either = /\bor\b/.test(p) && targetAlternatives(lua, p, targets.card, depth);
    if (either) return either;
    const read = readPart(lua, p.replace(new RegExp(String.raw`\b${targets.card}:`, 'g'), 'c:'), depth + 1);
    return read ? { codes: read.codes.map((c) => `T${c}`), complete: read.complete } : { codes: [], complete: false };
  }
  return undefined;
}

/** The include word of an operation category the event vocabulary has (`i:destroy`); others are not read. */
const OPERATION_INCLUDES = { DESTROY: 'destroy', SPECIAL_SUMMON: 'special_summon', REMOVE: 'banish', DRAW: 'draw', NEGATE: 'negate' };

/**
 * A part about what the activation would do (`local ex,dg=Duel.GetOperationInfo(ev,CATEGORY_DESTROY)`): `ex`, `dg`,
 * `dg~=nil` say it includes that category (`i:destroy`); `#dg==1` that it destroys exactly 1 card (`D1`), and
 * `dg:GetFirst()==tc` that the card is its target (`Td`): with both, "and would destroy it" (Remote Revenge).
 * Undefined for a part of anything else.
 */
function operationPart(p, ops, targets) {
  for (const o of ops) {
    const inc = OPERATION_INCLUDES[o.category];
    if (!inc) continue;
    if (p === o.ex || p === o.group || new RegExp(String.raw`^${o.group}\s*~=\s*nil$`).test(p) || new RegExp(String.raw`^${o.ex} and ${o.group}$`).test(p)) return whole(`i:${inc}`);
    if (o.category !== 'DESTROY') continue;
    if (new RegExp(String.raw`^#${o.group}\s*==\s*1$`).test(p)) return whole('D1');
    // Stardust Dragon's kind: `ct+tg:FilterCount(Card.IsOnField,nil)-#tg>0`, "would destroy a card(s) on the field".
    if (o.count && new RegExp(String.raw`^\(?${o.count}\s*\+\s*${o.group}:FilterCount\(Card\.IsOnField,\s*nil\)\s*-\s*#${o.group}\)?\s*>\s*0$`).test(p)) return whole('i:destroy_on_field');
    if (targets.card && new RegExp(String.raw`^(?:${o.group}:GetFirst\(\)\s*==\s*${targets.card}|${targets.card}\s*==\s*${o.group}:GetFirst\(\))$`).test(p)) return whole('Td');
  }
  return undefined;
}

/**
 * `(A and B) or (C and D)` of the activation's one target (Kagero the Cannon Ninja: a face-up "Ninja" card, or a
 * face-down Defense Position monster): each side read as a filter; `TA:` and the alternatives' codes as JSON (escaped
 * as a state condition's). Undefined where a side is not read whole.
 */
function targetAlternatives(lua, p, card, depth) {
  const sides = splitTop(unwrap(p), 'or');
  if (sides.length < 2) return undefined;
  const alternatives = [];
  for (const side of sides) {
    const read = readConjunctionOf(lua, unwrap(side).replace(new RegExp(String.raw`\b${card}:`, 'g'), 'c:'), depth + 1);
    if (!read) return undefined;
    alternatives.push(read);
  }
  return whole(`TA:${escapeCode(JSON.stringify(alternatives))}`);
}

/** `(A)` as `A` where the parentheses enclose the whole expression (not `(A) or (B)`). */
function unwrap(expr) {
  const e = expr.trim();
  if (!e.startsWith('(') || !e.endsWith(')')) return e;
  let depth = 0;
  for (let i = 0; i < e.length; i++) {
    if (e[i] === '(') depth++;
    else if (e[i] === ')') depth--;
    if (depth === 0 && i < e.length - 1) return e;
  }
  return e.slice(1, -1).trim();
}

/** The codes of `A and B` when every part is read, else undefined. */
function readConjunctionOf(lua, expr, depth) {
  const codes = [];
  for (const part of splitAnd(expr)) {
    const read = readPart(lua, part, depth);
    if (!read || !read.complete) return undefined;
    codes.push(...read.codes);
  }
  return codes;
}

/** The include words of a category whose cards come from a zone (`special_summon` ... `_from_gy`), by the category. */
const ORIGIN_CATEGORIES = { SPECIAL_SUMMON: 'special_summon', REMOVE: 'banish', TOHAND: 'add_to_hand', TODECK: 'return_to_deck', TOEXTRA: 'return_to_extra_deck', DESTROY: 'destroy' };
const ORIGIN_ZONES = { GRAVE: 'gy', DECK: 'deck', HAND: 'hand', REMOVED: 'banished' };

/**
 * `s.check(ev,CATEGORY_SPECIAL_SUMMON) or s.check(ev,CATEGORY_REMOVE) or ...`, where the helper reads the activation's
 * operation info of that category (`Duel.GetOperationInfo(ev,category)`, `GetPossibleOperationInfo`) and checks one
 * zone (`LOCATION_GRAVE`): "includes Special Summoning from the GY, or banishing from the GY" (`i:` codes, one per
 * term). Undefined unless every term is such a call.
 */
function operationChecks(lua, expr) {
  const out = [];
  for (const term of splitTop(expr, 'or')) {
    const m = /^(s\.\w+)\(ev,\s*CATEGORY_(\w+)\)$/.exec(unwrap(term));
    if (!m || !ORIGIN_CATEGORIES[m[2]]) return undefined;
    const body = functionBody(lua, m[1]);
    if (!/^function [\w.]+\(\s*ev\s*,\s*(\w+)\s*\)/.test(body) || !/Duel\.GetOperationInfo\(ev,\s*category\)/.test(body)) return undefined;
    const zones = [...new Set([...body.matchAll(/LOCATION_(\w+)/g)].map((z) => z[1]))];
    if (zones.length !== 1 || !ORIGIN_ZONES[zones[0]]) return undefined;
    out.push(`i:${ORIGIN_CATEGORIES[m[2]]}_from_${ORIGIN_ZONES[zones[0]]}`);
  }
  return out.length ? out : undefined;
}

/** `A and B and (C)` split at top-level `and`; undefined parts where `or` or `not` makes it other than a conjunction. */
function splitAnd(expr) {
  const out = [];
  let depth = 0;
  let cur = '';
  const ws = expr.split(/(\s+and\s+|[()])/);
  for (const w of ws) {
    if (w === '(') depth++;
    if (w === ')') depth--;
    if (depth === 0 && /^\s+and\s+$/.test(w)) {
      out.push(cur.trim());
      cur = '';
    } else cur += w;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** One part of a conjunction: its qualifier codes, and whether it was read whole. */
function readPart(lua, p, depth, opts = {}) {
  // A custom event's player (Droll & Lock Bird: the hand a card was added to): the opponent's, or both players'.
  if (/^ev\s*==\s*1-tp\s+or\s+ev\s*==\s*PLAYER_ALL$/.test(p)) return whole('c:o');
  // A monster effect or a Spell/Trap Card's activation (Solemn Judgment's kind of "or"): `x:ma`.
  if (/^\(?re:IsMonsterEffect\(\) or re:IsHasType\(EFFECT_TYPE_ACTIVATE\)\)?$|^\(?re:IsHasType\(EFFECT_TYPE_ACTIVATE\) or re:IsMonsterEffect\(\)\)?$/.test(p)) return whole('x:ma');
  // "At the start of your Main Phase 1": nothing was done in the phase yet (`P:s`, with the phase's own code).
  if (/^not Duel\.CheckPhaseActivity\(\)$/.test(p)) return whole('P:s');
  // The event's cards do not include this one ("another monster", "other than this card"): `n`.
  if (/^not eg:IsContains\((?:c|e:GetHandler\(\))\)$/.test(p) || /^eg:IsExists\(aux\.TRUE,1,(?:c|e:GetHandler\(\))\)$/.test(p)) return whole('n');
  // Whether the effect could do something to the event's card, not a condition of the event: face-up is what remains
  // (utility.lua: HasNonZeroAttack and IsNegatableMonster both start with IsFaceup; Ghost Mourner's "face-up").
  if (/^\(?c:(?:HasNonZeroAttack|HasNonZeroDefense|IsNegatableMonster|IsNegatable)\(\)(?:\s+or\s+c:(?:HasNonZeroAttack|HasNonZeroDefense|IsNegatableMonster|IsNegatable)\(\))*\)?$/.test(p)) return whole('u');
  // This card still in its battle, not destroyed by it: where a trigger on the field is activated from, which the
  // effect's zone says (a card that left the field does not activate it, R23), not a qualifier of the event.
  if (/^(?:not (?:c|e:GetHandler\(\)):IsStatus\(STATUS_BATTLE_DESTROYED\)|(?:c|e:GetHandler\(\)):IsRelateToBattle\(\))$/.test(p)) return whole();
  // "Summoned this way" (`SUMMON_TYPE_SPECIAL+1`): the script Summons it with that value by its own procedure
  // (EFFECT_SPSUMMON_PROC with value 1: `h:proc`, Archlord Kristya) or by its own effect (`Duel.SpecialSummon(c,1,...)`:
  // `h:own`, Reign-Beaux); a script that does neither leaves the part unread.
  if (/^(?:e:GetHandler\(\)|c):(?:GetSummonType\(\)\s*==\s*|IsSummonType\()SUMMON_TYPE_SPECIAL\+1\)?$/.test(p)) return summonedThisWay(lua);
  // A condition on the game state ("while you control no monsters"): `C:` codes (stateConditions).
  if (depth === 0) {
    const state = stateConditions(lua, p, opts);
    if (state) return whole(...state.map(conditionCode));
  }
  if (/\bor\b|\bnot\b/.test(p)) return undefined;
  const self = String.raw`(?:c|e:GetHandler\(\))`;
  let m;
  if ((m = new RegExp(String.raw`^${self}:Is(Link|Synchro|Xyz|Fusion|Ritual|Pendulum)Summoned\(\)$`).exec(p))) return whole(`h:${m[1].toLowerCase()}`);
  if ((m = new RegExp(String.raw`^${self}:IsSummonType\(SUMMON_TYPE_(\w+)\)$`).exec(p)) && METHODS[m[1]]) return whole(`h:${METHODS[m[1]]}`);
  if ((m = new RegExp(String.raw`^${self}:IsPreviousLocation\(LOCATION_(\w+)\)$`).exec(p)) && ZONE_CODES[m[1]]) return whole(`f:${ZONE_CODES[m[1]]}`);
  // From either zone (`IsPreviousLocation(LOCATION_DECK|LOCATION_ONFIELD)`, Vanity's Emptiness): one `f:` code each.
  if ((m = new RegExp(String.raw`^${self}:IsPreviousLocation\((LOCATION_\w+(?:\s*[|+]\s*LOCATION_\w+)+)\)$`).exec(p))) {
    const zones = m[1].split(/\s*[|+]\s*/).map((z) => ZONE_CODES[z.slice('LOCATION_'.length)]);
    if (zones.every(Boolean)) return whole(...[...new Set(zones)].map((z) => `f:${z}`));
  }
  if (new RegExp(String.raw`^${self}:IsTributeSummoned\(\)$`).test(p)) return whole('h:tribute');
  if (new RegExp(String.raw`^${self}:IsLocation\(LOCATION_GRAVE\)$`).test(p)) return whole('g');
  if ((m = /^(?:c|e:GetHandler\(\)):IsReason\(REASON_(BATTLE|EFFECT|DESTROY)\)$/.exec(p))) return whole(m[1] === 'BATTLE' ? 'b:b' : m[1] === 'EFFECT' ? 'b:e' : 'd');
  if (/^r\s*&\s*REASON_EFFECT\s*(?:~=|>)\s*0$/.test(p)) return whole('b:e');
  if (/^r\s*&\s*REASON_BATTLE\s*(?:~=|>)\s*0$/.test(p)) return whole('b:b');
  if (/^rp\s*(?:==\s*1-tp|~=\s*tp)$/.test(p)) return whole('p:o');
  if (/^rp\s*==\s*tp$/.test(p)) return whole('p:y');
  if (/^(?:not\s+)?Duel\.IsChain(?:Negatable|Disablable)\(ev\)$/.test(p) || /^re:IsActivated\(\)$/.test(p)) return whole();
  // Whose turn and which phase (`W:o|y`, `P:m|b`): the effect's activation window, or a phase trigger's turn.
  if (/^(?:Duel\.IsTurnPlayer\(1-tp\)|Duel\.GetTurnPlayer\(\)\s*(?:~=\s*tp|==\s*1-tp)|(?:tp\s*~=|1-tp\s*==)\s*Duel\.GetTurnPlayer\(\))$/.test(p)) return whole('W:o');
  if (/^(?:Duel\.IsTurnPlayer\(tp\)|Duel\.GetTurnPlayer\(\)\s*==\s*tp|tp\s*==\s*Duel\.GetTurnPlayer\(\))$/.test(p)) return whole('W:y');
  if (/^Duel\.IsMainPhase\(\)$/.test(p)) return whole('P:m');
  if ((m = /^Duel\.IsPhase\(PHASE_MAIN([12])\)$/.exec(p))) return whole(`P:m${m[1]}`);
  // A card of the event Summoned by / controlled by a player (`eg:IsExists(Card.IsSummonPlayer,1,nil,1-tp)`).
  if ((m = /^eg:IsExists\(Card\.Is(SummonPlayer|Controler),1,nil,(1-)?tp\)$/.exec(p))) return whole(`${m[1] === 'SummonPlayer' ? 'p' : 'c'}:${m[2] ? 'o' : 'y'}`);
  if (/^Duel\.IsBattlePhase\(\)$/.test(p)) return whole('P:b');
  // EDOPro's PHASE_BATTLE is the end of the Battle Phase ("At the end of the Battle Phase": Evenly Matched), `P:eb`.
  if (/^Duel\.(?:GetCurrentPhase\(\)\s*==\s*PHASE_BATTLE|IsPhase\(PHASE_BATTLE\))$/.test(p)) return whole('P:eb');
  // What was activated (`re`, EVENT_CHAINING) and where (the triggering location read from Duel.GetChainInfo).
  if ((m = /^re:Is(Monster|Spell|Trap|SpellTrap)Effect\(\)$/.exec(p))) return whole(...(m[1] === 'SpellTrap' ? ['x:s', 'x:t'] : [`x:${m[1][0].toLowerCase()}`]));
  if (/^TRIGGERING_LOCATION\s*==\s*LOCATION_MZONE$|^\(?TRIGGERING_LOCATION\s*&\s*LOCATION_MZONE\)?\s*(?:~=|>)\s*0$/.test(p)) return whole('z:M');
  // Who took the damage (EVENT_BATTLE_DAMAGE / EVENT_DAMAGE): `ep:o` the opponent, `ep:y` you.
  if (/^ep\s*(?:==\s*1-tp|~=\s*tp)$/.test(p)) return whole('ep:o');
  if (/^ep\s*==\s*tp$/.test(p)) return whole('ep:y');
  // The attack (EVENT_ATTACK_ANNOUNCE): by the opponent's monster (`p:o`), a direct attack (`da`).
  if (/^Duel\.GetAttacker\(\):IsControler\(1-tp\)$/.test(p)) return whole('p:o');
  if (/^Duel\.GetAttackTarget\(\)\s*==\s*nil$|^not Duel\.GetAttackTarget\(\)$/.test(p)) return whole('da');
  // By battle or by a card effect (what "destroyed" means besides a cost or the rules): `b:be`.
  if (new RegExp(String.raw`^${self}:IsReason\(REASON_(?:BATTLE[|+]REASON_EFFECT|EFFECT[|+]REASON_BATTLE)\)$`).test(p) || /^\(r\s*&\s*\(?REASON_(?:EFFECT[+|]REASON_BATTLE|BATTLE[+|]REASON_EFFECT)\)?\)\s*(?:~=|>)\s*0$/.test(p)) return whole('b:be');
  if (/^\(r\s*&\s*REASON_EFFECT\)\s*(?:~=|>)\s*0$/.test(p)) return whole('b:e');
  if (/^\(r\s*&\s*REASON_BATTLE\)\s*(?:~=|>)\s*0$/.test(p)) return whole('b:b');
  // Discarded: sent from the hand by a discard (`(r&REASON_DISCARD)~=0`, `IsReason(REASON_DISCARD)`).
  if (/^\(r\s*&\s*REASON_DISCARD\)\s*(?:~=|>)\s*0$/.test(p) || new RegExp(String.raw`^${self}:IsReason\(REASON_DISCARD\)$`).test(p)) return whole('dc');
  if ((m = new RegExp(String.raw`^${self}:GetPreviousLocation\(\)\s*==\s*LOCATION_(\w+)$`).exec(p)) && ZONE_CODES[m[1]]) return whole(`f:${ZONE_CODES[m[1]]}`);
  // Face-up now (the event's card, `local tc=eg:GetFirst()`): `u`.
  if (/^c:IsPosition\(POS_FACEUP\)$/.test(p)) return whole('u');
  // Face-down (a face-down monster is in Defense Position): `fd`.
  if (/^c:IsPosition\(POS_FACEDOWN(?:_DEFENSE)?\)$|^c:IsFacedown\(\)$/.test(p)) return whole('fd');
  // Material for one kind of Summon (EVENT_BE_MATERIAL: `r==REASON_SYNCHRO`): `h:<method>`.
  if ((m = /^(?:r\s*==\s*REASON_(\w+)|\(?r\s*&\s*REASON_(\w+)\)?\s*(?:~=|>)\s*0)$/.exec(p)) && METHODS[m[1] ?? m[2]]) return whole(`h:${METHODS[m[1] ?? m[2]]}`);
  // Face-up before it moved (`u`).
  if (new RegExp(String.raw`^${self}:IsPreviousPosition\(POS_FACEUP\)$`).test(p)) return whole('u');
  if ((m = /^(?:c|e:GetHandler\(\)):IsPrevious(?:Controler|Controller)\((1-)?tp\)$/.exec(p))) return whole(`c:${m[1] ? 'o' : 'y'}`);
  if ((m = /^(?:c|e:GetHandler\(\)):IsControler\((1-)?tp\)$/.exec(p))) return whole(`c:${m[1] ? 'o' : 'y'}`);
  if ((m = /^(?:c|e:GetHandler\(\)):IsSummonPlayer\((1-)?tp\)$/.exec(p))) return whole(`p:${m[1] ? 'o' : 'y'}`);
  if ((m = /^ev\s*==\s*(1-)?tp$/.exec(p))) return whole(`c:${m[1] ? 'o' : 'y'}`);
  if ((m = /^re:IsActiveType\(TYPE_(MONSTER|SPELL|TRAP)\)$/.exec(p))) return whole(`x:${m[1][0].toLowerCase()}`);
  if (/^re:IsHasType\(EFFECT_TYPE_ACTIVATE\)$/.test(p)) return whole('x:a');
  if ((m = /^c:IsType\(TYPE_(\w+)\)$/.exec(p)) && TYPES[m[1]]) return whole(`t:${TYPES[m[1]]}`);
  // `c:IsLinkMonster()` and kin: the card type as `IsType(TYPE_LINK)` says it.
  if ((m = /^c:Is(Link|Xyz|Synchro|Fusion|Ritual|Pendulum|Tuner|Effect|Normal)Monster\(\)$/.exec(p))) return whole(`t:${m[1].toLowerCase()}`);
  // Sent as a cost (`IsReason(REASON_COST)`): `co`, written `as cost`.
  if (new RegExp(String.raw`^${self}:IsReason\(REASON_COST\)$`).test(p)) return whole('co');
  if ((m = /^c:Is(Monster|Spell|Trap)\(\)$/.exec(p))) return whole(`k:${m[1][0].toLowerCase()}`);
  // "an "Amazoness" Monster Card" (a monster card wherever it is, a Continuous Spell-like monster too).
  if (/^c:IsOriginalType\(TYPE_MONSTER\)$/.test(p)) return whole('k:m');
  if ((m = /^c:IsAttribute\(ATTRIBUTE_(\w+)\)$/.exec(p))) return whole(`a:${m[1].toLowerCase()}`);
  if ((m = /^c:IsRace\(RACE_(\w+)\)$/.exec(p))) return whole(`r:${m[1].toLowerCase()}`);
  if ((m = /^c:IsLevel\((\d+)\)$/.exec(p))) return whole(`l:${m[1]}`);
  if ((m = /^c:IsLevelBelow\((\d+)\)$/.exec(p))) return whole(`l:-${m[1]}`);
  if ((m = /^c:IsLevelAbove\((\d+)\)$/.exec(p))) return whole(`l:${m[1]}-`);
  if (/^c:IsFaceup\(\)$/.test(p)) return whole();
  // On the field: what "a card you control" means already (Megalith Aratron's targets); in a Monster Zone: a Summoned
  // monster still there (Ghost Mourner's merged Summons).
  if (/^c:IsOnField\(\)$|^c:IsLocation\(LOCATION_(?:ONFIELD|MZONE)\)$/.test(p)) return whole();
  // It was the attacker ("If this card attacks and destroys ..."): `at`.
  if (new RegExp(String.raw`^(?:Duel\.GetAttacker\(\)\s*==\s*${self}|${self}\s*==\s*Duel\.GetAttacker\(\))$`).test(p)) return whole('at');
  // Who caused it (`GetReasonPlayer`, as `rp`) and whose card it was (`GetPreviousControler`), written as comparisons.
  if ((m = /^c:GetReasonPlayer\(\)\s*(?:==\s*(1-)?tp|~=\s*tp)$/.exec(p))) return whole(/~=/.test(p) || m[1] ? 'p:o' : 'p:y');
  if ((m = /^c:GetPreviousControler\(\)\s*(?:==\s*(1-)?tp|~=\s*tp)$/.exec(p))) return whole(/~=/.test(p) || m[1] ? 'c:o' : 'c:y');
  // Summoned from a zone (`IsSummonLocation(LOCATION_EXTRA)`: "Special Summoned from the Extra Deck"): `f:<zone>`.
  if ((m = /^c:IsSummonLocation\(LOCATION_(\w+)\)$/.exec(p)) && ['DECK', 'GRAVE', 'HAND', 'REMOVED', 'EXTRA'].includes(m[1])) return whole(`f:${ZONE_CODES[m[1]]}`);
  // The monster this card battled (`local bc=c:GetBattleTarget()`): there was one, a monster, still in the battle (no
  // qualifier); the opponent's (`ob`); sent to the GY by the battle (`g`, of EVENT_BATTLE_DESTROYING).
  if (/^(?:BT|(?:c|e:GetHandler\(\)):GetBattleTarget\(\))(?::IsMonster\(\)|:IsRelateToBattle\(\))?$/.test(p)) return whole();
  if (/^BT:IsControler\(1-tp\)$/.test(p)) return whole('ob');
  if (/^BT:IsLocation\(LOCATION_GRAVE\)$/.test(p)) return whole('g');
  // Whether the effect may target the event's card: the effect's own target fact, not a qualifier of the event.
  if (/^c:IsCanBeEffectTarget\(e\)$/.test(p)) return whole();
  // Whether the monster can attack again: what the effect does (Enlightenment's "can attack again"), not its event.
  if (/^c:CanChainAttack\(\)$/.test(p)) return whole();
  // It battled an opponent's monster (STATUS_OPPO_BATTLE): for a monster that destroyed one by battle, "destroyed an
  // opponent's monster" (`ob`).
  if (/^c:IsStatus\(STATUS_OPPO_BATTLE\)$/.test(p)) return whole('ob');
  // An archetype (`s:<SET_ constant>`): named by the generator from CardScripts' archetype_setcode_constants.lua.
  if ((m = /^c:Is(?:Previous|Original)?SetCard\(SET_(\w+)\)$/.exec(p))) return whole(`s:${m[1]}`);
  // `eg:IsExists(s.filter,1,nil,tp)`: a card of the event passes the filter (one level of filter function).
  // The same with this card excepted (`eg:IsExists(s.filter,1,e:GetHandler(),tp)`): `n`, "other than this card".
  if ((m = /^eg:IsExists\((s\.\w+),1,(?:c|e:GetHandler\(\))((?:,[^)]*)?)\)$/.exec(p)) && depth === 0) {
    const read = readPart(lua, `eg:IsExists(${m[1]},1,nil${m[2]})`, depth);
    return read && { codes: [...read.codes, 'n'], complete: read.complete };
  }
  if ((m = /^eg:IsExists\((s\.\w+),1,nil(?:,(1-)?tp)?(?:,[^)]*)?\)$/.exec(p)) && depth === 0) {
    const body = functionBody(lua, m[1]);
    const params = /function [\w.]+\(\s*c\s*(?:,\s*(\w+))?/.exec(body);
    if (!params) return undefined;
    // The filter's `tp` is the caller's `tp` or `1-tp`: whose card it names swaps with it.
    const read = readConjunction(lua, body.replace(/\b1-tp\b/g, 'OPP').replace(new RegExp(`\\b${params[1] ?? 'tp'}\\b`, 'g'), m[2] ? '1-tp' : 'tp').replace(/OPP/g, m[2] ? 'tp' : '1-tp'), {}, depth + 1);
    return read;
  }
  return undefined;
}

/** `h:proc` / `h:own`: how the script Summons its card with SUMMON_TYPE_SPECIAL+1; undefined where it does neither. */
function summonedThisWay(lua) {
  const procs = [...lua.matchAll(/(\w+):SetCode\(EFFECT_SPSUMMON_PROC\)/g)].map((m) => m[1]);
  const procedure = procs.some((v) => new RegExp(String.raw`\b${v}:SetValue\((?:1|SUMMON_TYPE_SPECIAL\+1)\)`).test(lua));
  const ownEffect = /Duel\.SpecialSummon\((?:c|e:GetHandler\(\)),(?:1|SUMMON_TYPE_SPECIAL\+1),/.test(lua);
  if (procedure === ownEffect) return undefined;
  return whole(procedure ? 'h:proc' : 'h:own');
}

const LOCATIONS = { MZONE: 'monster', ONFIELD: 'card', SZONE: 'spelltrap', GRAVE: 'gy', HAND: 'hand' };

/**
 * What `Duel.GetFieldGroupCount` / `GetMatchingGroupCount` / `IsExistingMatchingCard` counts: whose, where, with
 * which filter, besides which card. `player` is the call's player (`tp`, `1-tp`, `e:GetHandlerPlayer()`), then the
 * two location arguments (its own side, the other's).
 */
function countedCards(lua, filterArg, playerArg, mine, theirs) {
  const you = /^(tp|e:GetHandlerPlayer\(\)|c:GetControler\(\)|e:GetHandler\(\):GetControler\(\))$/.test(playerArg);
  if (!you && playerArg !== '1-tp') return undefined;
  const own = mine.trim() !== '0';
  if (own === (theirs.trim() !== '0')) return undefined;
  const locs = (own ? mine : theirs).split('|').map((x) => x.trim().replace(/^LOCATION_/, ''));
  if (!locs.every((l) => LOCATIONS[l])) return undefined;
  const who = own === you ? 'you' : 'opponent';
  const filter = luaFilter(lua, filterArg);
  if (!filter) return undefined;
  return { who, locs, filter };
}

/** A Lua card filter as a CardFilter (without its category, which the zone gives): undefined where not read. */
function luaFilter(lua, arg) {
  const a = (arg ?? '').trim();
  if (a === 'nil' || a === 'aux.TRUE') return {};
  if (a === 'Card.IsFaceup') return { faceUp: true };
  let m;
  if ((m = /^aux\.FaceupFilter\(Card\.Is(SetCard|Race|Attribute|Type),(\w+)\)$/.exec(a))) {
    const f = luaFilterPart(m[1], m[2]);
    return f && { faceUp: true, ...f };
  }
  if ((m = /^Card\.Is(Monster|Spell|Trap|SpellTrap)$/.exec(a))) return { kind: m[1] };
  if (/^s\.\w+$/.test(a)) {
    const body = functionBody(lua, a);
    if (!/^function [\w.]+\(\s*c\s*\)/.test(body)) return undefined;
    // `return c:IsFacedown() or not c:IsRace(RACE_FAIRY)`: any card but a face-up Fairy (`except`).
    const but = /\n\s*return c:IsFacedown\(\) or not c:Is(SetCard|Race|Attribute|Type)\((\w+)\)\s*$/.exec(body);
    if (but) {
      const f = luaFilterPart(but[1], but[2]);
      return f && { except: f };
    }
    const read = readConjunction(lua, body, {}, 1);
    if (!read.complete) return undefined;
    const f = {};
    for (const code of read.codes) {
      if (code === 'u') f.faceUp = true;
      else if (code.startsWith('s:')) (f.archetypes ??= []).push(`SET:${code.slice(2)}`);
      else if (code.startsWith('a:')) (f.attributes ??= []).push(code.slice(2));
      else if (code.startsWith('r:')) (f.races ??= []).push(code.slice(2));
      else if (code.startsWith('t:')) (f.types ??= []).push(code.slice(2));
      else if (code.startsWith('k:')) f.kind = { m: 'Monster', s: 'Spell', t: 'Trap' }[code.slice(2)];
      else return undefined;
    }
    return f;
  }
  return undefined;
}

function luaFilterPart(what, constant) {
  if (what === 'SetCard' && constant.startsWith('SET_')) return { archetypes: [`SET:${constant.slice(4)}`] };
  if (what === 'Race' && constant.startsWith('RACE_')) return { races: [constant.slice(5).toLowerCase()] };
  if (what === 'Attribute' && constant.startsWith('ATTRIBUTE_')) return { attributes: [constant.slice(10).toLowerCase()] };
  if (what === 'Type' && TYPES[constant.replace(/^TYPE_/, '')]) return { types: [TYPES[constant.replace(/^TYPE_/, '')]] };
  return undefined;
}

/** `==0` none, `>0` / `>=N` / `~=0` N or more: the count a comparison states, or undefined. */
function comparedCount(op, n) {
  const k = Number(n);
  if ((op === '==' && k === 0) || (op === '<' && k === 1)) return 'none';
  if ((op === '>' || op === '~=') && k === 0) return 1;
  if (op === '>=' && k >= 1) return k;
  if (op === '>' && k >= 1) return k + 1;
  return undefined;
}

/** The conditions of cards counted (`count`) in the zones of `c` (countedCards): one per zone family. */
function countConditions(c, count, exceptSelf) {
  const out = [];
  const category = { Monster: 'monster', Spell: 'spell', Trap: 'trap', SpellTrap: 'spell-trap' }[c.filter.kind];
  const { kind, except, ...rest } = c.filter;
  // "no monsters other than face-up Fairy monsters": only as a monster count of the field that excepts no card.
  if (except) {
    if (count !== 'none' || exceptSelf || c.locs.join() !== 'MZONE' || kind) return undefined;
    return [{ kind: 'controls', who: c.who, count: 'none', filter: { category: 'monster', ...rest }, except: { category: 'monster', ...except } }];
  }
  const field = c.locs.filter((l) => l === 'MZONE' || l === 'ONFIELD' || l === 'SZONE');
  if (field.length) {
    if (field.includes('SZONE') && !field.includes('ONFIELD') && !category) return undefined;
    const zoneCategory = field.includes('MZONE') && field.length === 1 ? 'monster' : 'card';
    out.push({ kind: 'controls', who: c.who, count, filter: { category: category ?? zoneCategory, ...rest } });
  }
  for (const zone of ['GRAVE', 'HAND']) {
    if (!c.locs.includes(zone)) continue;
    // Goddess of Sweet Revenge: no other card in the hand than this one: it is the only card in your hand.
    if (zone === 'HAND' && exceptSelf && count === 'none' && c.who === 'you' && !Object.keys(rest).length && !category) out.push({ kind: 'self', state: 'only-card-in-hand' });
    else if (exceptSelf) return undefined;
    else out.push({ kind: 'holds', who: c.who, zone: zone === 'GRAVE' ? 'gy' : 'hand', count, filter: { category: category ?? 'card', ...rest } });
  }
  return out.length ? out : undefined;
}

/**
 * What a global check of the script counts with the card's flag (`Duel.RegisterFlagEffect(...,id,...)`): attacks
 * declared (EVENT_ATTACK_ANNOUNCE), or monsters Normal or Special Summoned by their Summoning player (both events).
 */
function flagCounts(lua) {
  const check = /aux\.GlobalCheck\(s,function\(\)([\s\S]*?)\n\tend\)/.exec(lua);
  if (!check || !/RegisterFlagEffect\(/.test(lua)) return undefined;
  const codes = [...check[1].matchAll(/SetCode\((EVENT_\w+)\)/g)].map((m) => m[1]).sort().join('+');
  if (codes === 'EVENT_ATTACK_ANNOUNCE') return 'attacks';
  if (codes === 'EVENT_SPSUMMON_SUCCESS+EVENT_SUMMON_SUCCESS' && /RegisterFlagEffect\(tc:GetSummonPlayer\(\),id\b/.test(lua)) return 'summons';
  return undefined;
}

/**
 * One part of a condition that states the game state, as StateCondition objects (server/src/core/cards/types.ts;
 * an archetype as `SET:<constant>` and a card as `#<passcode>`, named by the generator): what a player controls or
 * has in the GY or hand, a Field Spell in play, this card's own state, what happened this turn. Undefined: not one.
 */
function stateConditions(lua, p, opts = {}) {
  let m;
  // The turn the card came to the GY (`GetTurnID`), for an effect used from the GY: "except the turn it was sent to
  // the GY" (`~=`, as Auxiliary.exccon, whose "or returned" part is kept with it) or "it was sent there this turn" (`==`).
  const turnId = String.raw`(?:c|e:GetHandler\(\)):GetTurnID\(\)`;
  const sent = new RegExp(String.raw`^\(?(?:Duel\.GetTurnCount\(\)\s*(~=|==)\s*${turnId}|${turnId}\s*(~=|==)\s*Duel\.GetTurnCount\(\))(?: or (?:c|e:GetHandler\(\)):IsReason\(REASON_RETURN\))?\)?$`).exec(p);
  if (sent && opts.inGy) return [{ kind: 'this-turn', what: 'self-sent-to-gy', ...((sent[1] ?? sent[2]) === '~=' ? { not: true } : {}) }];
  // "while you control no monsters" where another card's effect lifts it (PSY-Framegear Gamma and PSY-Frame Lambda):
  // the part of the card's own text.
  if ((m = /^\((.*) or Duel\.IsPlayerAffectedByEffect\(tp,\w+\)\)$/.exec(p))) return stateConditions(lua, m[1].trim(), opts);
  const self = String.raw`(?:c|e:GetHandler\(\))`;
  if (new RegExp(String.raw`^${self}:GetOverlayCount\(\)\s*>\s*0$`).test(p)) return [{ kind: 'self', state: 'has-material' }];
  // "while it has a "Raidraptor" monster as material": `GetOverlayGroup():IsExists(<filter>,1,nil[,SET_X])`.
  if ((m = new RegExp(String.raw`^${self}:GetOverlayGroup\(\):IsExists\((Card\.Is(?:SetCard|Race|Attribute|Type)|s\.\w+),1,nil(?:,(\w+))?\)$`).exec(p))) {
    const f = m[2] ? luaFilterPart(m[1].replace(/^Card\.Is/, ''), m[2]) : luaFilter(lua, m[1]);
    if (!f || f.kind || f.except) return undefined;
    // Material is a monster card ("a "Photon" card as material" names no category of its own).
    return [{ kind: 'self', state: 'has-material', filter: { category: f.races || f.attributes || f.types ? 'monster' : 'card', ...f } }];
  }
  // "if both players control the same number of monsters": the two players' counts of one zone compared.
  if ((m = /^Duel\.GetFieldGroupCount\((?:tp|e:GetHandlerPlayer\(\)),\s*LOCATION_(MZONE|ONFIELD),\s*0\)\s*==\s*Duel\.GetFieldGroupCount\((?:tp|e:GetHandlerPlayer\(\)),\s*0,\s*LOCATION_(MZONE|ONFIELD)\)$/.exec(p)) && m[1] === m[2]) {
    return [{ kind: 'same-count', category: m[1] === 'MZONE' ? 'monster' : 'card' }];
  }
  // "If your opponent controls a monster with higher ATK than your LP": a face-up monster whose ATK is above a
  // player's LP, the filter `c:IsFaceup() and c:GetAttack()>lp` given `Duel.GetLP(tp)`.
  if ((m = /^Duel\.IsExistingMatchingCard\((s\.\w+),\s*tp,\s*(0|LOCATION_MZONE),\s*(0|LOCATION_MZONE),\s*1,\s*nil,\s*Duel\.GetLP\((tp|1-tp)\)\)$/.exec(p)) && (m[2] === '0') !== (m[3] === '0')) {
    const body = functionBody(lua, m[1]);
    const args = /^function [\w.]+\(\s*c\s*,\s*(\w+)\s*\)\s*\n\s*return (.*)\n\s*end/.exec(body + '\nend');
    if (!args || !new RegExp(String.raw`^c:IsFaceup\(\) and c:GetAttack\(\)\s*>\s*${args[1]}$`).test(args[2].trim())) return undefined;
    return [{ kind: 'atk-above-lp', who: m[2] === '0' ? 'opponent' : 'you', lp: m[4] === 'tp' ? 'you' : 'opponent' }];
  }
  // A group of the condition's own (`local g=...`): "no face-up monsters, or only LIGHT Fiend monsters"
  // (`#g==0 or g:FilterCount(s.f,nil)==#g`), "only "X" monsters" (`g:FilterCount(s.f,nil)==#g`), "a monster" (`#g>0`).
  const groupOf = (name) => opts.groups?.[name] && countedCards(lua, opts.groups[name].filter, opts.groups[name].player, opts.groups[name].mine, opts.groups[name].theirs);
  if ((m = /^\(?(?:#(\w+)\s*==\s*0 or )?(\w+):FilterCount\(([\w.]+(?:\([^()]*\))?),\s*nil\)\s*==\s*#(\w+)\)?$/.exec(p)) && (!m[1] || m[1] === m[2]) && m[2] === m[4]) {
    const c = groupOf(m[2]);
    const but = c && luaFilter(lua, m[3]);
    if (!c || !but || but.kind || but.except || c.locs.join() !== 'MZONE') return undefined;
    const { kind, ...filter } = c.filter;
    if (kind) return undefined;
    return [{ kind: 'controls', who: c.who, count: 'none', filter: { category: 'monster', ...filter }, except: { category: 'monster', ...but } }];
  }
  if ((m = /^#(\w+)\s*(>|~=|>=)\s*(\d+)$/.exec(p)) && groupOf(m[1])) {
    const count = comparedCount(m[2], m[3]);
    return typeof count === 'number' ? countConditions(groupOf(m[1]), count, false) : undefined;
  }
  if (new RegExp(String.raw`^${self}:(?:IsSpecialSummoned\(\)|IsSummonType\(SUMMON_TYPE_SPECIAL\))$`).test(p)) return [{ kind: 'self', state: 'special-summoned' }];
  if (new RegExp(String.raw`^${self}:IsPreviousPosition\(POS_FACEDOWN\)$`).test(p)) return [{ kind: 'self', state: 'set' }];
  if ((m = /^Duel\.IsEnvironment\((\d+)\)$/.exec(p))) return [{ kind: 'on-field', name: `#${m[1]}` }];
  if ((m = /^(not\s+)?Duel\.IsExistingMatchingCard\(([\w.]+(?:\([^()]*\))?),\s*([\w:()-]+),\s*([\w|]+),\s*([\w|]+),\s*(\d+),\s*(nil|c|e:GetHandler\(\))\)$/.exec(p))) {
    const c = countedCards(lua, m[2], m[3], m[4], m[5]);
    if (!c) return undefined;
    const count = m[1] ? (m[6] === '1' ? 'none' : undefined) : Number(m[6]);
    return count === undefined ? undefined : countConditions(c, count, m[7] !== 'nil');
  }
  if ((m = /^Duel\.GetFieldGroupCount\(([\w:()-]+),\s*([\w|]+),\s*([\w|]+)\)\s*(==|>=|>|<|~=)\s*(\d+)$/.exec(p))) {
    const c = countedCards(lua, 'nil', m[1], m[2], m[3]);
    const count = comparedCount(m[4], m[5]);
    return c && count !== undefined ? countConditions(c, count, false) : undefined;
  }
  if ((m = /^Duel\.GetMatchingGroupCount\(([\w.]+(?:\([^()]*\))?),\s*([\w:()-]+),\s*([\w|]+),\s*([\w|]+),\s*(nil|c|e:GetHandler\(\))\)\s*(==|>=|>|<|~=)\s*(\d+)$/.exec(p))) {
    const c = countedCards(lua, m[1], m[2], m[3], m[4]);
    const count = comparedCount(m[6], m[7]);
    return c && count !== undefined ? countConditions(c, count, m[5] !== 'nil') : undefined;
  }
  // Counted this turn by the script's global check (`Duel.GetFlagEffect(1-tp,id)>=5`; both players: a sum).
  const flag = /^(Duel\.GetFlagEffect\((0|1|tp|1-tp),id\)(?:\s*\+\s*Duel\.GetFlagEffect\((0|1|tp|1-tp),id\))?)\s*(>=|>)\s*(\d+)$/.exec(p);
  if (flag) {
    const what = flagCounts(lua);
    const count = comparedCount(flag[4], flag[5]);
    if (!what || typeof count !== 'number') return undefined;
    const both = flag[3] !== undefined && new Set([flag[2], flag[3]]).size === 2;
    const who = both ? undefined : flag[2] === 'tp' ? 'you' : flag[2] === '1-tp' ? 'opponent' : undefined;
    if (!both && !who) return undefined;
    if (what === 'summons' && !who) return undefined;
    return [{ kind: 'this-turn', what, ...(who ? { who } : {}), count }];
  }
  // Triple Tactics Talent: the opponent activated a monster effect in a Main Phase this turn (a custom activity counter).
  if ((m = /^Duel\.GetCustomActivityCount\(id,\s*(tp|1-tp),\s*ACTIVITY_CHAIN\)\s*>\s*0$/.exec(p))) {
    if (!/AddCustomActivityCounter\(id,\s*ACTIVITY_CHAIN,\s*function\(re,tp,cid\)\s*return not \(Duel\.IsMainPhase\(\) and re:IsMonsterEffect\(\)\)\s*end\)/.test(lua)) return undefined;
    return [{ kind: 'this-turn', what: 'monster-effects-in-main', who: m[1] === 'tp' ? 'you' : 'opponent', count: 1 }];
  }
  return undefined;
}

/**
 * A state condition as a record code: `C:` and its JSON, with only what the record's fields are split at escaped
 * (`%`, `,`, `|`, tabs and line ends as `%XX`: decodeURIComponent reads it back).
 */
function conditionCode(c) {
  return `C:${escapeCode(JSON.stringify(c))}`;
}

/** JSON in a record's code: the characters a record separates with, and `%`, as `%XX` (decodeURIComponent reads it back). */
function escapeCode(json) {
  return json.replace(/[%,|\t\n\r]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function whole(...codes) {
  return { codes: codes.filter(Boolean), complete: true };
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

module.exports = { conditionCode, escapeCode, readScript, costOf, kindOf, conditionChecks, conditionQualifiers, chainLimitOf, initialEffect, constants, countLimit, HELPERS, functionBody, blank, set };
