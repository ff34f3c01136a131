import { describe, expect, it } from 'vitest';
import type { Mutation } from '../domain/contract/sync';
import { ApiError } from './errors';
import { sessionStore } from './session/session-store';
import { checkedPushReply, pushFacts } from './sync-client';
import { json, stubServer } from './test-helpers';

const server = stubServer();

const m = (seq: number): Mutation => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, name: 'tap',
  args: { card: `C${seq}`, worknode_id: 3, person_id: 5, action: 'start' }, at: '2025-03-01T08:00:00.000Z', v: 1,
});

function lastBody(): { path: string; type: string | null; body: Record<string, unknown> } {
  const c = server.fetch.mock.calls.at(-1);
  if (!c) throw new Error('fetch was not called');
  const [input, init = {}] = c;
  return {
    path: new URL(String(input), 'http://test.invalid').pathname, type: new Headers(init.headers).get('content-type'),
    body: JSON.parse(String(init.body)) as Record<string, unknown>,
  };
}

describe('pushFacts', () => {
  it('POSTs device, the mutations and the floor as a JSON body, and returns the checked reply', async () => {
    const reply = { msg: 'OK', lastSeq: 2, results: [{ id: m(1).id, status: 'applied' }, { id: m(2).id, status: 'rejected', reason: '卡片不存在', key: 'shopfloor.unknown_card' }] };
    server.fetch.mockResolvedValue(json(reply));
    await expect(pushFacts('K-01', [m(1), m(2)], 1)).resolves.toEqual(reply);
    const c = lastBody();
    expect(c.path).toBe('/sync/push/');
    expect(c.type).toBe('application/json');
    expect(c.body).toEqual({ device: 'K-01', floor: 1, mutations: [m(1), m(2)], ios: 1 });
    // A background push says nothing: no 操作成功.
    expect(server.notifier.success).not.toHaveBeenCalled();
  });

  it('fails quietly: no message, and a needlogin leaves the login state to the sender', async () => {
    server.fetch.mockResolvedValue(json({ msg: '请重新登录', needlogin: 1 }, 401));
    await expect(pushFacts('K-01', [m(1)], 1)).rejects.toMatchObject({ kind: 'needlogin' });
    expect(sessionStore.getState().sessionid).toBe('sess-1');
    server.fetch.mockResolvedValue(new Response('', { status: 500 }));
    await expect(pushFacts('K-01', [m(1)], 1)).rejects.toMatchObject({ kind: 'server' });
    server.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(pushFacts('K-01', [m(1)], 1)).rejects.toMatchObject({ kind: 'network' });
    expect(server.notifier.error).not.toHaveBeenCalled();
    expect(server.notifier.loggedOut).not.toHaveBeenCalled();
  });

  it('refuses a reply that is not a push reply, so nothing is deleted on its word', async () => {
    for (const body of [{ msg: 'OK' }, { msg: 'OK', lastSeq: '3', results: [] }, { msg: 'OK', lastSeq: 3, results: [{ id: 'x', status: 'maybe' }] },
      { msg: 'OK', lastSeq: -1, results: [] }]) {
      server.fetch.mockResolvedValue(json(body));
      await expect(pushFacts('K-01', [m(1)], 1)).rejects.toBeInstanceOf(ApiError);
    }
  });

  it('sends 1 to 500 facts a call', async () => {
    await expect(pushFacts('K-01', [], 1)).rejects.toBeInstanceOf(RangeError);
    await expect(pushFacts('K-01', Array.from({ length: 501 }, (_, i) => m(i + 1)), 1)).rejects.toBeInstanceOf(RangeError);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('keeps only what the contract names in each result', () => {
    expect(checkedPushReply({ msg: 'OK', lastSeq: 0, results: [{ id: 'a', status: 'duplicate', extra: 1 }] }))
      .toEqual({ msg: 'OK', lastSeq: 0, results: [{ id: 'a', status: 'duplicate' }] });
  });
});
