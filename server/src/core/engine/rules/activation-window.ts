// R37: an effect whose text says when it may be activated ("During your opponent's Main Phase (Quick
// Effect)", "During your opponent's turn") activated in another turn or phase. The turn is always stated
// (`turn`); the phase is stated by a `phase` line or a battle step, and otherwise only the language's
// default: then the window's phase is assumed and said, never reported on that guess.
import { ActivationWindow } from '../../cards/types';
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
    default:
      return phase === window.phase;
  }
}

const messages = {
  'activation-condition/turn': (p: { link: string; window: string; turnPlayer: string; ownTurn: boolean; allowed: string }) =>
    `${p.link} can be activated only ${p.window} (as its card says), but it is ${p.ownTurn ? `${p.turnPlayer}'s own turn` : `${p.turnPlayer}'s turn`} (\`turn ${p.turnPlayer}\`): it can be activated only on ${p.allowed}'s turn [R37]`,
  'activation-condition/phase': (p: { link: string; window: string; turnPlayer: string; phase: string; allowed: string }) =>
    `${p.link} can be activated only ${p.window} (as its card says), but the chain starts in ${p.turnPlayer}'s ${p.phase}, as the scenario states: it can be activated only in ${p.allowed} [R37]`,
};

function checkLink(chain: ChainView, report: RuleReporter<typeof messages>, l: LinkState): void {
  const window = l.effect?.window;
  if (!window || l.player === undefined || l.status.ineligible) return;
  const turnPlayer = chain.players[chain.turn];
  const ownTurn = l.player === chain.turn;
  const stated = `"${window.raw}"`;
  if ((window.whose === 'your' && !ownTurn) || (window.whose === 'opponent' && ownTurn)) {
    const allowed = window.whose === 'opponent' ? chain.players[1 - l.player] : chain.players[l.player];
    report.say('activation-condition/turn', l, { link: chain.linkName(l), window: window.raw, turnPlayer, ownTurn, allowed });
    return;
  }
  if (inPhase(window, chain.phase)) {
    if (window.phase && !chain.phaseStated) l.assumptions.push(`the scenario does not say the phase: assumed ${phaseLabel(chain.phase)}, which ${stated} allows`);
    return;
  }
  if (!chain.phaseStated) {
    // Only the language's default says where the game is: assume the window's phase, never "illegal".
    l.assumptions.push(`the scenario does not say the phase: assumed it is the one ${stated} allows`);
    return;
  }
  const allowed = window.phase === 'main' ? 'a Main Phase' : `the ${phaseLabel(window.phase!)}`;
  report.say('activation-condition/phase', l, { link: chain.linkName(l), window: window.raw, turnPlayer, phase: phaseLabel(chain.phase), allowed });
}

export const activationWindow = defineRule({
  name: 'activation-window',
  needs: ['eligibility'],
  codes: {
    'activation-condition': {
      rules: ['R37'],
      severity: 'error',
      summary: "an effect activated outside the turn or phase its text states (\"During your opponent's Main Phase\", \"During your opponent's turn\")",
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
        "An effect whose text says when it may be activated (\"During your opponent's Main Phase (Quick Effect)\", \"During your opponent's turn\", \"During your Main Phase\") cannot be activated in another turn or phase. The turn is the scenario's `turn`; where the scenario does not say the phase, segoc assumes the one the text allows and says so.",
      sources: [S.W35, S.W36, S.CS],
    },
  ],
  messages,
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
});
