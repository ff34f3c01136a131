import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_MS } from '../../data/envelope';
import { getNotifier } from '../../data/notifier';
import { fieldLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import type { ResourceDef } from '../../domain/registry/resource';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import { saveBytes } from '../export/download';
import { exportFileName } from '../export/export-rows';
import { reasonsText, reportTable } from './import-report';
import type { ImportReport, ImportStatus } from './run-import';

const SHOWN = 200;
const COLORS: Record<ImportStatus, string> = { created: 'green', updated: 'blue', unchanged: 'gray', rejected: 'red' };

export interface ImportResultProps {
  res: ResourceDef;
  lang: Lang;
  report: ImportReport;
}

/** The result of an import: the four counts, why rows were rejected, and the full report as excel.xlsx. */
export function ImportResult({ res, lang, report }: ImportResultProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const label = (f: string) => fieldLabel(lang, res.name, f);
  const rejected = report.lines.filter(l => l.status === 'rejected');

  const download = async () => {
    setSaving(true);
    try {
      const table = reportTable(report, {
        line: t('importexport.line'), key: t('importexport.key'), status: t('importexport.status'),
        reasons: t('importexport.reasons'), statusOf: s => t(`importexport.${s}`), fieldLabel: label,
      });
      saveBytes(await buildSpreadsheet(table.titles, table.rows), exportFileName(`${t(`resources.${res.name}.name`)} ${t('importexport.result')}`));
    } catch (e) {
      getNotifier().error((e as Error).message, ERROR_MS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack data-testid="import-result" data-created={report.created} data-updated={report.updated}
      data-unchanged={report.unchanged} data-rejected={report.rejected} data-cancelled={report.cancelled ? 1 : 0}>
      <Text fw={600}>{t('importexport.result')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {(['created', 'updated', 'unchanged', 'rejected'] as const).map(s => (
          <Paper key={s} withBorder p="sm">
            <Text size="xs" c="dimmed">{t(`importexport.${s}`)}</Text>
            <Text size="xl" fw={700} c={COLORS[s]} data-testid={`import-count-${s}`}>{report[s]}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.cancelled && <Alert color="yellow">{t('importexport.cancelled', { count: report.notSent })}</Alert>}
      {report.failure && <Alert color="red">{t('importexport.failed', { msg: report.failure, count: report.notSent })}</Alert>}
      {rejected.length > 0 && (
        <>
          <Text fw={600}>{t('importexport.rejected_rows')}</Text>
          <Table withTableBorder verticalSpacing={2} fz="xs" data-testid="import-rejected">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('importexport.line')}</Table.Th>
                <Table.Th w={180}>{t('importexport.key')}</Table.Th>
                <Table.Th>{t('importexport.reasons')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rejected.slice(0, SHOWN).map(l => (
                <Table.Tr key={l.line} data-line={l.line}>
                  <Table.Td>{l.line}</Table.Td>
                  <Table.Td>{l.keyText}</Table.Td>
                  <Table.Td c="red">{reasonsText(l.errors, label)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rejected.length > SHOWN && <Text size="xs" c="dimmed">{t('importexport.rejected_more', { shown: SHOWN })}</Text>}
        </>
      )}
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={saving} onClick={() => void download()}
          data-testid="import-report">
          {t('importexport.download_report')}
        </Button>
      </Group>
    </Stack>
  );
}
