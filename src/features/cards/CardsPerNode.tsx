import { Alert, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cardsClient, type PerNodeFilter } from '../../data/cards-client';
import { queryKeys } from '../../data/query-keys';
import type { PerNodeRow } from '../../domain/contract/cards';
import type { RefField } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { cardnodes } from '../../domain/resources/orders/cardnodes';
import { cards } from '../../domain/resources/orders/cards';
import { orders } from '../../domain/resources/orders/orders';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { textCollator } from '../../ui/grid/grid-model';
import { cardsListPath } from './card-filters';
import { countOf, PER_NODE_STATUSES, perNodeRows, quantityOf, type PerNodeStatus } from './per-node';

type FilterKey = keyof PerNodeFilter;

/** The four narrowing selects: which reference of which declaration each one picks. */
const FILTERS: readonly { key: FilterKey; def: ResourceDef; field: RefField }[] = [
  { key: 'order_id', def: cards, field: cards.fields.order_id },
  { key: 'customer_id', def: orders, field: orders.fields.customer_id },
  { key: 'saler_id', def: orders, field: orders.fields.saler_id },
  { key: 'item_id', def: cards, field: cards.fields.item_id },
];

const COLORS: Record<PerNodeStatus, string> = { waiting: 'gray', running: 'blue', done: 'green' };

/**
 * /orders/cards_nodes: what waits, runs and is done at each work node (`GET /orders/cardnodes/per_node/`): per work
 * node, in the workflow's order, the live cards' nodes per status as a count and a quantity, narrowed to an order, a
 * customer, a salesperson or an item. A cell opens the cards list of those cards (the work node, the status and the
 * same narrowing). Offline it shows the last table it had, saying so.
 */
export default function CardsPerNode() {
  const { t, i18n } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<PerNodeFilter>({});
  const [labels, setLabels] = useState<Partial<Record<FilterKey, string>>>({});
  const q = useQuery({
    // Under the card nodes' key, so a write of cards or nodes that invalidates it refreshes the table too.
    queryKey: queryKeys.list(cardnodes.api, { per_node: 1, ...filter }),
    queryFn: ({ signal }) => cardsClient.perNode(filter, { signal }),
  });
  const reachable = useReachable();
  const offline = offlineView(q, reachable);
  const collator = textCollator(i18n.language);
  const rows = useMemo(() => perNodeRows(q.data ?? [], collator.compare), [q.data, collator]);

  const openCell = (r: PerNodeRow, status: PerNodeStatus) =>
    void navigate(cardsListPath({ ...filter, node_id: r.worknode_id, node_status: status }));

  return (
    <Stack gap="sm" p="sm" data-testid="cards-per-node">
      <Group gap={8} align="flex-end" wrap="wrap">
        {FILTERS.map(f => (
          <div key={f.key} style={{ width: 200 }}>
            <RefSelect def={f.def} name={f.key} field={f.field} label={t(`resources.${f.def.name}.fields.${f.key}`)}
              required={false} disabled={false} value={filter[f.key] ?? null} valueLabel={labels[f.key]}
              onLabel={(_id, label) => setLabels(l => ({ ...l, [f.key]: label }))}
              onChange={v => setFilter(prev => ({ ...prev, [f.key]: v }))} testId={`per-node-${f.key}`} />
          </div>
        ))}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching}
          onClick={() => void q.refetch()} data-testid="per-node-refresh">
          {t('cards.refresh')}
        </Button>
      </Group>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && (
        <Alert color="red" title={t('cards.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm" data-testid="per-node-empty">{t('cards.per_node_empty')}</Text>}
      {rows.length > 0 && <Text size="xs" c="dimmed">{t('cards.per_node_hint')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <Table striped highlightOnHover withColumnBorders data-testid="per-node-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.cardnodes.fields.worknode_id')}</Table.Th>
                {PER_NODE_STATUSES.map(s => (
                  <Table.Th key={s} ta="right">{t(`resources.cardnodes.enums.status.${s}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(r => (
                <Table.Tr key={r.worknode_id} data-testid="per-node-row" data-worknode={r.worknode_id}>
                  <Table.Td fw={600}>{r.worknode_name}</Table.Td>
                  {PER_NODE_STATUSES.map(s => (
                    <Table.Td key={s} ta="right" p={0}>
                      <UnstyledButton w="100%" px="sm" py={6} ta="right" onClick={() => openCell(r, s)} disabled={countOf(r, s) === 0}
                        data-testid={`per-node-${s}`} aria-label={t('cards.per_node_open', { node: r.worknode_name, status: t(`resources.cardnodes.enums.status.${s}`) })}>
                        <Text span fw={600} c={countOf(r, s) > 0 ? COLORS[s] : 'dimmed'}>
                          {countOf(r, s)}
                        </Text>
                        <Text span size="xs" c="dimmed" ml={6}>{formatForReading(quantityOf(r, s), lang)}</Text>
                      </UnstyledButton>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
