import { resourceClient } from '../../data/resource-client';
import { items } from '../../domain/resources/items/items';
import { cards } from '../../domain/resources/orders/cards';
import type { Resolved } from './doc-lines';

/** A location the screen knows (those of the document's warehouses, loaded with it). */
export interface KnownPosition { id: number; code: string; warehouse_id: number }

/**
 * What a scanned or typed code names (decision 176). Codes are unique within their kind but not across kinds, so the
 * order decides: a location of the document's warehouses first (known on the screen, no request: a storekeeper scans
 * a shelf far more often than anything else), then an item by its exact code and a process card by its number (a
 * card's QR carries its number, as at the kiosk), asked together; an item wins over a card of the same text (an item
 * code is what a supplier's label carries). Nothing found is an answer (`unknown`), not a failure.
 */
export async function resolveCode(raw: string, positions: readonly KnownPosition[], signal?: AbortSignal): Promise<Resolved> {
  const code = raw.trim();
  const position = positions.find(p => p.code === code);
  if (position) return { kind: 'position', ...position };
  const [item, card] = await Promise.all([itemByCode(code, signal), cardByNo(code, signal)]);
  if (item) return item;
  if (card) return card;
  return { kind: 'unknown', code };
}

export async function itemByCode(code: string, signal?: AbortSignal): Promise<Extract<Resolved, { kind: 'item' }> | null> {
  const r = await resourceClient(items).list({ limit: 1, filter: [{ field: 'code', op: 'eq', value: code }] }, { signal });
  const row = r.dt[0];
  return row ? { kind: 'item', id: row.id, code: row.code ?? code, name: row.name ?? '', unit: row.unit ?? null } : null;
}

export async function cardByNo(no: string, signal?: AbortSignal): Promise<Extract<Resolved, { kind: 'card' }> | null> {
  const r = await resourceClient(cards).list({ limit: 1, filter: [{ field: 'show_id', op: 'eq', value: no }] }, { signal });
  const row = r.dt.find(c => !c.canceled);
  if (!row || row.item_id == null) return null;
  const item = await resourceClient(items).detail(row.item_id, { signal });
  return {
    kind: 'card', id: row.id, code: row.show_id ?? no, quantity: row.quantity == null ? null : Number(row.quantity),
    item: { id: item.row.id, code: item.row.code ?? '', name: item.row.name ?? '', unit: item.row.unit ?? null },
  };
}
