import { proxy, wrap, type Remote } from 'comlink';
import { createStore } from 'zustand/vanilla';
import { mayRead, type Permissions } from '../../domain/contract/permissions';
import type { PullReply } from '../../domain/contract/sync';
import type { ResourceDef } from '../../domain/registry/resource';
import { RESOURCES } from '../../domain/resources/all';
import { fnv1a } from '../../domain/rules/fnv1a';
import { connectivityStore, onReconnect } from '../connectivity';
import { i18n } from '../../i18n';
import { isApiError, isUnreachableError } from '../errors';
import { pull } from '../../domain/contract/endpoints/sync';
import { callEndpoint } from '../endpoint-call';
import { onSessionReset, sessionStore } from '../session/session-store';
import { startOutboxSender } from '../outbox/sender';
import { CACHE_TABLES, getMeta, isQuotaError, offlineDbFor, setMeta, type OfflineDb } from './db';
import { forgetOfflineReads } from './local-read';
import { pullTable, type PullProgress } from './pull';
import { evictCaches } from './storage';
import type { PullOutcome, PullWorkerApi } from './pull-types';

/**
 * Keeps the offline copy of every offline resource fresh for the logged-in user (DESIGN §6, decisions 48–49).
 *
 * Rules:
 * - The copy belongs to one user under one set of grants: `claimOfflineCopy` clears another user's rows, cursors and
 *   queries before anything is pulled, and the user's own when their roles' grants changed (`copyOwner`); a logout or
 *   reset session clears it.
 * - A pass pulls each offline resource the user may read, one after the other: 8 s after start (the first screens
 *   come first), when the server is back, and every 5 minutes while the page is visible. The pages are fetched,
 *   parsed and stored in a worker (pull.worker.ts), so the screens stay responsive while the copy fills. One sender per browser: the Web Lock `ipos-offline-pull`; a tab
 *   that finds it taken skips its pass (the other tab's pass writes the same database).
 * - A quota error drops the persisted queries first, then the resource pulled longest ago, and tries once more; it
 *   never touches the outbox (storage.ts `evictCaches`).
 * - A resource that fails (refused, server error) does not stop the others; the last failure shows in the header.
 */
export const PULL_PAGE = 10_000;
export const SYNC_EVERY_MS = 5 * 60_000;
/** The first pass after a start waits this long (see startOfflineSync). */
export const FIRST_PASS_DELAY_MS = 8_000;
export const OFFLINE_RESOURCES: readonly ResourceDef[] = RESOURCES.filter(r => r.offline);

export interface SyncState {
  running: boolean;
  /** The resource being pulled, null between passes. */
  table: string | null;
  progress: PullProgress | null;
  /** Why the last pass failed, null when it did not. */
  error: string | null;
  /** Resource → when its pull last completed. */
  pulledAt: Record<string, number>;
}

export const syncStore = createStore<SyncState>(() => ({ running: false, table: null, progress: null, error: null, pulledAt: {} }));

const db = (): OfflineDb => offlineDbFor(sessionStore.getState().baseURL);

const fetchPage = (table: string, since: number, count: boolean): Promise<PullReply> =>
  callEndpoint(pull, { table, since, limit: PULL_PAGE, count: count ? 1 : undefined }, { quiet: true });

/**
 * Whom the copy is for: the user and what their roles grant (admin, and each resource's actions and row scope),
 * written the same whatever order the server lists them in. A role changed under the same login is another owner:
 * the copy (rows, persisted queries, the reports' days) may hold what the new grants no longer show, so it is cleared
 * and filled anew. Without the grants (not fetched yet), the user alone.
 */
export function copyOwner(username: string, permissions: Permissions | null): string {
  if (!permissions) return username;
  const grants = Object.keys(permissions.resources).sort().map(name => {
    const g = permissions.resources[name]!;
    return `${name}:${[...g.actions].sort().join(',')}:${g.scope}`;
  });
  const digest = fnv1a(`${permissions.admin ? 'admin' : ''}|${grants.join(';')}`);
  return `${username}#${digest.toString(16).padStart(8, '0')}`;
}

/** The owner the copy is for now (`copyOwner` of the session's user and grants). */
const ownerNow = (username: string): string => copyOwner(username, sessionStore.getState().permissions);

/** Makes the copy this owner's (`copyOwner`): another user's copy, or one read under other grants, is cleared first. */
export async function claimOfflineCopy(target: OfflineDb, owner: string): Promise<void> {
  const held = await getMeta<string>(target, 'owner');
  if (held === owner) return;
  await clearOfflineCopy(target);
  await setMeta(target, 'owner', owner);
}

/**
 * Empties the copy: rows, cursors, pull times, owner and persisted queries — the CACHE_TABLES only. The outbox, dead
 * letters, counters and the kiosk's day (KEPT_TABLES) stay: a fact queued under one login is pushed after the next.
 */
export async function clearOfflineCopy(target: OfflineDb): Promise<void> {
  const tables = CACHE_TABLES.map(t => target.table(t));
  await target.transaction('rw', tables, async () => {
    for (const t of tables) await t.clear();
  });
  forgetOfflineReads();
  syncStore.setState({ pulledAt: {} });
}

async function loadPulledAt(target: OfflineDb): Promise<void> {
  const pulledAt: Record<string, number> = {};
  for (const r of OFFLINE_RESOURCES) {
    const at = await getMeta<number>(target, `pulledAt:${r.name}`);
    if (at !== undefined) pulledAt[r.name] = at;
  }
  syncStore.setState({ pulledAt });
}

/** The resources this user's grants let them pull (unknown grants: all; the server refuses what it must). */
function readable(): ResourceDef[] {
  const p = sessionStore.getState().permissions;
  return OFFLINE_RESOURCES.filter(r => !p || mayRead(p, r));
}

/** Caches only, the persisted queries first (storage.ts `evictCaches`); never the outbox. */
async function freeSpace(target: OfflineDb): Promise<void> {
  const evicted = await evictCaches(target);
  if (evicted?.kind !== 'table') return;
  syncStore.setState(s => {
    const { [evicted.table]: _dropped, ...pulledAt } = s.pulledAt;
    return { pulledAt };
  });
  forgetOfflineReads();
}

let worker: Remote<PullWorkerApi> | null = null;

function pullWorker(): Remote<PullWorkerApi> {
  worker ??= wrap<PullWorkerApi>(new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module' }));
  return worker;
}

/**
 * One resource's pull, in the pull worker (pull.worker.ts: parsing and storing pages of 10,000 rows would freeze the
 * screens); where there is no Worker (unit tests) on this thread through the request layer.
 */
async function pullVia(target: OfflineDb, table: string, progress: (p: PullProgress) => void): Promise<PullOutcome> {
  const s = sessionStore.getState();
  if (typeof Worker !== 'undefined' && s.sessionid) {
    return pullWorker().pull(table, {
      baseURL: s.baseURL, origin: location.origin, sessionid: s.sessionid, lang: i18n.language || undefined,
      dbName: target.name, pageSize: PULL_PAGE,
    }, proxy(progress));
  }
  try {
    return { ok: true, rows: await pullTable(target, table, fetchPage, progress) };
  } catch (e) {
    if (isQuotaError(e)) return { ok: false, kind: 'quota', status: 0, msg: '' };
    if (isApiError(e)) {
      return { ok: false, kind: isUnreachableError(e) ? 'network' : 'refused', status: e.status, msg: e.msg, needlogin: e.kind === 'needlogin' };
    }
    return { ok: false, kind: 'failed', status: 0, msg: e instanceof Error ? e.message : String(e) };
  }
}

/** Pulls one resource; resolves with why it failed, null when it did not. */
async function pullOne(target: OfflineDb, res: ResourceDef): Promise<Extract<PullOutcome, { ok: false }> | null> {
  const progress = (p: PullProgress) => syncStore.setState({ progress: p });
  syncStore.setState({ table: res.name, progress: { done: 0, total: null } });
  let outcome = await pullVia(target, res.name, progress);
  if (!outcome.ok && outcome.kind === 'quota') {
    await freeSpace(target);
    outcome = await pullVia(target, res.name, progress);
  }
  forgetOfflineReads();
  const at = await getMeta<number>(target, `pulledAt:${res.name}`);
  if (at !== undefined) syncStore.setState(s => ({ pulledAt: { ...s.pulledAt, [res.name]: at } }));
  return outcome.ok ? null : outcome;
}

let passing: Promise<void> | null = null;

async function pass(): Promise<void> {
  const target = db();
  const username = sessionStore.getState().username;
  if (!username || !sessionStore.getState().sessionid) return;
  await claimOfflineCopy(target, ownerNow(username));
  syncStore.setState({ running: true, error: null });
  let error: string | null = null;
  try {
    for (const res of readable()) {
      if (!connectivityStore.getState().reachable) break;
      const failed = await pullOne(target, res);
      if (!failed) continue;
      // Out of reach: the pass stops and the next reconnection starts another. A lost session: the screens' own
      // calls take the user to the login page; the pass stops quietly.
      if (failed.kind === 'network') { connectivityStore.getState().markUnreachable(); break; }
      if (failed.needlogin) break;
      error = failed.kind === 'quota' ? i18n.t('offline.storage_full') : failed.msg || failed.kind;
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  } finally {
    syncStore.setState({ running: false, table: null, progress: null, error });
  }
}

/** Runs a pass now (the settings' "update now"); a pass already running is joined, not doubled. */
export function syncOffline(): Promise<void> {
  if (passing) return passing;
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return pass();
    await locks.request('ipos-offline-pull', { ifAvailable: true }, async lock => {
      if (lock) await pass();
    });
  };
  passing = run().catch(() => undefined).finally(() => { passing = null; });
  return passing;
}

/**
 * A screen busy with input may hold the background passes back: the card-swipe kiosk while the operator swipes, since
 * a pass (its writes, then the screen reloading its rows) competes with the next swipe for the kiosk's CPU and
 * IndexedDB (bench/swipe: swipes of 300 ms during a pass, 20 ms otherwise). The hold answers how many ms to wait
 * (0: go); the screen bounds how long it holds. A user's "update now" is never held.
 */
let hold: (() => number) | null = null;
let heldTimer: ReturnType<typeof setTimeout> | undefined;

/** Installs (or, with null, removes) the hold of the screen on show. */
export function setSyncHold(fn: (() => number) | null): void {
  hold = fn;
  if (!fn && heldTimer !== undefined) {
    clearTimeout(heldTimer);
    heldTimer = undefined;
    void syncOffline();
  }
}

/** A background pass: now, or once the screen on show lets go (one waiting pass at most). */
export function syncOfflineWhenFree(): void {
  const wait = hold?.() ?? 0;
  if (wait <= 0) {
    void syncOffline();
    return;
  }
  if (heldTimer !== undefined) return;
  heldTimer = setTimeout(() => { heldTimer = undefined; syncOfflineWhenFree(); }, wait);
}

let started = false;

/**
 * Starts keeping the copy fresh for `username` (after login or an offline start). Idempotent: the triggers are
 * installed once per page; a later call for another user claims the copy for them.
 */
export function startOfflineSync(username: string): void {
  if (!username) return;
  // The shop floor's outbox is pushed by its own sender (src/data/outbox/sender.ts), started with the copy's.
  startOutboxSender();
  void (async () => {
    try {
      const target = db();
      await claimOfflineCopy(target, ownerNow(username));
      await loadPulledAt(target);
    } catch {
      // No IndexedDB here: the app works online only; nothing to keep fresh.
      return;
    }
    // The screens the user opens first get the server and the CPU first; the copy fills once they are shown.
    setTimeout(() => { if (connectivityStore.getState().reachable) syncOfflineWhenFree(); }, FIRST_PASS_DELAY_MS);
  })();
  if (started) return;
  started = true;
  onReconnect(syncOfflineWhenFree);
  onSessionReset(() => void clearOfflineCopy(db()).catch(() => undefined));
  setInterval(() => {
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (visible && connectivityStore.getState().reachable && sessionStore.getState().sessionid) syncOfflineWhenFree();
  }, SYNC_EVERY_MS);
}
