import { Badge, Group, Progress, Tooltip } from '@mantine/core';
import { IconCloud, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resourceLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import { useReachable } from '../data/use-resource';
import { useOutboxStatus, useSync } from '../stores';
import { localDateTimeString } from '../../domain/rules/date-single';

/**
 * The sync state in the header, on every screen (DESIGN §6): online or offline; while the offline copy fills, which
 * resource and how far (a progress bar on a first fill, whose size the server announced); and the facts this device
 * has queued (docs/shopfloor.md): how many wait, since when, and how many the server rejected.
 */
export function SyncStatus() {
  const { t, i18n } = useTranslation();
  const reachable = useReachable();
  const table = useSync(s => s.table);
  const progress = useSync(s => s.progress);
  const error = useSync(s => s.error);
  const name = table ? resourceLabel(i18n.language as Lang, table) : '';
  const label = progress && table
    ? (progress.total !== null
      ? t('offline.syncing_table', { name, done: progress.done, total: progress.total })
      : t('offline.syncing_table_unknown', { name, done: progress.done }))
    : error ? t('offline.sync_failed', { error }) : t(reachable ? 'offline.badge_online' : 'offline.badge_offline');
  const pending = useOutboxStatus(s => s.pending);
  const oldestAt = useOutboxStatus(s => s.oldestAt);
  const dead = useOutboxStatus(s => s.deadLetters);
  return (
    <Group gap={4} wrap="nowrap">
      {pending > 0 && (
        <Tooltip label={t('offline.outbox_oldest', { count: pending, age: oldestAt === null ? '' : localDateTimeString(new Date(oldestAt)) })}>
          <Badge size="sm" variant="light" color="yellow" data-testid="outbox-pending" data-count={pending}>
            {t('offline.outbox_pending', { count: pending })}
          </Badge>
        </Tooltip>
      )}
      {dead > 0 && (
        <Tooltip label={t('offline.outbox_dead_hint', { count: dead })}>
          <Badge size="sm" variant="light" color="red" data-testid="outbox-dead" data-count={dead}>{t('offline.outbox_dead', { count: dead })}</Badge>
        </Tooltip>
      )}
      <Tooltip label={label}>
        <Group gap={4} wrap="nowrap" data-testid="sync-status" data-online={reachable} data-syncing={table !== null || undefined}>
          <Badge size="sm" variant="light" color={reachable ? (error ? 'yellow' : 'green') : 'orange'}
            leftSection={reachable ? <IconCloud size={12} /> : <IconCloudOff size={12} />}>
            {t(reachable ? 'offline.badge_online' : 'offline.badge_offline')}
          </Badge>
          {progress && progress.total !== null && progress.total > 0 && (
            <Progress w={60} size="sm" value={Math.min(100, (progress.done / progress.total) * 100)} aria-label={label}
              data-testid="sync-progress" />
          )}
        </Group>
      </Tooltip>
    </Group>
  );
}
