import type { SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { RowError } from '../auth/row-scope';
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

/** The rows of one write of many (an order's lines, an import): each with its stored row (null on create). */
export interface PrepareManyContext {
  res: ResourceDef;
  auth: Auth;
  mode: 'create' | 'update';
  rows: readonly { before: RowData | null; values: RowData }[];
  /** The error to throw for a refusal of the `index`-th row (an order's save names the line's cell). */
  rowError: RowError;
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

export interface AfterWriteManyContext {
  res: ResourceDef;
  auth: Auth;
  action: WriteAction;
  changes: readonly { before: RowData | null; after: RowData | null }[];
  rowError: RowError;
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
  /**
   * `prepare` of many rows of one write at once, in their order (what the rows share — their order, their items — read
   * once, and a number one row takes seen by the next): a resource written many rows at a time declares this instead
   * of `prepare`, and a single save is a batch of one (write-steps.ts), so its rules are written once.
   */
  prepareMany?(tx: Db, ctx: PrepareManyContext): Promise<RowData[]>;
  /** After the row is written, in the same transaction: keeps dependent rows and sums up to date, or refuses. */
  afterWrite?(tx: Db, ctx: AfterWriteContext): Promise<void>;
  /** `afterWrite` of many rows of one write at once (sums refreshed once); declared instead of `afterWrite`. */
  afterWriteMany?(tx: Db, ctx: AfterWriteManyContext): Promise<void>;
  /** The resource's own list parameters (spec §7, e.g. cards' `notfinished`), beside the generic ones. */
  list?(auth: Auth, p: Params, res: ResourceDef): ExtraListOptions;
}
