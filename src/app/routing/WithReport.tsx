import { SegmentedControl, Stack } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MonitorScreen } from '../../features/reports/MonitorScreen';
import { monitorOf } from '../../features/reports/monitors';

/**
 * A page with two views (composed here because features do not import each other): a feature's own screen — by
 * process's live queue per work node, the swipe log — and the monitoring report of the same page's path
 * (src/features/reports/monitors.ts) over a date range. `?view=report` opens the report; the feature's screen is the
 * default.
 */
export function withReport(Screen: ComponentType, path: string, screenLabel: string): ComponentType {
  return function PageWithReport() {
    const { t } = useTranslation();
    const [search, setSearch] = useSearchParams();
    const view = search.get('view') === 'report' ? 'report' : 'screen';
    const def = monitorOf(path)!;
    return (
      <Stack gap={0}>
        <SegmentedControl size="xs" mx="sm" mt="sm" w="fit-content" value={view} data-testid="page-view"
          data={[{ value: 'screen', label: t(screenLabel) }, { value: 'report', label: t('reports.view_report') }]}
          onChange={v => setSearch(v === 'report' ? { view: 'report' } : {}, { replace: true })} />
        {view === 'screen' ? <Suspense fallback={null}><Screen /></Suspense> : <MonitorScreen def={def} />}
      </Stack>
    );
  };
}
