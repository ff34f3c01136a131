import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { introspect } from '../../server/db/introspect';
import { diffSchema } from '../../server/db/schema-diff';
import { labelTree } from '../../src/domain/i18n/resource-labels';
import { flattenMenu } from '../../src/domain/menu/flatten';
import { buildRouteTree } from '../../src/domain/menu/route-tree';
import { number, ref, text } from '../../src/domain/registry/fields';
import { resource } from '../../src/domain/registry/resource';
import { tableShape } from '../../src/domain/registry/sql-shape';
import { checkRegistry, RESOURCES } from '../../src/domain/resources/all';
import { resourceScreens } from '../../src/resources/resource-screens';
import { freshDatabase, type TestDatabase } from './test-database';

/**
 * README's "Adding an entity", proved: a declaration written here — and nothing else touched — gets its table (the
 * statements `npm run migration:new` would write), its API, its route and menu title, its screens and its labels.
 */
const binFields = {
  code: text({ required: true, max: 20, unique: true }),
  name: text({ required: true, max: 50 }),
  capacity: number({ scale: 3, min: 0, sum: true }),
  warehouse_id: ref('warehouses'),
  remark: text({ max: 200 }),
};
const bins = resource({
  name: 'bins', api: '/warehouses/bins', kind: 'master', menu: ['/bins/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name',
  labels: {
    zh: { name: '料箱', fields: { code: '料箱编码', name: '料箱名称', capacity: '容量', warehouse_id: '仓库', remark: '备注' } },
    en: { name: 'Bins', fields: { code: 'Bin code', name: 'Bin name', capacity: 'Capacity', warehouse_id: 'Warehouse', remark: 'Remark' } },
    es: { name: 'Cajas', fields: { code: 'Código de caja', name: 'Nombre de caja', capacity: 'Capacidad', warehouse_id: 'Almacén', remark: 'Observaciones' } },
    ja: { name: 'ビン', fields: { code: 'ビンコード', name: 'ビン名', capacity: '容量', warehouse_id: '倉庫', remark: '備考' } },
  },
  place: { group: 'warehouse', order: 105, icon: 'IconBox' },
  fields: binFields,
  list: ['code', 'name', 'capacity', 'warehouse_id'],
});
const ALL = [...RESOURCES, bins];

let tdb: TestDatabase;
let app: FastifyInstance;
let base = '';
let session = '';

async function call(method: 'GET' | 'POST', path: string, params: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries({ ios: 1, ...params }).map(([k, v]) => [k, String(v)]));
  const res = method === 'GET'
    ? await fetch(`${base}${path}?${q}`, { headers: { authorization: session } })
    : await fetch(`${base}${path}`, { method, body: q, headers: { authorization: session, 'content-type': 'application/x-www-form-urlencoded' } });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  tdb = await freshDatabase('entity', { seeded: true });
  // What `npm run migration:new bins` would write, applied as the migration would be.
  const diff = diffSchema(ALL.map(tableShape), await introspect(tdb.database.db));
  expect(diff.differences).toEqual(['table bins is missing']);
  await tdb.database.withMigrationLock(exec => exec(diff.statements.join('\n\n')));
  app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent', resources: ALL });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  session = (await call('POST', '/accounts/login/', { username: 'admin', password: 'admin123' })).body.sessionid as string;
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('a new entity is one declaration', () => {
  it('passes the registry checks', () => {
    expect(() => checkRegistry(ALL)).not.toThrow();
  });

  it('gets its list, edit and create routes in its menu group, with its menu title and icon', () => {
    const tree = buildRouteTree(ALL);
    const warehouse = tree.find(g => g.path === '/warehouse')!;
    const flat = flattenMenu([warehouse]);
    const list = flat.find(i => i.path === '/bins/list');
    expect(list).toMatchObject({ title: 'resources.bins.menu', icon: 'IconBox', hidden: false });
    expect(flat.find(i => i.path === '/bins/edit/:id')).toMatchObject({ hidden: true, activeMenu: '/bins/list' });
    expect(flat.find(i => i.path === '/bins/create')).toMatchObject({ hidden: true, activeMenu: '/bins/list' });
    // Its order puts it between the entries declared around it.
    const paths = flat.filter(i => !i.hidden).map(i => i.path);
    expect(paths.indexOf('/bins/list')).toBe(paths.indexOf('/items/list') + 1);
  });

  it('gets its labels in four languages, under the keys the screens read', () => {
    for (const [lang, name] of [['zh', '料箱'], ['en', 'Bins'], ['es', 'Cajas'], ['ja', 'ビン']] as const) {
      const tree = labelTree(lang, ALL);
      expect(tree.resources.bins?.name).toBe(name);
      expect(tree.resources.bins?.menu).toBe(name);
      expect(Object.keys(tree.resources.bins?.fields ?? {})).toEqual(Object.keys(binFields));
    }
  });

  it('gets its generic list, edit and create screens, and the history page every record shares', () => {
    expect(Object.keys(resourceScreens([bins])).sort())
      .toEqual(['/bins/create', '/bins/edit/:id', '/bins/list', '/history/list/:table_name/:kid']);
  });

  it('gets its API: save, list with totals, detail, validation, delete', async () => {
    const wh = (await call('GET', '/warehouses/list/', { limit: 1 })).body.dt as { id: number; name: string }[];
    const a = await call('POST', '/warehouses/bins/save/', { code: 'B-1', name: 'first', capacity: '1.25', warehouse_id: wh[0]!.id });
    expect(a.status).toBe(200);
    await call('POST', '/warehouses/bins/save/', { code: 'B-2', name: 'second', capacity: '2.5' });
    const list = await call('GET', '/warehouses/bins/list/', { totals: 1, sort: 'code' });
    expect(list.body.total).toBe(2);
    expect((list.body.dt as { code: string; warehouse_id_name: string | null }[]).map(r => [r.code, r.warehouse_id_name]))
      .toEqual([['B-1', wh[0]!.name], ['B-2', null]]);
    expect(list.body.totals).toEqual({ capacity: 3.75 });
    const detail = await call('GET', '/warehouses/bins/detail/', { id: a.body.id as number });
    expect(detail.body.dt).toMatchObject({ code: 'B-1', capacity: 1.25 });
    const bad = await call('POST', '/warehouses/bins/save/', { code: 'B-3', name: 'x', capacity: '-1' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object)).toEqual(['capacity']);
    expect((await call('POST', '/warehouses/bins/delete/', { id: a.body.id as number })).status).toBe(200);
  });
});
