import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconPower } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeSystem } from '../local-helper/system-actions';
import { getNotifier } from '../../data/notifier';

/**
 * The close-system button (spec §1, §2): asks first, then closes through the local helper, else the browser window;
 * when neither is allowed, tells the user to close the window.
 */
export function CloseSystemButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    setAsking(false);
    void closeSystem().then(r => { if (r === 'unsupported') getNotifier().warning(t('shell.close_system.manual'), 4000); });
  };
  return (
    <>
      <Tooltip label={t('shell.close_system.button')}>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('shell.close_system.button')} onClick={() => setAsking(true)}>
          <IconPower size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('shell.close_system.button')} centered size="sm">
        <Text size="sm">{t('shell.close_system.confirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)}>{t('shell.close_system.cancel')}</Button>
          <Button color="red" onClick={confirm}>{t('shell.close_system.ok')}</Button>
        </Group>
      </Modal>
    </>
  );
}
