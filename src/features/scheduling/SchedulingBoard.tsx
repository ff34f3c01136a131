import { Alert, Badge, Button, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, useSensor, useSensors,
  type Announcements, type CollisionDescriptor, type CollisionDetection, type DragEndEvent, type DragOverEvent, type DragStartEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { IconCloudOff, IconEye, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { schedulingClient } from '../../data/scheduling-client';
import type { BoardReply } from '../../domain/contract/scheduling';
import { devices } from '../../domain/resources/devices/devices';
import { cardnodes } from '../../domain/resources/orders/cardnodes';
import { worknodes } from '../../domain/resources/production/worknodes';
import { localDateString } from '../../domain/rules/date-single';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { offlineView, useReachable, useResourceList } from '../../ui/data/use-resource';
import { useSaveGuard } from '../../ui/use-save-guard';
import {
  dropPlace, entryAt, parseDndId, placeOf, planMove, UNSCHEDULED, type DragState, type MovePlan, type Place,
} from './board-moves';
import classes from './board.module.css';
import { DeviceColumn } from './DeviceColumn';
import { QueueCard } from './QueueCard';
import { UnscheduledColumn } from './UnscheduledColumn';

/** The horizons a planner compares loads over (docs/scheduling.md). */
const HORIZONS = [1, 3, 7] as const;
type Horizon = (typeof HORIZONS)[number];
const horizonOf = (v: string | null): Horizon => HORIZONS.find(h => String(h) === v) ?? 1;
const positiveId = (v: string | null): number | null => (v !== null && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/**
 * What a card is over. With the pointer: the target under it, or nothing — so a card let go over a machine out of
 * service, or over no column, goes back where it was instead of landing on the nearest column. With the keyboard:
 * the target whose top left corner is nearest to the card's, since each arrow key puts the card's corner on its next
 * target (sortableKeyboardCoordinates); a tall target (an empty queue's end, the unscheduled list) then wins over a
 * nearby card as it should.
 */
const collision: CollisionDetection = args => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { left, top } = args.collisionRect;
  const hits: CollisionDescriptor[] = [];
  for (const c of args.droppableContainers) {
    const r = args.droppableRects.get(c.id);
    if (r) hits.push({ id: c.id, data: { droppableContainer: c, value: Math.hypot(r.left - left, r.top - top) } });
  }
  return hits.sort((a, b) => a.data.value - b.data.value);
};

/**
 * /devices/arranges (排产): which card steps run on which machine of a work node, in which order (docs/scheduling.md).
 * The unscheduled steps on the left, one column per machine with its load over 1, 3 or 7 days. A card is dragged
 * onto a machine, between machines, back to the unscheduled steps or within a queue, with the pointer or the
 * keyboard; each drop saves at once the queues it changes, at the versions the board holds. The board shows the
 * result while the save runs, then reloads: the reload is the truth, and after a refusal (a queue changed meanwhile,
 * a machine gone out of service; the request layer says which) it shows what the server holds.
 * Read only without the machines' `arrange` action, and offline (the last board, with its age).
 */
export default function SchedulingBoard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const { run, busy } = useSaveGuard();
  const reachable = useReachable();
  const mayArrange = useCan(devices, 'arrange');

  const nodes = useResourceList(worknodes, { limit: -1 });
  const nodeRows = useMemo(() => nodes.data?.dt ?? [], [nodes.data]);
  const nodeOptions = useMemo(
    () => nodeRows.map(r => ({ value: String(r.id), label: r.name || r.code || `#${r.id}` })),
    [nodeRows],
  );
  // The work node of the address, else the first in the workflow's order, so the board opens on something.
  const worknodeId = positiveId(search.get('worknode_id')) ?? nodeRows[0]?.id ?? null;
  const days = horizonOf(search.get('days'));
  const setParam = (key: string, value: string) => setSearch(prev => {
    const next = new URLSearchParams(prev);
    next.set(key, value);
    return next;
  }, { replace: true });

  // Under the machines' key: a change of a machine (its status, its hours) refreshes the board too.
  const boardKey = queryKeys.list(devices.api, { arranges: 1, worknode_id: worknodeId, days });
  const q = useQuery({
    queryKey: boardKey,
    queryFn: ({ signal }) => schedulingClient.board({ worknode_id: worknodeId!, days }, { signal }),
    enabled: worknodeId !== null,
  });
  const offline = offlineView(q, reachable);
  const writable = mayArrange && !offline.offline;

  // The board a save will lead to, shown while it runs (keyed by the board it was made from).
  const [pending, setPending] = useState<{ from: BoardReply; to: BoardReply } | null>(null);
  const board = pending !== null && pending.from === q.data ? pending.to : q.data;
  const [activeId, setActiveId] = useState<number | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const today = localDateString(new Date());

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click (or a text selection) on a card is not a move.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const cardOf = (id: UniqueIdentifier | undefined): number | null => {
    const target = id === undefined ? null : parseDndId(id);
    return target?.kind === 'card' ? target.cardnode_id : null;
  };
  /** Where the active card would land on `overId`, from where it is. */
  const landing = (activeCard: number | null, overId: UniqueIdentifier | null | undefined): { from: Place; to: Place } | null => {
    if (!board || activeCard === null || overId == null) return null;
    const from = placeOf(board, activeCard);
    const over = parseDndId(overId);
    if (!from || !over) return null;
    const to = dropPlace(board, from, over);
    return to ? { from, to } : null;
  };

  const save = (plan: Extract<MovePlan, { kind: 'save' }>, from: BoardReply) => void run(async () => {
    setPending({ from, to: plan.board });
    try {
      await schedulingClient.saveQueues(plan.queues);
    } catch (e) {
      // The request layer has said why (a 409 names the machine whose queue changed); the reload shows the truth.
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.all(devices.api) }),
        qc.invalidateQueries({ queryKey: queryKeys.all(cardnodes.api) }),
      ]);
      setPending(null);
    }
  });

  const onDragStart = ({ active }: DragStartEvent) => {
    const id = cardOf(active.id);
    const from = board && id !== null ? placeOf(board, id) : null;
    if (!from) return;
    setActiveId(id);
    setDrag({ from: from.container, over: null, overContainer: null });
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const l = landing(cardOf(active.id), over?.id);
    setDrag(d => (d === null ? d : { ...d, over: l && over ? parseDndId(over.id) : null, overContainer: l?.to.container ?? null }));
  };
  const endDrag = () => {
    setActiveId(null);
    setDrag(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    endDrag();
    const l = landing(cardOf(active.id), over?.id);
    if (!board || !l || !q.data) return;
    const plan = planMove(board, l.from, l.to);
    if (plan.kind === 'save') save(plan, q.data);
  };

  const placeText = (p: Place): string => {
    if (p.container === UNSCHEDULED) return t('scheduling.place_unscheduled');
    const d = board?.devices.find(x => x.id === p.container);
    return t('scheduling.place_queue', { device: d ? `${d.code} ${d.name}` : `#${p.container}`, position: p.index + 1 });
  };
  const showIdOf = (id: UniqueIdentifier): string => {
    const c = cardOf(id);
    const p = board && c !== null ? placeOf(board, c) : null;
    return (board && p ? entryAt(board, p)?.show_id : undefined) ?? String(id);
  };
  // What a screen reader hears at each step of a drag, in the user's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const c = cardOf(active.id);
      const p = board && c !== null ? placeOf(board, c) : null;
      return p ? t('scheduling.announce_start', { card: showIdOf(active.id), place: placeText(p) }) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const l = landing(cardOf(active.id), over?.id);
      return l ? t('scheduling.announce_over', { card: showIdOf(active.id), place: placeText(l.to) })
        : t('scheduling.announce_over_none', { card: showIdOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const l = landing(cardOf(active.id), over?.id);
      const plan = l && board ? planMove(board, l.from, l.to) : null;
      return l && plan?.kind === 'save' ? t('scheduling.announce_end', { card: showIdOf(active.id), place: placeText(l.to) })
        : t('scheduling.announce_end_none', { card: showIdOf(active.id) });
    },
    onDragCancel: ({ active }) => t('scheduling.announce_cancel', { card: showIdOf(active.id) }),
  };

  const activePlace = board && activeId !== null ? placeOf(board, activeId) : null;
  const activeEntry = board && activePlace ? entryAt(board, activePlace) : undefined;
  const dragDisabled = !writable || busy;

  return (
    <Stack gap="sm" p="sm" data-testid="arranges-board">
      <Group gap={8} align="flex-end" wrap="wrap">
        <Select label={t('scheduling.worknode')} placeholder={t('scheduling.pick_worknode')} w={220} size="xs" searchable
          data={nodeOptions} value={worknodeId === null ? null : String(worknodeId)} allowDeselect={false}
          onChange={v => { if (v) setParam('worknode_id', v); }}
          rightSection={nodes.isFetching ? <Loader size="xs" /> : undefined} data-testid="arranges-worknode" />
        <Stack gap={2}>
          <Text size="xs" fw={500}>{t('scheduling.horizon')}</Text>
          <SegmentedControl size="xs" value={String(days)} onChange={v => setParam('days', v)} aria-label={t('scheduling.horizon')}
            data={HORIZONS.map(h => ({ value: String(h), label: t(`scheduling.horizon_${h}`) }))} data-testid="arranges-days" />
        </Stack>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} disabled={worknodeId === null}
          onClick={() => void q.refetch()} data-testid="arranges-refresh">
          {t('scheduling.refresh')}
        </Button>
        {busy && (
          <Group gap={6} data-testid="arranges-saving" role="status">
            <Loader size="xs" />
            <Text size="xs">{t('scheduling.saving')}</Text>
          </Group>
        )}
        {!mayArrange && (
          <Badge variant="light" color="gray" leftSection={<IconEye size={12} />} data-testid="arranges-readonly">{t('scheduling.readonly')}</Badge>
        )}
        {mayArrange && offline.offline && (
          <Badge variant="light" color="orange" leftSection={<IconCloudOff size={12} />} data-testid="arranges-write-disabled">
            {t('offline.write_disabled')}
          </Badge>
        )}
      </Group>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {nodes.isSuccess && nodeRows.length === 0 && <Text c="dimmed" size="sm">{t('scheduling.no_worknodes')}</Text>}
      {q.isError && q.data === undefined && !offline.offline && (
        <Alert color="red" title={t('scheduling.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {q.isPending && worknodeId !== null && <Loader size="sm" data-testid="arranges-loading" />}
      {board && (
        <>
          {writable && <Text size="xs" c="dimmed">{t('scheduling.hint')}</Text>}
          <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragOver={onDragOver}
            onDragEnd={onDragEnd} onDragCancel={endDrag}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('scheduling.instructions') } }}>
            <div className={classes.board}>
              <UnscheduledColumn entries={board.unscheduled} total={board.unscheduled_total} today={today} drag={drag}
                dragDisabled={dragDisabled} />
              <div className={classes.machines} data-testid="arranges-machines">
                {board.devices.map(d => (
                  <DeviceColumn key={d.id} device={d} today={today} drag={drag} dragDisabled={dragDisabled} />
                ))}
                {board.devices.length === 0 && <Text c="dimmed" size="sm" data-testid="arranges-no-devices">{t('scheduling.no_devices')}</Text>}
              </div>
            </div>
            <DragOverlay dropAnimation={null}>
              {activeEntry && <QueueCard entry={activeEntry} today={today} overlay />}
            </DragOverlay>
          </DndContext>
        </>
      )}
    </Stack>
  );
}
