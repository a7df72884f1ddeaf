// The generator's rules for what a script settles beyond its card's own effects (issue 29; R68-R73), kept apart from
// effects.js: the details of what an effect does (Tokens and how many, how long control lasts, what is equipped to
// what: scripts/lib/lua-parts.js, written into field 16's code of parts), the effects it grants to other cards and
// the lingering effects its resolution leaves for later in the turn (scripts/lib/lua-later.js), as more records.
'use strict';
const { effectRecord, eventName } = require('./effects');
const { partDetails } = require('../lib/lua-parts');
const { lingeringEffects, runtimeEffectsRead } = require('../lib/lua-later');
const { initialEffect } = require('../lib/lua-facts');

/** A record's fields, with room up to field 16 (f[15], the code of its parts). */
function fieldsOf(record) {
  const f = record.split(',');
  while (f.length < 16) f.push('');
  return f;
}

/**
 * Puts the details the script settles into the parts of a record's field 16 (`codes.read`/`codes.write`: core's
 * readPartsCode/partsCode): the first part of the verb gets them; where the text's parts have none of that verb, a
 * part is added ("also", naming no more than the script does). A Token count the script leaves open is left out:
 * the line then says `special summon tokens`, with no number.
 */
function withDetails(f, d, codes) {
  // A modal card's choices (`/`-joined): each choice that has a part of the verb gets the details; none is added.
  if (f[15].includes('/')) {
    const choices = f[15].split('/').map((code) => {
      const one = [...f];
      one[15] = code;
      if (code) withChoiceDetails(one, d, codes);
      return one[15];
    });
    f[15] = choices.join('/');
    return;
  }
  withChoiceDetails(f, d, codes, true);
}

/** The details on one list of parts; `add`: a part of a verb none has is added. */
function withChoiceDetails(f, d, codes, add = false) {
  const parts = codes.read(f[15]);
  const none = { verb: undefined };
  // The part of the verb the details are about: Tokens are no card the text names (no object, from nowhere).
  const partOf = (verb, fits = () => true) => {
    let p = parts.find((x) => x.verb === verb && fits(x)) ?? (add ? undefined : none);
    if (!p) {
      p = { verb, link: parts.length ? 'also' : 'first' };
      parts.push(p);
    }
    return p;
  };
  if (d.tokens) {
    const p = partOf('special-summon', (x) => !x.object && !x.from);
    p.tokens = true;
    if (d.tokens.count !== undefined) p.count = d.tokens.count;
    if (d.tokens.forOpponent) p.tokensFor = 'opponent';
  }
  if (d.lasts) partOf('take-control').lasts = d.lasts;
  if (d.equip) {
    // The script settles what goes to what where it names both ("equip this card to it", read by the text as `equip target`).
    const p = partOf('equip');
    if (d.equip.what && (d.equip.to || !p.object)) p.object = d.equip.what;
    if (d.equip.to && d.equip.to !== p.object) p.to = d.equip.to;
  }
  f[15] = codes.write(parts.filter((p) => p !== none));
}

/**
 * Adds to a card's effect records (`effects`, as effectsOf wrote them; the script's chain-starting effects first, in
 * order, then its helpers'): each effect's part details, then the effects it grants (R68: extra letter `f` while
 * face-up, `m` when used as material; a copy of an effect of its own takes that effect's parts) and its lingering
 * effects (R69: extra letter `l`; kind `L` for one that starts no chain, written `continuous, lingering`), with
 * their parts from what their operations call (`codes.verbs`). Drops `?runtime-effects` from `cardNotes` where it
 * read them all.
 */
function withLaterEffects(effects, script, lua, codes, cardNotes = []) {
  const chainStarting = script.effects.filter((e) => effectRecord(e));
  chainStarting.forEach((e, i) => {
    const d = partDetails(lua, e);
    if (!d || !effects[i]) return;
    const f = fieldsOf(effects[i]);
    withDetails(f, d, codes);
    effects[i] = f.join(',');
  });
  // An Equip Spell's activation built by its procedure (aux.AddEquipProcedure) equips itself to its target.
  const equipActivation = script.helpers.includes('equip') ? effects.findIndex((r, i) => i >= chainStarting.length && r.startsWith('A,') && r.split(',')[7]?.includes('equip')) : -1;
  if (equipActivation >= 0) {
    const f = fieldsOf(effects[equipActivation]);
    withDetails(f, { equip: { what: 'itself', to: 'target' } }, codes);
    effects[equipActivation] = f.join(',');
  }
  for (const g of script.granted ?? []) {
    const r = effectRecord(g);
    if (!r) continue;
    const f = fieldsOf(r);
    const own = g.copyOf ? chainStarting.findIndex((e) => e.name === g.copyOf) : -1;
    if (own >= 0) f[15] = fieldsOf(effects[own])[15];
    const d = partDetails(lua, g);
    if (d) withDetails(f, d, codes);
    effects.push(f.join(','));
  }
  const lingering = lingeringEffects(lua, chainStarting);
  // The effects it makes while the duel runs are listed now, where they are all read: no `?runtime-effects` note.
  const read = [...(script.granted ?? []).filter((g) => g.granted === 'used-as-material'), ...lingering];
  const runtime = cardNotes.indexOf('?runtime-effects');
  if (runtime >= 0 && runtimeEffectsRead(lua, initialEffect(lua), read)) cardNotes.splice(runtime, 1);
  for (const l of lingering) {
    const r = effectRecord(l);
    const f = fieldsOf(r ?? ['L', 'm', 'f', '', eventName(l.code), '', '', '', '', ''].join(','));
    f[9] = `${f[9]}l`;
    f[15] = codes.verbs(l.verbs);
    const d = partDetails(lua, l);
    if (d) withDetails(f, d, codes);
    effects.push(f.join(',').replace(/,+$/, ''));
  }
}

module.exports = { withLaterEffects, withDetails };
