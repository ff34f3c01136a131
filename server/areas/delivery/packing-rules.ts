import { sql } from 'drizzle-orm';
import type { RowError } from '../../auth/row-scope';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';

/**
 * The rules of packing (`stockdocs` kind `pack`, docs/delivery.md "Packing", decision 197):
 * - a line takes a lot where it lies (its location, status, lot and package: `package_id`, none when loose) and puts
 *   it at the same place inside `to_package_id`; a loose line naming no package goes into the document's package
 *   (`stockdocs.package_id`), and a line taken from a package naming none comes out of it, loose (an unpacking);
 * - every package a line takes from or puts into is open: a sealed package is reopened first (409 `package_closed`),
 *   a shipped one never changes (409 `package_shipped`) — checked when lines are written and again at posting with
 *   the packages' rows locked, so a packing and a close of the same package queue and the loser is refused;
 * - a package is packed in a store of its stage (a semi-finished pre-package in a `semi` warehouse, a finished
 *   package in a `finished` one: 422 `package_stage_semi` / `package_stage_finished`) and lies in one warehouse: goods
 *   go into a package that is empty or already in the document's warehouse (422 `package_elsewhere`); a transfer
 *   moves the package whole;
 * - a lot put into a package goes to where the package lies (its `to_position_id`, unless named): the package's
 *   location, or for an empty one where the first lot packed into it by the same write lies — a pallet is one place;
 * - the cancel of a packing takes the lots back out, so its packages must be open too.
 */

interface PackageRow {
  id: number;
  show_id: string;
  status: string;
  stage: string;
  warehouse_id: number | null;
  position_id: number | null;
  canceled: boolean;
}

/** Packages by id, optionally locked `for update` in id order. */
async function packagesById(tx: Db, ids: readonly (number | null | undefined)[], lock: boolean): Promise<Map<number, PackageRow>> {
  const unique = [...new Set(ids.filter((id): id is number => id != null))].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const found = await rows<PackageRow>(tx, sql`
    select id, show_id, status, stage, warehouse_id, position_id, canceled from packages
    where id = any(${sql.param(unique)}::int[]) order by id ${lock ? sql`for update` : sql``}`);
  return new Map(found.map(p => [Number(p.id), {
    ...p, id: Number(p.id), warehouse_id: p.warehouse_id == null ? null : Number(p.warehouse_id),
    position_id: p.position_id == null ? null : Number(p.position_id),
  }]));
}

/** A package goods may go into or come out of: live, open. */
function assertOpen(p: PackageRow | undefined, field: string): void {
  if (!p || p.canceled) throw new ApiError(422, 'pack_no_package', {}, { [field]: { key: 'pack_no_package' } });
  if (p.status === 'shipped') throw new ApiError(409, 'package_shipped', { package: p.show_id }, { [field]: { key: 'package_shipped' } });
  if (p.status !== 'open') throw new ApiError(409, 'package_closed', { package: p.show_id }, { [field]: { key: 'package_closed' } });
}

/** A package goods go into here: a store of its stage, and the package empty or already in this warehouse. */
async function assertPackedHere(tx: Db, p: PackageRow, warehouseId: number, field: string): Promise<void> {
  const found = await rows<{ id: number; kind: string | null; name: string | null }>(tx, sql`
    select id, kind, name from warehouses where id = any(${sql.param([...new Set([warehouseId, p.warehouse_id ?? warehouseId])])}::int[])`);
  const here = found.find(w => Number(w.id) === warehouseId);
  if (here && here.kind !== p.stage) {
    const key = p.stage === 'semi' ? 'package_stage_semi' : 'package_stage_finished';
    throw new ApiError(422, key, { package: p.show_id }, { [field]: { key } });
  }
  if (p.warehouse_id !== null && p.warehouse_id !== warehouseId) {
    const there = found.find(w => Number(w.id) === p.warehouse_id);
    throw new ApiError(422, 'package_elsewhere', { package: p.show_id, warehouse: there?.name ?? `#${p.warehouse_id}` },
      { [field]: { key: 'package_elsewhere' } });
  }
}

/** A packing document's header: its package, when it names one, is open and may be packed in its warehouse. */
export async function assertPackHead(tx: Db, doc: RowData): Promise<void> {
  if (doc.package_id == null) return;
  const p = (await packagesById(tx, [doc.package_id as number], false)).get(doc.package_id as number);
  assertOpen(p, 'package_id');
  await assertPackedHere(tx, p!, doc.warehouse_id as number, 'package_id');
}

/** One packing line of a write. */
export interface PackLine {
  index: number;
  doc: RowData;
  /** The values being written (changed in place: the destination package and location when defaulted). */
  values: RowData;
  merged: RowData;
}

/** The packing lines of one write: their destination defaulted, their packages open and packed where they may be. */
export async function preparePackLines(tx: Db, lines: readonly PackLine[], rowError: RowError): Promise<void> {
  if (lines.length === 0) return;
  for (const l of lines) {
    const from = (l.merged.package_id ?? null) as number | null;
    const to = (l.merged.to_package_id ?? null) as number | null;
    if (from === null && to === null) {
      if (l.doc.package_id == null) throw rowError(l.index, new ApiError(422, 'pack_no_package', {}, { to_package_id: { key: 'pack_no_package' } }));
      l.values.to_package_id = l.doc.package_id;
      l.merged.to_package_id = l.doc.package_id;
    }
  }
  const packages = await packagesById(tx, lines.flatMap(l => [l.merged.package_id as number | null, l.merged.to_package_id as number | null]), false);
  // Where each destination lies: its location, else (an empty package) where the first lot packed into it here lies.
  const lies = new Map<number, number | null>();
  for (const l of lines) {
    try {
      if (l.merged.package_id != null) assertOpen(packages.get(l.merged.package_id as number), 'package_id');
      if (l.merged.to_package_id == null) continue;
      const to = packages.get(l.merged.to_package_id as number);
      assertOpen(to, 'to_package_id');
      await assertPackedHere(tx, to!, l.doc.warehouse_id as number, 'to_package_id');
      if (!lies.has(to!.id)) lies.set(to!.id, to!.position_id ?? ((l.merged.to_position_id ?? l.merged.position_id ?? null) as number | null));
      const where = lies.get(to!.id)!;
      if (where !== null && l.merged.to_position_id == null && where !== l.merged.position_id) l.values.to_position_id = where;
    } catch (e) {
      throw rowError(l.index, e);
    }
  }
}

/**
 * At posting: the packages the lines take from or put into, locked in id order, still open, and each destination
 * still packable in the document's warehouse (a package packed elsewhere meanwhile is refused).
 */
export async function assertPackingAllowed(tx: Db, doc: RowData, lines: readonly { id: number; package_id: number | null; to_package_id: number | null }[]): Promise<void> {
  const packages = await packagesById(tx, lines.flatMap(l => [l.package_id, l.to_package_id]), true);
  for (const l of lines) {
    try {
      if (l.package_id !== null) assertOpen(packages.get(l.package_id), 'package_id');
      if (l.to_package_id !== null) {
        assertOpen(packages.get(l.to_package_id), 'to_package_id');
        await assertPackedHere(tx, packages.get(l.to_package_id)!, doc.warehouse_id as number, 'to_package_id');
      }
    } catch (e) {
      if (e instanceof ApiError) throw new ApiError(e.status, e.key, e.params, {}, { line_id: l.id });
      throw e;
    }
  }
}

/** The cancel of a packing: every package its movements touched, locked, still open (its lots come back out). */
export async function assertPackingCancelable(tx: Db, docId: number): Promise<void> {
  const ids = (await rows<{ package_id: number }>(tx, sql`
    select distinct package_id from itemlogs where doc_id = ${docId} and package_id is not null`)).map(r => Number(r.package_id));
  const packages = await packagesById(tx, ids, true);
  for (const id of ids) assertOpen(packages.get(id), 'package_id');
}
