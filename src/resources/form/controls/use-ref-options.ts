import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import type { ResourceDef } from '../../../domain/registry/resource';
import { useResourceList } from '../../../ui/data/use-resource';

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
export function useRefOptions(target: ResourceDef, keyword: string, enabled: boolean):
  { options: RefOption[]; loading: boolean; settled: boolean } {
  const [debounced] = useDebouncedValue(keyword.trim(), REF_SEARCH_DEBOUNCE_MS);
  // Under the resource's lists, so a save there refreshes the pickers too; offline resources answer from their copy.
  const q = useResourceList(target, { limit: REF_PAGE_SIZE, keyword: debounced }, { enabled, staleTime: 30_000, keepPrevious: true });
  const rows = q.data?.dt as Record<string, unknown>[] | undefined;
  const options = useMemo(
    () => (rows ?? []).filter(r => typeof r.id === 'number').map(r => ({ value: r.id as number, label: displayOf(target, r) })),
    [rows, target],
  );
  // `settled`: the options are the matches of `keyword` as typed now (not those of an earlier search still shown).
  const settled = debounced === keyword.trim() && !q.isFetching && !q.isPlaceholderData && q.data !== undefined;
  return { options, loading: q.isFetching, settled };
}
