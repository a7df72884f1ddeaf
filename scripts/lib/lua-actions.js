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
    if (!body) continue;
    for (const line of body.split('\n')) {
      for (const [re, verb] of CALLS) {
        if (!re.test(line)) continue;
        if (!found.includes(verb)) found.push(verb);
        break;
      }
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

/**
 * Whether every operation the script names was read whole: its body is in the script and calls no helper of the
 * script or of aux (whose calls this reader does not follow).
 */
function operationsReadWhole(lua) {
  const fns = functionsOf(lua);
  const ops = [...new Set([...lua.matchAll(/SetOperation\(\s*([\w.]+)\s*\)/g)].map((m) => m[1]))];
  return ops.length > 0 && ops.every((name) => fns.has(name) && !/\b(?:s|aux|Auxiliary)\.(?!Stringid\b)\w+\s*\(/.test(fns.get(name).replace(/^function[^\n]*\n/, '')));
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

module.exports = { operationVerbs, functionsOf, opsNote, OP_LETTERS };
