import { inArray, like, or, sql } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { files, tableOf } from '../db/tables';
import { column } from '../db/columns';

/** How long an upload no row names is kept (an image picked but never saved, or replaced by another). */
export const UNCLAIMED_FILE_TTL_MS = 7 * 24 * 3600_000;

/** The stored file a value names: `/files/?action=download&id=<id>`, relative or behind a server address. */
const FILE_URL = /\/files\/\?action=download&id=([A-Za-z0-9_-]{16,128})$/;

export function fileIdOf(v: unknown): string | null {
  return typeof v === 'string' ? FILE_URL.exec(v)?.[1] ?? null : null;
}

/**
 * The fields naming uploaded files: text fields of an image or any file (`format: 'file'`, a contract's scan), and
 * lists of files (`texts` of `format: 'files'`, a form's photos and signatures).
 */
function imageFields(res: ResourceDef): string[] {
  return Object.entries(res.fields)
    .filter(([, f]) => (f.type === 'text' && (f.format === 'image' || f.format === 'file')) || (f.type === 'texts' && f.format === 'files'))
    .map(([k]) => k);
}

function idsIn(fields: readonly string[], rows: readonly (Record<string, unknown> | null)[]): Set<string> {
  const out = new Set<string>();
  for (const row of rows) {
    for (const k of fields) {
      const v = row?.[k];
      for (const one of Array.isArray(v) ? v as unknown[] : [v]) { const id = fileIdOf(one); if (id) out.add(id); }
    }
  }
  return out;
}

/**
 * Uploads expire unless a saved row names them (an avatar, an item's picture): in the same transaction as the
 * save, the files the row now names are kept for good (no expiry), and the ones it stopped naming (replaced, cleared,
 * or the row deleted) go back to expiring a week later, so an undo within the week still finds them.
 * `before` / `after` are the row before and after the write; null for a create / a delete.
 */
export async function keepRowFiles(tx: Db, res: ResourceDef, rows: readonly { before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]): Promise<void> {
  const fields = imageFields(res);
  if (fields.length === 0) return;
  const had = idsIn(fields, rows.map(r => r.before));
  const named = idsIn(fields, rows.map(r => r.after));
  // Only files the rows name anew: a save that leaves the picture alone writes nothing to `files`.
  const claimed = [...named].filter(id => !had.has(id));
  if (claimed.length > 0) await tx.update(files).set({ expires_at: null }).where(inArray(files.id, claimed));
  const dropped = [...had].filter(id => !named.has(id));
  if (dropped.length === 0) return;
  // Locked before looking for other rows naming them: a concurrent save claiming one of them has locked it by its
  // update, so this waits for that save to commit and then sees its row, instead of expiring a file it names.
  await tx.select({ id: files.id }).from(files).where(inArray(files.id, dropped)).for('update');
  const unnamed = await notNamedElsewhere(tx, dropped);
  if (unnamed.length > 0) {
    await tx.update(files).set({ expires_at: new Date(Date.now() + UNCLAIMED_FILE_TTL_MS) }).where(inArray(files.id, unnamed));
  }
}

/** The files no row of any resource names any more (a URL copied into a second row keeps the file alive). */
async function notNamedElsewhere(tx: Db, ids: readonly string[]): Promise<string[]> {
  const left = new Set(ids);
  for (const res of RESOURCES) {
    const fields = imageFields(res);
    if (fields.length === 0 || left.size === 0) continue;
    const t = tableOf(res);
    // Ids are base64url, whose `_` is LIKE's one-character wildcard: the pattern may match a little more than the
    // file's URL, and `idsIn` below keeps only exact names.
    // A list of files is searched as its elements joined (each URL ends where the next begins with a space).
    const text = (k: string) => (res.fields[k]?.type === 'texts' ? sql`array_to_string(${column(t, k)}, ' ') || ' '` : column(t, k));
    const pattern = (k: string, id: string) => `%/files/?action=download&id=${id}${res.fields[k]?.type === 'texts' ? ' %' : ''}`;
    const conds = fields.flatMap(k => [...left].map(id => like(text(k), pattern(k, id))));
    const rows = await tx.select(Object.fromEntries(fields.map(k => [k, column(t, k)]))).from(t).where(or(...conds));
    for (const id of idsIn(fields, rows as Record<string, unknown>[])) left.delete(id);
  }
  return [...left];
}
