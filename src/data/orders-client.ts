import type { GenerateParams, GenerateReply } from '../domain/contract/cards';
import type {
  OrderDetailsCountReply, SaveWithLinesParams, SaveWithLinesReply, TransitionReply,
} from '../domain/contract/orders';
import type { OrderStatus } from '../domain/rules/order-status';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiGet, apiPost } from './http';

/**
 * The special calls of orders (docs/production.md, contract src/domain/contract/orders.ts) and the card generation
 * an order line starts. The generic calls of orders and lines (detail, list, history, cancel) are their resource
 * clients'. Screens never build these URLs.
 *
 * Rules:
 * - A create through `saveWithLines` and every card generation carry an `Idempotency-Key` (decision 53): the caller
 *   keeps one key per intended write, so a second click or a retry after a lost reply is answered once.
 * - Replies are checked for the fields the screens rely on; anything else means the address is not our server.
 */
export interface WriteOptions {
  signal?: AbortSignal;
  /** The request id of a create (one per order being created, per generation asked). */
  idempotencyKey?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function badReply(): ApiError {
  return new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
}

const idempotency = (key: string | undefined) => (key ? { 'Idempotency-Key': key } : undefined);

/**
 * `POST /orders/orders/save_with_lines/`: the order and its lines in one transaction. An update names the order's
 * `id` and `version` in `item`; the key is sent only for a create (an update is repeatable by its version).
 */
export async function saveWithLines(params: SaveWithLinesParams, o: WriteOptions = {}): Promise<SaveWithLinesReply> {
  const creating = params.item.id === undefined || params.item.id === null;
  const r = await apiPost<SaveWithLinesReply>('/orders/orders/save_with_lines/', params,
    { signal: o.signal, headers: creating ? idempotency(o.idempotencyKey) : undefined });
  if (!isRecord(r) || typeof r.id !== 'number' || !isRecord(r.dt) || !Array.isArray(r.lines)) throw badReply();
  return r;
}

/** `POST /orders/orders/transition/`: moves the order at `version` to `to`. */
export async function transition(params: { id: number; version: number; to: OrderStatus }, o: { signal?: AbortSignal } = {}): Promise<TransitionReply> {
  const r = await apiPost<TransitionReply>('/orders/orders/transition/', params, { signal: o.signal });
  if (!isRecord(r) || typeof r.version !== 'number' || !isRecord(r.dt)) throw badReply();
  return r;
}

/** `GET /orders/orders/fast/?action=order_details_count`: live lines per order status, open and pre-production work. */
export async function orderDetailsCount(o: { signal?: AbortSignal } = {}): Promise<OrderDetailsCountReply> {
  const r = await apiGet<OrderDetailsCountReply>('/orders/orders/fast/', { action: 'order_details_count' }, { signal: o.signal });
  if (!isRecord(r) || !Array.isArray(r.dt)) throw badReply();
  return r;
}

/**
 * `POST /orders/cards/generate/`: cards from one order line, by count or by card size (the last card takes the
 * remainder); moves a confirmed order to producing.
 */
export async function generateCards(params: GenerateParams, o: WriteOptions = {}): Promise<GenerateReply> {
  const r = await apiPost<GenerateReply>('/orders/cards/generate/', params,
    { signal: o.signal, headers: idempotency(o.idempotencyKey) });
  if (!isRecord(r) || !Array.isArray(r.dt)) throw badReply();
  return r;
}
