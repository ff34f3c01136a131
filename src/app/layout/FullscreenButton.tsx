import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toggleFullScreen, useFullscreen } from '../local-helper/system-actions';
import { getNotifier } from '../../data/notifier';

/** Toggles full screen (through the local helper when connected, else the browser); the icon follows the flag. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const on = useFullscreen(s => s.on);
  const label = t(on ? 'shell.fullscreen.exit' : 'shell.fullscreen.enter');
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => toggleAndReport(t('shell.fullscreen.unsupported'))}>
        {on ? <IconMinimize size={20} stroke={1.6} /> : <IconMaximize size={20} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Shared with the account menu's full-screen entry. */
export function toggleAndReport(unsupportedMessage: string): void {
  void toggleFullScreen().then(r => { if (r === 'unsupported') getNotifier().warning(unsupportedMessage, 3000); });
}
