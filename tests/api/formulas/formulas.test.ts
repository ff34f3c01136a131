import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, get, listEvery, post, sessionOf } from '../client';
import { detailOf, ok, saveOrder, type Row, type SavedOrder } from '../production/fixtures';

/**
 * Formulas over HTTP (docs/formulas.md): a formula never contains itself (directly or through a sub-formula), a
 * change to a version that orders use makes a new version and keeps the used one, the material requirement of an
 * order equals a computation by hand, which formulas use a material, and bad input answers 4xx.
 */

let admin = '';
let finance = '';
/** Items that are no formula's product yet: fresh products and materials for each test. */
let free: Row[] = [];
let customer: Row;

const uniq = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;
const take = (): Row => {
  const i = free.shift();
  if (!i) throw new Error('out of free items');
  return i;
};

async function createFormula(item: Row, extra: Row = {}): Promise<Row> {
  return ok(await post('/formulas/save/', { code: uniq('PF'), name: `配方 ${String(item.name)}`, item_id: item.id, ...extra },
    { session: admin, headers: { 'idempotency-key': randomUUID() } }), 'formula').body.dt as Row;
}

const saveMaterial = (values: Row, lang?: string) =>
  post('/formulas/materials/save/', values, { session: admin, lang, headers: values.id ? {} : { 'idempotency-key': randomUUID() } });

async function addMaterial(formula: Row, item: Row, quantity: number, loss_rate = 0, sub?: Row): Promise<Row> {
  return ok(await saveMaterial({ formula_id: formula.id, item_id: item.id, quantity, loss_rate, sub_formula_id: sub?.id }), 'material')
    .body.dt as Row;
}

const materialsOf = async (formulaId: unknown) => listEvery('/formulas/materials/list/', { formula_id: formulaId }, { session: admin });

async function orderWith(lines: Row[], header: Row = {}): Promise<SavedOrder> {
  return ok(await saveOrder(admin, { customer_id: customer.id, ...header }, lines), 'order').body as unknown as SavedOrder;
}

beforeAll(async () => {
  admin = await sessionOf('admin');
  finance = await sessionOf('finance');
  const products = new Set((await listEvery('/formulas/list/', {}, { session: admin })).map(f => f.item_id));
  free = (ok(await get('/items/list/', { limit: 1000 }, { session: admin })).body.dt as Row[]).filter(i => !products.has(i.id));
  // Spread over the catalogue so parallel runs of other files are unlikely to pick the same items.
  free.sort((a, b) => Number(b.id) - Number(a.id));
  const customers = ok(await get('/customers/list/', { limit: 50, nogroup: 1 }, { session: admin })).body.dt as Row[];
  customer = customers[0]!;
});

describe('a formula never contains itself', () => {
  it('refuses its own product as a material', async () => {
    const p = take();
    const f = await createFormula(p);
    const r = await saveMaterial({ formula_id: f.id, item_id: p.id, quantity: 1 });
    expect(r.status).toBe(422);
    expect(r.body.msg).toContain(`${String(f.code)} v1 → ${String(f.code)} v1`);
    expect(r.body.errors?.item_id).toContain('配方不能包含自身');
    expect(await materialsOf(f.id)).toEqual([]);
  });

  it('refuses a cycle through a sub-formula, by the product or by the formula, naming the chain', async () => {
    const [a, b] = [take(), take()];
    const fa = await createFormula(a);
    const fb = await createFormula(b);
    await addMaterial(fa, b, 2, 0, fb); // A is made of B, made by formula B
    // B made of A: A's formula is above B on the way down.
    const byItem = await saveMaterial({ formula_id: fb.id, item_id: a.id, quantity: 1 }, 'en');
    expect(byItem.status).toBe(422);
    expect(byItem.body.msg).toBe(`A formula cannot contain itself: ${String(fa.code)} v1 → ${String(fb.code)} v1 → ${String(fa.code)} v1`);
    const bySub = await saveMaterial({ formula_id: fb.id, item_id: a.id, quantity: 1, sub_formula_id: fa.id });
    expect(bySub.status).toBe(422);
    expect(Object.keys(bySub.body.errors ?? {})).toEqual(['sub_formula_id']);
    // Through a second level: C is made of A; B made of C would close C → A → B → C.
    const c = take();
    const fc = await createFormula(c);
    await addMaterial(fc, a, 1, 0, fa);
    const deep = await saveMaterial({ formula_id: fb.id, item_id: c.id, quantity: 1, sub_formula_id: fc.id });
    expect(deep.status).toBe(422);
    expect(deep.body.msg).toContain(`${String(fc.code)} v1 → ${String(fa.code)} v1 → ${String(fb.code)} v1 → ${String(fc.code)} v1`);
    expect(await materialsOf(fb.id)).toEqual([]);
    // A changed product that is one of its materials, at any depth, is refused too.
    const moved = await post('/formulas/save/', { id: fa.id, version: fa.version, item_id: b.id }, { session: admin });
    expect(moved.status).toBe(422);
  });
});

describe('versions', () => {
  it('changes a formula no order uses in place', async () => {
    const f = await createFormula(take());
    const m = await addMaterial(f, take(), 1.5, 2);
    const r = ok(await post('/formulas/save/', { id: f.id, version: f.version, name: 'renamed' }, { session: admin }));
    expect(r.body.id).toBe(f.id);
    expect(r.body.dt).toMatchObject({ name: 'renamed', version_no: 1, is_current: true });
    const r2 = ok(await saveMaterial({ id: m.id, version: m.version, quantity: 2 }));
    expect(r2.body.id).toBe(m.id);
  });

  it('makes a new version when orders use it, and keeps the used one as it was', async () => {
    const product = take();
    const [m1, m2] = [take(), take()];
    const f = await createFormula(product, { traits: {} });
    const line1 = await addMaterial(f, m1, 0.25, 1);
    await addMaterial(f, m2, 3, 0);
    // An order line of the product takes its current formula.
    const order = await orderWith([{ item_id: product.id, quantity: 10 }]);
    expect(order.lines[0]!.formula_id).toBe(f.id);

    // A save that changes nothing makes no version.
    const same = ok(await post('/formulas/save/', { id: f.id, version: f.version, name: f.name }, { session: admin }));
    expect(same.body.id).toBe(f.id);
    const current = same.body.dt as Row;

    const r = ok(await post('/formulas/save/', { id: f.id, version: current.version, name: 'v2 name' }, { session: admin }));
    const v2 = r.body.dt as Row;
    expect(v2.id).not.toBe(f.id);
    expect(v2).toMatchObject({ code: f.code, name: 'v2 name', version_no: 2, is_current: true, item_id: product.id });
    const old = await detailOf(admin, '/formulas', f.id);
    expect(old).toMatchObject({ name: f.name, version_no: 1, is_current: false, version: current.version });
    const oldLines = await materialsOf(f.id);
    const newLines = await materialsOf(v2.id);
    expect(newLines.map(l => [l.item_id, l.quantity, l.loss_rate])).toEqual(oldLines.map(l => [l.item_id, l.quantity, l.loss_rate]));
    expect((await detailOf(admin, '/orders/details', order.lines[0]!.id)).formula_id).toBe(f.id);

    // The new version is not used yet: its lines change in place.
    const nl = newLines.find(l => l.item_id === m1.id)!;
    expect(ok(await saveMaterial({ id: nl.id, version: nl.version, quantity: 0.5 })).body.id).toBe(nl.id);

    // A line of the used version: the change goes to a third version, the used line stays.
    const r3 = ok(await saveMaterial({ id: line1.id, version: line1.version, quantity: 9 }));
    const moved = r3.body.dt as Row;
    expect(moved.id).not.toBe(line1.id);
    expect(moved.quantity).toBe(9);
    expect(await detailOf(admin, '/formulas/materials', line1.id)).toMatchObject({ quantity: 0.25, formula_id: f.id });
    const v3 = await detailOf(admin, '/formulas', moved.formula_id);
    expect(v3).toMatchObject({ code: f.code, version_no: 3, is_current: true });
    expect((await detailOf(admin, '/formulas', v2.id)).is_current).toBe(false);

    // Deleting a line of the used version: a fourth version without it; the used version keeps all its lines.
    const del = ok(await post('/formulas/materials/delete/', { id: line1.id }, { session: admin }));
    expect(del.body.msg).toBe('OK');
    expect((await materialsOf(f.id)).length).toBe(2);
    const versions = await listEvery('/formulas/list/', { code: f.code }, { session: admin });
    expect(versions.map(v => [v.version_no, v.is_current]).sort()).toEqual([[1, false], [2, false], [3, false], [4, true]]);
    const v4 = versions.find(v => v.version_no === 4)!;
    expect((await materialsOf(v4.id)).map(l => l.item_id)).toEqual([m2.id]);

    // A new line of a used version goes to a new version as well; a new order line now takes version 4.
    const next = await orderWith([{ item_id: product.id, quantity: 1 }]);
    expect(next.lines[0]!.formula_id).toBe(v4.id);
    const added = ok(await saveMaterial({ formula_id: v4.id, item_id: m1.id, quantity: 1 }, 'zh')).body.dt as Row;
    expect(added.formula_id).not.toBe(v4.id);
    expect((await detailOf(admin, '/formulas', added.formula_id)).version_no).toBe(5);
  });
});

describe('the material requirement', () => {
  it('of an order equals the computation by hand, through a sub-formula; exports; names lines without formula', async () => {
    const [a, s, none, m1, m2, m4] = [take(), take(), take(), take(), take(), take()];
    const fs = await createFormula(s);
    await addMaterial(fs, m4, 0.333333, 12.5);
    const fa = await createFormula(a);
    await addMaterial(fa, m1, 0.0125, 3);
    await addMaterial(fa, m2, 1.2, 0);
    await addMaterial(fa, s, 0.5, 2, fs);
    const order = await orderWith([
      { item_id: a.id, quantity: 1000 },
      { item_id: a.id, quantity: 7, formula_id: fa.id },
      { item_id: none.id, quantity: 5 },
    ], { order_date: '2001-03-04' });
    // By hand, each line's need rounded to 4 decimals, then summed:
    // m1: 1000 × 0.0125 × 1.03 = 12.875;  7 × 0.0125 × 1.03 = 0.090125 → 0.0901;  12.9651
    // m2: 1000 × 1.2 = 1200;  7 × 1.2 = 8.4;  1208.4
    // s (made by fs): 1000 × 0.5 × 1.02 = 510;  7 × 0.5 × 1.02 = 3.57
    // m4: 510 × 0.333333 × 1.125 = 191.24980875 → 191.2498;  3.57 × 0.333333 × 1.125 = 1.33874866125 → 1.3387;  192.5885
    const expected = new Map([[m1.id, 12.9651], [m2.id, 1208.4], [m4.id, 192.5885]]);
    const r = ok(await get('/formulas/requirement/', { order_id: order.id }, { session: admin }));
    const dt = r.body.dt as Row[];
    expect(new Map(dt.map(x => [x.item_id, x.quantity]))).toEqual(expected);
    expect(dt.find(x => x.item_id === m1.id)).toMatchObject({ name: m1.name, unit: m1.unit ?? null });
    expect(r.body).toMatchObject({ lines: 3, without_formula_total: 1 });
    expect((r.body.without_formula as Row[])[0]).toMatchObject({ detail_id: order.lines[2]!.id, item_id: none.id });

    // The same orders by their date range; a cancelled line no longer counts.
    const byRange = ok(await get('/formulas/requirement/', { from: '2001-03-01', to: '2001-03-31' }, { session: admin }));
    expect(new Map((byRange.body.dt as Row[]).map(x => [x.item_id, x.quantity]))).toEqual(expected);
    const line7 = order.lines[1]!;
    ok(await post('/orders/details/cancel/', { id: line7.id, version: line7.version }, { session: admin }));
    const after = ok(await get('/formulas/requirement/', { order_id: order.id }, { session: admin }));
    expect(new Map((after.body.dt as Row[]).map(x => [x.item_id, x.quantity])))
      .toEqual(new Map([[m1.id, 12.875], [m2.id, 1200], [m4.id, 191.2498]]));

    // excel.xlsx of the same rows.
    const file = await fetch(`${baseUrl()}/formulas/requirement/export/`, {
      method: 'POST', body: new URLSearchParams({ ios: '1', order_id: String(order.id) }),
      headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('excel.xlsx');
    expect(file.headers.get('x-total-rows')).toBe('3');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Which formulas use m4: fs directly, fa through fs.
    const uses = ok(await get('/formulas/items/', { material_id: m4.id }, { session: admin })).body.dt as Row[];
    expect(uses.map(u => [u.formula_id, u.quantity, u.via]).sort()).toEqual([
      [fa.id, null, `${String(fs.code)} v1`], [fs.id, 0.333333, null],
    ].sort());
  });

  it('refuses bad input with 4xx and callers without the right', async () => {
    const bad = async (params: Row, key: string) => {
      const r = await get('/formulas/requirement/', params, { session: admin, lang: 'en' });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.msg, key).toBeTruthy();
      return r;
    };
    expect((await bad({}, 'order_or_range')).body.msg).toContain('Choose one order');
    await bad({ from: '2024-01-01' }, 'order_or_range');
    await bad({ from: '2024-02-01', to: '2024-01-01' }, 'order_or_range');
    expect((await bad({ from: '2020-01-01', to: '2024-01-01' }, 'range_too_long')).body.msg).toContain('1,100');
    await bad({ from: '2024-02-30', to: '2024-03-01' }, 'invalid_date');
    await bad({ order_id: 'abc' }, 'bad_request');
    await bad({ order_id: '-1' }, 'bad_request');
    expect((await get('/formulas/items/', {}, { session: admin })).status).toBe(400);
    expect((await get('/formulas/items/', { material_id: 'x' }, { session: admin })).status).toBe(400);
    expect((await get('/formulas/requirement/', { order_id: 1 }, { session: finance })).status).toBe(403);
    // The supervisor plans production: formulas and the requirement are theirs (server/seed/org.ts).
    expect((await get('/formulas/requirement/', { order_id: 1 }, { session: await sessionOf('supervisor') })).status).toBe(200);

    const p = take();
    const f = await createFormula(p);
    const material = take();
    const loss = await saveMaterial({ formula_id: f.id, item_id: material.id, quantity: 1, loss_rate: 150 });
    expect(loss.status).toBe(422);
    expect(Object.keys(loss.body.errors ?? {})).toEqual(['loss_rate']);
    const negative = await saveMaterial({ formula_id: f.id, item_id: material.id, quantity: -1 });
    expect(negative.status).toBe(422);
    const other = await createFormula(take());
    const wrongSub = await saveMaterial({ formula_id: f.id, item_id: material.id, quantity: 1, sub_formula_id: other.id });
    expect(wrongSub.status).toBe(422);
    expect(Object.keys(wrongSub.body.errors ?? {})).toEqual(['sub_formula_id']);
    const dup = await post('/formulas/save/', { code: f.code, name: 'x', item_id: p.id }, { session: admin });
    expect(dup.status).toBe(422);
    const traits = await post('/formulas/save/', { code: uniq('PF'), name: 'x', item_id: p.id, traits: { 颜色深浅: 1 } }, { session: admin });
    expect(traits.status).toBe(422);
    expect(Object.keys(traits.body.errors ?? {})).toEqual(['traits']);
    const okTraits = await post('/formulas/save/', { code: uniq('PF'), name: 'x', item_id: p.id, traits: { 粘度: 25, pH值: '8.5' } }, { session: admin });
    expect(okTraits.status).toBe(200);
    const server = await post('/formulas/save/', { code: uniq('PF'), name: 'x', item_id: p.id, version_no: 7 }, { session: admin });
    expect(server.status).toBe(422);
  });
});

describe('the demo formulas', () => {
  it('hold cartons made of board sub-formulas and colour boxes, and the demo order book needs materials', async () => {
    const all = await listEvery('/formulas/list/', { keyword: 'PF-' }, { session: admin });
    expect(all.length).toBeGreaterThanOrEqual(80);
    const lines = await listEvery('/formulas/materials/list/', {}, { session: admin });
    const withSub = lines.filter(l => l.sub_formula_id != null);
    expect(withSub.length).toBeGreaterThan(0);
    const byId = new Map(all.map(f => [f.id, f]));
    for (const l of withSub) expect(byId.get(l.sub_formula_id)?.item_id).toBe(l.item_id);
    const today = new Date();
    const from = new Date(today.getTime() - 89 * 86_400_000);
    const r = ok(await get('/formulas/requirement/', { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) },
      { session: admin }));
    expect(r.body.lines).toBeGreaterThan(0);
    expect((r.body.dt as Row[]).length).toBeGreaterThan(0);
  });
});

describe('a formula saved with its lines', () => {
  const save = (values: Row, lang?: string) => post('/formulas/save_with_lines/', values,
    { session: admin, lang, headers: (values.item as Row).id === undefined ? { 'idempotency-key': randomUUID() } : {} });
  const worknode = async () => (ok(await get('/workflows/worknodes/list/', { limit: 1 }, { session: admin })).body.dt as Row[])[0]!;

  it('writes header and lines at once, and a change of a used formula makes exactly one new version', async () => {
    const [product, m1, m2, m3] = [take(), take(), take(), take()];
    const wn = await worknode();
    const created = ok(await save({
      item: { code: uniq('PF'), name: 'one call', item_id: product.id },
      materials: [{ item_id: m1.id, quantity: 0.5, loss_rate: 2 }, { item_id: m2.id, quantity: 1 }],
      operations: [{ worknode_id: wn.id, seq: 1, parameters: '{"温度":95}', duration: 30 }],
    }));
    const f = created.body.dt as Row;
    const [l1, l2] = created.body.materials as Row[];
    const [op] = created.body.operations as Row[];
    expect([created.body.forked, (created.body.materials as Row[]).length, l1!.unit]).toEqual([false, 2, m1.unit ?? null]);
    await orderWith([{ item_id: product.id, quantity: 3 }]);

    const r = ok(await save({
      item: { id: f.id, version: f.version, name: 'one call v2' },
      materials: [{ id: l1!.id, version: l1!.version, quantity: 0.75 }, { item_id: m3.id, quantity: 2 }],
      operations: [{ id: op!.id, version: op!.version, duration: 45 }],
      removed_materials: [{ id: l2!.id, version: l2!.version }],
    }, 'en'));
    expect(r.body.forked).toBe(true);
    expect(r.body.msg1).toContain('v2');
    expect(r.body.id).not.toBe(f.id);
    expect(r.body.dt).toMatchObject({ name: 'one call v2', version_no: 2, is_current: true });
    expect((r.body.materials as Row[]).map(l => [l.item_id, l.quantity]).sort()).toEqual([[m1.id, 0.75], [m3.id, 2]].sort());
    expect((r.body.operations as Row[]).map(o => o.duration)).toEqual([45]);
    // The used version is as it was.
    expect((await materialsOf(f.id)).map(l => [l.item_id, l.quantity]).sort()).toEqual([[m1.id, 0.5], [m2.id, 1]].sort());
    expect(await detailOf(admin, '/formulas', f.id)).toMatchObject({ name: 'one call', is_current: false });
    expect((await listEvery('/formulas/list/', { code: f.code }, { session: admin })).length).toBe(2);

    // The new version is not used: the next save changes it in place.
    const v2 = r.body.dt as Row;
    const again = ok(await save({ item: { id: v2.id, version: v2.version, remark: 'tuned' } }));
    expect([again.body.id, again.body.forked]).toEqual([v2.id, false]);
    // A stale version is refused; a bad line names its cell; a line of another formula is refused; nothing is written.
    expect((await save({ item: { id: v2.id, version: v2.version, remark: 'stale' } })).status).toBe(409);
    const v2now = again.body.dt as Row;
    const bad = await save({ item: { id: v2.id, version: v2now.version, remark: 'x' },
      materials: [{ item_id: m2.id, quantity: 1 }, { item_id: m2.id, quantity: 1, loss_rate: 101 }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['materials.1.loss_rate']);
    const other = await save({ item: { id: v2.id, version: v2now.version }, materials: [{ id: l2!.id, version: l2!.version, quantity: 3 }] });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors ?? {})).toEqual(['materials.0.id']);
    expect((await detailOf(admin, '/formulas', v2.id)).remark).toBe('tuned');
    expect((await materialsOf(v2.id)).length).toBe(2);
    expect((await post('/formulas/save_with_lines/', { item: 'not json' }, { session: admin })).status).toBe(400);
  });
});
