import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, get, post, sessionOf } from '../client';
import { admin, makeAccount, makeRole, ok, type Made } from './helpers';

/**
 * Issue 29, finding 1: "The streamed export ignores the rules every other read follows" — `POST /files/export/`
 * checked only that the caller could read the resource (by reference too) and listed rows without row scope, the
 * owner-only rule or the hidden fields. Both exports (streamed, and stored by `/files/upload/`) now need `view` and
 * `export` and read exactly what the caller's list shows (server/resources/read-access.ts).
 */

type Sheet = { status: number; rows: unknown[][] };

async function streamed(session: string, resource: string, titles: string[], extra: Record<string, unknown> = {}): Promise<Sheet> {
  const form = new URLSearchParams({ resource, titles: JSON.stringify(titles.map(f => ({ field: f, title: f }))) });
  for (const [k, v] of Object.entries(extra)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const res = await fetch(`${baseUrl()}/files/export/`, {
    method: 'POST', body: form, headers: { authorization: session, 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status !== 200) return { status: res.status, rows: [] };
  const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
  return { status: 200, rows: XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null }).slice(1) };
}

/** The stored export: `/files/upload/` with a resource, then its file downloaded through the signed link. */
async function stored(session: string, resource: string, titles: string[], extra: Record<string, unknown> = {}): Promise<Sheet> {
  const r = await post('/files/upload/', { resource, titles: titles.map(f => ({ field: f, title: f })), ...extra }, { session });
  if (r.status !== 200) return { status: r.status, rows: [] };
  const file = await fetch(`${baseUrl()}${r.body.url as string}`, { headers: { authorization: session } });
  expect(file.status).toBe(200);
  const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
  return { status: 200, rows: XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null }).slice(1) };
}

const both = [['streamed', streamed], ['stored', stored]] as const;

async function listIds(session: string, api: string): Promise<number[]> {
  return (ok(await get(`${api}/list/`, { limit: -1 }, { session })).body.dt as { id: number }[]).map(r => r.id).sort((a, b) => a - b);
}

let viewer: Made;

beforeAll(async () => {
  // Persons' view and export, not edit: the badge number and phone are hidden from it.
  viewer = await makeAccount([await makeRole({ grants: { persons: { actions: ['view', 'export'] } } })]);
});

describe.each(both)('the %s export', (_kind, exportOf) => {
  it('needs the export action: the operator cannot export persons, nor the supervisor accounts', async () => {
    const operator = await sessionOf('operator');
    // The operator reads persons (badges on the kiosk) but may not export them.
    expect((await get('/persons/list/', { limit: 1 }, { session: operator })).status).toBe(200);
    expect((await exportOf(operator, 'persons', ['name', 'card_no', 'phone'])).status).toBe(403);
    expect((await exportOf(await sessionOf('supervisor'), 'accounts', ['username', 'role_ids'])).status).toBe(403);
    expect((await exportOf(await sessionOf('sales'), 'messages', ['title', 'body'])).status).toBe(403);
  });

  it("holds only the caller's rows: sales exports its own orders and customers, as its list shows them", async () => {
    const sales = await sessionOf('sales');
    for (const [resource, api] of [['orders', '/orders/orders'], ['customers', '/customers']] as const) {
      const listed = await listIds(sales, api);
      const all = await listIds(await admin(), api);
      expect(listed.length).toBeLessThan(all.length);
      const sheet = await exportOf(sales, resource, ['id', 'saler_id']);
      expect(sheet.status).toBe(200);
      expect(sheet.rows.map(r => r[0] as number).sort((a, b) => a - b)).toEqual(listed);
    }
  });

  it('leaves out the fields the caller may not see, even when named as columns', async () => {
    const sheet = await exportOf(viewer.session, 'persons', ['name', 'card_no', 'phone']);
    expect(sheet.status).toBe(200);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.rows.every(r => r[1] === null && r[2] === null)).toBe(true);
    // Admin's export of the same columns has them: the columns are real.
    const full = await exportOf(await admin(), 'persons', ['name', 'card_no', 'phone']);
    expect(full.rows.some(r => r[1] !== null)).toBe(true);
  });

  it("holds an administrator's own messages only (messages are their owner's alone)", async () => {
    const a = await admin();
    const mine = await listIds(a, '/messages');
    const sheet = await exportOf(a, 'messages', ['id']);
    expect(sheet.status).toBe(200);
    expect(sheet.rows.map(r => r[0] as number).sort((x, y) => x - y)).toEqual(mine);
  });

  it('refuses a filter on a hidden field as the list does', async () => {
    const r = await exportOf(viewer.session, 'persons', ['name'],
      { filter: [{ field: 'card_no', op: 'contains', value: '0' }] });
    expect(r.status).toBe(400);
  });
});
