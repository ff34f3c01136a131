import { sql } from 'drizzle-orm';
import type { PrintCategory } from '../../../src/domain/contract/prints';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { cards } from '../../../src/domain/resources/orders/cards';
import { rows, type Db } from '../../db/connection';
import { configValues } from '../../resources/configs';
import { parseLabelSize, renderCardLabels, type CardLabel, type LabelSize } from '../../lib/label-sheet';

/**
 * What can be printed (`POST /prints/do/`, `item.category`), one entry per category: the resource whose rows are
 * printed — printing needs `view` on it, the rows must be live and in the caller's row scope, and its `counter` field
 * counts the prints of each row — and the sheet: its built-in template, page size and renderer. A new category (a
 * delivery note, a packing label) is one more entry here and in the contract's PRINT_CATEGORIES; the print designer
 * (roadmap 15) will add stored templates beside the built-in ones.
 */
export interface PrintCategoryDef {
  resource: ResourceDef;
  /** An integer field of the resource counting how often each row was printed. */
  counter: string;
  /** The built-in template: a negative id (stored templates will have positive ones) and its name, kept in zh. */
  template: { id: number; name: string };
  /** The print log's title (zh, as data). */
  title(count: number): string;
  /** The page size of the sheet. */
  size(db: Db): Promise<LabelSize>;
  /** The sheet's HTML for these rows, in this order; rows cancelled since the print was handed out are left out. */
  render(db: Db, ids: readonly number[], size: LabelSize): Promise<{ html: string; count: number }>;
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
};

export function printCategory(name: string): PrintCategoryDef | undefined {
  return Object.hasOwn(PRINT_CATEGORY_DEFS, name) ? PRINT_CATEGORY_DEFS[name as PrintCategory] : undefined;
}
