import { sendableCount } from '../../data/outbox/outbox';
import { sendOutboxNow } from '../../data/outbox/sender';

/**
 * DESIGN §6: an app update is applied only when the outbox is empty. A kiosk's page reloads onto the new version, and
 * an upgrade must never race the facts it still has to send (the new build reads them too, but a fact is worth more
 * than an early update). The database decides, not the badge's count, which may lag another tab's write; where there
 * is no IndexedDB nothing can have been queued. Only the facts this browser can send count: facts queued under
 * another terminal wait for that terminal's login and are kept through the update (outbox.ts `sendableCount`).
 *
 * Resolves with the number of facts still waiting: 0 when `apply` was called; otherwise the sender is asked to send
 * and the update waits for the user's next try.
 */
export async function applyUpdateWhenSent(apply: () => Promise<void>, pending: () => Promise<number> = defaultPending): Promise<number> {
  const left = await pending();
  if (left > 0) {
    sendOutboxNow();
    return left;
  }
  await apply();
  return 0;
}

function defaultPending(): Promise<number> {
  return sendableCount().catch(() => 0);
}
