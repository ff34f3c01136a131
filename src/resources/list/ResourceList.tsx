import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBan, IconDatabaseImport, IconEdit, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAbort, isApiError } from '../../api/errors';
import { apiGet, apiPost } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useSaveGuard } from '../../api/use-save-guard';
import type { ResourceDef } from '../../domain/registry/resource';
import { DataGrid } from '../../ui/grid/DataGrid';
import { useRequireSelection } from '../../ui/grid/require-selection';
import type { RowKey } from '../../ui/grid/types';
import { useElementTop } from '../../ui/use-element-top';
import { createPathOf, editPathOf } from '../form/resource-paths';
import { ExportButton } from '../export/ExportButton';
import { lastUsedOf, rememberLastUsed } from './last-used';
import { selectionIn } from './selection';
import { exportColumnsOf, listColumns, type ListRow } from './list-columns';

export interface ResourceListProps { def: ResourceDef }

/** The app header the spec's grid height leaves out (page height − 42 px − toolbar, spec §9). */
const HEADER_PX = 42;
/** Whole lists are loaded (the server allows up to 100,000 rows); sorting, filters and search then run locally. */
const ALL = -1;
// Stable across renders: the grid recomputes its rows when these change identity.
const NO_ROWS: ListRow[] = [];
const rowIdOf = (r: ListRow) => r.id;
const isCanceledRow = (r: ListRow) => r.canceled === true;

/**
 * The generic list screen of a resource (DESIGN §3): the declaration's list columns on the data grid, with new /
 * edit / delete (master data) or void (documents), refresh, export and import.
 *
 * Rules:
 * - Edit, delete, void and export of a selection need a selected row ("please select a row of data").
 * - Delete and void ask first; each row is sent on its own, so one refusal (a referenced row: the server names the
 *   rows that point at it) leaves the others done, and the list is reloaded either way.
 * - Opening a row (double click, Enter, Edit) remembers it as the last used row, highlighted on return.
 */
export default function ResourceList({ def }: ResourceListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const requireSelection = useRequireSelection();
  const { run, busy } = useSaveGuard();
  const [keyword, setKeyword] = useState('');
  const [picked, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [shown, setShown] = useState<readonly ListRow[]>([]);
  // Actions and the count see only selected rows that are shown: not rows a reload dropped (deleted by someone
  // else), nor rows the keyword or a filter hides.
  const selected = useMemo(() => selectionIn(picked, shown), [picked, shown]);
  const [top, topRef] = useElementTop<HTMLDivElement>();
  const columns = useMemo(() => listColumns(def, t), [def, t]);
  const exportColumns = useMemo(() => exportColumnsOf(def, columns), [def, columns]);

  const params = { limit: ALL };
  const list = useQuery({
    queryKey: queryKeys.list(def.api, params),
    queryFn: ({ signal }) => apiGet<{ dt: ListRow[] }>(`${def.api}/list/`, params, { signal }).then(r => r.dt),
  });
  const rows = list.data ?? NO_ROWS;
  const document = def.kind === 'document';
  const createPath = createPathOf(def);

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
      for (const r of targets) {
        await apiPost(`${def.api}/${document ? 'cancel' : 'delete'}/`, document ? { id: r.id, version: r.version } : { id: r.id });
      }
    } catch (e) {
      // The request layer has shown the refusal (with the referencing rows); the rows before it are done.
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      setSelected(new Set());
      await qc.invalidateQueries({ queryKey: queryKeys.all(def.api) });
    }
  });

  const toolbarHeight = Math.max(0, top - HEADER_PX) + 8;

  return (
    <Stack gap={8} p="sm" data-testid="resource-list" data-resource={def.name}>
      <Group gap={8} wrap="wrap">
        {createPath && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => void navigate(createPath)} data-testid="list-create">
            {t('lists.create')}
          </Button>
        )}
        {createPath && (
          <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={edit} data-testid="list-edit">
            {t('lists.edit')}
          </Button>
        )}
        <Button size="xs" variant="default" color="red" leftSection={document ? <IconBan size={14} /> : <IconTrash size={14} />}
          onClick={askRemove} loading={busy} data-testid="list-remove">
          {t(document ? 'lists.cancel_row' : 'lists.delete')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void list.refetch()}
          loading={list.isFetching} data-testid="list-refresh">
          {t('lists.refresh')}
        </Button>
        <ExportButton resource={def.name} columns={exportColumns} rows={shown} total={rows.length}
          selection={selected.size > 0 ? rows.filter(r => selected.has(r.id)) : undefined} />
        <Button size="xs" variant="default" leftSection={<IconDatabaseImport size={14} />}
          onClick={() => void navigate(`/data/importdata?resource=${encodeURIComponent(def.name)}`)} data-testid="list-import">
          {t('lists.import')}
        </Button>
        <TextInput size="xs" w={200} placeholder={t('lists.keyword')} aria-label={t('lists.keyword')} leftSection={<IconSearch size={14} />}
          value={keyword} onChange={e => setKeyword(e.currentTarget.value)} data-testid="list-keyword" />
        <Text size="xs" c="dimmed" data-testid="list-count">
          {t('lists.count', { count: shown.length })}{selected.size > 0 ? ` · ${t('lists.selected', { count: selected.size })}` : ''}
        </Text>
      </Group>
      {list.isError && (
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
          rows={rows} columns={columns} rowId={rowIdOf} loading={list.isFetching} keyword={keyword}
          selected={selected} onSelectedChange={setSelected} lastUsedId={lastUsedOf(def.name)}
          isCanceled={document ? isCanceledRow : undefined}
          onRowOpen={createPath ? r => open(r.id) : undefined} toolbarHeight={toolbarHeight} onViewChange={setShown}
        />
      </div>
    </Stack>
  );
}
