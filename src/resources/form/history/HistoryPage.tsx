import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { editPathOf } from '../../../domain/menu/resource-paths';
import { resourceByName } from '../../../domain/resources/all';
import { HistoryList } from './HistoryList';

/** `table_name` and `kid` of `/history/list/<table_name>/<kid>`, for routes that do not name the parameters. */
export function historyTarget(pathname: string): { table?: string; kid?: string } {
  const m = /\/history\/list\/(\w+)\/(\d+)\/?$/.exec(pathname);
  return m ? { table: m[1], kid: m[2] } : {};
}

/**
 * The page `/history/list/:table_name/:kid` (spec §2): a row's change history on its own, opened from the row's
 * edit screen (the history drawer) or from the not-found notice of a deleted row, with the way back to the record.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const fromPath = historyTarget(pathname);
  const def = resourceByName(params.table_name ?? fromPath.table ?? '');
  const kid = params.kid ?? fromPath.kid;
  if (!def || !kid) return <Alert color="gray" m="md" title={t('forms.not_found')} data-testid="not-found" />;
  const record = editPathOf(def, kid);
  return (
    <Stack p="md" maw={900} data-testid="history-page">
      <Group justify="space-between">
        <Title order={4}>{t(`resources.${def.name}.name`)} #{kid} · {t('forms.history')}</Title>
        {record && (
          <Button component={Link} to={record} size="xs" variant="default" leftSection={<IconArrowLeft size={14} />}
            data-testid="history-to-record">
            {t('forms.to_record')}
          </Button>
        )}
      </Group>
      <HistoryList def={def} id={kid} />
    </Stack>
  );
}
