import { beforeAll, describe, expect, it } from 'vitest';
import { en, zh } from '../../src/domain/messages/catalog';
import { get, post, sessionOf, type Reply, listEvery } from './client';

/**
 * `POST <base>/import/` over HTTP (docs/api.md): 10,000 items in batches with 5 bad rows, an idempotent re-run,
 * changed rows updated with history, references by code, name or id, hostile keys, and bodies refused with 4xx.
 * Every code is fresh (`mark`), so the seeded rows other test files read are left as they were.
 */

type Row = Record<string, unknown>;
interface Result { row: number; status: string; id?: number; errors?: Record<string, string> }
interface ImportReply { created: number; updated: number; unchanged: number; rejected: number; results: Result[]; summary: string }

let admin = '';
const mark = `IM${Date.now().toString(36).toUpperCase()}`;

function ok(r: Reply): Reply {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}
const importInto = async (base: string, rows: unknown, lang = 'zh'): Promise<ImportReply> =>
  ok(await post(`${base}/import/`, { rows, lang }, { session: admin })).body as unknown as ImportReply;
const listAll = (path: string, params: Row): Promise<Row[]> => listEvery(path, params, { session: admin });

/** Sends rows in batches like the import screen does, and sums the replies (row numbers made file-wide). */
async function importInBatches(base: string, rows: Row[], size: number) {
  const sum = { created: 0, updated: 0, unchanged: 0, rejected: 0, results: [] as Result[] };
  for (let i = 0; i < rows.length; i += size) {
    const r = await importInto(base, rows.slice(i, i + size));
    for (const k of ['created', 'updated', 'unchanged', 'rejected'] as const) sum[k] += r[k];
    sum.results.push(...r.results.map(x => ({ ...x, row: x.row + i })));
  }
  return sum;
}

beforeAll(async () => {
  admin = await sessionOf('admin');
});

describe('10,000 items with 5 bad rows', () => {
  const N = 10_000;
  const code = (i: number) => `${mark}-${String(i).padStart(5, '0')}`;
  // Cells as a sheet gives them: text, numbers as text, references by name or code.
  const rows: Row[] = Array.from({ length: N }, (_, i) => ({
    code: code(i), name: `导入物料 ${i}`, spec: `${100 + (i % 50)}x${200 + (i % 30)}`, unit: '个',
    category_id: i % 2 ? '纸箱' : 'FG02', workflow_id: i % 3 ? 'WF01' : '彩盒工艺',
    weight: String((i % 100) / 10), price: String(1 + (i % 997) / 100), active: i % 10 ? '是' : '否',
  }));
  const BAD = { noName: 137, badPrice: 2222, badCategory: 4444, negativeWeight: 6666, duplicate: 8888 } as const;
  rows[BAD.noName] = { ...rows[BAD.noName], name: '' };
  rows[BAD.badPrice] = { ...rows[BAD.badPrice], price: 'abc' };
  rows[BAD.badCategory] = { ...rows[BAD.badCategory], category_id: 'No such category' };
  rows[BAD.negativeWeight] = { ...rows[BAD.negativeWeight], weight: '-1' };
  // The same code as the row before it, in the same batch: the later row is the one rejected.
  rows[BAD.duplicate] = { ...rows[BAD.duplicate], code: code(BAD.duplicate - 1) };

  it('imports the good rows and reports the bad ones with reasons', async () => {
    const r = await importInBatches('/items', rows, 1000);
    expect({ created: r.created, updated: r.updated, unchanged: r.unchanged, rejected: r.rejected })
      .toEqual({ created: N - 5, updated: 0, unchanged: 0, rejected: 5 });
    const rejected = r.results.filter(x => x.status === 'rejected');
    expect(rejected.map(x => x.row).sort((a, b) => a - b)).toEqual(Object.values(BAD).sort((a, b) => a - b));
    const reason = (row: number) => rejected.find(x => x.row === row)!.errors!;
    expect(reason(BAD.noName)).toEqual({ name: zh.required });
    expect(reason(BAD.badPrice)).toEqual({ price: zh.not_number });
    expect(reason(BAD.badCategory)).toEqual({ category_id: zh.ref_not_found.replace('{value}', 'No such category') });
    expect(reason(BAD.negativeWeight)).toEqual({ weight: zh.too_small.replace('{min}', '0') });
    expect(reason(BAD.duplicate)).toEqual({ code: zh.duplicate_in_import });

    const stored = await listAll('/items/list/', { keyword: mark });
    expect(stored.length).toBe(N - 5);
    const one = stored.find(x => x.code === code(3))!;
    expect(one).toMatchObject({ name: '导入物料 3', category_id_name: '纸箱', workflow_id_name: '彩盒工艺', weight: 0.3,
      price: 1.03, active: true, version: 1 });
    expect(stored.find(x => x.code === code(10))).toMatchObject({ active: false, category_id_name: '彩盒', workflow_id_name: '纸箱工艺' });
  });

  it('a second import of the same rows creates and updates nothing', async () => {
    const r = await importInBatches('/items', rows, 500);
    expect({ created: r.created, updated: r.updated, unchanged: r.unchanged, rejected: r.rejected })
      .toEqual({ created: 0, updated: 0, unchanged: N - 5, rejected: 5 });
    expect((await listAll('/items/list/', { keyword: mark })).length).toBe(N - 5);
    const one = (await listAll('/items/list/', { code: code(3) }))[0]!;
    expect(one.version).toBe(1);
  });

  it('changed rows are updated, with a new version and a history row', async () => {
    const changed = [5, 6, 7].map(i => ({ ...rows[i], price: '99.5', remark: 'changed' }));
    const r = await importInto('/items', [...changed, rows[8]], 'en');
    expect(r).toMatchObject({ created: 0, updated: 3, unchanged: 1, rejected: 0 });
    expect(r.summary).toBe(en.import_done.replace('{created}', '0').replace('{updated}', '3')
      .replace('{unchanged}', '1').replace('{rejected}', '0'));
    const item = (await listAll('/items/list/', { code: code(5) }))[0]!;
    expect(item).toMatchObject({ price: 99.5, remark: 'changed', version: 2 });
    const hist = ok(await get('/history/list/', { table_name: 'items', kid: item.id }, { session: admin })).body.dt as Row[];
    expect(hist.map(h => h.action)).toEqual(['create', 'update']);
    expect((hist[1]!.before as Row).price).toBe(1.05);
    expect((hist[1]!.after as Row).price).toBe(99.5);
  });
});

describe('values and references', () => {
  it('resolves references by code, display name or id; an unknown one names the value', async () => {
    const [cat] = await listAll('/itemcategories/list/', { name: '原纸' });
    const rows = [
      { code: `${mark}-R1`, name: 'by code', category_id: 'RM01' },
      { code: `${mark}-R2`, name: 'by name', category_id: '原纸' },
      { code: `${mark}-R3`, name: 'by id', category_id: String(cat!.id) },
      { code: `${mark}-R4`, name: 'unknown', category_id: 'Nope' },
    ];
    const r = await importInto('/items', rows, 'en');
    expect(r.results.map(x => x.status)).toEqual(['created', 'created', 'created', 'rejected']);
    expect(r.results[3]!.errors).toEqual({ category_id: '"Nope" not found' });
    const got = await listAll('/items/list/', { keyword: `${mark}-R` });
    expect(got.map(g => g.category_id).every(id => id === cat!.id)).toBe(true);

    // A list of references: work nodes by name or code, in the order given.
    const wf = await importInto('/workflows/workflows', [
      { code: `${mark}-WF`, name: 'import flow', worknode_ids: '开料, WN02、质检' },
    ]);
    expect(wf.created).toBe(1);
    const [flow] = await listAll('/workflows/workflows/list/', { code: `${mark}-WF` });
    expect(flow!.worknode_ids_names).toEqual(['开料', '印刷', '质检']);
  });

  it('absent columns stay, empty cells clear, decimals compare at the stored scale', async () => {
    const c = `${mark}-V1`;
    await importInto('/items', [{ code: c, name: 'v', remark: 'keep me', spec: 'S', weight: '1.23456', price: '2.5' }]);
    const again = await importInto('/items', [{ code: c, name: 'v', weight: '1.23456', price: '2.5000' }]);
    expect(again.unchanged).toBe(1);
    const cleared = await importInto('/items', [{ code: c, spec: '' }]);
    expect(cleared.updated).toBe(1);
    const [item] = await listAll('/items/list/', { code: c });
    expect(item).toMatchObject({ remark: 'keep me', spec: null, weight: 1.2346, price: 2.5, name: 'v' });
    // Money is not rounded: a price of five decimals is the row's error, and the item keeps its price (decision 240).
    const five = await importInto('/items', [{ code: c, name: 'v', price: '2.50001' }]);
    expect(five.results[0]!.status).toBe('rejected');
    expect(five.results[0]!.errors).toEqual({ price: zh.too_many_decimals.replace('{max}', '4') });
    expect((await listAll('/items/list/', { code: c }))[0]).toMatchObject({ price: 2.5 });
    // An empty cell of a field with a default means the default, on create and on every re-run.
    const d = `${mark}-V2`;
    expect((await importInto('/items', [{ code: d, name: 'd', active: '' }])).created).toBe(1);
    expect((await importInto('/items', [{ code: d, name: 'd', active: '' }])).unchanged).toBe(1);
    expect((await listAll('/items/list/', { code: d }))[0]).toMatchObject({ active: true });
  });

  it('another unique field: the later of two equal values, and a value another row holds, are refused', async () => {
    const [taken] = await listAll('/customers/list/', { limit: 1, sort: 'code' });
    const r = await importInto('/customers', [
      { name: `${mark} 客户A`, code: `${mark}-C1` },
      { name: `${mark} 客户B`, code: `${mark}-C1` },
      { name: `${mark} 客户C`, code: String(taken!.code) },
    ]);
    expect(r.results.map(x => x.status)).toEqual(['created', 'rejected', 'rejected']);
    expect(r.results[1]!.errors).toEqual({ code: zh.duplicate_in_import });
    expect(r.results[2]!.errors).toEqual({ code: zh.duplicate });
  });
});

describe('hostile and malformed input', () => {
  it('keys named __proto__ or constructor are refused as unknown fields and pollute nothing', async () => {
    const body = `[{"code":"${mark}-P1","name":"p1","__proto__":{"polluted":"yes"}},`
      + `{"code":"${mark}-P2","name":"p2","constructor":{"prototype":{"polluted":"yes"}}},`
      + `{"code":"${mark}-P3","name":"p3"}]`;
    const r = await importInto('/items', body, 'en');
    expect(r.results.map(x => x.status)).toEqual(['rejected', 'rejected', 'created']);
    expect(r.results[0]!.errors).toEqual(JSON.parse('{"__proto__":"Unknown field"}'));
    expect(r.results[1]!.errors).toEqual({ constructor: 'Unknown field' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The server still answers normally (its prototypes are intact).
    const [p3] = await listAll('/items/list/', { code: `${mark}-P3` });
    expect(p3).toMatchObject({ name: 'p3' });
    expect((p3 as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a value the database refuses after validation rejects that row only', async () => {
    // PostgreSQL text cannot hold NUL; the write fails in the database, and the batch is redone row by row.
    const r = await importInto('/items', [
      { code: `${mark}-N1`, name: 'fine' },
      { code: `${mark}-N2`, name: 'nul\u0000inside' },
      { code: `${mark}-N3`, name: 'fine too' },
    ], 'en');
    expect(r.results.map(x => x.status)).toEqual(['created', 'rejected', 'created']);
    expect(r.results[1]!.errors).toEqual({ name: 'Invalid value' });
    expect((await listAll('/items/list/', { keyword: `${mark}-N` })).map(x => x.code).sort()).toEqual([`${mark}-N1`, `${mark}-N3`]);
  });

  it('refuses bad bodies with a 4xx and a localized message, never 500', async () => {
    const send = (values: Record<string, unknown>, session = admin, base = '/items') =>
      post(`${base}/import/`, { lang: 'en', ...values }, { session });
    const cases: [Reply, number, string][] = [
      [await send({}), 400, en.import_bad_rows],
      [await send({ rows: '{not json' }), 400, en.invalid_json],
      [await send({ rows: '{"code":"x"}' }), 400, en.import_bad_rows],
      [await send({ rows: '[1, 2]' }), 400, en.import_bad_rows],
      [await send({ rows: '[null]' }), 400, en.import_bad_rows],
      [await send({ rows: JSON.stringify(Array.from({ length: 1001 }, (_, i) => ({ code: `x${i}` }))) }), 413,
        en.too_many_rows.replace('{max}', '1000')],
      [await send({ rows: '[]' }, admin, '/journals'), 400, en.import_no_key.replace('{resource}', 'Log book')],
      [await send({ rows: '[]' }, await sessionOf('operator')), 403, en.forbidden],
    ];
    for (const [reply, status, msg] of cases) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body.msg).toBe(msg);
    }
    const anon = await post('/items/import/', { rows: '[]' });
    expect(anon.status).toBe(401);
    // Wrong types inside a row are that row's errors, not the request's.
    const r = await importInto('/items', [{ code: `${mark}-T1`, name: { a: 1 }, price: [1] }], 'en');
    expect(r.results[0]).toMatchObject({ status: 'rejected', errors: { name: 'Invalid value', price: 'Enter a number' } });
    expect(await importInto('/items', [])).toMatchObject({ created: 0, updated: 0, unchanged: 0, rejected: 0, results: [] });
  });
});
