// Cards and effects in words (Markdown), for hovers and completion documentation.
import { CardInfo, cardLinks, EFFECT_PROPERTIES, EffectInfo, levelTag, quoteName, RULE_REGISTRY, spellSpeed } from '../core';

const ZONE_WORDS: Record<string, string> = {
  field: 'the field',
  hand: 'the hand',
  gy: 'the GY',
  banished: 'banishment',
  deck: 'the Deck',
  extra: 'the Extra Deck',
};

const KIND_WORDS: Record<EffectInfo['kind'], string> = {
  trigger: 'Trigger Effect',
  'phase-trigger': 'phase-timed Trigger Effect',
  quick: 'Quick Effect',
  ignition: 'Ignition Effect',
  continuous: 'Continuous Effect (never activated)',
  flip: 'Flip Effect',
  activation: 'card activation',
};

const TCG = RULE_REGISTRY.rulesInForce({ region: 'tcg', label: 'TCG' });
const OCG = RULE_REGISTRY.rulesInForce({ region: 'ocg', label: 'OCG' });

/** The Spell Speed of an effect, as the engine decides it (R5, core's spellSpeed); trap triggers depend on the ruleset. */
export function spellSpeedText(e: EffectInfo, card: CardInfo): string {
  if (e.kind === 'continuous' && !e.spellSpeedOverride) return 'not activated';
  const tcg = spellSpeed(e, card, TCG);
  const ocg = spellSpeed(e, card, OCG);
  return tcg === ocg ? `Spell Speed ${tcg}` : `Spell Speed ${tcg} (${ocg} under OCG rules)`;
}

export function cardTags(card: CardInfo): string[] {
  const tags: string[] = [];
  tags.push(...card.races, ...card.attributes.map((a) => a.toUpperCase()));
  const level = levelTag(card);
  if (level) tags.push(level);
  if (card.atk !== undefined) tags.push(`ATK ${card.atk}`);
  if (card.def !== undefined) tags.push(`DEF ${card.def}`);
  return tags;
}

/** One effect in words. */
export function describeEffect(e: EffectInfo, card: CardInfo): string {
  const parts: string[] = [];
  let head = KIND_WORDS[e.kind];
  const hasMandatory = e.kind === 'trigger' || e.kind === 'phase-trigger' || e.kind === 'quick' || e.kind === 'flip';
  if (hasMandatory) head = `${e.mandatory ? 'mandatory' : 'optional'} ${head}`;
  parts.push(cap(head));
  if (e.timing === 'when') {
    parts.push(
      e.mandatory || e.kind !== 'trigger'
        ? '"when" wording'
        : '"when" wording: an optional "when" effect can miss the timing (R19)',
    );
  } else if (e.timing === 'if') {
    parts.push('"if" wording: cannot miss the timing');
  }
  if (e.event && e.event.raw) parts.push(`event: *${e.event.raw}*`);
  if (e.phaseTime) parts.push(`time: *${e.phaseTime.raw}*`);
  if (e.condition) parts.push(`condition: *${e.condition}*`);
  if (e.responds.length) parts.push(`responds to: ${e.responds.map((r) => `*${r.raw}*`).join(', ')}`);
  if (e.kind !== 'continuous' && e.activatesFrom.length) {
    parts.push(`activates from ${e.activatesFrom.map((z) => ZONE_WORDS[z] ?? z).join(' or ')}`);
  }
  parts.push(spellSpeedText(e, card));
  // The effect's properties in their own words, in the table's order (core's EFFECT_PROPERTIES).
  for (const p of EFFECT_PROPERTIES) {
    const words = p.describe?.(e);
    if (words) parts.push(words);
  }
  return parts.join(' · ');
}

/** Where a card's facts came from, as a hover's last line (see CardOrigin). */
export function originText(card: CardInfo, thisUri: string): string {
  const o = card.origin;
  switch (o.kind) {
    case 'library':
      return `Defined in the curated card library: \`${o.uri ?? 'library'}\`, line ${o.range.start.line + 1}`;
    case 'file':
      return `Defined in this file, line ${o.range.start.line + 1}`;
    case 'generated':
    case 'inferred': {
      const what = o.kind === 'generated' ? 'From the generated card library' : 'Effects inferred from the card text';
      const facts = [o.passcode !== undefined ? `passcode ${o.passcode}` : '', o.source ?? '', o.commit ? `at ${o.commit}` : ''].filter(Boolean).join(', ');
      return `${what}${facts ? ` (${facts})` : ''}; \`segoc card ${quoteName(card.name)}\` prints it as a definition to correct`;
    }
    default: {
      if (o.uri && o.uri === thisUri) return `Defined in this file, line ${o.range.start.line + 1}`;
      const name = o.uri ? decodeURIComponent(o.uri.replace(/^.*\//, '')) : 'another file';
      return `Defined in the workspace: \`${name}\`, line ${o.range.start.line + 1}`;
    }
  }
}

/** The Markdown description of a card: type, tags, effects, aliases and where it is defined. */
export function describeCard(card: CardInfo, thisUri: string): string {
  const lines: string[] = [];
  lines.push(`**${escapeMd(quoteName(card.name))}** — ${card.cardType}`);
  const tags = cardTags(card);
  if (tags.length) lines.push('', tags.join(' · '));
  // Archetype filters are checked by the source's list only, never by the name (docs/cards.md): say which list it is.
  lines.push('', archetypeText(card));
  const effects = card.effects;
  if (effects.length) {
    lines.push('');
    for (const e of effects) {
      lines.push(`${e.index}. ${describeEffect(e, card)}`);
      // What the card's source was unsure of: the engine assumes it, and says so where it is used.
      for (const a of e.assumed) lines.push(`   - assumed: ${escapeMd(a.text)}`);
      // A fact from the corrections files (an override or a ruling), with where it is published.
      for (const c of card.origin.corrections ?? []) if (c.effect === e.index) lines.push(`   - ${c.layer}: ${escapeMd(c.fact)}: ${escapeMd(c.reason)} ([source](${c.source}))`);
    }
  }
  const links = cardLinks(card);
  if (links.length) lines.push('', `Rulings: ${links.map((l) => `[${l.label}](${l.url})`).join(' · ')}`);
  if (card.aliases.length) lines.push('', `Also known as: ${card.aliases.map((a) => escapeMd(a)).join(', ')}`);
  lines.push('', `*${originText(card, thisUri)}*`);
  return lines.join('\n');
}

/** The card's archetypes as its source lists them; a card whose source has no list says so (never guessed from its name). */
export function archetypeText(card: Pick<CardInfo, 'archetypes'>): string {
  if (!card.archetypes) return 'Archetypes: not known (its source has no list)';
  return card.archetypes.length ? `Archetypes: ${card.archetypes.map((a) => escapeMd(quoteName(a))).join(', ')}` : 'Archetypes: none';
}

export function escapeMd(s: string): string {
  return s.replace(/([\\`*_{}[\]<>|])/g, '\\$1');
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
