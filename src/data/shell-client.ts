import type { ComputerInfo, LoginReply, ServerEntry, TokenLoginReply, UserInfoReply } from '../domain/contract/accounts';
import { changePassword as changePasswordEndpoint, login, logout as logoutEndpoint, userInfo as userInfoEndpoint } from '../domain/contract/endpoints/accounts';
import { files, healthz, loginBranding as loginBrandingEndpoint, safeConfigs as safeConfigsEndpoint } from '../domain/contract/endpoints/system';
import { loginBrandingOf, type LoginBranding } from '../domain/contract/login-branding';
import { callEndpoint } from './endpoint-call';
import { computerOf, rememberDeviceLogin } from './outbox/device';
import { terminalScreenPath } from '../domain/rules/terminal-screen';

/**
 * The shell's named calls (spec §2–§4, §7): logins, the user's info and grants, logout, password, the server list and
 * the public configs. Screens call these; none builds the URL itself.
 */

interface CallOptions { signal?: AbortSignal }

export type { LoginReply, ServerEntry, TokenLoginReply, UserInfoReply } from '../domain/contract/accounts';
/** The computer a device login names (docs/shopfloor.md "Kiosk identity"). */
export type LoginComputer = ComputerInfo;

/**
 * Login by username and password; `client` names a kiosk (its computer code: the login page's terminal field or the
 * local helper's). Errors show; success says nothing. A reply naming a computer is recorded (outbox/device.ts) before
 * this resolves, so the kiosk knows its code and numbers its facts above the server's watermark.
 */
/**
 * A password login. `terminal` makes it a device login of that terminal (docs/shopfloor.md "Kiosk identity"): sent
 * as `computer`, which the server requires to exist (422 on the field otherwise) and to come with the one-time
 * enrolment code a supervisor issued for it (`enrol`); `client` is the local helper's kiosk name, only logged unless it
 * names a terminal (then the same code is needed).
 */
export async function loginWithPassword(username: string, password: string,
  o: { terminal?: string; client?: string; enrol?: string } = {}): Promise<LoginReply> {
  const r = await callEndpoint(login, {
    username, password, computer: o.terminal || undefined, client: o.client || undefined, enrol: o.enrol || undefined,
  }, { silent: true });
  await rememberDeviceLogin(r?.computer);
  return r;
}

/**
 * Where a login's app starts (the session's `home`): the screen of the terminal a device login names (a kiosk, an
 * inspection tablet), or null for a person's login, whose home is the dashboard.
 */
export function homeOf(r: LoginReply | undefined): string | null {
  const c = computerOf(r?.computer);
  return c ? terminalScreenPath(c.screen) : null;
}

/**
 * Opens a session with the token of the cookie (a new tab, a reload, a lapsed device session); the caller decides
 * what a failure shows. A device token's reply names its computer, recorded as a password login's is.
 */
export async function loginWithToken(token: string, o: CallOptions = {}): Promise<TokenLoginReply> {
  const r = await callEndpoint(login, { token }, { signal: o.signal, quiet: true });
  await rememberDeviceLogin(r?.computer);
  return r;
}

/** The logged-in user: name, avatar, roles and grants. */
export function userInfo(o: CallOptions = {}): Promise<UserInfoReply> {
  return callEndpoint(userInfoEndpoint, {}, { signal: o.signal, quiet: true });
}

/** Revokes the token and the session on the server; the caller resets the local state whatever happens. */
export async function logout(): Promise<void> {
  await callEndpoint(logoutEndpoint, {}, { quiet: true });
}

/** Changes the caller's password; a refusal carries per-field messages (`oldpassword`, `password`). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await callEndpoint(changePasswordEndpoint, { oldpassword: oldPassword, password: newPassword });
}

/** `servers.json`: the servers a kiosk may switch to; malformed rows are dropped. */
export async function serverList(o: CallOptions = {}): Promise<ServerEntry[]> {
  const reply: { dt?: unknown } = await callEndpoint(files, { action: 'get', file: 'servers.json' }, { signal: o.signal, quiet: true });
  if (!Array.isArray(reply.dt)) return [];
  return reply.dt.flatMap((r: unknown): ServerEntry[] => {
    const o = typeof r === 'object' && r !== null ? r as Record<string, unknown> : null;
    if (!o || typeof o.name !== 'string' || typeof o.server !== 'string') return [];
    return [{ name: o.name, server: o.server, test: o.test === true }];
  });
}

/** The public configs named (software name, logo …) as name → text; a config without a value is ''. */
export async function safeConfigs(names: readonly string[], o: CallOptions = {}): Promise<Record<string, string>> {
  const reply: { dt?: unknown } = await callEndpoint(safeConfigsEndpoint,
    { name: names.join(','), limit: -1, returndt: 1 }, { signal: o.signal, quiet: true });
  const out: Record<string, string> = {};
  if (!Array.isArray(reply.dt)) return out;
  for (const c of reply.dt as unknown[]) {
    const r = typeof c === 'object' && c !== null ? c as Record<string, unknown> : null;
    if (r && typeof r.name === 'string') out[r.name] = typeof r.values === 'string' ? r.values : '';
  }
  return out;
}

/**
 * What the login page shows before login (`GET /accounts/login_branding/`, public): names, logo, banner. The reply is
 * read through the contract's own filter again, so a server that sends more (or unsafe values) shows no more.
 */
export async function loginBranding(o: CallOptions = {}): Promise<LoginBranding> {
  const reply: { dt?: unknown } = await callEndpoint(loginBrandingEndpoint, {}, { signal: o.signal, quiet: true });
  const dt = typeof reply.dt === 'object' && reply.dt !== null ? reply.dt as Record<string, unknown> : {};
  const text: Record<string, string> = {};
  for (const [k, v] of Object.entries(dt)) if (typeof v === 'string') text[k] = v;
  return loginBrandingOf(text);
}

/** Whether the server answers at all (`/healthz`): the reachability probe while the app is offline. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await callEndpoint(healthz, {}, { quiet: true, timeoutMs: 10_000 });
    return true;
  } catch {
    return false;
  }
}
