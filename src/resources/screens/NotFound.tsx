import { Alert, Button, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listPathOf } from '../../domain/menu/resource-paths';
import type { ResourceDef } from '../../domain/registry/resource';
import { useResourceHistory } from '../../ui/data/use-resource';

/**
 * A row that does not exist is not a failure to load: the page says so, names who deleted it and when when its
 * history knows, and offers the list.
 */
export function NotFound({ def, id }: { def: ResourceDef; id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const history = useResourceHistory(def, id);
  const deleted = [...(history.data?.dt ?? [])].reverse().find(e => e.action === 'delete');
  const listPath = listPathOf(def);
  return (
    <Alert color="gray" title={t('forms.not_found')} data-testid="not-found">
      {deleted && (
        <Text size="sm" mb="xs" data-testid="deleted-by">
          {t('forms.deleted_by', { by: deleted.by_name ?? t('forms.history_unknown_user'), at: new Date(deleted.at).toLocaleString(i18n.language) })}
        </Text>
      )}
      {listPath && (
        <Button size="xs" variant="light" leftSection={<IconArrowLeft size={14} />} onClick={() => void navigate(listPath)}>
          {t('forms.to_list')}
        </Button>
      )}
    </Alert>
  );
}
