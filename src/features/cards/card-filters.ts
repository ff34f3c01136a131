import { cardListParams, type CardListFilter } from '../../data/cards-client';
import { CARD_NODE_STATUSES, type CardNodeStatus } from '../../domain/rules/card-status';

/**
 * The cards list's filter lives in its URL, under the list call's own parameter names (`/orders/cards/list?quote_id=12`,
 * `?notfinished=1`, `?node_id=3&node_status=running`), so other screens link to a filtered list, the tab keeps it and
 * a reload shows the same cards. Anything malformed in the URL is ignored rather than sent.
 */
const ID = /^[1-9]\d{0,9}$/;

function idOf(q: URLSearchParams, name: string): number | null {
  const v = q.get(name);
  return v !== null && ID.test(v) ? Number(v) : null;
}

function nodeStatusOf(v: string | null): CardNodeStatus | null {
  return v !== null && (CARD_NODE_STATUSES as readonly string[]).includes(v) ? v as CardNodeStatus : null;
}

export function filterFromSearch(q: URLSearchParams): CardListFilter {
  const node_id = idOf(q, 'node_id');
  return {
    progress: q.get('notfinished') === '1' ? 'notfinished' : q.get('finished') === '1' ? 'finished' : null,
    quote_id: idOf(q, 'quote_id'),
    show_id: q.get('show_id')?.trim() || null,
    order_id: idOf(q, 'order_id'),
    item_id: idOf(q, 'item_id'),
    customer_id: idOf(q, 'customer_id'),
    saler_id: idOf(q, 'saler_id'),
    node_id,
    node_status: node_id === null ? null : nodeStatusOf(q.get('node_status')),
  };
}

/** The URL query of a filter: the same parameters the list call gets. */
export function searchOfFilter(f: CardListFilter): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(cardListParams(f))) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The cards list filtered as given (links from the cards per node and other screens). */
export function cardsListPath(f: CardListFilter): string {
  return `/orders/cards/list${searchOfFilter(f)}`;
}

/** The card's life page (`/cards/query/{id}`). */
export function cardLifePath(id: number): string {
  return `/cards/query/${id}`;
}

/** The labels page with these cards chosen. */
export function cardPrintsPath(ids: readonly number[]): string {
  return ids.length ? `/cards/prints?ids=${ids.join(',')}` : '/cards/prints';
}

/** `?ids=1,2,3` of the labels page: the distinct positive ids, in order; anything else is dropped. */
export function idsFromSearch(q: URLSearchParams, max: number): number[] {
  const out: number[] = [];
  for (const part of (q.get('ids') ?? '').split(',')) {
    const s = part.trim();
    if (ID.test(s) && !out.includes(Number(s))) out.push(Number(s));
    if (out.length >= max) break;
  }
  return out;
}
