/**
 * Traceability of finished goods (docs/delivery.md "Traceability", decision 208): where a trace starts, and the address
 * of its screen, shared by the trace screen, the screens that link to it and the server.
 *
 * A trace starts from one thing and finds the process cards it concerns (its centre): a delivery line or a whole
 * delivery (the cards its check-out took), a package (the cards ever packed in it), a card, an order line (its cards),
 * or a lot of an item (a card's lot, or a material lot — a reel — and the cards it was issued to). From the cards it
 * goes backward to their steps, inspections, defects and materials, and forward to every delivery and customer.
 */

export const TRACE_KINDS = ['deliveryline', 'delivery', 'package', 'card', 'detail', 'lot'] as const;
export type TraceKind = (typeof TRACE_KINDS)[number];

/** The trace screen (a menu page of the finished-goods group). */
export const TRACE_PAGE = '/trace';

/**
 * Where a trace starts: a row of its kind by its id, or by the number people read on it (a card's or package's number,
 * a delivery note's number, a delivery line's code — typed or scanned on the trace screen); or a lot (its text, and its
 * item when known).
 */
export type TraceStart =
  | { kind: Exclude<TraceKind, 'lot'>; id: number }
  | { kind: Exclude<TraceKind, 'lot'>; code: string }
  | { kind: 'lot'; lot: string; item_id?: number | null };

/** The trace screen's address for a start (`/trace?kind=card&id=12`, `/trace?kind=lot&lot=R-1&item_id=3`). */
export function tracePath(start: TraceStart): string {
  const q = new URLSearchParams({ kind: start.kind });
  if (start.kind === 'lot') {
    q.set('lot', start.lot);
    if (start.item_id) q.set('item_id', String(start.item_id));
  } else if ('id' in start) {
    q.set('id', String(start.id));
  } else {
    q.set('code', start.code);
  }
  return `${TRACE_PAGE}?${q.toString()}`;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * The trace of a row of a declared resource, opened from its page: a delivery line, a delivery, a package, a card or
 * an order line by its id; a place of stock or a ledger row by its lot — its card's when the lot is a card's, else the
 * item's lot (a reel). Null for other resources and for a row without a lot.
 */
export function traceStartOfRow(resource: string, row: Readonly<Record<string, unknown>>): TraceStart | null {
  const id = row.id;
  switch (resource) {
    case 'deliverylines': return isId(id) ? { kind: 'deliveryline', id } : null;
    case 'deliveries': return isId(id) ? { kind: 'delivery', id } : null;
    case 'packages': return isId(id) ? { kind: 'package', id } : null;
    case 'cards': return isId(id) ? { kind: 'card', id } : null;
    case 'details': return isId(id) ? { kind: 'detail', id } : null;
    case 'stocklots':
    case 'itemlogs': {
      if (isId(row.card_id)) return { kind: 'card', id: row.card_id };
      const lot = typeof row.lot === 'string' ? row.lot.trim() : '';
      return lot ? { kind: 'lot', lot, item_id: isId(row.item_id) ? row.item_id : null } : null;
    }
    default: return null;
  }
}

/** A trace start read from the screen's address; null when it names none (the screen then asks for one). */
export function traceStartOfQuery(q: URLSearchParams): TraceStart | null {
  const kind = q.get('kind');
  if (!(TRACE_KINDS as readonly string[]).includes(kind ?? '')) return null;
  if (kind === 'lot') {
    const lot = (q.get('lot') ?? '').trim();
    const item = Number(q.get('item_id'));
    return lot ? { kind: 'lot', lot, item_id: isId(item) ? item : null } : null;
  }
  const k = kind as Exclude<TraceKind, 'lot'>;
  const id = Number(q.get('id'));
  if (isId(id)) return { kind: k, id };
  const code = (q.get('code') ?? '').trim();
  return code ? { kind: k, code } : null;
}
