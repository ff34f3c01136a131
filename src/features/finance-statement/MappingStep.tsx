import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { MAX_HEADER_ROW } from '../../domain/contract/statement';
import { useTranslation } from 'react-i18next';
import { MAPPING_COLUMNS, type MappingColumn, type StatementMapping } from '../../domain/contract/statement';

interface Props {
  why: 'new' | 'changed';
  headers: string[];
  sample: string[][];
  mapping: StatementMapping;
  busy: boolean;
  onChange(m: StatementMapping): void;
  /** The accountant says the headers are on another row (1-based): the file is read again from there. */
  onHeaderRow(row: number): void;
  onRead(): void;
}

/**
 * The mapping step of the statement import (docs/finance.md "bankmappings"): shown when the bank has no saved mapping
 * or the file's headers no longer name its columns. Each column is one of the file's headers, proposed from the
 * headers banks use; the import saves what is confirmed here for the bank's next files.
 */
export function MappingStep(p: Props) {
  const { t } = useTranslation();
  const options = [{ value: '', label: t('statement.mapping.none') }, ...[...new Set(p.headers.filter(h => h !== ''))].map(h => ({ value: h, label: h }))];
  const set = (c: MappingColumn, v: string | null) => p.onChange({ ...p.mapping, [c]: v ? v : undefined });
  return (
    <Paper withBorder p="md" data-testid="statement-mapping">
      <Stack gap="sm">
        <Title order={4}>{t('statement.mapping.title')}</Title>
        <Alert color="blue">{t(`statement.mapping.why_${p.why}`)}</Alert>
        <NumberInput label={t('statement.mapping.header_row')} value={p.mapping.header_row} min={1} max={MAX_HEADER_ROW} w={160}
          allowDecimal={false} disabled={p.busy} data-testid="mapping-header-row"
          onChange={v => { if (typeof v === 'number' && v >= 1 && v <= MAX_HEADER_ROW && v !== p.mapping.header_row) p.onHeaderRow(v); }} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {MAPPING_COLUMNS.map(c => (
            <Select key={c} label={t(`resources.bankmappings.fields.${c}`)} data={options} value={p.mapping[c] ?? ''}
              onChange={v => set(c, v)} allowDeselect={false} data-testid={`mapping-${c}`} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">{t('statement.mapping.preview')}</Text>
        <Table.ScrollContainer minWidth={600}>
          <Table withTableBorder striped>
            <Table.Thead><Table.Tr>{p.headers.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
            <Table.Tbody>
              {p.sample.map((r, i) => <Table.Tr key={i}>{p.headers.map((_, j) => <Table.Td key={j}>{r[j] ?? ''}</Table.Td>)}</Table.Tr>)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button onClick={p.onRead} loading={p.busy} data-testid="mapping-read">{t('statement.mapping.read')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
