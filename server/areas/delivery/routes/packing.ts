import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkinCard, closePackage, packingRecordsList, packingsList, packLots, prepackingsList, saveCheckin, stockNotesList,
} from '../../../../src/domain/contract/endpoints/packing';
import { listReplyJsonSchema } from '../../../../src/domain/contract/json-schema';
import type { CheckedFilter, ListParams } from '../../../../src/domain/contract/list';
import { STOCK_NOTE_KINDS, STOCK_NOTE_TYPES, type StockNoteType } from '../../../../src/domain/contract/packing';
import type { ListReply } from '../../../../src/domain/contract/replies';
import type { ListRow } from '../../../../src/domain/contract/rows';
import type { ResourceDef } from '../../../../src/domain/registry/resource';
import { packages } from '../../../../src/domain/resources/warehouse/packages';
import { stockdocs } from '../../../../src/domain/resources/warehouse/stockdocs';
import { idempotent } from '../../../auth/idempotency';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { badRequest } from '../../../lib/api-error';
import { readList } from '../../../resources/read-access';
import { checkinCardOf, saveCheckin as writeCheckin } from '../checkin';
import { closePackage as sealPackage, packLots as writePacking } from '../packing';

/**
 * The special calls of finished goods in and packing (docs/delivery.md "Check-in" and "Packing"; contract
 * src/domain/contract/endpoints/packing.ts). Writes that create run in one transaction (within the key's, when the
 * caller sent an `Idempotency-Key`: a repeat is answered with the first reply).
 */
export default async function packingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, checkinCard, async (p, req) => ({ msg: 'OK', dt: await checkinCardOf(db, authOf(req), p.code) }));

  route(app, saveCheckin, async (p, req) => {
    const auth = authOf(req);
    return idempotent(db, req, auth, saveCheckin.path, p, async tx => tx.transaction(async t => ({ ...await writeCheckin(t, auth, p) })));
  });

  route(app, packLots, async (p, req) => {
    const auth = authOf(req);
    return idempotent(db, req, auth, packLots.path, p, async tx => tx.transaction(async t => ({ ...await writePacking(t, auth, p) })));
  });

  route(app, closePackage, async (p, req) => db.transaction(tx => sealPackage(tx, authOf(req), p)));

  // The spec's lists (§7): the generic list of the resource, its own filters, sort and paging, with a fixed filter.
  const fixedList = <R extends ResourceDef>(res: R, fixed: (p: ListParams) => CheckedFilter[]) =>
    async (p: ListParams, req: FastifyRequest): Promise<ListReply<ListRow<R>>> => {
      const result = await readList(db, authOf(req), res, { ...p, filter: [...p.filter, ...fixed(p)] });
      // The rows are written by the reply's JSON Schema, from the same declaration (as the generic list's are).
      return { msg: 'OK', ...result, dt: result.dt.map(r => r as ListRow<R>), token: p.token, token1: p.token1, token2: p.token2 };
    };
  const packageReply = { schema: { response: { 200: listReplyJsonSchema(packages) } } };
  const docReply = { schema: { response: { 200: listReplyJsonSchema(stockdocs) } } };
  route(app, packingsList, fixedList(packages, () => [{ field: 'stage', op: 'eq', value: 'finished' }]), packageReply);
  route(app, prepackingsList, fixedList(packages, () => [{ field: 'stage', op: 'eq', value: 'semi' }]), packageReply);
  route(app, packingRecordsList, fixedList(stockdocs, () => [{ field: 'kind', op: 'eq', value: 'pack' }]), docReply);
  // `type=in` (default): receipt notes; `type=out`: issue notes — posted documents of the kinds each prints.
  route(app, stockNotesList, fixedList(stockdocs, p => {
    const type = p.raw.type ?? 'in';
    if (typeof type !== 'string' || !(STOCK_NOTE_TYPES as readonly string[]).includes(type)) throw badRequest();
    return [{ field: 'kind', op: 'in', value: [...STOCK_NOTE_KINDS[type as StockNoteType]] }, { field: 'status', op: 'eq', value: 'posted' }];
  }), docReply);
}
