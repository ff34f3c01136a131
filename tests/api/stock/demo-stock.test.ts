import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFactsReply } from '../../../src/domain/contract/report-facts';
import { localDateString } from '../../../src/domain/rules/date-single';
import { rows } from '../../../server/db/connection';
import { postTo } from '../security/own-server';
import { expectLedgerHolds, stockServer, type Row, type StockServer } from './fixtures';

/**
 * The demo's quarter of stock (server/seed/stock.ts, issue 31 item 7): documents of every kind the plant makes,
 * all posted, consistent with the cards they name, and the ledger's invariants holding over all of it; and its
 * semi-finished inspections (server/seed/prechecks.ts), made on real cards as their steps tell, which the
 * semi-finished inspection report's facts (`prechecks`) return.
 */
let server: StockServer;
beforeAll(async () => { server = await stockServer('stockdemo'); }, 180_000);
afterAll(async () => { await server?.close(); });

describe('the demo stock', () => {
  it('has a quarter of posted documents of every kind, and the ledger holds', async () => {
    const db = server.db;
    const kinds = await rows<{ kind: string; n: number; posted: number }>(db, sql`
      select kind, count(*)::int as n, count(*) filter (where status = 'posted')::int as posted from stockdocs group by kind`);
    const by = new Map(kinds.map(k => [k.kind, k]));
    for (const kind of ['in', 'out', 'move', 'count', 'checkin']) expect(by.get(kind)?.n, kind).toBeGreaterThan(0);
    for (const k of kinds) expect(k.posted, k.kind).toBe(k.n);
    expect(by.get('in')!.n).toBeGreaterThan(20);
    const [span] = await rows<{ days: number }>(db, sql`select (max(date) - min(date))::int as days from stockdocs`);
    expect(span!.days).toBeGreaterThan(80);
    // Finished goods are checked in (kind `checkin`) as lots of their cards, at most what each card finished.
    const lots = await rows<Row>(db, sql`
      select l.card_id from itemlogs l join cards c on c.id = l.card_id
      where l.kind = 'checkin' group by l.card_id, c.finished_quantity, c.show_id
      having sum(l.quantity) > c.finished_quantity or bool_or(l.lot <> c.show_id)`);
    expect(lots).toEqual([]);
    expect((await rows(db, sql`select 1 from itemlogs where card_id is not null limit 1`)).length).toBe(1);
    // Semi-finished lots: cards put into the semi-finished store at most what their printing passed, most issued since,
    // some still there.
    expect(by.get('in_temp')?.n, 'in_temp').toBeGreaterThan(0);
    const semi = await rows<Row>(db, sql`
      select l.card_id from itemlogs l join cards c on c.id = l.card_id join cardnodes n on n.card_id = c.id
        join worknodes w on w.id = n.worknode_id and w.name = '印刷'
      where l.kind = 'in_temp' group by l.card_id, n.good_quantity, c.show_id
      having sum(l.quantity) > n.good_quantity or bool_or(l.lot <> c.show_id)`);
    expect(semi).toEqual([]);
    const [left] = await rows<{ issued: number; waiting: number }>(db, sql`
      select (select count(*) from itemlogs l join warehouses w on w.id = l.warehouse_id where w.kind = 'semi' and l.kind = 'out')::int as issued,
        (select count(*) from stocklots s join warehouses w on w.id = s.warehouse_id where w.kind = 'semi' and s.quantity > 0)::int as waiting`);
    expect(left!.issued).toBeGreaterThan(0);
    expect(left!.waiting).toBeGreaterThan(0);
    // The stocktake found differences on some reels.
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from itemlogs where kind = 'count'`);
    expect(count!.n).toBeGreaterThan(0);
    await expectLedgerHolds(db);
    expect(await rows(db, sql`select 1 from stocklots where quantity < 0`)).toEqual([]);
  });
});

describe('the demo semi-finished inspections', () => {
  it('are made at the lines on real cards, as their steps tell, by the demo inspectors, with their defects by reason', async () => {
    const db = server.db;
    const [all] = await rows<{ n: number; nodes: number; persons: number; bad: number; two: number; days: number }>(db, sql`
      select count(*)::int as n, count(distinct worknode_id)::int as nodes, count(distinct person_id)::int as persons,
        count(*) filter (where bad_quantity > 0)::int as bad, count(*) filter (where cardinality(defects) > 1)::int as two,
        (max(inspected_at)::date - min(inspected_at)::date)::int as days
      from predetails`);
    expect(all!.n).toBeGreaterThan(500);
    expect(all!.nodes).toBeGreaterThanOrEqual(2);
    expect(all!.persons).toBeGreaterThanOrEqual(2);
    expect(all!.bad).toBeGreaterThan(50);
    expect(all!.two).toBeGreaterThan(0);
    expect(all!.days).toBeGreaterThan(60);
    // Each on a live card, at a node of its workflow whose step is done: passed and bad are the step's, inspected after
    // it finished and before the next step started (or now).
    const offCard = await rows<Row>(db, sql`
      select p.id from predetails p
        left join cards c on c.id = p.card_id
        left join workflows f on f.id = c.workflow_id
        left join cardnodes n on n.card_id = p.card_id and n.worknode_id = p.worknode_id and not n.canceled
        left join cardnodes m on m.card_id = n.card_id and m.seq = n.seq + 1
      where p.canceled or c.id is null or c.canceled or c.show_id <> p.card_show_id or c.item_id is distinct from p.item_id
        or not coalesce(p.worknode_id = any(f.worknode_ids), false) or n.id is null or n.status <> 'done'
        or p.quantity <> n.good_quantity or coalesce(p.bad_quantity, 0) <> coalesce(n.bad_quantity, 0)
        or p.inspected_at < n.finished_at or p.inspected_at >= coalesce(m.started_at, now())`);
    expect(offCard).toEqual([]);
    // At the nodes a semi-finished tablet serves (never the inspection step), named as the terminal; by a person of the
    // inspection step's department, not its head.
    const offPlace = await rows<Row>(db, sql`
      select p.id from predetails p
        left join computers k on k.id = p.computer_id
        left join worknodes w on w.id = p.worknode_id
        left join persons u on u.id = p.person_id
        left join departments d on d.id = u.department_id
      where k.id is null or k.screen <> 'precheck' or not coalesce(p.worknode_id = any(k.worknode_ids), false) or w.is_inspection
        or u.id is null or u.id = d.manager_id
        or not exists (select 1 from worknodes q where q.is_inspection and q.department_id = u.department_id)`);
    expect(offPlace).toEqual([]);
    // The bad quantity is the sum of its defect rows, one per reason it names, each a reason of the config and carrying
    // the inspection's card, item, node, inspector and time.
    const offDefects = await rows<Row>(db, sql`
      select p.id from predetails p
        left join lateral (
          select coalesce(sum(b.quantity), 0) as q, array_agg(b.reason order by b.reason) as reasons,
            coalesce(bool_and(b.source = 'precheck' and b.card_id = p.card_id and b.card_show_id = p.card_show_id
              and b.item_id is not distinct from p.item_id and b.worknode_id = p.worknode_id and b.person_id = p.person_id
              and b.found_at = p.inspected_at and b.quantity > 0), true) as same
          from baddetails b where b.predetail_id = p.id and not b.canceled) b on true
      where b.q <> coalesce(p.bad_quantity, 0) or not b.same
        or coalesce((select array_agg(r order by r) from unnest(p.defects) r), '{}') <> coalesce(b.reasons, '{}')`);
    expect(offDefects).toEqual([]);
    const [config] = await rows<{ values: string }>(db, sql`select "values" from configs where name = 'defect_reasons'`);
    const reasons = await rows<{ reason: string }>(db, sql`select distinct reason from baddetails where source = 'precheck'`);
    expect(reasons.length).toBeGreaterThan(3);
    const configured = JSON.parse(config!.values) as string[];
    for (const r of reasons) expect(configured, r.reason).toContain(r.reason);
    expect(await rows(db, sql`select id from baddetails where source = 'precheck' and predetail_id is null`)).toEqual([]);
  });

  it('are what the semi-finished inspection report\'s facts return over the demo\'s quarter, for the inspector', async () => {
    const db = server.db;
    const [span] = await rows<{ first: Date; last: Date }>(db, sql`
      select min(inspected_at) as first, max(inspected_at) as last from predetails`);
    const from = localDateString(new Date(span!.first)), to = localDateString(new Date(span!.last));
    const login = await postTo(server.url, '/accounts/login/', { username: 'inspector', password: 'insp123' });
    expect(login.status).toBe(200);
    const ids: number[] = [];
    const sums = { inspections: 0, passed: 0, bad: 0, defects: 0, defect: 0 };
    for (let after = 0; ;) {
      const q = new URLSearchParams({ ios: '1', from, to, after: String(after), limit: '2000' });
      const r = await fetch(`${server.url}/reports/facts/prechecks/?${q.toString()}`, { headers: { authorization: login.body.sessionid as string } });
      expect(r.status).toBe(200);
      const page = await r.json() as ReportFactsReply;
      ids.push(...page.ids);
      for (const m of Object.keys(sums) as (keyof typeof sums)[]) sums[m] += page.measures[m]!.reduce<number>((a, v) => a + (v ?? 0), 0);
      if (page.next === null) break;
      after = page.next;
    }
    // One fact per inspection (2 × its id) and one per defect row (2 × its id + 1): every one of the demo's, nothing else.
    const inspections = await rows<{ id: number }>(db, sql`select id from predetails order by id`);
    const defects = await rows<{ id: number }>(db, sql`select id from baddetails where predetail_id is not null order by id`);
    expect(new Set(ids)).toEqual(new Set([...inspections.map(p => Number(p.id) * 2), ...defects.map(b => Number(b.id) * 2 + 1)]));
    const [db_] = await rows<{ passed: number; bad: number; defect: number }>(db, sql`
      select (select sum(quantity) from predetails)::float8 as passed, (select sum(bad_quantity) from predetails)::float8 as bad,
        (select sum(quantity) from baddetails where predetail_id is not null)::float8 as defect`);
    expect(sums.inspections).toBe(inspections.length);
    expect(sums.defects).toBe(defects.length);
    expect(sums.passed).toBeCloseTo(db_!.passed, 4);
    expect(sums.bad).toBeCloseTo(db_!.bad, 4);
    expect(sums.defect).toBeCloseTo(db_!.defect, 4);
    expect(sums.defect).toBeCloseTo(sums.bad, 4);
  });
});
