import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { loadHelpArticles, type HelpRows } from '../../data/help-client';
import { queryKeys } from '../../data/query-keys';
import { syncStore } from '../../data/offline/sync-engine';
import { sessionStore } from '../../data/session/session-store';
import { can } from '../../domain/contract/permissions';
import { faqs } from '../../domain/resources/help/faqs';

/**
 * The help articles for the header's button and the FAQ screens (decision 284): read again whenever the offline copy
 * pulled `faqs` anew, and after a save of an article (its lists' key). Nothing is asked of a role that may not read
 * them (no refusal shown on every screen), nor before a login.
 */
export function useHelpArticles(): UseQueryResult<HelpRows> {
  const pulledAt = useStore(syncStore, s => s.pulledAt[faqs.name] ?? 0);
  const permissions = useStore(sessionStore, s => s.permissions);
  const baseURL = useStore(sessionStore, s => s.baseURL);
  const loggedIn = useStore(sessionStore, s => s.sessionid !== null);
  const allowed = loggedIn && (permissions === null || can(permissions, faqs.name, 'view'));
  return useQuery({
    queryKey: [...queryKeys.lists(faqs.api), { help: true, pulledAt, baseURL }],
    queryFn: ({ signal }) => loadHelpArticles(signal),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
}
