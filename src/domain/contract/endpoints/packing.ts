import { cards } from '../../resources/orders/cards';
import { packages } from '../../resources/warehouse/packages';
import { stockdocs } from '../../resources/warehouse/stockdocs';
import { endpoint, hasArray, isRecord } from '../endpoint';
import { listParamsSchema } from '../list';
import {
  checkinCardParamsSchema, checkinSaveParamsSchema, closePackageParamsSchema, packParamsSchema, type CheckinCardReply,
  type ClosePackageReply, type PackReply, type StockDocPostedReply,
} from '../packing';
import type { ListReply } from '../replies';
import type { ListRow } from '../rows';

/**
 * The special calls of finished goods in and packing (docs/delivery.md "Check-in" and "Packing"; schemas in
 * ../packing.ts).
 */

/** A card by its number with its good and checked-in quantities: the check-in screen's answer to a scanned label. */
export const checkinCard = endpoint<CheckinCardReply>()({
  method: 'GET', path: '/warehouses/checkin2/card/', params: checkinCardParamsSchema,
  access: { resource: cards, op: 'view' }, looksRight: r => isRecord(r) && isRecord(r.dt),
});

/** A check-in of scanned cards, written and posted at once; whoever may post stock documents. */
export const saveCheckin = endpoint<StockDocPostedReply>()({
  method: 'POST', path: '/warehouses/checkin2/save/', params: checkinSaveParamsSchema,
  access: { resource: stockdocs, action: 'post' }, idempotent: 'create',
  looksRight: r => isRecord(r) && typeof r.id === 'number' && typeof r.movements === 'number',
});

/** Lots into a package (or out of it), written and posted at once; whoever may post stock documents. */
export const packLots = endpoint<PackReply>()({
  method: 'POST', path: '/warehouses/packings/pack/', params: packParamsSchema,
  access: { resource: stockdocs, action: 'post' }, idempotent: 'create',
  looksRight: r => isRecord(r) && typeof r.id === 'number' && isRecord(r.package),
});

/** Seals a package (or opens a sealed one again): the `close` action of packages. */
export const closePackage = endpoint<ClosePackageReply>()({
  method: 'POST', path: '/warehouses/packages/close/', params: closePackageParamsSchema,
  access: { resource: packages, action: 'close' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && typeof r.status === 'string',
});

const packageList = (path: string) => endpoint<ListReply<ListRow<typeof packages>>>()({
  method: 'GET', path, params: listParamsSchema(packages), access: { resource: packages, op: 'read' }, looksRight: hasArray('dt'),
});

/**
 * The lists spec §7 names (the generic list of their resource with a fixed filter, paged and filtered like it): the
 * finished packages, the semi-finished pre-packages, the packing records (stock documents of kind `pack`) and the
 * receipt or issue notes (`type=in|out`: posted documents that take goods in or out).
 */
export const packingsList = packageList('/warehouses/packings/list/');
export const prepackingsList = packageList('/warehouses/prepackings/list/');
export const packingRecordsList = endpoint<ListReply<ListRow<typeof stockdocs>>>()({
  method: 'GET', path: '/warehouses/packingpres/list/', params: listParamsSchema(stockdocs), access: { resource: stockdocs, op: 'read' },
  looksRight: hasArray('dt'),
});
export const stockNotesList = endpoint<ListReply<ListRow<typeof stockdocs>>>()({
  method: 'GET', path: '/warehouses/pages/', params: listParamsSchema(stockdocs), access: { resource: stockdocs, op: 'read' },
  looksRight: hasArray('dt'),
});
