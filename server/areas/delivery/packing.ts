import { sql } from 'drizzle-orm';
import type { ClosePackageParams, ClosePackageReply, PackParams, PackReply } from '../../../src/domain/contract/packing';
import { packages } from '../../../src/domain/resources/warehouse/packages';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import { stocklines } from '../../../src/domain/resources/warehouse/stocklines';
import { assertCreate } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import { createMany } from '../../resources/write-many';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { postDoc } from '../stock/post';
import { lineError } from './checkin';

/**
 * The packing screens' calls (docs/delivery.md "Packing", decisions 197 and 198): lots into a package (or out of it)
 * as one packing document written and posted at once, and the close (seal) or reopening of a package.
 */

interface Place {
  id: number; item_id: number; warehouse_id: number; position_id: number | null; status_id: number | null; lot: string;
  card_id: number | null; package_id: number | null; quantity: number;
}

/**
 * Packs the chosen places of stock into a package: a `pack` document of the warehouse naming the package, one line per
 * place — all of it unless a quantity is given — that goes into the package, or comes out of it when the place is
 * already in it; written through the generic writes (packing-rules.ts: the package open, of the store's stage, here)
 * and posted (the packages locked and checked again; the package's contents refreshed by the posting), all in the
 * caller's transaction. A place that does not exist, holds nothing or lies in another warehouse is refused
 * (422 `pack_place_unknown`, naming the line).
 */
export async function packLots(tx: Db, auth: Auth, p: PackParams): Promise<PackReply> {
  assertCreate(auth, stockdocs);
  assertCreate(auth, stocklines);
  const ids = [...new Set(p.lines.map(l => l.place_id))];
  const places = new Map((await rows<Place>(tx, sql`
    select id, item_id, warehouse_id, position_id, status_id, lot, card_id, package_id, quantity::float8 as quantity
    from stocklots where id = any(${sql.param(ids)}::int[])`)).map(r => [Number(r.id), r]));
  const lines = p.lines.map((l, i) => {
    const at = places.get(l.place_id);
    if (!at || Number(at.warehouse_id) !== p.warehouse_id || Number(at.quantity) <= 0) {
      throw lineError(i, new ApiError(422, 'pack_place_unknown', {}, { place_id: { key: 'pack_place_unknown' } }));
    }
    const from = at.package_id == null ? null : Number(at.package_id);
    return {
      item_id: at.item_id, position_id: at.position_id, status_id: at.status_id, lot: at.lot, card_id: at.card_id,
      package_id: from, to_package_id: from === p.package_id ? null : p.package_id, quantity: l.quantity ?? Number(at.quantity),
    };
  });
  const [doc] = await createMany(tx, stockdocs, [{
    kind: 'pack', warehouse_id: p.warehouse_id, package_id: p.package_id, remark: p.remark ?? null,
  }], auth);
  const docId = Number(doc!.id);
  await createMany(tx, stocklines, lines.map(l => ({ doc_id: docId, ...l })), auth, lineError);
  const draft = (await rowById(tx, stockdocs, docId))!;
  const { doc: posted, movements } = await postDoc(tx, auth, docId, Number(draft.version));
  const pkg = (await rowById(tx, packages, p.package_id))!;
  return {
    msg: 'OK', id: docId, show_id: String(posted.show_id), version: Number(posted.version), movements,
    package: { id: p.package_id, version: Number(pkg.version), quantity: Number(pkg.quantity), lots: Number(pkg.lots), status: String(pkg.status) },
  };
}

/**
 * Seals an open package (refused empty: 409 `package_empty`) or, with `open`, opens a sealed one again (a shipped
 * one never: 409 `package_shipped`), at the version the caller saw; a package already so is left as it is. The row is
 * locked, so a close and a packing of the same package queue (the packing then finds it sealed and is refused).
 */
export async function closePackage(tx: Db, auth: Auth, p: ClosePackageParams): Promise<ClosePackageReply> {
  const before = await rowById(tx, packages, p.id, true);
  if (!before || before.canceled) throw notFound();
  if (before.version !== p.version) throw await staleVersion(tx, before);
  const show = String(before.show_id);
  if (before.status === 'shipped') throw new ApiError(409, 'package_shipped', { package: show });
  const to = p.open ? 'open' : 'closed';
  if (before.status === to) return { msg: 'OK', id: p.id, version: Number(before.version), status: to };
  if (to === 'closed' && Number(before.quantity ?? 0) <= 0) throw new ApiError(409, 'package_empty', { package: show });
  const after = await systemUpdate(tx, packages, before, { status: to }, auth);
  return { msg: 'OK', id: p.id, version: Number(after.version), status: to };
}
