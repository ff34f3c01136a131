import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY, idleLimitMs, securityOptionsFromEnv } from './options';

describe('security options from the environment', () => {
  it('takes the defaults when nothing is set', () => {
    expect(securityOptionsFromEnv({})).toEqual(DEFAULT_SECURITY);
  });

  it('reads minutes, days and megabytes, and a list of origins', () => {
    const o = securityOptionsFromEnv({
      SESSION_IDLE_MINUTES: '30', DEVICE_IDLE_DAYS: '7', UPLOAD_QUOTA_MB: '50', DOWNLOAD_LINK_MINUTES: '2',
      ALLOWED_ORIGINS: 'https://a.example/, http://b.example:8080',
    });
    expect(o).toEqual({
      officeIdleMs: 30 * 60_000, deviceIdleMs: 7 * 86400_000, uploadQuotaBytes: 50 * 1024 * 1024, linkTtlMs: 2 * 60_000,
      allowedOrigins: ['https://a.example', 'http://b.example:8080'],
    });
    expect(idleLimitMs(o, 'office')).toBe(30 * 60_000);
    expect(idleLimitMs(o, 'device')).toBe(7 * 86400_000);
    // 0 turns office idle expiry off.
    expect(securityOptionsFromEnv({ SESSION_IDLE_MINUTES: '0' }).officeIdleMs).toBe(0);
  });

  it('refuses a value that is not a number rather than running without a limit', () => {
    expect(() => securityOptionsFromEnv({ UPLOAD_QUOTA_MB: 'lots' })).toThrow();
    expect(() => securityOptionsFromEnv({ SESSION_IDLE_MINUTES: '-5' })).toThrow();
  });
});
