import { Button, Stack } from '@mantine/core';
import { IconArrowsSplit, IconPrinter, IconTimeline } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { cardListParams, type CardListFilter } from '../../data/cards-client';
import { queryKeys } from '../../data/query-keys';
import { cardnodes } from '../../domain/resources/orders/cardnodes';
import { cards } from '../../domain/resources/orders/cards';
import { rememberLastUsed } from '../../resources/list/last-used';
import type { ListRow } from '../../resources/list/list-columns';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useRequireSelection } from '../../ui/grid/require-selection';
import type { RowKey } from '../../ui/grid/types';
import { cardLifePath, cardPrintsPath, filterFromSearch, searchOfFilter } from './card-filters';
import { CardFilterBar } from './CardFilterBar';
import { CardsGrid } from './CardsGrid';
import { SplitDialog, splitTargetOf, type SplitTarget } from './SplitDialog';

/**
 * /orders/cards/list: the process cards, paged by the server, with the quick filters of the spec's cards list
 * (finished or not, the order line `quote_id`, a card-number prefix, the order) kept in the URL so other screens link
 * to a filtered list (`?quote_id=12` from an order line, `?node_id=3&node_status=running` from the cards per node).
 *
 * Row actions: open a card's life (double click, Enter, or the button), split a card (one row; needs `create` on
 * cards; not offline), print the labels of the selected cards (the labels page with them chosen).
 */
export default function CardsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const requireSelection = useRequireSelection();
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const params = useMemo(() => cardListParams(filter), [filter]);
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [splitting, setSplitting] = useState<SplitTarget | null>(null);
  const mayCreate = useCan(cards, 'create');
  const reachable = useReachable();

  const setFilter = (next: CardListFilter) => setSearch(searchOfFilter(next), { replace: true });
  const open = (r: ListRow) => {
    rememberLastUsed(cards.name, r.id);
    void navigate(cardLifePath(r.id));
  };
  const one = (rows: readonly ListRow[]): ListRow | undefined => {
    if (!requireSelection(rows.map(r => r.id))) return undefined;
    return rows[0];
  };

  return (
    <Stack gap={8} p="sm" data-testid="cards-list">
      <CardFilterBar value={filter} onChange={setFilter} />
      <CardsGrid params={params} selected={selected} onSelectedChange={setSelected} onRowOpen={open}
        toolbar={({ selectedRows }) => (
          <>
            <Button size="xs" variant="default" leftSection={<IconTimeline size={14} />} data-testid="cards-life"
              onClick={() => { const r = one(selectedRows); if (r) open(r); }}>
              {t('cards.life')}
            </Button>
            {mayCreate && (
              <Button size="xs" variant="default" leftSection={<IconArrowsSplit size={14} />} data-testid="cards-split"
                disabled={!reachable} title={reachable ? undefined : t('offline.write_disabled')}
                onClick={() => { const r = one(selectedRows); const target = r && splitTargetOf(r); if (target) setSplitting(target); }}>
                {t('cards.split')}
              </Button>
            )}
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} data-testid="cards-print"
              onClick={() => {
                if (!requireSelection(selectedRows.map(r => r.id), 'records')) return;
                void navigate(cardPrintsPath(selectedRows.map(r => r.id)));
              }}>
              {t('cards.print')}
            </Button>
          </>
        )} />
      {splitting && (
        <SplitDialog card={splitting} onClose={() => setSplitting(null)} onDone={() => {
          setSplitting(null);
          setSelected(new Set());
          // The split changes the card and makes one: every cards list, and the nodes per work node.
          void qc.invalidateQueries({ queryKey: queryKeys.all(cards.api) });
          void qc.invalidateQueries({ queryKey: queryKeys.all(cardnodes.api) });
        }} />
      )}
    </Stack>
  );
}
