// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { json, stubServer } from '../test-helpers';
import { reopenSession } from './reopen';
import { sessionStore } from './session-store';

const server = stubServer();

describe('re-opening a lapsed session with the token', () => {
  it('logs in with the token once for concurrent callers and puts the new session in the store', async () => {
    sessionStore.setState({ token: 'tok', sessionid: null });
    server.fetch.mockResolvedValue(json({ msg: 'OK', token: 'tok', name: 'Kiosk', site_name: 'S', sessionid: 'new-session' }));
    const [a, b] = await Promise.all([reopenSession(), reopenSession()]);
    expect([a, b]).toEqual([true, true]);
    expect(server.fetch).toHaveBeenCalledOnce();
    const form = Object.fromEntries(new URLSearchParams(String(server.fetch.mock.calls[0]![1]!.body)));
    expect(form.token).toBe('tok');
    expect(sessionStore.getState().sessionid).toBe('new-session');
  });

  it('answers false without a token, and on a refusal leaves the login state as it was, quietly', async () => {
    sessionStore.setState({ token: null, sessionid: null });
    expect(await reopenSession()).toBe(false);
    expect(server.fetch).not.toHaveBeenCalled();
    sessionStore.setState({ token: 'revoked', sessionid: null });
    server.fetch.mockResolvedValue(json({ msg: '登录已失效', code: 50012 }, 401));
    expect(await reopenSession()).toBe(false);
    expect(sessionStore.getState().token).toBe('revoked');
    expect(server.notifier.error).not.toHaveBeenCalled();
    expect(server.notifier.loggedOut).not.toHaveBeenCalled();
  });
});
