import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { baseUrl, get, post, sessionOf } from '../client';
import { admin, makeAccount, makeRole, ok, unique, type Made } from './helpers';

/**
 * Finding 2 of issue 10: "Sales sees and takes every customer. `checkselfonly` is only a client hint: sales read all
 * customers and moved another salesperson's customer to itself with customers/save saler_id." A role granted
 * customers with scope `own` now works on its own customers only — on every endpoint: list, detail, save, delete,
 * import, export, history and pull. Another's customer answers 404, as if it did not exist.
 */

interface Customer { id: number; name: string; version: number; saler_id: number | null }

let lead: Made;
let me = 0;
let colleague = 0;
let mine: Customer;
let theirs: Customer;

async function customer(saler: number, name = unique('客户')): Promise<Customer> {
  const r = ok(await post('/customers/save/', { name, saler_id: saler }, { session: await admin() }), 'make customer');
  return r.body.dt as Customer;
}

beforeAll(async () => {
  const a = await admin();
  const salers = ok(await get('/persons/list/', { is_saler: true, limit: -1 }, { session: a })).body.dt as { id: number }[];
  [me, colleague] = [salers[1]!.id, salers[2]!.id];
  // A sales lead: every action on customers, its own only.
  const role = await makeRole({
    grants: { customers: { actions: ['view', 'create', 'edit', 'delete', 'import', 'export'], scope: 'own' } },
  });
  lead = await makeAccount([role], { person_id: me });
  mine = await customer(me);
  theirs = await customer(colleague);
});

const s = () => ({ session: lead.session });

describe('a role scoped to its own customers', () => {
  it('lists only its own, with or without checkselfonly; the demo salesperson too', async () => {
    const all = ok(await get('/customers/list/', { limit: -1 }, s())).body.dt as Customer[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every(c => c.saler_id === me)).toBe(true);
    expect(all.map(c => c.id)).toContain(mine.id);
    expect(all.map(c => c.id)).not.toContain(theirs.id);
    // Asking for a colleague's customers by filter finds none.
    expect(ok(await get('/customers/list/', { saler_id: colleague, limit: -1 }, s())).body.total).toBe(0);
    const sales = await sessionOf('sales');
    const info = ok(await get('/accounts/info/', {}, { session: sales })).body as { person_id: number };
    const demo = ok(await get('/customers/list/', { limit: -1 }, { session: sales })).body.dt as Customer[];
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every(c => c.saler_id === info.person_id)).toBe(true);
  });

  it('reads the detail and history of its own customer, and finds nobody else\'s', async () => {
    expect(ok(await get('/customers/detail/', { id: mine.id }, s())).body.dt).toMatchObject({ id: mine.id });
    expect(await get('/customers/detail/', { id: theirs.id }, s())).toEqual({ status: 404, body: { msg: translate('zh', 'not_found') } });
    expect((await get('/history/list/', { table_name: 'customers', kid: mine.id }, s())).status).toBe(200);
    expect((await get('/history/list/', { table_name: 'customers', kid: theirs.id }, s())).status).toBe(404);
  });

  it('creates customers for itself only', async () => {
    const own = ok(await post('/customers/save/', { name: unique('自建') }, s()));
    expect((own.body.dt as Customer).saler_id).toBe(me);
    const forOther = await post('/customers/save/', { name: unique('代建'), saler_id: colleague }, s());
    expect(forOther.status).toBe(403);
    expect(forOther.body.errors).toEqual({ saler_id: translate('zh', 'not_own_row') });
  });

  it('cannot take a colleague\'s customer, nor hand its own to a colleague', async () => {
    const take = await post('/customers/save/', { id: theirs.id, version: theirs.version, saler_id: me }, s());
    expect(take.status).toBe(404);
    const fresh = ok(await get('/customers/detail/', { id: theirs.id }, { session: await admin() })).body.dt as Customer;
    expect(fresh.saler_id).toBe(colleague);
    const give = await post('/customers/save/', { id: mine.id, version: mine.version, saler_id: colleague }, s());
    expect(give.status).toBe(403);
    const edit = ok(await post('/customers/save/', { id: mine.id, version: mine.version, remark: 'mine to edit' }, s()));
    mine = edit.body.dt as Customer;
  });

  it('deletes only its own', async () => {
    expect((await post('/customers/delete/', { id: theirs.id }, s())).status).toBe(404);
    const doomed = await customer(me);
    ok(await post('/customers/delete/', { id: doomed.id }, s()));
    expect((await get('/customers/detail/', { id: theirs.id }, { session: await admin() })).status).toBe(200);
  });

  it('imports onto its own rows only: another\'s row is rejected, a new one becomes its own', async () => {
    const name = unique('导入');
    const r = ok(await post('/customers/import/', { rows: [{ name: theirs.name, remark: 'taken' }, { name }, { name: unique('导入'), saler_id: String(colleague) }] }, s()));
    const results = r.body.results as { status: string; errors?: Record<string, string> }[];
    expect(results.map(x => x.status)).toEqual(['rejected', 'created', 'rejected']);
    expect(results[0]!.errors).toEqual({ name: translate('zh', 'not_own_row') });
    expect(results[2]!.errors).toEqual({ saler_id: translate('zh', 'not_own_row') });
    const made = ok(await get('/customers/list/', { keyword: name }, s())).body.dt as Customer[];
    expect(made.map(c => c.saler_id)).toEqual([me]);
  });

  it('exports its own customers only', async () => {
    const r = ok(await post('/files/upload/', { resource: 'customers', titles: [{ title: 'id', field: 'id' }, { title: '业务员', field: 'saler_id' }] }, s()));
    const file = await fetch(`${baseUrl()}${r.body.url as string}`);
    const wb = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 }).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(x => x[1] === me)).toBe(true);
    expect(rows.map(x => x[0])).not.toContain(theirs.id);
  });

  it('pulls its own customers only, and learns when one stops being its own', async () => {
    const first = ok(await get('/sync/pull/', { table: 'customers', since: 0, limit: 20000 }, s())).body as
      { rows: Customer[]; deleted: number[]; cursor: number };
    expect(first.rows.length).toBeGreaterThan(0);
    expect(first.rows.every(c => c.saler_id === me)).toBe(true);
    expect(first.deleted).toEqual(expect.not.arrayContaining([theirs.id]));
    // The office hands one of them to the colleague: the next pull tells the lead to drop it.
    const handed = await customer(me);
    const latest = ok(await get('/customers/detail/', { id: handed.id }, { session: await admin() })).body.dt as Customer;
    const second = ok(await get('/sync/pull/', { table: 'customers', since: first.cursor }, s())).body as { rows: Customer[]; cursor: number };
    expect(second.rows.map(c => c.id)).toContain(handed.id);
    ok(await post('/customers/save/', { id: handed.id, version: latest.version, saler_id: colleague }, { session: await admin() }));
    const third = ok(await get('/sync/pull/', { table: 'customers', since: second.cursor }, s())).body as { rows: Customer[]; deleted: number[] };
    expect(third.rows.map(c => c.id)).not.toContain(handed.id);
    expect(third.deleted).toContain(handed.id);
  });
});
