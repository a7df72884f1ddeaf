// Where a judge reads more about a card: its rulings on Yugipedia and the official Konami card database, as
// judges' tools link them. Only for the libraries' cards (a writer's own card may be a made-up one).
import { CardInfo } from './types';

export interface CardLink {
  label: string;
  url: string;
}

const KONAMI_DB = 'https://www.db.yugioh-card.com/yugiohdb';

/**
 * The card's page and its FAQ (the official rulings) in the Konami card database, by the card's Konami id where
 * the library has it (generated cards: yaml-yugi's `konami_id`), else the database's search for its English name;
 * and Yugipedia's card rulings page.
 */
export function cardLinks(card: CardInfo): CardLink[] {
  if (card.origin.kind !== 'generated' && card.origin.kind !== 'library') return [];
  const title = encodeURIComponent(card.name.replace(/ /g, '_')).replace(/%2F/g, '/');
  const cid = card.origin.konamiId;
  const konami = cid
    ? [
        { label: 'Konami card database', url: `${KONAMI_DB}/card_search.action?ope=2&cid=${cid}&request_locale=en` },
        { label: 'Konami FAQ (rulings)', url: `${KONAMI_DB}/faq_search.action?ope=4&cid=${cid}&request_locale=ja` },
      ]
    : [{ label: 'Konami card database', url: `${KONAMI_DB}/card_search.action?ope=1&sess=1&stype=1&keyword=${encodeURIComponent(card.name)}&request_locale=en` }];
  return [...konami, { label: 'Yugipedia rulings', url: `https://yugipedia.com/wiki/Card_Rulings:${title}` }];
}
