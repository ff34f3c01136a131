import type { GenerateParams, GenerateReply, PerNodeRow, SplitReply } from '../domain/contract/cards';
import { cardsPerNode, generateCards, splitCard } from '../domain/contract/endpoints/orders';
import type { CardNodeStatus } from '../domain/rules/card-status';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The special calls of process cards (docs/production.md "Cards", declared in src/domain/contract/endpoints/orders.ts). The
 * generic reads (list, detail, history) go through `resourceClient(cards)`; the cards list's own parameters are
 * built by `cardListParams` below so no screen spells them.
 */

/**
 * Cards from an order line, by `count` or by `size`. The key makes a repeat (a double click, a retry after a lost
 * reply) answer the first generation instead of making the cards twice; one key per generation the user asks for.
 */
function generate(p: GenerateParams, o: CallOptions & { idempotencyKey: string }): Promise<GenerateReply> {
  return callEndpoint(generateCards, p, { signal: o.signal, idempotencyKey: o.idempotencyKey });
}

/**
 * A new card of `quantity` from card `id` at `version`; the card keeps the rest. A stale version is refused (409 with
 * `version`, `updated_by_name`, `updated_at`), as any save's.
 */
function split(p: { id: number; version: number; quantity: number }, o: CallOptions = {}): Promise<SplitReply> {
  return callEndpoint(splitCard, { id: p.id, version: p.version, quantity: p.quantity }, { signal: o.signal });
}

export interface PerNodeFilter {
  order_id?: number | null;
  customer_id?: number | null;
  saler_id?: number | null;
  item_id?: number | null;
}

/** The live cards' nodes per work node and status; an unset filter is left out. */
async function perNode(f: PerNodeFilter = {}, o: CallOptions = {}): Promise<PerNodeRow[]> {
  const params: Record<string, number> = {};
  for (const k of ['order_id', 'customer_id', 'saler_id', 'item_id'] as const) {
    const v = f[k];
    if (typeof v === 'number') params[k] = v;
  }
  return (await callEndpoint(cardsPerNode, params, { signal: o.signal })).dt;
}

export const cardsClient = { generate, split, perNode };

/**
 * What the cards list may be narrowed to besides the grid's own sort, column filters and keyword (spec §7
 * `/orders/cards/list/`: `notfinished`, `finished`, `quote_id`, `show_id`; docs/production.md).
 * - `progress`: `notfinished=1` or `finished=1` (never both).
 * - `quote_id`: the order line (`detail_id`); `show_id`: a card-number prefix.
 * - `order_id`, `item_id`: fields of the card, filtered by equality like any field.
 * - `customer_id`, `saler_id`: through the card's order; `node_id` with `node_status`: cards whose node at that work
 *   node is in that status (what a cell of the cards-per-node table counts). These four are parameters of the
 *   cards list of their own, read by the server's cards behaviour.
 */
export interface CardListFilter extends PerNodeFilter {
  progress?: 'notfinished' | 'finished' | null;
  quote_id?: number | null;
  show_id?: string | null;
  node_id?: number | null;
  node_status?: CardNodeStatus | null;
}

/** The list parameters of a filter (`ListQuery.extra`); unset parts are left out. */
export function cardListParams(f: CardListFilter): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.progress === 'notfinished') out.notfinished = 1;
  if (f.progress === 'finished') out.finished = 1;
  for (const k of ['quote_id', 'order_id', 'item_id', 'customer_id', 'saler_id'] as const) {
    const v = f[k];
    if (typeof v === 'number') out[k] = v;
  }
  const prefix = f.show_id?.trim();
  if (prefix) out.show_id = prefix;
  if (typeof f.node_id === 'number') {
    out.node_id = f.node_id;
    if (f.node_status) out.node_status = f.node_status;
  }
  return out;
}
