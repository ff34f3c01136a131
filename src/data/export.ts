import type { ExportColumnSpec } from '../domain/contract/requests';
import { encodeListQuery, type ListQuery } from '../domain/contract/list';
import type { ResourceDef } from '../domain/registry/resource';
import { exportList as exportEndpoint } from '../domain/contract/endpoints/system';
import { downloadFrom } from './endpoint-call';
import type { DownloadProgress } from './http';

/**
 * The server-side export of a list paged by the server (decision 51): `POST /files/export/` with the list's own
 * parameters (filters, keyword, sort — so the file holds the grid's rows in the grid's order) and the columns to
 * write, streamed back as excel.xlsx. Page and limit are not sent: the file holds every matching row.
 */
export function exportList(def: ResourceDef, q: Omit<ListQuery, 'page' | 'limit' | 'totals'>, titles: readonly ExportColumnSpec[],
  o: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {}): Promise<{ file: Blob; rows: number | null }> {
  const { page: _page, limit: _limit, totals: _totals, ...params } = encodeListQuery(q);
  return downloadFrom(exportEndpoint, { ...params, resource: def.name, titles }, { signal: o.signal, onProgress: o.onProgress, silent: true });
}
