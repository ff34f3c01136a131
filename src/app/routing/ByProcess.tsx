import { SegmentedControl, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MonitorScreen } from '../../features/reports/MonitorScreen';
import { monitorOf } from '../../features/reports/monitors';

const CardsPerNode = lazy(() => import('../../features/cards/CardsPerNode'));

/**
 * /orders/cards_nodes, 按工序 (spec §1 "by process"): two views of the work nodes, composed here because features do not
 * import each other — the live queue (cards waiting and running at each node, src/features/cards) and the output
 * over a date range (the monitoring report, src/features/reports). `?view=output` opens the report.
 */
export default function ByProcess() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'output' ? 'output' : 'queue';
  const def = monitorOf('/orders/cards_nodes')!;
  return (
    <Stack gap={0}>
      <SegmentedControl size="xs" mx="sm" mt="sm" w="fit-content" value={view} data-testid="by-process-view"
        data={[{ value: 'queue', label: t('reports.view_queue') }, { value: 'output', label: t('reports.view_output') }]}
        onChange={v => setSearch(v === 'output' ? { view: 'output' } : {}, { replace: true })} />
      {view === 'queue'
        ? <Suspense fallback={null}><CardsPerNode /></Suspense>
        : <MonitorScreen def={def} />}
    </Stack>
  );
}
