import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../../api/http';
import type { ListReply } from '../../../api/list-request';
import { queryKeys } from '../../../api/query-keys';
import type { ResourceDef } from '../../../domain/registry/resource';

/** How many rows a reference picker loads (spec §9: pickers such as customers load 50 and search by keyword). */
export const REF_PAGE_SIZE = 50;
/** Typing pauses this long before the server is asked again. */
export const REF_SEARCH_DEBOUNCE_MS = 300;

export interface RefOption { value: number; label: string }

/** A referenced row's display name: its `display` field, else `#id` (a row without a name must still be pickable). */
export function displayOf(target: ResourceDef, row: Record<string, unknown>): string {
  const v = row[target.display];
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}

/**
 * The options of a reference picker: the first 50 rows of the referenced resource matching `keyword` (searched by
 * the server over the resource's `search` fields, so a code finds its row too). Loads only while `enabled` (the
 * dropdown is open), so a form with ten references makes no call until one is opened.
 */
export function useRefOptions(target: ResourceDef, keyword: string, enabled: boolean): { options: RefOption[]; loading: boolean } {
  const [debounced] = useDebouncedValue(keyword.trim(), REF_SEARCH_DEBOUNCE_MS);
  const params = { limit: REF_PAGE_SIZE, keyword: debounced };
  const q = useQuery({
    // Under the resource's lists (a save there refreshes the pickers too), apart from the grids' cached shapes.
    queryKey: [...queryKeys.list(target.api, params), 'options'],
    queryFn: ({ signal }) => apiGet<ListReply>(`${target.api}/list/`, params, { signal }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.dt;
  const options = useMemo(
    () => (rows ?? []).filter(r => typeof r.id === 'number').map(r => ({ value: r.id as number, label: displayOf(target, r) })),
    [rows, target],
  );
  return { options, loading: q.isFetching };
}
