import { Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pieceWorkClient } from '../../data/piece-work-client';
import { queryKeys } from '../../data/query-keys';
import { works } from '../../domain/resources/production/works';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { DateRangeInput, type DayRange } from '../../ui/grid/DateRangeFilter';
import { thisMonth } from './report-range';

/**
 * "From finished card steps" on the works list: a supervisor picks a range and the server makes a record for every
 * finished step of it that has an operator and no record yet (`POST /persons/works/from_nodes/`); running it twice
 * makes nothing new. Needs `create` on works and the server.
 */
export function FromNodesButton() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mayCreate = useCan(works, 'create');
  const reachable = useReachable();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DayRange>(() => thisMonth());
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  if (!mayCreate) return null;

  const run = async () => {
    const [from, to] = range;
    if (!from || !to) return;
    setBusy(true);
    try {
      const r = await pieceWorkClient.fromNodes({ from, to });
      setDone(r.created);
      await qc.invalidateQueries({ queryKey: queryKeys.all(works.api) });
    } catch {
      // The data layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button size="xs" variant="default" leftSection={<IconListCheck size={14} />} disabled={!reachable}
      onClick={() => { setDone(null); setOpen(true); }} data-testid="works-from-nodes">
      {t('piecework.from_nodes')}
    </Button>
  );
  return (
    <>
      {reachable ? button : <Tooltip label={t('offline.write_disabled')}><span>{button}</span></Tooltip>}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('piecework.from_nodes_title')} size="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('piecework.from_nodes_hint')}</Text>
          <DateRangeInput value={range} onChange={setRange} />
          {done !== null && <Text size="sm" data-testid="works-from-nodes-done">{t('piecework.from_nodes_done', { created: done })}</Text>}
          <Group justify="flex-end" gap={8}>
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>{t('piecework.cancel')}</Button>
            <Button size="xs" loading={busy} disabled={!range[0] || !range[1]} onClick={() => void run()} data-testid="works-from-nodes-run">
              {t('piecework.from_nodes_run')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
