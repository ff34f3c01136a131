import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { LANGS, translate, type Lang } from '../../src/domain/messages/catalog';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import { baseUrl, get, post, sessionOf } from './client';

/**
 * The shell calls of spec §7 (DESIGN §4): the menu filter, favourite menus, the server list, the public configs,
 * ids, Excel export and file upload, localized messages and the 404 envelope.
 */

const RUN = Date.now().toString(36);

// ---------------------------------------------------------------------------------------------------------------
// Menus

interface MenuNode {
  path: string;
  hidden?: boolean;
  color?: string;
  meta?: { title?: string; activeMenu?: string };
  children?: MenuNode[];
}

/** A child path joined to its parent's, as a vue-router-like route tree does. */
const joinPath = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** The parent segment of a resource's first menu path: '/customers/list' → '/customers'. */
const parentOf = (res: ResourceDef) => `/${res.menu[0]!.split('/')[1]}`;

/**
 * The client's route tree, from the registry: one parent per resource, a child per menu path (so the full paths are
 * the resource's menu paths) and a hidden edit page that belongs to the first one.
 */
function routeTree(): MenuNode[] {
  return RESOURCES.map(res => {
    const parent = parentOf(res);
    const children: MenuNode[] = res.menu.map(m => ({
      path: m.startsWith(`${parent}/`) ? m.slice(parent.length + 1) : m, meta: { title: m },
    }));
    children.push({ path: 'edit/:id', hidden: true, meta: { title: `${res.name} edit`, activeMenu: res.menu[0]! } });
    return { path: parent, meta: { title: res.name }, children };
  });
}

/** Per resource (by its parent's title), the full paths of the children kept; resources dropped are absent. */
function keptPaths(tree: MenuNode[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const n of tree) out[n.meta?.title ?? n.path] = (n.children ?? []).map(c => joinPath(n.path, c.path)).sort();
  return out;
}

/** A tree without the colours the server may add from the `menu_colors` config. */
function withoutColors(tree: MenuNode[]): MenuNode[] {
  return tree.map(({ color: _color, children, ...rest }) => ({ ...rest, ...(children ? { children: withoutColors(children) } : {}) }));
}

interface RoleRow { id: number; code: string; is_admin: boolean | null; menus: string[] | null }

let roles: RoleRow[] = [];
const roleMenus = (code: string) => new Set(roles.find(r => r.code === code)?.menus ?? []);

async function accountId(username: string): Promise<number> {
  const r = await get('/accounts/list/', { username, limit: -1 }, { session: await sessionOf('admin') });
  const row = (r.body.dt as { id: number; username: string }[]).find(a => a.username === username);
  expect(row, username).toBeDefined();
  return row!.id;
}

beforeAll(async () => {
  const r = await get('/roles/list/', { limit: -1 }, { session: await sessionOf('admin') });
  expect(r.status).toBe(200);
  roles = r.body.dt as RoleRow[];
});

describe('/accounts/my/?action=loadmenu', () => {
  const load = async (session: string, menus: unknown, o: { lang?: string } = {}) =>
    post('/accounts/my/?action=loadmenu&platform=pc', { menus }, { session, ...o });

  it('gives admin the whole tree', async () => {
    const tree = routeTree();
    const r = await load(await sessionOf('admin'), tree);
    expect(r.status).toBe(200);
    expect(withoutColors(r.body.menus as MenuNode[])).toEqual(tree);
  });

  it('gives operator only the paths its role holds, their parents, and the edit pages of held lists', async () => {
    const held = roleMenus('operator');
    const r = await load(await sessionOf('operator'), routeTree());
    expect(r.status).toBe(200);
    const expected: Record<string, string[]> = {};
    for (const res of RESOURCES) {
      const parent = parentOf(res);
      const kept = res.menu.filter(m => held.has(m));
      if (held.has(res.menu[0]!)) kept.push(`${parent}/edit/:id`);
      if (kept.length) expected[res.name] = kept.sort();
    }
    const menus = r.body.menus as MenuNode[];
    expect(keptPaths(menus)).toEqual(expected);
    // The filter is not trivial for this role: it keeps something and drops something.
    const all = Object.keys(keptPaths(routeTree())).length;
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(Object.keys(expected).length).toBeLessThan(all);
    // A kept hidden page comes back as it was sent.
    for (const n of menus) {
      const edit = n.children?.find(c => c.path === 'edit/:id');
      if (edit) expect(edit).toMatchObject({ hidden: true, meta: { activeMenu: expect.any(String) } });
    }
  });

  it('keeps a hidden page for its activeMenu alone, and drops a visible one the role does not hold', async () => {
    const held = [...roleMenus('operator')];
    expect(held.length).toBeGreaterThan(0);
    const tree: MenuNode[] = [{
      path: '/zz', meta: { title: 'probe' }, children: [
        { path: 'hidden-held', hidden: true, meta: { activeMenu: held[0]! } },
        { path: 'hidden-not-held', hidden: true, meta: { activeMenu: `/zz-not-held-${RUN}` } },
        { path: 'visible-not-held' },
      ],
    }];
    const r = await load(await sessionOf('operator'), tree);
    expect(r.status).toBe(200);
    expect(keptPaths(r.body.menus as MenuNode[])).toEqual({ probe: ['/zz/hidden-held'] });
  });

  it('answers 400 with a message to malformed menus, never 500', async () => {
    const session = await sessionOf('operator');
    for (const bad of ['{not json', '{"path":"/x"}', '[{"path":1}]', '[{"children":"no"}]', '"text"']) {
      const r = await load(session, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.msg, bad).toBe(translate('zh', 'invalid_json'));
    }
    const noAction = await post('/accounts/my/?platform=pc', { menus: '[]' }, { session });
    expect(noAction.status).toBe(400);
    expect(typeof noAction.body.msg).toBe('string');
  });

  it('needs a session', async () => {
    const r = await post('/accounts/my/?action=loadmenu&platform=pc', { menus: '[]' });
    expect(r).toEqual({ status: 401, body: { needlogin: 1, msg: '需要重新登录' } });
  });
});

describe('/accounts/favmenus/', () => {
  it('returns the caller\'s favourite menus', async () => {
    const admin = await sessionOf('admin');
    const before = await get('/accounts/favmenus/', {}, { session: admin });
    expect(before.status).toBe(200);
    expect(Array.isArray(before.body.menus)).toBe(true);
    const title = `fav ${RUN}`;
    const saved = await post('/favmenus/save/', { account_id: await accountId('admin'), path: '/customers/list', title },
      { session: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await get('/accounts/favmenus/', {}, { session: admin });
    expect(after.body.menus).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/customers/list', title })]));
    expect((after.body.menus as unknown[]).length).toBe((before.body.menus as unknown[]).length + 1);
    // Another account does not see it.
    const sales = await get('/accounts/favmenus/', {}, { session: await sessionOf('sales') });
    expect(sales.body.menus).not.toEqual(expect.arrayContaining([expect.objectContaining({ title })]));
  });

  it('leaves out, for a non-admin, a favourite whose path the role does not hold', async () => {
    const admin = await sessionOf('admin');
    const held = roleMenus('operator');
    const heldPath = [...held][0];
    const notHeld = RESOURCES.flatMap(r => r.menu).find(m => !held.has(m));
    expect(heldPath).toBeDefined();
    expect(notHeld).toBeDefined();
    const operatorId = await accountId('operator');
    for (const [path, title] of [[heldPath!, `held ${RUN}`], [notHeld!, `not held ${RUN}`]] as const) {
      const r = await post('/favmenus/save/', { account_id: operatorId, path, title }, { session: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const r = await get('/accounts/favmenus/', {}, { session: await sessionOf('operator') });
    expect(r.status).toBe(200);
    const titles = (r.body.menus as { title: string }[]).map(m => m.title);
    expect(titles).toContain(`held ${RUN}`);
    expect(titles).not.toContain(`not held ${RUN}`);
  });
});

describe('public shell calls', () => {
  it('lists the servers from servers.json without a login', async () => {
    const r = await get('/files/', { action: 'get', file: 'servers.json' });
    expect(r.status).toBe(200);
    const dt = r.body.dt as { name: unknown; server: unknown; test?: unknown }[];
    expect(dt.length).toBeGreaterThan(0);
    for (const s of dt) {
      expect(typeof s.name).toBe('string');
      expect(typeof s.server).toBe('string');
    }
    expect(dt).toContainEqual({ name: '测试', server: 'http://127.0.0.1:9', test: true });
    expect(dt.filter(s => s.test === true)).toHaveLength(1);
  });

  it('serves no other file through action=get', async () => {
    for (const file of ['../package.json', 'package.json', '/etc/passwd', 'servers.json/../../package.json']) {
      const r = await get('/files/', { action: 'get', file });
      expect(r.status, file).toBe(404);
      expect(r.body, file).toEqual({ msg: translate('zh', 'file_expired') });
    }
  });

  it('gives the safe configs without a login, with limit and returndt, and never an unsafe one', async () => {
    const soft = await get('/accounts/configslist_safe/', { name: 'software_name' });
    expect(soft.status).toBe(200);
    const dt = soft.body.dt as { name: string; values: string | null }[];
    expect(dt.map(c => c.name)).toEqual(['software_name']);
    expect(dt[0]!.values).toEqual(expect.any(String));

    const admin = await sessionOf('admin');
    const names = [`zz_safe_a_${RUN}`, `zz_safe_b_${RUN}`];
    for (const name of names) {
      const r = await post('/configs/save/', { name, values: `v ${name}`, safe: true }, { session: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const unsafe = `zz_unsafe_${RUN}`;
    expect((await post('/configs/save/', { name: unsafe, values: 'secret', safe: false }, { session: admin })).status).toBe(200);

    const both = await get('/accounts/configslist_safe/', { name: names.join(',') });
    expect((both.body.dt as { name: string }[]).map(c => c.name).sort()).toEqual(names);
    const one = await get('/accounts/configslist_safe/', { name: names.join(','), limit: 1, returndt: 1 });
    expect(one.status).toBe(200);
    expect(one.body.dt).toHaveLength(1);

    const hidden = await get('/accounts/configslist_safe/', { name: unsafe });
    expect(hidden.status).toBe(200);
    expect(hidden.body.dt).toEqual([]);
    const all = await get('/accounts/configslist_safe/', { limit: -1 });
    const allNames = (all.body.dt as { name: string }[]).map(c => c.name);
    expect(allNames).toEqual(expect.arrayContaining([...names, 'software_name']));
    expect(allNames).not.toContain(unsafe);
  });

  it('hands out increasing numeric keyids to a logged-in caller only', async () => {
    const session = await sessionOf('operator');
    const a = await get('/api/keyid/', {}, { session });
    const b = await get('/api/keyid/', {}, { session });
    expect(a.status).toBe(200);
    expect(typeof a.body.keyid).toBe('number');
    expect(typeof b.body.keyid).toBe('number');
    expect(b.body.keyid as number).toBeGreaterThan(a.body.keyid as number);
    const anon = await get('/api/keyid/');
    expect(anon).toEqual({ status: 401, body: { needlogin: 1, msg: '需要重新登录' } });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Files

/** Downloads a file url (with a session id, or as a signed link alone); the bytes and the content-disposition header. */
async function download(url: string, session?: string): Promise<{ status: number; disposition: string; bytes: Uint8Array }> {
  const res = await fetch(`${baseUrl()}${url}`, { headers: session ? { authorization: session } : {} });
  return { status: res.status, disposition: res.headers.get('content-disposition') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The first sheet of a workbook as rows of cells (empty cells as null). */
function sheetRows(bytes: Uint8Array): unknown[][] {
  const wb = XLSX.read(bytes, { type: 'array' });
  const sheet = wb.Sheets[wb.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
}

const TITLES = [{ title: '编码', field: 'code' }, { title: '名称', field: 'name' }];

async function uploadMultipart(session: string | undefined, data: Uint8Array<ArrayBuffer>, name: string, query = ''):
  Promise<{ status: number; body: Record<string, unknown> }> {
  const fd = new FormData();
  fd.append('is_temp', '1');
  fd.append('file', new Blob([data], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${baseUrl()}/files/upload/${query}`, {
    method: 'POST', body: fd, headers: session ? { authorization: session } : {},
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try { body = JSON.parse(text) as Record<string, unknown>; } catch { body = { raw: text }; }
  return { status: res.status, body };
}

describe('/files/upload/', () => {
  it('builds excel.xlsx from rows, with property columns', async () => {
    const session = await sessionOf('operator');
    const ds = [
      { code: 'A-1', name: '甲', props: { 颜色: '红' } },
      { code: 'B-2', name: '乙', props: { 颜色: '蓝', 尺寸: 'L' } },
      { code: 'C-3', name: '丙' },
    ];
    const r = await post('/files/upload/', { titles: TITLES, props_cols: ['颜色'], ds }, { session });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'excel.xlsx', rows: 3, url: expect.stringMatching(/^\/files\/\?action=download&id=/) });
    const file = await download(r.body.url as string);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('attachment');
    expect(file.disposition).toContain('excel.xlsx');
    expect(sheetRows(file.bytes)).toEqual([
      ['编码', '名称', '颜色'],
      ['A-1', '甲', '红'],
      ['B-2', '乙', '蓝'],
      ['C-3', '丙', null],
    ]);
  });

  it('exports a resource\'s list with its list parameters', async () => {
    const admin = await sessionOf('admin');
    const key = `EXP${RUN}`;
    for (const i of [3, 1, 2]) {
      const r = await post('/items/save/', { code: `${key}-${i}`, name: `导出 ${i}` }, { session: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await post('/items/save/', { code: `OTHER${RUN}`, name: '别的' }, { session: admin })).status).toBe(200);
    const r = await post('/files/upload/', { titles: TITLES, resource: 'items', keyword: key }, { session: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows).toBe(3);
    const rows = sheetRows((await download(r.body.url as string)).bytes);
    expect(rows).toEqual([['编码', '名称'], [`${key}-1`, '导出 1'], [`${key}-2`, '导出 2'], [`${key}-3`, '导出 3']]);
    const none = await post('/files/upload/', { titles: TITLES, resource: 'items', keyword: `nothing-${RUN}` }, { session: admin });
    expect(none.body.rows).toBe(0);
    expect(sheetRows((await download(none.body.url as string)).bytes)).toEqual([['编码', '名称']]);
  });

  it('stores a multipart file and serves the same bytes back', async () => {
    const session = await sessionOf('operator');
    const data = new Uint8Array(70_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) % 256;
    const r = await uploadMultipart(session, data, 'probe.bin');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toEqual(expect.stringMatching(/^\/files\/\?action=download&id=/));
    const file = await download(r.body.url as string, session);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('probe.bin');
    expect(Buffer.from(file.bytes).equals(Buffer.from(data))).toBe(true);
    // Without a login nothing is stored, and nothing is served (tests/api/security/files.test.ts).
    expect((await uploadMultipart(undefined, data, 'probe.bin')).status).toBe(401);
    expect((await download(r.body.url as string)).status).toBe(401);
    // An id that was never handed out downloads nothing.
    expect((await download('/files/?action=download&id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', session)).status).toBe(404);
  });

  it('serves an upload a saved row names, which no longer expires', async () => {
    const admin = await sessionOf('admin');
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const r = await uploadMultipart(admin, image, 'avatar.png');
    const saved = await post('/accounts/save/', { username: `avatar-${RUN}`, name: 'Avatar', avatar: r.body.url }, { session: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const file = await download(r.body.url as string, await sessionOf('operator'));
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes).equals(Buffer.from(image))).toBe(true);
  });

  it('refuses a file over 20 MB with 413 and a localized message', async () => {
    const session = await sessionOf('operator');
    const big = new Uint8Array(21 * 1024 * 1024);
    const zh = await uploadMultipart(session, big, 'big.bin');
    expect(zh.status).toBe(413);
    expect(zh.body.msg).toBe(translate('zh', 'file_too_large', { max: '20 MB' }));
    const en = await uploadMultipart(session, big, 'big.bin', '?lang=en');
    expect(en.status).toBe(413);
    expect(en.body.msg).toBe(translate('en', 'file_too_large', { max: '20 MB' }));
  });

  it('answers 400 to malformed rows or titles', async () => {
    const session = await sessionOf('operator');
    for (const [field, value] of [['ds', '[{"code":'], ['ds', '{"code":"x"}'], ['titles', '[{"title":'], ['props_cols', '{']] as const) {
      const values: Record<string, unknown> = { titles: TITLES, ds: [], [field]: value };
      const r = await post('/files/upload/', values, { session });
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(r.body.msg, `${field}=${value}`).toBe(translate('zh', 'invalid_json'));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Languages and the 404 envelope

describe('localized messages', () => {
  const ACCEPT: Record<Lang, string> = { zh: 'zh-CN,zh;q=0.9', en: 'en-US,en;q=0.8', es: 'es-ES', ja: 'ja,en;q=0.5' };

  it('answers in each of zh, en, es, ja, by Accept-Language or by lang=, as the catalogue says', async () => {
    const byHeader: Record<string, unknown> = {};
    const byParam: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const lang of LANGS) {
      byHeader[lang] = (await get('/nope/', {}, { lang: ACCEPT[lang] })).body.msg;
      byParam[lang] = (await get('/nope/', { lang }, { lang: 'fr' })).body.msg;
      expected[lang] = translate(lang, 'route_not_found');
    }
    expect(byHeader).toEqual(expected);
    expect(byParam).toEqual(expected);
    expect(new Set(Object.values(expected)).size).toBe(LANGS.length);
  });

  it('localizes the messages of a logged-in call too', async () => {
    const session = await sessionOf('operator');
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const lang of LANGS) {
      const r = await post('/accounts/my/?action=loadmenu&platform=pc', { menus: '{bad', lang }, { session });
      actual[lang] = [r.status, r.body.msg];
      expected[lang] = [400, translate(lang, 'invalid_json')];
    }
    expect(actual).toEqual(expected);
    expect(new Set(Object.values(expected).map(e => (e as unknown[])[1])).size).toBe(LANGS.length);
  });

  it('falls back to zh for a language it does not speak', async () => {
    const r = await get('/nope/', {}, { lang: 'fr-FR,de;q=0.8' });
    expect(r.body.msg).toBe(translate('zh', 'route_not_found'));
  });
});

describe('unknown API paths', () => {
  it('answer 404 with the envelope, logged in or not', async () => {
    expect(await get('/nope/')).toEqual({ status: 404, body: { msg: '接口不存在' } });
    expect(await post('/nope/', { a: 1 })).toEqual({ status: 404, body: { msg: '接口不存在' } });
    const session = await sessionOf('admin');
    expect(await get('/nope/deeper/list/', {}, { session })).toEqual({ status: 404, body: { msg: '接口不存在' } });
  });
});
