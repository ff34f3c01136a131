import { ActionIcon, Box, Group, Menu, ScrollArea, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { findMenuItem, titleKeysOf } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import { DASHBOARD_PATH, tabKey, useTabs, type VisitedTab } from '../tabs/tabs-store';

/** The refresh of a tab goes through the hidden route `/redirect/<path>`, which re-mounts the page (spec §2). */
export const refreshPath = (fullPath: string) => `/redirect${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;

/** Title keys of a tab: from the menu when the page is in it (an edit page after its list), else the stored key. */
function titleKeys(flat: readonly FlatMenuItem[], tab: VisitedTab): string[] {
  if (tabKey(tab.path) === DASHBOARD_PATH) return [tab.title];
  const item = findMenuItem(flat, tabKey(tab.path));
  return item ? titleKeysOf(flat, item) : [tab.title];
}

/**
 * The tab bar of visited pages (spec §2): the dashboard tab is fixed; the others have close; the active one has
 * refresh; right-click offers refresh, close, close others, close all. Closing the active tab goes where the store
 * says (the most recently used remaining tab, else /dashboard).
 */
export function TagsView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useTabs(s => s.tabs);
  const flat = useMenu(s => s.flat);
  const current = tabKey(pathname);

  const stop = (e: MouseEvent) => { e.preventDefault(); e.stopPropagation(); };
  const refresh = (tab: VisitedTab) => navigate(refreshPath(tab.path), { replace: true });
  const close = (tab: VisitedTab) => {
    const to = useTabs.getState().close(tab.path);
    if (to && tabKey(tab.path) === current) navigate(to);
  };
  const closeOthers = (tab: VisitedTab) => {
    const to = useTabs.getState().closeOthers(tab.path);
    if (to) navigate(to);
  };
  const closeAll = () => {
    const to = useTabs.getState().closeAll();
    if (to) navigate(to);
  };

  return (
    <ScrollArea type="hover" scrollbarSize={4} offsetScrollbars={false}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap={4} wrap="nowrap" px={8} py={4} role="tablist" data-testid="tags-view" aria-label={t('shell.tags.label')}>
        {tabs.map(tab => {
          const active = tabKey(tab.path) === current;
          const title = titleKeys(flat, tab).map(k => t(k)).join(' / ');
          return (
            <Menu key={tabKey(tab.path)} position="bottom-start" withinPortal shadow="md">
              <Menu.ContextMenu>
                <Box component={Link} to={tab.path} role="tab" data-testid="tab" aria-selected={active} data-affix={tab.affix || undefined}
                  title={title}
                  style={{
                    display: 'inline-flex', alignItems: 'center', gap: 4, height: 26, padding: '0 8px', flexShrink: 0,
                    fontSize: 12, textDecoration: 'none', borderRadius: 3, whiteSpace: 'nowrap',
                    border: `1px solid ${active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    background: active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-body)',
                    color: active ? 'var(--mantine-primary-color-contrast)' : 'var(--mantine-color-text)',
                  }}>
                  {active && <Box component="span" w={6} h={6} style={{ borderRadius: '50%', background: 'currentColor' }} />}
                  <Text span inherit data-testid="tab-title">{title}</Text>
                  {active && (
                    <ActionIcon component="span" size={14} variant="transparent" c="inherit" aria-label={t('shell.tags.refresh')} data-testid="tab-refresh"
                      onClick={(e: MouseEvent) => { stop(e); refresh(tab); }}>
                      <IconRefresh size={11} />
                    </ActionIcon>
                  )}
                  {!tab.affix && (
                    <ActionIcon component="span" size={14} variant="transparent" c="inherit" aria-label={t('shell.tags.close')} data-testid="tab-close"
                      onClick={(e: MouseEvent) => { stop(e); close(tab); }}>
                      <IconX size={11} />
                    </ActionIcon>
                  )}
                </Box>
              </Menu.ContextMenu>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => refresh(tab)} data-testid="tab-menu-refresh">{t('shell.tags.refresh')}</Menu.Item>
                <Menu.Item disabled={tab.affix} onClick={() => close(tab)} data-testid="tab-menu-close">{t('shell.tags.close')}</Menu.Item>
                <Menu.Item onClick={() => closeOthers(tab)} data-testid="tab-menu-close-others">{t('shell.tags.close_others')}</Menu.Item>
                <Menu.Item onClick={closeAll} data-testid="tab-menu-close-all">{t('shell.tags.close_all')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
