import { sql } from 'drizzle-orm';
import { movementsOf, movesNowhere, type PostedDoc, type PostedLine, type StockDocKind } from '../../../src/domain/rules/stock';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import type { RowData } from '../../resources/behaviour-types';
import { rowById } from '../production/rows';
import { applyMovements, type Applied } from './apply-movements';
import { assertCheckinWithinGood, assertFinishedStore } from '../delivery/checkin-rules';
import { assertPackingAllowed, assertPackingCancelable } from '../delivery/packing-rules';

/**
 * Posts a draft stock document (docs/stock.md, "Posting"), in the caller's transaction: the document locked at its
 * version, its live lines turned into movements (src/domain/rules/stock.ts) and applied to the balances and the ledger
 * (apply-movements.ts), the document marked posted with who and when. Refused whole: a document not a draft, without
 * lines, a move going nowhere or a transfer without its warehouse, a place going below zero, a check-in beyond a
 * card's good quantity, a packing into or out of a package that is not open. `at` is when it takes effect: now, but
 * for the demo's history (server/seed/stock.ts). `skippable` (`rowChecksSkippable`): the ledger's writes check their
 * foreign keys once per row they name, not per row written (apply-movements.ts, decision 141).
 */
export async function postDoc(tx: Db, auth: Auth, id: number, version: number, at = new Date(),
  skippable = false): Promise<{ doc: RowData; movements: number }> {
  const locked = rowById(tx, stockdocs, id, true);
  // Read right behind the document's lock (the connection runs them in call order), and held `for key share` as a
  // foreign key's check would, so the ledger rows naming them need no check of their own (decision 141). As one JSON
  // text: one value to parse (JSON.parse is native) where 500 rows of 15 columns are 7,500 the driver converts one by
  // one (bench/stock).
  const read = rows<{ j: string }>(tx, sql`
    select coalesce(json_agg(s order by s.line_no, s.id), '[]')::text as j from (
      select id, line_no, item_id, position_id, to_position_id, status_id, to_status_id, coalesce(lot, '') as lot, card_id,
        package_id, to_package_id, quantity::float8 as quantity, quantity2::float8 as quantity2, quantity3::float8 as quantity3,
        unit_cost::float8 as unit_cost, book_quantity::float8 as book_quantity
      from stocklines where doc_id = ${id} and not canceled for key share) s`);
  read.catch(() => {}); // a refusal below leaves it unread; its failure (behind a failed lock) is the lock's
  const doc = await locked;
  if (!doc) throw notFound();
  if (doc.version !== version) throw await staleVersion(tx, doc);
  if (doc.canceled) throw new ApiError(409, 'stock_doc_canceled');
  if (doc.status !== 'draft') throw new ApiError(409, 'stock_doc_posted');
  const lines = JSON.parse((await read)[0]!.j) as Record<string, unknown>[];
  if (lines.length === 0) throw new ApiError(422, 'stock_doc_empty');
  const head: PostedDoc = {
    kind: doc.kind as StockDocKind, warehouse_id: doc.warehouse_id as number, to_warehouse_id: (doc.to_warehouse_id ?? null) as number | null,
  };
  if (head.kind === 'transfer' && (head.to_warehouse_id === null || head.to_warehouse_id === head.warehouse_id)) {
    throw new ApiError(422, 'stock_move_needs_target');
  }
  const posted = lines.map(postedLine);
  if (posted.some(l => movesNowhere(head, l))) throw new ApiError(422, 'stock_move_nowhere');
  // Finished goods (docs/delivery.md): a check-in within its cards' good quantities, the cards locked; a packing into
  // and out of open packages, the packages locked.
  if (head.kind === 'checkin') {
    await assertFinishedStore(tx, head.warehouse_id);
    await assertCheckinWithinGood(tx, id, posted);
  }
  if (head.kind === 'pack') await assertPackingAllowed(tx, doc, posted);
  // Each movement (made for this posting) takes the document's kind in place: copying it by a spread costs (movementsOf).
  const moves: Applied[] = movementsOf(head, posted).map(m => Object.assign(m, { kind: head.kind }));
  const held = new Map([['stockdocs', new Set([id])], ['stocklines', new Set(posted.map(l => l.id))]]);
  const movements = await applyMovements(tx, auth, { id, show_id: (doc.show_id ?? null) as string | null }, moves, at, { skippable, held });
  const after = await systemUpdate(tx, stockdocs, doc, { status: 'posted', posted_at: at, posted_by: auth.accountId }, auth);
  return { doc: after, movements };
}

/**
 * Writes the reversing movements of a posted document being cancelled: each of its ledger rows not yet reversed, its
 * quantity back at exactly its value (apply-movements.ts), in reverse order. Refused whole when the stock it takes back
 * is no longer there (the goods received were issued since).
 */
export async function reverseDoc(tx: Db, auth: Auth, doc: RowData): Promise<number> {
  // A packing's cancel takes its lots back out of their packages: they must be open (docs/delivery.md "Packing").
  if (doc.kind === 'pack') await assertPackingCancelable(tx, doc.id as number);
  const logs = await rows<Record<string, unknown>>(tx, sql`
    select l.id, l.line_id, l.item_id, l.warehouse_id, l.position_id, l.status_id, coalesce(l.lot, '') as lot, l.card_id, l.package_id,
      l.quantity::float8 as quantity, l.quantity2::float8 as quantity2, l.quantity3::float8 as quantity3, l.value::float8 as value
    from itemlogs l
    where l.doc_id = ${doc.id as number} and l.reverses_id is null
      and not exists (select 1 from itemlogs r where r.reverses_id = l.id)
    order by l.id desc`);
  const moves: Applied[] = logs.map(l => ({
    kind: 'reversal', line_id: l.line_id as number, item_id: l.item_id as number, warehouse_id: l.warehouse_id as number,
    position_id: (l.position_id ?? null) as number | null, status_id: (l.status_id ?? null) as number | null, lot: String(l.lot),
    package_id: (l.package_id ?? null) as number | null, card_id: (l.card_id ?? null) as number | null, quantity: -(l.quantity as number),
    quantity2: l.quantity2 == null ? null : -(l.quantity2 as number), quantity3: l.quantity3 == null ? null : -(l.quantity3 as number),
    unit_cost: null, reverses: { id: l.id as number, value: l.value as number },
  }));
  return applyMovements(tx, auth, { id: doc.id as number, show_id: (doc.show_id ?? null) as string | null }, moves);
}

/** A document's quantity: the sum of its live lines. */
export async function refreshDocQuantity(tx: Db, docIds: readonly number[]): Promise<void> {
  if (docIds.length === 0) return;
  await tx.execute(sql`
    update stockdocs d set quantity = coalesce((select sum(quantity) from stocklines l where l.doc_id = d.id and not l.canceled), 0),
      rev = next_rev()
    where d.id = any(${sql.param([...docIds])}::int[])`);
}

function postedLine(l: Record<string, unknown>): PostedLine {
  const n = (x: unknown): number | null => (x == null ? null : Number(x));
  return {
    id: Number(l.id), item_id: Number(l.item_id), position_id: n(l.position_id), to_position_id: n(l.to_position_id),
    status_id: n(l.status_id), to_status_id: n(l.to_status_id), lot: String(l.lot ?? ''), card_id: n(l.card_id),
    package_id: n(l.package_id), to_package_id: n(l.to_package_id),
    quantity: Number(l.quantity), quantity2: n(l.quantity2), quantity3: n(l.quantity3), unit_cost: n(l.unit_cost),
    book_quantity: n(l.book_quantity),
  };
}
