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
  [/Duel\.SendtoGrave\s*\(/, 'send-to-gy'],
  [/Duel\.Draw\s*\(/, 'draw'],
  [/Duel\.NegateActivation\s*\(/, 'negate-activation'],
  [/Duel\.NegateEffect\s*\(/, 'negate-effect'],
  [/Duel\.NegateSummon\s*\(/, 'negate-summon'],
  [/Duel\.NegateAttack\s*\(/, 'negate-attack'],
  [/EFFECT_DISABLE\b|Duel\.NegateRelatedChain\s*\(/, 'negate-effects'],
  [/Duel\.ChangePosition\s*\(/, 'change-position'],
  [/EFFECT_UPDATE_ATTACK|EFFECT_SET_ATTACK|EFFECT_UPDATE_DEFENSE|EFFECT_SET_DEFENSE/, 'change-atk'],
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

module.exports = { operationVerbs, functionsOf };
