import type { SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import type { Params } from '../lib/params';

export type RowData = Record<string, unknown>;

/**
 * A resource's own list parameters as conditions, its default sort, and the plain parameters it reads itself (a
 * parameter named like a field is otherwise an equality filter on it).
 */
export interface ExtraListOptions { where?: SQL[]; defaultSort?: string; ownParams?: readonly string[] }

export type WriteAction = 'create' | 'update' | 'cancel' | 'delete';

export interface PrepareContext {
  res: ResourceDef;
  auth: Auth;
  mode: 'create' | 'update';
  /** The stored row (locked `for update`) of an update; null on create. */
  before: RowData | null;
  /** The validated values about to be written (only the fields sent, on update). */
  values: RowData;
}

export interface ForkContext {
  res: ResourceDef;
  auth: Auth;
  mode: 'update' | 'delete';
  /** The stored row, locked `for update`, its version checked. */
  before: RowData;
  /** The validated values of an update (only the fields sent); empty on delete. */
  values: RowData;
}

export interface AfterWriteContext {
  res: ResourceDef;
  auth: Auth;
  action: WriteAction;
  /** The row as stored before the write (null on create) and after it (null on delete). */
  before: RowData | null;
  after: RowData | null;
}

/**
 * What a resource does on the server beyond the generic endpoints (DESIGN §3: the declaration is data; the rules of
 * a business document live here, one file per resource). Every path that writes the resource — save, cancel, delete,
 * import — calls these inside its transaction, so a rule holds whichever way a row is written, and a refusal (an
 * ApiError thrown) rolls the whole write back.
 */
export interface Behaviour {
  /**
   * Before the row is written: returns the values to write — the ones sent plus what the server sets (numbers,
   * derived sums, defaults that depend on other rows) — or throws a 4xx refusal (a status that forbids the change).
   */
  prepare?(tx: Db, ctx: PrepareContext): Promise<RowData>;
  /**
   * Before an update or a delete of a row that must stay as it is (a formula version that orders use): makes a fresh
   * copy of it (and of what belongs to it) and returns the copy, which the write then changes or deletes instead; or
   * null to write the row itself. The reply names the copy, so the client sees where its change went.
   */
  fork?(tx: Db, ctx: ForkContext): Promise<RowData | null>;
  /** After the row is written, in the same transaction: keeps dependent rows and sums up to date, or refuses. */
  afterWrite?(tx: Db, ctx: AfterWriteContext): Promise<void>;
  /** The resource's own list parameters (spec §7, e.g. cards' `notfinished`), beside the generic ones. */
  list?(auth: Auth, p: Params, res: ResourceDef): ExtraListOptions;
}
