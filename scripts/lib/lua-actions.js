// What a card script's operations do: the actions its resolution functions call (Duel.Destroy,
// Duel.SendtoHand, Duel.SpecialSummon, ...), as the verbs of a `does` modifier (docs/language.md). The
// witness the text inference's `does` is measured against (scripts/cards/actions-accuracy.js). A function
// counts as an operation when an effect names it in SetOperation; costs and targets are left out.
'use strict';

/** Calls and the verb each stands for; SendtoGrave with REASON_DISCARD is a discard. */
const CALLS = [
  [/Duel\.Destroy\s*\(/, 'destroy'],
  [/Duel\.Remove\s*\(/, 'banish'],
  [/Duel\.SendtoHand\s*\(/, 'add-to-hand'],
  [/Duel\.SendtoDeck\s*\(|Duel\.SendtoExtraP\s*\(/, 'return-to-deck'],
  [/Duel\.SpecialSummon(?:Step)?\s*\(/, 'special-summon'],
  [/Duel\.SendtoGrave\s*\([^)]*REASON_DISCARD|Duel\.DiscardHand\s*\(/, 'discard'],
  [/Duel\.SendtoGrave\s*\(|Duel\.DiscardDeck\s*\(/, 'send-to-gy'],
  [/Duel\.Draw\s*\(/, 'draw'],
  [/Duel\.NegateActivation\s*\(/, 'negate-activation'],
  [/Duel\.NegateEffect\s*\(/, 'negate-effect'],
  [/Duel\.NegateSummon\s*\(/, 'negate-summon'],
  [/Duel\.NegateAttack\s*\(/, 'negate-attack'],
  [/EFFECT_DISABLE\b|Duel\.NegateRelatedChain\s*\(/, 'negate-effects'],
  [/Duel\.ChangePosition\s*\(/, 'change-position'],
  [/EFFECT_UPDATE_ATTACK|EFFECT_SET_ATTACK|EFFECT_UPDATE_DEFENSE|EFFECT_SET_DEFENSE|EFFECT_SWAP_AD|:Update(?:Attack|Defense)\s*\(/, 'change-atk'],
  [/Duel\.Recover\s*\(/, 'gain-lp'],
  [/Duel\.Damage\s*\(/, 'damage'],
  [/Duel\.GetControl\s*\(/, 'take-control'],
  [/Duel\.Equip\s*\(/, 'equip'],
  [/Duel\.Overlay\s*\(/, 'attach'],
  [/Duel\.SSet\s*\(/, 'set'],
  [/Duel\.Release\s*\(/, 'tribute'],
];

/** The bodies of the script's top-level functions, by name (`s.activate`). */
function functionsOf(lua) {
  const out = new Map();
  const re = /^function\s+([\w.:]+)\s*\(/gm;
  const starts = [...lua.matchAll(re)];
  starts.forEach((m, i) => out.set(m[1].replace(':', '.'), lua.slice(m.index, i + 1 < starts.length ? starts[i + 1].index : lua.length)));
  return out;
}

/** The verbs of every operation function an effect of the script names, in the order they are first called. */
function operationVerbs(lua) {
  const fns = functionsOf(lua);
  const ops = new Set([...lua.matchAll(/SetOperation\(\s*([\w.]+)\s*\)/g)].map((m) => m[1]));
  const found = [];
  for (const name of ops) {
    const body = fns.get(name);
    if (body) bodyVerbs(body, found);
  }
  return found;
}

/** The verbs a function body calls, in the order first called, added to `found` (the list returned). */
function bodyVerbs(body, found = []) {
  for (const line of body.split('\n')) {
    for (const [re, verb] of CALLS) {
      if (!re.test(line)) continue;
      if (!found.includes(verb)) found.push(verb);
      break;
    }
  }
  return found;
}

/** One letter per verb, for the generated records' `ops:` note (docs/cards.md); core's generated-actions.ts reads it. */
const OP_LETTERS = {
  destroy: 'D', banish: 'B', 'add-to-hand': 'H', 'return-to-deck': 'K', 'special-summon': 'P', discard: 'X', 'send-to-gy': 'G',
  draw: 'W', 'negate-activation': 'N', 'negate-effect': 'E', 'negate-summon': 'S', 'negate-attack': 'A', 'negate-effects': 'F',
  'change-position': 'O', 'change-atk': 'T', 'gain-lp': 'R', damage: 'M', 'take-control': 'C', equip: 'Q', attach: 'V', set: 'Z', tribute: 'U',
};

/** Calls that act on no card: an operation that makes only these creates lasting effects or checks (a lock). */
const NO_ACTION_CALL = /^(?:Duel\.(?:RegisterEffect|RegisterFlagEffect|ResetFlagEffect|Hint|HintSelection|RaiseEvent|Get\w*|Is\w*|Check\w*)|Effect\.CreateEffect|aux\.Stringid)$/;

/** Card and Effect methods that act on no card (`tc:NegateEffects(...)` does: it is no method here). */
const NO_ACTION_METHOD = /^(?:Set\w*|Get\w*|Is\w*|Has\w*|Check\w*|RegisterEffect|RegisterFlagEffect|Clone)$/;
/** Calls that add effects built elsewhere (an Equip Spell's aux.AddEquipProcedure, Ritual.AddProcGreater, ...). */
const PROCEDURE = /\b(?:aux|Auxiliary)\.(?!Stringid\b|GlobalCheck\b)\w*(?:Proc|Procedure)\w*\s*\(|\b(?:Ritual|Fusion|Synchro|Xyz|Link|Pendulum|Gemini|Spirit|Union|Equip)\.\w+\s*\(/;

/**
 * Whether every operation the script names was read whole and calls nothing but NO_ACTION_CALL: its body is in the
 * script, and no call goes to a helper (of the script, aux, Fusion, ...) or another Duel function this reader does
 * not know (Duel.SwapControl, Duel.MoveToField: actions all the same).
 */
function operationsReadWhole(lua) {
  const fns = functionsOf(lua);
  const ops = [...new Set([...lua.matchAll(/SetOperation\(\s*([\w.]+)\s*\)/g)].map((m) => m[1]))];
  // ... and whose lasting effects only forbid (EFFECT_CANNOT_*): a lasting ATK swap or a later destruction is an action.
  const onlyChecks = (body) => {
    const code = body.replace(/^function[^\n]*\n/, '');
    return (
      [...code.matchAll(/\b([A-Za-z_]\w*)\.(\w+)\s*\(/g)].every((m) => NO_ACTION_CALL.test(`${m[1]}.${m[2]}`)) &&
      [...code.matchAll(/:(\w+)\s*\(/g)].every((m) => NO_ACTION_METHOD.test(m[1])) &&
      // A function held in a variable (`op(e,tp,...)`: another effect's operation, copied) is any action.
      [...code.matchAll(/(?<![.:\w])([A-Za-z_]\w*)\s*\(/g)].every((m) => /^(?:if|not|and|or|return|elseif|until|while|function|pairs|ipairs)$/.test(m[1])) &&
      [...code.matchAll(/\bEFFECT_\w+/g)].every((m) => /^EFFECT_(?:CANNOT_|FLAG_|TYPE_)/.test(m[0]))
    );
  };
  // A procedure of aux or of a Summon's library adds effects whose operations this reader does not see.
  if (PROCEDURE.test(lua)) return false;
  // Every SetOperation names a function (not a helper's result: `SetOperation(Fusion.SummonEffOP(...))`).
  const named = [...lua.matchAll(/SetOperation\(\s*([\w.]+)\s*\)/g)].length === [...lua.matchAll(/SetOperation\(/g)].length;
  return named && ops.length > 0 && ops.every((name) => fns.has(name) && onlyChecks(fns.get(name)));
}

/**
 * The card's `ops:` note: the letters of what its operations call; `ops:-` where they were read whole and call
 * nothing this reader knows (a category of the script is then what an effect checks, not what it does: Droll &
 * Lock Bird's CATEGORY_DISABLE with an operation that only forbids adding cards); '' where that is not known.
 */
function opsNote(lua) {
  const letters = operationVerbs(lua).map((v) => OP_LETTERS[v]).join('');
  if (letters) return `ops:${letters}`;
  return operationsReadWhole(lua) ? 'ops:-' : '';
}

module.exports = { operationVerbs, bodyVerbs, functionsOf, opsNote, OP_LETTERS };
