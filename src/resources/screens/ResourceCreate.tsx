import { Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAbort, isApiError } from '../../api/errors';
import { apiPost } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useSaveGuard } from '../../api/use-save-guard';
import type { ResourceDef } from '../../domain/registry/resource';
import type { Row } from '../form/form-values';
import { afterCreatePath, listPathOf } from '../form/resource-paths';
import { ResourceForm } from '../form/ResourceForm';

export interface ResourceCreateProps {
  def: ResourceDef;
  /** Values to start from (API shape) over the declared defaults, e.g. a category chosen on the list. */
  initial?: Row;
}

/**
 * The generic create page of a resource (`<list base>/create`): the declared defaults in a ResourceForm, saved
 * through the save guard. After saving it goes back to the list, which is refreshed and shows the new row; a
 * resource without a list (warestatus) goes to the new row's edit page instead.
 */
export default function ResourceCreate({ def, initial }: ResourceCreateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { run, busy } = useSaveGuard();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const listPath = listPathOf(def);

  const save = (values: Record<string, unknown>) => void run(async () => {
    try {
      const reply = await apiPost<{ id: number }>(`${def.api}/save/`, { item: values });
      setServerErrors({});
      void qc.invalidateQueries({ queryKey: queryKeys.all(def.api) });
      await navigate(afterCreatePath(def, reply.id));
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      setServerErrors(e.errors);
    }
  });

  return (
    <Stack p="md" gap="md" data-testid="resource-create" data-resource={def.name}>
      <Title order={4}>{t(`resources.${def.name}.name`)}</Title>
      <ResourceForm def={def} initial={initial} mode="create" onSubmit={save} errors={serverErrors} busy={busy}
        actions={listPath && (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(listPath)}>
            {t('forms.back')}
          </Button>
        )} />
    </Stack>
  );
}
