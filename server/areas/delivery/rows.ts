import { sql } from 'drizzle-orm';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { ownRows } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';

/** The tables the delivery rules read rows of by id. */
type Table = 'deliveryrequests' | 'deliveries' | 'cards' | 'packages' | 'customers' | 'orders';

/**
 * Rows of a table by id; locked `for update` in id order when `lock` (a document whose lines are being written: its
 * numbering and its sums are then written by one writer at a time).
 */
export async function rowsById(tx: Db, table: Table, ids: readonly (number | null | undefined)[], lock = false): Promise<Map<number, RowData>> {
  const unique = [...new Set(ids.filter((id): id is number => id != null))].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const found = await rows<RowData>(tx, sql`select * from ${sql.identifier(table)} where id = any(${sql.param(unique)}::int[])
    order by id ${lock ? sql`for update` : sql``}`);
  return new Map(found.map(r => [Number(r.id), r]));
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A new request's or delivery note's salesperson, address, consignee and phone, when not given: the customer's (as an
 * order takes its salesperson from its customer). The address is cut to the 200 characters a document keeps.
 */
export async function withCustomerDefaults(tx: Db, values: RowData): Promise<RowData> {
  if (values.customer_id == null) return values;
  const [customer] = (await rowsById(tx, 'customers', [values.customer_id as number])).values();
  if (!customer) return values;
  const out = { ...values };
  if (blank(out.saler_id)) out.saler_id = customer.saler_id ?? null;
  if (blank(out.address) && customer.address) out.address = String(customer.address).slice(0, 200);
  if (blank(out.contact) && customer.contact) out.contact = String(customer.contact).slice(0, 60);
  if (blank(out.phone) && customer.phone) out.phone = String(customer.phone).slice(0, 40);
  return out;
}

/** Whether a document has live lines (its customer is then fixed). */
export async function hasLiveLines(tx: Db, table: 'deliveryrequestlines' | 'deliverylines', parent: 'request_id' | 'delivery_id',
  id: number): Promise<boolean> {
  const [r] = await rows<{ n: number | string }>(tx, sql`select count(*) as n from ${sql.identifier(table)}
    where ${sql.identifier(parent)} = ${id} and not canceled`);
  return Number(r?.n ?? 0) > 0;
}

/** A write that moves a line to another document: refused (its number and its holds belong to the first). */
export function assertSameParent(before: RowData | null, values: RowData, parent: 'request_id' | 'delivery_id'): void {
  if (before && parent in values && Number(values[parent]) !== Number(before[parent])) {
    throw new ApiError(422, 'delivery_line_parent_fixed', {}, { [parent]: { key: 'delivery_line_parent_fixed' } });
  }
}

/**
 * Of the documents a write of lines names, those the caller may work on (all but for a caller scoped to its own): a
 * line naming another's document finds none, and is refused as if it named nothing (404) before any rule could tell
 * what that document is.
 */
export async function ownParents(tx: Db, auth: Auth, res: ResourceDef, found: Map<number, RowData>): Promise<Map<number, RowData>> {
  const own = await ownRows(tx, auth, res, [...found.values()]);
  return new Map(own.map(r => [Number(r.id), r]));
}
