import { sql, type SQL } from 'drizzle-orm';
import { valueWork, type Valuation, type WageBasis, type WageRate, type WorkToValue } from '../../../src/domain/rules/piece-work';

/**
 * The wage table of a set of work nodes and the items' category chains, and the valuer of work records they make
 * (src/domain/rules/piece-work.ts). One valuer serves a whole batch (a supervisor's "from card steps" over a month), so
 * a record costs no query. Each read is a statement (`…Sql`) and a reading of its rows (`…Of`); node-works.ts
 * `readValuation` asks for all of them in one statement.
 */
export type Valuer = (w: WorkToValue) => Valuation;

/** Ids a statement reads by (nulls and repeats allowed). */
export type IdList = readonly (number | null)[];

/** The ids as an `int[]` parameter, nulls and repeats left out. */
export function idArray(ids: IdList): SQL {
  return sql`${sql.param([...new Set(ids.filter((x): x is number => x !== null))])}::int[]`;
}

/** A wage row (kind 'w') or a work node's piece rate (kind 'n': `price` is the rate, `worknode_id` the node). */
export interface WageRow {
  kind: 'w' | 'n'; id: number; worknode_id: number; item_id: number | null; category_id: number | null; price: number | null;
  basis: WageBasis | null; valid_from: string | null;
}

/** The wage rows and the piece rates of some work nodes, as one statement. */
export function wageRowsSql(worknodeIds: readonly number[]): SQL {
  const ids = idArray(worknodeIds);
  return sql`
    select 'w' as kind, id, worknode_id, item_id, category_id, price::float8 as price, basis, to_char(valid_from, 'YYYY-MM-DD') as valid_from
    from wages where worknode_id = any(${ids})
    union all
    select 'n', id, id, null, null, piece_rate::float8, null, null from worknodes where id = any(${ids})`;
}

/** The valuer of the rows `wageRowsSql` read. */
export function valuerOf(found: readonly WageRow[]): Valuer {
  const byNode = new Map<number, WageRate[]>();
  const pieceRate = new Map<number, number | null>();
  for (const w of found) {
    if (w.kind === 'n') {
      pieceRate.set(Number(w.id), w.price === null ? null : Number(w.price));
      continue;
    }
    const rate: WageRate = {
      id: Number(w.id), worknode_id: Number(w.worknode_id), item_id: w.item_id === null ? null : Number(w.item_id),
      category_id: w.category_id === null ? null : Number(w.category_id), price: Number(w.price), basis: w.basis,
      valid_from: w.valid_from,
    };
    byNode.set(rate.worknode_id, [...(byNode.get(rate.worknode_id) ?? []), rate]);
  }
  return w => valueWork(byNode.get(w.worknode_id) ?? [], pieceRate.get(w.worknode_id) ?? null, w);
}

/** An item's category chain as read: `chain` nearest first. */
export interface ChainRow { id: number; chain: number[] | null }

/** Each item's category and that category's ancestors, nearest first, as one statement. */
export function chainRowsSql(itemIds: IdList): SQL {
  return sql`
    with recursive up(item_id, category_id, depth) as (
      select i.id, i.category_id, 0 from items i where i.id = any(${idArray(itemIds)}) and i.category_id is not null
      union all
      select up.item_id, c.parent_id, up.depth + 1 from up join itemcategories c on c.id = up.category_id
      where c.parent_id is not null and up.depth < 32
    )
    select item_id as id, array_agg(category_id order by depth) as chain from up group by item_id`;
}

export function chainsOf(found: readonly ChainRow[]): Map<number, number[]> {
  return new Map(found.map(r => [Number(r.id), (r.chain ?? []).map(Number)]));
}
