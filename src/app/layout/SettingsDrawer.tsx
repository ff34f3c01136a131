import { Button, CheckIcon, ColorSwatch, Drawer, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIZES, THEME_PRESETS, useSettings, type SizeName } from '../settings/settings-store';
import { StoragePanel } from '../../ui/offline/StoragePanel';

export interface SettingsDrawerProps {
  opened: boolean;
  onClose(): void;
}

/**
 * The settings drawer (spec §2): theme colour (8 presets), tags view, fixed header, a wide sidebar, sidebar logo, whether menu entries
 * and dashboard tiles of screens still to come are hidden (rather than shown greyed), and the size of components
 * (default, medium, small, mini). Every change applies at once and is stored.
 */
export function SettingsDrawer({ opened, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title={t('shell.settings.title')}>
      <Stack gap="lg" data-testid="settings-drawer">
        <div>
          <Text size="sm" fw={500} mb={6}>{t('shell.settings.theme')}</Text>
          <Group gap={8} role="radiogroup" aria-label={t('shell.settings.theme')}>
            {THEME_PRESETS.map(c => {
              const chosen = s.theme.toLowerCase() === c.toLowerCase();
              return (
                <ColorSwatch key={c} component="button" type="button" color={c} size={26} role="radio" aria-checked={chosen}
                  aria-label={c} title={c} onClick={() => s.change('theme', c)} style={{ color: '#fff', cursor: 'pointer' }}>
                  {chosen && <CheckIcon size={12} />}
                </ColorSwatch>
              );
            })}
          </Group>
        </div>
        <Switch data-testid="settings-tags-view" label={t('shell.settings.tags_view')} checked={s.tagsView} onChange={e => s.change('tagsView', e.currentTarget.checked)} />
        <Switch label={t('shell.settings.fixed_header')} checked={s.fixedHeader} onChange={e => s.change('fixedHeader', e.currentTarget.checked)} />
        <Switch data-testid="settings-wide-sidebar" label={t('shell.settings.wide_sidebar')} checked={s.wideSidebar}
          onChange={e => s.change('wideSidebar', e.currentTarget.checked)} />
        <Switch label={t('shell.settings.sidebar_logo')} checked={s.sidebarLogo} onChange={e => s.change('sidebarLogo', e.currentTarget.checked)} />
        <Switch data-testid="settings-hide-coming" label={t('pages.hide_coming')} checked={s.hideComing}
          onChange={e => s.change('hideComing', e.currentTarget.checked)} />
        <div>
          <Text size="sm" fw={500} mb={6}>{t('shell.settings.size')}</Text>
          <SegmentedControl fullWidth value={s.size} onChange={v => s.change('size', v as SizeName)}
            data={SIZES.map(v => ({ value: v, label: t(`shell.settings.sizes.${v}`) }))} />
        </div>
        <Button variant="default" onClick={s.resetSettings}>{t('shell.settings.reset')}</Button>
        <StoragePanel />
      </Stack>
    </Drawer>
  );
}
