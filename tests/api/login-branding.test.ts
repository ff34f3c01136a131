import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BRANDING_CONFIGS } from '../../src/domain/contract/login-branding';
import { get, post, sessionOf } from './client';

/**
 * `GET /accounts/login_branding/` (issue 15): the login page's names, logo and banner from the safe configs, answered
 * without a session, and nothing else — no other config, no unsafe value, whatever the request asks for.
 */

interface Config { id: number; version: number; name: string; values: string | null; safe: boolean }

let admin: string;
beforeAll(async () => { admin = await sessionOf('admin'); });

async function config(name: string): Promise<Config> {
  const r = await get('/configs/list/', { filter: [{ field: 'name', op: 'eq', value: name }], limit: -1 }, { session: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [row] = r.body.dt as Config[];
  if (!row) throw new Error(`no config ${name}`);
  return row;
}

/** Changes a config for one test; afterEach puts the original values back (the seeded server is shared). */
const changed: Config[] = [];
async function change(name: string, values: Partial<Pick<Config, 'values' | 'safe'>>): Promise<void> {
  const before = await config(name);
  changed.push(before);
  const r = await post('/configs/save/', { id: before.id, version: before.version, ...values }, { session: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
afterEach(async () => {
  for (const original of changed.splice(0).reverse()) {
    const now = await config(original.name);
    const r = await post('/configs/save/', { id: now.id, version: now.version, values: original.values ?? '', safe: original.safe },
      { session: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
});

describe('login branding', () => {
  it('answers without a session with exactly the login page fields of the seeded configs', async () => {
    const r = await get('/accounts/login_branding/');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['dt', 'msg']);
    expect(r.body.msg).toBe('OK');
    expect(Object.keys(r.body.dt as object).sort()).toEqual([...LOGIN_BRANDING_CONFIGS].sort());
    const seeded = Object.fromEntries(await Promise.all(LOGIN_BRANDING_CONFIGS.map(async n => [n, (await config(n)).values])));
    expect(r.body.dt).toEqual(seeded);
    expect(r.body.dt).toMatchObject({ software_name: expect.any(String), site_name: expect.any(String) });
    expect((r.body.dt as Record<string, string>).site_name).not.toBe('');
  });

  it('reveals no other config, whatever the request names', async () => {
    const plain = await get('/accounts/login_branding/');
    const text = JSON.stringify(plain.body);
    // Other safe configs (units, buttons, formula traits) and unsafe ones (menu colours) are not in the reply.
    for (const other of ['units', 'buttons', 'formula_traits', 'version_class', 'menu_colors']) {
      const c = await config(other);
      expect(text).not.toContain(`"${other}"`);
      if (c.values && c.values.length > 2) expect(text).not.toContain(JSON.stringify(c.values).slice(1, -1));
    }
    for (const params of [{ name: 'menu_colors' }, { name: 'units,buttons', limit: -1, returndt: 1 }, { dt: 'x', safe: 0, msg: 'x' },
      { 'a[b]': '1', filter: '{bad json' }]) {
      const r = await get('/accounts/login_branding/', params);
      expect(r.status, JSON.stringify(params)).toBe(200);
      expect(r.body, JSON.stringify(params)).toEqual(plain.body);
    }
  });

  it('leaves out a login field the admin did not mark readable before login', async () => {
    await change('banner', { safe: false });
    const r = await get('/accounts/login_branding/');
    expect(r.status).toBe(200);
    expect((r.body.dt as Record<string, string>).banner).toBe('');
    expect((r.body.dt as Record<string, string>).software_name).not.toBe('');
  });

  it('gives a logo the login page may not load, or a background with a URL, as unset', async () => {
    await change('logo', { values: 'https://tracker.example/logo.png' });
    await change('banner_background', { values: 'url(https://tracker.example/bg.png)' });
    await change('site_name', { values: '星河包装有限公司' });
    const r = await get('/accounts/login_branding/');
    expect(r.body.dt).toMatchObject({ logo: '', banner_background: '', site_name: '星河包装有限公司' });
  });

  it('answers a logged-in caller the same', async () => {
    const anonymous = await get('/accounts/login_branding/');
    const r = await get('/accounts/login_branding/', {}, { session: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(anonymous.body);
  });
});
