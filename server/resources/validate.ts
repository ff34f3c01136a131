import { inArray } from 'drizzle-orm';
import { saveSchema } from '../../src/domain/registry/input-schema';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import { fieldErrorsOf } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { asIs, type RowError } from '../auth/row-scope';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { hashPassword } from '../lib/secrets';
import { column } from '../db/columns';

type RowData = Record<string, unknown>;

/**
 * A save's values checked against the declaration, then normalised for storage: defaults on create, empty unique
 * text → null (so two blank codes do not collide), date-times as Dates, passwords hashed.
 */
async function normalised(res: ResourceDef, raw: RowData, mode: 'create' | 'update'): Promise<RowData> {
  const parsed = saveSchema(res, mode).safeParse(raw);
  if (!parsed.success) throw new ApiError(422, 'invalid_input', {}, fieldErrorsOf(parsed.error, raw));
  const values: RowData = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) values[k] = v;
  for (const [k, f] of Object.entries(res.fields)) {
    if (mode === 'create' && values[k] === undefined && 'default' in f && f.default !== undefined) values[k] = f.default;
    if (f.type === 'text' && f.unique && values[k] === '') values[k] = null;
    // Date-times travel as ISO strings; the column wants a Date.
    if (f.type === 'datetime' && typeof values[k] === 'string') values[k] = new Date(values[k] as string);
    if (f.type === 'password') {
      if (values[k]) values[k] = await hashPassword(values[k] as string);
      else delete values[k];
    }
  }
  return values;
}

/**
 * Every referenced id must exist (list references have no foreign key, so the server is their only guard): one query
 * per referenced resource for all the rows; the first row naming a missing one is refused.
 */
async function checkReferencesExist(db: Db, res: ResourceDef, list: readonly RowData[], rowError: RowError): Promise<void> {
  const idsOf = (f: ResourceDef['fields'][string], v: unknown): number[] =>
    (f.type === 'ref' ? (v == null ? [] : [v as number]) : ((v as number[] | null | undefined) ?? []));
  const missing = new Map<number, Record<string, FieldError>>();
  for (const [k, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const ids = [...new Set(list.flatMap(values => idsOf(f, values[k])))];
    if (ids.length === 0) continue;
    const target = tableOf(resourceByName(f.to)!);
    const found = new Set((await db.select({ id: column(target, 'id') }).from(target)
      .where(inArray(column(target, 'id'), ids))).map(r => Number(r.id)));
    list.forEach((values, i) => {
      if (idsOf(f, values[k]).some(id => !found.has(id))) missing.set(i, { ...missing.get(i), [k]: { key: 'ref_missing' } });
    });
  }
  if (missing.size === 0) return;
  const first = Math.min(...missing.keys());
  throw rowError(first, new ApiError(422, 'invalid_input', {}, missing.get(first)));
}

/** Validates and normalises the values of many rows of one write (`rowError` names the row a refusal is about). */
export async function validateMany(db: Db, res: ResourceDef, raws: readonly RowData[], mode: 'create' | 'update',
  rowError: RowError = asIs): Promise<RowData[]> {
  const out: RowData[] = [];
  for (const [i, raw] of raws.entries()) {
    try {
      out.push(await normalised(res, raw, mode));
    } catch (e) {
      throw rowError(i, e);
    }
  }
  await checkReferencesExist(db, res, out, rowError);
  return out;
}

export async function validateValues(db: Db, res: ResourceDef, raw: RowData, mode: 'create' | 'update'): Promise<RowData> {
  return (await validateMany(db, res, [raw], mode))[0]!;
}
