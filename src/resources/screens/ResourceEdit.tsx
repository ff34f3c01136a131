import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { historyKey, queryKeys } from '../../data/query-keys';
import { resourceClient, type Detailed } from '../../data/resource-client';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { offlineView, useReachable, useResourceDetail } from '../../ui/data/use-resource';
import { useSaveGuard } from '../../ui/use-save-guard';
import type { ResourceDef } from '../../domain/registry/resource';
import { ConflictDialog, conflictOf, type Conflict } from '../form/ConflictDialog';
import type { Row } from '../form/form-values';
import { HistoryDrawer } from '../form/history/HistoryDrawer';
import { NotFound } from './NotFound';
import { TraceLink } from './TraceLink';
import { idFromPath, listPathOf } from '../../domain/menu/resource-paths';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm';

export interface ResourceEditProps {
  def: ResourceDef;
  /** The row's id; default: the route's `:id`, else the number after `/edit/` in the path. */
  id?: string | number;
  /** A hand-written screen's own buttons beside History, for the loaded row (a terminal's enrolment code). */
  extras?: (row: Row) => ReactNode;
  /** A preview of the values being typed, below the fields (ResourceForm `preview`). */
  preview?: ResourceFormProps['preview'];
}

/**
 * The generic edit page of a resource (`<list base>/edit/:id`): loads `<api>/detail/?id=`, edits it with
 * ResourceForm, saves through the save guard (one save at a time, spec §5) with the row's `version`.
 *
 * Rules:
 * - After a save the form starts again from the saved row (its new version and the server's normalised values),
 *   and the resource's lists and this row's history are refreshed.
 * - A stale version (409) opens the conflict dialog naming who changed the row and when; Reload fetches the row
 *   again and rebuilds the form from it, keeping nothing of the stale form.
 * - Other refusals show the server's message (the request layer does) and its per-field messages on the fields.
 * - A row that does not exist (404) is not a failure: the page says so, and who deleted it and when if the history
 *   knows, and offers the list.
 * - While the server is out of reach the row shows from the offline copy or the last visit, read-only, saying so.
 */
export default function ResourceEdit({ def, id: idProp, extras, preview }: ResourceEditProps) {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = String(idProp ?? params.id ?? idFromPath(pathname) ?? '');
  const key = queryKeys.detail(def.api, id);
  const detail = useResourceDetail(def, /^\d+$/.test(id) ? Number(id) : undefined);
  const reachable = useReachable();
  const offline = offlineView(detail, reachable);
  const mayEdit = useCan(def, 'edit');
  const { run, busy } = useSaveGuard();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reloading, setReloading] = useState(false);
  // Bumped whenever the form must start again from the cached row (after a save, after a reload).
  const [epoch, setEpoch] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const listPath = listPathOf(def);

  const save = (values: Record<string, unknown>) => void run(async () => {
    const row = detail.data?.row;
    if (!row) return;
    try {
      const reply = await resourceClient(def).save(values, { id: row.id, version: row.version });
      setServerErrors({});
      qc.setQueryData<Detailed<ResourceDef>>(key, { row: reply.dt });
      setEpoch(e => e + 1);
      void qc.invalidateQueries({ queryKey: queryKeys.lists(def.api) });
      void qc.invalidateQueries({ queryKey: historyKey(def.name, id) });
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      const c = conflictOf(e);
      if (c) setConflict(c);
      else setServerErrors(e.errors);
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await detail.refetch();
      setServerErrors({});
      setEpoch(e => e + 1);
      setConflict(null);
      void qc.invalidateQueries({ queryKey: historyKey(def.name, id) });
    } finally {
      setReloading(false);
    }
  };

  const row = detail.data?.row as Row | undefined;
  const display = row?.[def.display];
  const notFound = isApiError(detail.error) && detail.error.status === 404;
  // A cancelled document stays as it was cancelled: other documents and the books point at it.
  const canceled = row?.canceled === true;
  const badId = !/^\d+$/.test(id);
  return (
    <Stack p="md" gap="md" data-testid="resource-edit" data-resource={def.name}>
      <Group justify="space-between">
        <Title order={4}>
          {t(`resources.${def.name}.name`)}{display != null && display !== '' ? ` · ${String(display)}` : ''}
        </Title>
        <Group gap="xs">
          {row && extras?.(row)}
          {row && <TraceLink resource={def.name} row={row} />}
          <Button variant="default" size="xs" leftSection={<IconHistory size={14} />} onClick={() => setHistoryOpen(true)}
            disabled={!row} data-testid="history-open">
            {t('forms.history')}
          </Button>
        </Group>
      </Group>
      {canceled && <Alert color="gray" data-testid="canceled-notice">{t('forms.canceled_readonly')}</Alert>}
      <OfflineNotice view={offline} hasData={row !== undefined} />
      {!mayEdit && row && <Alert color="gray" py={6} data-testid="read-only-notice">{t('lists.read_only')}</Alert>}
      {(badId || notFound) && <NotFound def={def} id={id} />}
      {detail.isError && !notFound && !(offline.offline && row) && (
        <Alert color="red" title={t('forms.load_failed')}>
          <Button size="xs" variant="light" onClick={() => void detail.refetch()}>{t('forms.retry')}</Button>
        </Alert>
      )}
      {detail.isPending && !detail.isError && !badId && <Center py="xl"><Loader /></Center>}
      {row && (
        <ResourceForm key={`${epoch}:${String(row.version)}`} def={def} initial={row} mode="edit" onSubmit={save}
          errors={serverErrors} busy={busy} disabled={canceled || offline.offline || !mayEdit} preview={preview}
          actions={listPath && (
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(listPath)}>
              {t('forms.back')}
            </Button>
          )} />
      )}
      <ConflictDialog conflict={conflict} reloading={reloading} onReload={() => void reload()} onCancel={() => setConflict(null)} />
      {row && <HistoryDrawer def={def} id={id} opened={historyOpen} onClose={() => setHistoryOpen(false)} />}
    </Stack>
  );
}
