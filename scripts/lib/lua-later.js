// Effects a card's script makes besides the ones it registers on its own card, read as lua-facts.js reads those:
// - granted (R68): the effect an EFFECT_TYPE_GRANT names with SetLabelObject ("the equipped monster gains", "monsters
//   you control gain this effect": `face-up`, while this card is face-up on the field), and the effects the operation
//   of an EVENT_BE_MATERIAL effect registers on the monster Summoned with this card ("A Synchro Monster Summoned using
//   this card as material gains this effect": `used-as-material`);
// - lingering (R69): the effects a chain-starting effect's operation registers with Duel.RegisterEffect on a phase
//   event ("During the End Phase of this turn, ..."), which exist only because that effect resolved.
// Our own small reader of `eN=Effect.CreateEffect(...)`, `eN:SetX(...)`, `X:RegisterEffect(eN)` lines, as
// lua-facts.js's; no Lua is kept.
'use strict';

/** lua-facts.js's reader (loaded late: it loads this module too). */
const facts = () => require('./lua-facts');

/**
 * The effects a function body creates, by variable, and where each is registered: `{ e, on }`, `on` the variable
 * it is registered on (`c`, `rc`, `tc`) or `Duel` for Duel.RegisterEffect. An effect is taken as it is registered.
 */
function effectsIn(body) {
  const { blank, set } = facts();
  const created = new Map();
  const registered = [];
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    let m;
    if ((m = /^(?:local\s+)?(\w+)\s*=\s*Effect\.CreateEffect\(/.exec(line))) created.set(m[1], blank(m[1]));
    else if ((m = /^(?:local\s+)?(\w+)\s*=\s*(\w+):Clone\(\)/.exec(line))) {
      const from = created.get(m[2]);
      if (from) created.set(m[1], { ...from, name: m[1], categories: [...from.categories], flags: [...from.flags] });
    } else if ((m = /^(\w+):Set(\w+)\((.*)\)\s*;?$/.exec(line))) {
      const e = created.get(m[1]);
      if (!e) continue;
      if (m[2] === 'LabelObject') e.labelObject = m[3].trim();
      else if (m[2] === 'Reset') e.reset = m[3].replace(/\s+/g, '');
      else set(e, m[2], m[3]);
    } else if ((m = /^(?:if\s+.*\bthen\s+)?(\w+)\s*[:.]\s*RegisterEffect\((\w+)/.exec(line))) {
      const e = created.get(m[2]);
      if (e) registered.push({ e: { ...e }, on: m[1] });
    }
  }
  return { created, registered };
}

/** Whether an effect starts a chain (lua-facts.js kindOf). */
const startsChain = (e) => !!facts().kindOf(e);

/**
 * The effects the card grants to other cards (R68), in the reader's shape with `granted` set: each EFFECT_TYPE_GRANT
 * of `initial_effect` (`registered`, the effects `created` there by variable) names its effect with SetLabelObject
 * (`face-up`); each EVENT_BE_MATERIAL effect's operation registers its effects on the Summoned monster
 * (`used-as-material`). Only effects that start a chain.
 */
function grantedEffects(lua, body, registered) {
  const out = [];
  const { created } = effectsIn(body);
  for (const grant of registered.filter((e) => e.types.includes('GRANT'))) {
    const label = /^(\w+)$/.exec(created.get(grant.name)?.labelObject ?? '')?.[1];
    const e = label && created.get(label);
    // `copyOf`: the card's own effect of that variable, where it registers it too (it then has the effect itself as well).
    if (e && startsChain(e)) out.push({ ...e, name: `${e.name}+granted`, copyOf: e.name, categories: [...e.categories], flags: [...e.flags], granted: 'face-up' });
  }
  for (const on of registered.filter((e) => /^EVENT_BE_(?:PRE_)?MATERIAL$/.test(e.code))) {
    const op = facts().functionBody(lua, on.operation);
    for (const { e, on: holder } of effectsIn(op).registered) {
      // Registered on the Summoned monster (`rc:RegisterEffect(e1)`), not on this card or the player.
      if (holder === 'c' || holder === 'Duel' || !startsChain(e)) continue;
      out.push({ ...e, name: `${e.name}+granted`, granted: 'used-as-material' });
    }
  }
  return out;
}

/**
 * The lingering effects (R69) of the card's chain-starting `effects`: what each one's operation registers with
 * Duel.RegisterEffect on a phase event (EVENT_PHASE+PHASE_END, the next Standby Phase, ...), each once, with
 * `lingering` set and `verbs`, what its own operation calls (lua-actions.js). A condition such an effect checks
 * (the card is still where it was put) is not read: none is kept (`hasCondition` false), as for its card's own lines.
 */
function lingeringEffects(lua, effects) {
  const { bodyVerbs } = require('./lua-actions');
  const out = [];
  const seen = new Set();
  for (const from of effects.filter(startsChain)) {
    const op = facts().functionBody(lua, from.operation);
    if (!op) continue;
    for (const { e, on } of effectsIn(op).registered) {
      if (on !== 'Duel' || !/^EVENT_PHASE(?:_START)?[+|]PHASE_/.test(e.code)) continue;
      const verbs = bodyVerbs(facts().functionBody(lua, e.operation));
      const key = `${e.types.join('+')}|${e.code}|${verbs.join('+')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...e, name: `${e.name}+lingering`, lingering: true, verbs, hasCondition: startsChain(e) && e.hasCondition, qualifiers: undefined });
    }
  }
  return out;
}

/**
 * Whether every chain-starting effect the script makes outside `initial_effect` (`body`) is one of `read` (granted
 * when used as material, lingering): then none is left unlisted (no `?runtime-effects` note). Counted by their
 * SetType lines, so a script that makes one effect in two places keeps the note.
 */
function runtimeEffectsRead(lua, body, read) {
  const made = (lua.replace(body, '').match(/SetType\([^)]*(?:TRIGGER_[OF]|QUICK_[OF]|IGNITION)/g) ?? []).length;
  return made > 0 && made === read.filter(startsChain).length;
}

module.exports = { grantedEffects, lingeringEffects, effectsIn, runtimeEffectsRead };
