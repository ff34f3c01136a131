import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportFactsReply, ReportTotalsReply } from '../../../src/domain/contract/report-facts';
import { dayOf, DaySplitter, joinDays } from '../../../src/domain/reports/fact-set';
import { FACT_SOURCES, REPORT_SOURCES, type ReportSource } from '../../../src/domain/reports/fact-sources';
import { localDateString } from '../../../src/domain/rules/date-single';
import { aggregate } from '../../../src/domain/rules/aggregate';
import { get, sessionOf, type DemoRole } from '../client';
import { makeAccount, makeRole } from '../security/helpers';
import { computer, deviceLogin, lineWithCards, person, pushOk, tap } from '../shopfloor/fixtures';

/**
 * `GET /reports/facts/<source>/` and `/reports/totals/<source>/` (docs/reports.md) on the demo plant: pages that join
 * up without a gap or a repeat, the aggregation of the facts equal to the database's sums to the cent (and to the
 * piece-work report's), and a role seeing only the facts of what it may view.
 */

const today = new Date();
const to = localDateString(today);
const from = localDateString(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 399));

/** The range each source is read over: the last 400 days, one day (today) for a snapshot per day (the opening stock). */
const rangeOf = (source: ReportSource) => (FACT_SOURCES[source].maxDays === 1 ? { from: to, to } : { from, to });

/** The pages as the aggregation reads them (split per day and joined, as the client does). */
function factSetOf(source: ReportSource, pages: readonly ReportFactsReply[]) {
  const split = new DaySplitter(source);
  for (const page of pages) split.add(page);
  const r = rangeOf(source);
  return joinDays(source, split.days(dayOf(r.from), dayOf(r.to))).set;
}

async function everyPage(source: ReportSource, role: DemoRole = 'admin', limit = 5_000): Promise<ReportFactsReply[]> {
  const session = await sessionOf(role);
  const pages: ReportFactsReply[] = [];
  let after = 0;
  for (;;) {
    const r = await get(`/reports/facts/${source}/`, { ...rangeOf(source), after, limit }, { session });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const page = r.body as unknown as ReportFactsReply;
    pages.push(page);
    if (page.next === null) return pages;
    after = page.next;
  }
}

async function totals(source: ReportSource, group: string, role: DemoRole = 'admin'): Promise<ReportTotalsReply> {
  const r = await get(`/reports/totals/${source}/`, { ...rangeOf(source), group }, { session: await sessionOf(role) });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body as unknown as ReportTotalsReply;
}

// A kiosk's swipes of today (the demo plant has none of its own): two cards started and finished, one unknown card
// (rejected), so the swipes' source has applied and rejected facts, and the steps' source today's.
beforeAll(async () => {
  const line = await lineWithCards([{}], 2, 20);
  const pc = await computer(line.nodes);
  const { session } = await deviceLogin(pc.code);
  const operator = await person();
  const node = line.nodes[0]!;
  await pushOk(session, pc.code, [
    ...line.cards.flatMap((c, i) => [
      tap(2 * i + 1, { card: c.show_id, worknode_id: node, person_id: operator, action: 'start' }),
      tap(2 * i + 2, { card: c.show_id, worknode_id: node, person_id: operator, action: 'finish', good: 9, bad: 1 }),
    ]),
    tap(5, { card: 'NO-SUCH-CARD', worknode_id: node, person_id: operator, action: 'start' }),
  ]);
});

describe('fact pages', () => {
  it('join up in id order without a gap or a repeat, every column as long as the page', async () => {
    const pages = await everyPage('steps', 'admin', 300);
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flatMap(p => p.ids);
    expect(ids.length).toBe((await totals('steps', 'worknode')).total.facts);
    for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
    for (const p of pages) {
      for (const k of FACT_SOURCES.steps.keys) expect(p.keys[k.name]).toHaveLength(p.count);
      for (const m of Object.keys(p.measures)) expect(p.measures[m]).toHaveLength(p.count);
      expect(Date.parse(p.asOf)).not.toBeNaN();
    }
    // Names come with the ids: every work node named on a page.
    const p = pages[0]!;
    for (const id of p.keys.worknode!) expect(p.names.worknode?.[String(id)]).toBeTruthy();
  });

  it('refuse a range that is missing, backwards or too long, and a group the source lacks, with a 400', async () => {
    const session = await sessionOf('admin');
    for (const params of [{}, { from: to, to: from }, { from: '2020-01-01', to: '2022-01-01' }, { from: 'x', to }]) {
      const r = await get('/reports/facts/steps/', params, { session });
      expect(r.status).toBe(400);
      expect(typeof r.body.msg).toBe('string');
    }
    expect((await get('/reports/totals/works/', { from, to, group: 'customer' }, { session })).status).toBe(400);
    expect((await get('/reports/totals/works/', { from, to, group: 'day' }, { session })).status).toBe(400);
  });
});

describe('agreement', () => {
  // Every source by every key: the aggregation of the facts (src/domain/rules/aggregate.ts, what the worker runs)
  // equals the database's GROUP BY of the same facts, quantities and money to the cent.
  for (const source of REPORT_SOURCES) {
    it(`${source}: the facts aggregated equal the database's sums by each key`, async () => {
      const set = factSetOf(source, await everyPage(source));
      const measures = Object.keys(set.measures);
      if (source !== 'inspections' && source !== 'prechecks') expect(set.length).toBeGreaterThan(0);
      for (const key of FACT_SOURCES[source].keys.filter(k => k.name !== 'day')) {
        const sql = await totals(source, key.name);
        const mine = aggregate(set, { groupBy: [key.name], measures: [{ op: 'count' }, ...measures.map(m => ({ op: 'sum' as const, measure: m }))] });
        expect(mine.rows).toBe(sql.rows.length);
        for (let r = 0; r < mine.rows; r++) {
          const row = sql.rows[r]!;
          expect(mine.keys[0]![r]).toBe(row.id);
          expect(mine.values[0]![r]).toBe(row.facts);
          // A group whose facts all lack a measure: NULL in SQL, 0 in the worker's sum.
          measures.forEach((m, i) => expect(mine.values[i + 1]![r], `${source} ${key.name} ${row.id} ${m}`).toBe(row.sums[m] ?? 0));
        }
        measures.forEach((m, i) => expect(mine.total[i + 1], `${source} total ${m}`).toBe(sql.total.sums[m] ?? 0));
      }
    });
  }

  it('works: the facts aggregated by person equal the piece-work report of the same range', async () => {
    const set = factSetOf('works', await everyPage('works'));
    const report = await get('/persons/works/report/', { from, to }, { session: await sessionOf('admin') });
    expect(report.status).toBe(200);
    const dt = report.body.dt as { person_id: number; records: number; quantity: number; amount: number | null }[];
    const mine = aggregate(set, { groupBy: ['person'], measures: [{ op: 'count' }, { op: 'sum', measure: 'quantity' }, { op: 'sum', measure: 'amount' }] });
    const byPerson = new Map(Array.from(mine.keys[0]!, (id, r) => [id, r]));
    expect(dt.length).toBe(mine.rows);
    for (const row of dt) {
      const r = byPerson.get(row.person_id)!;
      expect([mine.values[0]![r], mine.values[1]![r], mine.values[2]![r]]).toEqual([row.records, row.quantity, row.amount]);
    }
  });
});

describe('permissions', () => {
  it('a role sees only the facts of what it may view', async () => {
    // The operator may view card steps but not piece work, order lines' prices or customers.
    const op = await sessionOf('operator');
    expect((await get('/reports/facts/works/', { from, to }, { session: op })).status).toBe(403);
    const steps = (await get('/reports/facts/steps/', { from, to, limit: 50 }, { session: op })).body as unknown as ReportFactsReply;
    expect(steps.hidden).toEqual(['value']);
    expect(steps.measures.value).toBeUndefined();
    expect(steps.names.customer).toBeUndefined();
    // Finance may view none of the sources.
    const fin = await sessionOf('finance');
    for (const source of REPORT_SOURCES) expect((await get(`/reports/facts/${source}/`, rangeOf(source), { session: fin })).status).toBe(403);
    // Sales sees the steps of its own orders only.
    const all = factSetOf('steps', await everyPage('steps'));
    const mine = await everyPage('steps', 'sales');
    const salers = new Set(mine.flatMap(p => p.keys.saler!));
    expect(salers.size).toBeLessThanOrEqual(1);
    expect(mine.reduce((n, p) => n + p.count, 0)).toBeLessThan(all.length);
  });

  it('needs view on the source itself, not the reading of its names that a referencing resource allows', async () => {
    // Piece work references card steps, inspections' defects reference inspections: viewing them reads those names.
    const role = await makeRole({ grants: { works: { actions: ['view'] }, baddetails: { actions: ['view'] } } });
    const { session } = await makeAccount([role]);
    expect((await get('/reports/facts/works/', { from, to }, { session })).status).toBe(200);
    for (const source of ['steps', 'inspections', 'taps']) {
      expect((await get(`/reports/facts/${source}/`, { from, to }, { session })).status, source).toBe(403);
      expect((await get(`/reports/totals/${source}/`, { from, to, group: 'worknode' }, { session })).status, source).toBe(403);
    }
  });
});
