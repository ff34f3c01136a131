import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useComingPolicy } from '../../ui/menu/coming-context';
import { useMenu } from '../../ui/stores';
import { dashboardGroups } from './groups';
import { MenuGroups } from './MenuGroups';
import { StatCards } from './StatCards';
import { visibleStats } from './stats';
import { useStats } from './use-stats';

/**
 * `/dashboard` — 控制台 / function map: live totals the role may see, then every page of the role's menu grouped as
 * in the sidebar, the pages still to come greyed or (by the user's setting) left out, as the shell decides
 * (ComingContext). The menu comes from the menu store; if the shell has not loaded it yet, this page asks for it
 * (the store shares one request between callers).
 */
export default function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useMenu(s => s.tree);
  const flat = useMenu(s => s.flat);
  const loaded = useMenu(s => s.loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!useMenu.getState().loaded) useMenu.getState().load().catch(() => setFailed(true));
  }, []);

  const { hasScreen, hide } = useComingPolicy();
  const groups = useMemo(() => dashboardGroups(tree ?? [], { hasScreen, hide }), [tree, hasScreen, hide]);
  const stats = useMemo(() => visibleStats(flat), [flat]);
  const counts = useStats(stats);
  const open = (path: string) => void navigate(path);

  const retry = () => {
    setFailed(false);
    useMenu.getState().load().catch(() => setFailed(true));
  };

  return (
    <Stack p="md" gap="lg" data-testid="dashboard">
      <Title order={3}>{t('dashboard.title')}</Title>
      {!loaded && failed && (
        <Alert color="red" title={t('dashboard.menu_failed')}>
          <Button size="xs" variant="light" onClick={retry}>{t('dashboard.retry')}</Button>
        </Alert>
      )}
      {!loaded && !failed && (
        <Center py="xl"><Loader size="sm" /><Text ml="sm" c="dimmed">{t('dashboard.loading')}</Text></Center>
      )}
      {loaded && <StatCards stats={stats} counts={counts} onOpen={open} />}
      {loaded && (groups.length ? <MenuGroups groups={groups} onOpen={open} /> : <Text c="dimmed">{t('dashboard.empty')}</Text>)}
    </Stack>
  );
}
