import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { fieldLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import type { ResourceDef } from '../../domain/registry/resource';
import { PARSE_LIMITS, type ParsedSheet } from '../../workers/spreadsheet';
import { ImportMapping } from './ImportMapping';
import { ImportPreview } from './ImportPreview';
import { ImportResult } from './ImportResult';
import { mapColumns, missingColumns, type ColumnMapping } from './map-columns';
import { runImport, type ImportReport } from './run-import';
import { usePreparedRows } from './use-prepared-rows';

export interface ImportFlowProps {
  res: ResourceDef;
  lang: Lang;
  fileName: string;
  sheet: ParsedSheet;
}

/** First non-empty cell of each column among the first rows, as the mapping's example. */
function samplesOf(sheet: ParsedSheet): string[] {
  return sheet.headers.map((_h, i) => sheet.rows.slice(0, 50).map(r => r[i] ?? '').find(v => v.trim() !== '') ?? '');
}

/**
 * One file into one resource: mapping, preview, the import in batches with progress and cancel, and the result.
 * Cancel stops before the next batch (the batch on the wire still completes, so the report stays true).
 */
export function ImportFlow({ res, lang, fileName, sheet }: ImportFlowProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [mapping, setMapping] = useState<ColumnMapping>(() => mapColumns(res, sheet.headers, lang));
  const prepared = usePreparedRows(res, mapping, sheet.rows, lang);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const samples = useMemo(() => samplesOf(sheet), [sheet]);
  const missing = missingColumns(res, mapping);
  const unmatched = mapping.filter(f => f === null).length;
  const labels = (fields: string[]) => fields.map(f => fieldLabel(lang, res.name, f)).join('、');
  const good = prepared?.filter(r => Object.keys(r.errors).length === 0).length ?? 0;
  const canStart = !!prepared && !sheet.truncated && missing.key.length === 0 && good > 0 && progress === null && !report;

  const start = async () => {
    if (!prepared) return;
    const ctl = new AbortController();
    stop.current = ctl;
    setProgress({ done: 0, total: prepared.length });
    const result = await runImport(prepared,
      (rows, signal) => resourceClient(res).importRows(rows, { signal }),
      { signal: ctl.signal, onProgress: (done, total) => setProgress({ done, total }) });
    stop.current = null;
    setProgress(null);
    setReport(result);
    await qc.invalidateQueries({ queryKey: queryKeys.all(res.api) });
  };

  const busy = progress !== null;
  return (
    <Stack>
      <Text size="sm" c="dimmed">{t('importexport.file_name', { name: fileName })}</Text>
      {sheet.truncated && <Alert color="red">{t('importexport.truncated', { max: PARSE_LIMITS.maxRows.toLocaleString() })}</Alert>}
      {missing.key.length > 0 && <Alert color="red" data-testid="import-missing-key">{t('importexport.missing_key', { fields: labels(missing.key) })}</Alert>}
      {missing.required.length > 0 && <Alert color="yellow">{t('importexport.missing_required', { fields: labels(missing.required) })}</Alert>}

      <Group justify="space-between">
        <Text fw={600}>{t('importexport.mapping')}</Text>
        {unmatched > 0 && <Text size="sm" c="dimmed">{t('importexport.unmatched', { count: unmatched })}</Text>}
      </Group>
      <ImportMapping res={res} lang={lang} headers={sheet.headers} samples={samples} mapping={mapping} onChange={setMapping}
        disabled={busy || !!report} />

      <Text fw={600}>{t('importexport.preview')}</Text>
      {prepared ? <ImportPreview res={res} lang={lang} mapping={mapping} rows={prepared} />
        : <Group gap="xs"><Loader size="xs" /><Text size="sm">{t('importexport.checking')}</Text></Group>}

      {busy && (
        <Stack gap={4}>
          <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} animated data-testid="import-progress"
            data-done={progress.done} data-total={progress.total} />
          <Text size="sm">{t('importexport.importing', { done: progress.done, total: progress.total })}</Text>
        </Stack>
      )}
      {!report && (
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} />} disabled={!canStart} loading={busy} onClick={() => void start()}
            data-testid="import-start">
            {t('importexport.start')}
          </Button>
          {busy && (
            <Button variant="default" leftSection={<IconPlayerStop size={16} />} onClick={() => stop.current?.abort()}
              data-testid="import-cancel">
              {t('importexport.cancel')}
            </Button>
          )}
        </Group>
      )}
      {report && <ImportResult res={res} lang={lang} report={report} />}
    </Stack>
  );
}
