import { beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../src/domain/messages/catalog';
import { get, post, sessionOf, type Reply } from './client';

/**
 * The generic write endpoints of DESIGN §4 over HTTP: save (create/update with optimistic versions), delete of master
 * data (refused while referenced), cancel of documents, history, the sync cursor, and how a save treats duplicates,
 * missing references and hostile text.
 */

type Row = Record<string, unknown>;
type Params = Record<string, unknown>;

let admin = '';
let adminName = '';
const mark = `W${Date.now().toString(36)}`;
let n = 0;
const uniq = (what: string) => `${mark}-${what}-${++n}`;

function ok(r: Reply): Reply {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}
const dtOf = (r: Reply): Row => ok(r).body.dt as Row;
const rowsOf = (r: Reply): Row[] => ok(r).body.dt as Row[];
const call = {
  get: (path: string, params: Params = {}) => get(path, params, { session: admin }),
  post: (path: string, values: Params = {}) => post(path, values, { session: admin }),
};
const save = async (path: string, values: Params): Promise<Row> => dtOf(await call.post(path, values));
const detail = (path: string, id: unknown) => call.get(path, { id });

beforeAll(async () => {
  admin = await sessionOf('admin');
  const [me] = rowsOf(await call.get('/accounts/list/', { username: 'admin', limit: -1 }));
  adminName = String(me?.name);
  expect(adminName).not.toBe('undefined');
});

describe('create, update and the version check', () => {
  it('creates, reads, updates with the current version and refuses a stale one with 409', async () => {
    const name = uniq('cust');
    const created = ok(await call.post('/customers/save/', { name, code: uniq('c'), contact: 'Ann' }));
    const id = created.body.id as number;
    expect(created.body.version).toBe(1);
    const c0 = dtOf(await detail('/customers/detail/', id));
    expect(c0).toMatchObject({ id, name, contact: 'Ann', version: 1, name_ok: false, created_by: expect.any(Number) });
    expect(c0.updated_by).toBe(c0.created_by);

    const upd = ok(await call.post('/customers/save/', { id, version: 1, contact: 'Bob' }));
    expect(upd.body.version).toBe(2);
    const c1 = dtOf(await detail('/customers/detail/', id));
    expect(c1).toMatchObject({ id, name, contact: 'Bob', version: 2 });
    expect(c1.rev as number).toBeGreaterThan(c0.rev as number);
    expect(Date.parse(c1.updated_at as string)).toBeGreaterThanOrEqual(Date.parse(c0.updated_at as string));
    expect(c1.created_at).toBe(c0.created_at);

    const stale = await call.post('/customers/save/', { id, version: 1, contact: 'Carl' });
    expect(stale.status).toBe(409);
    expect(stale.body.updated_by_name).toBe(adminName);
    expect(stale.body.updated_at).toBe(c1.updated_at);
    expect(stale.body.version).toBe(2);
    const at = (c1.updated_at as string).replace('T', ' ').slice(0, 19);
    expect(stale.body.msg).toBe(zh.stale_version.replace('{by}', adminName).replace('{at}', at));
    expect(dtOf(await detail('/customers/detail/', id))).toEqual(c1);

    // a version from the future is as stale as one from the past
    expect((await call.post('/customers/save/', { id, version: 3, contact: 'Dan' })).status).toBe(409);
    // an update of a row that does not exist
    const gone = await call.post('/customers/save/', { id: 999999999, version: 1, contact: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe(zh.not_found);
  });

  it('lets only one of two concurrent updates with the same version win', async () => {
    const c = await save('/customers/save/', { name: uniq('race') });
    const rs = await Promise.all(['A', 'B', 'C'].map(v => call.post('/customers/save/', { id: c.id, version: 1, contact: v })));
    expect(rs.map(r => r.status).sort()).toEqual([200, 409, 409]);
    const winner = rs.find(r => r.status === 200)!;
    const now = dtOf(await detail('/customers/detail/', c.id));
    expect(now.version).toBe(2);
    expect(now.contact).toBe((winner.body.dt as Row).contact);
  });

  it('accepts an item= JSON object as well as plain form fields', async () => {
    const name = uniq('json');
    const r = ok(await call.post('/customers/save/', { item: { name, name_ok: true, remark: null, saler_id: null } }));
    const id = r.body.id as number;
    expect(dtOf(await detail('/customers/detail/', id))).toMatchObject({ name, name_ok: true, remark: null, version: 1 });
    const u = ok(await call.post('/customers/save/', { item: { id, version: 1, name_ok: false, contact: 'J' } }));
    expect(u.body.version).toBe(2);
    expect(dtOf(await detail('/customers/detail/', id))).toMatchObject({ name, name_ok: false, contact: 'J', version: 2 });
    // and plain fields with form strings for typed values
    const p = ok(await call.post('/customers/save/', { id, version: 2, name_ok: '1', remark: 'plain' }));
    expect(p.body.dt).toMatchObject({ name_ok: true, remark: 'plain', version: 3 });
    // a list as item is no object
    const bad = await call.post('/customers/save/', { item: [{ name: uniq('arr') }] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(zh.invalid_json);
  });
});

describe('delete of master data', () => {
  it('refuses to delete a referenced row, naming the references, then deletes once they are gone', async () => {
    const cat = await save('/customercategories/save/', { name: uniq('cat') });
    const cust = await save('/customers/save/', { name: uniq('of-cat'), category_id: cat.id });
    expect(cust.category_id_name).toBe(cat.name);

    const refused = await call.post('/customercategories/delete/', { id: cat.id });
    expect(refused.status).toBe(409);
    expect(refused.body.references).toEqual([{ resource: 'customers', id: cust.id, name: cust.name }]);
    const msg = String(refused.body.msg);
    expect(msg.startsWith(zh.referenced.replace('{list}', ''))).toBe(true);
    expect(msg).toContain(String(cust.name));
    expect(dtOf(await detail('/customercategories/detail/', cat.id))).toEqual(cat);

    expect(ok(await call.post('/customers/delete/', { id: cust.id })).body.msg).toBe('OK');
    expect((await detail('/customers/detail/', cust.id)).status).toBe(404);
    expect(ok(await call.post('/customercategories/delete/', { id: cat.id })).body.msg).toBe('OK');
    expect((await detail('/customercategories/detail/', cat.id)).status).toBe(404);

    const again = await call.post('/customercategories/delete/', { id: cat.id });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe(zh.not_found);
  });

  it('refuses to delete a row named in a list reference (workflows.worknode_ids)', async () => {
    const node = await save('/workflows/worknodes/save/', { code: uniq('wn'), name: uniq('node') });
    const wf = await save('/workflows/workflows/save/', { code: uniq('wf'), name: uniq('flow'), worknode_ids: [node.id] });
    const r = await call.post('/workflows/worknodes/delete/', { id: node.id });
    expect(r.status).toBe(409);
    expect(r.body.references).toEqual([{ resource: 'workflows', id: wf.id, name: wf.name }]);
    ok(await call.post('/workflows/workflows/delete/', { id: wf.id }));
    ok(await call.post('/workflows/worknodes/delete/', { id: node.id }));
  });
});

/** A pulled row is the saved row without its empty fields (an offline copy reads a missing field as empty). */
const pulledForm = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));

describe('sync cursor', () => {
  it('pulls the rows changed after a cursor and the ids deleted after it', async () => {
    const first = ok(await call.get('/sync/pull/', { table: 'items', since: 0, limit: 20000 }));
    expect(first.body.more).toBe(false);
    const c0 = first.body.cursor as number;
    expect(c0).toBeGreaterThan(0);

    const item = await save('/items/save/', { code: uniq('sync'), name: 'sync item', price: 1.5 });
    const p1 = ok(await call.get('/sync/pull/', { table: 'items', since: c0 }));
    expect((p1.body.rows as Row[]).map(r => r.id)).toEqual([item.id]);
    expect(p1.body.rows).toEqual([pulledForm(item)]);
    expect(p1.body.deleted).toEqual([]);
    const c1 = p1.body.cursor as number;
    expect(c1).toBe(item.rev);

    const nothing = ok(await call.get('/sync/pull/', { table: 'items', since: c1 }));
    expect(nothing.body).toMatchObject({ rows: [], deleted: [], cursor: c1, more: false });

    const upd = ok(await call.post('/items/save/', { id: item.id, version: 1, price: 2.25 }));
    const p2 = ok(await call.get('/sync/pull/', { table: 'items', since: c1 }));
    expect(p2.body.rows).toEqual([pulledForm(upd.body.dt as Row)]);
    const c2 = p2.body.cursor as number;
    expect(c2).toBeGreaterThan(c1);

    ok(await call.post('/items/delete/', { id: item.id }));
    const p3 = ok(await call.get('/sync/pull/', { table: 'items', since: c2 }));
    expect(p3.body.rows).toEqual([]);
    expect(p3.body.deleted).toEqual([item.id]);
    expect(p3.body.cursor as number).toBeGreaterThan(c2);
    // a client that never saw the row learns of the deletion too, and does not get the row
    const p4 = ok(await call.get('/sync/pull/', { table: 'items', since: c0 }));
    expect(p4.body.deleted).toEqual([item.id]);
    expect((p4.body.rows as Row[]).map(r => r.id)).not.toContain(item.id);
  });

  it('refuses a resource that is not offline or does not exist, and a bad cursor', async () => {
    const rs = await Promise.all([
      call.get('/sync/pull/', { table: 'suppliers', since: 0 }),
      call.get('/sync/pull/', { table: 'nope', since: 0 }),
      call.get('/sync/pull/', { table: 'items', since: 'x' }),
      call.get('/sync/pull/', { table: 'items', since: -1 }),
    ]);
    for (const r of rs) expect(r.status).toBe(400);
  });
});

describe('documents are cancelled, not deleted', () => {
  it('cancels a journal once; there is no delete; master data has no cancel', async () => {
    const j = await save('/journals/save/', { day: '2026-01-02', kind: 'notice', title: uniq('journal') });
    expect(j.canceled).toBe(false);
    const c = ok(await call.post('/journals/cancel/', { id: j.id }));
    expect(c.body.dt).toMatchObject({ id: j.id, canceled: true, version: 2 });
    const again = await call.post('/journals/cancel/', { id: j.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(zh.already_canceled);

    const del = await call.post('/journals/delete/', { id: j.id });
    expect(del.status).toBe(404);
    expect(del.body.msg).toBe(zh.route_not_found);
    expect(dtOf(await detail('/journals/detail/', j.id))).toMatchObject({ id: j.id, canceled: true });
    const listed = rowsOf(await call.get('/journals/list/', { id: j.id }));
    expect(listed.map(r => [r.id, r.canceled])).toEqual([[j.id, true]]);

    const cust = await save('/customers/save/', { name: uniq('nocancel') });
    const cc = await call.post('/customers/cancel/', { id: cust.id });
    expect(cc.status).toBe(404);
    expect(cc.body.msg).toBe(zh.route_not_found);
    expect(dtOf(await detail('/customers/detail/', cust.id)).version).toBe(1);

    const missing = await call.post('/journals/cancel/', { id: 999999999 });
    expect(missing.status).toBe(404);
  });
});

describe('history', () => {
  it('lists create, update and delete of a row with who, when, before and after', async () => {
    const started = Date.now() - 5000;
    const name = uniq('hist');
    const created = await save('/customers/save/', { name, contact: 'old contact', phone: '123' });
    const id = created.id as number;
    const updated = await save('/customers/save/', { id, version: 1, contact: 'new contact' });
    ok(await call.post('/customers/delete/', { id }));

    const h = ok(await call.get('/history/list/', { table_name: 'customers', kid: id }));
    const entries = h.body.dt as Row[];
    expect(h.body.total).toBe(3);
    expect(entries.map(e => e.action)).toEqual(['create', 'update', 'delete']);
    for (const e of entries) {
      expect(e.by_name).toBe(adminName);
      expect(e.kid).toBe(id);
      expect(e.table_name).toBe('customers');
      expect(Date.parse(e.at as string)).toBeGreaterThanOrEqual(started);
      expect(Date.parse(e.at as string)).toBeLessThanOrEqual(Date.now() + 5000);
    }
    const [c, u, d] = entries as [Row, Row, Row];
    expect(c.before).toBeNull();
    expect(c.after).toMatchObject({ id, name, contact: 'old contact', phone: '123', version: 1 });
    expect(u.before).toMatchObject({ id, name, contact: 'old contact', version: 1 });
    expect(u.after).toMatchObject({ id, name, contact: 'new contact', phone: '123', version: 2, rev: updated.rev });
    expect(d.before).toMatchObject({ id, name, contact: 'new contact', version: 2 });
    expect(d.after).toBeNull();
    expect((u.rev as number)).toBeGreaterThan(c.rev as number);
    expect((d.rev as number)).toBeGreaterThan(u.rev as number);
  });

  it('names the rows its references point at, and leaves a deleted one to its id', async () => {
    const a = await save('/persons/save/', { code: uniq('pa'), name: '张三' });
    const b = await save('/persons/save/', { code: uniq('pb'), name: '李四' });
    const gone = await save('/persons/save/', { code: uniq('pc'), name: '王五' });
    const cust = await save('/customers/save/', { name: uniq('hist-ref'), saler_id: a.id });
    ok(await call.post('/customers/save/', { id: cust.id, version: 1, saler_id: b.id }));
    ok(await call.post('/customers/save/', { id: cust.id, version: 2, saler_id: gone.id }));
    ok(await call.post('/customers/save/', { id: cust.id, version: 3, saler_id: '' }));
    ok(await call.post('/persons/delete/', { id: gone.id }));
    const n1 = await save('/workflows/worknodes/save/', { code: uniq('w1'), name: '裁切' });
    const n2 = await save('/workflows/worknodes/save/', { code: uniq('w2'), name: '印刷' });
    const flow = await save('/workflows/workflows/save/', { code: uniq('wf'), name: 'flow', worknode_ids: JSON.stringify([n2.id, n1.id]) });

    const h = ok(await call.get('/history/list/', { table_name: 'customers', kid: cust.id }));
    expect(h.body.names).toEqual({ persons: { [a.id as number]: '张三', [b.id as number]: '李四' } });
    const f = ok(await call.get('/history/list/', { table_name: 'workflows', kid: flow.id }));
    expect((f.body.names as Record<string, unknown>).worknodes).toEqual({ [n1.id as number]: '裁切', [n2.id as number]: '印刷' });
  });

  it('never keeps a password hash', async () => {
    const acc = await save('/accounts/save/', { username: uniq('u'), name: 'History Test', password: 'first-secret' });
    ok(await call.post('/accounts/save/', { id: acc.id, version: 1, password: 'second-secret' }));
    const h = ok(await call.get('/history/list/', { table_name: 'accounts', kid: acc.id }));
    expect((h.body.dt as Row[]).map(e => e.action)).toEqual(['create', 'update']);
    const text = JSON.stringify(h.body);
    expect(text).not.toMatch(/scrypt|first-secret|second-secret|"password"/);
  });

  it('answers 400 without a known table or a kid', async () => {
    const rs = await Promise.all([
      call.get('/history/list/', { kid: 1 }), call.get('/history/list/', { table_name: 'nope', kid: 1 }),
      call.get('/history/list/', { table_name: 'customers' }), call.get('/history/list/', { table_name: 'customers', kid: 'x' }),
    ]);
    for (const r of rs) expect(r.status).toBe(400);
  });
});

describe('constraint violations answer 4xx, never 500', () => {
  it('answers 409 with errors.name for a duplicate unique value, on create, update and a race', async () => {
    const name = uniq('dup');
    await save('/customers/save/', { name });
    const dup = await call.post('/customers/save/', { name });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(zh.duplicate);
    expect(dup.body.errors?.name).toBe(zh.duplicate);

    const other = await save('/customers/save/', { name: uniq('dup-other') });
    const rename = await call.post('/customers/save/', { id: other.id, version: 1, name });
    expect(rename.status).toBe(409);
    expect(rename.body.errors?.name).toBe(zh.duplicate);
    expect(dtOf(await detail('/customers/detail/', other.id))).toEqual(other);

    const raceName = uniq('dup-race');
    const race = await Promise.all([1, 2, 3].map(() => call.post('/customers/save/', { name: raceName })));
    expect(race.map(r => r.status).sort()).toEqual([200, 409, 409]);
    const found = rowsOf(await call.get('/customers/list/', { name: raceName, limit: -1 }));
    expect(found).toHaveLength(1);
  });

  it('stores an empty unique code as no code, so two blanks do not collide', async () => {
    const [a, b] = await Promise.all([
      call.post('/customers/save/', { name: uniq('blank'), code: '' }),
      call.post('/customers/save/', { name: uniq('blank'), code: '' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body.dt as Row).code).toBeNull();
  });

  it('answers 422 with errors.<field> for a reference to a missing row', async () => {
    const before = ok(await call.get('/customers/list/', { limit: 1 })).body.total;
    const r = await call.post('/customers/save/', { name: uniq('badref'), category_id: 999999 });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(zh.invalid_input);
    expect(r.body.errors?.category_id).toBe(zh.ref_missing);
    const w = await call.post('/workflows/workflows/save/', { code: uniq('wf'), name: 'x', worknode_ids: [999999] });
    expect(w.status).toBe(422);
    expect(w.body.errors?.worknode_ids).toBe(zh.ref_missing);
    expect(ok(await call.get('/customers/list/', { limit: 1 })).body.total).toBe(before);
  });
});

describe('hostile text', () => {
  it('stores SQL and HTML metacharacters, wildcards, emoji and Chinese verbatim and finds them by keyword', async () => {
    const m = uniq('meta').replace(/-/g, '');
    const texts = {
      name: `${m} '; drop table customers; --`,
      short_name: `<script>alert(1)</script>${m}`,
      contact: `${m}%_\\x`,
      phone: `${m}😀👍🏽`,
      address: '中文地址：上海市 "quoted" `back`',
      remark: "O'Brien \\'; select pg_sleep(1); -- <img src=x onerror=alert(1)> &amp; \r\n tab\t end",
    };
    const created = await save('/customers/save/', texts);
    const other = await save('/customers/save/', { name: `${m} other`, contact: `${m}ab\\x` });
    const back = dtOf(await detail('/customers/detail/', created.id));
    expect(back).toMatchObject(texts);
    expect(created).toMatchObject(texts);

    const search = async (keyword: string) =>
      rowsOf(await call.get('/customers/list/', { keyword, limit: -1 })).map(r => r.id as number).sort((a, b) => a - b);
    expect(await search(`${m} '; drop table customers; --`)).toEqual([created.id]);
    expect(await search(`<script>alert(1)</script>${m}`)).toEqual([created.id]);
    expect(await search(`${m}😀👍🏽`)).toEqual([created.id]);
    // % and _ are literal: as wildcards they would also find `${m}ab\x`
    expect(await search(`${m}%_\\`)).toEqual([created.id]);
    expect(await search(`${m}%`)).toEqual([created.id]);
    expect(await search(`${m}_`)).toEqual([]);
    expect(await search(`${m}ab\\`)).toEqual([other.id]);
    expect(await search(m)).toEqual([created.id as number, other.id as number].sort((a, b) => a - b));
    // the table is still there
    expect(ok(await call.get('/customers/list/', { limit: 1 })).body.total as number).toBeGreaterThan(0);

    // and the same through item= JSON and in Chinese
    const zhName = `${m} 客户名称 中文`;
    const viaJson = ok(await call.post('/customers/save/', { item: { name: zhName, remark: texts.remark } }));
    expect(dtOf(await detail('/customers/detail/', viaJson.body.id))).toMatchObject({ name: zhName, remark: texts.remark });
    expect(await search(`${m} 客户名称`)).toEqual([viaJson.body.id]);
  });
});
