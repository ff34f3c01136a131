import { sql } from 'drizzle-orm';
import type { AcceptRequestParams, RefuseRequestParams } from '../../../src/domain/contract/delivery';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { deliverylines } from '../../../src/domain/resources/delivery/deliverylines';
import { deliveryrequestlines } from '../../../src/domain/resources/delivery/deliveryrequestlines';
import { deliveryrequests } from '../../../src/domain/resources/delivery/deliveryrequests';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { assertCreate } from '../../auth/permissions';
import { assertOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { validateMany } from '../../resources/validate';
import { createMany, insertValidated } from '../../resources/write-many';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { assertRequestOpen } from './behaviours/deliveryrequests';

/** The request locked at the version the caller saw, the caller's, still requested. */
async function openRequest(tx: Db, auth: Auth, id: number, version: number): Promise<RowData> {
  const request = await rowById(tx, deliveryrequests, id, true);
  if (!request) throw notFound();
  await assertOwnRow(tx, auth, deliveryrequests, request);
  if (request.version !== version) throw await staleVersion(tx, request);
  assertRequestOpen(request);
  return request;
}

/**
 * Accepts a request (`POST /deliveryrequests/accept/`, docs/delivery.md "Requests"), in one transaction:
 * 1. the request at its version, requested; every line named is a live line of it, named once, accepted between 0
 *    and its quantity; at least one accepts something (lines not named accept 0);
 * 2. the request `accepted` first, so its lines no longer hold their order lines and the note's lines may take them;
 * 3. a draft delivery note from `warehouse_id` for the request's customer, salesperson, date, address, consignee and
 *    phone, its `request_id` the request, with one line per line accepted (its quantity what was accepted) written
 *    through the note lines' rules (what is left to deliver is checked again there);
 * 4. each request line's `accepted_quantity`; the request's `delivery_id`;
 * 5. what lines leave (requested − accepted) as a new request split from this one (`split_from_id`), requested, with
 *    the same header and one line per remainder.
 * The caller needs `accept` on requests (the endpoint's access) and `create` on delivery notes.
 */
export async function acceptRequest(tx: Db, auth: Auth, p: AcceptRequestParams): Promise<{ request: RowData; deliveryId: number; splitId: number | null }> {
  assertCreate(auth, deliveries);
  const request = await openRequest(tx, auth, p.id, p.version);
  const lines = await rows<RowData>(tx, sql`select * from deliveryrequestlines where request_id = ${p.id} and not canceled
    order by id for update`);
  if (lines.length === 0) throw new ApiError(422, 'delivery_accept_empty');
  const byId = new Map(lines.map(l => [Number(l.id), l]));
  const accepted = new Map<number, number>();
  for (const a of p.lines) {
    const line = byId.get(a.id);
    if (!line || accepted.has(a.id)) throw new ApiError(422, 'delivery_accept_line_unknown', { line: line ? String(line.code) : `#${a.id}` });
    const q = units(a.quantity);
    if (q > units(line.quantity)) {
      throw new ApiError(422, 'delivery_accept_quantity', { line: String(line.code), max: fromUnits(units(line.quantity)) });
    }
    accepted.set(a.id, q);
  }
  if (![...accepted.values()].some(q => q > 0)) throw new ApiError(422, 'delivery_accept_nothing');

  const marked = await systemUpdate(tx, deliveryrequests, request, { status: 'accepted' }, auth);
  const header = {
    customer_id: request.customer_id, saler_id: request.saler_id ?? null, warehouse_id: p.warehouse_id, date: request.date ?? null,
    address: request.address ?? null, contact: request.contact ?? null, phone: request.phone ?? null, remark: request.remark ?? null,
  };
  const [noteValues] = await validateMany(tx, deliveries, [header], 'create');
  const [note] = await insertValidated(tx, deliveries, [{ ...noteValues, request_id: p.id }], auth);
  const deliveryId = Number(note!.id);
  const taken = lines.filter(l => (accepted.get(Number(l.id)) ?? 0) > 0);
  await createMany(tx, deliverylines, taken.map(l => ({
    delivery_id: deliveryId, detail_id: l.detail_id, quantity: fromUnits(accepted.get(Number(l.id))!), remark: l.remark ?? null,
  })), auth);

  for (const l of lines) {
    await systemUpdate(tx, deliveryrequestlines, l, { accepted_quantity: fromUnits(accepted.get(Number(l.id)) ?? 0) }, auth);
  }
  const done = await systemUpdate(tx, deliveryrequests, marked, { delivery_id: deliveryId }, auth);

  const rest = lines.map(l => ({ line: l, q: units(l.quantity) - (accepted.get(Number(l.id)) ?? 0) })).filter(r => r.q > 0);
  let splitId: number | null = null;
  if (rest.length > 0) {
    const [splitValues] = await validateMany(tx, deliveryrequests, [{
      customer_id: request.customer_id, saler_id: request.saler_id ?? null, order_id: request.order_id ?? null, date: request.date ?? null,
      address: request.address ?? null, contact: request.contact ?? null, phone: request.phone ?? null, remark: request.remark ?? null,
    }], 'create');
    const [split] = await insertValidated(tx, deliveryrequests, [{ ...splitValues, split_from_id: p.id }], auth);
    splitId = Number(split!.id);
    await createMany(tx, deliveryrequestlines, rest.map(r => ({
      request_id: splitId, detail_id: r.line.detail_id, quantity: fromUnits(r.q), remark: r.line.remark ?? null,
    })), auth);
  }
  return { request: done, deliveryId, splitId };
}

/** Refuses a request with the shipping office's reply (`POST /deliveryrequests/refuse/`): it holds nothing any more. */
export async function refuseRequest(tx: Db, auth: Auth, p: RefuseRequestParams): Promise<RowData> {
  const request = await openRequest(tx, auth, p.id, p.version);
  return systemUpdate(tx, deliveryrequests, request, { status: 'refused', reply: p.reply.trim() }, auth);
}
