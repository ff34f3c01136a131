import { Button, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import { storageInfo, type StorageInfo } from '../../data/offline/storage';
import { OFFLINE_RESOURCES, syncOffline } from '../../data/offline/sync-engine';
import { useSync } from '../stores';

function size(bytes: number | null): string {
  if (bytes === null) return '?';
  if (bytes < 1_048_576) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1_073_741_824) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return `${(bytes / 1_073_741_824).toFixed(1)} GB`;
}

/** The offline copy in the settings: storage used and allowed, whether the browser keeps it, each resource's age. */
export function StoragePanel() {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<StorageInfo | null>(null);
  const pulledAt = useSync(s => s.pulledAt);
  const running = useSync(s => s.running);
  useEffect(() => {
    let live = true;
    void storageInfo().then(i => { if (live) setInfo(i); });
    return () => { live = false; };
  }, [pulledAt]);
  const time = (ms: number | undefined) => (ms ? new Date(ms).toLocaleString(i18n.language) : t('offline.never'));
  return (
    <Stack gap={6} data-testid="storage-panel">
      <Text size="sm" fw={500}>{t('offline.storage_title')}</Text>
      {info && info.usage !== null && info.quota !== null ? (
        <>
          <Progress value={info.quota ? (info.usage / info.quota) * 100 : 0} size="sm" />
          <Text size="xs" c="dimmed" data-testid="storage-usage">{t('offline.storage_usage', { used: size(info.usage), quota: size(info.quota) })}</Text>
        </>
      ) : <Text size="xs" c="dimmed">{t('offline.storage_unknown')}</Text>}
      {info?.persisted !== null && info?.persisted !== undefined && (
        <Text size="xs" c="dimmed">{t(info.persisted ? 'offline.storage_persisted' : 'offline.storage_not_persisted')}</Text>
      )}
      {OFFLINE_RESOURCES.map(r => (
        <Text key={r.name} size="xs" data-testid={`offline-table-${r.name}`}>
          {t('offline.tables_as_of', { name: resourceLabel(i18n.language as Lang, r.name), time: time(pulledAt[r.name]) })}
        </Text>
      ))}
      <Button size="xs" variant="default" loading={running} onClick={() => void syncOffline()}>{t('offline.refresh_now')}</Button>
    </Stack>
  );
}
