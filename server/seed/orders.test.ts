import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveCard, type CardNodeStatus } from '../../src/domain/rules/card-status';
import { DEFAULT_PATTERNS } from '../../src/domain/rules/numbering';
import { convertQuantity } from '../../src/domain/rules/property-columns';
import { openDatabase, rows, type Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { seedDemo } from './demo';
import { ORDER_COUNT, loadCatalog, planOrders } from './orders';

/**
 * The demo order book (orders.ts) obeys the rules the server enforces (docs/production.md), checked with SQL on a
 * freshly migrated and seeded database: an in-memory PGlite, and also a fresh PostgreSQL database beside
 * TEST_DATABASE_URL when that is set (as the API tests do), since the seed runs on both.
 */
const n = (v: unknown): number => Number(v);
/** A timestamp as the driver hands it over (a Date, or ISO-like text), in epoch milliseconds. */
const ms = (v: unknown): number =>
  (v instanceof Date ? v.getTime() : new Date(String(v).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).getTime());
const pad2 = (x: number) => String(x).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

interface Fresh { database: Database; drop(): Promise<void> }

async function freshDatabase(engine: 'pglite' | 'postgres'): Promise<Fresh> {
  const base = process.env.TEST_DATABASE_URL;
  if (engine === 'pglite' || !base) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `ipos_seed_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try { await c.query(text); } finally { await c.end(); }
  };
  await admin(`create database "${name}"`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  const drop = async () => {
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  };
  return { database, drop };
}

const ENGINES = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] as const : [])] as const;

describe.each(ENGINES)('the demo order book on %s', engine => {
  let fresh: Fresh;
  let database: Database;
  const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => rows<T>(database.db, query);
  let seededAt: Date;

  beforeAll(async () => {
    fresh = await freshDatabase(engine);
    database = fresh.database;
    await migrate(database);
    seededAt = new Date();
    await seedDemo(database.db);
  }, 300_000);

  afterAll(async () => {
    await fresh?.drop();
  });

  async function counts() {
    const [c] = await q<Record<string, number>>(sql`select
      (select count(*)::int from orders) as orders, (select count(*)::int from details) as lines,
      (select count(*)::int from cards) as cards, (select count(*)::int from cardnodes) as nodes,
      (select count(*)::int from printlogs) as prints, (select count(*)::int from number_sequences) as counters`);
    return c!;
  }

  it('holds about 300 orders, 1,000 lines and 3,000 cards with their nodes, in every status', async () => {
    const c = await counts();
    expect(c.orders).toBe(ORDER_COUNT);
    expect(c.lines).toBeGreaterThanOrEqual(850);
    expect(c.lines).toBeLessThanOrEqual(1200);
    expect(c.cards).toBeGreaterThanOrEqual(2500);
    expect(c.cards).toBeLessThanOrEqual(3500);
    const statuses = await q<{ status: string; canceled: boolean; n: number }>(sql`
      select status, canceled, count(*)::int as n from orders group by 1, 2`);
    const live = new Map(statuses.filter(s => !s.canceled).map(s => [s.status, s.n]));
    for (const s of ['draft', 'confirmed', 'producing', 'finished', 'shipped']) expect(live.get(s), s).toBeGreaterThan(0);
    expect(live.get('producing')!).toBeGreaterThan(live.get('finished')!);
    const cancelled = statuses.filter(s => s.canceled);
    expect(cancelled.reduce((sum, s) => sum + s.n, 0)).toBeGreaterThan(0);
    // A cancel is allowed from draft, confirmed, and producing (while no card has started).
    for (const s of cancelled) expect(['draft', 'confirmed', 'producing']).toContain(s.status);
    // Cards at every stage: waiting, on the way, done.
    const cardStatuses = await q<{ status: string }>(sql`select distinct status from cards where not canceled`);
    expect(cardStatuses.map(s => s.status).sort()).toEqual(['done', 'running', 'waiting']);
    // Machines run now unless the plant rests (Sunday 08:00 to Monday 08:00, attendance.ts).
    const nodeStatuses = (await q<{ status: string }>(sql`select distinct status from cardnodes where not canceled`))
      .map(s => s.status).sort();
    const day = seededAt.getDay();
    const resting = (day === 0 && seededAt.getHours() >= 8) || (day === 1 && seededAt.getHours() < 8);
    expect(nodeStatuses).toEqual(resting ? expect.arrayContaining(['done', 'waiting']) : ['done', 'running', 'waiting']);
  });

  it('dates everything within the last 90 days, nothing in the future, due after ordered', async () => {
    const [r] = await q<Record<string, string | null>>(sql`select min(order_date)::text as first_day,
      max(order_date)::text as last_day,
      (select count(*) from orders where due_date <= order_date)::int as bad_due,
      (select count(*) from details d join orders o on o.id = d.order_id
        where d.due_date <= o.order_date)::int as bad_line_due,
      greatest((select max(updated_at) from orders), (select max(updated_at) from details),
        (select max(updated_at) from cards), (select max(coalesce(finished_at, started_at)) from cardnodes),
        (select max(created_at) from printlogs)) as latest
      from orders`);
    const oldest = new Date(seededAt.getFullYear(), seededAt.getMonth(), seededAt.getDate() - 90);
    expect(r!.first_day! >= localDay(oldest)).toBe(true);
    expect(r!.last_day! <= localDay(new Date())).toBe(true);
    expect(n(r!.bad_due)).toBe(0);
    expect(n(r!.bad_line_due)).toBe(0);
    expect(ms(r!.latest)).toBeLessThanOrEqual(Date.now());
    // The book spans the quarter: its oldest orders are more than 80 days old.
    const day80 = new Date(seededAt.getFullYear(), seededAt.getMonth(), seededAt.getDate() - 80);
    expect(r!.first_day! <= localDay(day80)).toBe(true);
  });

  it('numbers orders by the order date pattern, with check codes and the customer\'s salesperson', async () => {
    const list = await q<{ show_id: string; order_date: string; check_code: string; ok_saler: boolean }>(sql`
      select o.show_id, o.order_date::text as order_date, o.check_code,
        o.saler_id is not distinct from c.saler_id as ok_saler
      from orders o join customers c on c.id = o.customer_id`);
    expect(DEFAULT_PATTERNS.order_no_pattern).toBe('SO{yyyy}{MM}{dd}-{seq:3}');
    for (const o of list) {
      expect(o.show_id).toBe(`SO${o.order_date.replace(/-/g, '')}-${o.show_id.slice(-3)}`);
      expect(o.check_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(o.ok_saler).toBe(true);
    }
    expect(new Set(list.map(o => o.show_id)).size).toBe(list.length);
    expect(new Set(list.map(o => o.check_code)).size).toBeGreaterThan(list.length - 3);
  });

  it('gives every line its code, units, workflow and amount from its item', async () => {
    const bad = await q(sql`
      select d.code from details d join orders o on o.id = d.order_id join items i on i.id = d.item_id
      where d.code <> o.show_id || '-' || d.line_no
         or d.unit is distinct from i.unit or d.unit2 is distinct from i.unit2 or d.unit3 is distinct from i.unit3
         or d.workflow_id is distinct from coalesce(i.workflow_id,
              (select f.id from workflows f where f.category_id = i.category_id order by f.code, f.id limit 1))
         or d.amount <> round(d.quantity * d.price, 4) or d.quantity <= 0 or d.price <= 0`);
    expect(bad).toEqual([]);
    // Line numbers 1..n within each order.
    const gaps = await q(sql`select order_id from details group by order_id
      having min(line_no) <> 1 or max(line_no) <> count(*) or count(distinct line_no) <> count(*)`);
    expect(gaps).toEqual([]);
    const perOrder = await q<{ avg: string; max: number }>(sql`
      select avg(c)::text as avg, max(c)::int as max from (select count(*) as c from details group by order_id) s`);
    expect(n(perOrder[0]!.avg)).toBeGreaterThan(2.8);
    expect(n(perOrder[0]!.avg)).toBeLessThan(3.8);
    expect(perOrder[0]!.max).toBeLessThanOrEqual(6);
    // Secondary quantities by the item's rate (DESIGN §8, decision 91).
    const conv = await q<{ quantity: string; quantity2: string | null; rate2: string | null }>(sql`
      select d.quantity, d.quantity2, i.rate2 from details d join items i on i.id = d.item_id`);
    for (const c of conv) {
      const expected = convertQuantity(n(c.quantity), c.rate2 === null ? null : n(c.rate2));
      expect(c.quantity2 === null ? undefined : n(c.quantity2)).toBe(expected);
    }
    expect(conv.some(c => c.quantity2 !== null)).toBe(true);
    // Some lines fill the property columns, with known keys only.
    const keys = await q<{ k: string }>(sql`
      select distinct jsonb_object_keys(props) as k from details where props is not null`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(['card_weight', 'effective_card_weight', 'metres', 'effective_metres', 'kilograms', 'effective_kilograms',
        'finished_count', 'effective_finished_count']).toContain(k.k);
    }
  });

  it('keeps order sums equal to the sums of the live lines (amount at 4 decimals)', async () => {
    const bad = await q(sql`
      select o.show_id, o.quantity, o.amount, s.q, s.a from orders o
      left join (select order_id, sum(quantity) as q, sum(amount) as a from details where not canceled group by order_id) s
        on s.order_id = o.id
      where o.quantity <> coalesce(s.q, 0) or o.amount <> coalesce(s.a, 0) or o.amount <> round(o.amount, 4)`);
    expect(bad).toEqual([]);
  });

  it('conserves quantities: a line\'s live cards hold its card_quantity, never more than the line', async () => {
    const bad = await q(sql`
      select d.code from details d
      left join (select detail_id, sum(quantity) as q,
                        sum(finished_quantity) filter (where status = 'done') as f
                 from cards where not canceled group by detail_id) s on s.detail_id = d.id
      where d.card_quantity <> coalesce(s.q, 0) or d.finished_quantity <> coalesce(s.f, 0)
         or d.card_quantity > d.quantity`);
    expect(bad).toEqual([]);
    // Some producing lines are only partly carded, some not yet; finished and shipped ones fully.
    const [r] = await q<Record<string, number>>(sql`select
      count(*) filter (where o.status = 'producing' and d.card_quantity > 0 and d.card_quantity < d.quantity)::int as part,
      count(*) filter (where o.status = 'producing' and d.card_quantity = 0)::int as none,
      count(*) filter (where o.status in ('finished', 'shipped') and d.card_quantity <> d.quantity)::int as short
      from details d join orders o on o.id = d.order_id where not d.canceled and not o.canceled`);
    expect(r!.part).toBeGreaterThan(0);
    expect(r!.none).toBeGreaterThan(0);
    expect(r!.short).toBe(0);
  });

  it('keeps each order\'s status true to its cards', async () => {
    const bad = await q<{ show_id: string; why: string }>(sql`
      select o.show_id, 'finished with an open card' as why from orders o join cards c on c.order_id = o.id
        where not o.canceled and o.status in ('finished', 'shipped') and not c.canceled and c.status <> 'done'
      union all
      select o.show_id, 'producing without cards' from orders o
        where not o.canceled and o.status = 'producing'
          and not exists (select 1 from cards c where c.order_id = o.id and not c.canceled)
      union all
      select o.show_id, 'cards before production' from orders o join cards c on c.order_id = o.id
        where o.status in ('draft', 'confirmed')
      union all
      select o.show_id, 'cancelled with live rows' from orders o
        where o.canceled and (exists (select 1 from details d where d.order_id = o.id and not d.canceled)
          or exists (select 1 from cards c where c.order_id = o.id and not c.canceled)
          or exists (select 1 from cardnodes n join cards c on c.id = n.card_id where c.order_id = o.id
                     and (not n.canceled or n.status <> 'waiting')))
      union all
      select o.show_id, 'removed line with cards' from orders o join details d on d.order_id = o.id
        where d.canceled and exists (select 1 from cards c where c.detail_id = d.id and not c.canceled)`);
    expect(bad).toEqual([]);
  });

  it('makes every card from its line, numbered by its generation day', async () => {
    const bad = await q(sql`
      select c.show_id from cards c join details d on d.id = c.detail_id join orders o on o.id = d.order_id
      where c.order_id <> o.id or c.order_show_id <> o.show_id or c.item_id <> d.item_id
         or c.workflow_id is distinct from d.workflow_id or c.unit is distinct from d.unit or c.quantity <= 0
         or c.canceled <> d.canceled or c.printed not in (0, 1, 2)`);
    expect(bad).toEqual([]);
    const seqs = await q(sql`select detail_id from cards group by detail_id
      having min(seq) <> 1 or max(seq) <> count(*) or count(distinct seq) <> count(*)`);
    expect(seqs).toEqual([]);
    const list = await q<{ show_id: string; created_at: Date | string }>(sql`select show_id, created_at from cards`);
    expect(new Set(list.map(c => c.show_id)).size).toBe(list.length);
    for (const c of list) {
      const d = new Date(ms(c.created_at));
      const yymmdd = localDay(d).slice(2).replace(/-/g, '');
      expect(c.show_id).toMatch(new RegExp(`^C${yymmdd}\\d{5}$`));
    }
    const perLine = await q<{ max: number }>(sql`
      select max(c)::int as max from (select count(*) as c from cards group by detail_id) s`);
    expect(perLine[0]!.max).toBeLessThanOrEqual(8);
  }, 60_000);

  it('derives every card from its nodes, one node per work node of its workflow, good never growing', async () => {
    const cards = await q<{ id: number; show_id: string; quantity: string; status: string; worknode_id: number | null;
      finished_quantity: string; bad_quantity: string; route: number[]; canceled: boolean }>(sql`
      select c.id, c.show_id, c.quantity, c.status, c.worknode_id, c.finished_quantity, c.bad_quantity, c.canceled,
        w.worknode_ids as route
      from cards c join workflows w on w.id = c.workflow_id order by c.id`);
    const nodes = await q<{ card_id: number; card_show_id: string; worknode_id: number; seq: number;
      status: CardNodeStatus; started_at: unknown; finished_at: unknown; person_id: number | null;
      device_id: number | null; good_quantity: string | null; bad_quantity: string | null; person_ok: boolean | null;
      device_ok: boolean | null; canceled: boolean }>(sql`
      select n.card_id, n.card_show_id, n.worknode_id, n.seq, n.status, n.started_at, n.finished_at, n.person_id,
        n.device_id, n.good_quantity, n.bad_quantity, n.canceled,
        p.department_id = w.department_id as person_ok, d.worknode_id = n.worknode_id as device_ok
      from cardnodes n join worknodes w on w.id = n.worknode_id
      left join persons p on p.id = n.person_id left join devices d on d.id = n.device_id
      order by n.card_id, n.seq`);
    const byCard = new Map<number, typeof nodes>();
    for (const x of nodes) {
      const list = byCard.get(x.card_id);
      if (list) list.push(x);
      else byCard.set(x.card_id, [x]);
    }
    expect(cards.length).toBeGreaterThan(0);
    // Problems are collected and compared once: 22,000 nodes make too many single assertions.
    const problems: string[] = [];
    const check = (ok: boolean, card: string, what: string) => { if (!ok) problems.push(`${card}: ${what}`); };
    const now = Date.now();
    for (const c of cards) {
      const list = byCard.get(c.id) ?? [];
      check(list.map(x => x.worknode_id).join() === c.route.join(), c.show_id, 'nodes are not its workflow\'s');
      check(list.every((x, i) => x.seq === i + 1), c.show_id, 'seq is not 1..n');
      // A live card from its live nodes; a cancelled one kept what it was when it and its nodes were cancelled.
      const d = deriveCard(list.filter(x => x.canceled === c.canceled).map(x => ({ ...x,
        good_quantity: x.good_quantity === null ? null : n(x.good_quantity),
        bad_quantity: x.bad_quantity === null ? null : n(x.bad_quantity) })));
      check(c.status === d.status && c.worknode_id === d.worknode_id && n(c.finished_quantity) === d.finished_quantity
        && n(c.bad_quantity) === d.bad_quantity, c.show_id, `not derived from its nodes (${JSON.stringify(d)})`);
      // Done nodes first, then at most one running, then waiting ones.
      check(/^d*r?w*$/.test(list.map(x => x.status[0]).join('')), c.show_id, 'node statuses out of order');
      let input = n(c.quantity);
      let last = 0;
      for (const x of list) {
        const at = `${c.show_id} #${x.seq}`;
        check(x.card_show_id === c.show_id && x.canceled === c.canceled, at, 'card number or cancel differs');
        if (x.status === 'waiting') {
          check([x.started_at, x.finished_at, x.person_id, x.device_id, x.good_quantity, x.bad_quantity]
            .every(v => v === null), at, 'waiting node with work recorded');
          continue;
        }
        const started = ms(x.started_at);
        check(started >= last && started <= now, at, 'starts before the node before it ended, or in the future');
        check(x.person_id !== null && x.person_ok === true, at, 'operator missing or not of the node\'s department');
        check(x.device_id === null || x.device_ok === true, at, 'machine not of the node');
        if (x.status === 'running') {
          check(x.finished_at === null && x.good_quantity === null && x.bad_quantity === null, at, 'running node finished');
          continue;
        }
        const finished = ms(x.finished_at);
        check(finished > started && finished <= now, at, 'ends before it starts, or in the future');
        last = finished;
        // What a node takes in is what the one before passed as good: good + bad = in, good never grows.
        const good = n(x.good_quantity);
        check(Math.abs(good + n(x.bad_quantity) - input) < 1e-9 && good <= input, at, `good ${good} from ${input}`);
        input = good;
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('works when the plant works: inspection in the day, nothing on Sunday daytime, orders on weekdays', async () => {
    const list = await q<{ started_at: unknown; day_staff: boolean }>(sql`
      select n.started_at, not exists (select 1 from persons p join personcategories pc on pc.id = p.category_id
        where p.department_id = w.department_id and pc.name = '生产工人') as day_staff
      from cardnodes n join worknodes w on w.id = n.worknode_id where n.started_at is not null`);
    const minuteOf = (d: Date) => d.getHours() * 60 + d.getMinutes();
    const day = list.filter(x => x.day_staff).map(x => new Date(ms(x.started_at)));
    const shifts = list.filter(x => !x.day_staff).map(x => new Date(ms(x.started_at)));
    expect(day.length).toBeGreaterThan(0);
    // A finished order whose work ran late is squeezed into the time it had: a few steps may fall outside.
    const inDay = day.filter(d => d.getDay() !== 0 && minuteOf(d) >= 8 * 60 && minuteOf(d) <= 16 * 60 + 30);
    expect(inDay.length / day.length).toBeGreaterThan(0.97);
    const sundayDaytime = shifts.filter(d => d.getDay() === 0 && minuteOf(d) >= 8 * 60);
    expect(sundayDaytime.length / shifts.length).toBeLessThan(0.01);
    const entered = await q<{ created_at: unknown }>(sql`select created_at from orders`);
    for (const o of entered) expect([1, 2, 3, 4, 5]).toContain(new Date(ms(o.created_at)).getDay());
  }, 60_000);

  it('keeps the number counters ahead of every seeded number', async () => {
    const counters = await q<{ name: string; period: string; last: string }>(sql`
      select name, period, last from number_sequences`);
    // A counter belongs to the pattern as written (server/resources/numbering.ts).
    const lastOf = (config: keyof typeof DEFAULT_PATTERNS, period: string) =>
      n(counters.find(c => c.name === `${config}:${DEFAULT_PATTERNS[config]}` && c.period === period)?.last ?? 0);
    const orders = await q<{ show_id: string }>(sql`select show_id from orders`);
    const maxOrder = new Map<string, number>();
    for (const o of orders) {
      const [, period, seq] = /^SO(\d{8})-(\d+)$/.exec(o.show_id)!;
      maxOrder.set(period!, Math.max(maxOrder.get(period!) ?? 0, Number(seq)));
    }
    for (const [period, max] of maxOrder) expect(lastOf('order_no_pattern', period), period).toBeGreaterThanOrEqual(max);
    const cards = await q<{ show_id: string }>(sql`select show_id from cards`);
    const maxCard = new Map<string, number>();
    for (const c of cards) {
      const [, period, seq] = /^C(\d{6})(\d{5})$/.exec(c.show_id)!;
      maxCard.set(period!, Math.max(maxCard.get(period!) ?? 0, Number(seq)));
    }
    for (const [period, max] of maxCard) expect(lastOf('card_no_pattern', period), period).toBeGreaterThanOrEqual(max);
  });

  it('logs every label print it counts on a card', async () => {
    const bad = await q(sql`
      select c.show_id, c.printed, count(l.id) as logged from cards c
      left join (select jsonb_array_elements(ids)::int as id from printlogs where category = 'cards') l on l.id = c.id
      group by c.id having count(l.id) <> c.printed`);
    expect(bad).toEqual([]);
    const [r] = await q<{ printed: number; started_unprinted: number }>(sql`select
      count(*) filter (where printed > 0)::int as printed,
      count(*) filter (where printed = 0 and status <> 'waiting')::int as started_unprinted from cards`);
    expect(r!.printed).toBeGreaterThan(0);
    // A card on the floor carries its label.
    expect(r!.started_unprinted).toBe(0);
  });

  it('inspects the finished goods at the inspection step: one inspection per card past it, over the last months', async () => {
    const [r] = await q<{ inspections: number; past: number; mismatched: number; months: number }>(sql`select
      (select count(*)::int from inventorydetails) as inspections,
      (select count(*)::int from cards c join cardnodes n on n.card_id = c.id join worknodes w on w.id = n.worknode_id
        where w.name = '质检' and n.status = 'done' and not c.canceled) as past,
      (select count(*)::int from inventorydetails i join cardnodes n on n.card_id = i.card_id and n.worknode_id = i.worknode_id
        where i.quantity <> n.good_quantity or i.person_id <> n.person_id or i.inspected_at <> n.finished_at) as mismatched,
      (select count(distinct date_trunc('month', inspected_at))::int from inventorydetails) as months`);
    expect(r!.inspections).toBeGreaterThan(100);
    expect(r!.inspections).toBe(r!.past);
    expect(r!.mismatched).toBe(0);
    expect(r!.months).toBeGreaterThanOrEqual(2);
  });

  it('plans the same book for the same catalogue and moment', async () => {
    const now = new Date(2026, 2, 18, 10, 30);
    const a = await database.db.transaction(tx => loadCatalog(tx));
    expect(planOrders(a, now)).toEqual(planOrders(a, now));
  }, 60_000);

  it('adds nothing on a second run', async () => {
    const before = await counts();
    expect(await seedDemo(database.db)).toBe(false);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
