import { Alert, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBan, IconDatabaseImport, IconEdit, IconEye, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GridQuery } from '../../domain/contract/grid-query';
import type { ListQuery } from '../../domain/contract/list';
import { createPathOf, editPathOf } from '../../domain/menu/resource-paths';
import type { ResourceDef } from '../../domain/registry/resource';
import { isAbort, isApiError } from '../../data/errors';
import { exportList } from '../../data/export';
import { listQueryOf } from '../../data/list-query';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan, useHiddenFields } from '../../ui/data/use-permissions';
import { offlineView, useReachable, useResourceList } from '../../ui/data/use-resource';
import { DataGrid } from '../../ui/grid/DataGrid';
import { Pager } from '../../ui/grid/Pager';
import { useRequireSelection } from '../../ui/grid/require-selection';
import type { RowKey } from '../../ui/grid/types';
import { useSaveGuard } from '../../ui/use-save-guard';
import { useElementTop } from '../../ui/use-element-top';
import { saveBytes } from '../export/download';
import { ExportButton, type ServerExport } from '../export/ExportButton';
import { exportFileName, serverTitles } from '../export/export-rows';
import { lastUsedOf, rememberLastUsed } from './last-used';
import { exportColumnsOf, listColumns, type ListRow } from './list-columns';
import { selectionIn } from './selection';

export interface ResourceListProps {
  def: ResourceDef;
  /**
   * Buttons of a hand-written screen built on the generic list (works' "from card steps"), after the generic ones; a
   * function gets the selected rows that are shown (the stock notes print the chosen documents).
   */
  toolbar?: ReactNode | ((selected: readonly ListRow[]) => ReactNode);
  /**
   * The resource's own list parameters a hand-written screen adds (the queries menu's `anywhere`); only for a list
   * paged by the server, which is asked (and exports) with them.
   */
  extra?: Readonly<Record<string, string | number>>;
  /**
   * Filters a hand-written screen always applies (the semi-finished stock: lots of cards in semi-finished stores),
   * beside the grid's own; only for a list paged by the server, which is asked (and exports) with them.
   */
  filter?: ListQuery['filter'];
}

/** The app header the spec's grid height leaves out (page height − 42 px − toolbar, spec §9). */
const HEADER_PX = 42;
const PAGER_PX = 40;
/** A list loaded whole asks for every row (up to the declaration's cap); sort, filters and search then run here. */
const ALL = -1;
/** Typing pauses this long before a list paged by the server is asked again. */
const KEYWORD_DEBOUNCE_MS = 300;
// Stable across renders: the grid recomputes its rows when these change identity.
const NO_ROWS: ListRow[] = [];
const NO_QUERY: GridQuery = { sorting: [], filters: [] };
const rowIdOf = (r: ListRow) => r.id;
const isCanceledRow = (r: ListRow) => r.canceled === true;

/** A write button that says why it is disabled while the server is out of reach. */
function Writable({ offline, children }: { offline: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return offline ? <Tooltip label={t('offline.write_disabled')}><span>{children}</span></Tooltip> : <>{children}</>;
}

/**
 * The generic list screen of a resource (DESIGN §3): the declaration's list columns on the data grid, with new /
 * edit / delete (master data) or void (documents), refresh, export and import.
 *
 * Rules:
 * - A list loaded whole sorts, filters, searches and totals in the browser; a list paged by the server (`paging:
 *   'server'`) asks the server for each page with the grid's sort, filters and keyword, and shows the server's totals
 *   of the whole filtered list. Its export is the server's, with the same parameters, so the file holds the filtered
 *   rows of every page in the grid's order.
 * - Edit, delete, void and export of a selection need a selected row ("please select a row of data").
 * - Delete and void ask first; each row is sent on its own, so one refusal (a referenced row: the server names the
 *   rows that point at it) leaves the others done, and the list is reloaded either way.
 * - While the server is out of reach the list shows its offline copy (offline resources) or what it last showed,
 *   says so, and disables new, delete, void and import with the reason. Opening a row still works (read-only).
 * - A button the role's grants do not allow is not shown (new: create, delete or void: delete, import, export); a
 *   sensitive field it may not see has no column.
 */
export default function ResourceList({ def, toolbar, extra, filter }: ResourceListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const requireSelection = useRequireSelection();
  const { run, busy } = useSaveGuard();
  const paged = def.paging === 'server';
  const [keyword, setKeyword] = useState('');
  const [serverKeyword] = useDebouncedValue(keyword.trim(), KEYWORD_DEBOUNCE_MS);
  const [gridQuery, setGridQuery] = useState<GridQuery>(NO_QUERY);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(def.pageSize ?? 50);
  // New parameters of the screen's own start again at page 1 (state adjusted while rendering, as React advises).
  const [extraSeen, setExtraSeen] = useState(extra);
  const [filterSeen, setFilterSeen] = useState(filter);
  if (extraSeen !== extra || filterSeen !== filter) {
    setExtraSeen(extra);
    setFilterSeen(filter);
    setPage(1);
  }
  const [picked, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [shown, setShown] = useState<readonly ListRow[]>([]);
  // Actions and the count see only selected rows that are shown: not rows a reload dropped (deleted by someone
  // else), nor rows the keyword or a filter hides.
  const selected = useMemo(() => selectionIn(picked, shown), [picked, shown]);
  const [top, topRef] = useElementTop<HTMLDivElement>();
  const hidden = useHiddenFields(def);
  // A sensitive field the role may not see has no column (the server leaves it out of the rows anyway).
  const columns = useMemo(() => listColumns(def, t).filter(c => !hidden.includes(c.id)), [def, t, hidden]);
  const mayCreate = useCan(def, 'create');
  const mayRemove = useCan(def, 'delete');
  const mayImport = useCan(def, 'import');
  const mayExport = useCan(def, 'export');
  const mayEdit = useCan(def, 'edit');
  const exportColumns = useMemo(() => exportColumnsOf(def, columns), [def, columns]);

  // What the server is asked for: everything once, or one page of the grid's query.
  const serverQuery = useMemo<ListQuery>(() => {
    if (!paged) return { limit: ALL };
    const q = listQueryOf(def, { ...gridQuery, keyword: serverKeyword });
    const filters = [...(q.filter ?? []), ...(filter ?? [])];
    return { ...q, ...(filters.length ? { filter: filters } : {}), ...(extra ? { extra } : {}), page, limit: pageSize, totals: true };
  }, [paged, def, gridQuery, serverKeyword, page, pageSize, extra, filter]);
  const list = useResourceList(def, serverQuery, { keepPrevious: paged });
  const reachable = useReachable();
  const offline = offlineView(list, reachable);
  const rows = (list.data?.dt as ListRow[] | undefined) ?? NO_ROWS;
  const document = def.kind === 'document';
  const createPath = createPathOf(def);
  // Rows open in the edit page, which a resource without a create page (rows made elsewhere) still has.
  const editable = editPathOf(def, 0) !== undefined;
  const writesOff = offline.offline;

  const onQueryChange = useCallback((q: GridQuery) => {
    setGridQuery(prev => (JSON.stringify(prev) === JSON.stringify(q) ? prev : q));
    setPage(1);
  }, []);
  const onKeyword = (v: string) => { setKeyword(v); setPage(1); };

  const open = (id: number) => {
    const path = editPathOf(def, id);
    if (!path) return;
    rememberLastUsed(def.name, id);
    void navigate(path);
  };
  const selectedRows = () => rows.filter(r => selected.has(r.id));

  const edit = () => {
    if (!requireSelection(selected)) return;
    const first = selectedRows()[0];
    if (first) open(first.id);
  };

  // Rows waiting for the user's confirmation of a delete or void; null while no dialog is open.
  const [pending, setPending] = useState<readonly ListRow[] | null>(null);

  const askRemove = () => {
    if (!requireSelection(selected)) return;
    setPending(selectedRows().filter(r => !(document && r.canceled)));
  };

  const remove = (targets: readonly ListRow[]) => void run(async () => {
    setPending(null);
    try {
      for (const r of targets) await resourceClient(def).remove({ id: r.id, version: r.version });
    } catch (e) {
      // The request layer has shown the refusal (with the referencing rows); the rows before it are done.
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      setSelected(new Set());
      await qc.invalidateQueries({ queryKey: queryKeys.all(def.api) });
    }
  });

  const serverExport: ServerExport | undefined = paged ? async ({ signal, onProgress }) => {
    const { page: _p, limit: _l, totals: _t, ...q } = serverQuery;
    const { file } = await exportList(def, q, serverTitles(exportColumns, def), {
      signal, onProgress: p => onProgress(p.bytes, p.rows),
    });
    saveBytes(file, exportFileName(t(`resources.${def.name}.name`)));
  } : undefined;

  const toolbarHeight = Math.max(0, top - HEADER_PX) + 8 + (paged ? PAGER_PX : 0);
  const total = list.data?.total ?? 0;

  return (
    <Stack gap={8} p="sm" data-testid="resource-list" data-resource={def.name}>
      <Group gap={8} wrap="wrap">
        {createPath && mayCreate && (
          <Writable offline={writesOff}>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => void navigate(createPath)} data-testid="list-create"
              disabled={writesOff}>
              {t('lists.create')}
            </Button>
          </Writable>
        )}
        {editable && (
          <Button size="xs" variant="default" leftSection={mayEdit ? <IconEdit size={14} /> : <IconEye size={14} />} onClick={edit}
            data-testid={mayEdit ? 'list-edit' : 'list-view'}>
            {t(mayEdit ? 'lists.edit' : 'lists.view')}
          </Button>
        )}
        {mayRemove && <Writable offline={writesOff}>
          <Button size="xs" variant="default" color="red" leftSection={document ? <IconBan size={14} /> : <IconTrash size={14} />}
            onClick={askRemove} loading={busy} disabled={writesOff} data-testid="list-remove">
            {t(document ? 'lists.cancel_row' : 'lists.delete')}
          </Button>
        </Writable>}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void list.refetch()}
          loading={list.isFetching} data-testid="list-refresh">
          {t('lists.refresh')}
        </Button>
        {mayExport && (
          <ExportButton title={t(`resources.${def.name}.name`)} columns={exportColumns} rows={shown} serverExport={offline.offline ? undefined : serverExport}
            selection={selected.size > 0 ? rows.filter(r => selected.has(r.id)) : undefined} />
        )}
        {mayImport && <Writable offline={writesOff}>
          <Button size="xs" variant="default" leftSection={<IconDatabaseImport size={14} />} disabled={writesOff}
            onClick={() => void navigate(`/data/importdata?resource=${encodeURIComponent(def.name)}`)} data-testid="list-import">
            {t('lists.import')}
          </Button>
        </Writable>}
        {typeof toolbar === 'function' ? toolbar(selectedRows()) : toolbar}
        <TextInput size="xs" w={200} placeholder={t('lists.keyword')} aria-label={t('lists.keyword')} leftSection={<IconSearch size={14} />}
          value={keyword} onChange={e => onKeyword(e.currentTarget.value)} data-testid="list-keyword" />
        <Text size="xs" c="dimmed" data-testid="list-count">
          {t('lists.count', { count: paged ? total : shown.length })}
          {selected.size > 0 ? ` · ${t('lists.selected', { count: selected.size })}` : ''}
        </Text>
      </Group>
      <OfflineNotice view={offline} hasData={list.data !== undefined} />
      {list.isError && list.data === undefined && !offline.offline && (
        <Alert color="red" title={t('lists.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      <Modal opened={pending !== null} onClose={() => setPending(null)} size="sm"
        title={t(document ? 'lists.confirm_cancel_title' : 'lists.confirm_delete_title')}>
        <Stack gap="md" data-testid="confirm-remove-dialog">
          <Text size="sm">
            {pending?.length === 0
              ? t('lists.already_canceled')
              : t(document ? 'lists.confirm_cancel' : 'lists.confirm_delete', { count: pending?.length ?? 0 })}
          </Text>
          <Group justify="flex-end" gap={8}>
            <Button variant="default" size="xs" onClick={() => setPending(null)}>{t('lists.close')}</Button>
            {pending !== null && pending.length > 0 && (
              <Button color="red" size="xs" onClick={() => remove(pending)} data-testid="confirm-remove">{t('lists.confirm')}</Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <div ref={topRef}>
        <DataGrid<ListRow>
          rows={rows} columns={columns} rowId={rowIdOf} loading={list.isFetching} keyword={paged ? undefined : keyword}
          selected={selected} onSelectedChange={setSelected} lastUsedId={lastUsedOf(def.name)}
          isCanceled={document ? isCanceledRow : undefined}
          onRowOpen={editable ? r => open(r.id) : undefined} toolbarHeight={toolbarHeight} onViewChange={setShown}
          server={paged ? { onQueryChange, totals: list.data?.totals, total } : undefined}
        />
      </div>
      {paged && (
        <Pager page={page} pageSize={pageSize} total={total} onPage={setPage}
          onPageSize={n => { setPageSize(n); setPage(1); }} />
      )}
    </Stack>
  );
}
