import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GenerateReply, PerNodeRow, SplitReply } from '../../../../src/domain/contract/cards';
import { cardsPerNode, generateCards as generateEndpoint, splitCard as splitEndpoint } from '../../../../src/domain/contract/endpoints/orders';
import { cards } from '../../../../src/domain/resources/orders/cards';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { translate } from '../../../../src/domain/messages/catalog';
import { idempotentSteps } from '../../../auth/idempotency';
import { assertCreate } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import { ownerCondition } from '../../../auth/row-scope';
import { rows, type Db } from '../../../db/connection';
import { route } from '../../../http/endpoint-route';
import { authOf } from '../../../http/auth';
import { detailRow } from '../../../resources/list';
import { generateCards } from '../generate-cards';
import { splitCard } from '../split-card';

/**
 * The special calls of process cards (docs/production.md, contract src/domain/contract/cards.ts): generation from a
 * line and split need `create` on cards; the counts per work node need `view` on card nodes and follow the caller's
 * row scope on orders (a salesperson counts the cards of their own orders).
 */
export default async function cardsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, generateEndpoint, async (p, req) => {
    const auth = authOf(req);
    assertCreate(auth, cards);
    // A repeat with the same Idempotency-Key (a double click, a retry after a lost reply) makes no second set; a big
    // generation commits in chunks (generate-cards.ts), the key claimed with the first and answered after the last.
    return idempotentSteps<GenerateReply & Record<string, unknown>>(db, req, auth, generateEndpoint.path, p, async ({ step, keep }) => {
      let reply: GenerateReply | undefined;
      await generateCards(step, auth, p, async (tx, { cards: dt, plans }) => {
        reply = { msg: 'OK', total: dt.length, dt };
        // A pre-scheduled machine out of service took none of its steps: the planner must place them by hand.
        if (plans.skipped.length > 0) reply.msg1 = translate(req.lang, 'prearranges_skipped', { devices: plans.skipped.join('、') });
        await keep(tx, { ...reply });
      });
      return { ...reply! };
    });
  });

  route(app, splitEndpoint, async (p, req) => {
    const auth = authOf(req);
    assertCreate(auth, cards);
    return db.transaction(async tx => {
      const r = await splitCard(tx, auth, p.id, p.version, p.quantity);
      const redact = await redactorFor(tx, auth, cards);
      return {
        msg: 'OK',
        dt: redact((await detailRow(tx, cards, r.card))!) as SplitReply['dt'],
        split: redact((await detailRow(tx, cards, r.split))!) as SplitReply['split'],
      };
    });
  });

  route(app, cardsPerNode, async (p, req) => {
    const scope = ownerCondition(authOf(req), orders);
    const conds = [
      p.order_id === undefined ? undefined : sql`orders.id = ${p.order_id}`,
      p.customer_id === undefined ? undefined : sql`orders.customer_id = ${p.customer_id}`,
      p.saler_id === undefined ? undefined : sql`orders.saler_id = ${p.saler_id}`,
      p.item_id === undefined ? undefined : sql`c.item_id = ${p.item_id}`,
      scope,
    ].filter(c => c !== undefined);
    const found = await rows<Record<keyof PerNodeRow, number | string>>(db, sql`
      select w.id as worknode_id, w.name as worknode_name, coalesce(w.sort, 0) as sort,
        count(*) filter (where n.status = 'waiting') as waiting,
        count(*) filter (where n.status = 'running') as running,
        count(*) filter (where n.status = 'done') as done,
        coalesce(sum(c.quantity) filter (where n.status = 'waiting'), 0)::float8 as waiting_quantity,
        coalesce(sum(c.quantity) filter (where n.status = 'running'), 0)::float8 as running_quantity,
        coalesce(sum(n.good_quantity) filter (where n.status = 'done'), 0)::float8 as done_quantity
      from cardnodes n
      join cards c on c.id = n.card_id and not c.canceled
      join orders on orders.id = c.order_id and not orders.canceled
      join worknodes w on w.id = n.worknode_id
      where not n.canceled ${conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
      group by w.id, w.name, w.sort
      order by coalesce(w.sort, 0), w.id`);
    const dt: PerNodeRow[] = found.map(r => ({
      worknode_id: Number(r.worknode_id), worknode_name: String(r.worknode_name), sort: Number(r.sort),
      waiting: Number(r.waiting), running: Number(r.running), done: Number(r.done),
      waiting_quantity: Number(r.waiting_quantity), running_quantity: Number(r.running_quantity), done_quantity: Number(r.done_quantity),
    }));
    return { msg: 'OK', dt };
  });
}
