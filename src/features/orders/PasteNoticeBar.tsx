import { Alert, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PasteNotice } from './use-order-draft';

/** What the last paste did: still looking items up, how many lines it added and how many need a look, or why it failed. */
export function PasteNoticeBar({ notice, onClose }: { notice: PasteNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  if (notice.kind === 'busy') {
    return <Text size="sm" c="dimmed" data-testid="paste-notice" data-kind="busy"><Loader size="xs" /> {t('orders.pasting')}</Text>;
  }
  if (notice.kind === 'error') {
    return <Alert color="red" py={6} withCloseButton onClose={onClose} data-testid="paste-notice" data-kind="error">{notice.message}</Alert>;
  }
  return (
    <Alert color={notice.problems ? 'orange' : 'green'} py={6} withCloseButton onClose={onClose} data-testid="paste-notice" data-kind="done">
      {t('orders.pasted', { count: notice.count })}
      {notice.problems > 0 && ` ${t('orders.paste_problems', { count: notice.problems })}`}
    </Alert>
  );
}
