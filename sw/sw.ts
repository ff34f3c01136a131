/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker (DESIGN §6). It precaches the app shell and every chunk, so a kiosk or tablet reloads offline
 * onto any route. It never activates itself: the page asks the user, and only then posts SKIP_WAITING (never while
 * the outbox holds facts: src/app/pwa/update-prompt.tsx).
 */
declare const self: ServiceWorkerGlobalScope;

// The build replaces self.__WB_MANIFEST with the list of every emitted file and its revision.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Page navigations (a deep link, a reload) get the precached shell. Not API calls: every API path ends with a slash
 * (`/customers/list/`, `/accounts/configslist_safe/?name=…`) and app routes never do, apart from the root `/`.
 * `/files/` serves downloads and uploaded files, which must reach the server even when opened as a page.
 * The patterns are tested against pathname + search, so they must not look past the `?`.
 */
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), {
  denylist: [
    /^\/[^?]+\/(?:\?|$)/, // a path, other than `/`, ending with a slash: an API call
    /^\/files\//,
  ],
}));

self.addEventListener('message', event => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/**
 * Background Sync (Chromium; the page registers the tag `ipos-outbox-push` while facts are pending and a push failed):
 * when the browser says the network is back, the worker only asks the open pages to send (message `OUTBOX_SEND`).
 * The page's sender does the pushing, with its session and its lock (src/data/outbox/sender.ts); with no page open
 * nothing is sent, and the page sends at its next start. An extra: nothing relies on it.
 */
interface SyncEvent extends ExtendableEvent { readonly tag: string }

self.addEventListener('sync', (event: Event) => {
  const e = event as SyncEvent;
  if (e.tag !== 'ipos-outbox-push') return;
  e.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(pages => {
    for (const page of pages) page.postMessage({ type: 'OUTBOX_SEND' });
  }));
});
