import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import type { StockDocKind } from '../../domain/rules/stock';
import { formatForReading } from '../../domain/rules/numbers';
import { useResourceList } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';

/** How many of a kind's documents the list shows (the newest; the generic list at /stockdocs/list has them all). */
export const RECENT = 30;

/**
 * The newest documents of one kind, each opened by its number (docs/stock.md "Screens"): beside each entry screen, and
 * alone as the list of transfers (`/shifts/detail`).
 */
export function RecentDocs({ kind, title, onOpen, currentId }: { kind: StockDocKind; title: string; onOpen: (id: number) => void; currentId?: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const list = useResourceList(stockdocs, { limit: RECENT, sort: ['-id'], filter: [{ field: 'kind', op: 'eq', value: kind }] });
  const rows = list.data?.dt ?? [];
  const status = (r: (typeof rows)[number]) => (r.canceled ? 'canceled' : r.status === 'posted' ? 'posted' : 'draft');
  return (
    <Paper withBorder p="sm" data-testid="recent-docs">
      <Title order={2} size="h5" mb="xs">{title}</Title>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{t('stockentry.no_docs')}</Text> : (
        <Table verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('resources.stockdocs.fields.show_id')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.date')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.warehouse_id')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.quantity')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(r => (
              <Table.Tr key={r.id} data-testid={`recent-doc-${r.show_id ?? r.id}`} bg={r.id === currentId ? 'var(--mantine-color-blue-light)' : undefined}>
                <Table.Td><Anchor component="button" type="button" size="sm" onClick={() => onOpen(r.id)}>{r.show_id ?? r.id}</Anchor></Table.Td>
                <Table.Td>{r.date ?? ''}</Table.Td>
                <Table.Td>{r.warehouse_id_name ?? ''}{r.to_warehouse_id_name ? ` → ${r.to_warehouse_id_name}` : ''}</Table.Td>
                <Table.Td>{formatForReading(Number(r.quantity ?? 0), lang)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={status(r) === 'posted' ? 'green' : status(r) === 'canceled' ? 'gray' : 'blue'}>
                    {t(`stockentry.${status(r) === 'draft' ? 'status_draft' : status(r) === 'posted' ? 'status_posted' : 'status_canceled'}`, { no: '' }).trim()}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
