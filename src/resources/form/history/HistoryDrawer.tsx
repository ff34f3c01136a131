import { Anchor, Drawer, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceDef } from '../../../domain/registry/resource';
import { historyPathOf } from './history-path';
import { HistoryList } from './HistoryList';

export interface HistoryDrawerProps {
  def: ResourceDef;
  id: string | number;
  opened: boolean;
  onClose: () => void;
}

/**
 * The row's change history beside the edit form, with a link to the same history on its own page (spec §2
 * `/history/list/{table_name}/{kid}`), which can be kept in a tab or sent to someone.
 */
export function HistoryDrawer({ def, id, opened, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation();
  // Mounted only while open: a closed Mantine drawer still leaves its (empty) root, which would match the test id.
  if (!opened) return null;
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={t('forms.history')}
      data-testid="history-drawer">
      <Group justify="flex-end" mb="xs">
        <Anchor component={Link} to={historyPathOf(def, id)} size="xs" data-testid="history-page-link">
          <Group gap={4} component="span"><IconExternalLink size={14} />{t('forms.history_page')}</Group>
        </Anchor>
      </Group>
      <HistoryList def={def} id={id} />
    </Drawer>
  );
}
