// Where a judge reads more about a card: its rulings on Yugipedia and the official Konami card database, as
// judges' tools link them. Only for the libraries' cards (a writer's own card may be a made-up one).
import { CardInfo } from './types';

export interface CardLink {
  label: string;
  url: string;
}

/** Yugipedia's card rulings page and the Konami card database's search for the card's English name. */
export function cardLinks(card: CardInfo): CardLink[] {
  if (card.origin.kind !== 'generated' && card.origin.kind !== 'library') return [];
  const title = encodeURIComponent(card.name.replace(/ /g, '_')).replace(/%2F/g, '/');
  return [
    { label: 'Konami card database', url: `https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=1&sess=1&stype=1&keyword=${encodeURIComponent(card.name)}&request_locale=en` },
    { label: 'Yugipedia rulings', url: `https://yugipedia.com/wiki/Card_Rulings:${title}` },
  ];
}
