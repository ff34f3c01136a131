import { finishedCards, trace } from '../domain/contract/endpoints/trace';
import type { FinishedCardsParams, FinishedCardsReply, TraceReply } from '../domain/contract/trace';
import type { TraceStart } from '../domain/rules/trace';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * Traceability and the finished-goods stock by card (contract src/domain/contract/trace.ts, docs/delivery.md). Both
 * are reads the app keeps in its offline copy (the persisted query cache): a trace opened once reads offline.
 */
export const traceClient = {
  /** The trace of one start (a delivery line, a delivery, a package, a card, an order line or a lot). */
  trace(start: TraceStart, o: CallOptions = {}): Promise<TraceReply> {
    const p = start.kind === 'lot' ? { kind: start.kind, lot: start.lot, ...(start.item_id ? { item_id: start.item_id } : {}) }
      : 'id' in start ? { kind: start.kind, id: start.id } : { kind: start.kind, code: start.code };
    return callEndpoint(trace, p, { signal: o.signal });
  },
  /** A page of the finished stock by card (`/warehouses/cards`). */
  finishedCards(p: FinishedCardsParams, o: CallOptions = {}): Promise<FinishedCardsReply> {
    return callEndpoint(finishedCards, p, { signal: o.signal });
  },
};

export const traceKeys = {
  trace: (start: TraceStart) => ['trace', start] as const,
  finishedCards: (p: FinishedCardsParams) => ['finished-cards', p] as const,
};
