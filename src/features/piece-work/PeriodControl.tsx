import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pieceWorkClient } from '../../data/piece-work-client';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { workperiods } from '../../domain/resources/production/workperiods';
import { works } from '../../domain/resources/production/works';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';

const periods = resourceClient(workperiods);

/**
 * A pay month's state on the report, and — for a role granted works' `close` action — closing or reopening it after
 * a confirmation that says what it means. Shown when the report's range lies in one month.
 */
export function PeriodControl({ month }: { month: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mayClose = useCan(works, 'close');
  const reachable = useReachable();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: queryKeys.list(workperiods.api, { period: month }),
    queryFn: ({ signal }) => periods.list({ filter: [{ field: 'period', op: 'eq', value: month }], limit: 1 }, { signal }),
  });
  const closed = q.data?.dt[0]?.closed === true;

  const run = async () => {
    setBusy(true);
    try {
      await pieceWorkClient.closePeriod(month, !closed);
      await Promise.all([qc.invalidateQueries({ queryKey: queryKeys.all(workperiods.api) }), qc.invalidateQueries({ queryKey: queryKeys.all(works.api) })]);
      setAsking(false);
    } catch {
      // The data layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap={6} data-testid="works-period" data-closed={closed ? '1' : '0'}>
      {q.data && (
        <Badge color={closed ? 'gray' : 'green'} variant="light" leftSection={closed ? <IconLock size={12} /> : <IconLockOpen size={12} />}>
          {t(closed ? 'piecework.month_closed' : 'piecework.month_open', { period: month })}
        </Badge>
      )}
      {mayClose && q.data && (
        <Button size="xs" variant="default" disabled={!reachable} onClick={() => setAsking(true)} data-testid="works-period-toggle">
          {t(closed ? 'piecework.reopen_month' : 'piecework.close_month', { period: month })}
        </Button>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} size="sm"
        title={t(closed ? 'piecework.reopen_month' : 'piecework.close_month', { period: month })}>
        <Stack gap="md">
          <Text size="sm">{t(closed ? 'piecework.confirm_reopen' : 'piecework.confirm_close', { period: month })}</Text>
          <Group justify="flex-end" gap={8}>
            <Button size="xs" variant="default" onClick={() => setAsking(false)}>{t('piecework.cancel')}</Button>
            <Button size="xs" color={closed ? 'orange' : 'blue'} loading={busy} onClick={() => void run()} data-testid="works-period-confirm">
              {t('piecework.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
