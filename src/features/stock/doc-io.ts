import { newRequestId, resourceClient } from '../../data/resource-client';
import { stockClient } from '../../data/stock-client';
import type { ListRow } from '../../domain/contract/rows';
import { items } from '../../domain/resources/items/items';
import { cards } from '../../domain/resources/orders/cards';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { stocklines } from '../../domain/resources/warehouse/stocklines';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import type { StockDocKind } from '../../domain/rules/stock';
import { emptyLine, isBlank, lineChanged, lineValues, type DocLine } from './doc-lines';
import type { KnownPosition } from './scan-codes';

/**
 * Reading and writing one stock document through its resource clients and the declared stock endpoints (docs/stock.md
 * "Screens"). A draft is saved as its header, then each line that is new, changed or gone (a line gone is cancelled),
 * then read back whole; posting saves first and posts at the version the saves left. What the server refuses — a line
 * in error, `stock_negative` with the quantity there — rejects with its localized message, which the screen shows.
 */
export type DocRow = ListRow<typeof stockdocs>;
export type LineRow = ListRow<typeof stocklines>;

export interface LoadedDoc { doc: DocRow; lines: DocLine[] }

/** Every line of a document, oldest first (a document's lines are few: one page of the contract's largest). */
async function linesOf(docId: number, positions: readonly KnownPosition[]): Promise<DocLine[]> {
  const r = await resourceClient(stocklines).list({ limit: 1000, sort: ['line_no'], filter: [{ field: 'doc_id', op: 'eq', value: docId }] });
  const live = r.dt.filter(l => !l.canceled);
  const codes = await itemCodes(live.map(l => l.item_id).filter((id): id is number => id != null));
  const pos = new Map(positions.map(p => [p.id, p.code]));
  return live.map(l => ({
    ...emptyLine(`id:${l.id}`), id: l.id, version: l.version,
    item_id: l.item_id ?? null, item_code: codes.get(l.item_id ?? 0) ?? '', item_name: l.item_id_name ?? '', unit: l.unit ?? null,
    quantity: l.quantity == null ? null : Number(l.quantity),
    position_id: l.position_id ?? null, position_code: pos.get(l.position_id ?? 0) ?? l.position_id_name ?? '',
    to_position_id: l.to_position_id ?? null, to_position_code: pos.get(l.to_position_id ?? 0) ?? l.to_position_id_name ?? '',
    status_id: l.status_id ?? null, lot: l.lot ?? '', card_id: l.card_id ?? null, card_code: l.card_id == null ? '' : l.card_id_name ?? '',
    unit_cost: l.unit_cost == null ? null : Number(l.unit_cost),
  }));
}

/** Item codes by id (a line keeps the item's id; the screen shows its code). */
async function itemCodes(ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const r = await resourceClient(items).list({ limit: 1000, filter: [{ field: 'id', op: 'in', value: unique }] });
  return new Map(r.dt.map(i => [i.id, i.code ?? '']));
}

export async function loadDoc(id: number, positions: readonly KnownPosition[]): Promise<LoadedDoc> {
  const [doc, lines] = await Promise.all([resourceClient(stockdocs).detail(id), linesOf(id, positions)]);
  return { doc: doc.row, lines };
}

/**
 * A save that wrote the header and some lines, then was refused (a line in error, a stale version): what was written,
 * so the screen keeps every line typed and the next save updates what exists instead of writing it twice.
 */
export class PartialSave extends Error {
  constructor(readonly reason: unknown, readonly doc: DocRow | null, readonly written: ReadonlyMap<string, DocLine>,
    readonly gone: ReadonlySet<number>) {
    super('partial save');
  }
}

/**
 * Saves a draft: the header (created with its idempotency key, else updated at its version), then its lines.
 * `saved` are the lines as last read, to tell what changed and what was removed.
 */
export async function saveDoc(p: {
  kind: StockDocKind; head: Record<string, unknown>; doc: DocRow | null; lines: readonly DocLine[]; saved: readonly DocLine[];
  positions: readonly KnownPosition[]; createKey: string;
}): Promise<LoadedDoc> {
  const client = resourceClient(stockdocs);
  const reply = p.doc
    ? await client.save(p.head, { id: p.doc.id, version: p.doc.version })
    : await client.save({ ...p.head, kind: p.kind }, undefined, { idempotencyKey: p.createKey });
  const docId = reply.id;
  const lineClient = resourceClient(stocklines);
  const kept = new Set<number>();
  const before = new Map(p.saved.filter(l => l.id !== undefined).map(l => [l.id!, l]));
  const written = new Map<string, DocLine>();
  const gone = new Set<number>();
  try {
    for (const l of p.lines) {
      if (isBlank(l)) continue;
      if (l.id !== undefined) {
        kept.add(l.id);
        const was = before.get(l.id);
        if (was && lineChanged(l, was, p.kind)) {
          const r = await lineClient.save(lineValues(l, p.kind), { id: l.id, version: l.version! });
          written.set(l.key, { ...l, version: r.version });
        }
      } else {
        const r = await lineClient.save({ doc_id: docId, ...lineValues(l, p.kind) }, undefined, { idempotencyKey: newRequestId() });
        written.set(l.key, { ...l, id: r.id, version: r.version });
      }
    }
    for (const was of before.values()) {
      if (kept.has(was.id!)) continue;
      await lineClient.remove({ id: was.id!, version: was.version });
      gone.add(was.id!);
    }
  } catch (e) {
    const doc = await client.detail(docId).then(d => d.row, () => null);
    throw new PartialSave(e, doc, written, gone);
  }
  return loadDoc(docId, p.positions);
}

/** Posts a saved draft at its current version; the movements it wrote. */
export async function postDoc(doc: DocRow): Promise<number> {
  return (await stockClient.post(doc.id, doc.version)).movements;
}

/** Cancels a document (a posted one: its movements reversed by the server). */
export async function cancelDoc(doc: DocRow): Promise<void> {
  await resourceClient(stockdocs).remove({ id: doc.id, version: doc.version });
}

/** Issue to production: the lines the formula of a card or an order line proposes, less what was issued already. */
export async function formulaProposal(by: { card_id?: number; detail_id?: number }): Promise<Omit<DocLine, 'key'>[]> {
  const r = await stockClient.issueProposal(by);
  return r.dt.filter(row => row.quantity > 0).map(row => {
    const { key: _key, ...blank } = emptyLine('');
    return { ...blank, item_id: row.item_id, item_code: row.code ?? '', item_name: row.name, unit: row.unit, quantity: row.quantity };
  });
}

/** A transfer by card: every lot of the card on hand in the warehouse, each a line moving all of it. */
export async function cardStockProposal(cardId: number, warehouseId: number, positions: readonly KnownPosition[]): Promise<Omit<DocLine, 'key'>[]> {
  const [lots, card] = await Promise.all([
    resourceClient(stocklots).list({ limit: 1000, filter: [{ field: 'card_id', op: 'eq', value: cardId }, { field: 'warehouse_id', op: 'eq', value: warehouseId }] }),
    resourceClient(cards).detail(cardId),
  ]);
  const held = lots.dt.filter(l => Number(l.quantity ?? 0) > 0);
  const codes = await itemCodes(held.map(l => l.item_id).filter((id): id is number => id != null));
  const pos = new Map(positions.map(p => [p.id, p.code]));
  return held.map(l => {
    const { key: _key, ...blank } = emptyLine('');
    return {
      ...blank, item_id: l.item_id ?? null, item_code: codes.get(l.item_id ?? 0) ?? '', item_name: l.item_id_name ?? '',
      quantity: Number(l.quantity), position_id: l.position_id ?? null, position_code: pos.get(l.position_id ?? 0) ?? '',
      status_id: l.status_id ?? null, lot: l.lot ?? '', card_id: cardId, card_code: card.row.show_id ?? '',
    };
  });
}
