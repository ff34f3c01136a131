import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { Notifier } from '../data/notifier';
import { useSession } from '../ui/stores';

/** The logged-out dialog of DESIGN §4 (codes 50008 / 50012 / 50014): Re-Login or Cancel. */
const useLoggedOut = create<{ message: string | null; show(m: string): void; hide(): void }>(set => ({
  message: null,
  show: m => set({ message: m }),
  hide: () => set({ message: null }),
}));

/** Shows the request layer's messages with Mantine notifications (durations as the request layer asks). */
export const mantineNotifier: Notifier = {
  success: msg => notifications.show({ color: 'green', message: msg, autoClose: 2000 }),
  warning: (msg, ms) => notifications.show({ color: 'yellow', message: msg, autoClose: ms ?? 3000 }),
  error: (msg, ms) => notifications.show({ color: 'red', message: msg, autoClose: ms }),
  loggedOut: msg => useLoggedOut.getState().show(msg),
};

export function LoggedOutDialog() {
  const { t } = useTranslation();
  const { message, hide } = useLoggedOut();
  return (
    <Modal opened={message !== null} onClose={hide} title={t('login.logged_out_title')} centered>
      <Text size="sm">{message || t('login.logged_out_body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={hide}>{t('login.cancel')}</Button>
        {/* Re-Login resets the token and reloads: the router then asks for a login (spec §8). */}
        <Button onClick={() => { useSession.getState().reset(); window.location.reload(); }}>{t('login.relogin')}</Button>
      </Group>
    </Modal>
  );
}
