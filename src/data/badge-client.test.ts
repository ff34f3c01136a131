import { describe, expect, it } from 'vitest';
import { badgeClient } from './badge-client';
import { ApiError } from './errors';
import { json, stubServer } from './test-helpers';

const server = stubServer();
const SALT = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

describe('badgeClient.salt', () => {
  it('GETs /persons/badge_salt/ with the session and returns the salt as sent', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', salt: SALT, algorithm: 'HMAC-SHA-256', encoding: 'hex' }));
    await expect(badgeClient.salt()).resolves.toEqual({ salt: SALT, algorithm: 'HMAC-SHA-256', encoding: 'hex' });
    const [input, init = {}] = server.fetch.mock.calls.at(-1)!;
    const url = new URL(String(input), 'http://test.invalid');
    expect(init.method ?? 'GET').toBe('GET');
    expect(url.pathname).toBe('/persons/badge_salt/');
    expect((init.headers as Record<string, string>).Authorization).toBe('sess-1');
    expect(server.notifier.success).not.toHaveBeenCalled();
  });

  it.each([
    ['no salt', { msg: 'OK' }],
    ['a salt that is not base64url', { msg: 'OK', salt: 'a+b/c', algorithm: 'HMAC-SHA-256', encoding: 'hex' }],
    ['another algorithm', { msg: 'OK', salt: SALT, algorithm: 'HMAC-SHA-512', encoding: 'hex' }],
    ['another encoding', { msg: 'OK', salt: SALT, algorithm: 'HMAC-SHA-256', encoding: 'base64' }],
  ])('refuses a reply with %s as not our server', async (_what, body) => {
    server.fetch.mockResolvedValue(json(body));
    await expect(badgeClient.salt()).rejects.toBeInstanceOf(ApiError);
  });

  it('passes a refusal on (a role without persons.badges gets 403)', async () => {
    server.fetch.mockResolvedValue(json({ msg: '没有权限' }, 403));
    const e = await badgeClient.salt().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(403);
  });

  it('quietOffline: a kiosk without the server is not shown an error', async () => {
    server.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(badgeClient.salt({ quietOffline: true })).rejects.toBeInstanceOf(ApiError);
    expect(server.notifier.error).not.toHaveBeenCalled();
  });
});
