import { describe, expect, it } from 'vitest';
import { get, post, sessionOf } from './client';
import { ok, plantOf, saveOrder, transition, type Row } from './production/fixtures';
import { computer, deviceLogin, lineWithCards, person, push, tap } from './shopfloor/fixtures';

/**
 * 消息 (docs/reports.md "Messages"): the server writes them with their events — an order confirmed tells its
 * salesperson, rejected swipes tell whoever resolves them — and each user reads, marks read and deletes only theirs.
 */

async function messagesOf(role: 'sales' | 'supervisor' | 'finance', params: Record<string, string | number> = {}): Promise<Row[]> {
  const r = await get('/messages/list/', { limit: 200, ...params }, { session: await sessionOf(role) });
  expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
  return r.body.dt as Row[];
}

describe('messages', () => {
  it('tell a salesperson their order was confirmed, theirs alone, and are marked read all at once', async () => {
    const admin = await sessionOf('admin');
    const supervisor = await sessionOf('supervisor');
    const [sales] = (await get('/accounts/list/', { username: 'sales', limit: 5 }, { session: admin })).body.dt as Row[];
    expect(sales?.person_id).toBeTruthy();
    const plant = await plantOf(supervisor);
    const saved = ok(await saveOrder(supervisor, { customer_id: plant.customer.id, saler_id: sales!.person_id },
      [{ item_id: plant.items[0]!.id, quantity: 10 }])).body as { id: number; version: number; dt: Row };
    ok(await transition(supervisor, saved, 'confirmed'));

    const mine = await messagesOf('sales');
    const told = mine.find(m => m.link === `/orders/edit/${saved.id}`);
    expect(told).toMatchObject({ kind: 'order_confirmed', account_id: sales!.id, read_at: null });
    expect(String(told!.title)).toContain(String(saved.dt.show_id));
    // Nobody else sees it, nor may read it by id.
    expect((await messagesOf('supervisor')).some(m => m.id === told!.id)).toBe(false);
    expect((await get('/messages/detail/', { id: Number(told!.id) }, { session: supervisor })).status).toBe(404);
    // Not even an admin, whose role no row scope binds: it is the recipient's alone.
    const adminList = (await get('/messages/list/', { limit: 500 }, { session: admin })).body.dt as Row[];
    expect(adminList.some(m => m.id === told!.id)).toBe(false);
    expect((await post('/messages/save/', { id: told!.id, version: told!.version, read_at: '2026-01-01 08:00:00+08:00' }, { session: admin })).status)
      .toBe(404);
    expect((await post('/messages/delete/', { id: told!.id }, { session: admin })).status).toBe(404);
    expect((await get('/messages/detail/', { id: Number(told!.id) }, { session: admin })).status).toBe(404);
    expect((await get('/history/list/', { table_name: 'messages', kid: Number(told!.id) }, { session: admin })).status).toBe(404);
    // Its recipient reads it.
    expect(ok(await get('/messages/detail/', { id: Number(told!.id) }, { session: await sessionOf('sales') })).body.dt)
      .toMatchObject({ id: told!.id, kind: 'order_confirmed' });

    const marked = ok(await post('/messages/read_all/', {}, { session: await sessionOf('sales') }));
    expect(Number(marked.body.marked)).toBeGreaterThanOrEqual(1);
    expect((await messagesOf('sales')).every(m => m.read_at !== null)).toBe(true);
  });

  it('are written in the language the recipient last used the app in', async () => {
    const admin = await sessionOf('admin');
    const supervisor = await sessionOf('supervisor');
    const sales = await sessionOf('sales');
    const [account] = (await get('/accounts/list/', { username: 'sales', limit: 5 }, { session: admin })).body.dt as Row[];
    const plant = await plantOf(supervisor);
    const confirmOne = async () => {
      const saved = ok(await saveOrder(supervisor, { customer_id: plant.customer.id, saler_id: account!.person_id },
        [{ item_id: plant.items[0]!.id, quantity: 10 }])).body as { id: number; version: number; dt: Row };
      ok(await transition(supervisor, saved, 'confirmed'));
      const m = (await messagesOf('sales')).find(x => x.link === `/orders/edit/${saved.id}`);
      expect(m, 'the salesperson is told').toBeTruthy();
      return { m: m!, showId: String(saved.dt.show_id) };
    };
    try {
      // The app names its UI language on every call (?lang=): the account keeps the latest.
      ok(await get('/accounts/info/', { lang: 'en' }, { session: sales }));
      const [after] = (await get('/accounts/list/', { username: 'sales', limit: 5 }, { session: admin })).body.dt as Row[];
      expect(after!.language).toBe('en');
      const en = await confirmOne();
      expect(en.m.title).toBe(`Order ${en.showId} confirmed`);
      expect(String(en.m.body)).toContain(`confirmed order ${en.showId}`);
      // A language guessed from Accept-Language is not one the user chose: the account's stays.
      ok(await get('/accounts/info/', {}, { session: sales, lang: 'ja' }));
      expect(((await get('/accounts/list/', { username: 'sales', limit: 5 }, { session: admin })).body.dt as Row[])[0]!.language).toBe('en');
      // A terminal's login (several often share an account, each in its own language) leaves it alone too.
      const languageOf = async (username: string) =>
        ((await get('/accounts/list/', { username, limit: 5 }, { session: admin })).body.dt as Row[])[0]!.language ?? null;
      const pc = await computer((await lineWithCards([{}], 1)).nodes);
      const operatorBefore = await languageOf('operator');
      ok(await get('/accounts/info/', { lang: operatorBefore === 'ja' ? 'es' : 'ja' }, { session: (await deviceLogin(pc.code)).session }));
      expect(await languageOf('operator')).toBe(operatorBefore);
      ok(await get('/accounts/info/', { lang: 'zh' }, { session: sales }));
      const zh = await confirmOne();
      expect(zh.m.title).toBe(`订单 ${zh.showId} 已确认`);
    } finally {
      await get('/accounts/info/', { lang: 'zh' }, { session: sales });
    }
  });

  it('tell whoever resolves dead letters that a push had rejected swipes, once per push', async () => {
    const line = await lineWithCards([{}], 1);
    const pc = await computer(line.nodes);
    const { session } = await deviceLogin(pc.code);
    const operator = await person();
    const before = (await messagesOf('supervisor', { kind: 'deadletters' })).length;
    const batch = [1, 2].map(seq => tap(seq, { card: `NO-SUCH-${seq}`, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' }));
    expect((await push(session, pc.code, batch)).status).toBe(200);
    // A replay rejects nothing new: no second message.
    expect((await push(session, pc.code, batch)).status).toBe(200);
    const after = await messagesOf('supervisor', { kind: 'deadletters' });
    expect(after.length).toBe(before + 1);
    const m = after.find(x => String(x.title).includes(pc.code))!;
    expect(m.link).toMatch(/^\/sync\/deadletters\?device=/);
    expect(String(m.title)).toContain('2');
    // Finance resolves nothing: told nothing (and may read its own messages only).
    expect((await messagesOf('finance')).some(x => String(x.title).includes(pc.code))).toBe(false);
  });
});
