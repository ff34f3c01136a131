import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useSaveGuard } from '../../ui/use-save-guard';
import type { ResourceDef } from '../../domain/registry/resource';
import type { Row } from '../form/form-values';
import { afterCreatePath, listPathOf } from '../../domain/menu/resource-paths';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm';

export interface ResourceCreateProps {
  def: ResourceDef;
  /** Values to start from (API shape) over the declared defaults, e.g. a category chosen on the list. */
  initial?: Row;
  /** Where to go once saved, given the new row's id; default: back to the list (afterCreatePath). */
  next?: (id: number) => string;
  /** A preview of the values being typed, below the fields (ResourceForm `preview`). */
  preview?: ResourceFormProps['preview'];
}

/**
 * The generic create page of a resource (`<list base>/create`): the declared defaults in a ResourceForm, saved
 * through the save guard. After saving it goes back to the list, which is refreshed and shows the new row; a
 * resource without a list (warestatus) goes to the new row's edit page instead.
 *
 * One request id (`Idempotency-Key`) per row being created: a second click, or a retry after a reply that never
 * arrived, repeats the same create, which the server answers once. A new id is drawn only after a save succeeds or
 * the server refuses the values (then the next try is a new request). While the server is out of reach the form is
 * disabled, saying why.
 */
export default function ResourceCreate({ def, initial, next, preview }: ResourceCreateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { run, busy } = useSaveGuard();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const listPath = listPathOf(def);
  const [requestId, setRequestId] = useState(newRequestId);
  const reachable = useReachable();
  const mayCreate = useCan(def, 'create');

  const save = (values: Record<string, unknown>) => void run(async () => {
    try {
      const reply = await resourceClient(def).save(values, undefined, { idempotencyKey: requestId });
      setRequestId(newRequestId());
      setServerErrors({});
      void qc.invalidateQueries({ queryKey: queryKeys.all(def.api) });
      await navigate(next ? next(reply.id) : afterCreatePath(def, reply.id));
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      // A refusal was an answer: the corrected values are a new request. A lost reply keeps the id for the retry.
      if (e.kind === 'rejected') setRequestId(newRequestId());
      setServerErrors(e.errors);
    }
  });

  return (
    <Stack p="md" gap="md" data-testid="resource-create" data-resource={def.name}>
      <Title order={4}>{t(`resources.${def.name}.name`)}</Title>
      <OfflineNotice view={{ offline: !reachable, asOf: null }} message={t('offline.write_disabled')} />
      {!mayCreate && <Alert color="gray" py={6} data-testid="read-only-notice">{t('lists.read_only')}</Alert>}
      <ResourceForm def={def} initial={initial} mode="create" onSubmit={save} errors={serverErrors} busy={busy}
        disabled={!reachable || !mayCreate} preview={preview}
        actions={listPath && (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(listPath)}>
            {t('forms.back')}
          </Button>
        )} />
    </Stack>
  );
}
