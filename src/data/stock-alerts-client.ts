import { stockExcesses, stockShortages } from '../domain/contract/endpoints/stock';
import type { StockAlertParams, StockExcessReply, StockShortReply } from '../domain/contract/stock';
import { stocklimits } from '../domain/resources/warehouse/stocklimits';
import { callEndpoint } from './endpoint-call';
import { queryKeys } from './query-keys';
import type { CallOptions } from './resource-client';

/** The stock alert lists (contract src/domain/contract/stock.ts, docs/stock.md "Alerts"). */
export const stockAlertsClient = {
  /** `/inventory/warn`: items below their minimum, with the open demand. */
  shortages(p: StockAlertParams, o: CallOptions = {}): Promise<StockShortReply> {
    return callEndpoint(stockShortages, p, { signal: o.signal });
  },
  /** `/inventory/warn1`: items over their maximum or idle. */
  excesses(p: StockAlertParams, o: CallOptions = {}): Promise<StockExcessReply> {
    return callEndpoint(stockExcesses, p, { signal: o.signal });
  },
};

/**
 * The query keys of both lists, with their filters: under the stock limits' key, so a save of a limit refreshes them
 * (`queryKeys.all(stocklimits.api)`).
 */
export const stockAlertsKey = (kind: 'short' | 'excess', p: StockAlertParams) =>
  [...queryKeys.all(stocklimits.api), 'alerts', kind, p] as const;
