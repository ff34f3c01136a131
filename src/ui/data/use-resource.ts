import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { connectivityStore } from '../../data/connectivity';
import { historyKey, queryKeys } from '../../data/query-keys';
import { resourceClient, type Detailed, type ListResult } from '../../data/resource-client';
import type { ListQuery } from '../../domain/contract/list';
import type { HistoryReply } from '../../domain/contract/replies';
import type { ResourceDef } from '../../domain/registry/resource';

/**
 * The data hooks of every screen (DESIGN §6): TanStack Query over the resource client, under the resource's query
 * keys (src/data/query-keys.ts), so a save that invalidates `queryKeys.all(def.api)` refreshes every list, detail and
 * picker of the resource.
 */

export interface ListHookOptions {
  enabled?: boolean;
  staleTime?: number;
  /** Keep showing the previous page's rows while the next page loads (paged lists, pickers). */
  keepPrevious?: boolean;
}

export function useResourceList<R extends ResourceDef>(def: R, q: ListQuery<R>, o: ListHookOptions = {}): UseQueryResult<ListResult<R>> {
  return useQuery({
    ...resourceListOptions(def, q),
    enabled: o.enabled,
    staleTime: o.staleTime,
    placeholderData: o.keepPrevious ? keepPreviousData : undefined,
  });
}

/** The key and fetch of a list, shared by `useResourceList` and a handler that must wait for the same list
 * (`queryClient.ensureQueryData`): one cache entry either way. */
export function resourceListOptions<R extends ResourceDef>(def: R, q: ListQuery<R>) {
  return {
    queryKey: queryKeys.list(def.api, q as Record<string, unknown>),
    queryFn: ({ signal }: { signal: AbortSignal }) => resourceClient(def).list(q, { signal }),
  };
}

/** One row; `id` undefined (a malformed route) loads nothing. */
export function useResourceDetail<R extends ResourceDef>(def: R, id: number | undefined): UseQueryResult<Detailed<R>> {
  return useQuery({
    queryKey: queryKeys.detail(def.api, id ?? ''),
    queryFn: ({ signal }) => resourceClient(def).detail(id!, { signal }),
    enabled: id !== undefined,
  });
}

/** A row's history, newest last (`/history/list/`), under `historyKey` so a save refreshes it. */
export function useResourceHistory(def: ResourceDef, id: number | string, enabled = true): UseQueryResult<HistoryReply> {
  return useQuery({
    queryKey: historyKey(def.name, id),
    queryFn: ({ signal }) => resourceClient(def).history(id, { signal }),
    enabled,
  });
}

/** Whether the server can be reached now (src/data/connectivity.ts). */
export function useReachable(): boolean {
  return useStore(connectivityStore, s => s.reachable);
}

/** What a screen tells about where its data comes from. */
export interface OfflineView {
  offline: boolean;
  /** When the data shown was fetched or pulled; null when unknown. */
  asOf: number | null;
}

/**
 * Whether a screen shows data without the server: answered from the offline copy, or the server is out of reach and
 * the screen shows what it last had (a persisted or cached query).
 */
export function offlineView(q: { data?: unknown; dataUpdatedAt: number }, reachable: boolean): OfflineView {
  const d = q.data as { source?: unknown; asOf?: unknown } | undefined;
  if (d?.source === 'offline') return { offline: true, asOf: typeof d.asOf === 'number' ? d.asOf : null };
  if (!reachable) return { offline: true, asOf: q.data !== undefined && q.dataUpdatedAt > 0 ? q.dataUpdatedAt : null };
  return { offline: false, asOf: null };
}
