import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { LOGIN_BRANDING_CONFIGS, loginBrandingOf } from '../../../../src/domain/contract/login-branding';
import { resourceByName } from '../../../../src/domain/resources/all';
import { downloaderOf } from '../../../auth/file-access';
import { servedType } from '../served-type';
import { DEFAULT_SECURITY, type SecurityOptions } from '../../../auth/options';
import { rows, type Db } from '../../../db/connection';
import { files, tableOf } from '../../../db/tables';
import { ApiError, badRequest } from '../../../lib/api-error';
import { column } from '../../../db/columns';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

export interface ServerEntry { name: string; server: string; test?: boolean }

/**
 * Shell calls of spec §7 that are not a resource: the server list, the public configs (and the login page's branding
 * among them), ids for clients, and the download side of `/files/`.
 */
export default async function shellRoutes(app: FastifyInstance, opts: { db: Db; serversFile: string; security?: SecurityOptions }) {
  const { db } = opts;
  const security = opts.security ?? DEFAULT_SECURITY;

  /**
   * `GET /files/?action=get&file=servers.json` (public: the login page offers the servers) or `action=download&id=`
   * (a logged-in caller, or a signed link: server/auth/file-access.ts).
   */
  route(app, systemApi.files, async (p, req, reply) => {
    const { action } = p;
    if (action === 'get') {
      if (p.file !== 'servers.json') throw new ApiError(404, 'file_expired');
      const dt = await readServers(opts.serversFile);
      return { msg: 'OK', dt, total: dt.length };
    }
    if (action === 'download') {
      const id = p.id ?? '';
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw new ApiError(404, 'file_expired');
      const [f] = await db.select().from(files).where(and(eq(files.id, id), or(isNull(files.expires_at), gt(files.expires_at, new Date()))));
      const who = await downloaderOf(db, req, security, id, f?.account_id ?? null, { exp: p.exp, sig: p.sig });
      if (who === null) throw new ApiError(401, 'needlogin', {}, {}, { needlogin: 1 });
      // An export is its maker's alone; another caller is told it does not exist.
      if (!f || (f.kind === 'export' && f.account_id !== who)) throw new ApiError(404, 'file_expired');
      // Served as an attachment, never rendered as a page, and never with the uploader's type (../served-type.ts):
      // an `<img>` shows a picture whatever the disposition. An export is ours (excel.xlsx) and keeps its type.
      return reply.header('content-type', f.kind === 'export' ? f.mime : servedType(f.data))
        .header('content-disposition', `attachment; filename="${encodeURIComponent(f.name)}"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(f.data);
    }
    throw badRequest();
  });

  /**
   * `GET /accounts/configslist_safe/?name=&limit=&returndt=`: configs marked safe (software name, logo, banner,
   * banner background, version class, units, buttons, formula traits …), public because the login page needs them.
   */
  route(app, systemApi.safeConfigs, async p => {
    const t = tableOf(resourceByName('configs')!);
    const names = (p.name ?? '').split(',').map(s => s.trim()).filter(Boolean);
    const limit = p.limit ?? -1;
    let q = db.select({ id: column(t, 'id'), name: column(t, 'name'), values: column(t, 'values') }).from(t)
      .where(and(eq(column(t, 'safe'), true), names.length ? inArray(column(t, 'name'), names) : undefined))
      .orderBy(column(t, 'name')).$dynamic();
    if (limit > 0) q = q.limit(Math.min(limit, 1000));
    const dt = await q;
    return { msg: 'OK', dt, total: dt.length };
  });

  /**
   * `GET /accounts/login_branding/` (public: the login page shows it before anybody has logged in): the product and
   * company names, logo, banner and banner background of the safe configs of those names, and nothing else
   * (src/domain/contract/login-branding.ts).
   */
  route(app, systemApi.loginBranding, async () => {
      const t = tableOf(resourceByName('configs')!);
      const found = await db.select({ name: column(t, 'name'), values: column(t, 'values') }).from(t)
        .where(and(eq(column(t, 'safe'), true), inArray(column(t, 'name'), [...LOGIN_BRANDING_CONFIGS])));
      const configs: Record<string, string> = {};
      for (const c of found) if (typeof c.name === 'string' && typeof c.values === 'string') configs[c.name] = c.values;
      return { msg: 'OK', dt: loginBrandingOf(configs) };
    });

  /** `GET /api/keyid/`: a fresh id from a database sequence, unique across instances. */
  route(app, systemApi.keyId, async () => {
    const [r] = await rows<{ keyid: string | number }>(db, sql`select nextval('keyid_seq') as keyid`);
    return { msg: 'OK', keyid: Number(r!.keyid) };
  });
}

/** The servers a client may switch to, from a JSON file the operator maintains (`SERVERS_FILE`). */
export async function readServers(file: string): Promise<ServerEntry[]> {
  let text: string;
  try { text = await readFile(file, 'utf8'); } catch { return []; }
  const data = JSON.parse(text) as unknown;
  const list = Array.isArray(data) ? data : (data as { servers?: unknown })?.servers;
  if (!Array.isArray(list)) return [];
  return list
    .filter((s): s is ServerEntry => typeof s?.name === 'string' && typeof s?.server === 'string')
    .map(s => ({ name: s.name, server: s.server, test: s.test === true }));
}
