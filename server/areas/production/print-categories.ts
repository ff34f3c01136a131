import { sql } from 'drizzle-orm';
import type { PrintCategory } from '../../../src/domain/contract/prints';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { bills } from '../../../src/domain/resources/finance/bills';
import { cards } from '../../../src/domain/resources/orders/cards';
import { packages } from '../../../src/domain/resources/warehouse/packages';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import { rows, type Db } from '../../db/connection';
import { configValues } from '../../resources/configs';
import { parseLabelSize, renderCardLabels, type CardLabel, type LabelSize } from '../../lib/label-sheet';
import { A4 } from '../../lib/stock-note-sheet';
import { packageLabelSize, renderPackageLabels, renderStockNoteSheet } from '../delivery/print-sheets';
import { notesOf } from '../delivery/note-data';
import { NOTE_PAPERS, renderDeliveryNotes, type NotePaper } from '../delivery/note-sheet';
import { billsOf } from '../finance/bill-data';
import { BILL_PAPER, renderBills } from '../finance/bill-sheet';

/**
 * What can be printed (`POST /prints/do/`, `item.category`), one entry per category: the resource whose rows are
 * printed — printing needs `view` on it, the rows must be live and in the caller's row scope, and its `counter` field
 * (when it has one) counts the prints of each row — and its sheets: each template's page size and renderer. A new
 * category (a label of another kind) is one more entry here and in the contract's PRINT_CATEGORIES; the print designer
 * (roadmap 15) will add stored templates beside the built-in ones.
 */
export interface PrintCategoryDef extends PrintTemplateDef {
  resource: ResourceDef;
  /** An integer field of the resource counting how often each row was printed; none: prints are only logged. */
  counter?: string;
  /** The print log's title (zh, as data). */
  title(count: number): string;
  /**
   * The category's other templates beside its first (the one the fields above describe): a delivery note on A4 or on
   * the continuous form. A print names the one it wants (`item.template`), or gets them all to choose from.
   */
  alternatives?: readonly PrintTemplateDef[];
}

/** What a sheet is rendered for beyond its rows: the address the request reached the server at (QR codes point at it). */
export interface SheetContext { origin: string }

/** One template of a category: its sheet's page size and renderer. */
export interface PrintTemplateDef {
  /** The built-in template: a negative id (stored templates will have positive ones) and its name, kept in zh. */
  template: { id: number; name: string };
  /** The page size of the sheet. */
  size(db: Db): Promise<LabelSize>;
  /** The sheet's HTML for these rows, in this order; rows cancelled since the print was handed out are left out. */
  render(db: Db, ids: readonly number[], size: LabelSize, ctx: SheetContext): Promise<{ html: string; count: number }>;
}

/** Every template of a category, its first (default) one first. */
export function templatesOf(def: PrintCategoryDef): PrintTemplateDef[] {
  return [def, ...(def.alternatives ?? [])];
}

/** The category's template of that id (undefined: its first); undefined when the category has none of that id. */
export function templateOf(def: PrintCategoryDef, id: number | undefined): PrintTemplateDef | undefined {
  return id === undefined ? def : templatesOf(def).find(t => t.template.id === id);
}

/** A list of ids as one parameter (`= any(…::int[])`): the ids are validated integers. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

interface CardLabelRow extends Omit<CardLabel, 'quantity' | 'seq' | 'total'> {
  id: number;
  quantity: number | string | null;
  seq: number | null;
  total: number | string | null;
}

/**
 * The label data of live cards: the card, its line's order, customer, item and workflow, and its place in the line —
 * in card order (order, line, then the card's number in its line: 1/3, 2/3, 3/3), whatever order they were picked in
 * (issue 30).
 */
async function cardLabels(db: Db, ids: readonly number[]): Promise<CardLabel[]> {
  const found = await rows<CardLabelRow>(db, sql`
    select c.id, c.show_id, coalesce(c.order_show_id, o.show_id) as order_show_id, cu.name as customer,
      i.name as item_name, i.spec as item_spec, c.quantity::float8 as quantity, coalesce(c.unit, d.unit) as unit,
      w.name as workflow, c.seq,
      (select greatest(count(*), max(c2.seq)) from cards c2 where c2.detail_id = c.detail_id and not c2.canceled) as total
    from cards c
      join details d on d.id = c.detail_id
      left join orders o on o.id = coalesce(c.order_id, d.order_id)
      left join customers cu on cu.id = o.customer_id
      left join items i on i.id = coalesce(c.item_id, d.item_id)
      left join workflows w on w.id = coalesce(c.workflow_id, d.workflow_id)
    where c.id = any(${intArray(ids)}) and not c.canceled
    order by coalesce(c.order_id, d.order_id), d.line_no nulls last, d.id, c.seq nulls last, c.id`);
  return found.map(r => ({
    show_id: r.show_id ?? '', order_show_id: r.order_show_id, customer: r.customer, item_name: r.item_name,
    item_spec: r.item_spec, quantity: r.quantity === null ? null : Number(r.quantity), unit: r.unit,
    workflow: r.workflow, seq: r.seq === null ? null : Number(r.seq), total: r.total === null ? null : Number(r.total),
  }));
}

export const PRINT_CATEGORY_DEFS: Readonly<Record<PrintCategory, PrintCategoryDef>> = {
  cards: {
    resource: cards,
    counter: 'printed',
    template: { id: -1, name: '流程卡标签' },
    title: n => `流程卡标签 × ${n}`,
    size: async db => parseLabelSize((await configValues(db, ['label_size'])).get('label_size')),
    render: async (db, ids, size) => {
      const labels = await cardLabels(db, ids);
      return { html: await renderCardLabels(labels, size), count: labels.length };
    },
  },
  // Package labels (docs/delivery.md "Package labels"): the package number as QR code and Code 128, and what it holds.
  packages: {
    resource: packages,
    counter: 'printed',
    template: { id: -2, name: '包装标签' },
    title: n => `包装标签 × ${n}`,
    size: async db => packageLabelSize((await configValues(db, ['package_label_size'])).get('package_label_size')),
    render: (db, ids, size) => renderPackageLabels(db, ids, size),
  },
  // Receipt and issue notes of posted stock documents on A4 (docs/delivery.md "Receipt and issue notes").
  stockdocs: {
    resource: stockdocs,
    template: { id: -3, name: '出入库单' },
    title: n => `出入库单 × ${n}`,
    size: async () => ({ ...A4 }),
    render: (db, ids) => renderStockNoteSheet(db, ids),
    },
  // The delivery note (docs/delivery.md "The printed note"): on A4, or on the two-part 241 mm continuous form.
  deliveries: {
    resource: deliveries,
    template: { id: -2, name: '送货单（A4）' },
    title: n => `送货单 × ${n}`,
    size: async () => NOTE_PAPERS.a4,
    render: async (db, ids, _size, ctx) => renderNotes(db, ids, 'a4', ctx),
    alternatives: [{
      template: { id: -3, name: '送货单（241 二联）' },
      size: async () => NOTE_PAPERS.form241,
      render: async (db, ids, _size, ctx) => renderNotes(db, ids, 'form241', ctx),
    }],
  },
  // The bill (docs/finance.md "Print and export"): A4 landscape, lines by delivery note, the total in capitals.
  bills: {
    resource: bills,
    template: { id: -2, name: '对账单（A4 横向）' },
    title: n => `对账单 × ${n}`,
    size: async () => BILL_PAPER,
    render: async (db, ids, _size, ctx) => {
      const { site, bills: found } = await billsOf(db, ids);
      return { html: await renderBills(found, site, ctx.origin), count: found.length };
    },
  },
};

async function renderNotes(db: Db, ids: readonly number[], paper: NotePaper, ctx: SheetContext): Promise<{ html: string; count: number }> {
  const { site, notes } = await notesOf(db, ids);
  return { html: await renderDeliveryNotes(notes, site, paper, ctx.origin), count: notes.length };
}

export function printCategory(name: string): PrintCategoryDef | undefined {
  return Object.hasOwn(PRINT_CATEGORY_DEFS, name) ? PRINT_CATEGORY_DEFS[name as PrintCategory] : undefined;
}
