import { sql } from 'drizzle-orm';
import type { IssueProposalParams, IssueProposalReply, IssueProposalRow } from '../../../src/domain/contract/stock';
import { orders } from '../../../src/domain/resources/orders/orders';
import { roundTo } from '../../../src/domain/rules/numbers';
import type { Auth } from '../../auth/sessions';
import { ownerCondition } from '../../auth/row-scope';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import { needOf } from '../formulas/requirement';

/**
 * The lines an issue to production proposes (docs/stock.md "Issue to production"): the materials the order line's
 * formula needs for the demand — a card's quantity, or the whole line's — through every sub-formula, as the formulas'
 * requirement computes them (server/areas/formulas/requirement.ts), less what posted, uncancelled goods out against
 * the same card (or, for a line, against the line or any of its cards) have issued of each already. The formula is
 * the line's own, else its item's current one; a line with neither proposes nothing (`formula_id` null).
 *
 * A card or line the caller may not read (a salesperson scoped to own orders) is not found, like a detail.
 */
export async function issueProposal(db: Db, auth: Auth, p: IssueProposalParams): Promise<Omit<IssueProposalReply, 'msg'>> {
  const scope = ownerCondition(auth, orders);
  const [basis] = p.card_id !== undefined
    ? await rows<{ detail_id: number; demand: number; formula_id: number | null }>(db, sql`
      select d.id as detail_id, c.quantity::float8 as demand, ${formulaOf} as formula_id
      from cards c join details d on d.id = c.detail_id join orders on orders.id = d.order_id
      where c.id = ${p.card_id} and not c.canceled and not d.canceled and not orders.canceled ${scope ? sql`and ${scope}` : sql``}`)
    : await rows<{ detail_id: number; demand: number; formula_id: number | null }>(db, sql`
      select d.id as detail_id, d.quantity::float8 as demand, ${formulaOf} as formula_id
      from details d join orders on orders.id = d.order_id
      where d.id = ${p.detail_id!} and not d.canceled and not orders.canceled ${scope ? sql`and ${scope}` : sql``}`);
  if (!basis) throw new ApiError(404, 'not_found');
  const detailId = Number(basis.detail_id);
  const formulaId = basis.formula_id == null ? null : Number(basis.formula_id);
  const need = formulaId === null ? new Map<number, number>() : await needOf(db, [{ formula_id: formulaId, quantity: Number(basis.demand) }]);
  if (need.size === 0) return { dt: [], detail_id: detailId, demand: Number(basis.demand), formula_id: formulaId };

  const ids = [...need.keys()];
  const against = p.card_id !== undefined
    ? sql`h.card_id = ${p.card_id}`
    : sql`(h.detail_id = ${detailId} or h.card_id in (select id from cards where detail_id = ${detailId}))`;
  const issued = new Map<number, number>();
  for (const r of await rows<{ item_id: number; q: number }>(db, sql`
    select l.item_id, sum(l.quantity)::float8 as q
    from stocklines l join stockdocs h on h.id = l.doc_id
    where h.kind = 'out' and h.status = 'posted' and not h.canceled and not l.canceled and ${against}
      and l.item_id = any(${sql.param(ids)}::int[])
    group by l.item_id`)) issued.set(Number(r.item_id), Number(r.q));

  const dt: IssueProposalRow[] = [];
  for (const i of await rows<{ id: number; code: string | null; name: string; unit: string | null }>(db,
    sql`select id, code, name, unit from items where id = any(${sql.param(ids)}::int[])`)) {
    const required = need.get(Number(i.id))!;
    const done = roundTo(issued.get(Number(i.id)) ?? 0, 4);
    dt.push({ item_id: Number(i.id), code: i.code, name: i.name, unit: i.unit, required, issued: done,
      quantity: Math.max(0, roundTo(required - done, 4)) });
  }
  dt.sort((a, b) => (a.code ?? '').localeCompare(b.code ?? '') || a.item_id - b.item_id);
  return { dt, detail_id: detailId, demand: Number(basis.demand), formula_id: formulaId };
}

/** An order line's formula (alias `d`): its own, else its item's current one — currentFormulaOf's choice (formulas/current.ts). */
const formulaOf = sql`coalesce(d.formula_id, (select f.id from formulas f where f.item_id = d.item_id and f.is_current
  and not f.canceled order by f.code, f.id limit 1))`;
