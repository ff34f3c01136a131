import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OfflineView } from './use-resource';

export interface OfflineNoticeProps {
  view: OfflineView;
  /** Whether the screen has any data to show; without it the notice says nothing could be kept. */
  hasData?: boolean;
  /** A screen's own text (a create form: writes are off). */
  message?: string;
}

/** Offline, read-only, and the age of what is shown (DESIGN §6, decision 50); nothing while online. */
export function OfflineNotice({ view, hasData = true, message }: OfflineNoticeProps) {
  const { t, i18n } = useTranslation();
  if (!view.offline) return null;
  const text = message
    ?? (!hasData ? t('offline.notice_none')
      : view.asOf !== null ? t('offline.notice', { time: new Date(view.asOf).toLocaleString(i18n.language) })
      : t('offline.notice_unknown'));
  return (
    <Alert color="orange" py={6} icon={<IconCloudOff size={16} />} data-testid="offline-notice">{text}</Alert>
  );
}
