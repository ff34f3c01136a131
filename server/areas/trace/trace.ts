import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_TRACE_CARDS, TRACE_PARTS, type TraceCard, type TraceDefect, type TraceDelivery, type TraceDeliveryLine, type TraceInspection,
  type TraceMaterial, type TracePackage, type TraceParams, type TracePart, type TraceReply, type TraceShipment, type TraceStep, type TraceWork,
} from '../../../src/domain/contract/trace';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { deliverylines } from '../../../src/domain/resources/delivery/deliverylines';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { cards } from '../../../src/domain/resources/orders/cards';
import { details } from '../../../src/domain/resources/orders/details';
import { works } from '../../../src/domain/resources/production/works';
import { customers } from '../../../src/domain/resources/sales/customers';
import { baddetails } from '../../../src/domain/resources/shopfloor/baddetails';
import { inventorydetails } from '../../../src/domain/resources/shopfloor/inventorydetails';
import { predetails } from '../../../src/domain/resources/shopfloor/predetails';
import { itemlogs } from '../../../src/domain/resources/warehouse/itemlogs';
import { packages } from '../../../src/domain/resources/warehouse/packages';
import type { TraceKind } from '../../../src/domain/rules/trace';
import { canAct, canRead } from '../../auth/permissions';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { jsonArrayOf, rows, type Db } from '../../db/connection';
import { forbidden, notFound } from '../../lib/api-error';

/**
 * A trace (docs/delivery.md "Traceability", decision 208), in two statements whatever its size: the start and the
 * process cards it concerns, then every part of the trace of those cards at once (one JSON array per part).
 *
 * How things are linked — through the ledger, the only record of where goods went:
 * - a delivery's goods: the ledger rows of its posted, uncancelled check-out (`stockdocs.delivery_id`), kind
 *   `checkout`; a delivery line's are those of its package (a package line), else of its item and card (or lot);
 * - a package's cards: the cards of every ledger row naming the package (packed into it, moved in it, shipped in it);
 * - a card's materials: the rows of posted, uncancelled goods out naming the card (or its order line: issued to every
 *   card of the line), but the card's own lot;
 * - a lot's cards: the cards whose lot it is, and the cards its goods out were issued to;
 * - a card's shipments: its `checkout` rows, each with its delivery and the delivery's line it matches.
 *
 * What is shown: the start must be one the caller may view (403) and its own when scoped (404); each part only to a
 * caller with `view` of its resource (names of referenced rows come with it), rows not the caller's under row scope
 * left out and counted (`withheld`), customers named where the caller may read them; what was left out is named.
 */

type StartKind = Exclude<TraceKind, 'lot'>;

/** The resource of each start, and the column its number is in. */
const STARTS: Readonly<Record<StartKind, { res: ResourceDef; code: string }>> = {
  card: { res: cards, code: 'show_id' },
  detail: { res: details, code: 'code' },
  package: { res: packages, code: 'show_id' },
  delivery: { res: deliveries, code: 'show_id' },
  deliveryline: { res: deliverylines, code: 'code' },
};

/** The resource behind each part of a trace. */
const PART_RESOURCES: Readonly<Record<TracePart, ResourceDef>> = {
  cards, cardnodes, works, inventorydetails, predetails, baddetails, itemlogs, packages, deliveries, deliverylines, customers,
};

/** The live check-out rows (not reversals) of posted, uncancelled check-outs, over `l` (itemlogs) and `sd` (its document). */
const LIVE_CHECKOUT = sql`l.kind = 'checkout' and sd.kind = 'checkout' and sd.status = 'posted' and not sd.canceled`;

/**
 * A check-out row `l` is of the delivery line `dl`: the line's package, or (a line of loose goods) the line's item and
 * its card, or its lot when it names no card.
 */
const LINE_MATCH = sql`((dl.package_id is not null and l.package_id = dl.package_id)
  or (dl.package_id is null and l.item_id = coalesce(dl.item_id, (select d.item_id from details d where d.id = dl.detail_id))
    and (l.card_id = dl.card_id or (dl.card_id is null and l.lot = coalesce(dl.lot, '')))))`;

interface Start {
  id: number | null;
  label: string;
  cardIds: number[];
  /** The start's delivery (a delivery, or a delivery line's): its lines are part of the trace. */
  deliveryId: number | null;
  lineId: number | null;
  packageId: number | null;
}

const ids = (found: readonly { id: unknown }[]) => found.map(r => Number(r.id));

/** The start row (by id or number), checked against the caller's grants and row scope; its cards. */
async function startOf(db: Db, auth: Auth, p: TraceParams): Promise<Start> {
  if (p.kind === 'lot') return lotStart(db, auth, p.lot!, p.item_id ?? null);
  const { res, code } = STARTS[p.kind];
  if (!canAct(auth, res, 'view')) throw forbidden();
  const t = sql.identifier(res.name);
  const col = sql.identifier(code);
  const where = p.id !== undefined ? sql`t.id = ${p.id}` : sql`t.${col} = ${p.code!}`;
  const [row] = await rows<{ id: number; label: string | null; mine: boolean }>(db, sql`
    select t.id, t.${col}::text as label, (${ownerConditionOn(auth, res, 't')}) as mine from ${t} t where ${where} order by t.id limit 1`);
  if (!row || !row.mine) throw notFound();
  const id = Number(row.id);
  const start: Start = { id, label: row.label ?? `#${id}`, cardIds: [], deliveryId: null, lineId: null, packageId: null };
  switch (p.kind) {
    case 'card':
      start.cardIds = [id];
      break;
    case 'detail':
      start.cardIds = ids(await rows(db, sql`select id from cards where detail_id = ${id} and not canceled order by id`));
      break;
    case 'package':
      start.packageId = id;
      start.cardIds = ids(await rows(db, sql`
        select distinct card_id as id from itemlogs where package_id = ${id} and card_id is not null order by 1`));
      break;
    case 'delivery':
      start.deliveryId = id;
      start.cardIds = ids(await rows(db, sql`
        select distinct l.card_id as id from itemlogs l join stockdocs sd on sd.id = l.doc_id
        where sd.delivery_id = ${id} and ${LIVE_CHECKOUT} and l.card_id is not null order by 1`));
      break;
    case 'deliveryline': {
      start.lineId = id;
      const found = await rows<{ id: number | null; delivery_id: number }>(db, sql`
        select dl.delivery_id, l.card_id as id
        from deliverylines dl
        left join stockdocs sd on sd.delivery_id = dl.delivery_id and sd.kind = 'checkout' and sd.status = 'posted' and not sd.canceled
        left join itemlogs l on l.doc_id = sd.id and l.kind = 'checkout' and l.card_id is not null and ${LINE_MATCH}
        where dl.id = ${id}`);
      start.deliveryId = found[0] ? Number(found[0].delivery_id) : null;
      start.cardIds = [...new Set(found.filter(r => r.id !== null).map(r => Number(r.id)))].sort((a, b) => a - b);
      break;
    }
  }
  return start;
}

/**
 * A lot's cards: those whose lot it is (a card's finished or semi-finished lot), and those the goods out of the lot
 * were issued to (a material lot: a reel) — named on the document, or through its order line. The ledger's own.
 */
async function lotStart(db: Db, auth: Auth, lot: string, item: number | null): Promise<Start> {
  if (!canAct(auth, itemlogs, 'view')) throw forbidden();
  const ofItem = item === null ? sql`true` : sql`l.item_id = ${item}`;
  const found = await rows<{ id: number }>(db, sql`
    select l.card_id as id from itemlogs l where l.lot = ${lot} and ${ofItem} and l.card_id is not null
    union
    select coalesce(sd.card_id, c.id) from itemlogs l join stockdocs sd on sd.id = l.doc_id
      left join cards c on sd.card_id is null and c.detail_id = sd.detail_id and not c.canceled
    where l.lot = ${lot} and ${ofItem} and l.kind = 'out' and sd.kind = 'out' and sd.status = 'posted' and not sd.canceled
      and coalesce(sd.card_id, c.id) is not null
    order by 1`);
  const [named] = item === null ? [] : await rows<{ code: string | null; name: string | null }>(db, sql`
    select code, name from items where id = ${item}`);
  const label = named ? `${named.code ?? named.name ?? ''} ${lot}`.trim() : lot;
  return { id: null, label, cardIds: ids(found), deliveryId: null, lineId: null, packageId: null };
}

/** Every part of the trace of `cardIds` in one statement: one JSON array per part, rows tagged `mine` (row scope). */
function partsQuery(auth: Auth, cardIds: readonly number[], start: Start): SQL {
  const C = sql`${sql.param([...cardIds])}::int[]`;
  const mine = (res: ResourceDef, alias: string) => sql`(${ownerConditionOn(auth, res, alias)}) as mine`;
  const shipments = sql`
    select l.id, l.card_id, l.package_id, sd.delivery_id, l.doc_id, l.doc_show_id, w.name as warehouse_name, l.at, l.item_id, l.lot,
      -l.quantity as quantity,
      (select min(dl.id) from deliverylines dl where dl.delivery_id = sd.delivery_id and not dl.canceled and ${LINE_MATCH}) as deliveryline_id
    from itemlogs l join stockdocs sd on sd.id = l.doc_id left join warehouses w on w.id = l.warehouse_id
    where l.card_id = any(${C}) and ${LIVE_CHECKOUT}`;
  return sql`
    with ship as (${shipments}),
    dels as (select delivery_id as id from ship where delivery_id is not null union select ${start.deliveryId}::int),
    lines as (select deliveryline_id as id from ship where deliveryline_id is not null union select ${start.lineId}::int
      union select id from deliverylines where delivery_id = ${start.deliveryId}::int and not canceled
        and ${start.lineId === null ? sql`true` : sql`false`}),
    packs as (select package_id as id from ship where package_id is not null union select ${start.packageId}::int
      union select distinct package_id from itemlogs where card_id = any(${C}) and package_id is not null)
    select
      ${jsonArrayOf(sql`
        select c.id, c.show_id, c.order_id, c.order_show_id, c.detail_id, c.item_id, i.code as item_code, i.name as item_name,
          coalesce(c.quantity, 0) as quantity, coalesce(c.finished_quantity, 0) as finished_quantity,
          coalesce(c.bad_quantity, 0) as bad_quantity, c.status, c.canceled, o.customer_id, cu.name as customer_name, ${mine(cards, 'c')}
        from cards c left join items i on i.id = c.item_id left join orders o on o.id = c.order_id
          left join customers cu on cu.id = o.customer_id
        where c.id = any(${C}) order by c.id`)} as cards,
      ${jsonArrayOf(sql`
        select n.id, n.card_id, n.seq, n.worknode_id, wn.name as worknode_name, n.status, p.name as person_name, dv.name as device_name,
          n.started_at, n.finished_at, n.good_quantity, n.bad_quantity, ${mine(cardnodes, 'n')}
        from cardnodes n left join worknodes wn on wn.id = n.worknode_id left join persons p on p.id = n.person_id
          left join devices dv on dv.id = n.device_id
        where n.card_id = any(${C}) and not n.canceled order by n.card_id, n.seq, n.id`)} as steps,
      ${jsonArrayOf(sql`
        select w.id, w.card_id, w.work_date::text as work_date, wn.name as worknode_name, p.name as person_name,
          dv.name as device_name, w.quantity, w.bad_quantity, ${mine(works, 'w')}
        from works w left join worknodes wn on wn.id = w.worknode_id left join persons p on p.id = w.person_id
          left join devices dv on dv.id = w.device_id
        where w.card_id = any(${C}) and not w.canceled order by w.card_id, w.work_date, w.id`)} as works,
      ${jsonArrayOf(sql`
        select x.* from (
          select i.id, i.card_id, 'finished' as stage, i.inspected_at, wn.name as worknode_name, p.name as person_name, i.quantity,
            i.bad_quantity, i.grade, true as mine
          from inventorydetails i left join worknodes wn on wn.id = i.worknode_id left join persons p on p.id = i.person_id
          where i.card_id = any(${C}) and not i.canceled
          union all
          select i.id, i.card_id, 'semi', i.inspected_at, wn.name, p.name, i.quantity, i.bad_quantity, i.grade, true
          from predetails i left join worknodes wn on wn.id = i.worknode_id left join persons p on p.id = i.person_id
          where i.card_id = any(${C}) and not i.canceled) x
        order by x.card_id, x.inspected_at, x.id`)} as inspections,
      ${jsonArrayOf(sql`
        select b.id, b.card_id, b.source, b.reason, b.quantity, p.name as person_name, b.found_at, true as mine
        from baddetails b left join persons p on p.id = b.person_id
        where b.card_id = any(${C}) and not b.canceled order by b.card_id, b.found_at, b.id`)} as defects,
      ${jsonArrayOf(sql`
        select l.id, sd.card_id, case when sd.card_id is null then sd.detail_id end as detail_id, l.doc_id, l.doc_show_id, l.at,
          l.item_id, i.code as item_code, i.name as item_name, l.lot, w.name as warehouse_name, -l.quantity as quantity, l.unit,
          true as mine
        from itemlogs l join stockdocs sd on sd.id = l.doc_id left join items i on i.id = l.item_id
          left join warehouses w on w.id = l.warehouse_id
        where l.kind = 'out' and sd.kind = 'out' and sd.status = 'posted' and not sd.canceled
          and (sd.card_id = any(${C})
            or (sd.card_id is null and sd.detail_id in (select c.detail_id from cards c where c.id = any(${C}))))
          and (l.card_id is null or l.card_id <> coalesce(sd.card_id, 0))
        order by l.at, l.id`)} as materials,
      ${jsonArrayOf(sql`select s.*, true as mine from ship s order by s.at, s.id`)} as shipments,
      ${jsonArrayOf(sql`
        select p.id, p.show_id, p.kind, p.stage, p.status,
          coalesce((select array_agg(distinct l.card_id order by l.card_id) from itemlogs l
            where l.package_id = p.id and l.card_id = any(${C})), '{}') as card_ids, true as mine
        from packages p where p.id in (select id from packs) order by p.id`)} as packages,
      ${jsonArrayOf(sql`
        select d.id, d.show_id, d.customer_id, cu.name as customer_name, d.date::text as date, d.status, d.canceled, d.shipped_at,
          d.signed_at, d.signer, ${mine(deliveries, 'd')}
        from deliveries d left join customers cu on cu.id = d.customer_id where d.id in (select id from dels) order by d.id`)} as deliveries,
      ${jsonArrayOf(sql`
        select dl.id, dl.delivery_id, dl.code, dl.detail_id, dl.item_id, dl.package_id, dl.card_id, dl.lot, coalesce(dl.quantity, 0) as quantity,
          dl.canceled, ${mine(deliverylines, 'dl')}
        from deliverylines dl where dl.id in (select id from lines) order by dl.delivery_id, dl.line_no, dl.id`)} as deliverylines`;
}

type Tagged<T> = T & { mine: boolean };
interface Parts {
  cards: Tagged<TraceCard>[];
  steps: Tagged<TraceStep>[];
  works: Tagged<TraceWork>[];
  inspections: Tagged<TraceInspection>[];
  defects: Tagged<TraceDefect>[];
  materials: Tagged<TraceMaterial>[];
  shipments: Tagged<TraceShipment>[];
  packages: Tagged<TracePackage>[];
  deliveries: Tagged<TraceDelivery>[];
  deliverylines: Tagged<TraceDeliveryLine>[];
}

/** A JSON column as the drivers hand it: parsed (PostgreSQL's json type) or its text. */
const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

export async function traceOf(db: Db, auth: Auth, p: TraceParams): Promise<TraceReply> {
  const asOf = new Date().toISOString();
  const start = await startOf(db, auth, p);
  const cut = start.cardIds.length > MAX_TRACE_CARDS;
  const cardIds = start.cardIds.slice(0, MAX_TRACE_CARDS);
  const [raw] = await rows<Record<keyof Parts, unknown>>(db, partsQuery(auth, cardIds, start));
  const parts = Object.fromEntries(Object.entries(raw!).map(([k, v]) => [k, parsed(v)])) as unknown as Parts;

  const may = (part: TracePart) => (part === 'customers' ? canRead(auth, customers) : canAct(auth, PART_RESOURCES[part], 'view'));
  const hidden = TRACE_PARTS.filter(part => !may(part));
  let withheld = 0;
  /** The rows of a part the caller may see: none when it may not view the part, else its own under row scope. */
  const keep = <T extends { mine: boolean }>(part: TracePart, list: readonly T[]): Omit<T, 'mine'>[] => {
    if (!may(part)) return [];
    const mineOnly = list.filter(r => r.mine);
    withheld += list.length - mineOnly.length;
    return mineOnly.map(({ mine: _mine, ...r }) => r);
  };
  const names = may('customers');
  const deliveriesShown = keep('deliveries', parts.deliveries).map(d => (names ? d : { ...d, customer_id: null, customer_name: null }));
  const shownDeliveries = new Set(deliveriesShown.map(d => d.id));
  const linesShown = keep('deliverylines', parts.deliverylines).filter(l => shownDeliveries.has(l.delivery_id));
  const shownLines = new Set(linesShown.map(l => l.id));
  const ledger = may('itemlogs');
  // A shipment is shown to a caller who may view the ledger or the deliveries, with what of it each allows.
  const shipments = ledger || may('deliveries') ? parts.shipments.map(({ mine: _mine, ...s }) => ({
    ...s,
    doc_id: ledger ? s.doc_id : null, doc_show_id: ledger ? s.doc_show_id : null, warehouse_name: ledger ? s.warehouse_name : null,
    delivery_id: s.delivery_id !== null && shownDeliveries.has(s.delivery_id) ? s.delivery_id : null,
    deliveryline_id: s.deliveryline_id !== null && shownLines.has(s.deliveryline_id) ? s.deliveryline_id : null,
    package_id: may('packages') ? s.package_id : null,
  })) : [];
  const cardsShown = keep('cards', parts.cards).map(c => (names ? c : { ...c, customer_id: null, customer_name: null }));
  const inspections = parts.inspections.filter(i => may(i.stage === 'finished' ? 'inventorydetails' : 'predetails'))
    .map(({ mine: _mine, ...i }) => i);

  return {
    msg: 'OK',
    start: { kind: p.kind, id: start.id, lot: p.kind === 'lot' ? p.lot! : null, item_id: p.kind === 'lot' ? p.item_id ?? null : null,
      label: start.label },
    hidden, withheld, cut,
    cards: cardsShown,
    steps: keep('cardnodes', parts.steps),
    works: keep('works', parts.works),
    inspections,
    defects: keep('baddetails', parts.defects),
    materials: keep('itemlogs', parts.materials),
    shipments,
    packages: keep('packages', parts.packages),
    deliveries: deliveriesShown,
    deliverylines: linesShown,
    asOf,
  };
}
