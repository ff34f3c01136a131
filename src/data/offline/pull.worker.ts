import { expose } from 'comlink';
import type { PullReply } from '../../domain/contract/sync';
import { isQuotaError, OfflineDb } from './db';
import { pullTable } from './pull';
import type { PullOutcome, PullSession, PullWorkerApi } from './pull-types';
import { pull } from '../../domain/contract/endpoints/sync';

/**
 * The offline copy's pulls, off the page's thread (DESIGN §6): fetching, parsing and storing pages of 10,000 rows
 * takes whole seconds of a kiosk's CPU, which on the page's thread would freeze the screens while the copy fills.
 * The worker speaks the wire format of src/data/transport.ts itself (`ios=1`, `lang`, the session id in
 * `Authorization`): the transport reads the page's stores, which a worker does not have.
 */
class Refused extends Error {
  constructor(readonly status: number, readonly msg: string, readonly needlogin: boolean) { super(msg); }
}
class Unreachable extends Error {}

const dbs = new Map<string, OfflineDb>();
function dbOf(name: string): OfflineDb {
  let db = dbs.get(name);
  if (!db) { db = new OfflineDb(name); dbs.set(name, db); }
  return db;
}

function pageUrl(s: PullSession, table: string, since: number, count: boolean): string {
  const base = (s.baseURL || s.origin).replace(/\/+$/, '');
  const q = new URLSearchParams({ table, since: String(since), limit: String(s.pageSize), ios: '1' });
  if (count) q.set('count', '1');
  if (s.lang) q.set('lang', s.lang);
  return `${base}${pull.path}?${q.toString()}`;
}

async function fetchPage(s: PullSession, table: string, since: number, count: boolean): Promise<PullReply> {
  let res: Response;
  try {
    res = await fetch(pageUrl(s, table, since, count), { headers: { Accept: 'application/json', Authorization: s.sessionid } });
  } catch {
    throw new Unreachable();
  }
  // A proxy answering for a server that is down.
  if (res.status >= 502 && res.status <= 504) throw new Unreachable();
  let body: unknown;
  try { body = await res.json(); } catch { body = undefined; }
  const env = (typeof body === 'object' && body !== null ? body : {}) as { msg?: unknown; needlogin?: unknown };
  if (!res.ok || env.msg !== 'OK') {
    throw new Refused(res.status, typeof env.msg === 'string' ? env.msg : `HTTP ${res.status}`, Boolean(env.needlogin));
  }
  return body as PullReply;
}

const api: PullWorkerApi = {
  async pull(table, session, onProgress): Promise<PullOutcome> {
    try {
      const rows = await pullTable(dbOf(session.dbName), table, (t, since, count) => fetchPage(session, t, since, count), onProgress);
      return { ok: true, rows };
    } catch (e) {
      if (e instanceof Unreachable) return { ok: false, kind: 'network', status: 0, msg: '' };
      if (e instanceof Refused) return { ok: false, kind: 'refused', status: e.status, msg: e.msg, needlogin: e.needlogin };
      if (isQuotaError(e)) return { ok: false, kind: 'quota', status: 0, msg: '' };
      return { ok: false, kind: 'failed', status: 0, msg: e instanceof Error ? e.message : String(e) };
    }
  },
};

expose(api);
