import { Button, Group, Notification, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerSW } from 'virtual:pwa-register';
import { applyUpdateWhenSent } from './update-gate';

/**
 * Service-worker updates are offered, never forced (DESIGN §6): a new version waits until the user chooses to reload.
 * Registered once, outside React, so StrictMode's double effects cannot register twice.
 *
 * A kiosk applies an update only when its outbox is empty (docs/shopfloor.md "The outbox"): while facts wait to be
 * sent, the offer stays but its reload is disabled, saying how many wait. The database has the last word when the
 * user clicks (the badge's count may lag another tab's write); where there is no IndexedDB nothing can be queued.
 */
let needRefresh = false;
const listeners = new Set<() => void>();
let updateSW: ((reload?: boolean) => Promise<void>) | undefined;

export function registerServiceWorker(): void {
  if (updateSW || !('serviceWorker' in navigator)) return;
  updateSW = registerSW({
    onNeedRefresh() {
      needRefresh = true;
      for (const l of listeners) l();
    },
    onRegisterError(error: unknown) {
      console.warn('service worker registration failed', error);
    },
  });
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };

export function UpdatePrompt() {
  const { t } = useTranslation();
  const available = useSyncExternalStore(subscribe, () => needRefresh, () => false);
  const [dismissed, setDismissed] = useState(false);
  const [found, setFound] = useState(0);
  if (!available || dismissed) return null;
  // What the gate found still to send at the last try (the badge's count may hold other terminals' facts).
  const waiting = found;
  // Tells the waiting worker to SKIP_WAITING (the page reloads once it has taken control), once the outbox is empty.
  const apply = async () => setFound(await applyUpdateWhenSent(async () => { await updateSW?.(true); }));
  return (
    <Notification withCloseButton={false} title={t('pages.update_available')} data-testid="update-prompt"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000 }}>
      {waiting > 0 && <Text size="sm" data-testid="update-waiting">{t('pages.update_waiting', { count: waiting })}</Text>}
      <Group gap="xs" mt="xs">
        {/* Not disabled by the badge's count: the gate counts only the facts this browser can send. */}
        <Button size="xs" onClick={() => void apply()}>{t('pages.update_now')}</Button>
        <Button size="xs" variant="default" onClick={() => setDismissed(true)}>{t('pages.update_later')}</Button>
      </Group>
    </Notification>
  );
}
