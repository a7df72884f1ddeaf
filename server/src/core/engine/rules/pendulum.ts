// R66: a Pendulum Monster is a Spell Card in a Pendulum Zone and a monster elsewhere. Its Pendulum Effects are used
// only from a Pendulum Zone, its monster effects never from there; its activation as a Pendulum Scale (`to pendulum
// zone`) needs a Pendulum Monster, a free Pendulum Zone and its controller's Main Phase (its Spell Speed 1 is R7's).
// R67: a Pendulum Summon's own conditions, checked on the game action (a Pendulum Monster in each Pendulum Zone, each
// monster's Level strictly between the two Scales, one per turn); the engine applies the rest (it starts no chain, a
// Pendulum Monster that would go to the GY goes face-up to the Extra Deck).
import { quoteName } from '../../syntax/quote';
import { restsOn } from '../unknown-facts';
import { ActionView, defineRule, LinkState } from './api';
import type { CardInstance } from '../state';
import { S } from './sources';

export const pendulum = defineRule({
  name: 'pendulum',
  codes: {
    'pendulum-zone': { rules: ['R66', 'R67'], severity: 'error', summary: "uses a Pendulum Monster's effect from the wrong place, activates it as a Pendulum Scale where it cannot be, or Pendulum Summons what the Scales do not allow" },
  },
  catalogue: [
    {
      id: 'R66',
      title: 'Pendulum Zones: Pendulum Effects, monster effects and the Pendulum Scale',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        "A Pendulum Monster in a Pendulum Zone is a Spell Card: only its Pendulum Effects can be used there, and they only there; its monster effects are used where a monster is. Activating it from the hand as a Pendulum Scale is a Spell Card's activation of Spell Speed 1 (R7): in its controller's Main Phase, into a free Pendulum Zone (two per player). An effect that places it there does not activate it.",
      sources: [S.W66, S.W69, S.W70],
    },
    {
      id: 'R67',
      title: 'A Pendulum Summon starts no chain; a Pendulum Monster goes face-up to the Extra Deck',
      tag: 'stable',
      tags: ['stable'],
      inForce: 'always',
      summary:
        'A Pendulum Summon (`Yugi pendulum summons "A", "B"`) Special Summons its monsters at once by the game\'s procedure: it is no effect and starts no chain, it has the moment before it happens where only an effect that negates the Summon may respond (R50), and one negation negates every monster of it. A player Pendulum Summons once per turn, with a Pendulum Monster in each Pendulum Zone, monsters whose Level is strictly between the two Scales (a monster with a Rank or Link Rating and no Level cannot be). A Pendulum Monster that would be sent from the field to the GY goes face-up to its owner\'s Extra Deck instead: its "destroyed" effects see it, its "sent to the GY" effects do not.',
      sources: [S.W66, S.W69, S.W70, S.W119],
    },
  ],
  messages: {
    'pendulum-zone/summon-twice': (p: { player: string }) =>
      `${p.player} Pendulum Summons a second time this turn: a player may Pendulum Summon once per turn [R67]`,
    'pendulum-zone/summon-level': (p: { card: string; level: number; scales: string; low: number; high: number }) =>
      `${quoteName(p.card)} (Level ${p.level}) cannot be Pendulum Summoned with ${p.scales}: a Pendulum Summon Summons monsters whose Level is strictly between the two Scales (here ${p.low + 1} to ${p.high - 1}${p.low + 1 > p.high - 1 ? ': none' : ''}) [R67]`,
    'pendulum-zone/summon-no-level': (p: { card: string; what: string }) =>
      `${quoteName(p.card)} has ${p.what}, no Level, so it cannot be Pendulum Summoned: a Pendulum Summon reads a monster's Level between the two Scales [R67]`,
    'pendulum-zone/pendulum-effect': (p: { link: string; card: string; where: string }) =>
      `${p.link} uses a Pendulum Effect of ${quoteName(p.card)}, which is ${p.where}: a Pendulum Effect is used only while the card is in a Pendulum Zone [R66]`,
    'pendulum-zone/monster-effect': (p: { link: string; card: string }) =>
      `${p.link} uses a monster effect of ${quoteName(p.card)} while it is in a Pendulum Zone: there it is a Spell Card, and only its Pendulum Effects can be used; write \`effect N\` for a Pendulum Effect [R66]`,
    'pendulum-zone/not-pendulum': (p: { link: string; card: string }) =>
      `${p.link} activates ${quoteName(p.card)} in a Pendulum Zone, but it is no Pendulum Monster: only a Pendulum Monster is activated as a Pendulum Scale [R66]`,
    'pendulum-zone/full': (p: { link: string; player: string }) =>
      `${p.link} activates a Pendulum Scale, but both of ${p.player}'s Pendulum Zones are occupied: a Pendulum Monster is activated only into a free Pendulum Zone [R66]`,
    'pendulum-zone/main-phase': (p: { link: string; player: string }) =>
      `${p.link} activates a Pendulum Scale outside ${p.player}'s Main Phase: like a Normal Spell, a Pendulum Monster is activated in a Pendulum Zone only in its controller's Main Phase [R66]`,
  },
  checkAction(view, report) {
    const a = view.action;
    if (a.kind !== 'pendulum-summon') return;
    const p = view.playerIndex(a.player.text);
    if (p === undefined) return;
    const player = a.player.text;
    // One Pendulum Summon per turn (a negated one was still the turn's Pendulum Summon).
    if (view.earlier.some((x) => x.action.kind === 'pendulum-summon' && x.action.player.text.toLowerCase() === player.toLowerCase())) {
      report.say('pendulum-zone/summon-twice', { player });
      return;
    }
    const scales = pendulumScales(view, p);
    if (scales.length < 2) {
      // The board states fewer than two: the rest is assumed, never "illegal" on a guess.
      report.assume(`${player} has a Pendulum Monster in each Pendulum Zone (the board states ${scales.length ? `only ${quoteName(scales[0].name)}` : 'none'}; write \`${player} pendulum zone: "A", "B"\`)`);
      return;
    }
    const [x, y] = scales;
    for (const c of [x, y]) {
      if (c.card && c.card.scale === undefined) report.restsOn({ card: c.name, fact: 'scale', what: `the Pendulum Scale of ${quoteName(c.name)}`, why: 'a Pendulum Summon reads the two Scales (R67)' });
    }
    if (x.card?.scale === undefined || y.card?.scale === undefined) return;
    const low = Math.min(x.card.scale, y.card.scale);
    const high = Math.max(x.card.scale, y.card.scale);
    const scalesText = `${quoteName(x.name)} (Scale ${x.card.scale}) and ${quoteName(y.name)} (Scale ${y.card.scale})`;
    for (const ref of a.cards) {
      const m = view.resolvedRef(ref);
      const card = m?.card;
      if (!m || !card) continue;
      if (card.level === undefined) {
        if (card.rank !== undefined || card.link !== undefined) report.say('pendulum-zone/summon-no-level', { card: m.name, what: card.rank !== undefined ? 'a Rank' : 'a Link Rating' });
        else report.restsOn({ card: m.name, fact: 'level', what: `the Level of ${quoteName(m.name)}`, why: `it must lie between the Scales of ${scalesText} (R67)` });
        continue;
      }
      if (card.level <= low || card.level >= high) report.say('pendulum-zone/summon-level', { card: m.name, level: card.level, scales: scalesText, low, high });
    }
  },
  check(chain, report) {
    const isPendulum = (l: LinkState) => !!l.inst?.card?.abilities.includes('pendulum');
    for (const l of chain.links) {
      if (l.status.ineligible || !l.inst?.card || !l.effect || l.player === undefined) continue;
      const card = l.inst.card;
      if (l.stmt.toPendulumZone) {
        if (card.category !== 'monster' || !isPendulum(l)) {
          report.say('pendulum-zone/not-pendulum', l, { link: chain.linkName(l), card: card.name });
          continue;
        }
        // The other cards in that player's Pendulum Zones: two leave no room (a card that left by this chain's end had
        // left no room either when the link was placed, so it is counted where the scenario still shows it there).
        const others = chain.instances.filter((c) => c !== l.inst && c.zone === 'field' && c.pendulumZone && c.controller === l.player);
        if (others.length >= 2) report.say('pendulum-zone/full', l, { link: chain.linkName(l), player: chain.who(l.player) });
        else if (l.player !== chain.turn || (chain.phase !== 'main1' && chain.phase !== 'main2')) report.say('pendulum-zone/main-phase', l, { link: chain.linkName(l), player: chain.who(l.player) });
        continue;
      }
      const from = l.activatedFrom;
      if (!isPendulum(l) || !from?.stated || from.zone !== 'field') continue;
      if (l.effect.pendulumEffect && !from.pendulumZone) {
        report.say('pendulum-zone/pendulum-effect', l, { link: chain.linkName(l), card: card.name, where: 'in the Monster Zone' });
      } else if (!l.effect.pendulumEffect && from.pendulumZone) {
        // A generated or inferred card may hold a Pendulum Effect it does not mark as one: the verdict then rests on that.
        if (card.origin.kind === 'generated' || card.origin.kind === 'inferred') {
          restsOn(l, {
            card: card.name,
            effect: l.effect.index,
            fact: 'zone',
            what: `the card library does not say that effect ${l.effect.index} of ${quoteName(card.name)} is a Pendulum Effect`,
            why: 'only a Pendulum Effect can be used while the card is in a Pendulum Zone (R66)',
          });
        } else report.say('pendulum-zone/monster-effect', l, { link: chain.linkName(l), card: card.name });
      }
    }
  },
});

/** The face-up cards in player `p`'s Pendulum Zones before the action, as the board and the scenario put them. */
function pendulumScales(view: ActionView, p: number): CardInstance[] {
  return view.instances.filter((c) => c.zone === 'field' && c.pendulumZone && !c.faceDown && c.controller === p);
}
