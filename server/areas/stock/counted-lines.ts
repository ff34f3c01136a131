import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { CountedLine } from '../shopfloor/facts/decide';
import { refreshDocQuantity } from './post';

/**
 * Writes the stocktake lines of applied `count` facts (docs/stock.md "Stocktake"), in the push's transaction, in one
 * statement: each numbered after its document's last line (the documents are locked by the push: state.ts), its code
 * `<document no.>-<n>`, and its book the place's balance at the time it was counted — the balance after the last
 * ledger row of that place written at or before then (`itemlogs.balance`), or none; a line naming no stock status
 * takes the status the book holds there (the handheld counts goods, not statuses). So goods moved between the scan
 * and the line's arrival (a handheld offline for an hour) are not counted as a difference. A time ahead of the
 * server's clock counts as now. A handheld counts loose goods: the book is the place's outside any package (a
 * package is counted by its label, docs/delivery.md). Then the documents' quantities.
 */
export async function writeCountedLines(tx: Db, lines: readonly CountedLine[], by: number): Promise<void> {
  if (lines.length === 0) return;
  const json = JSON.stringify(lines.map((l, ord) => ({ ...l, ord, at: l.at.toISOString() })));
  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${json}::json) as x(ord int, doc_id int, item_id int, unit text, position_id int,
        status_id int, lot text, card_id int, quantity numeric, at timestamptz)
    ), placed as (
      -- A line that names no stock status counts the place as the book holds it: the status of the item's stock at that
      -- position and lot (the fullest, should there be several); none on the book, none.
      select i.doc_id, i.item_id, i.unit, i.position_id, i.lot, i.card_id, i.quantity, i.at, i.ord,
        coalesce(i.status_id, (select s.status_id from stocklots s join stockdocs d on d.id = i.doc_id
          where s.item_id = i.item_id and s.warehouse_id = d.warehouse_id and s.position_id is not distinct from i.position_id
            and s.lot = i.lot and s.package_id is null and s.quantity <> 0 order by s.quantity desc, s.id limit 1)) as status_id
      from input i
    ), numbered as (
      select i.*, d.show_id, d.warehouse_id,
        coalesce((select max(l.line_no) from stocklines l where l.doc_id = i.doc_id), 0)
          + row_number() over (partition by i.doc_id order by i.ord) as line_no
      from placed i join stockdocs d on d.id = i.doc_id
    )
    insert into stocklines (doc_id, code, line_no, item_id, position_id, status_id, lot, card_id, quantity, unit,
      book_quantity, created_by, updated_by)
    select n.doc_id, coalesce(n.show_id, n.doc_id::text) || '-' || n.line_no, n.line_no, n.item_id, n.position_id, n.status_id,
      n.lot, n.card_id, n.quantity, n.unit,
      coalesce((select g.balance from itemlogs g
        where g.item_id = n.item_id and g.warehouse_id = n.warehouse_id and g.position_id is not distinct from n.position_id
          and g.status_id is not distinct from n.status_id and coalesce(g.lot, '') = n.lot and g.package_id is null and g.at <= least(n.at, now())
        order by g.id desc limit 1), 0),
      ${by}::int, ${by}::int
    from numbered n
    order by n.ord`);
  await refreshDocQuantity(tx, [...new Set(lines.map(l => l.doc_id))]);
}
