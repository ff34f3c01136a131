import { Avatar, Group, Loader, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconCheck, IconChevronDown, IconLayoutDashboard, IconLogout, IconMaximize, IconServer, IconUserCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFullscreen } from '../local-helper/system-actions';
import { useSession } from '../../ui/stores';
import { toggleAndReport } from './FullscreenButton';
import { isCurrentServer, switchableServers, type ServerEntry } from './shell-calls';

export interface AccountMenuProps {
  /** Logs out (the caller revokes the session and goes to /login?redirect=…). */
  onLogout(): void;
  /** Switches to another server of servers.json. */
  onSwitchServer(server: ServerEntry): void;
  /** Loads servers.json (`GET /files/?action=get&file=servers.json`); without it the switch entry is not shown. */
  loadServers?: () => Promise<ServerEntry[]>;
}

/**
 * The account menu, top right (spec §2): switch server (non-test servers only, the current one marked), console,
 * personal centre, full screen, logout.
 */
export function AccountMenu({ onLogout, onSwitchServer, loadServers }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useSession(s => s.name || s.username);
  const avatar = useSession(s => s.avatar);
  const baseURL = useSession(s => s.baseURL);
  const fullscreen = useFullscreen(s => s.on);
  // null while loading; loaded once per mount, when the menu first opens.
  const [servers, setServers] = useState<ServerEntry[] | null>(null);
  const [asked, setAsked] = useState(false);

  const onOpen = () => {
    if (asked || !loadServers) return;
    setAsked(true);
    loadServers().then(all => setServers(switchableServers(all)), () => setServers([]));
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" onOpen={onOpen} width={200}>
      <Menu.Target>
        {/* Named by its content: the name it shows, then what it opens, hidden but read (an aria-label would hide the
            shown name from voice control, WCAG 2.5.3); on a phone, where the name gives way, what it opens. */}
        <UnstyledButton px={4} data-testid="account-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatar || null} size={28} radius="sm" color="brand" aria-hidden>{name.slice(0, 1).toUpperCase()}</Avatar>
            <Text size="sm" visibleFrom="sm" maw={120} truncate>{name}</Text>
            <VisuallyHidden>{t('shell.account.label')}</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {loadServers && (
          <Menu.Sub position="left-start">
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconServer size={16} />}>{t('shell.account.switch_server')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              {servers === null && <Menu.Label><Group gap={6}><Loader size={12} />{t('shell.account.loading_servers')}</Group></Menu.Label>}
              {servers?.length === 0 && <Menu.Label>{t('shell.account.no_servers')}</Menu.Label>}
              {servers?.map(s => {
                const current = isCurrentServer(s.server, baseURL);
                return (
                  <Menu.Item key={`${s.name}|${s.server}`} disabled={current} aria-current={current || undefined}
                    leftSection={current ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
                    rightSection={current ? <Text size="xs" c="dimmed">{t('shell.account.current')}</Text> : undefined}
                    onClick={() => onSwitchServer(s)}>
                    {s.name}
                  </Menu.Item>
                );
              })}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
        <Menu.Item leftSection={<IconLayoutDashboard size={16} />} onClick={() => navigate('/dashboard')}>{t('shell.account.console')}</Menu.Item>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => navigate('/accounts/profile')}>{t('shell.account.profile')}</Menu.Item>
        <Menu.Item leftSection={<IconMaximize size={16} />} onClick={() => toggleAndReport(t('shell.fullscreen.unsupported'))}>{t(fullscreen ? 'shell.fullscreen.exit' : 'shell.fullscreen.enter')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} data-testid="logout">{t('shell.account.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
