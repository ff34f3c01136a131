import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryOf } from '../../data/list-query';
import type { GridQuery } from '../../domain/contract/grid-query';
import type { Filter, ListQuery } from '../../domain/contract/list';
import { cards } from '../../domain/resources/orders/cards';
import { lastUsedOf } from '../../resources/list/last-used';
import { listColumns, type ListRow } from '../../resources/list/list-columns';
import { selectionIn } from '../../resources/list/selection';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useHiddenFields } from '../../ui/data/use-permissions';
import { offlineView, useReachable, useResourceList } from '../../ui/data/use-resource';
import { DataGrid } from '../../ui/grid/DataGrid';
import { Pager } from '../../ui/grid/Pager';
import type { RowKey } from '../../ui/grid/types';
import { useElementTop } from '../../ui/use-element-top';

const HEADER_PX = 42;
const PAGER_PX = 40;
const KEYWORD_DEBOUNCE_MS = 300;
const NO_ROWS: ListRow[] = [];
const NO_QUERY: GridQuery = { sorting: [], filters: [] };
const NO_FILTER: readonly Filter<typeof cards>[] = [];
const rowIdOf = (r: ListRow) => r.id;
const isCanceledRow = (r: ListRow) => r.canceled === true;

export interface CardsGridContext {
  /** The selected rows among those shown. */
  selectedRows: readonly ListRow[];
  refetch: () => void;
}

export interface CardsGridProps {
  /** The cards list's own parameters (`cardListParams`: notfinished, quote_id, show_id …). */
  params: Readonly<Record<string, string | number>>;
  /** Filters added to the grid's column filters (the labels page's chosen ids). */
  filter?: readonly Filter<typeof cards>[];
  selected: ReadonlySet<RowKey>;
  onSelectedChange: (next: ReadonlySet<RowKey>) => void;
  onRowOpen?: (row: ListRow) => void;
  /** The screen's buttons, at the start of the grid's toolbar. */
  toolbar?: (ctx: CardsGridContext) => ReactNode;
  /** Rows per page to start with. */
  pageSize?: number;
  testId?: string;
}

/**
 * The process cards on the generic list's pieces (DESIGN §3): the declaration's columns (less the sensitive ones the
 * role may not see), the data grid, the pager; paged, sorted, filtered and searched by the server, like the generic
 * list of a resource paged by the server, plus the cards list's own parameters.
 *
 * Rules: a change of the parameters or the keyword goes back to page 1; the selection only ever names rows shown
 * (as the generic list's); offline the last rows shown stay, saying so.
 */
export function CardsGrid({ params, filter = NO_FILTER, selected: picked, onSelectedChange, onRowOpen, toolbar, pageSize: initialSize, testId }: CardsGridProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [serverKeyword] = useDebouncedValue(keyword.trim(), KEYWORD_DEBOUNCE_MS);
  const [gridQuery, setGridQuery] = useState<GridQuery>(NO_QUERY);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize ?? cards.pageSize ?? 50);
  const [shown, setShown] = useState<readonly ListRow[]>([]);
  const [top, topRef] = useElementTop<HTMLDivElement>();
  const hidden = useHiddenFields(cards);
  const columns = useMemo(() => listColumns(cards, t).filter(c => !hidden.includes(c.id)), [t, hidden]);

  // Another filter from outside is another list: its first page. The key is the parameters' content, not identity.
  const outside = JSON.stringify([params, filter]);
  const [lastOutside, setLastOutside] = useState(outside);
  if (outside !== lastOutside) {
    setLastOutside(outside);
    setPage(1);
  }

  const query = useMemo<ListQuery<typeof cards>>(() => {
    const q = listQueryOf(cards, { ...gridQuery, keyword: serverKeyword });
    const all = [...(q.filter ?? []), ...filter];
    return { ...q, ...(all.length ? { filter: all } : {}), extra: params, page, limit: pageSize, totals: true };
  }, [gridQuery, serverKeyword, filter, params, page, pageSize]);
  const list = useResourceList(cards, query, { keepPrevious: true });
  const reachable = useReachable();
  const offline = offlineView(list, reachable);
  const rows = (list.data?.dt as ListRow[] | undefined) ?? NO_ROWS;
  const total = list.data?.total ?? 0;
  const selected = useMemo(() => selectionIn(picked, shown), [picked, shown]);
  const selectedRows = useMemo(() => rows.filter(r => selected.has(r.id)), [rows, selected]);

  const onQueryChange = useCallback((q: GridQuery) => {
    setGridQuery(prev => (JSON.stringify(prev) === JSON.stringify(q) ? prev : q));
    setPage(1);
  }, []);
  const refetch = useCallback(() => void list.refetch(), [list]);
  const toolbarHeight = Math.max(0, top - HEADER_PX) + 8 + PAGER_PX;

  return (
    <Stack gap={8} data-testid={testId ?? 'cards-grid'}>
      <Group gap={8} wrap="wrap">
        {toolbar?.({ selectedRows, refetch })}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={refetch}
          loading={list.isFetching} data-testid="cards-refresh">
          {t('cards.refresh')}
        </Button>
        <TextInput size="xs" w={200} placeholder={t('lists.keyword')} aria-label={t('lists.keyword')}
          leftSection={<IconSearch size={14} />} value={keyword}
          onChange={e => { setKeyword(e.currentTarget.value); setPage(1); }} data-testid="cards-keyword" />
        <Text size="xs" c="dimmed" data-testid="cards-count">
          {t('lists.count', { count: total })}
          {selected.size > 0 ? ` · ${t('lists.selected', { count: selected.size })}` : ''}
        </Text>
      </Group>
      <OfflineNotice view={offline} hasData={list.data !== undefined} />
      {list.isError && list.data === undefined && !offline.offline && (
        <Alert color="red" title={t('lists.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={refetch}>{t('lists.retry')}</Button>
        </Alert>
      )}
      <div ref={topRef}>
        <DataGrid<ListRow>
          rows={rows} columns={columns} rowId={rowIdOf} loading={list.isFetching}
          selected={selected} onSelectedChange={onSelectedChange} lastUsedId={lastUsedOf(cards.name)}
          isCanceled={isCanceledRow} onRowOpen={onRowOpen} toolbarHeight={toolbarHeight} onViewChange={setShown}
          server={{ onQueryChange, totals: list.data?.totals, total }}
        />
      </div>
      <Pager page={page} pageSize={pageSize} total={total} onPage={setPage}
        onPageSize={n => { setPageSize(n); setPage(1); }} />
    </Stack>
  );
}
