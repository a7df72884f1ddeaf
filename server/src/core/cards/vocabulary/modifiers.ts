// Modifiers: the comma-separated parts of an effect line after its phrase (`from hand or gy`, `once per
// chain`, `targets a monster`, `during your turn`), the words that start one (the parser splits at them)
// and what each sets on the effect's facts. A modifier reads zones, filters and windows from the other
// parts of the vocabulary, so none of them is spelled twice.
import type { Zone } from '../../words';
import type { EffectFacts } from '../facts';
import { parseFilter } from './filters';
import { interpretActivationWindow } from './times';
import { ZONE_WORDS } from './words';

/** The words that start a modifier live in the words leaf (core/words.ts), which the parser reads too. */
export { MODIFIER_START_WORDS } from '../../words';

/**
 * Interprets one modifier of an effect line (`from hand or gy`, `once per chain`, `targets ...`) into
 * `effect`; false when it is not in the vocabulary.
 */
export function interpretModifier(effect: EffectFacts, ws: readonly string[], raw: string): boolean {
  const s = ws.join(' ');
  if (ws[0] === 'activates' && ws.slice(1, 6).join(' ') === 'the turn it was set') {
    // `activates the turn it was set [if <condition> | by <cost>]` (R34): the rest is kept as written.
    const rest = ws.slice(6);
    if (rest.length && rest[0] !== 'if' && rest[0] !== 'by') return false;
    if (rest.length === 1) return false;
    const condition = raw.replace(/^\s*activates\s+the\s+turn\s+it\s+was\s+set\s*/i, '').trim();
    effect.setTurn = { raw, condition: condition || undefined };
  } else if (ws[0] === 'from' || (ws[0] === 'activates' && ws[1] === 'from')) {
    const zones: Zone[] = [];
    for (const w of ws) if (ZONE_WORDS[w]) zones.push(ZONE_WORDS[w]);
    if (!zones.length) return false;
    effect.activatesFrom = zones;
    // `from gy or hand (even if not)`: the zone named right before "(even if not)" is exempt from R23.
    const even = ws.findIndex((w, i) => w === 'even' && ws[i + 1] === 'if' && ws[i + 2] === 'not');
    const zone = even > 0 ? ws.slice(0, even).reverse().map((w) => ZONE_WORDS[w]).find((z) => z) : undefined;
    if (zone) effect.evenIfNotThere = [zone];
  } else if (s === 'summons itself' || s === 'special summons itself') {
    effect.summonsItself = true;
  } else if (s === 'once per chain') {
    effect.oncePerChain = true;
  } else if (ws[0] === 'spell' && ws[1] === 'speed' && /^[123]$/.test(ws[2] ?? '')) {
    effect.spellSpeedOverride = Number(ws[2]);
  } else if (ws[0] === 'targets') {
    effect.targets = { ...parseFilter(ws.slice(1)), raw };
  } else if (s === 'damage step') {
    effect.damageStep = true;
  } else if (s === 'negates activation' || s === 'negates the activation') {
    effect.negatesActivation = true;
  } else if (s === 'changes atk' || s === 'changes atk/def' || s === 'changes atk and def') {
    effect.changesAtk = true;
  } else if (ws[0] === 'includes') {
    (effect.includes ??= []).push(
      ...ws
        .slice(1)
        .join(' ')
        .split(/\s+or\s+|\s+and\s+/)
        .map((x) => x.trim())
        .filter(Boolean),
    );
  } else if (s === 'choose one' || s === 'choose 1') {
    effect.chooseOne = true;
  } else if (s === 'hopt' || s === 'once per turn') {
    effect.oncePerTurn = true;
  } else if (ws[0] === 'during') {
    const window = interpretActivationWindow(ws, raw);
    if (!window) return false;
    effect.window = window;
  } else if (ws[0] !== 'cost') {
    // `cost ...` is informational; anything else is outside the vocabulary.
    return false;
  }
  return true;
}
