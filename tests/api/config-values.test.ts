import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, get, login, post } from './client';

/**
 * A config of a known type (src/domain/rules/config-types.ts) stores only a value of that type, whoever writes it
 * (issue 15 §8): the form checks as the user types, the server checks every save, in the caller's language.
 */
let admin = '';
beforeAll(async () => { admin = (await login(...DEMO.admin)).session; });

async function configRow(name: string): Promise<{ id: number; version: number; values: string | null }> {
  const r = await get('/configs/list/', { limit: -1, keyword: name }, { session: admin });
  const row = (r.body.dt as { id: number; version: number; name: string; values: string | null }[]).find(c => c.name === name);
  if (!row) throw new Error(`no config ${name} in the demo data`);
  return row;
}

describe('typed config values on the server', () => {
  it('refuses a value that is not of the config\'s type with a field error, and keeps the stored value', async () => {
    const before = await configRow('units');
    const bad = await post('/configs/save/', { id: before.id, version: before.version, values: '{"not": "a list"}' },
      { session: admin, lang: 'en' });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as Record<string, string>).values).toEqual(expect.any(String));
    expect((await configRow('units')).values).toBe(before.values);

    const css = await configRow('version_class');
    const badClass = await post('/configs/save/', { id: css.id, version: css.version, values: 'a b;c' }, { session: admin });
    expect(badClass.status).toBe(422);
  });

  it('stores a value of the type, and free text under a name of no known type', async () => {
    const before = await configRow('units');
    const ok = await post('/configs/save/', { id: before.id, version: before.version, values: '["个","箱","kg"]' }, { session: admin });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const back = await post('/configs/save/', { id: ok.body.id as number, version: ok.body.version as number, values: before.values ?? '' },
      { session: admin });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const free = await post('/configs/save/', { name: `zz_free_${Date.now()}`, values: 'anything {', safe: false }, { session: admin });
    expect(free.status).toBe(200);
  });
});
