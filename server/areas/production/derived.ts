import { inArray, sql } from 'drizzle-orm';
import { deriveCard, type DerivedCard, type NodeState } from '../../../src/domain/rules/card-status';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { cards } from '../../../src/domain/resources/orders/cards';
import type { Db } from '../../db/connection';
import { rows } from '../../db/connection';
import { updateRows } from '../../db/bulk-write';
import { tableOf } from '../../db/tables';
import { column } from '../../db/columns';
import { setDerived } from '../../resources/write-primitives';

/**
 * The values of production rows that are derived from other rows, kept by the server inside the writing transaction
 * (docs/production.md). Each is written with `setDerived`: a new change number, no new version, no history.
 *
 * - An order's `quantity` and `amount` are the sums of its live lines (in SQL: numeric sums are exact).
 * - A line's `card_quantity` is what its live cards hold; its `finished_quantity` what its finished live cards made.
 * - A card's `status`, `worknode_id`, `finished_quantity` and `bad_quantity` come from its live nodes (deriveCard).
 */

export async function refreshOrderSums(tx: Db, orderIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update orders o set quantity = s.q, amount = s.a, rev = next_rev()
    from (select o2.id,
                 coalesce(sum(d.quantity) filter (where not d.canceled), 0) as q,
                 coalesce(sum(d.amount) filter (where not d.canceled), 0) as a
          from orders o2 left join details d on d.order_id = o2.id
          where o2.id in ${ids} group by o2.id) s
    where o.id = s.id and (o.quantity is distinct from s.q or o.amount is distinct from s.a)`);
}

export async function refreshLineCardSums(tx: Db, detailIds: readonly number[]): Promise<void> {
  const ids = [...new Set(detailIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update details d set card_quantity = s.cq, finished_quantity = s.fq, rev = next_rev()
    from (select d2.id,
                 coalesce(sum(c.quantity) filter (where not c.canceled), 0) as cq,
                 coalesce(sum(c.finished_quantity) filter (where not c.canceled and c.status = 'done'), 0) as fq
          from details d2 left join cards c on c.detail_id = d2.id
          where d2.id in ${ids} group by d2.id) s
    where d.id = s.id and (d.card_quantity is distinct from s.cq or d.finished_quantity is distinct from s.fq)`);
}

/** Re-derives cards from their live nodes, then the sums of their lines. */
export async function refreshCards(tx: Db, cardIds: readonly number[]): Promise<void> {
  const ids = [...new Set(cardIds)];
  if (ids.length === 0) return;
  const n = tableOf(cardnodes);
  const nodes = await tx.select({
    card_id: column(n, 'card_id'), seq: column(n, 'seq'), worknode_id: column(n, 'worknode_id'), status: column(n, 'status'),
    good_quantity: column(n, 'good_quantity'), bad_quantity: column(n, 'bad_quantity'),
  }).from(n).where(sql`${inArray(column(n, 'card_id'), ids)} and not ${column(n, 'canceled')}`);
  const byCard = new Map<number, NodeState[]>();
  for (const r of nodes) {
    const list = byCard.get(r.card_id as number) ?? [];
    list.push({ seq: Number(r.seq ?? 0), worknode_id: r.worknode_id as number, status: r.status as NodeState['status'],
      good_quantity: r.good_quantity as number | null, bad_quantity: r.bad_quantity as number | null });
    byCard.set(r.card_id as number, list);
  }
  for (const id of ids) {
    const d = deriveCard(byCard.get(id) ?? []);
    await setDerived(tx, cards, id, {
      status: d.status, worknode_id: d.worknode_id, finished_quantity: d.finished_quantity, bad_quantity: d.bad_quantity,
    });
  }
  const c = tableOf(cards);
  const lines = await tx.selectDistinct({ id: column(c, 'detail_id') }).from(c).where(inArray(column(c, 'id'), ids));
  await refreshLineCardSums(tx, lines.map(l => l.id as number));
}

/** A card as stored (its derived values as last written) with its live nodes, for `writeDerivedCards`. */
export interface CardWithNodes {
  id: number;
  detail_id: number | null;
  status: string;
  worknode_id: number | null;
  finished_quantity: number;
  bad_quantity: number;
  nodes: readonly NodeState[];
}

/**
 * Derives cards from their live nodes given in memory (the caller has them locked: the shop floor's push holds every
 * step of the cards it swiped), then writes those whose values changed in one statement (`updateRows`), and re-sums the
 * lines whose finished quantity can have moved: a card that became done or stopped being done, or a done card whose
 * finished quantity changed (a card's quantity, which the line's carded quantity sums, is not derived). Same rule and
 * same writes as `refreshCards`: a new change number, no new version, no history. The cards are written by `updateRows`,
 * which notes what they name in a push's reference checks (decision 141; the lines' sums name no other row).
 */
export async function writeDerivedCards(tx: Db, list: readonly CardWithNodes[]): Promise<void> {
  const units = (v: number | null) => Math.round(Number(v ?? 0) * 10_000);
  const changed: ({ id: number } & DerivedCard)[] = [];
  const lines = new Set<number>();
  for (const c of list) {
    const d = deriveCard(c.nodes);
    if (d.status === c.status && d.worknode_id === c.worknode_id && units(d.finished_quantity) === units(c.finished_quantity)
      && units(d.bad_quantity) === units(c.bad_quantity)) continue;
    changed.push({ id: c.id, ...d });
    const finishedMoved = (d.status === 'done') !== (c.status === 'done') || units(d.finished_quantity) !== units(c.finished_quantity);
    if (finishedMoved && c.detail_id !== null) lines.add(c.detail_id);
  }
  if (changed.length === 0) return;
  // The cards are also found by `id = any(...)`: joined only to the list, the planner hashed a scan of every card
  // while the table was in the tens of thousands (bench/sync: 3.3 ms of the statement at 8,500 cards, growing with
  // the table); by the list it reads each card through its key.
  await updateRows(tx, cards, changed, { computed: { rev: sql`next_rev()` }, byIdList: true });
  await refreshLineCardSums(tx, [...lines]);
}

/**
 * `refreshCards` for many cards at once: one read of the cards and their live nodes, then `writeDerivedCards` (a
 * statement per batch, not per card).
 */
export async function refreshCardsInBulk(tx: Db, cardIds: readonly number[]): Promise<void> {
  const ids = [...new Set(cardIds)];
  if (ids.length === 0) return;
  type Num = string | number | null;
  const found = await rows<{ id: number; detail_id: number | null; c_status: string; c_worknode: number | null; c_fq: Num; c_bq: Num;
    seq: number | null; worknode_id: number | null; status: NodeState['status'] | null; good_quantity: Num; bad_quantity: Num }>(tx, sql`
    select c.id, c.detail_id, c.status as c_status, c.worknode_id as c_worknode, c.finished_quantity as c_fq, c.bad_quantity as c_bq,
      n.seq, n.worknode_id, n.status, n.good_quantity, n.bad_quantity
    from cards c left join cardnodes n on n.card_id = c.id and not n.canceled
    where c.id = any(${sql.param(ids)}::int[])`);
  const num = (v: Num) => (v === null ? null : Number(v));
  const cards = new Map<number, CardWithNodes & { nodes: NodeState[] }>();
  for (const r of found) {
    const id = Number(r.id);
    let c = cards.get(id);
    if (!c) {
      cards.set(id, (c = { id, detail_id: num(r.detail_id), status: r.c_status, worknode_id: num(r.c_worknode),
        finished_quantity: Number(r.c_fq ?? 0), bad_quantity: Number(r.c_bq ?? 0), nodes: [] }));
    }
    if (r.status !== null) {
      c.nodes.push({ seq: Number(r.seq ?? 0), worknode_id: Number(r.worknode_id), status: r.status,
        good_quantity: num(r.good_quantity), bad_quantity: num(r.bad_quantity) });
    }
  }
  await writeDerivedCards(tx, [...cards.values()]);
}

/** The live cards of some lines that have started (a node not waiting). */
export async function startedCardsOf(tx: Db, detailIds: readonly number[]): Promise<number> {
  if (detailIds.length === 0) return 0;
  const [r] = await rows<{ n: number | string }>(tx, sql`
    select count(*) as n from cards c
    where c.detail_id in ${[...new Set(detailIds)]} and not c.canceled and c.status <> 'waiting'`);
  return Number(r?.n ?? 0);
}
