import { and, eq, or, type SQL } from 'drizzle-orm';
import { resourceLabel } from '../../src/domain/i18n/resource-labels';
import { draftRow, IMPORT_MAX_ROWS, isImportable, naturalKeyOf, withFingerprints, type ImportCells } from '../../src/domain/registry/import-cells';
import { fieldSchema, saveSchema } from '../../src/domain/registry/input-schema';
import { fieldErrorsOf, type FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { importRowGate } from '../auth/import-gate';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { hashPassword } from '../lib/secrets';
import { column } from '../db/columns';
import { changedValues } from './import-compare';
import { anyOfJson, resolveReferences, type RefWork } from './import-refs';
import { faultError, insertRows, rowFaultOf, updateRow, type ChangedRow, type NewRow } from './import-write';

/**
 * `POST <base>/import/` (DESIGN §4, docs/api.md): up to 1,000 rows of spreadsheet cells keyed by field name. Each row
 * is matched to a stored row by the resource's natural key and is created, updated, left unchanged or rejected with
 * per-field reasons.
 *
 * Rules:
 * - A bad row never stops the others: all good rows of a call are written in one transaction; should the database
 *   still refuse one (a concurrent import took the same code), or a resource's rules one (a closed month), the call is
 *   redone with each row in its own savepoint and only that row is rejected.
 * - Re-running an import is idempotent: a row equal to the stored one is `unchanged` (no write, no history, no rev).
 * - Two rows of one call with the same natural key (or the same value of another unique field): the first one owns
 *   it, the later ones are rejected (`duplicate_in_import`). Merging would silently drop one of the two.
 * - Absent keys leave a field alone on update; an empty cell clears it (to the field's default when it has one).
 * - An import never changes an existing account's password (it sets one on create only).
 * - A resource keyed by fingerprint (fees) gets the key of a row that lacks it from the row's cells (import-cells.ts
 *   `withFingerprints`): the same sheet imported again matches its rows and adds nothing.
 */

type RowData = Record<string, unknown>;
export type ImportStatus = 'created' | 'updated' | 'unchanged' | 'rejected';

export interface ImportRowResult {
  /** Index of the row in the `rows` sent. */
  row: number;
  status: ImportStatus;
  id?: number;
  errors?: Record<string, FieldError>;
}

export interface ImportOutcome {
  results: ImportRowResult[];
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** One row while it is imported. Errors live in null-prototype objects: a key named `__proto__` is only a key. */
interface Work extends RefWork {
  row: number;
}

const errorMap = (): Record<string, FieldError> => Object.create(null) as Record<string, FieldError>;

/** The `rows` parameter: a JSON list of at most IMPORT_MAX_ROWS plain objects, else the request is refused whole. */
export function importCellsOf(input: unknown): ImportCells[] {
  if (!Array.isArray(input)) throw new ApiError(400, 'import_bad_rows');
  if (input.length > IMPORT_MAX_ROWS) throw new ApiError(413, 'too_many_rows', { max: IMPORT_MAX_ROWS });
  for (const r of input) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw new ApiError(400, 'import_bad_rows');
  }
  return input as ImportCells[];
}

export async function importRows(db: Db, res: ResourceDef, input: unknown, auth: Auth): Promise<ImportOutcome> {
  if (!isImportable(res)) throw new ApiError(400, 'import_no_key', { resource: lang => resourceLabel(lang, res.name) });
  const works: Work[] = withFingerprints(res, importCellsOf(input)).map((cells, row) => {
    const d = draftRow(res, cells);
    const errors = errorMap();
    for (const k of d.unknown) errors[k] = { key: 'unknown_field' };
    return { row, values: d.values, refTokens: d.refTokens, errors };
  });
  await resolveReferences(db, res, works);
  let results: ImportRowResult[];
  try {
    results = await db.transaction(tx => writeBatch(tx, res, works, auth, false));
  } catch (e) {
    if (!rowFaultOf(e) && !ruleRefusalOf(e)) throw e;
    results = await db.transaction(tx => writeBatch(tx, res, works, auth, true));
  }
  const count = (s: ImportStatus) => results.filter(r => r.status === s).length;
  return { results, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), rejected: count('rejected') };
}

/**
 * A business rule's refusal of one row (a behaviour's 400, 404, 409 or 422: a closed month, an amount not above zero):
 * the row's fault, not the call's, so the row is rejected alone with its reason. A permission's refusal (403) still
 * refuses the whole call.
 */
function ruleRefusalOf(e: unknown): ApiError | undefined {
  return e instanceof ApiError && [400, 404, 409, 422].includes(e.status) ? e : undefined;
}

/** The refusal as the field it names and its message (the natural key stands for the row when it names none). */
function refusalError(res: ResourceDef, e: ApiError): [string, FieldError] {
  const named = Object.entries(e.fieldErrors)[0];
  if (named) return [named[0], named[1]];
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e.params)) if (typeof v !== 'function') params[k] = v;
  return [res.naturalKey?.[0] ?? 'id', { key: e.key, params }];
}

/** The row's natural key, its parts normalised as the schema would store them; `null` when a part is missing. */
function keyOf(res: ResourceDef, values: RowData): { key: string; parts: RowData } | null {
  const parts: RowData = {};
  for (const k of res.naturalKey ?? []) {
    const parsed = fieldSchema(res.fields[k]!).safeParse(values[k]);
    parts[k] = parsed.success ? parsed.data : values[k];
  }
  const key = naturalKeyOf(res, parts);
  return key === null ? null : { key, parts };
}

/** The stored rows with these natural keys, locked until the transaction ends so nobody changes them in between. */
async function lockExisting(tx: Db, res: ResourceDef, keyed: RowData[]): Promise<Map<string, RowData>> {
  const out = new Map<string, RowData>();
  if (keyed.length === 0) return out;
  const t = tableOf(res);
  const cols = res.naturalKey!;
  let where: SQL | undefined;
  const type = res.fields[cols[0]!]!.type;
  if (cols.length === 1 && (type === 'text' || type === 'int')) {
    where = anyOfJson(column(t, cols[0]!), keyed.map(v => v[cols[0]!] as string | number), type === 'int' ? 'int' : 'text');
  } else {
    where = or(...keyed.map(v => and(...cols.map(c => eq(column(t, c), v[c])))));
  }
  const found = await tx.select().from(t).where(where).for('update');
  for (const r of found) {
    const k = naturalKeyOf(res, r);
    if (k !== null) out.set(k, r);
  }
  return out;
}

/** Turns validated input into what the database stores, like write.ts's validateValues does for a save. */
async function storageValues(res: ResourceDef, data: RowData, mode: 'create' | 'update'): Promise<RowData> {
  const values: RowData = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) values[k] = v;
  for (const [k, f] of Object.entries(res.fields)) {
    // An empty cell means the field's default when it has one (on update too, so a re-run finds the row unchanged).
    if ('default' in f && f.default !== undefined && (values[k] === null || (mode === 'create' && values[k] === undefined))) {
      values[k] = f.default;
    }
    if (f.type === 'text' && f.unique && values[k] === '') values[k] = null;
    if (f.type === 'datetime' && typeof values[k] === 'string') values[k] = new Date(values[k] as string);
    if (f.type === 'password') {
      if (mode === 'create' && values[k]) values[k] = await hashPassword(values[k] as string);
      else delete values[k];
    }
  }
  return values;
}

interface Plan {
  w: Work;
  errors: Record<string, FieldError>;
  existing?: RowData;
  store?: RowData;
  changes?: RowData;
  result?: ImportRowResult;
}

/** Rejects the later of two rows that would give a unique field the same value, and values other rows already hold. */
async function checkUnique(tx: Db, res: ResourceDef, plans: Plan[]): Promise<void> {
  const keyField = res.naturalKey?.length === 1 ? res.naturalKey[0] : undefined;
  const t = tableOf(res);
  for (const [u, f] of Object.entries(res.fields)) {
    if (!f.unique || u === keyField || (f.type !== 'text' && f.type !== 'int')) continue;
    const writes = plans.filter(p => p.store && Object.keys(p.errors).length === 0 && p.store[u] != null
      && (!p.existing || (p.changes && u in p.changes)));
    const first = new Map<string, Plan>();
    for (const p of writes) {
      const v = String(p.store![u]);
      if (first.has(v)) p.errors[u] = { key: 'duplicate_in_import' };
      else first.set(v, p);
    }
    if (first.size === 0) continue;
    const taken = await tx.select({ id: column(t, 'id'), v: column(t, u) }).from(t)
      .where(anyOfJson(column(t, u), [...first.keys()], f.type === 'int' ? 'int' : 'text'));
    for (const r of taken) {
      const p = first.get(String(r.v));
      if (p && p.existing?.id !== r.id) p.errors[u] = { key: 'duplicate' };
    }
  }
}

async function writeBatch(tx: Db, res: ResourceDef, works: Work[], auth: Auth, isolated: boolean): Promise<ImportRowResult[]> {
  const plans: Plan[] = works.map(w => {
    const errors = errorMap();
    for (const [k, e] of Object.entries(w.errors)) errors[k] = e;
    return { w, errors };
  });

  // Natural keys: required, and owned by the first row that carries them.
  const keyField = res.naturalKey![0]!;
  const keyed = new Map<string, { p: Plan; parts: RowData }>();
  for (const p of plans) {
    const k = keyOf(res, p.w.values);
    if (k === null) {
      const field = res.naturalKey!.find(c => p.w.values[c] == null || p.w.values[c] === '') ?? keyField;
      p.errors[field] ??= { key: 'required' };
    } else if (keyed.has(k.key)) {
      p.errors[keyField] ??= { key: 'duplicate_in_import' };
    } else {
      keyed.set(k.key, { p, parts: k.parts });
    }
  }
  const lookFor = [...keyed].filter(([, { p }]) => Object.keys(p.errors).length === 0);
  const existing = await lockExisting(tx, res, lookFor.map(([, { parts }]) => parts));

  // Validation against the declaration: as an update of the stored row, or as a create; first the caller's right to it.
  const schemas = { create: saveSchema(res, 'create'), update: saveSchema(res, 'update') };
  const gate = importRowGate(auth, res);
  for (const [k, { p }] of lookFor) {
    p.existing = existing.get(k);
    const refused = gate(p.w.values, p.existing);
    if (refused) {
      for (const [f, e] of Object.entries(refused)) p.errors[f] ??= e;
      continue;
    }
    const mode = p.existing ? 'update' : 'create';
    const parsed = schemas[mode].safeParse(p.w.values);
    if (!parsed.success) {
      for (const [f, e] of Object.entries(fieldErrorsOf(parsed.error, p.w.values))) p.errors[f] ??= e;
      continue;
    }
    p.store = await storageValues(res, parsed.data, mode);
    if (p.existing) p.changes = changedValues(res, p.existing, p.store);
  }
  await checkUnique(tx, res, plans);

  const creates: { p: Plan; w: NewRow }[] = [];
  const updates: { p: Plan; w: ChangedRow }[] = [];
  for (const p of plans) {
    if (!p.store || Object.keys(p.errors).length) continue;
    const row = p.w.row;
    if (!p.existing) {
      creates.push({ p, w: { values: p.store, onDone: r => { p.result = { row, status: 'created', id: r.id as number }; } } });
    } else if (Object.keys(p.changes!).length === 0) {
      p.result = { row, status: 'unchanged', id: p.existing.id as number };
    } else {
      updates.push({ p, w: { id: p.existing.id as number, before: p.existing, changes: p.changes!,
        onDone: r => { p.result = { row, status: 'updated', id: r.id as number }; } } });
    }
  }

  if (!isolated) {
    await insertRows(tx, res, creates.map(c => c.w), auth);
    for (const u of updates) await updateRow(tx, res, u.w, auth);
  } else {
    // Each write in its own savepoint: a row the database refuses is rejected alone.
    const guarded = async (p: Plan, write: (sp: Db) => Promise<void>) => {
      try {
        await tx.transaction(async sp => write(sp as unknown as Db));
      } catch (e) {
        const fault = rowFaultOf(e);
        const refusal = ruleRefusalOf(e);
        if (!fault && !refusal) throw e;
        const [field, err] = fault ? faultError(res, fault, p.store ?? {}) : refusalError(res, refusal!);
        p.errors[field] = err;
      }
    };
    for (const c of creates) await guarded(c.p, sp => insertRows(sp, res, [c.w], auth));
    for (const u of updates) await guarded(u.p, sp => updateRow(sp, res, u.w, auth));
  }

  return plans.map(p => (Object.keys(p.errors).length || !p.result
    ? { row: p.w.row, status: 'rejected' as const, errors: p.errors }
    : p.result));
}
