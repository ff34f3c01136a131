import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGS, setLanguage, type Lang } from '../i18n';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs (spec §2). */
export const LANGUAGE_NAMES: Record<Lang, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

export interface LanguageMenuProps {
  /** Size of the trigger icon button. */
  size?: string;
}

/** The header's (and login page's) language menu: zh, en, es, ja; the choice is stored by setLanguage. */
export function LanguageMenu({ size = 'lg' }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('shell.language')}>
          <ActionIcon variant="subtle" color="gray" size={size} aria-label={t('shell.language')} data-testid="language-menu">
            <IconLanguage size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup value={current} onChange={v => void setLanguage(v as Lang)}>
          {LANGS.map(l => (
            <Menu.RadioItem key={l} value={l} lang={l} closeMenuOnClick data-testid={`language-${l}`}>{LANGUAGE_NAMES[l]}</Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
