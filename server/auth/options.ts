/**
 * The security settings an installation may tune (README "Environment"). `buildApp` takes them as options, so tests
 * can run a server with a short idle time or a small quota; `server.ts` reads them from the environment.
 */
export interface SecurityOptions {
  /** An office login ends after this long without a call (`SESSION_IDLE_MINUTES`, default 8 hours; 0 = never). */
  officeIdleMs: number;
  /** A kiosk's device login ends after this long without a call (`DEVICE_IDLE_DAYS`, default 30 days). */
  deviceIdleMs: number;
  /** Bytes one account may upload per day (`UPLOAD_QUOTA_MB`, default 200 MB). */
  uploadQuotaBytes: number;
  /** How long a signed download link works (`DOWNLOAD_LINK_MINUTES`, default 10 minutes). */
  linkTtlMs: number;
  /**
   * Origins besides the server's own that may post a login (`ALLOWED_ORIGINS`, comma-separated), for a deployment
   * that serves the app from another origin. Empty by default: the app is served by this server.
   */
  allowedOrigins: readonly string[];
}

export const DEFAULT_SECURITY: SecurityOptions = {
  officeIdleMs: 8 * 3600_000,
  deviceIdleMs: 30 * 86400_000,
  uploadQuotaBytes: 200 * 1024 * 1024,
  linkTtlMs: 10 * 60_000,
  allowedOrigins: [],
};

function num(v: string | undefined, scale: number, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`not a non-negative number: ${v}`);
  return n * scale;
}

export function securityOptionsFromEnv(env: NodeJS.ProcessEnv): SecurityOptions {
  return {
    officeIdleMs: num(env.SESSION_IDLE_MINUTES, 60_000, DEFAULT_SECURITY.officeIdleMs),
    deviceIdleMs: num(env.DEVICE_IDLE_DAYS, 86400_000, DEFAULT_SECURITY.deviceIdleMs),
    uploadQuotaBytes: num(env.UPLOAD_QUOTA_MB, 1024 * 1024, DEFAULT_SECURITY.uploadQuotaBytes),
    linkTtlMs: num(env.DOWNLOAD_LINK_MINUTES, 60_000, DEFAULT_SECURITY.linkTtlMs),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map(s => s.trim().replace(/\/$/, '')).filter(Boolean),
  };
}

/** The idle limit of a login of this kind; 0 = none. */
export function idleLimitMs(o: SecurityOptions, kind: string): number {
  return kind === 'device' ? o.deviceIdleMs : o.officeIdleMs;
}
