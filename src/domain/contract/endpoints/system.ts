import { z } from 'zod';
import '../zod-config';
import { persons } from '../../resources/people/persons';
import type { ServerEntry } from '../accounts';
import { endpoint, isRecord } from '../endpoint';
import { loginBrandingParamsSchema, type LoginBrandingReply } from '../login-branding';
import type { Envelope, HistoryReply } from '../replies';
import { exportParamsSchema, historyParamsSchema } from '../requests';

/**
 * The shell's bootstrap and the data services every screen shares (spec §7): files, uploads, exports, history,
 * health, the badge salt. `/files/` and `/files/upload/` read their parameters in the handler
 * (server/areas/system/routes/shell.ts, files.ts: an action and a file name, or a multipart body), which answers an
 * unknown one itself: their schema only admits the request.
 */
const handlerChecked = z.looseObject({});

/** `?action=get&file=servers.json` (the servers a client may switch to) or `?action=download` (a signed file link). */
export const files = endpoint<Envelope & { dt?: ServerEntry[]; total?: number }>()({
  method: 'GET', path: '/files/', params: handlerChecked, access: 'public',
});

/** The public configs named (`name=a,b`): software name, logo … */
export const safeConfigs = endpoint<Envelope & { dt?: unknown[] }>()({
  method: 'GET', path: '/accounts/configslist_safe/', params: handlerChecked, access: 'public', offline: 'read',
});

/** What the login page shows before login: names, logo, banner. */
export const loginBranding = endpoint<LoginBrandingReply>()({
  method: 'GET', path: '/accounts/login_branding/', params: loginBrandingParamsSchema, access: 'public', offline: 'read',
});

/** A fresh id from a database sequence, unique across instances. */
export const keyId = endpoint<Envelope & { keyid: number }>()({
  method: 'GET', path: '/api/keyid/', params: z.looseObject({}), access: 'session',
});

/** The process answers (no login, no data). */
export const healthz = endpoint<Envelope>()({ method: 'GET', path: '/healthz', params: z.looseObject({}), access: 'public' });

/** The database answers and every migration is applied (503 while stopping). */
export const readyz = endpoint<Envelope>()({ method: 'GET', path: '/readyz', params: z.looseObject({}), access: 'public' });

/** One file (multipart `file`, with `filename`), kept for a while unless a saved row names it. */
export const upload = endpoint<Envelope & { url: string; name: string }>()({
  method: 'POST', path: '/files/upload/', params: handlerChecked, access: 'session', body: 'multipart',
  looksRight: r => isRecord(r) && typeof r.url === 'string' && r.url !== '',
});

/** A list streamed as excel.xlsx: the list's own parameters, the resource and the columns (`titles`). */
export const exportList = endpoint<never>()({
  method: 'POST', path: '/files/export/', params: exportParamsSchema, access: 'session', reply: 'file',
});

/** Every change to a row: who, when, before, after. Needs `view` of the row's resource (checked by the handler). */
export const history = endpoint<HistoryReply>()({
  method: 'GET', path: '/history/list/', params: historyParamsSchema, access: 'session',
  looksRight: r => isRecord(r) && Array.isArray(r.dt),
});

/** The installation's badge salt, for a kiosk that recognises badges offline. */
export const badgeSalt = endpoint<Envelope & { salt: string; algorithm: string; encoding: string }>()({
  method: 'GET', path: '/persons/badge_salt/', params: z.looseObject({}), access: { resource: persons, action: 'badges' },
  offline: 'read',
});
