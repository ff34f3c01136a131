import { Button, Group, Notification } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerSW } from 'virtual:pwa-register';

/**
 * Service-worker updates are offered, never forced (DESIGN §6): a new version waits until the user chooses to reload.
 * Registered once, outside React, so StrictMode's double effects cannot register twice.
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
  if (!available || dismissed) return null;
  return (
    <Notification withCloseButton={false} title={t('pages.update_available')} data-testid="update-prompt"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000 }}>
      <Group gap="xs" mt="xs">
        {/* Tells the waiting worker to SKIP_WAITING; the page reloads once it has taken control. */}
        <Button size="xs" onClick={() => void updateSW?.(true)}>{t('pages.update_now')}</Button>
        <Button size="xs" variant="default" onClick={() => setDismissed(true)}>{t('pages.update_later')}</Button>
      </Group>
    </Notification>
  );
}
