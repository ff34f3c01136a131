import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Paper, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconLink, IconPlayerStop, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAbort } from '../../data/errors';
import { loadReportFacts } from '../../data/reports/report-facts';
import { dateRangeOf, dateRangeStrings } from '../../domain/rules/date-ranges';
import { localDateTimeString } from '../../domain/rules/date-single';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { useReachable } from '../../ui/data/use-resource';
import { DateRangeInput, type DayRange } from '../../ui/grid/DateRangeFilter';
import { PrintView } from '../../ui/print/PrintView';
import { aggregateFacts } from '../../workers/aggregate';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import {
  chartData, copyFacts, currentGrouping, formatValue, groupingChoices, labelOf, pivotSheetRows, pivotTable, queryOf, sheetRows, tableRows,
  visibleMeasures, type DrillStep, type PivotTable,
} from './monitor-model';
import { FACT_SOURCES } from '../../domain/reports/fact-sources';
import { useReaderLang } from '../../ui/use-reader-lang';
import type { Grouping, MonitorDef } from './monitors';
import { loadWithOpening, stockLevel } from './stock-report';
import { decodeMonitorState, encodeMonitorState, type MonitorState } from './monitor-url';

/** Bars the chart shows at most (the table has every row). */
const CHART_ROWS = 30;

const groupingValue = (g: Grouping) => (g.bucket ? `${g.key}:${g.bucket}` : g.key);
const groupingOfValue = (v: string): Grouping => {
  const [key, bucket] = v.split(':');
  return bucket === 'week' || bucket === 'month' ? { key: key!, bucket } : { key: key! };
};

/**
 * A monitoring screen (monitors.ts): the facts of its source over a date range (the offline copy first, the server
 * for the days it lacks: src/data/reports/report-facts.ts), aggregated in the worker at the current drill level;
 * a chart of the first rows, the table with its totals, drill-down from a row to what it is made of (a card opens
 * the card), excel.xlsx and a print view of the table. The time of the data is always stated; offline it says so.
 */
export function MonitorScreen({ def, saved }: { def: MonitorDef; saved?: string }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const reachable = useReachable();
  // Opened at a saved address (`<path>/<qs>`): the state it saved, else the defaults (monitor-url.ts).
  const [initial] = useState<MonitorState>(() => {
    const fallback: MonitorState = { range: dateRangeStrings(dateRangeOf('month', new Date())), path: [], chosen: null, columns: null };
    return saved ? decodeMonitorState(saved, fallback) : fallback;
  });
  const [range, setRange] = useState<DayRange>(initial.range);
  const [refreshing, setRefreshing] = useState(false);
  const [path, setPath] = useState<DrillStep[]>(initial.path);
  const [chosen, setChosen] = useState<Grouping | null>(initial.chosen);
  // Columns of a pivot (rows × columns of the chart's measure); none: the plain table.
  const [columns, setColumns] = useState<Grouping | null>(initial.columns);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);
  const [printing, setPrinting] = useState(false);
  const qc = useQueryClient();
  const [from, to] = range;
  const valid = from !== null && to !== null && from <= to;

  // The facts: again when the range changes and when the server comes back (the days the copy lacks or holds
  // unsettled). Not kept in the persisted query cache: the offline copy holds them (meta.persist, query-persist.ts).
  const factsKey = ['report-facts', def.source, from, to, reachable];
  const facts = useQuery({
    queryKey: factsKey,
    queryFn: ({ signal }) => (def.stock ? loadWithOpening(def, from!, to!, { online: reachable, signal })
      : loadReportFacts(def.source, from!, to!, { online: reachable, signal })),
    enabled: valid, staleTime: Infinity, gcTime: 60_000, meta: { persist: false }, placeholderData: keepPreviousData,
  });
  const loaded = facts.data ?? null;
  const grouping = currentGrouping(def, path, chosen);
  const measures = useMemo(() => (loaded ? visibleMeasures(def, loaded.set) : []), [def, loaded]);

  // The report at this level, in the worker; a newer question cancels the one computing (react-query aborts its
  // signal, which terminates the worker), and so does "stop".
  // The facts' own range and read time name them: while the previous range's facts stand in (placeholder), their
  // figures are kept apart from the new range's.
  const aggKey = ['report-aggregate', def.path, loaded?.from, loaded?.to, facts.dataUpdatedAt, facts.isPlaceholderData, path.map(s => `${groupingValue(s.grouping)}=${s.id}`).join('/'),
    grouping ? groupingValue(grouping) : '', columns ? groupingValue(columns) : ''];
  const agg = useQuery({
    queryKey: aggKey,
    queryFn: ({ signal }) => aggregateFacts(copyFacts(loaded!.set), queryOf(grouping!, measures, path, columns), { signal }),
    enabled: loaded !== null && grouping !== null, staleTime: Infinity, gcTime: 60_000, meta: { persist: false }, retry: false,
  });
  const result = agg.data ?? null;
  const computing = agg.isFetching;

  // Labels of keys and measures from the screen's namespace (monitors.ts `ns`).
  const ns = def.ns ?? 'reports';
  const keyLabel = (g: Grouping) => t(`${ns}.key_${g.bucket ?? g.key}`);
  const measureLabel = (label: string) => t(`${ns}.${label}`);
  const label = useCallback((g: Grouping, id: number) => labelOf(g, id, loaded?.names[g.key], t('reports.none'),
    date => t('reports.week_of', { date })), [loaded, t]);
  // The chart's measure among those shown (a measure the user may not see is left out of the result).
  const chartIndex = Math.max(0, measures.indexOf(def.measures[def.chart]!));
  // A stock report's level: balances carried by time, none for a document (stock-report.ts).
  const level = useMemo(() => {
    if (!result || !grouping) return { rows: [], total: [] };
    const plain = tableRows(result, grouping, chartIndex, id => label(grouping, id));
    return def.stock ? stockLevel(plain, result.total, grouping, measures.map(m => m.measure ?? '')) : { rows: plain, total: result.total };
  }, [result, grouping, chartIndex, label, def.stock, measures]);
  const rows = level.rows;
  const pivot = useMemo(() => (result && columns ? pivotTable(result, rows, chartIndex, id => label(columns, id)) : null),
    [result, columns, rows, chartIndex, label]);
  const chartLabel = measures[chartIndex] ? measureLabel(measures[chartIndex].label) : t('reports.m_facts');
  const bars = chartData(rows, chartIndex, CHART_ROWS);
  const kinds = loaded?.set.kinds ?? {};

  const open = (id: number) => {
    if (!grouping) return;
    const opens = def.opens?.[grouping.key];
    if (opens) { if (id > 0) void navigate(opens(id)); return; }
    if (grouping.key === 'card') { if (id > 0) void navigate(`/cards/query/${id}`); return; }
    setPath(p => [...p, { grouping, id, label: label(grouping, id) }]);
    setChosen(null);
  };

  const exportFile = async () => {
    if (!result || !grouping) return;
    setExporting(true);
    try {
      const [titles, cells] = pivot
        ? [[keyLabel(grouping), ...pivot.columns.map(c => c.label), t('reports.total')],
          pivotSheetRows(rows, pivot, chartIndex, result.total[chartIndex]!, t('reports.total'))]
        : [[keyLabel(grouping), ...measures.map(m => measureLabel(m.label))], sheetRows(rows, level.total, t('reports.total'))];
      saveBytes(await buildSpreadsheet(titles, cells), exportFileName(t(`menu.${def.title}`)));
    } catch {
      setExportError(true);
    } finally {
      setExporting(false);
    }
  };
  const endPrint = useCallback(() => setPrinting(false), []);
  // Refresh: every day of the range fetched anew (settled ones too), then the report read again from the copy. Only
  // this once: later ranges fetch only what they lack.
  const refreshRange = async () => {
    if (!valid) return;
    setRefreshing(true);
    try {
      await (def.stock ? loadWithOpening(def, from, to, { online: true, refresh: true })
        : loadReportFacts(def.source, from, to, { online: true, refresh: true }));
      await qc.refetchQueries({ queryKey: factsKey });
    } catch {
      // The data layer has shown why; the report keeps what it had.
    } finally {
      setRefreshing(false);
    }
  };
  /** The level's table (a pivot when columns are chosen), on screen or in the print view. */
  const tableOf = (g: Grouping, total: readonly number[], print: boolean) => {
    const chart = measures[chartIndex]!;
    return pivot ? (
      <PivotView table={pivot} rows={rows} keyLabel={keyLabel(g)} caption={chartLabel} total={total[chartIndex]!}
        totalLabel={t('reports.total')} format={v => formatValue(chart, kinds[chart.measure ?? ''], v, lang)} chartIndex={chartIndex}
        onOpen={print ? undefined : open} print={print} />
    ) : (
      <MonitorTable grouping={g} keyLabel={keyLabel(g)} measures={measures.map(m => ({ m, label: measureLabel(m.label) }))}
        kinds={kinds} rows={rows} total={total} totalLabel={t('reports.total')} onOpen={print ? undefined : open}
        openTitle={!print && g.key === 'card' && !def.opens?.card ? t('reports.open_card') : undefined} print={print} />
    );
  };
  const asOf = loaded?.asOf ? localDateTimeString(new Date(loaded.asOf)) : null;
  const offline = loaded !== null && !loaded.fetched && (!reachable || loaded.unreachable);
  const loading = facts.isFetching || refreshing;
  const changeRange = (r: DayRange) => { setRange(r); setPath([]); setChosen(null); };

  return (
    <Stack gap="sm" p="sm" data-testid="monitor" data-source={def.source}>
      <Group gap={8} align="flex-end" wrap="wrap">
        <DateRangeInput value={range} onChange={changeRange} />
        {grouping && (
          <Select size="xs" w={150} label={t('reports.group')} allowDeselect={false} data-testid="monitor-group"
            data={groupingChoices(def, path).map(g => ({ value: groupingValue(g), label: keyLabel(g) }))}
            value={groupingValue(grouping)} onChange={v => { if (v) setChosen(groupingOfValue(v)); }} />
        )}
        {grouping && !def.stock && (
          <Select size="xs" w={130} label={t('reports.columns')} allowDeselect={false} data-testid="monitor-columns"
            data={[{ value: '', label: t('reports.no_columns') }, ...groupingChoices(def, path).filter(g => g.key !== grouping.key)
              .map(g => ({ value: groupingValue(g), label: keyLabel(g) }))]}
            value={columns ? groupingValue(columns) : ''} onChange={v => setColumns(v ? groupingOfValue(v) : null)} />
        )}
        {loaded && (
          <NarrowPicker def={def} path={path} names={loaded.names} keyLabel={keyLabel}
            onPick={(key, id, name) => { setPath(p => [...p, { grouping: { key }, id, label: name }]); setChosen(null); }} />
        )}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={loading} disabled={!valid || !reachable}
          onClick={() => void refreshRange()} data-testid="monitor-refresh">{t('reports.refresh')}</Button>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting} disabled={rows.length === 0 || facts.isPlaceholderData}
          onClick={() => void exportFile()} data-testid="monitor-export">{t('reports.export')}</Button>
        <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />} disabled={rows.length === 0 || facts.isPlaceholderData}
          onClick={() => setPrinting(true)} data-testid="monitor-print">{t('reports.print')}</Button>
        {def.saved && (
          // The address of what the screen shows (its own tab): a link to keep, send, or open again later.
          <Button size="xs" variant="subtle" leftSection={<IconLink size={14} />} disabled={!valid} data-testid="monitor-save-link"
            onClick={() => void navigate(`${def.path}/${encodeMonitorState({ range, path, chosen, columns })}`)}>
            {t('reports.save_link')}
          </Button>
        )}
        {computing && (
          <Button size="xs" color="red" variant="subtle" leftSection={<IconPlayerStop size={14} />}
            onClick={() => void qc.cancelQueries({ queryKey: aggKey })}
            data-testid="monitor-cancel">{t('reports.cancel')}</Button>
        )}
      </Group>
      {!valid && <Text c="dimmed" size="sm">{t('reports.pick_range')}</Text>}
      <Group gap="xs" data-testid="monitor-status">
        {(loading || computing) && <Loader size="xs" />}
        {asOf && !offline && <Text size="xs" c="dimmed" data-testid="monitor-asof">{t('reports.as_of', { time: asOf })}</Text>}
        {offline && asOf && <Text size="xs" c="orange" data-testid="monitor-offline">{t('reports.offline_copy', { time: asOf })}</Text>}
        {offline && !asOf && <Text size="xs" c="orange" data-testid="monitor-offline">{t('reports.no_copy')}</Text>}
        {loaded && loaded.missingDays > 0 && asOf && (
          <Text size="xs" c="orange">{t('reports.missing_days', { count: loaded.missingDays })}</Text>
        )}
        {loaded && loaded.hidden.length > 0 && <Text size="xs" c="dimmed">{t('reports.hidden')}</Text>}
      </Group>
      {facts.isError && <Alert color="red" py={6}>{t('reports.load_failed')}</Alert>}
      {(agg.isError && !isAbort(agg.error)) || exportError ? <Alert color="red" py={6}>{t('reports.compute_failed')}</Alert> : null}
      {path.length > 0 && (
        <Breadcrumbs data-testid="monitor-path">
          <Anchor size="sm" onClick={() => { setPath([]); setChosen(null); }}>{t('reports.all')}</Anchor>
          {path.map((s, i) => (
            <Anchor key={i} size="sm" onClick={() => { setPath(path.slice(0, i + 1)); setChosen(null); }}>
              {keyLabel(s.grouping)}: {s.label}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      {result && rows.length === 0 && !loading && <Text c="dimmed" size="sm" data-testid="monitor-empty">{t('reports.empty')}</Text>}
      {result && rows.length > 0 && grouping && (
        <>
          <Paper withBorder p="xs" data-testid="monitor-chart">
            <BarChart h={240} data={bars} dataKey="name" withLegend={false} tickLine="y"
              series={[{ name: 'value', label: chartLabel, color: 'blue.6' }]} />
            {rows.length > CHART_ROWS && <Text size="xs" c="dimmed">{t('reports.chart_top', { count: CHART_ROWS })}</Text>}
          </Paper>
          <Text size="sm">{t('reports.facts_count', { count: result.facts })}</Text>
          <Paper withBorder>
            <ScrollArea>
              {tableOf(grouping, level.total, false)}
            </ScrollArea>
          </Paper>
        </>
      )}
      {printing && result && grouping && (
        <PrintView onDone={endPrint} testId="monitor-print-view">
          {/* The screen's title as the menu shows it (`menu.<title>`, src/domain/menu/pages.ts). */}
          <h3 style={{ margin: '0 0 4px' }}>{t(`menu.${def.title}`)}</h3>
          <p style={{ margin: '0 0 8px', fontSize: 12 }}>
            {from} — {to}{path.map(s => ` · ${keyLabel(s.grouping)}: ${s.label}`).join('')} · {asOf ? t('reports.as_of', { time: asOf }) : ''}
          </p>
          {tableOf(grouping, level.total, true)}
        </PrintView>
      )}
    </Stack>
  );
}

interface TableProps {
  grouping: Grouping;
  keyLabel: string;
  measures: { m: MonitorDef['measures'][number]; label: string }[];
  kinds: Readonly<Record<string, string>>;
  rows: ReturnType<typeof tableRows>;
  total: readonly number[];
  totalLabel: string;
  onOpen?: (id: number) => void;
  openTitle?: string;
  print?: boolean;
}

/** The table of a level: a row per group (a click drills into it), then the totals over every fact of the level. */
function MonitorTable({ keyLabel, measures, kinds, rows, total, totalLabel, onOpen, openTitle, print }: TableProps) {
  const lang = useReaderLang();
  const cell = (i: number, v: number) => formatValue(measures[i]!.m, kinds[measures[i]!.m.measure ?? ''], v, lang);
  if (print) {
    const td = { border: '1px solid #999', padding: '2px 6px', fontSize: 12 } as const;
    return (
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead><tr><th style={td}>{keyLabel}</th>{measures.map((m, i) => <th key={i} style={td}>{m.label}</th>)}</tr></thead>
        <tbody>
          {rows.map(r => <tr key={r.id}><td style={td}>{r.label}</td>{r.values.map((v, i) => <td key={i} style={{ ...td, textAlign: 'right' }}>{cell(i, v)}</td>)}</tr>)}
          <tr><td style={{ ...td, fontWeight: 700 }}>{totalLabel}</td>{total.map((v, i) => <td key={i} style={{ ...td, textAlign: 'right', fontWeight: 700 }}>{cell(i, v)}</td>)}</tr>
        </tbody>
      </table>
    );
  }
  return (
    <Table striped highlightOnHover withColumnBorders data-testid="monitor-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{keyLabel}</Table.Th>
          {measures.map((m, i) => <Table.Th key={i} ta="right">{m.label}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(r => (
          <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => onOpen?.(r.id)} title={openTitle}
            data-testid="monitor-row" data-id={r.id}>
            <Table.Td>{r.label}</Table.Td>
            {r.values.map((v, i) => <Table.Td key={i} ta="right">{cell(i, v)}</Table.Td>)}
          </Table.Tr>
        ))}
        <Table.Tr fw={700} data-testid="monitor-total">
          <Table.Td>{totalLabel}</Table.Td>
          {total.map((v, i) => <Table.Td key={i} ta="right">{cell(i, v)}</Table.Td>)}
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * Narrows the report to one work node, customer, machine … (a filter, shown in the drill path like an opened row):
 * a key of the source, then one of the names the facts hold for it.
 */
function NarrowPicker({ def, path, names, keyLabel, onPick }: {
  def: MonitorDef; path: readonly DrillStep[]; names: Readonly<Record<string, ReadonlyMap<number, string>>>;
  keyLabel: (g: Grouping) => string; onPick: (key: string, id: number, name: string) => void;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState<string | null>(null);
  const used = new Set(path.map(s => s.grouping.key));
  // Keys with names to choose from (not the card: thousands of them; drill down to a card instead).
  const keys = FACT_SOURCES[def.source].keys.filter(k => k.ref && k.name !== 'card' && !used.has(k.name) && (names[k.name]?.size ?? 0) > 0);
  if (keys.length === 0) return null;
  const values = key ? [...(names[key] ?? new Map<number, string>())].sort((a, b) => a[1].localeCompare(b[1])) : [];
  return (
    <Group gap={4} align="flex-end">
      <Select size="xs" w={120} label={t('reports.narrow')} placeholder={t('reports.narrow_key')} clearable value={key}
        data={keys.map(k => ({ value: k.name, label: keyLabel({ key: k.name }) }))} onChange={setKey} data-testid="monitor-narrow-key" />
      {key && (
        <Select size="xs" w={180} searchable placeholder={t('reports.narrow_value')} value={null} data-testid="monitor-narrow-value"
          data={values.map(([id, name]) => ({ value: String(id), label: name }))}
          onChange={v => { if (v) { onPick(key, Number(v), names[key]?.get(Number(v)) ?? `#${v}`); setKey(null); } }} />
      )}
    </Group>
  );
}

/**
 * A pivot of the chart's measure: a row per group (a click drills into it), a column per pivot column (the first 40),
 * the rows' totals, and the columns' totals under them.
 */
function PivotView({ table, rows, keyLabel, caption, total, totalLabel, format, chartIndex, onOpen, print }: {
  table: PivotTable; rows: ReturnType<typeof tableRows>; keyLabel: string; caption: string; total: number; totalLabel: string;
  format: (v: number) => string; chartIndex: number; onOpen?: (id: number) => void; print?: boolean;
}) {
  const { t } = useTranslation();
  const td = print ? { border: '1px solid #999', padding: '2px 6px', fontSize: 12 } as const : undefined;
  const num = print ? { ...td, textAlign: 'right' as const } : undefined;
  return (
    <Table striped={!print} highlightOnHover={!print} withColumnBorders data-testid={print ? 'monitor-print-pivot' : 'monitor-pivot'}>
      <Table.Caption>{caption}{table.cut ? ` · ${t('reports.columns_cut', { count: table.columns.length })}` : ''}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={td}>{keyLabel}</Table.Th>
          {table.columns.map(c => <Table.Th key={c.id} ta="right" style={td}>{c.label}</Table.Th>)}
          <Table.Th ta="right" style={td}>{totalLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={r.id} style={onOpen ? { cursor: 'pointer' } : undefined} onClick={() => onOpen?.(r.id)}
            data-testid={print ? undefined : 'monitor-row'} data-id={r.id}>
            <Table.Td style={td}>{r.label}</Table.Td>
            {table.cells[i]!.map((v, c) => <Table.Td key={c} ta="right" style={num}>{format(v)}</Table.Td>)}
            <Table.Td ta="right" fw={600} style={num}>{format(r.values[chartIndex]!)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={700} data-testid={print ? undefined : 'monitor-pivot-total'}>
          <Table.Td style={td}>{totalLabel}</Table.Td>
          {table.columnTotals.map((v, c) => <Table.Td key={c} ta="right" style={num}>{format(v)}</Table.Td>)}
          <Table.Td ta="right" style={num}>{format(total)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

