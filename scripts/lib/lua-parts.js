// The details of what an effect does that its script settles and its text's parts leave out (R70, R72, R73): a Token
// Summon and how many Tokens (Duel.CreateToken then Duel.SpecialSummon; the count from the target function's
// SetOperationInfo(…, CATEGORY_TOKEN, nil, N) or the operation's `for i=1,N`; to the opponent's field where every
// Summon of the operation says `1-tp`), how long control taken lasts
// (Duel.GetControl(tc,tp,PHASE_END,1): until the End Phase; Duel.GetControl(tc,tp): for good), and what an equip
// equips to what (Duel.Equip(tp,c,tc): this card to the target). Read from the effect's own operation and target
// functions only; what they do not settle is left out (undefined), never guessed.
'use strict';

/** The body of `s.name` (or an inline function): lua-facts.js's reader, loaded late (it loads this module too). */
const bodyOf = (lua, ref) => require('./lua-facts').functionBody(lua, ref);

/** What a variable of an operation holds: `c` the effect's own card, a target (`Duel.GetFirstTarget()`), or not known. */
function objectOf(body, name) {
  if (name === 'c' && /\blocal\s+c\s*=\s*e:GetHandler\(\)/.test(body)) return 'itself';
  if (name === 'e:GetHandler()') return 'itself';
  if (!/^\w+$/.test(name)) return undefined;
  const assigned = new RegExp(`\\b${name}\\s*=\\s*([^\\n]+)`).exec(body)?.[1] ?? '';
  if (/^Duel\.GetFirstTarget\(\)|^Duel\.GetTargetCards\(|^Duel\.GetChainInfo\([^)]*CHAININFO_TARGET_CARDS/.test(assigned)) return 'target';
  return undefined;
}

/** A Token Summon: `{ count }` (undefined where the script leaves it open), or undefined where the operation makes no Token. */
function tokenSummon(op, target) {
  if (!/Duel\.CreateToken\s*\(/.test(op) || !/Duel\.SpecialSummon(?:Step)?\s*\(/.test(op)) return undefined;
  const info = /SetOperationInfo\(\s*0\s*,\s*CATEGORY_TOKEN\s*,\s*nil\s*,\s*(\d+)\s*,/.exec(target)?.[1];
  const loop = /\bfor\s+\w+\s*=\s*1\s*,\s*(\d+)\s+do\b/.exec(op)?.[1];
  const once = (op.match(/Duel\.CreateToken\s*\(/g) ?? []).length === 1 && !/\b(?:for|while|repeat)\b/.test(op) ? '1' : undefined;
  const count = info ?? loop ?? once;
  // To whose field: the fourth argument of the Summons of the Tokens made (`Duel.SpecialSummon(token,0,tp,1-tp,...)`: the opponent's, Ojama Trio).
  const tokens = new Set([...op.matchAll(/(\w+)\s*=\s*Duel\.CreateToken\s*\(/g)].map((m) => m[1]));
  const calls = [...op.matchAll(/Duel\.SpecialSummon(?:Step)?\s*\(\s*(\w+)\s*,\s*\w+\s*,\s*\w+\s*,\s*([\w-]+)/g)];
  const sides = new Set(calls.filter((m) => tokens.has(m[1])).map((m) => m[2]));
  const forOpponent = sides.size === 1 && sides.has('1-tp');
  return { count: count === undefined ? undefined : Number(count), ...(forOpponent ? { forOpponent: true } : {}) };
}

/** How long control taken lasts: `until-end-phase`, `for-good`, or undefined (not taken, or not one reading). */
function controlLasts(op) {
  const calls = [...op.matchAll(/Duel\.GetControl\s*\(([^)]*)\)/g)].map((m) => m[1].split(',').map((a) => a.trim()));
  if (!calls.length) return undefined;
  // Only control the effect's player takes (`tp`): one given to the opponent (`1-tp`: Mystic Box) is no `take control`.
  const each = new Set(calls.map((a) => (a[1] !== 'tp' ? '?' : a.length <= 2 ? 'for-good' : a[2] === 'PHASE_END' && a[3] === '1' ? 'until-end-phase' : '?')));
  return each.size === 1 && !each.has('?') ? [...each][0] : undefined;
}

/** What an equip equips to what: `{ what, to }` (each undefined where not known), or undefined where it equips nothing. */
function equipOf(op) {
  const calls = [...op.matchAll(/Duel\.Equip\s*\(\s*\w+\s*,\s*(\w+(?::GetHandler\(\))?)\s*,\s*(\w+(?::GetHandler\(\))?)/g)];
  if (!calls.length) return undefined;
  const read = calls.map((m) => ({ what: objectOf(op, m[1]), to: objectOf(op, m[2]) }));
  // Several calls must say the same, else only what they share is kept.
  const same = (k) => (read.every((r) => r[k] === read[0][k]) ? read[0][k] : undefined);
  return { what: same('what'), to: same('to') };
}

/** The details one effect's functions settle (reader shape of lua-facts.js: `operation`, `target`), or undefined. */
function partDetails(lua, e) {
  const op = bodyOf(lua, e.operation);
  if (!op) return undefined;
  const target = bodyOf(lua, e.target);
  const out = {};
  const tokens = tokenSummon(op, target);
  if (tokens) out.tokens = tokens;
  const lasts = controlLasts(op);
  if (lasts) out.lasts = lasts;
  const equip = equipOf(op);
  if (equip && (equip.what || equip.to)) out.equip = equip;
  return Object.keys(out).length ? out : undefined;
}

module.exports = { partDetails, tokenSummon, controlLasts, equipOf };
