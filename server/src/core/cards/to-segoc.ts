// A card as `.segoc` text: the definition the engine uses, whatever its source, for `segoc card "Name"`.
// A judge can copy it into a file and correct it; the text parses back to the same facts (a test
// checks every curated card). Where the source was unsure, a comment says what was assumed.
import { CardInfo, EffectInfo } from './types';
import { printModifiers, RACES } from './vocabulary';
import { quoteName } from '../syntax/quote';
import { cardLinks } from './links';

export function cardToSegoc(card: CardInfo, showPath: (uri: string) => string = (uri) => uri): string {
  const lines: string[] = [`# ${originComment(card, showPath)}`];
  // A race is kept as a word (`creator-god`); the tag is written as the vocabulary spells it (`creator god`).
  const tags = [...card.races.map((r) => (RACES.includes(r) ? r : r.replace(/-/g, ' '))), ...card.attributes, ...card.abilities];
  const level = levelTag(card);
  if (level) tags.push(level);
  if (card.scale !== undefined) tags.push(`scale ${card.scale}`);
  if (card.atk !== undefined) tags.push(`atk ${card.atk}`);
  if (card.def !== undefined) tags.push(`def ${card.def}`);
  lines.push(`card ${quoted(card.name)}: ${card.cardType}${tags.length ? ` (${tags.join(', ')})` : ''}`);
  for (const link of cardLinks(card).reverse()) lines.splice(1, 0, `# ${link.label}: ${link.url}`);
  const corrections = card.origin.corrections ?? [];
  for (const c of corrections) if (c.effect === undefined) lines.splice(1, 0, `# ${c.layer}: ${c.fact} (${c.reason}; ${c.source})`);
  for (const alias of card.aliases) lines.push(`  alias ${quoted(alias)}`);
  for (const line of archetypeLines(card)) lines.push(`  ${line}`);
  for (const e of card.effects) {
    for (const fact of e.assumed) lines.push(`  # assumed: ${fact.text}`);
    for (const c of corrections) if (c.effect === e.index) lines.push(`  # ${c.layer}: ${c.fact} (${c.reason}; ${c.source})`);
    const line = printEffectLine(card, e);
    if (line) lines.push(`  ${line}`);
  }
  return lines.join('\n') + '\n';
}

/** A monster's Level (`level N`), Rank (`rank N`) or Link Rating (`link N`), each its own fact; undefined where none is known. */
/**
 * A card's `archetype` lines: one per archetype its source lists, `archetype none` for an empty list; where the
 * source has no list, a comment says so (an archetype filter then rests on a named unknown fact).
 */
export function archetypeLines(card: Pick<CardInfo, 'archetypes'>): string[] {
  if (!card.archetypes) return ['# archetypes not known (its source has no list)'];
  return card.archetypes.length ? card.archetypes.map((a) => `archetype ${quoted(a)}`) : ['archetype none'];
}

export function levelTag(card: Pick<CardInfo, 'level' | 'rank' | 'link'>): string | undefined {
  if (card.rank !== undefined) return `rank ${card.rank}`;
  if (card.link !== undefined) return `link ${card.link}`;
  return card.level !== undefined ? `level ${card.level}` : undefined;
}

function originComment(card: CardInfo, showPath: (uri: string) => string): string {
  const o = card.origin;
  if (o.kind === 'generated' || o.kind === 'inferred') {
    const facts = [o.passcode !== undefined ? `passcode ${o.passcode}` : '', o.source ?? '', o.commit ? `at ${o.commit}` : ''].filter(Boolean).join(', ');
    return `${o.kind === 'generated' ? 'generated card library' : 'inferred from the card text'}${facts ? `: ${facts}` : ''}`;
  }
  const where = o.kind === 'library' ? 'curated card library' : o.kind === 'file' ? 'this file' : 'workspace';
  return `${where}${o.uri ? `: ${o.kind === 'library' ? o.uri : showPath(o.uri)}` : ''}, line ${o.range.start.line + 1}`;
}

/** The effect line, or undefined for a Spell/Trap activation that its card type implies. */
export function printEffectLine(card: CardInfo, e: EffectInfo): string | undefined {
  const optional = e.mandatory ? 'mandatory' : 'optional';
  let head: string;
  switch (e.kind) {
    case 'activation':
      if (!e.responds.length) {
        // The free-chain activation: implied by the card type unless it has properties (`activation, changes atk`).
        const props = modifiers(card, e);
        return props.length ? ['activation', ...props].join(', ') : undefined;
      }
      head = `responds to ${e.responds.map((r) => r.raw).join(', ')}`;
      break;
    case 'trigger':
      head = `trigger ${optional} ${e.timing ?? 'if'} ${e.event?.raw ?? ''}`.trimEnd();
      break;
    case 'phase-trigger':
      head = `phase trigger ${optional} ${e.phaseTime?.raw ?? ''}`.trimEnd();
      break;
    case 'quick':
      head = `quick ${optional}${e.event ? ` when ${e.event.raw}` : ''}`;
      break;
    case 'flip':
      head = `flip ${optional}`;
      break;
    default:
      head = e.kind;
  }
  return [head, ...modifiers(card, e)].join(', ');
}

function modifiers(card: CardInfo, e: EffectInfo): string[] {
  return printModifiers(e, card);
}

/** A name in quotes, with the language's escapes. */
export function quoted(name: string): string {
  return quoteName(name);
}
