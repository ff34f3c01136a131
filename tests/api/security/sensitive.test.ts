import { createHmac } from 'node:crypto';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/domain/resources/all';
import { baseUrl, get, post, sessionOf } from '../client';
import { admin, makeAccount, makeRole, ok } from './helpers';

/**
 * Finding 7 of issue 10: "Badge numbers leak: every role that reads persons through a reference gets card_no (the
 * kiosk credential) and phone numbers, in lists, /sync/pull/ and exports." Sensitive fields now reach only roles that
 * may edit their resource; a kiosk granted `persons.badges` gets a salted hash of each badge instead.
 */

interface Person { id: number; code: string; card_no?: string | null; phone?: string | null; card_no_hash?: string | null }

const SENSITIVE = RESOURCES.flatMap(r => Object.entries(r.fields).filter(([, f]) => f.sensitive).map(([k]) => `${r.name}.${k}`));

let people: Person[] = [];
let reader: string | undefined;
/** A role granted only to view persons (the demo roles that read persons all recognise badges at a kiosk). */
async function readerSession(): Promise<string> {
  reader ??= (await makeAccount([await makeRole({ grants: { persons: { actions: ['view'] } } })])).session;
  return reader;
}
let target: Person;
beforeAll(async () => {
  people = ok(await get('/persons/list/', { limit: -1 }, { session: await admin() })).body.dt as Person[];
  target = people.find(p => p.card_no && p.phone)!;
});

describe('sensitive fields', () => {
  it('are declared for badges, phones, wage rates and bank accounts', () => {
    expect(SENSITIVE).toEqual(expect.arrayContaining(['persons.card_no', 'persons.phone', 'wages.price', 'worknodes.piece_rate', 'banks.account_no']));
  });

  it('reach a role that may edit persons', async () => {
    const rows = ok(await get('/persons/list/', { limit: 5 }, { session: await sessionOf('supervisor') })).body.dt as Person[];
    expect(rows.every(r => 'card_no' in r && 'phone' in r)).toBe(true);
  });

  it('never reach a role that reads persons through a reference: not in list, detail, search, filter or sort', async () => {
    // A role that reads persons only to name them (as journals do) lists them without their badges or phones.
    const session = await readerSession();
    const rows = ok(await get('/persons/list/', { limit: -1 }, { session })).body.dt as Person[];
    expect(rows.length).toBe(people.length);
    for (const r of rows) for (const k of ['card_no', 'phone', 'card_no_hash']) expect(r, k).not.toHaveProperty(k);
    const one = ok(await get('/persons/detail/', { id: target.id }, { session })).body.dt as Person;
    expect(one).not.toHaveProperty('card_no');
    expect(one).not.toHaveProperty('phone');
    // A search for a badge number finds nothing (the field is not searched), a filter or sort by it is refused.
    expect(ok(await get('/persons/list/', { keyword: target.card_no!, limit: -1 }, { session })).body.total).toBe(0);
    expect((await get('/persons/list/', { filter: [{ field: 'card_no', op: 'eq', value: target.card_no }] }, { session })).status).toBe(400);
    expect((await get('/persons/list/', { sort: 'phone' }, { session })).status).toBe(400);
    // A plain field=value of a hidden field filters nothing, so it tells nothing either.
    expect(ok(await get('/persons/list/', { card_no: target.card_no!, limit: -1 }, { session })).body.total).toBe(people.length);
  });

  it('reach a kiosk as salted hashes it can recompute from the install salt, never as numbers', async () => {
    const operator = await sessionOf('operator');
    const pulled = ok(await get('/sync/pull/', { table: 'persons', since: 0, limit: 20000 }, { session: operator })).body.rows as Person[];
    expect(pulled.length).toBe(people.length);
    const salt = ok(await get('/persons/badge_salt/', {}, { session: operator })).body as { salt: string; algorithm: string; encoding: string };
    expect(salt).toMatchObject({ algorithm: 'HMAC-SHA-256', encoding: 'hex' });
    const key = Buffer.from(salt.salt, 'base64url');
    expect(key.length).toBe(32);
    const byId = new Map(people.map(p => [p.id, p]));
    for (const row of pulled) {
      expect(row).not.toHaveProperty('card_no');
      expect(row).not.toHaveProperty('phone');
      const card = byId.get(row.id)!.card_no;
      // A person without a badge has no hash; a pull leaves empty fields out.
      expect(row.card_no_hash).toBe(card ? createHmac('sha256', key).update(card.trim()).digest('hex') : undefined);
    }
    // Only a badge reader gets the salt.
    expect((await get('/persons/badge_salt/', {}, { session: await readerSession() })).status).toBe(403);
  });

  it('leave history snapshots of a role that may not edit the resource', async () => {
    const a = await admin();
    const p = ok(await get('/persons/detail/', { id: target.id }, { session: a })).body.dt as Person & { version: number };
    ok(await post('/persons/save/', { id: p.id, version: p.version, phone: '13900000000' }, { session: a }));
    const mine = ok(await get('/history/list/', { table_name: 'persons', kid: target.id }, { session: a })).body.dt as { after: Person }[];
    expect(mine.at(-1)!.after.phone).toBe('13900000000');
    const theirs = ok(await get('/history/list/', { table_name: 'persons', kid: target.id }, { session: await sessionOf('operator') })).body.dt as
      { before: Person | null; after: Person | null }[];
    expect(theirs.length).toBe(mine.length);
    for (const e of theirs) for (const snap of [e.before, e.after]) if (snap) expect(Object.keys(snap)).not.toEqual(expect.arrayContaining(['phone']));
  });

  it('leave exports of a role that may export persons without editing them', async () => {
    const auditor = await makeAccount([await makeRole({ grants: { persons: { actions: ['view', 'export'] } } })]);
    const r = ok(await post('/files/upload/', {
      resource: 'persons', titles: [{ title: '编码', field: 'code' }, { title: '工卡', field: 'card_no' }, { title: '电话', field: 'phone' }],
    }, { session: auditor.session }));
    const file = await fetch(`${baseUrl()}${r.body.url as string}`);
    expect(file.status).toBe(200);
    const wb = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
    expect(sheet.length).toBe(people.length + 1);
    for (const row of sheet.slice(1)) {
      expect(row[0]).toEqual(expect.any(String));
      expect(row[1]).toBeNull();
      expect(row[2]).toBeNull();
    }
  });
});
