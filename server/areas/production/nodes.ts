import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

/**
 * The nodes of new cards: one per work node of the routing, in its order (`seq` from 1), all waiting. They are made
 * with their card and are not edits of anyone's, so they get no history of their own: the card's history says when
 * and by whom it was made.
 *
 * One statement makes them all: the database crosses the cards (two arrays: ids and numbers) with the routing (one
 * array), so the statement has three parameters however many nodes it makes. Written as a multi-row VALUES through
 * drizzle's insert builder, every column of every row was a piece of SQL built in JavaScript (the builder lists all
 * of the table's columns, `default` for the omitted ones): the 50,000 nodes of a 10,000-card generation were the
 * largest part of its time (bench/cards: the call ran at 0.28 of the rate of a raw batched INSERT of the same rows
 * on PostgreSQL; 0.59 with the nodes made here, 0.86 with the cards made the same way). Nodes go in card by card and
 * step by step, so their ids read in that order; the omitted columns take their defaults.
 */
export async function insertNodes(tx: Db, newCards: readonly { id: number; show_id: string }[], worknodeIds: readonly number[],
  by?: number): Promise<void> {
  if (newCards.length === 0 || worknodeIds.length === 0) return;
  const who = by ?? null;
  await tx.execute(sql`
    insert into cardnodes (card_id, card_show_id, worknode_id, seq, status, created_by, updated_by)
    select c.id, c.show_id, w.id, w.seq, 'waiting', ${who}::int, ${who}::int
    from unnest(${sql.param(newCards.map(c => c.id))}::int[], ${sql.param(newCards.map(c => c.show_id))}::text[])
      with ordinality as c(id, show_id, ord)
    cross join unnest(${sql.param([...worknodeIds])}::int[]) with ordinality as w(id, seq)
    order by c.ord, w.seq`);
}
