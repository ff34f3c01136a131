/**
 * The life of an order (spec §4 leaves it open; decided in docs/decisions.md): draft → confirmed → producing →
 * finished → shipped, and cancelled (the document's `canceled` flag, by the cancel endpoint).
 *
 * Rules:
 * - Each move is one transition below and needs the role's special action of `orders` it names; the server checks the
 *   move, records it in the history and refuses any other. A save never sets `status`.
 * - `producing` is also reached by generating the first cards of a confirmed order (the generation needs `create` on
 *   `cards`); a confirmed order goes back to draft (`confirm` again) only while it has no cards.
 * - Cancel (action `delete`) is allowed from draft and confirmed, and from producing while no card has started.
 */
export const ORDER_STATUSES = ['draft', 'confirmed', 'producing', 'finished', 'shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderTransition { from: OrderStatus; to: OrderStatus; action: 'confirm' | 'produce' | 'finish' | 'ship' }

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'draft', to: 'confirmed', action: 'confirm' },
  { from: 'confirmed', to: 'draft', action: 'confirm' },
  { from: 'confirmed', to: 'producing', action: 'produce' },
  { from: 'producing', to: 'finished', action: 'finish' },
  { from: 'finished', to: 'producing', action: 'finish' },
  { from: 'finished', to: 'shipped', action: 'ship' },
  { from: 'shipped', to: 'finished', action: 'ship' },
];

export function transitionOf(from: OrderStatus, to: OrderStatus): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find(t => t.from === from && t.to === to);
}

/** The moves offered from a status, in the order of the list above. */
export function transitionsFrom(from: OrderStatus): OrderTransition[] {
  return ORDER_TRANSITIONS.filter(t => t.from === from);
}

/** Statuses in which the order's header and lines may still change (quantities within what the cards hold). */
export function linesEditable(status: OrderStatus): boolean {
  return status === 'draft' || status === 'confirmed' || status === 'producing';
}

/** Statuses from which an order may be cancelled (producing: only while no card has started, checked by the server). */
export function cancelable(status: OrderStatus): boolean {
  return status === 'draft' || status === 'confirmed' || status === 'producing';
}

/**
 * What a shipped delivery does to its orders (docs/delivery.md "Orders follow"): an order whose every live line is now
 * delivered in full becomes `shipped` when it was producing or finished. Other statuses stay (a confirmed order
 * delivered from stock before any card is made stays confirmed), as does an order not yet delivered in full.
 */
export function statusAfterShipping(status: OrderStatus, deliveredInFull: boolean): OrderStatus {
  return deliveredInFull && (status === 'producing' || status === 'finished') ? 'shipped' : status;
}

/**
 * What a cancelled delivery does to its orders: a `shipped` order no longer delivered in full goes back to `finished`
 * when all its live cards are done, else to `producing`. Only a cancel moves an order back: shipping another delivery
 * never undoes a shipped status set by hand (finished → shipped with the `ship` action).
 */
export function statusAfterDeliveryCancel(status: OrderStatus, deliveredInFull: boolean, cardsDone: boolean): OrderStatus {
  if (status !== 'shipped' || deliveredInFull) return status;
  return cardsDone ? 'finished' : 'producing';
}
