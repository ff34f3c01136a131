/**
 * Runs before every file of the `unit` project, whose files share one module graph per worker (`isolate: false`,
 * vitest.config.ts). The data layer keeps its state in module-level stores; a file that leaves the server
 * "unreachable" (a transport test's failed fetch) would otherwise send the next file's offline-declared lists to the
 * Dexie copy instead of its stubbed fetch. Each file starts from the stores' initial state, as in a fresh page.
 */
import { configStore } from '../../src/data/config-store';
import { connectivityStore, setReachabilityProbe } from '../../src/data/connectivity';
import { errorLogStore } from '../../src/data/error-log';
import { helperStatusStore } from '../../src/data/local-helper-port';
import { favMenusStore } from '../../src/data/menu/fav-menus-store';
import { menuStore } from '../../src/data/menu/menu-store';
import { syncStore } from '../../src/data/offline/sync-engine';
import { outboxStatusStore } from '../../src/data/outbox/status';
import { sessionStore } from '../../src/data/session/session-store';

// A probe left installed by an earlier file must not flip the state back while this file runs.
setReachabilityProbe(null);
for (const store of [configStore, connectivityStore, errorLogStore, helperStatusStore, favMenusStore, menuStore,
  syncStore, outboxStatusStore, sessionStore] as const) {
  // `replace` so keys an earlier file added are gone too; the initial state holds the stores' actions.
  (store.setState as (s: unknown, replace: true) => void)(store.getInitialState(), true);
}
