// R37: an effect whose text says when it may be activated ("During your opponent's Main Phase (Quick
// Effect)", "During your opponent's turn") activated in another turn or phase. The turn is always stated
// (`turn`); the phase is stated by a `phase` line or a battle step, and otherwise only the language's
// default: then the window's phase is assumed and said, never reported on that guess. An Ignition Effect
// whose card states no window has the rulebook's: its controller's Main Phase (Spell Speed 1, open game
// state; R7 already keeps it off Chain Link 2 and higher).
import { ActivationWindow } from '../../cards/types';
import type { DamageStepPart } from '../../words';
import { phaseLabel } from '../../labels';
import { ChainView, defineRule, LinkState, RuleReporter } from './api';
import { S } from './sources';

/** Whether the chain's phase is one the window names (`main` is either Main Phase; the Damage Step is in the Battle Phase). */
function inPhase(window: ActivationWindow, phase: string): boolean {
  switch (window.phase) {
    case undefined:
      return true;
    case 'main':
      return phase === 'main1' || phase === 'main2';
    case 'battle':
      return phase === 'battle' || phase === 'damage-step' || phase === 'end-of-battle';
    case 'main-or-battle':
      return phase === 'main1' || phase === 'main2' || phase === 'battle' || phase === 'damage-step' || phase === 'end-of-battle';
    default:
      return phase === window.phase;
  }
}

/** A window's phases in words: `main` is either Main Phase. */
function windowPhases(phase: NonNullable<ActivationWindow['phase']>): string {
  return phase === 'main' ? 'Main Phase' : phase === 'main-or-battle' ? 'Main Phase or Battle Phase' : phaseLabel(phase);
}

/** The window every Ignition Effect has by the rules, when its card states none. */
const IGNITION_WINDOW: ActivationWindow = { whose: 'your', phase: 'main', raw: "in its controller's Main Phase" };

const messages = {
  'activation-condition/turn': (p: { link: string; window: string; why: string; turnPlayer: string; ownTurn: boolean; allowed: string }) =>
    `${p.link} can be activated only ${p.window} (${p.why}), but it is ${p.ownTurn ? `${p.turnPlayer}'s own turn` : `${p.turnPlayer}'s turn`} (\`turn ${p.turnPlayer}\`): it can be activated only ${p.allowed} [R37]`,
  'activation-condition/phase': (p: { link: string; window: string; why: string; turnPlayer: string; phase: string; allowed: string }) =>
    `${p.link} can be activated only ${p.window} (${p.why}), but the chain starts in ${p.turnPlayer}'s ${p.phase}, as the scenario states: it can be activated only in ${p.allowed} [R37]`,
};

/**
 * A phase trigger's turn ("during your opponent's End Phase") is a window of whose turn it may be activated in; its
 * phase is how the trigger is chosen (classify.ts), so only the turn is checked here.
 */
function phaseTriggerTurn(l: LinkState): ActivationWindow | undefined {
  const t = l.effect?.kind === 'phase-trigger' ? l.effect.phaseTime : undefined;
  return t && t.whose !== 'each' ? { whose: t.whose, phase: undefined, raw: t.raw } : undefined;
}

function checkLink(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState): void {
  const stated = l.effect?.window ?? phaseTriggerTurn(l);
  const ignition = !stated && l.effect?.kind === 'ignition';
  const window = stated ?? (ignition ? IGNITION_WINDOW : undefined);
  if (!window || l.player === undefined || l.status.ineligible) return;
  const why = ignition ? 'an Ignition Effect, Spell Speed 1' : 'as its card says';
  const turnPlayer = chain.players[chain.turn];
  const ownTurn = l.player === chain.turn;
  const quoted = `"${window.raw}"`;
  if ((window.whose === 'your' && !ownTurn) || (window.whose === 'opponent' && ownTurn)) {
    // What would be legal names the phase too: Effect Veiler is legal in the opponent's Main Phase, not their whole turn.
    const owner = window.whose === 'opponent' ? chain.players[1 - l.player] : chain.players[l.player];
    const allowed = window.phase ? `in ${owner}'s ${windowPhases(window.phase)}` : `on ${owner}'s turn`;
    report.say('activation-condition/turn', l, { link: chain.linkName(l), window: window.raw, why, turnPlayer, ownTurn, allowed });
    return;
  }
  if (inPhase(window, chain.phase)) {
    // An Ignition Effect in the language's default phase (Main Phase 1) needs no note: that default is
    // what an unstated phase means for every chain, and it is the only phase such an effect has.
    if (window.phase && !chain.phaseStated && !ignition) l.assumptions.push(`the scenario does not say the phase: assumed ${phaseLabel(chain.phase)}, which ${quoted} allows`);
    else if (window.part || window.start) checkMoment(chain, report, l, window, why, turnPlayer);
    return;
  }
  // "At the end of the Battle Phase": a chain the scenario places in the Battle Phase without saying its end is taken
  // to be at its end (the scenario may not write that step), and said; the Damage Step or another phase is not.
  if (window.phase === 'end-of-battle' && chain.phase === 'battle') {
    l.assumptions.push(`the scenario says the Battle Phase, not its end: assumed the end of the Battle Phase, which ${quoted} allows`);
    return;
  }
  const allowed = window.phase === 'main' ? 'a Main Phase' : window.phase === 'main-or-battle' ? 'a Main Phase or the Battle Phase' : `the ${phaseLabel(window.phase!)}`;
  if (!chain.phaseStated) {
    // Only the language's default says where the game is: assume the window's phase (named, since the
    // chain's heading shows the default), never "illegal".
    l.assumptions.push(`the scenario does not say the phase: assumed ${allowed}, which ${quoted} allows`);
    return;
  }
  report.say('activation-condition/phase', l, { link: chain.linkName(l), window: window.raw, why, turnPlayer, phase: phaseLabel(chain.phase), allowed });
}

const PART_WORDS: Record<DamageStepPart, string> = {
  start: 'the start of the Damage Step',
  'before-calculation': 'before damage calculation',
  calculation: 'damage calculation',
  'after-calculation': 'after damage calculation',
  end: 'the end of the Damage Step',
};

/**
 * The moment of the phase a window names (R37 with R55's parts of the Damage Step): "only at the end of the Damage
 * Step" against the part the scenario states (none stated: assumed and said); "at the start of your Main Phase 1"
 * is assumed and said (what was done before in the phase is not all on the page).
 */
function checkMoment(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState, window: ActivationWindow, why: string, turnPlayer: string): void {
  const quoted = `"${window.raw}"`;
  if (window.start) {
    l.assumptions.push(`${quoted}: assumed nothing else was done in this phase before this chain`);
    return;
  }
  const part = chain.damageStepPart;
  if (!window.part || part === window.part) return;
  if (!part) {
    l.assumptions.push(`the scenario does not say the part of the Damage Step: assumed ${PART_WORDS[window.part]}, which ${quoted} allows`);
    return;
  }
  report.say('activation-condition/phase', l, { link: chain.linkName(l), window: window.raw, why, turnPlayer, phase: `Damage Step (${PART_WORDS[part]})`, allowed: PART_WORDS[window.part] });
}

export const activationWindow = defineRule({
  name: 'activation-window',
  needs: ['eligibility'],
  codes: {
    'activation-condition': {
      rules: ['R37'],
      severity: 'error',
      summary: "an effect activated outside the turn or phase its text states (\"During your opponent's Main Phase\", \"During your opponent's turn\"), or an Ignition Effect outside its controller's Main Phase",
      fix: 'remove-link',
    },
  },
  catalogue: [
    {
      id: 'R37',
      title: 'An effect activated outside the turn or phase its text states',
      tag: 'stable',
      tags: ['stable', 'card-specific'],
      inForce: 'always',
      summary:
        "An effect whose text says when it may be activated (\"During your opponent's Main Phase (Quick Effect)\", \"During your opponent's turn\", \"During your Main Phase\") cannot be activated in another turn or phase. An Ignition Effect whose card states no window can be activated only in its controller's Main Phase. The turn is the scenario's `turn`; where the scenario does not say the phase, segoc assumes the one the text allows and says so.",
      sources: [S.W35, S.W36, S.W37, S.CS],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
});
