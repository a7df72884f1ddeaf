// R37: an effect whose text says when it may be activated ("During your opponent's Main Phase (Quick
// Effect)", "During your opponent's turn") activated in another turn or phase. The turn is always stated
// (`turn`); the phase is stated by a `phase` line or a battle step, and otherwise only the language's
// default: then the window's phase is assumed and said, never reported on that guess.
import { ActivationWindow } from '../../cards/types';
import { phaseLabel } from '../../labels';
import { ChainView, LinkState, Reporter, RuleModule } from './api';
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

function checkLink(chain: ChainView, report: Reporter, l: LinkState): void {
  const window = l.effect?.window;
  if (!window || l.player === undefined || l.status.ineligible) return;
  const controller = chain.players[l.player];
  const turnPlayer = chain.players[chain.turn];
  const ownTurn = l.player === chain.turn;
  const stated = `"${window.raw}"`;
  if ((window.whose === 'your' && !ownTurn) || (window.whose === 'opponent' && ownTurn)) {
    const allowed = window.whose === 'opponent' ? chain.players[1 - l.player] : controller;
    report.link(
      'activation-condition',
      l,
      `${chain.linkName(l)} can be activated only ${window.raw} (as its card says), but it is ${ownTurn ? `${controller}'s own turn` : `${turnPlayer}'s turn`} (\`turn ${turnPlayer}\`): it can be activated only on ${allowed}'s turn [R37]`,
    );
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
  report.link(
    'activation-condition',
    l,
    `${chain.linkName(l)} can be activated only ${window.raw} (as its card says), but the chain starts in ${turnPlayer}'s ${phaseLabel(chain.phase)}, as the scenario states: it can be activated only in ${window.phase === 'main' ? 'a Main Phase' : `the ${phaseLabel(window.phase!)}`} [R37]`,
  );
}

export const activationWindow: RuleModule = {
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
      summary:
        "An effect whose text says when it may be activated (\"During your opponent's Main Phase (Quick Effect)\", \"During your opponent's turn\", \"During your Main Phase\") cannot be activated in another turn or phase. The turn is the scenario's `turn`; where the scenario does not say the phase, segoc assumes the one the text allows and says so.",
      sources: [S.W35, S.W36, S.CS],
    },
  ],
  check(chain, report) {
    for (const l of chain.links) checkLink(chain, report, l);
  },
};
