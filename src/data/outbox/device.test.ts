import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { offlineDbFor } from '../offline/db';
import { sessionStore } from '../session/session-store';
import { loginWithPassword, loginWithToken } from '../shell-client';
import { json, stubServer } from '../test-helpers';
import { computerOf, storedComputer } from './device';
import { recordFact } from './outbox';

const server = stubServer();
let n = 0;
/** Each test talks to a server of its own, so each has its own offline database. */
function onServer(): string {
  const baseURL = `http://server-${++n}.test`;
  sessionStore.setState({ baseURL });
  return baseURL;
}

const COMPUTER = { id: 9, code: 'K-01', name: '裁切机旁', worknode_ids: [3, 4], device_id: 12, last_seq: 57 };
const tap = { card: 'C1', worknode_id: 3, person_id: 5, action: 'start' };

describe('the kiosk\'s identity from its login', () => {
  it('a device login records the computer for this server and numbers the next fact above its last_seq', async () => {
    const baseURL = onServer();
    server.fetch.mockResolvedValue(json({ msg: 'OK', name: 'A', site_name: 'S', sessionid: 's', data: { token: 't' }, computer: COMPUTER }));
    const r = await loginWithPassword('kiosk1', 'pw', { terminal: 'K-01' });
    expect(r.computer).toEqual(COMPUTER);
    const form = Object.fromEntries(new URLSearchParams(String(server.fetch.mock.calls[0]![1]!.body)));
    expect(form.computer).toBe('K-01');
    const db = offlineDbFor(baseURL);
    expect(await storedComputer(db)).toMatchObject(COMPUTER);
    expect((await recordFact('tap', tap, { db })).seq).toBe(58);
  });

  it('a token login of a device token records it as well; an ordinary login leaves the stored computer alone', async () => {
    const baseURL = onServer();
    server.fetch.mockResolvedValue(json({ msg: 'OK', token: 't', name: 'A', site_name: 'S', sessionid: 's', computer: { ...COMPUTER, last_seq: 3 } }));
    await loginWithToken('t');
    const db = offlineDbFor(baseURL);
    expect((await storedComputer(db))?.last_seq).toBe(3);
    server.fetch.mockResolvedValue(json({ msg: 'OK', name: 'B', site_name: 'S', sessionid: 's2', data: { token: 't2' } }));
    await loginWithPassword('supervisor', 'pw');
    const form = Object.fromEntries(new URLSearchParams(String(server.fetch.mock.calls.at(-1)![1]!.body)));
    expect(form.client).toBeUndefined();
    expect(form.computer).toBeUndefined();
    expect((await storedComputer(db))?.code).toBe('K-01');
  });

  it('reads a computer defensively', () => {
    expect(computerOf(null)).toBeNull();
    expect(computerOf({ id: 1, code: '  ' })).toBeNull();
    expect(computerOf({ id: 1, code: 'K', worknode_ids: [1, 'x', -2], last_seq: 'a' }))
      .toEqual({ id: 1, code: 'K', name: 'K', worknode_ids: [1], device_id: null, last_seq: 0, screen: null });
  });
});
