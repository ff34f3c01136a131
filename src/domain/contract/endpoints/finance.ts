import { bills } from '../../resources/finance/bills';
import { finperiods } from '../../resources/finance/finperiods';
import { endpoint, hasArray, isRecord } from '../endpoint';
import { closeMonthParamsSchema, type CloseMonthReply } from '../closed-months';
import {
  billQueryParamsSchema, buildBillParamsSchema, confirmBillParamsSchema, reconcileParamsSchema, type BillQueryReply,
  type BuildBillReply, type ConfirmBillReply, type ReconcileReply,
} from '../finance';

/** The special calls of finance (docs/finance.md; schemas in ../finance.ts). */

const saved = (r: unknown) => isRecord(r) && typeof r.id === 'number' && typeof r.version === 'number';

/** The reconciliation: delivery lines of a period, priced then and now, billed or not (spec §7 `/payments/listbill/`). */
export const listBill = endpoint<ReconcileReply>()({
  method: 'GET', path: '/payments/listbill/', params: reconcileParamsSchema, offline: 'read',
  access: { resource: bills, op: 'view' }, looksRight: hasArray('dt'),
});

/** The same for the lines shipped as packages (spec §7 `/warehouses/deliverypackings/list/`). */
export const deliveryPackings = endpoint<ReconcileReply>()({
  method: 'GET', path: '/warehouses/deliverypackings/list/', params: reconcileParamsSchema, offline: 'read',
  access: { resource: bills, op: 'view' }, looksRight: hasArray('dt'),
});

/** A draft bill of a customer's unbilled delivery lines of a period; each line billed once, however builds race. */
export const buildBill = endpoint<BuildBillReply>()({
  method: 'POST', path: '/payments/bills/build/', params: buildBillParamsSchema,
  access: { resource: bills, action: 'build' }, looksRight: saved,
});

/** A draft bill confirmed: from now on it is owed. */
export const confirmBill = endpoint<ConfirmBillReply>()({
  method: 'POST', path: '/payments/bills/confirm/', params: confirmBillParamsSchema,
  access: { resource: bills, action: 'confirm' }, looksRight: saved,
});

/** A finance month closed or reopened, under its lock. */
export const closeFinancePeriod = endpoint<CloseMonthReply>()({
  method: 'POST', path: '/payments/close_period/', params: closeMonthParamsSchema,
  access: { resource: finperiods, op: 'read', action: 'close' }, looksRight: r => isRecord(r) && typeof r.closed === 'boolean',
});

/** The public bill query: a bill by its number and check code, for its customer without a login; 404 when not found. */
export const queryBill = endpoint<BillQueryReply>()({
  method: 'GET', path: '/payments/bills/query/', params: billQueryParamsSchema, access: 'public',
  looksRight: r => isRecord(r) && isRecord(r.dt) && Array.isArray(r.dt.lines),
});
