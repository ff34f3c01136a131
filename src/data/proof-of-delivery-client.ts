import type { SignArgs } from '../domain/contract/facts';
import type { OutboxRecord } from './offline/db';
import { deadLetters, pendingFacts, recordFact } from './outbox/outbox';
import { downscalePhoto } from './photo-upload';
import { sessionStore } from './session/session-store';

/**
 * The driver's phone's data (docs/delivery.md "Proof of delivery"): the customer's receipt of a delivery is one `sign`
 * fact, its signature and photo inside it (decision 205), queued durably in the outbox and pushed by the outbox's
 * sender exactly once, in order, a refused one kept as a dead letter with its reason, like the kiosk's swipes. The
 * deliveries to sign for are read through the resource clients and kept on the phone (below), so they open offline.
 */
type Row = Record<string, unknown>;

/** A receipt as the phone shows it: queued (not yet on the server), refused (a dead letter) or sent. */
export interface Receipt { id: string; at: string; delivery_id: number; signer: string; reason?: string }

const asReceipt = (r: OutboxRecord & { reason?: string }): Receipt => ({
  id: r.id, at: r.at, delivery_id: Number(r.args.delivery_id), signer: String(r.args.signer ?? ''), ...(r.reason ? { reason: r.reason } : {}),
});

/** The receipts still queued on this phone, in the order they were taken. */
export async function queuedReceipts(): Promise<Receipt[]> {
  return (await pendingFacts({ name: 'sign' })).map(asReceipt);
}

/** The receipts the server refused, with its reasons (dead letters, until a supervisor settles them). */
export async function refusedReceipts(): Promise<Receipt[]> {
  return (await deadLetters()).filter(d => d.name === 'sign').map(asReceipt);
}

/** The receipts this phone took lately (the `sent` ones are those no longer queued nor refused). */
const takenKey = () => `ipos-pod-taken:${sessionStore.getState().username}`;
const TAKEN_KEEP_MS = 14 * 24 * 3600_000;
const TAKEN_MAX = 200;

export function takenReceipts(): Receipt[] {
  try {
    const v = JSON.parse(localStorage.getItem(takenKey()) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((r): r is Receipt => typeof r === 'object' && r !== null && typeof (r as Receipt).id === 'string'
      && typeof (r as Receipt).delivery_id === 'number') : [];
  } catch {
    return [];
  }
}

function noteTaken(r: Receipt): void {
  const since = Date.now() - TAKEN_KEEP_MS;
  const kept = [r, ...takenReceipts().filter(x => x.id !== r.id && Date.parse(x.at) >= since)].slice(0, TAKEN_MAX);
  try {
    localStorage.setItem(takenKey(), JSON.stringify(kept));
  } catch {
    // A full storage costs only the "sent" mark: the receipt itself is in the outbox.
  }
}

/**
 * Queues a receipt durably (committed when this resolves: the phone says "saved" only for a receipt a power cut cannot
 * lose); the sender pushes it when the server answers. Throws FactArgsError on arguments the contract refuses, with
 * nothing written.
 */
export async function recordReceipt(args: SignArgs): Promise<Receipt> {
  const fact = await recordFact('sign', args);
  const r = asReceipt(fact);
  noteTaken(r);
  return r;
}

/** A picture as a data URL (what a receipt carries). */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A camera picture made a receipt's photo: a JPEG of at most 1600 px and about 300 KB (photo-upload.ts), as a data URL;
 * throws PhotoDecodeError when the browser cannot read it.
 */
export async function receiptPhoto(file: Blob): Promise<{ dataUrl: string; bytes: number }> {
  const jpeg = await downscalePhoto(file);
  return { dataUrl: await dataUrlOf(jpeg), bytes: jpeg.size };
}

/**
 * What the phone last read of its deliveries to sign for: the list (per choice: the driver's own, or every shipped
 * one) and their lines, kept whenever the server answers (decision 192's way: a refetch that fails offline leaves a
 * query in error, and the query cache keeps only successful ones), per user, so a reload without the network lists
 * and opens them.
 */
export interface DeliveriesCopy { deliveries: Row[]; lines: Row[]; savedAt: number }

const copyKey = (scope: string) => `ipos-pod:${sessionStore.getState().username}:${scope}`;

export function keepDeliveriesCopy(scope: string, copy: Omit<DeliveriesCopy, 'savedAt'>): void {
  try {
    localStorage.setItem(copyKey(scope), JSON.stringify({ ...copy, savedAt: Date.now() }));
  } catch {
    // A full storage keeps the earlier copy: the phone still opens, with older rows.
  }
}

export function deliveriesCopy(scope: string): DeliveriesCopy | null {
  try {
    const v = JSON.parse(localStorage.getItem(copyKey(scope)) ?? 'null') as Partial<DeliveriesCopy> | null;
    if (!v || !Array.isArray(v.deliveries) || !Array.isArray(v.lines)) return null;
    return { deliveries: v.deliveries, lines: v.lines, savedAt: Number(v.savedAt ?? 0) };
  } catch {
    return null;
  }
}
