import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import type { ResourceDef } from '../../domain/registry/resource';
import type { ColumnMapping } from './map-columns';
import type { PreparedRow } from './validate-rows';

/** The preview shows this many rows; the import handles them all. */
export const PREVIEW_ROWS = 200;

export interface ImportPreviewProps {
  res: ResourceDef;
  lang: Lang;
  mapping: ColumnMapping;
  rows: readonly PreparedRow[];
}

/** The first rows as they will be sent, by field; a row with errors is marked and its reasons listed. */
export function ImportPreview({ res, lang, mapping, rows }: ImportPreviewProps) {
  const { t } = useTranslation();
  const fields = mapping.filter((f): f is string => f !== null);
  const bad = rows.reduce((n, r) => n + (Object.keys(r.errors).length ? 1 : 0), 0);
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <>
      <Text size="sm" c={bad ? 'red' : 'dimmed'} data-testid="import-preview-note" data-rows={rows.length} data-bad={bad}>
        {t('importexport.preview_note', { total: rows.length, shown: shown.length, bad })}
      </Text>
      <Table.ScrollContainer minWidth={Math.max(600, 140 * (fields.length + 2))} maxHeight={420}>
        <Table withTableBorder stickyHeader verticalSpacing={2} fz="xs" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('importexport.line')}</Table.Th>
              {fields.map(f => <Table.Th key={f}>{fieldLabel(lang, res.name, f)}</Table.Th>)}
              <Table.Th>{t('importexport.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(r => {
              const errs = Object.entries(r.errors);
              return (
                <Table.Tr key={r.line} bg={errs.length ? 'var(--mantine-color-red-light)' : undefined} data-line={r.line}
                  data-error={errs.length ? 1 : undefined}>
                  <Table.Td>{r.line}</Table.Td>
                  {fields.map(f => (
                    <Table.Td key={f} c={r.errors[f] ? 'red' : undefined}>{r.cells[f]}</Table.Td>
                  ))}
                  <Table.Td c="red">{errs.map(([f, m]) => `${fieldLabel(lang, res.name, f)}: ${m}`).join('; ')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
