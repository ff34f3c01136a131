import type { ResourceDef } from '../registry/resource';
import type { ListRow } from './rows';

/**
 * Replies of the generic endpoints (DESIGN §4), shared by the server (what it returns) and the data layer (what it
 * reads). Every reply carries the envelope's `msg` (`OK` on success) and may carry a warning in `msg1`.
 */
export interface Envelope {
  msg: string;
  msg1?: string;
}

export interface ListReply<Row = ListRow> extends Envelope {
  dt: Row[];
  /** Rows of the whole filtered list (all pages). */
  total: number;
  /** With `totals=1`: sums of the summable fields over the whole filtered list (money at 4 decimals). */
  totals?: Record<string, number | null>;
  token?: string;
  token1?: string;
  token2?: string;
}

export interface DetailReply<Row = ListRow> extends Envelope {
  dt: Row;
}

export interface SaveReply<Row = ListRow> extends Envelope {
  id: number;
  version: number;
  dt: Row;
}

export type ImportStatus = 'created' | 'updated' | 'unchanged' | 'rejected';

export interface ImportReply extends Envelope {
  summary: string;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  results: { row: number; status: ImportStatus; id?: number; errors?: Record<string, string> }[];
}

export interface HistoryEntry {
  id: number;
  table_name: string;
  kid: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  by_id: number | null;
  by_name: string | null;
  at: string;
  rev: number;
}

export interface HistoryReply extends Envelope {
  dt: HistoryEntry[];
  total: number;
  /** Target resource → id → display name, for the references the entries name. */
  names: Record<string, Record<number, string>>;
}

/** The typed replies of one resource. */
export interface ResourceReplies<R extends ResourceDef> {
  list: ListReply<ListRow<R>>;
  detail: DetailReply<ListRow<R>>;
  save: SaveReply<ListRow<R>>;
}
