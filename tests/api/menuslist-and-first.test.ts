import { beforeAll, describe, expect, it } from 'vitest';
import { personPlans } from '../../server/seed/org';
import { maintenanceRows } from '../../server/seed/plant';
import { DEMO, get, login, post } from './client';

/**
 * Spec §7 calls of working screens (issue 15 §9): `/accounts/menuslist/` and the items list's `first`; and the demo
 * data's story as the screens read it (issue 15 §8): maintenance plans with a person in charge, a month of attendance.
 */
let admin = '';
beforeAll(async () => {
  admin = (await login(...DEMO.admin)).session;
});

interface Entry { id: number; path: string; title: string; title_key: string; parents: string[]; hidden: boolean; active_menu: string | null }

describe('/accounts/menuslist/', () => {
  it('lists the menu entries a role can be given, titled in the caller\'s language', async () => {
    const r = await get('/accounts/menuslist/', { limit: -1, token: 't1' }, { session: admin, lang: 'en' });
    expect(r.status).toBe(200);
    const dt = r.body.dt as Entry[];
    expect(r.body).toMatchObject({ msg: 'OK', total: dt.length, token: 't1' });
    expect(dt.length).toBeGreaterThan(50);
    const customers = dt.find(e => e.path === '/customers/list')!;
    expect(customers).toMatchObject({ title_key: 'resources.customers.menu', hidden: false });
    expect(customers.title).not.toMatch(/^resources\./);
    expect(customers.parents.length).toBeGreaterThan(0);
    expect(dt.some(e => e.hidden)).toBe(false);
    expect(new Set(dt.map(e => e.path)).size).toBe(dt.length);
    // The demo roles' menus are entries of the catalogue.
    for (const path of ['/persons/checkin', '/devicemaintenances/list', '/configs/list']) expect(dt.map(e => e.path)).toContain(path);
  });

  it('pages, searches and adds the hidden edit and create pages on request (GET or POST)', async () => {
    const all = (await get('/accounts/menuslist/', { limit: -1 }, { session: admin })).body.dt as Entry[];
    const page2 = await post('/accounts/menuslist/', { page: 2, limit: 5 }, { session: admin });
    expect(page2.status).toBe(200);
    expect((page2.body.dt as Entry[]).map(e => e.path)).toEqual(all.slice(5, 10).map(e => e.path));
    expect(page2.body.total).toBe(all.length);
    const found = await get('/accounts/menuslist/', { keyword: '客户' }, { session: admin, lang: 'en' });
    expect((found.body.dt as Entry[]).map(e => e.path)).toContain('/customers/list');
    const hidden = (await get('/accounts/menuslist/', { hidden: 1 }, { session: admin })).body.dt as Entry[];
    expect(hidden.find(e => e.path === '/customers/edit/:id')).toMatchObject({ hidden: true, active_menu: '/customers/list' });
  });

  it('answers 400 to bad input, 401 without a login and 403 to a role that may not read roles', async () => {
    for (const bad of [{ limit: 0 }, { limit: 'all' }, { page: -2 }, { hidden: 'maybe' }, { keyword: 'x'.repeat(300) }]) {
      const r = await get('/accounts/menuslist/', bad, { session: admin });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/accounts/menuslist/', { limit: 'x' }, { session: admin })).status).toBe(400);
    expect((await get('/accounts/menuslist/')).status).toBe(401);
    const sales = (await login(...DEMO.sales)).session;
    expect((await get('/accounts/menuslist/', {}, { session: sales })).status).toBe(403);
  });
});

describe('/items/list/ first', () => {
  it('answers the first N rows of the list, whatever page and limit say', async () => {
    const head = await get('/items/list/', { limit: 10, sort: 'code' }, { session: admin });
    const codes = (head.body.dt as { code: string }[]).map(i => i.code);
    const first3 = await get('/items/list/', { first: 3, page: 4, limit: 50, sort: 'code' }, { session: admin });
    expect(first3.status).toBe(200);
    expect((first3.body.dt as { code: string }[]).map(i => i.code)).toEqual(codes.slice(0, 3));
    const scanned = await get('/items/list/', { keyword_code: codes[1]!, first: 1 }, { session: admin });
    expect((scanned.body.dt as { code: string }[]).map(i => i.code)).toEqual([codes[1]]);
  });

  it('answers 400, never 500, to a first that is not a page size', async () => {
    for (const first of ['0', '-1', 'abc', '2.5', '100000']) {
      const r = await get('/items/list/', { first }, { session: admin });
      expect(r.status, first).toBe(400);
    }
  });
});

describe('the demo data', () => {
  it('gives every seeded maintenance plan a person in charge', async () => {
    const r = await get('/devicemaintenances/list/', { limit: -1 }, { session: admin });
    const contents = new Set(maintenanceRows(personPlans()).map(m => m.content as string));
    const seeded = (r.body.dt as { content: string; person_id_name?: string }[]).filter(m => contents.has(m.content));
    expect(seeded).toHaveLength(contents.size);
    for (const m of seeded) expect(m.person_id_name, m.content).toBeTruthy();
  });

  it('holds a month of check-ins for the staff', async () => {
    const newest = await get('/persons/checkins/list/', { limit: 1, sort: '-at' }, { session: admin });
    const oldest = await get('/persons/checkins/list/', { limit: 1, sort: 'at' }, { session: admin });
    const span = (Date.parse((newest.body.dt as { at: string }[])[0]!.at) - Date.parse((oldest.body.dt as { at: string }[])[0]!.at)) / 86_400_000;
    expect(span).toBeGreaterThanOrEqual(27);
    expect(newest.body.total as number).toBeGreaterThan(1000);
  });
});
