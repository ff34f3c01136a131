import { ActionIcon, Box, Burger, Group, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountMenu, type AccountMenuProps } from './AccountMenu';
import { Breadcrumb, PageTitle } from './Breadcrumb';
import { CloseSystemButton } from './CloseSystemButton';
import { ErrorLog } from './ErrorLog';
import { FullscreenButton } from './FullscreenButton';
import { HelpButton } from './HelpButton';
import { HeaderSearch } from './HeaderSearch';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { SettingsDrawer } from './SettingsDrawer';
import { SyncStatus } from '../../ui/offline/SyncStatus';

export const HEADER_HEIGHT = 50;

export interface HeaderBarProps extends AccountMenuProps {
  /** Whether the menu (sidebar, or the drawer on mobile) is open: the burger shows it. */
  menuOpened: boolean;
  onToggleMenu(): void;
  mobile: boolean;
}

/**
 * The header (spec §2): sidebar toggle, breadcrumb, then on the right the header search, the screen's help (when an
 * article names it), error log, full screen,
 * language, settings, account menu and close-system button. On a phone the breadcrumb and search give way, the page's
 * title (the screen's `<h1>`) stays.
 */
export function HeaderBar({ menuOpened, onToggleMenu, mobile, ...account }: HeaderBarProps) {
  const { t } = useTranslation();
  const [settingsOpened, setSettingsOpened] = useState(false);
  return (
    <Group h={HEADER_HEIGHT} px="xs" gap="xs" wrap="nowrap" justify="space-between"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label={t('shell.toggle_sidebar')} />
        <Box style={{ minWidth: 0 }}>{mobile ? <PageTitle /> : <Breadcrumb />}</Box>
      </Group>
      <Group gap={4} wrap="nowrap">
        {!mobile && <HeaderSearch />}
        <HelpButton />
        <SyncStatus />
        <ErrorLog />
        <FullscreenButton />
        <LanguageMenu />
        <Tooltip label={t('shell.settings.open')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.settings.open')} onClick={() => setSettingsOpened(true)}
            data-testid="settings-open">
            <IconSettings size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        <AccountMenu {...account} />
        <CloseSystemButton />
      </Group>
      <SettingsDrawer opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
    </Group>
  );
}
