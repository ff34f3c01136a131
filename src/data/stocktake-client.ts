import type { CountArgs } from '../domain/contract/facts';
import { readOfflineRows } from './offline/local-read';
import type { OutboxRecord } from './offline/db';
import { outboxDb } from './outbox/device';
import { deadLetters, pendingFacts, recordFact } from './outbox/outbox';

/**
 * The stocktake handheld's data (docs/stock.md "Stocktake"): what it counts against offline — the offline copy's
 * positions, items and open cards — and its counted lines, which it queues as `count` facts in the outbox (pushed
 * exactly once by the outbox's sender, refused ones kept as dead letters like the kiosk's). The count document, its
 * saved lines and the book come through the resource clients, its posting through the stock client (stock-client.ts).
 */
type Row = Record<string, unknown>;

export interface StocktakeRows { positions: Row[]; items: Row[]; cards: Row[]; asOf: number | null }

/** The offline copy's positions, items and cards, read whole (a warehouse's positions and the item master are small). */
export async function loadStocktakeRows(): Promise<StocktakeRows> {
  const db = outboxDb();
  const [positions, items, cards] = await Promise.all(['warepositions', 'items', 'cards'].map(t => readOfflineRows(db, t)));
  // Ready once every table has arrived once: the older of their pulls.
  const times = [positions!.asOf, items!.asOf, cards!.asOf];
  const asOf = times.some(x => x === null) ? null : Math.min(...(times as number[]));
  return { positions: positions!.rows, items: items!.rows, cards: cards!.rows, asOf };
}

export interface QueuedCount { id: string; at: string; args: Row; reason?: string }

const asCount = (r: OutboxRecord & { reason?: string }): QueuedCount => ({ id: r.id, at: r.at, args: r.args, ...(r.reason ? { reason: r.reason } : {}) });

/** The counted lines still queued on this device, in the order they were counted. */
export async function queuedCounts(): Promise<QueuedCount[]> {
  return (await pendingFacts({ name: 'count' })).map(asCount);
}

/** The counted lines the server refused, with its reasons (dead letters, until a supervisor settles them). */
export async function refusedCounts(): Promise<QueuedCount[]> {
  return (await deadLetters()).filter(d => d.name === 'count').map(asCount);
}

/**
 * Queues one counted line durably (it has committed when this resolves: the screen's confirmation never shows for a
 * line a power cut can lose); the sender pushes it when the server answers. Throws FactArgsError on arguments the
 * contract refuses, with nothing written.
 */
export async function recordCount(args: CountArgs): Promise<void> {
  await recordFact('count', args);
}

/**
 * What the handheld last read from the server of a count: its header, its saved lines and the book of its warehouse,
 * kept on the device (localStorage, per count) whenever they arrive, so the count reopens offline — after a reload or
 * a restart — with its scope and its differences, whatever became of the screens' query cache meanwhile (a refetch
 * that failed offline leaves a query in error, and the cache keeps only successful ones).
 */
export interface CountSnapshot { doc: Row; lines: Row[]; book: Row[]; savedAt: number }

const snapshotKey = (docId: number) => `ipos-stocktake:${docId}`;

export function keepCountSnapshot(docId: number, snap: Omit<CountSnapshot, 'savedAt'>): void {
  try {
    localStorage.setItem(snapshotKey(docId), JSON.stringify({ ...snap, savedAt: Date.now() }));
  } catch {
    // A full storage keeps the earlier snapshot: the screen still opens, with older figures.
  }
}

export function countSnapshot(docId: number): CountSnapshot | null {
  try {
    const v = JSON.parse(localStorage.getItem(snapshotKey(docId)) ?? 'null') as unknown;
    if (!v || typeof v !== 'object') return null;
    const s = v as Partial<CountSnapshot>;
    if (!s.doc || typeof s.doc !== 'object' || !Array.isArray(s.lines) || !Array.isArray(s.book)) return null;
    return { doc: s.doc, lines: s.lines, book: s.book, savedAt: Number(s.savedAt ?? 0) };
  } catch {
    return null;
  }
}
