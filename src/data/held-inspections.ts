import { inspectionArgsSchema, type InspectionArgs } from '../domain/contract/facts';
import { isApiError, isUnreachableError } from './errors';
import { isQuotaError, type OfflineDb } from './offline/db';
import { forgetOfflineReads } from './offline/local-read';
import { evictCaches } from './offline/storage';
import { outboxDb } from './outbox/device';
import { FactArgsError, newFactId, recordFact } from './outbox/outbox';
import { uploadPhoto } from './photo-upload';

/**
 * Inspections waiting for their photos (issue 13 point 4: photos "queued like facts"). A fact is immutable and names
 * its photos by the URL the server gave them, and the outbox's sender pushes facts only; so an inspection whose
 * photos could not be uploaded yet (the tablet is out of Wi-Fi) is kept here, whole — its arguments, its time and the
 * photos' bytes — and becomes a fact once every photo is uploaded.
 *
 * Rules:
 * - Kept in the `counters` table of the server's offline database (keys `held-inspection:<uuid>`): one of the tables
 *   no logout, user change, quota eviction or schema upgrade clears (db.ts KEPT_TABLES), and written with strict
 *   durability, so the inspector may be told "saved" as for a fact.
 * - Its arguments are checked with the contract's schema when it is held, so the fact it becomes cannot be refused
 *   by the outbox later.
 * - It becomes a fact exactly once: the fact is written by `recordFact` with the held entry's deletion as its
 *   projection, in the fact's own transaction, and that projection aborts the fact when the entry is already gone
 *   (another tab sent it first). The fact keeps the inspection's time (`at`), not the upload's.
 * - A photo uploaded is replaced by its URL at once, so a cut in the middle never uploads it twice.
 * - Sending stops at the first failure the next try may not have (the server out of reach or failing, the session
 *   lapsed) and waits for the next trigger; a refusal of one photo is kept on its entry (shown to the inspector) and
 *   the next entries are tried.
 * - One sender per browser (Web Lock `ipos-held-inspections`) where the browser has Web Locks; one per page always.
 */
export const HELD_PREFIX = 'held-inspection:';

export type InspectionFact = 'precheck' | 'inspect';

/** A photo of a held inspection: its URL once uploaded, its bytes until then. */
export interface HeldPhoto { url?: string; bytes?: ArrayBuffer; type?: string }

export interface HeldInspection {
  id: string;
  name: InspectionFact;
  /** The fact's arguments without `photos`. */
  args: Omit<InspectionArgs, 'photos'>;
  /** When the inspection happened (ISO), the fact's `at`. */
  at: string;
  photos: HeldPhoto[];
  /** The server's last refusal of one of its photos, as the user would read it. */
  error?: string;
}

/** A photo handed to `holdInspection`: already uploaded, or not yet. */
export type PhotoInput = { url: string } | { blob: Blob };

const MAX_EVICTIONS = 8;

async function writeWithEviction(db: OfflineDb, write: () => Promise<void>): Promise<void> {
  for (let evictions = 0; ; evictions++) {
    try {
      await write();
      return;
    } catch (e) {
      if (!isQuotaError(e) || evictions >= MAX_EVICTIONS || !(await evictCaches(db))) throw e;
      forgetOfflineReads();
    }
  }
}

/**
 * Keeps an inspection until its photos are uploaded; resolves once it is durably written. Throws FactArgsError when
 * the arguments would not make a valid fact (nothing is then written).
 */
export async function holdInspection(name: InspectionFact, args: Omit<InspectionArgs, 'photos'>, photos: readonly PhotoInput[],
  o: { db?: OfflineDb; at?: Date } = {}): Promise<HeldInspection> {
  // Checked with placeholder URLs: the photos' count and the rest of the arguments are what can be wrong.
  const parsed = inspectionArgsSchema.safeParse({ ...args, photos: photos.map(() => '/files/') });
  if (!parsed.success) throw new FactArgsError(name, parsed.error.issues);
  const { photos: _placeholders, ...checked } = parsed.data;
  const held: HeldInspection = {
    id: newFactId(), name, args: checked, at: (o.at ?? new Date()).toISOString(),
    photos: await Promise.all(photos.map(async p => ('url' in p ? { url: p.url } : { bytes: await p.blob.arrayBuffer(), type: p.blob.type || 'image/jpeg' }))),
  };
  const db = o.db ?? outboxDb();
  await writeWithEviction(db, () => db.transaction('rw', db.counters, async () => {
    await db.counters.put({ key: HELD_PREFIX + held.id, value: held });
  }));
  return held;
}

const isHeld = (v: unknown): v is HeldInspection => typeof v === 'object' && v !== null
  && typeof (v as HeldInspection).id === 'string' && Array.isArray((v as HeldInspection).photos);

/** The inspections waiting for their photos, oldest first. */
export async function heldInspections(o: { db?: OfflineDb } = {}): Promise<HeldInspection[]> {
  const db = o.db ?? outboxDb();
  const rows = await db.counters.where('key').startsWith(HELD_PREFIX).toArray();
  return rows.map(r => r.value).filter(isHeld).sort((a, b) => a.at.localeCompare(b.at));
}

/** The entry was sent by another tab meanwhile: the fact must not be written twice. */
class AlreadySent extends Error {}

export interface FlushResult {
  /** Inspections that became facts. */
  recorded: number;
  /** Inspections still held. */
  waiting: number;
  /** The server was out of reach: sending stopped and waits for the next trigger. */
  unreachable: boolean;
}

export interface FlushOptions {
  db?: OfflineDb;
  /** Uploads one photo, resolves with its URL; default `uploadPhoto`, quietly. */
  upload?: (photo: Blob) => Promise<string>;
}

async function updateEntry(db: OfflineDb, key: string, change: (h: HeldInspection) => void): Promise<void> {
  await db.transaction('rw', db.counters, async () => {
    const cur = (await db.counters.get(key))?.value;
    if (!isHeld(cur)) return;
    change(cur);
    await db.counters.put({ key, value: cur });
  });
}

/** A failure the next try may not have: the server out of reach or failing, the session lapsed. */
const transient = (e: unknown) => isUnreachableError(e)
  || (isApiError(e) && (e.kind === 'needlogin' || e.kind === 'loggedout' || e.kind === 'server'));

async function flushOnce(o: FlushOptions): Promise<FlushResult> {
  const db = o.db ?? outboxDb();
  const upload = o.upload ?? (b => uploadPhoto(b, { quiet: true }));
  let recorded = 0;
  let unreachable = false;
  entries: for (const h of await heldInspections({ db })) {
    const key = HELD_PREFIX + h.id;
    const urls: string[] = [];
    for (const [i, p] of h.photos.entries()) {
      if (p.url) { urls.push(p.url); continue; }
      let url: string;
      try {
        url = await upload(new Blob([p.bytes ?? new ArrayBuffer(0)], { type: p.type ?? 'image/jpeg' }));
      } catch (e) {
        if (transient(e)) { unreachable = true; break entries; }
        const error = e instanceof Error ? e.message : String(e);
        await updateEntry(db, key, cur => { cur.error = error; });
        continue entries;
      }
      await updateEntry(db, key, cur => { cur.photos[i] = { url }; delete cur.error; });
      urls.push(url);
    }
    try {
      await recordFact(h.name, { ...h.args, photos: urls }, {
        db, at: new Date(h.at),
        project: async ({ db: tx }) => {
          if (!(await tx.counters.get(key))) throw new AlreadySent();
          await tx.counters.delete(key);
        },
      });
      recorded++;
    } catch (e) {
      if (e instanceof AlreadySent) continue;
      // Checked when held; a later contract refusing it is kept with the reason, never dropped.
      if (e instanceof FactArgsError) { await updateEntry(db, key, cur => { cur.error = e.message; }); continue; }
      throw e;
    }
  }
  return { recorded, waiting: (await heldInspections({ db })).length, unreachable };
}

let running: Promise<FlushResult> | null = null;

/**
 * Uploads the held inspections' photos and turns each complete one into its fact. Safe to call at any time and from
 * any tab (a call while one runs in this page joins it; another tab's run is waited for by the lock).
 */
export function flushHeldInspections(o: FlushOptions = {}): Promise<FlushResult> {
  if (running) return running;
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const run = locks ? locks.request('ipos-held-inspections', () => flushOnce(o)) as Promise<FlushResult> : flushOnce(o);
  running = run.finally(() => { running = null; });
  return running;
}
