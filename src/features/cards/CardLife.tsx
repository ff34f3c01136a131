import { Alert, Anchor, Badge, Button, Center, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../data/errors';
import type { ListQuery } from '../../domain/contract/list';
import { editPathOf } from '../../domain/menu/resource-paths';
import { formatNumber } from '../../domain/rules/numbers';
import { cardnodes } from '../../domain/resources/orders/cardnodes';
import { cards } from '../../domain/resources/orders/cards';
import { orders } from '../../domain/resources/orders/orders';
import { HistoryList } from '../../resources/form/history/HistoryList';
import type { ListRow } from '../../resources/list/list-columns';
import { NotFound } from '../../resources/screens/NotFound';
import { TraceLink } from '../../resources/screens/TraceLink';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { useMenu } from '../../ui/stores';
import { cardPrintsPath, cardsListPath } from './card-filters';
import { cardTitle } from './card-display';
import { useCardHistoryEvents } from './card-history-events';
import { CardNodesTimeline } from './CardNodesTimeline';

/** A card has one node per work node of its workflow: a few, never a page's worth. */
const NODES_LIMIT = 500;
const NO_NODES: ListRow[] = [];

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const quantity = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : formatNumber(Number(v)));

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div">{children === '' || children === null ? '—' : children}</Text>
    </div>
  );
}

/**
 * /cards/query/{id}: a card's whole life — the card (display name, order, customer through the order, item, quantity,
 * status, where it is now, finished and scrapped), its nodes in order as a timeline (who, which machine, when, how
 * many), and its history: the changes of the card with the start and finish of each of its steps among them, by
 * time. A card that does not exist gets the generic not-found notice (who deleted it, when the history knows). The
 * customer needs the order: a role that may not read orders sees the rest.
 */
export default function CardLife() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const id = params.id ?? /\/cards\/query\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';
  const wellFormed = /^\d+$/.test(id);
  const detail = useResourceDetail(cards, wellFormed ? Number(id) : undefined);
  const card = detail.data?.row as ListRow | undefined;
  const orderId = typeof card?.order_id === 'number' ? card.order_id : undefined;
  const order = useResourceDetail(orders, orderId).data?.row;
  const nodesQuery: ListQuery<typeof cardnodes> = { extra: { card_id: wellFormed ? Number(id) : 0 }, sort: ['seq'], limit: NODES_LIMIT };
  const nodes = useResourceList(cardnodes, nodesQuery, { enabled: wellFormed && card !== undefined });
  const reachable = useReachable();
  const offline = offlineView(detail, reachable);
  const notFound = !wellFormed || (isApiError(detail.error) && detail.error.status === 404);
  // The order opens on its own page only for a role whose menu holds it.
  const orderPath = orderId === undefined ? undefined : editPathOf(orders, orderId);
  const mayOpenOrder = useMenu(s => !s.loaded || s.flat.some(i => i.path === editPathOf(orders, ':id')));
  const f = (name: string) => t(`resources.cards.fields.${name}`);
  const nodeRows = (nodes.data?.dt as ListRow[] | undefined) ?? NO_NODES;
  const steps = useCardHistoryEvents(nodeRows);

  if (notFound) return <Stack p="md"><NotFound def={cards} id={id} /></Stack>;
  return (
    <Stack p="md" gap="md" data-testid="card-life">
      <OfflineNotice view={offline} hasData={card !== undefined} />
      {detail.isError && !card && (
        <Alert color="red" title={t('cards.load_failed')}>
          <Button size="xs" variant="light" onClick={() => void detail.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {detail.isPending && <Center py="xl"><Loader /></Center>}
      {card && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Title order={4} data-testid="card-title">{cardTitle(card, i18n.language)}</Title>
              <Badge variant="light">{t(`resources.cards.enums.status.${text(card.status)}`, { defaultValue: text(card.status) })}</Badge>
              {card.canceled === true && <Badge color="gray">{t('cards.canceled')}</Badge>}
            </Group>
            <Group gap={8}>
              {typeof card.detail_id === 'number' && (
                <Button component={Link} to={cardsListPath({ quote_id: card.detail_id })} size="xs" variant="default"
                  leftSection={<IconListDetails size={14} />}>
                  {t('cards.line_cards')}
                </Button>
              )}
              <Button component={Link} to={cardPrintsPath([card.id])} size="xs" variant="default" leftSection={<IconPrinter size={14} />}>
                {t('cards.print')}
              </Button>
              {/* Its trace: where its goods went, what it was made of (docs/delivery.md "Traceability"). */}
              <TraceLink resource="cards" row={card} />
            </Group>
          </Group>
          <Paper withBorder p="sm">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="card-header">
              <Field label={f('order_id')} testId="card-order">
                {orderPath && mayOpenOrder
                  ? <Anchor component={Link} to={orderPath} size="sm">{text(card.order_show_id || card.order_id_name)}</Anchor>
                  : text(card.order_show_id || card.order_id_name)}
              </Field>
              <Field label={t('resources.orders.fields.customer_id')} testId="card-customer">{text(order?.customer_id_name)}</Field>
              <Field label={f('item_id')}>{text(card.item_id_name)}</Field>
              <Field label={f('quantity')} testId="card-quantity">{`${quantity(card.quantity)} ${text(card.unit)}`.trim()}</Field>
              <Field label={f('worknode_id')} testId="card-node-now">{text(card.worknode_id_name)}</Field>
              <Field label={f('workflow_id')}>{text(card.workflow_id_name)}</Field>
              <Field label={f('finished_quantity')}>{quantity(card.finished_quantity)}</Field>
              <Field label={f('bad_quantity')}>{quantity(card.bad_quantity)}</Field>
              <Field label={f('split_from_id')}>{text(card.split_from_id_name)}</Field>
              <Field label={f('printed')}>{text(card.printed)}</Field>
            </SimpleGrid>
          </Paper>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Title order={5} mb="sm">{t('cards.nodes')}</Title>
              {nodes.isPending && <Loader size="sm" />}
              {nodes.isError && <Alert color="red" py={6}>{t('cards.load_failed')}</Alert>}
              {nodes.isSuccess && nodeRows.length === 0 && <Text size="sm" c="dimmed">{t('cards.no_nodes')}</Text>}
              {nodeRows.length > 0 && <CardNodesTimeline nodes={nodeRows} />}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Title order={5} mb="sm">{t('forms.history')}</Title>
              <HistoryList def={cards} id={card.id} events={steps} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
