import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readOfflineRows } from '../../data/offline/local-read';
import { outboxDb } from '../../data/outbox/device';
import { pendingFacts } from '../../data/outbox/outbox';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import type { Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { facts } from '../../domain/resources/shopfloor/facts';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { DateRangeInput } from '../../ui/grid/DateRangeFilter';
import { Pager } from '../../ui/grid/Pager';
import { useOutboxStatus } from '../../ui/stores';
import { reasonText } from './fact-text';
import { NO_FILTERS, pendingRows, serverFilters, serverRow, type LocalNames, type ServerFactRow, type TapLogFilters, type TapLogRow } from './taplog-rows';

const client = resourceClient(facts);
const STATUS_COLOR: Record<string, string> = { applied: 'green', rejected: 'red', resolved: 'teal', dismissed: 'gray' };

/** The names of the queued swipes' ids, from the offline copy (persons, work nodes, machines). */
async function localNames(): Promise<Omit<LocalNames, 'computer'>> {
  const db = outboxDb();
  const [persons, worknodes, devices] = await Promise.all(['persons', 'worknodes', 'devices'].map(t => readOfflineRows(db, t).catch(() => ({ rows: [] }))));
  const byId = (rows: Record<string, unknown>[]) => new Map(rows.filter(r => typeof r.id === 'number').map(r => [r.id as number, String(r.name ?? '')]));
  return { persons: byId(persons!.rows), worknodes: byId(worknodes!.rows), devices: byId(devices!.rows) };
}

/**
 * /persons/taplogs, the swipe logs (issue 13 point 3): the swipes the server holds, paged by the server, with the
 * swipes still queued on this device first, marked pending — those are local, so they show offline too, when the
 * server's part says it cannot be read. Filters: the days (spec §9 shortcuts), the person, the work node and the card
 * number (contained text); they apply to both parts alike (taplog-rows.ts).
 */
export default function TapLogs() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const qc = useQueryClient();
  const reachable = useReachable();
  const pendingCount = useOutboxStatus(s => s.pending);
  const lastPush = useOutboxStatus(s => s.lastSuccessAt);
  const computer = useOutboxStatus(s => s.computer);
  const [filters, setFilters] = useState<TapLogFilters>(NO_FILTERS);
  const [cardText, setCardText] = useState('');
  const [card] = useDebouncedValue(cardText, 350);
  const [labels, setLabels] = useState<{ person?: string; worknode?: string }>({});
  const [pageSize, setPageSize] = useState(50);
  const applied: TapLogFilters = { ...filters, card };
  // The page belongs to the filters it was chosen under: any change of a filter (the card text too, once it settles)
  // goes back to the first page.
  const filterKey = JSON.stringify(applied);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: p });
  const set = (f: Partial<TapLogFilters>) => setFilters(x => ({ ...x, ...f }));

  const q = useQuery({
    queryKey: queryKeys.list(facts.api, { taplogs: 1, ...applied, page, pageSize }),
    queryFn: ({ signal }) => client.list({ filter: serverFilters(applied), page, limit: pageSize, sort: ['-at'] }, { signal }),
  });
  const names = useQuery({ queryKey: ['taplogs-names'], queryFn: localNames, staleTime: 60_000 });
  // The queue changes with every swipe of this device and every push: read again whenever the count or a push does.
  const pending = useQuery({
    queryKey: ['taplogs-pending', pendingCount, lastPush],
    queryFn: () => pendingFacts({ name: 'tap' }),
  });
  // A push moved queued swipes to the server: its list is read again.
  useEffect(() => {
    if (lastPush !== null) void qc.invalidateQueries({ queryKey: queryKeys.all(facts.api) });
  }, [lastPush, qc]);

  const offline = offlineView(q, reachable);
  const server = useMemo(() => (q.data?.dt ?? []) as unknown as ServerFactRow[], [q.data]);
  const uuids = useMemo(() => new Set(server.map(r => r.uuid).filter((u): u is string => typeof u === 'string')), [server]);
  const local = page === 1 && names.data
    ? pendingRows(pending.data ?? [], applied, { ...names.data, computer: computer && { code: computer.code, name: computer.name, device_id: computer.device_id } }, uuids)
    : [];
  const rows: TapLogRow[] = [...local, ...server.map(serverRow)];

  return (
    <Stack gap="sm" p="sm" data-testid="taplogs">
      <Group gap={8} align="flex-end" wrap="wrap">
        <DateRangeInput value={filters.range} onChange={range => set({ range })} />
        <div style={{ width: 200 }}>
          <RefSelect def={facts} name="person_id" field={facts.fields.person_id} label={t('resources.facts.fields.person_id')} required={false}
            disabled={false} value={filters.personId} valueLabel={labels.person} onLabel={(_id, l) => setLabels(x => ({ ...x, person: l }))}
            onChange={personId => set({ personId })} testId="taplogs-person" />
        </div>
        <div style={{ width: 200 }}>
          <RefSelect def={facts} name="worknode_id" field={facts.fields.worknode_id} label={t('resources.facts.fields.worknode_id')} required={false}
            disabled={false} value={filters.worknodeId} valueLabel={labels.worknode} onLabel={(_id, l) => setLabels(x => ({ ...x, worknode: l }))}
            onChange={worknodeId => set({ worknodeId })} testId="taplogs-worknode" />
        </div>
        <TextInput w={200} label={t('resources.facts.fields.card_show_id')} placeholder={t('shopfloor.taplogs.card_placeholder')}
          value={cardText} onChange={e => setCardText(e.currentTarget.value)} data-testid="taplogs-card" />
        <Button variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching}
          onClick={() => { void q.refetch(); void pending.refetch(); }}>
          {t('shopfloor.refresh')}
        </Button>
      </Group>
      <OfflineNotice view={offline} hasData={q.data !== undefined} message={offline.offline && q.data === undefined ? t('shopfloor.taplogs.offline') : undefined} />
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('shopfloor.load_failed')}</Alert>}
      {local.length > 0 && <Text size="sm" c="dimmed" data-testid="taplogs-pending-count">{t('shopfloor.taplogs.pending_count', { count: local.length })}</Text>}
      {rows.length === 0 && (q.isSuccess || offline.offline) && <Text c="dimmed" size="sm">{t('shopfloor.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped withColumnBorders data-testid="taplogs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shopfloor.happened_at')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.computer_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.person_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.card_show_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.worknode_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.device_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.action')}</Table.Th>
                  <Table.Th ta="right">{t('resources.facts.fields.good')}</Table.Th>
                  <Table.Th ta="right">{t('resources.facts.fields.bad')}</Table.Th>
                  <Table.Th>{t('shopfloor.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.key} data-testid="taplog" data-pending={r.pending ? '1' : '0'} data-status={r.status ?? ''}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.at ? localDateTimeString(new Date(r.at)) : ''}</Table.Td>
                    <Table.Td>{r.terminal}</Table.Td>
                    <Table.Td>{r.person}</Table.Td>
                    <Table.Td>{r.card}</Table.Td>
                    <Table.Td>{r.worknode}</Table.Td>
                    <Table.Td>{r.machine}</Table.Td>
                    <Table.Td>{r.action ? t(`resources.facts.enums.action.${r.action}`, { defaultValue: r.action }) : ''}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.good, lang)}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.bad, lang)}</Table.Td>
                    <Table.Td>
                      {r.pending ? (
                        <Tooltip label={t('shopfloor.pending_hint')}>
                          <Badge variant="light" color="yellow" data-testid="taplog-pending">{t('shopfloor.pending')}</Badge>
                        </Tooltip>
                      ) : (
                        <Badge variant="light" color={STATUS_COLOR[r.status ?? ''] ?? 'gray'}>
                          {r.status ? t(`resources.facts.enums.status.${r.status}`, { defaultValue: r.status }) : ''}
                        </Badge>
                      )}
                      {r.status === 'rejected' && r.reason ? (
                        <Text size="xs" c={r.status === 'rejected' ? 'red' : 'dimmed'} data-testid="taplog-reason">{reasonText(lang, r.reason, r.reasonParams)}</Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {q.data && q.data.total > pageSize && (
        <Pager page={page} pageSize={pageSize} total={q.data.total} onPage={setPage} onPageSize={n => { setPageSize(n); setPage(1); }} />
      )}
    </Stack>
  );
}
