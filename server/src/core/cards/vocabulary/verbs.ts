// The verbs of a card event (`destroyed by battle`, `sent to gy from hand`, `link summoned`) and their
// qualifiers (`by card effect`, `as cost`, `from <zone>`): what happened to the card, after its subject.
// A file of its own beside events.ts: a new verb is written here once, its first word in VERB_START beside
// parseVerb, and events.ts only needs VERB_START to cut a subject's filter before the verb.
import { SPECIAL_SUMMON_KINDS, SpecialSummonKind } from '../../words';
import { VerbPattern } from '../types';
import { ZONE_WORDS } from './words';

/** The words a card event's verb may start with: a subject without `is`/`are` ends before the first. */
export const VERB_START = new Set([
  'sent',
  'destroyed',
  'summoned',
  'normal',
  'tribute',
  'special',
  'flip',
  'flipped',
  'discarded',
  'tributed',
  'banished',
  'added',
  'returned',
  'leaves',
  'attacked',
  'battles',
  'battled',
  'used',
  'destroys',
  'attacks',
  'inflicts',
  'drawn',
]);

/** The kinds of Summon with materials, as event phrases say them (`link summoned`). */
const SUMMON_METHOD_WORDS: readonly string[] = SPECIAL_SUMMON_KINDS;

export function parseVerb(
  ws: string[],
  unknown: string[],
): VerbPattern | undefined {
  let i = 0;
  const take = (...seq: string[]) => {
    for (let k = 0; k < seq.length; k++) if (ws[i + k] !== seq[k]) return false;
    i += seq.length;
    return true;
  };
  let result: VerbPattern | undefined;
  if (take('sent', 'to', 'gy') || take('sent', 'to', 'graveyard')) {
    result = { verb: 'sent-to-gy' };
  } else if (take('sent', 'to', 'your', 'gy')) {
    // "sent to your GY": a card you own (a card goes to its owner's GY), whoever controlled it.
    result = { verb: 'sent-to-gy', whoseGy: 'you' };
  } else if (take('destroyed')) {
    result = { verb: 'destroyed' };
  } else if (take('normal', 'or', 'special', 'summoned') || take('special', 'or', 'normal', 'summoned') || take('normal', 'summoned', 'or', 'special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute', 'special'] };
  } else if (take('normal', 'or', 'flip', 'summoned') || take('flip', 'or', 'normal', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute', 'flip'] };
  } else if (ws[i] === 'sent' && ws[i + 1] === 'from' && ZONE_WORDS[ws[i + 2] ?? ''] && ws[i + 3] === 'to' && (ws[i + 4] === 'gy' || ws[i + 4] === 'graveyard' || (ws[i + 4] === 'your' && ws[i + 5] === 'gy'))) {
    result = { verb: 'sent-to-gy', from: ZONE_WORDS[ws[i + 2]], ...(ws[i + 4] === 'your' ? { whoseGy: 'you' as const } : {}) };
    i += ws[i + 4] === 'your' ? 6 : 5;
  } else if (ws[i] === 'destroys' || (ws[i] === 'attacks' && ws[i + 1] === 'and' && ws[i + 2] === 'destroys')) {
    // `attacks and destroys ...` (Enlightenment: "attacked and destroyed"): it was the attacker of that battle.
    const attacker = take('attacks', 'and');
    const any = take('destroys', 'a', 'monster', 'by', 'battle');
    // `destroys an opponent's monster by battle`: the monster destroyed was the opponent's.
    const opponents = !any && (take('destroys', 'an', "opponent's", 'monster', 'by', 'battle') || take('destroys', 'a', 'monster', 'your', 'opponent', 'controls', 'by', 'battle') || take('destroys', 'an', 'opponent', 'monster', 'by', 'battle'));
    if (!any && !opponents) return undefined;
    result = { verb: 'destroys-by-battle', ...(attacker ? { attacker: true } : {}), ...(opponents ? { opponentsMonster: true } : {}) };
    if (take('and', 'sends', 'it', 'to', 'gy')) result.toGy = true;
  } else if (take('inflicts', 'battle', 'damage') || take('inflicts', 'damage')) {
    // Battle damage is inflicted on the monster's opponent: "to your opponent" adds nothing to match.
    const battle = ws[i - 2] === 'battle';
    take('to', 'your', 'opponent');
    take('to', 'opponent');
    result = battle ? { verb: 'inflicts-damage', by: 'battle' } : { verb: 'inflicts-damage' };
  } else if (SUMMON_METHOD_WORDS.includes(ws[i] ?? '') && ws[i + 1] === 'summoned') {
    // `link summoned`: a Special Summon of that kind.
    result = { verb: 'summoned', summonTypes: ['special'], methods: [ws[i] as SpecialSummonKind] };
    i += 2;
  } else if (take('drawn')) {
    result = { verb: 'drawn' };
  } else if (take('returned', 'to', 'extra', 'deck') || take('returned', 'to', 'your', 'extra', 'deck') || take('returned', 'to', 'extra')) {
    result = { verb: 'returned-to-extra' };
  } else if (take('tribute', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['tribute'] };
  } else if (take('normal', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['normal', 'tribute'] };
  } else if (take('special', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['special'] };
  } else if (take('flip', 'summoned')) {
    result = { verb: 'summoned', summonTypes: ['flip'] };
  } else if (take('summoned')) {
    result = { verb: 'summoned' };
  } else if (take('flipped')) {
    take('face-up');
    result = { verb: 'flipped' };
  } else if (take('discarded')) {
    result = { verb: 'discarded' };
  } else if (take('tributed')) {
    result = { verb: 'tributed' };
  } else if (take('banished')) {
    result = { verb: 'banished' };
  } else if (take('added', 'to', 'hand') || take('added', 'to', 'your', 'hand')) {
    result = { verb: 'added-to-hand' };
  } else if (take('returned', 'to', 'hand') || take('returned', 'to', 'your', 'hand')) {
    result = { verb: 'returned-to-hand' };
  } else if (take('leaves', 'field') || take('leaves', 'the', 'field')) {
    result = { verb: 'leaves-field' };
  } else if (take('attacked')) {
    result = { verb: 'attacked' };
  } else if (take('battles', 'an', "opponent's", 'monster')) {
    // Honest: "battles" an opponent's monster, the attack's other side; a direct attack battles no monster.
    result = { verb: 'battles', opponentsMonster: true };
  } else if (take('battles') || take('battled')) {
    result = { verb: 'battles' };
  } else if (take('used', 'as', 'material')) {
    result = { verb: 'material' };
  } else if (ws[i] === 'used' && ws[i + 1] === 'as' && SUMMON_METHOD_WORDS.includes(ws[i + 2] ?? '') && ws[i + 3] === 'material') {
    // `used as synchro material`: material for that kind of Summon only (Elfnote Power Patron).
    result = { verb: 'material', methods: [ws[i + 2] as SpecialSummonKind] };
    i += 4;
  }
  if (!result) return undefined;
  // Qualifiers.
  while (i < ws.length) {
    if (take('by', 'battle')) {
      result.by = 'battle';
      continue;
    }
    if (take('by', 'card', 'effect') || take('by', 'an', 'effect') || take('by', 'effect') || take('by', 'a', 'card', 'effect')) {
      result.by = 'effect';
      continue;
    }
    // `by opponent's card effect`, `by your card effect`: by an effect, and whose.
    if (take('by', "opponent's", 'card', 'effect') || take('by', 'your', "opponent's", 'card', 'effect') || take('by', 'an', "opponent's", 'card', 'effect')) {
      result.by = 'effect';
      result.actor = 'opponent';
      continue;
    }
    if (take('by', 'your', 'card', 'effect')) {
      result.by = 'effect';
      result.actor = 'you';
      continue;
    }
    if (take('except', 'during', 'the', 'draw', 'phase') || take('except', 'during', 'draw', 'phase')) {
      result.notInPhases = take('or', 'damage', 'step') || take('or', 'the', 'damage', 'step') ? ['draw', 'damage-step'] : ['draw'];
      continue;
    }
    // `except during the damage step` ("(except during the Damage Step)"): an event there does not meet it.
    if (take('except', 'during', 'the', 'damage', 'step') || take('except', 'during', 'damage', 'step')) {
      result.notInPhases = [...new Set([...(result.notInPhases ?? []), 'damage-step' as const])];
      continue;
    }
    // `inflicts battle damage by a direct attack` (Wattcobra): the damage of an attack that had no target.
    if (take('by', 'a', 'direct', 'attack') || take('by', 'direct', 'attack')) {
      result.direct = true;
      continue;
    }
    if (take('by', 'its', 'own', 'effect') || take('by', 'this', "card's", 'effect')) {
      result.byOwnEffect = true;
      continue;
    }
    // `special summoned by its own procedure` ("If Summoned this way": Archlord Kristya's Summon from the hand).
    if (take('by', 'its', 'own', 'procedure')) {
      result.byOwnProcedure = true;
      continue;
    }
    if (take('as', 'cost') || take('as', 'a', 'cost')) {
      result.asCost = true;
      // `for a water monster effect`: which effect's cost is not checked.
      if (ws[i] === 'for') {
        unknown.push(ws.slice(i).join(' '));
        i = ws.length;
      }
      continue;
    }
    if (take('and', 'sent', 'to', 'gy') || take('and', 'sent', 'to', 'graveyard')) {
      result.toGy = true;
      continue;
    }
    if (take('to', 'gy') || take('to', 'graveyard')) {
      result.toGy = true;
      continue;
    }
    if (take('to', 'your', 'gy')) {
      if (result.verb === 'sent-to-gy') result.whoseGy = 'you';
      else result.toGy = true;
      continue;
    }
    if (ws[i] === 'from') {
      i++;
      if (ws[i] === 'your' || ws[i] === 'the') i++;
      const z = ZONE_WORDS[ws[i] ?? ''];
      if (z) {
        result.from = z;
        i++;
        continue;
      }
      unknown.push(`from ${ws[i] ?? ''}`.trim());
      i++;
      continue;
    }
    if (take('face-up') || take('face', 'up')) continue;
    unknown.push(ws[i]);
    i++;
  }
  return result;
}
