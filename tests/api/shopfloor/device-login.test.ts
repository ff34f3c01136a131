import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { DEMO, get, post, sessionOf } from '../client';
import { computer, deviceLogin, lineWithCards, person, push, pushOk, tap, type Line } from './fixtures';

/**
 * Kiosk identity (docs/shopfloor.md): a device login binds its token to a terminal, a token login keeps it, only
 * accounts holding the `kiosk` action of computers may make one, and only a device session may push — as its own
 * terminal.
 */

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('zh', key, params);

let line: Line;
let terminal: { id: number; code: string };
let operator = 0;

beforeAll(async () => {
  line = await lineWithCards([{}], 1);
  terminal = await computer(line.nodes);
  operator = await person();
});

describe('device login', () => {
  it('answers the terminal with its work nodes and watermark, and its session may push', async () => {
    const d = await deviceLogin(terminal.code, 'operator');
    expect(d.reply.body.computer).toEqual({
      id: terminal.id, code: terminal.code, name: `终端${terminal.code}`, worknode_ids: line.nodes, device_id: null, last_seq: 0,
      screen: 'tap3',
    });
    const r = await pushOk(d.session, terminal.code, [tap(1, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' })]);
    expect(r).toMatchObject({ lastSeq: 1, results: [{ status: 'applied' }] });
  });

  it('keeps the terminal across a token login, and answers the watermark the pushes left', async () => {
    const d = await deviceLogin(terminal.code, 'inspector', 'computer');
    const again = await post('/accounts/login/', { token: d.token, client: 'SOMETHING-ELSE' });
    expect(again.status).toBe(200);
    expect(again.body.computer).toMatchObject({ id: terminal.id, code: terminal.code, last_seq: 1 });
    const session = again.body.sessionid as string;
    // The re-opened session is the kiosk's: it pushes as the terminal, from where the watermark stands.
    const r = await pushOk(session, terminal.code, [tap(2, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'finish' })]);
    expect(r).toMatchObject({ lastSeq: 2, results: [{ status: 'applied' }] });
    expect((await get('/accounts/info/', {}, { session })).status).toBe(200);
  });

  it('is an office login when `client` names no terminal, and an office session may not push', async () => {
    const r = await post('/accounts/login/', { username: DEMO.operator[0], password: DEMO.operator[1], client: 'NO-SUCH-KIOSK-X' });
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('computer');
    const refused = await push(r.body.sessionid as string, 'NO-SUCH-KIOSK-X', []);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(zh('device_login_required'));
    // A token login of an office token stays an office login, whatever `client` says.
    const again = await post('/accounts/login/', { token: (r.body.data as { token: string }).token, client: terminal.code });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('computer');
    expect((await push(again.body.sessionid as string, terminal.code, [])).status).toBe(403);
  });

  it('refuses a terminal to an account without the kiosk action, and names an unknown one', async () => {
    const sales = await post('/accounts/login/', { username: DEMO.sales[0], password: DEMO.sales[1], client: terminal.code });
    expect(sales.status).toBe(403);
    expect(sales.body.msg).toBe(zh('computer_not_allowed'));
    const unknown = await post('/accounts/login/', { username: DEMO.operator[0], password: DEMO.operator[1], computer: 'NO-SUCH-PC-X' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe(zh('computer_unknown', { code: 'NO-SUCH-PC-X' }));
    expect(unknown.body.errors).toEqual({ computer: zh('computer_unknown', { code: 'NO-SUCH-PC-X' }) });
    const long = await post('/accounts/login/', { username: DEMO.operator[0], password: DEMO.operator[1], computer: 'x'.repeat(65) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBeTruthy();
  });

  it('admin may log in any terminal', async () => {
    const d = await deviceLogin(terminal.code, 'admin');
    expect(d.reply.body.computer).toMatchObject({ id: terminal.id });
  });

  it('pushes only as its own terminal', async () => {
    const other = await computer(line.nodes);
    const d = await deviceLogin(terminal.code);
    const r = await push(d.session, other.code, [tap(99, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' })]);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(zh('fact_device_mismatch'));
    // Nothing was stored for either.
    const admin = await sessionOf('admin');
    const facts = await get('/sync/facts/list/', { computer_id: other.id }, { session: admin });
    expect(facts.body.total).toBe(0);
  });
});

describe('terminal enrolment (issue 29)', () => {
  const [opUser, opPass] = DEMO.operator;
  const login = (code: string, enrol?: string) => post('/accounts/login/', { username: opUser, password: opPass, computer: code, enrol });

  it('refuses a device login without a code a supervisor issued for that terminal, and takes a code once', async () => {
    const pc = await computer(line.nodes);
    const bare = await login(pc.code);
    expect(bare.status).toBe(403);
    expect(bare.body.msg).toBe(zh('computer_enrol_required', { code: pc.code }));
    expect(bare.body.errors).toEqual({ enrol: zh('computer_enrol_required', { code: pc.code }) });

    // The supervisor issues the code; the operator's role may not.
    const operatorSession = await sessionOf('operator');
    expect((await post('/computers/enrol/', { id: pc.id }, { session: operatorSession })).status).toBe(403);
    const issued = await post('/computers/enrol/', { id: pc.id }, { session: await sessionOf('supervisor') });
    expect(issued.status).toBe(200);
    const code = issued.body.code as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // A code of another terminal binds nothing here.
    const other = await computer(line.nodes);
    expect((await login(other.code, code)).status).toBe(403);
    // Typed in lower case without the dash, it is the same code.
    const ok = await login(pc.code, code.replace('-', '').toLowerCase());
    expect(ok.status).toBe(200);
    expect(ok.body.computer).toMatchObject({ id: pc.id });
    const again = await login(pc.code, code);
    expect(again.status).toBe(403);
    expect(again.body.msg).toBe(zh('computer_enrol_wrong'));

    // The terminal says when it was enrolled; nothing of the code is readable.
    const admin = await sessionOf('admin');
    const row = (await get('/computers/detail/', { id: pc.id }, { session: admin })).body.dt as Record<string, unknown>;
    expect(row.enrolled_at).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(code.slice(0, 4));
    expect(Object.keys(row).some(k => k.includes('code_hash'))).toBe(false);
  });

  it('voids a code after five wrong tries', async () => {
    const pc = await computer(line.nodes);
    const code = (await post('/computers/enrol/', { id: pc.id }, { session: await sessionOf('admin') })).body.code as string;
    for (let i = 0; i < 5; i++) {
      const wrong = await login(pc.code, 'AAAA-AAAA');
      expect(wrong.status).toBe(403);
      expect(wrong.body.errors).toEqual({ enrol: zh('computer_enrol_wrong') });
    }
    expect((await login(pc.code, code)).status).toBe(403);
  });

  it('cuts off the terminal\'s earlier device when it is enrolled again', async () => {
    const pc = await computer(line.nodes);
    const first = await deviceLogin(pc.code);
    const second = await deviceLogin(pc.code);
    // The first device can neither push nor re-open its session with its token.
    const pushed = await push(first.session, pc.code, []);
    expect(pushed.status).toBe(401);
    expect((await post('/accounts/login/', { token: first.token })).status).toBe(401);
    expect((await push(second.session, pc.code, [])).status).toBe(200);
    // Re-opening the second device's session needs no code: the token is the enrolled device.
    expect((await post('/accounts/login/', { token: second.token })).status).toBe(200);
  });
});
