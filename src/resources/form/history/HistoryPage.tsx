import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { resourceByName } from '../../../domain/resources/all';
import { HistoryList } from './HistoryList';

/** `table_name` and `kid` of `/history/list/<table_name>/<kid>`, for routes that do not name the parameters. */
export function historyTarget(pathname: string): { table?: string; kid?: string } {
  const m = /\/history\/list\/(\w+)\/(\d+)\/?$/.exec(pathname);
  return m ? { table: m[1], kid: m[2] } : {};
}

/** The page `/history/list/:table_name/:kid` (spec §2): a row's change history on its own. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const fromPath = historyTarget(pathname);
  const def = resourceByName(params.table_name ?? fromPath.table ?? '');
  const kid = params.kid ?? fromPath.kid;
  if (!def || !kid) return <Alert color="red" m="md">{t('forms.load_failed')}</Alert>;
  return (
    <Stack p="md" maw={900} data-testid="history-page">
      <Title order={4}>{t(`resources.${def.name}.name`)} #{kid} · {t('forms.history')}</Title>
      <HistoryList def={def} id={kid} />
    </Stack>
  );
}
