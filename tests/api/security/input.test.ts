import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { baseUrl, get, post } from '../client';
import { admin, ok, unique } from './helpers';

/**
 * Findings 6 and 10 of issue 10:
 * - "500s on bad input: datetime offsets like +25:00, +99:99, -2400 in a save or a list filter; JSON nested 1,000+
 *   deep (/accounts/my/ menus, items.props on save or import, a deeply nested cell in /files/upload/)."
 * - "Values: years 0001–0099 are saved as 19xx/20xx; 12345678901234.5678 comes back as …234.568; a required field
 *   with a declared default answers 422 when left out; a whitespace-only name is accepted."
 */

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const deepText = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const TOO_DEEP = { msg: translate('zh', 'too_deep', { max: 32 }) };

async function aDevice(): Promise<number> {
  return ((ok(await get('/devices/list/', { limit: 1 }, { session: await admin() })).body.dt as { id: number }[])[0]!).id;
}

describe('date-times and dates', () => {
  it('refuses zone offsets beyond ±14:00 with a field error in a save, and with 400 in a filter', async () => {
    const a = await admin();
    const device = await aDevice();
    for (const at of ['2026-01-02T03:04:05+25:00', '2026-01-02T03:04:05+99:99', '2026-01-02T03:04:05-2400']) {
      const r = await post('/devicemaintenances/save/', { device_id: device, content: unique('m'), done_at: at }, { session: a });
      expect(r, at).toEqual({ status: 422, body: { msg: translate('zh', 'invalid_input'), errors: { done_at: translate('zh', 'invalid_offset') } } });
      const f = await get('/devicemaintenances/list/', { filter: [{ field: 'done_at', op: 'gte', value: at }] }, { session: a });
      expect(f, at).toEqual({ status: 400, body: { msg: translate('zh', 'bad_filter') } });
      expect((await get('/devicemaintenances/list/', { done_at: at }, { session: a })).status, at).toBe(400);
    }
    const fine = await post('/devicemaintenances/save/', { device_id: device, content: unique('m'), done_at: '2026-01-02T03:04:05+14:00' }, { session: a });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect((fine.body.dt as { done_at: string }).done_at).toBe('2026-01-01T13:04:05.000Z');
  });

  it('refuses years before 1000 instead of storing another year', async () => {
    const a = await admin();
    const r = await post('/devicemaintenances/save/', { device_id: await aDevice(), content: unique('m'), planned_date: '0050-03-04', done_at: '0099-01-02T03:04:05Z' },
      { session: a });
    expect(r.status).toBe(422);
    const year = translate('zh', 'year_range', { min: 1000 });
    expect(r.body.errors).toEqual({ planned_date: year, done_at: year });
    const kept = ok(await post('/devicemaintenances/save/', { device_id: await aDevice(), content: unique('m'), planned_date: '1000-01-01' }, { session: a }));
    expect((kept.body.dt as { planned_date: string }).planned_date).toBe('1000-01-01');
  });
});

describe('JSON nested too deep is refused with 400 wherever JSON is accepted', () => {
  it('in the menus of /accounts/my/', async () => {
    const menus = [{ path: '/a', children: [deep(1200)] }];
    const r = await post('/accounts/my/?action=loadmenu&platform=pc', { menus }, { session: await admin() });
    expect(r).toEqual({ status: 400, body: TOO_DEEP });
  });

  it('in a save (item= JSON, 400) and in a props field (422 naming the field)', async () => {
    const a = await admin();
    const viaItem = await post('/items/save/', { item: { code: unique('J'), name: 'deep', props: deep(1500) } }, { session: a });
    expect(viaItem).toEqual({ status: 400, body: TOO_DEEP });
    const viaField = await post('/items/save/', { code: unique('J'), name: 'deep', props: JSON.stringify(deep(1500)) }, { session: a });
    expect(viaField.status).toBe(422);
    expect(viaField.body.errors).toEqual({ props: translate('zh', 'too_deep', { max: 32 }) });
  });

  it('in import rows, in list filters, in export rows and in a JSON request body', async () => {
    const a = await admin();
    expect(await post('/items/import/', { rows: [{ code: unique('J'), name: 'deep', props: deep(1500) }] }, { session: a }))
      .toEqual({ status: 400, body: TOO_DEEP });
    expect(await get('/items/list/', { filter: deepText(2000) }, { session: a })).toEqual({ status: 400, body: TOO_DEEP });
    expect(await post('/files/upload/', { titles: [{ title: 'x', field: 'x' }], ds: [{ x: deep(1500) }] }, { session: a }))
      .toEqual({ status: 400, body: TOO_DEEP });
    const res = await fetch(`${baseUrl()}/items/save/`, {
      method: 'POST', body: JSON.stringify({ code: unique('J'), name: 'x', props: deep(3000) }),
      headers: { 'content-type': 'application/json', authorization: a },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(TOO_DEEP);
  });
});

describe('values', () => {
  it('round-trips a decimal exactly at its scale, and refuses one a double cannot carry, naming the limit', async () => {
    const a = await admin();
    const stored = ok(await post('/items/save/', { code: unique('M'), name: 'money', price: '99999999999.9999' }, { session: a }));
    const id = stored.body.id as number;
    const back = ok(await get('/items/detail/', { id }, { session: a })).body.dt as { price: number };
    expect(String(back.price)).toBe('99999999999.9999');
    // A measure is rounded to its scale; money is refused beyond its four decimals (decision 240).
    const rounded = ok(await post('/items/save/', { code: unique('M'), name: 'money', weight: '1.23456' }, { session: a }));
    expect((rounded.body.dt as { weight: number }).weight).toBe(1.2346);
    const five = await post('/items/save/', { code: unique('M'), name: 'money', price: '1.23456' }, { session: a });
    expect(five.status).toBe(422);
    expect(five.body.errors).toEqual({ price: translate('zh', 'too_many_decimals', { max: 4 }) });
    const wide = await post('/items/save/', { code: unique('M'), name: 'money', price: '12345678901234.5678' }, { session: a });
    expect(wide.status).toBe(422);
    expect(wide.body.errors).toEqual({ price: translate('zh', 'too_big', { max: '99999999999.9999' }) });
  });

  it('fills a required field left out with its declared default', async () => {
    const r = await post('/journals/save/', { day: '2026-03-04', title: unique('j') }, { session: await admin() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.dt as { kind: string }).kind).toBe('shift');
  });

  it('counts a name of white space alone as empty', async () => {
    const r = await post('/items/save/', { code: unique('W'), name: ' \t　 '.slice(0, 3) }, { session: await admin() });
    expect(r).toEqual({ status: 422, body: { msg: translate('zh', 'invalid_input'), errors: { name: translate('zh', 'required') } } });
  });
});
