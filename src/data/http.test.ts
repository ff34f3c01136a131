// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { apiGet, setSessionRenewer } from './http';
import { sessionStore } from './session/session-store';
import { json, stubServer } from './test-helpers';

const server = stubServer();
afterEach(() => setSessionRenewer(null));

describe('a lapsed session', () => {
  it('is re-opened once by the installed renewer and the call sent again with the new session', async () => {
    server.fetch.mockResolvedValueOnce(json({ needlogin: 1, msg: '需要重新登录' }, 401)).mockResolvedValueOnce(json({ msg: 'OK', dt: [1] }));
    let renewals = 0;
    setSessionRenewer(async () => {
      renewals++;
      sessionStore.setState({ sessionid: 'S2' });
      return true;
    });
    await expect(apiGet('/items/list/')).resolves.toMatchObject({ dt: [1] });
    expect(renewals).toBe(1);
    const headers = server.fetch.mock.calls.map(c => new Headers((c[1] as RequestInit).headers).get('Authorization'));
    expect(headers[1]).toBe('S2');
  });

  it('gives up as before when the renewer cannot re-open it, or none is installed', async () => {
    server.fetch.mockImplementation(async () => json({ needlogin: 1, msg: '需要重新登录' }, 401));
    setSessionRenewer(async () => false);
    await expect(apiGet('/items/list/')).rejects.toMatchObject({ kind: 'needlogin' });
    expect(server.fetch).toHaveBeenCalledTimes(1);
    setSessionRenewer(null);
    await expect(apiGet('/items/list/')).rejects.toMatchObject({ kind: 'needlogin' });
  });
});
