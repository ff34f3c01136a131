import {
  Alert, Badge, Button, Card, Chip, Group, Menu, Paper, Stack, Text, TextInput, UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../domain/contract/list';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { useMenu } from '../../ui/stores';
import { useSaveGuard } from '../../ui/use-save-guard';
import { devicemaintenances } from '../../domain/resources/devices/devicemaintenances';
import { devices } from '../../domain/resources/devices/devices';
import { localDateString, localDateTimeString } from '../../domain/rules/date-single';
import { isoToLocal } from '../../resources/form/form-values';
import { editPathOf } from '../../domain/menu/resource-paths';
import { textCollator } from '../../ui/grid/grid-model';
import { buildBoard, DEVICE_STATUSES, type BoardDevice, type DeviceRow, type MaintenanceRow } from './status-board';

/** The board follows the floor: it reloads on its own this often (and when the window regains focus). */
const REFRESH_MS = 30_000;
const ALL: ListQuery<typeof devices> = { limit: -1 };
const PLANNED: ListQuery<typeof devicemaintenances> = { limit: -1, filter: [{ field: 'status', op: 'eq', value: 'planned' }] };
/** The board shows the last maintenance done within this window: the done list grows for as long as the plant runs. */
const DONE_WINDOW_DAYS = 730;
const doneQuery = (): ListQuery<typeof devicemaintenances> => ({
  limit: -1,
  filter: [
    { field: 'status', op: 'eq', value: 'done' },
    { field: 'done_at', op: 'gte', value: new Date(Date.now() - DONE_WINDOW_DAYS * 86400_000).toISOString() },
  ],
});

const CARD_WIDTH = 210;
const COLORS: Record<string, string> = { running: 'green', idle: 'blue', fault: 'red', maintenance: 'orange', off: 'gray' };

/**
 * /devices/list_status: every machine's status at a glance, grouped by worknode, with a click to change it and
 * its maintenance (status-board.ts holds the rules). Offline it shows the machines from the offline copy (devices are
 * declared offline) or the last board it had (the query cache persisted in IndexedDB), says as of when, and disables
 * status changes. With no machines to show — the server out of reach or failing, and neither the copy nor the cache
 * holding any — it says so in words, and shows no counts: "0 / 0 machines" would read as an empty floor.
 * Maintenance is optional: a user without access to it still sees the machines.
 */
export default function DeviceStatusBoard() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { run, busy } = useSaveGuard();
  const [status, setStatus] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');

  const list = useQuery({
    queryKey: queryKeys.list(devices.api, { limit: -1 }),
    queryFn: ({ signal }) => resourceClient(devices).list(ALL, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const reachable = useReachable();
  const offline = offlineView(list, reachable);
  // The status is changed with the machines' `status` action (operators) or `edit`.
  const mayChangeStatus = useCan(devices, 'status');
  const mayEdit = useCan(devices, 'edit');
  const mayStatus = mayChangeStatus || mayEdit;
  // A machine's record opens only for a role whose menu holds its page (the operator's holds the board alone).
  const editPattern = editPathOf(devices, ':id');
  const canOpen = useMenu(s => !s.loaded || s.flat.some(i => i.path === editPattern));
  // Planned and done maintenance; the board stands without them.
  const maintenance = useQuery({
    queryKey: queryKeys.list(devicemaintenances.api, { board: true }),
    queryFn: async ({ signal }) => {
      const get = (q: ListQuery<typeof devicemaintenances>): Promise<MaintenanceRow[]> =>
        resourceClient(devicemaintenances).list(q, { signal }).then(r => r.dt);
      // Each half stands alone: the plans still show if the history of done work cannot be read, and the other way.
      const [planned, done] = await Promise.allSettled([get(PLANNED), get(doneQuery())]);
      if (planned.status === 'rejected' && done.status === 'rejected') throw planned.reason;
      return [...(planned.status === 'fulfilled' ? planned.value : []), ...(done.status === 'fulfilled' ? done.value : [])];
    },
    refetchInterval: REFRESH_MS,
    retry: false,
  });

  const collator = textCollator(i18n.language);
  const today = localDateString(new Date());
  const board = useMemo(
    () => buildBoard((list.data?.dt ?? []) as DeviceRow[], maintenance.data ?? [], today, { status, keyword }, collator),
    [list.data, maintenance.data, today, status, keyword, collator],
  );
  // Whether the board has any machines list at all, fresh or last known; counts mean nothing without one.
  const hasData = list.data !== undefined;
  const noData = !hasData && list.isError;
  // A status the declaration does not know (data from a newer version) shows as it is stored.
  const statusLabel = (s: string) => t(`resources.devices.enums.status.${s}`, { defaultValue: s });

  const setDeviceStatus = (d: BoardDevice, next: string) => void run(async () => {
    try {
      await resourceClient(devices).save({ status: next }, { id: d.id, version: d.version });
    } catch (e) {
      // Shown by the request layer (a 409 names who changed the machine); the board reloads either way.
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      await qc.invalidateQueries({ queryKey: queryKeys.all(devices.api) });
    }
  });

  return (
    <Stack gap="sm" p="sm" data-testid="device-board">
      <Group gap={8} wrap="wrap">
        <Chip.Group value={status ?? ''} onChange={v => setStatus(typeof v === 'string' && v !== '' ? v : null)}>
          <Group gap={6}>
            <Chip size="xs" value="" data-testid="board-filter-all">{t('devices.all')}{hasData && ` ${board.total}`}</Chip>
            {DEVICE_STATUSES.map(s => (
              <Chip key={s} size="xs" value={s} color={COLORS[s]} data-testid={`board-filter-${s}`}>
                {statusLabel(s)}{hasData && ` ${board.counts[s] ?? 0}`}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <TextInput size="xs" w={220} placeholder={t('devices.keyword')} aria-label={t('devices.keyword')}
          leftSection={<IconSearch size={14} />} value={keyword} onChange={e => setKeyword(e.currentTarget.value)}
          data-testid="board-keyword" />
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={list.isFetching}
          onClick={() => { void list.refetch(); void maintenance.refetch(); }} data-testid="board-refresh">
          {t('devices.refresh')}
        </Button>
        {hasData && <Text size="xs" c="dimmed" data-testid="board-count">{t('devices.count', { shown: board.shown, total: board.total })}</Text>}
        {list.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed">{t('devices.updated', { time: localDateTimeString(new Date(list.dataUpdatedAt)).slice(11) })}</Text>
        )}
      </Group>
      {/* Without data the one message below says everything; the offline notice would only repeat it. */}
      {hasData && <OfflineNotice view={offline} />}
      {hasData && list.isError && !offline.offline && <Alert color="orange" py={6} data-testid="board-stale">{t('devices.load_failed')}</Alert>}
      {noData && (
        <Alert color="orange" py={6} icon={<IconCloudOff size={16} />} data-testid="board-no-data">
          {t(offline.offline ? 'devices.no_data_offline' : 'devices.no_data')}
        </Alert>
      )}
      {list.isSuccess && board.shown === 0 && <Text c="dimmed" size="sm" data-testid="board-empty">{t('devices.empty')}</Text>}
      {/* Groups flow side by side: most worknodes run one to three machines, and a floor fits on one screen. */}
      <Group gap="sm" align="flex-start">
        {board.groups.map(g => (
          <Paper key={g.key} withBorder p="xs" data-testid="board-group" data-group={g.key}>
            <Text fw={600} size="sm" mb={6}>{g.title ?? t('devices.unassigned')} <Text span size="xs" c="dimmed">({g.devices.length})</Text></Text>
            <Group gap="xs" align="stretch">
              {g.devices.map(d => (
                <DeviceCard key={d.id} device={d} color={COLORS[d.status] ?? 'gray'} statusLabel={statusLabel} busy={busy || offline.offline || !mayStatus}
                  onStatus={next => setDeviceStatus(d, next)}
                  onOpen={canOpen ? () => { const p = editPathOf(devices, d.id); if (p) void navigate(p); } : undefined} />
              ))}
            </Group>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}

interface CardProps {
  device: BoardDevice;
  color: string;
  statusLabel: (s: string) => string;
  busy: boolean;
  onStatus: (s: string) => void;
  /** Absent when the role may not open the machine's record. */
  onOpen?: () => void;
}

/** One machine: status colour down its left edge; a click offers the statuses and the machine's record. */
function DeviceCard({ device: d, color, statusLabel, busy, onStatus, onOpen }: CardProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="board-device" data-device-id={d.id} data-status={d.status} disabled={busy}
          onDoubleClick={onOpen}>
          <Card withBorder padding="xs" h="100%" w={CARD_WIDTH} style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}>
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text fw={600} size="sm" truncate>{d.code}</Text>
              <Badge size="sm" color={color} variant="light">{statusLabel(d.status)}</Badge>
            </Group>
            <Text size="sm" truncate>{d.name}</Text>
            {(d.model || d.location) && <Text size="xs" c="dimmed" truncate>{[d.model, d.location].filter(Boolean).join(' · ')}</Text>}
            {d.nextPlanned === null
              ? <Text size="xs" c="dimmed">{t('devices.no_plan')}</Text>
              : d.overdue
                ? <Text size="xs" c="red" data-testid="board-overdue"><IconAlertTriangle size={12} /> {t('devices.overdue', { date: d.nextPlanned })}</Text>
                : <Text size="xs" c="dimmed">{t('devices.next_maintenance', { date: d.nextPlanned })}</Text>}
            {d.lastDone && <Text size="xs" c="dimmed">{t('devices.last_maintenance', { date: isoToLocal(d.lastDone).slice(0, 10) })}</Text>}
          </Card>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="board-device-menu">
        <Menu.Label>{t('devices.set_status')}</Menu.Label>
        {DEVICE_STATUSES.map(s => (
          <Menu.Item key={s} disabled={s === d.status} onClick={() => onStatus(s)} data-testid={`board-set-${s}`}
            leftSection={<Badge size="xs" circle color={COLORS[s]}> </Badge>}>
            {statusLabel(s)}
          </Menu.Item>
        ))}
        {onOpen && <Menu.Divider />}
        {onOpen && <Menu.Item onClick={onOpen} data-testid="board-open">{t('devices.open')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
