import type { CheckinCard } from '../../domain/contract/packing';

/** A line of the check-in screen: a scanned card and how much of it goes in now (null: not typed). */
export interface CheckinLine { card: CheckinCard; quantity: number | null }

/**
 * The lines after a card is scanned: a card once (a second scan of it changes nothing: `duplicate`), proposed with
 * everything left of its good quantity (the storekeeper lowers it for a part); a card with nothing left is not added
 * (`none_left`: it is all checked in already, or it has no good units yet).
 */
export function addCard(lines: readonly CheckinLine[], card: CheckinCard): CheckinLine[] | 'duplicate' | 'none_left' {
  if (lines.some(l => l.card.card_id === card.card_id)) return 'duplicate';
  if (!(card.left > 0)) return 'none_left';
  return [...lines, { card, quantity: card.left }];
}
