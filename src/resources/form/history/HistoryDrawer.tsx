import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../domain/registry/resource';
import { HistoryList } from './HistoryList';

export interface HistoryDrawerProps {
  def: ResourceDef;
  id: string | number;
  opened: boolean;
  onClose: () => void;
}

/** The row's change history beside the edit form (spec §2 `/history/list/{table_name}/{kid}`). */
export function HistoryDrawer({ def, id, opened, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation();
  // Mounted only while open: a closed Mantine drawer still leaves its (empty) root, which would match the test id.
  if (!opened) return null;
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={t('forms.history')}
      data-testid="history-drawer">
      <HistoryList def={def} id={id} />
    </Drawer>
  );
}
