import type { ParamsOf } from '../domain/contract/endpoint';
import { checkinCard, closePackage, packLots, saveCheckin } from '../domain/contract/endpoints/packing';
import type {
  CheckinCard, CheckinSaveParams, ClosePackageReply, PackParams, PackReply, StockDocPostedReply,
} from '../domain/contract/packing';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The special calls of finished goods in and packing (docs/delivery.md "Check-in" and "Packing"), for the check-in and
 * packing screens. Packages themselves, their places and the packing documents are read and written through their
 * resource clients; printing through the prints client.
 */

/** `GET /warehouses/checkin2/card/`: a scanned card with its good, checked-in and left quantities. */
async function card(code: string, o: CallOptions = {}): Promise<CheckinCard> {
  return (await callEndpoint(checkinCard, { code }, { signal: o.signal, quietNotFound: true })).dt;
}

/** The parameters with their lines typed (a JSON field on the wire). */
export type CheckinInput = ParamsOf<typeof saveCheckin> & Pick<CheckinSaveParams, 'lines'>;
export type PackInput = ParamsOf<typeof packLots> & Pick<PackParams, 'lines'>;

/** `POST /warehouses/checkin2/save/`: the scanned cards checked in and posted at once; one key per intended check-in. */
function checkin(params: CheckinInput, idempotencyKey: string,
  o: CallOptions = {}): Promise<StockDocPostedReply> {
  return callEndpoint(saveCheckin, params, { signal: o.signal, idempotencyKey, silent: true });
}

/** `POST /warehouses/packings/pack/`: places into a package (or out of it), posted at once; one key per intended packing. */
function pack(params: PackInput, idempotencyKey: string,
  o: CallOptions = {}): Promise<PackReply> {
  return callEndpoint(packLots, params, { signal: o.signal, idempotencyKey, silent: true });
}

/** `POST /warehouses/packages/close/`: seals a package at its version, or (`open`) opens a sealed one again. */
function close(id: number, version: number, open = false, o: CallOptions = {}): Promise<ClosePackageReply> {
  return callEndpoint(closePackage, { id, version, open }, { signal: o.signal, silent: true });
}

export const packingClient = { card, checkin, pack, close };
