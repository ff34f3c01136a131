import { newRequestId, resourceClient } from '../../data/resource-client';
import type { ListRow } from '../../domain/contract/rows';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { deliverylines } from '../../domain/resources/delivery/deliverylines';
import { cards } from '../../domain/resources/orders/cards';
import { packages } from '../../domain/resources/warehouse/packages';
import { emptyLine, isBlank, lineChanged, lineValues, type NoteLine } from './note-lines';

/**
 * Reading and writing one delivery note through its resource clients (docs/delivery.md "Screens"): the header, then
 * each new, changed or removed line (a removed saved line is cancelled), then the note read back whole — as the stock
 * documents are saved (decision 178). A save refused part way says what it wrote, so the screen keeps every line
 * typed and the next save changes what exists instead of writing it twice.
 */
export type NoteRow = ListRow<typeof deliveries>;
export type NoteLineRow = ListRow<typeof deliverylines>;

export interface LoadedNote { note: NoteRow; lines: NoteLine[] }

/** A note's lines as the screen shows them (a note's lines are few: one page of the contract's largest). */
export async function linesOfNote(id: number): Promise<NoteLineRow[]> {
  const r = await resourceClient(deliverylines).list({ limit: 1000, sort: ['line_no'], filter: [{ field: 'delivery_id', op: 'eq', value: id }] });
  return r.dt.filter(l => !l.canceled);
}

export function asNoteLine(l: NoteLineRow): NoteLine {
  return {
    ...emptyLine(`id:${l.id}`), id: l.id, version: l.version, detail_id: l.detail_id ?? null, detail_code: l.detail_id_name ?? '',
    item_name: l.item_id_name ?? '', unit: l.unit ?? null, card_id: l.card_id ?? null, card_code: l.card_id_name ?? '', lot: l.lot ?? '',
    package_id: l.package_id ?? null, package_code: l.package_id_name ?? '', quantity: l.quantity == null ? null : Number(l.quantity),
    price: l.price == null ? null : Number(l.price), amount: l.amount == null ? null : Number(l.amount), remark: l.remark ?? '',
  };
}

export async function loadNote(id: number): Promise<LoadedNote> {
  const [note, lines] = await Promise.all([resourceClient(deliveries).detail(id), linesOfNote(id)]);
  return { note: note.row, lines: lines.map(asNoteLine) };
}

/** A save refused after some of it was written: what was, so nothing is written twice. */
export class PartialNoteSave extends Error {
  constructor(readonly reason: unknown, readonly note: NoteRow | null, readonly written: ReadonlyMap<string, NoteLine>,
    readonly gone: ReadonlySet<number>) {
    super('partial save');
  }
}

/** Saves the header (a create with its idempotency key, else an update at its version), then the lines. */
export async function saveNote(p: { head: Record<string, unknown>; note: NoteRow | null; lines: readonly NoteLine[];
  saved: readonly NoteLine[]; createKey: string }): Promise<LoadedNote> {
  const client = resourceClient(deliveries);
  const reply = p.note ? await client.save(p.head, { id: p.note.id, version: p.note.version })
    : await client.save(p.head, undefined, { idempotencyKey: p.createKey });
  const noteId = reply.id;
  const lineClient = resourceClient(deliverylines);
  const before = new Map(p.saved.filter(l => l.id !== undefined).map(l => [l.id!, l]));
  const kept = new Set<number>();
  const written = new Map<string, NoteLine>();
  const gone = new Set<number>();
  try {
    // Removed lines first: what they held is free for the lines that follow.
    const live = new Set(p.lines.filter(l => l.id !== undefined).map(l => l.id!));
    for (const was of before.values()) {
      if (live.has(was.id!)) continue;
      await lineClient.remove({ id: was.id!, version: was.version });
      gone.add(was.id!);
    }
    for (const l of p.lines) {
      if (isBlank(l)) continue;
      if (l.id !== undefined) {
        kept.add(l.id);
        const was = before.get(l.id);
        if (was && lineChanged(l, was)) {
          const r = await lineClient.save(lineValues(l), { id: l.id, version: l.version! });
          written.set(l.key, { ...l, version: r.version });
        }
      } else {
        const r = await lineClient.save({ delivery_id: noteId, ...lineValues(l) }, undefined, { idempotencyKey: newRequestId() });
        written.set(l.key, { ...l, id: r.id, version: r.version });
      }
    }
  } catch (e) {
    const note = await client.detail(noteId).then(d => d.row, () => null);
    throw new PartialNoteSave(e, note, written, gone);
  }
  return loadNote(noteId);
}

/** A process card by its number (what its label's QR code holds), with its item and order line; null: none. */
export async function cardByNo(no: string): Promise<{ id: number; code: string; item_id: number; detail_id: number } | null> {
  const r = await resourceClient(cards).list({ limit: 2, filter: [{ field: 'show_id', op: 'eq', value: no.trim() }] });
  const c = r.dt.find(x => !x.canceled);
  return c ? { id: c.id, code: c.show_id ?? no, item_id: c.item_id ?? 0, detail_id: c.detail_id ?? 0 } : null;
}

/** A package by its number (what its label holds); null: none. */
export async function packageByNo(no: string): Promise<{ id: number; code: string } | null> {
  const r = await resourceClient(packages).list({ limit: 2, filter: [{ field: 'show_id', op: 'eq', value: no.trim() }] });
  const p = r.dt.find(x => !x.canceled);
  return p ? { id: p.id, code: p.show_id ?? no } : null;
}
