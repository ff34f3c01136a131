import { z } from 'zod';
import '../zod-config';
import { persons } from '../../resources/people/persons';
import type { ServerEntry } from '../accounts';
import { endpoint, isRecord } from '../endpoint';
import { loginBrandingParamsSchema, type LoginBrandingReply } from '../login-branding';
import type { Envelope, HistoryReply } from '../replies';
import {
  exportParamsSchema, filesParamsSchema, historyParamsSchema, safeConfigsParamsSchema, uploadParamsSchema,
} from '../requests';

/**
 * The shell's bootstrap and the data services every screen shares (spec §7): files, uploads, exports, history,
 * health, the badge salt (schemas in ../requests.ts). `/files/` answers an unknown action or file itself
 * (server/areas/system/routes/shell.ts); an upload's fields come in its multipart body, checked by the same schema as
 * its query string (server/areas/system/routes/files.ts).
 */

/** `?action=get&file=servers.json` (the servers a client may switch to) or `?action=download` (a signed file link). */
export const files = endpoint<Envelope & { dt?: ServerEntry[]; total?: number }>()({
  method: 'GET', path: '/files/', params: filesParamsSchema, access: 'public',
});

/** The public configs named (`name=a,b`): software name, logo … */
export const safeConfigs = endpoint<Envelope & { dt?: unknown[] }>()({
  method: 'GET', path: '/accounts/configslist_safe/', params: safeConfigsParamsSchema, access: 'public', offline: 'read',
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

/**
 * One file (multipart `file`, with `filename`), kept for a while unless a saved row names it; or the rows of an
 * export (`ds`, or a `resource`'s list) as excel.xlsx behind a signed link, with how many rows it holds.
 */
export const upload = endpoint<Envelope & { url: string; name: string; rows?: number }>()({
  method: 'POST', path: '/files/upload/', params: uploadParamsSchema, access: 'session', body: 'multipart',
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

/**
 * The installation's badge salt, for a kiosk that recognises badges offline. A reply without a base64url salt, or
 * naming a hash the kiosk does not make, is not our server's: hashing with the wrong key or function would recognise
 * nobody, silently.
 */
export const badgeSalt = endpoint<Envelope & { salt: string; algorithm: 'HMAC-SHA-256'; encoding: 'hex' }>()({
  method: 'GET', path: '/persons/badge_salt/', params: z.looseObject({}), access: { resource: persons, action: 'badges' },
  offline: 'read',
  looksRight: r => isRecord(r) && typeof r.salt === 'string' && /^[A-Za-z0-9_-]{16,}={0,2}$/.test(r.salt)
    && r.algorithm === 'HMAC-SHA-256' && r.encoding === 'hex',
});
