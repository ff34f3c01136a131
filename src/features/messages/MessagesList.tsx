import { Button } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markAllMessagesRead } from '../../data/messages-client';
import { queryKeys } from '../../data/query-keys';
import { messages } from '../../domain/resources/system/messages';
import ResourceList from '../../resources/list/ResourceList';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';

/**
 * /messages/list, 消息 (docs/reports.md "Messages"): the user's messages on the generic list (newest first, search,
 * filters; a row opens the message, whose read time the user may set; delete), plus "mark all read".
 */
export default function MessagesList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mayEdit = useCan(messages, 'edit');
  const reachable = useReachable();
  const [busy, setBusy] = useState(false);
  const markAll = async () => {
    setBusy(true);
    try {
      await markAllMessagesRead();
      await qc.invalidateQueries({ queryKey: queryKeys.all(messages.api) });
    } catch {
      // The data layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ResourceList def={messages} toolbar={mayEdit && (
      <Button size="xs" variant="default" leftSection={<IconMailOpened size={14} />} loading={busy} disabled={!reachable}
        onClick={() => void markAll()} data-testid="messages-read-all">{t('todos.read_all')}</Button>
    )} />
  );
}
