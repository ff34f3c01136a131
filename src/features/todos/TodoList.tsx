import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { todos, TODOS_KEY } from '../../data/todos-client';
import { localDateTimeString } from '../../domain/rules/date-single';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';

/**
 * /todos/list, 待办事项 (docs/reports.md "To-do list"): what waits on the user — dead letters to resolve, orders to
 * confirm, cards queued at the work nodes, machines due for maintenance — each only when the user may handle it,
 * counted, with the first few and a way to each and to all. Offline it shows the last list it had, saying so.
 */
export default function TodoList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: TODOS_KEY, queryFn: ({ signal }) => todos({ signal }), refetchInterval: 60_000 });
  const offline = offlineView(q, useReachable());
  const groups = q.data?.groups ?? [];
  const waiting = groups.filter(g => g.count > 0);
  return (
    <Stack gap="sm" p="sm" data-testid="todos">
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching}
          onClick={() => void q.refetch()} data-testid="todos-refresh">{t('todos.refresh')}</Button>
        {q.data && <Text size="xs" c="dimmed">{t('todos.as_of', { time: localDateTimeString(new Date(q.data.asOf)) })}</Text>}
      </Group>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isPending && <Loader size="sm" />}
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('todos.load_failed')}</Alert>}
      {q.data && waiting.length === 0 && <Text c="dimmed" data-testid="todos-none">{t('todos.none')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {waiting.map(g => (
          <Paper key={g.kind} withBorder p="sm" data-testid="todo-group" data-kind={g.kind}>
            <Group justify="space-between" mb={6}>
              <Group gap={6}>
                <Title order={5}>{t(`todos.kind_${g.kind}`)}</Title>
                <Badge color={g.kind === 'deadletters' ? 'red' : 'blue'} data-testid="todo-count">{g.count}</Badge>
              </Group>
              <Anchor size="sm" onClick={() => void navigate(g.path)}>{t('todos.open_all')}</Anchor>
            </Group>
            <Stack gap={2}>
              {g.entries.map(e => (
                <Group key={e.id} gap={8} wrap="nowrap" data-testid="todo-entry">
                  <Anchor size="sm" onClick={() => void navigate(e.path)}>{e.label}</Anchor>
                  {e.detail && (
                    <Text size="xs" c="dimmed" truncate>
                      {g.kind === 'cards_queued' ? t('todos.queued', { count: Number(e.detail) })
                        : g.kind === 'maintenance_due' ? t('todos.planned', { date: e.detail }) : e.detail}
                    </Text>
                  )}
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
