import { sql } from 'drizzle-orm';
import { valueWork, type Valuation, type WageBasis, type WageRate, type WorkToValue } from '../../../src/domain/rules/piece-work';
import { rows, type Db } from '../../db/connection';

/**
 * Reads the wage table once for a set of work nodes and values work records by it (src/domain/rules/piece-work.ts).
 * One valuer serves a whole batch (a supervisor's "from card steps" over a month), so a record costs no query.
 */
export type Valuer = (w: WorkToValue) => Valuation;

export async function valuerFor(tx: Db, worknodeIds: readonly number[]): Promise<Valuer> {
  const ids = [...new Set(worknodeIds)];
  if (ids.length === 0) return () => ({ basis: null, rate: null, amount: null, wage_id: null });
  // The wage rows and the nodes' piece rates in one statement (one round trip): a node's row has kind 'n'.
  const found = await rows<{ kind: 'w' | 'n'; id: number; worknode_id: number; item_id: number | null; category_id: number | null;
    price: number | null; basis: WageBasis | null; valid_from: string | null }>(tx, sql`
    select 'w' as kind, id, worknode_id, item_id, category_id, price::float8 as price, basis, to_char(valid_from, 'YYYY-MM-DD') as valid_from
    from wages where worknode_id = any(${sql.param(ids)}::int[])
    union all
    select 'n', id, id, null, null, piece_rate::float8, null, null from worknodes where id = any(${sql.param(ids)}::int[])`);
  const wages = found.filter(r => r.kind === 'w');
  const nodes = found.filter(r => r.kind === 'n').map(r => ({ id: r.id, piece_rate: r.price }));
  const byNode = new Map<number, WageRate[]>();
  for (const w of wages) {
    const rate: WageRate = {
      id: Number(w.id), worknode_id: Number(w.worknode_id), item_id: w.item_id === null ? null : Number(w.item_id),
      category_id: w.category_id === null ? null : Number(w.category_id), price: Number(w.price), basis: w.basis,
      valid_from: w.valid_from,
    };
    byNode.set(rate.worknode_id, [...(byNode.get(rate.worknode_id) ?? []), rate]);
  }
  const pieceRate = new Map(nodes.map(n => [Number(n.id), n.piece_rate === null ? null : Number(n.piece_rate)]));
  return w => valueWork(byNode.get(w.worknode_id) ?? [], pieceRate.get(w.worknode_id) ?? null, w);
}

/** Each item's category and that category's ancestors, nearest first (wages may name any of them). */
export async function categoryChains(tx: Db, itemIds: readonly (number | null)[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(itemIds.filter((x): x is number => x !== null))];
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; chain: number[] | null }>(tx, sql`
    with recursive up(item_id, category_id, depth) as (
      select i.id, i.category_id, 0 from items i where i.id = any(${sql.param(ids)}::int[]) and i.category_id is not null
      union all
      select up.item_id, c.parent_id, up.depth + 1 from up join itemcategories c on c.id = up.category_id
      where c.parent_id is not null and up.depth < 32
    )
    select item_id as id, array_agg(category_id order by depth) as chain from up group by item_id`);
  return new Map(found.map(r => [Number(r.id), (r.chain ?? []).map(Number)]));
}
