import { Alert, Button, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formulasClient, type RequirementScope } from '../../data/formulas-client';
import { queryKeys } from '../../data/query-keys';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { formulas } from '../../domain/resources/formulas/formulas';
import { details } from '../../domain/resources/orders/details';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { DateRangeInput, type DayRange } from '../../ui/grid/DateRangeFilter';
import { initialScope, scopeOf, type RequirementMode } from './requirement-scope';

/**
 * /reports/formulas: the material requirement of one order or of the orders dated in a range (`GET
 * /formulas/requirement/`, docs/formulas.md) — per material, its total need at 4 decimals — with the spec §9 range
 * shortcuts, the lines left out for want of a formula, and excel.xlsx of the same rows made by the server. A link may
 * open it on an order (`?order_id=`) or a range (`?from=&to=`).
 */
export default function FormulaRequirement() {
  const { t } = useTranslation();
  // A requirement reads at its 4 decimals: a buyer orders what the recipe needs, not a figure rounded to 2.
  const lang = useReaderLang();
  const [search] = useSearchParams();
  const [initial] = useState(() => initialScope(search));
  const [mode, setMode] = useState<RequirementMode>(initial.mode);
  const [orderId, setOrderId] = useState<number | null>(initial.orderId);
  const [orderLabel, setOrderLabel] = useState<string | undefined>();
  const [range, setRange] = useState<DayRange>(initial.range);
  const [exporting, setExporting] = useState(false);
  const scope: RequirementScope | null = scopeOf(mode, orderId, range);
  const q = useQuery({
    // Under the formulas' key, so a save of a formula or its lines refreshes the report.
    queryKey: queryKeys.list(formulas.api, { requirement: 1, ...(scope ?? {}) }),
    queryFn: ({ signal }) => formulasClient.requirement(scope!, { signal }),
    enabled: scope !== null,
  });
  const reachable = useReachable();
  const offline = offlineView(q, reachable);
  const rows = q.data?.dt ?? [];

  const exportFile = async () => {
    if (!scope) return;
    setExporting(true);
    try {
      const { file } = await formulasClient.exportRequirement(scope);
      saveBytes(file, exportFileName(t('menu.formula_reports')));
    } catch {
      // The data layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid="formula-requirement">
      <Group gap={8} align="flex-end" wrap="wrap">
        <SegmentedControl size="xs" value={mode} onChange={v => setMode(v as RequirementMode)} data-testid="requirement-mode"
          data={[{ value: 'order', label: t('formulas.by_order') }, { value: 'range', label: t('formulas.by_range') }]} />
        {mode === 'order' ? (
          <div style={{ width: 240 }}>
            <RefSelect def={details} name="order_id" field={details.fields.order_id} label={t('resources.details.fields.order_id')}
              required={false} disabled={false} value={orderId} valueLabel={orderLabel}
              onLabel={(_id, label) => setOrderLabel(label)} onChange={setOrderId} testId="requirement-order" />
          </div>
        ) : (
          <DateRangeInput value={range} onChange={setRange} />
        )}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} disabled={!scope}
          onClick={() => void q.refetch()} data-testid="requirement-refresh">
          {t('formulas.refresh')}
        </Button>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting} disabled={!scope || rows.length === 0}
          onClick={() => void exportFile()} data-testid="requirement-export">
          {t('formulas.export')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">{t('formulas.requirement_hint')}</Text>
      {!scope && <Text c="dimmed" size="sm">{t(mode === 'order' ? 'formulas.pick_order' : 'formulas.pick_range')}</Text>}
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && (
        <Alert color="red" title={t('formulas.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {q.data && (
        <Text size="sm" data-testid="requirement-summary">
          {t('formulas.summary', { lines: q.data.lines, materials: q.data.total })}
        </Text>
      )}
      {q.data && q.data.without_formula_total > 0 && (
        <Alert color="yellow" py={6} data-testid="requirement-without">
          {t('formulas.without_formula', { count: q.data.without_formula_total })}{' '}
          {q.data.without_formula.map(l => `${l.code ?? l.detail_id} ${l.item_name}`).join('、')}
        </Alert>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm">{t('formulas.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <Table striped highlightOnHover withColumnBorders data-testid="requirement-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.items.fields.code')}</Table.Th>
                <Table.Th>{t('resources.items.fields.name')}</Table.Th>
                <Table.Th>{t('resources.items.fields.spec')}</Table.Th>
                <Table.Th>{t('resources.items.fields.unit')}</Table.Th>
                <Table.Th ta="right">{t('resources.formulamaterials.fields.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(r => (
                <Table.Tr key={r.item_id} data-testid="requirement-row" data-item={r.item_id}>
                  <Table.Td>{r.code}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.spec}</Table.Td>
                  <Table.Td>{r.unit}</Table.Td>
                  {/* Shown as the server summed it, 4 decimals (whole numbers without), never rounded to 2 for show. */}
                  <Table.Td ta="right" ff="monospace">{formatForReading(r.quantity, lang, 4)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
