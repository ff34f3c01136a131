import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listPathOf } from '../../domain/menu/resource-paths';
import type { ResourceDef } from '../../domain/registry/resource';
import { useResourceHistory } from '../../ui/data/use-resource';
import { historyPathOf } from '../form/history/history-path';

/**
 * A row that does not exist is not a failure to load: the page says so, names who deleted it and when when its
 * history knows (then links that history), and offers the list — as links, so they open in a new tab too. A
 * malformed id (not a number) asks the server nothing.
 */
export function NotFound({ def, id }: { def: ResourceDef; id: string }) {
  const { t, i18n } = useTranslation();
  const wellFormed = /^\d+$/.test(id);
  const history = useResourceHistory(def, id, wellFormed);
  const deleted = [...(history.data?.dt ?? [])].reverse().find(e => e.action === 'delete');
  const listPath = listPathOf(def);
  return (
    <Alert color="gray" title={t('forms.not_found')} data-testid="not-found">
      {deleted && (
        <Text size="sm" mb="xs" data-testid="deleted-by">
          {t('forms.deleted_by', { by: deleted.by_name ?? t('forms.history_unknown_user'), at: new Date(deleted.at).toLocaleString(i18n.language) })}
        </Text>
      )}
      <Group gap="xs">
        {listPath && (
          <Button component={Link} to={listPath} size="xs" variant="light" leftSection={<IconArrowLeft size={14} />}
            data-testid="not-found-list">
            {t('forms.to_list')}
          </Button>
        )}
        {deleted && (
          <Button component={Link} to={historyPathOf(def, id)} size="xs" variant="default"
            leftSection={<IconHistory size={14} />} data-testid="not-found-history">
            {t('forms.history')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
