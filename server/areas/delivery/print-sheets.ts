import { sql } from 'drizzle-orm';
import { STOCK_NOTE_KINDS } from '../../../src/domain/contract/packing';
import { enumLabel } from '../../../src/domain/i18n/resource-labels';
import { formatNumber } from '../../../src/domain/rules/numbers';
import type { StockDocKind } from '../../../src/domain/rules/stock';
import { rows, type Db } from '../../db/connection';
import { parseLabelSize, renderCodeLabels, type LabelSize } from '../../lib/label-sheet';
import type { FitLine } from '../../lib/label-fit';
import { renderStockNotes, type StockNote, type StockNoteLine } from '../../lib/stock-note-sheet';

/**
 * What the print categories of packing print (server/areas/production/print-categories.ts; docs/delivery.md "Package
 * labels" and "Receipt and issue notes"): package labels and the A4 receipt and issue notes of posted stock documents.
 */

/** A package label's size: config `package_label_size` (`100x100`, mm), else 100 × 100 — a pallet's label is larger than a card's. */
export const packageLabelSize = (value: string | null | undefined): LabelSize =>
  value ? parseLabelSize(value) : { width_mm: 100, height_mm: 100 };

/** Lot numbers on a label: the first ones, and how many more. */
const MAX_LOTS_SHOWN = 12;

/**
 * The label sheet of live packages, in the order asked: the package number as QR code and Code 128, its kind, the
 * customer, its items with their quantities, its lots (the cards' numbers), its weights.
 */
export async function renderPackageLabels(db: Db, ids: readonly number[], size: LabelSize): Promise<{ html: string; count: number }> {
  const found = await rows<Record<string, unknown>>(db, sql`
    select p.id, p.show_id, p.kind, p.stage, cu.name as customer, p.quantity::float8 as quantity, p.lots,
      p.gross_weight::float8 as gross, p.net_weight::float8 as net, w.name as warehouse
    from packages p left join customers cu on cu.id = p.customer_id left join warehouses w on w.id = p.warehouse_id
    where p.id = any(${sql.param([...ids])}::int[]) and not p.canceled`);
  const held = await rows<{ package_id: number; item: string | null; unit: string | null; lot: string; quantity: number }>(db, sql`
    select s.package_id, concat_ws(' ', i.name, i.spec) as item, i.unit, s.lot, sum(s.quantity)::float8 as quantity
    from stocklots s join items i on i.id = s.item_id
    where s.package_id = any(${sql.param([...ids])}::int[]) and s.quantity > 0
    group by s.package_id, i.id, i.name, i.spec, i.unit, s.lot order by s.package_id, s.lot`);
  const byId = new Map(found.map(p => [Number(p.id), p]));
  const labels = ids.filter(id => byId.has(id)).map(id => {
    const p = byId.get(id)!;
    const mine = held.filter(h => Number(h.package_id) === id);
    const items = new Map<string, { quantity: number; unit: string | null }>();
    for (const h of mine) {
      const key = h.item ?? '';
      const it = items.get(key) ?? { quantity: 0, unit: h.unit };
      it.quantity += Number(h.quantity);
      items.set(key, it);
    }
    const lots = [...new Set(mine.map(h => h.lot))];
    const weights = [p.gross == null ? '' : `毛重 ${formatNumber(Number(p.gross), 3)} kg`, p.net == null ? '' : `净重 ${formatNumber(Number(p.net), 3)} kg`]
      .filter(Boolean).join('  ');
    const lines: FitLine[] = [
      { text: `包装号 ${String(p.show_id)}`, bold: true },
      { text: `${enumLabel('zh', 'packages', 'kind', String(p.kind))} · ${enumLabel('zh', 'packages', 'stage', String(p.stage))}` },
      { text: `客户：${String(p.customer ?? '')}` },
      ...[...items].map(([name, it]) => ({ text: `物料：${name} × ${formatNumber(it.quantity, 4)}${it.unit ? ` ${it.unit}` : ''}` })),
      { text: `数量：${formatNumber(Number(p.quantity ?? 0), 4)}，批次 ${lots.length}` },
      { text: `批次：${lots.slice(0, MAX_LOTS_SHOWN).join(' ')}${lots.length > MAX_LOTS_SHOWN ? ` 等 ${lots.length} 个` : ''}` },
      ...(weights ? [{ text: weights }] : []),
    ];
    return { code: String(p.show_id), lines };
  });
  return { html: await renderCodeLabels(labels, size, '包装标签'), count: labels.length };
}

/** The other side of a document as its note names it, by kind. */
function partiesOf(d: Record<string, unknown>): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const add = (label: string, v: unknown) => { if (v != null && v !== '') out.push({ label, value: String(v) }); };
  add('供应商', d.supplier);
  add('客户', d.customer);
  add('部门', d.department);
  add('流程卡', d.card);
  add('送货单', d.delivery);
  add('包装', d.package);
  return out;
}

/**
 * The A4 notes of posted, live stock documents, in the order asked: receipt notes (入库单) of the kinds that take goods
 * in, issue notes (出库单) of those that take them out (STOCK_NOTE_KINDS); a document of another kind is printed under
 * its kind's name. Each line with the ledger's value of its movements.
 */
export async function renderStockNoteSheet(db: Db, ids: readonly number[]): Promise<{ html: string; count: number }> {
  const list = sql.param([...ids]);
  const docs = await rows<Record<string, unknown>>(db, sql`
    select d.id, d.show_id, d.kind, to_char(d.date, 'YYYY-MM-DD') as date, w.name as warehouse, s.name as supplier, cu.name as customer,
      dp.name as department, c.show_id as card, dl.show_id as delivery, pk.show_id as package, d.remark,
      to_char(d.posted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as posted_at, a.name as posted_by
    from stockdocs d left join warehouses w on w.id = d.warehouse_id left join suppliers s on s.id = d.supplier_id
      left join customers cu on cu.id = d.customer_id left join departments dp on dp.id = d.department_id
      left join cards c on c.id = d.card_id left join deliveries dl on dl.id = d.delivery_id left join packages pk on pk.id = d.package_id
      left join accounts a on a.id = d.posted_by
    where d.id = any(${list}::int[]) and not d.canceled and d.status = 'posted'`);
  const lines = await rows<Record<string, unknown>>(db, sql`
    select l.doc_id, l.id, l.line_no, i.code as item_code, i.name as item_name, i.spec as item_spec, l.lot, p.code as position,
      pk.show_id as package, l.quantity::float8 as quantity, coalesce(l.unit, i.unit) as unit,
      -- The value the line moved: what it took (goods out, a move's take), else what it put (goods in).
      (select case when bool_or(g.quantity < 0) then -sum(g.value) filter (where g.quantity < 0) else sum(g.value) end
        from itemlogs g where g.line_id = l.id and g.reverses_id is null)::float8 as amount
    from stocklines l join items i on i.id = l.item_id left join warepositions p on p.id = l.position_id
      left join packages pk on pk.id = coalesce(l.package_id, l.to_package_id)
    where l.doc_id = any(${list}::int[]) and not l.canceled order by l.doc_id, l.line_no, l.id`);
  const byId = new Map(docs.map(d => [Number(d.id), d]));
  const notes: StockNote[] = ids.filter(id => byId.has(id)).map(id => {
    const d = byId.get(id)!;
    const kind = String(d.kind) as StockDocKind;
    const title = STOCK_NOTE_KINDS.in.includes(kind) ? '入库单' : STOCK_NOTE_KINDS.out.includes(kind) ? '出库单'
      : enumLabel('zh', 'stockdocs', 'kind', kind);
    return {
      show_id: String(d.show_id), title, kind: enumLabel('zh', 'stockdocs', 'kind', kind), date: (d.date ?? null) as string | null,
      warehouse: (d.warehouse ?? null) as string | null, parties: partiesOf(d), remark: (d.remark ?? null) as string | null,
      posted_at: (d.posted_at ?? null) as string | null, posted_by: (d.posted_by ?? null) as string | null,
      lines: lines.filter(l => Number(l.doc_id) === id).map((l): StockNoteLine => ({
        line_no: l.line_no == null ? null : Number(l.line_no), item_code: (l.item_code ?? null) as string | null,
        item_name: (l.item_name ?? null) as string | null, item_spec: (l.item_spec ?? null) as string | null,
        lot: (l.lot ?? null) as string | null, position: (l.position ?? null) as string | null, package: (l.package ?? null) as string | null,
        quantity: Number(l.quantity), unit: (l.unit ?? null) as string | null, amount: l.amount == null ? null : Number(l.amount),
      })),
    };
  });
  return { html: await renderStockNotes(notes, '出入库单'), count: notes.length };
}
