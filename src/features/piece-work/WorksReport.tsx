import { Alert, Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pieceWorkClient } from '../../data/piece-work-client';
import { queryKeys } from '../../data/query-keys';
import type { SlipsReply, WorksReportRow, WorksTotals } from '../../domain/contract/piece-work';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { persons } from '../../domain/resources/people/persons';
import { works } from '../../domain/resources/production/works';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { DateRangeInput, type DayRange } from '../../ui/grid/DateRangeFilter';
import { PrintView } from '../../ui/print/PrintView';
import { useConfig } from '../../ui/stores';
import { formatPay } from './money';
import { PaySlips } from './PaySlips';
import { PeriodControl } from './PeriodControl';
import { PersonRecords } from './PersonRecords';
import { monthOf, reportParamsOf, thisMonth, type ReportFilters } from './report-range';

/**
 * /reports/works: piece work per person over a range of work dates (`GET /persons/works/report/`,
 * docs/piece-work.md) with the spec §9 shortcuts, narrowed to a work node or a department: records, good and bad
 * quantity, weight, metres and pay, and the range's totals — summed by the server over every record, pay at 4
 * decimals then rounded (DESIGN §8), so the total is not the sum of the rounded rows. A row opens the person's
 * records; excel.xlsx of the same table; pay slips printed one page per person; the month closed or reopened when the
 * range lies in one. Offline it shows the last report it had, saying so.
 */
export default function WorksReport() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => thisMonth());
  const [filters, setFilters] = useState<ReportFilters>({ worknode_id: null, department_id: null });
  const [labels, setLabels] = useState<{ worknode?: string; department?: string }>({});
  const [person, setPerson] = useState<WorksReportRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState<SlipsReply | null>(null);
  const [loadingSlips, setLoadingSlips] = useState(false);
  const mayExport = useCan(works, 'export');
  const site = useConfig(s => s.values.site_name ?? s.values.software_name ?? '');
  const params = reportParamsOf(range, filters);
  const q = useQuery({
    // Under the works' key, so a save of a record (or "from card steps") refreshes the report.
    queryKey: queryKeys.list(works.api, { report: 1, ...(params ?? {}) }),
    queryFn: ({ signal }) => pieceWorkClient.report(params!, { signal }),
    enabled: params !== null,
  });
  const reachable = useReachable();
  const offline = offlineView(q, reachable);
  const rows = q.data?.dt ?? [];
  const hidden = q.data?.amount_hidden ?? false;
  const month = monthOf(range);
  const endPrint = useCallback(() => setPrinting(null), []);

  const exportFile = async () => {
    if (!params) return;
    setExporting(true);
    try {
      const { file } = await pieceWorkClient.exportReport(params);
      saveBytes(file, exportFileName(t('menu.production_reports')));
    } catch {
      // The data layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const printSlips = async () => {
    if (!params) return;
    setLoadingSlips(true);
    try {
      setPrinting(await pieceWorkClient.slips(params));
    } catch {
      // The data layer has shown why.
    } finally {
      setLoadingSlips(false);
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid="works-report">
      <Group gap={8} align="flex-end" wrap="wrap">
        <DateRangeInput value={range} onChange={setRange} />
        <div style={{ width: 180 }}>
          <RefSelect def={works} name="worknode_id" field={works.fields.worknode_id} label={t('piecework.worknode')}
            required={false} disabled={false} value={filters.worknode_id} valueLabel={labels.worknode}
            onLabel={(_id, l) => setLabels(x => ({ ...x, worknode: l }))}
            onChange={v => setFilters(f => ({ ...f, worknode_id: v }))} testId="works-report-worknode" />
        </div>
        <div style={{ width: 180 }}>
          <RefSelect def={persons} name="department_id" field={persons.fields.department_id} label={t('piecework.department')}
            required={false} disabled={false} value={filters.department_id} valueLabel={labels.department}
            onLabel={(_id, l) => setLabels(x => ({ ...x, department: l }))}
            onChange={v => setFilters(f => ({ ...f, department_id: v }))} testId="works-report-department" />
        </div>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} disabled={!params}
          onClick={() => void q.refetch()} data-testid="works-report-refresh">
          {t('piecework.refresh')}
        </Button>
        {mayExport && (
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting}
            disabled={!params || rows.length === 0 || !reachable} onClick={() => void exportFile()} data-testid="works-report-export">
            {t('piecework.export')}
          </Button>
        )}
        <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />} loading={loadingSlips}
          disabled={!params || rows.length === 0 || !reachable} onClick={() => void printSlips()} data-testid="works-report-slips">
          {t('piecework.print_slips')}
        </Button>
        {month && <PeriodControl month={month} />}
      </Group>
      {!params && <Text c="dimmed" size="sm">{t('piecework.pick_range')}</Text>}
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && (
        <Alert color="red" title={t('piecework.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {hidden && <Text size="xs" c="dimmed">{t('piecework.pay_hidden')}</Text>}
      {q.data && q.data.totals.unvalued > 0 && (
        <Alert color="yellow" py={6} data-testid="works-report-unvalued">{t('piecework.unvalued', { count: q.data.totals.unvalued })}</Alert>
      )}
      {q.data && (
        <Text size="sm" data-testid="works-report-summary">
          {t('piecework.summary', { persons: rows.length, records: q.data.totals.records })}
        </Text>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm">{t('piecework.none')}</Text>}
      {rows.length > 0 && q.data && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped highlightOnHover withColumnBorders data-testid="works-report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.persons.fields.code')}</Table.Th>
                  <Table.Th>{t('resources.persons.fields.name')}</Table.Th>
                  <Table.Th>{t('resources.persons.fields.department_id')}</Table.Th>
                  <Table.Th ta="right">{t('piecework.records')}</Table.Th>
                  <Table.Th ta="right">{t('resources.works.fields.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('resources.works.fields.bad_quantity')}</Table.Th>
                  <Table.Th ta="right">{t('resources.works.fields.weight')}</Table.Th>
                  <Table.Th ta="right">{t('resources.works.fields.metres')}</Table.Th>
                  {!hidden && <Table.Th ta="right">{t('resources.works.fields.amount')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.person_id} style={{ cursor: 'pointer' }} onClick={() => setPerson(r)}
                    data-testid="works-report-row" data-person={r.person_id}>
                    <Table.Td>{r.code}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.department}</Table.Td>
                    <Sums s={r} hidden={hidden} />
                  </Table.Tr>
                ))}
                <Table.Tr data-testid="works-report-total" fw={700}>
                  <Table.Td colSpan={3}>{t('piecework.total')}</Table.Td>
                  <Sums s={q.data.totals} hidden={hidden} />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {params && <PersonRecords person={person} params={params} onClose={() => setPerson(null)} />}
      {printing && (
        <PrintView onDone={endPrint} testId="pay-slips">
          {printing.dt.length === 0 ? <p>{t('piecework.slips_none')}</p>
            : <PaySlips slips={printing.dt} from={printing.from} to={printing.to} site={site} payHidden={printing.amount_hidden} />}
        </PrintView>
      )}
    </Stack>
  );
}

/** The summed cells of a person's row or of the total row. */
function Sums({ s, hidden }: { s: WorksTotals; hidden: boolean }) {
  const lang = useReaderLang();
  return (
    <>
      <Table.Td ta="right">{formatForReading(s.records, lang, 0)}</Table.Td>
      <Table.Td ta="right">{formatForReading(s.quantity, lang)}</Table.Td>
      <Table.Td ta="right">{formatForReading(s.bad_quantity, lang)}</Table.Td>
      <Table.Td ta="right">{formatForReading(s.weight, lang)}</Table.Td>
      <Table.Td ta="right">{formatForReading(s.metres, lang)}</Table.Td>
      {!hidden && <Table.Td ta="right" data-testid="works-amount">{formatPay(s.amount, lang)}</Table.Td>}
    </>
  );
}
