import { Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BoardDevice } from '../../domain/contract/scheduling';
import { formatNumber } from '../../domain/rules/numbers';
import { accepts, cardDndId, endDndId, type DragState } from './board-moves';
import classes from './board.module.css';
import { SortableQueueCard } from './QueueCard';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The device board's colours of the machine statuses. */
const STATUS_COLORS: Readonly<Record<string, string>> = { running: 'green', idle: 'blue', fault: 'red', maintenance: 'orange', off: 'gray' };

export interface DeviceColumnProps {
  device: BoardDevice;
  today: string;
  drag: DragState | null;
  /** Cards may not be picked up (read only, offline, a save running). */
  dragDisabled: boolean;
}

/**
 * One machine: its status, its load against its capacity over the board's days (red and marked when overloaded; the
 * cards without a standard output counted apart), and its queue in order, ending in a drop area. A machine out of
 * service is greyed and takes no card from elsewhere: its drop targets are disabled during such a drag, so neither
 * the pointer nor the keyboard can land there.
 */
export function DeviceColumn({ device: d, today, drag, dragDisabled }: DeviceColumnProps) {
  const { t } = useTranslation();
  const takes = drag === null || accepts(d, drag.from);
  const { setNodeRef: setEndRef } = useDroppable({ id: endDndId(d.id), disabled: !takes, data: { container: d.id } });
  const statusLabel = t(`resources.devices.enums.status.${d.status}`, { defaultValue: d.status });
  const over = drag?.overContainer === d.id;
  const endOver = drag?.over?.kind === 'end' && drag.over.container === d.id;
  // Within its own queue a card's place shows by the others moving aside; from elsewhere, by a line.
  const insertBefore = (cardnodeId: number) =>
    drag !== null && drag.from !== d.id && drag.over?.kind === 'card' && drag.over.cardnode_id === cardnodeId;
  const pct = d.capacity_hours ? Math.min(100, (d.load_hours / d.capacity_hours) * 100) : 0;

  return (
    <section className={cx(classes.column, !d.available && classes.unavailable, d.overloaded && classes.overloaded, over && classes.over)}
      aria-label={`${d.code} ${d.name}`} data-testid={`arranges-device-${d.id}`} data-column="" data-available={d.available}
      data-overloaded={d.overloaded}>
      <div className={classes.head}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={700} truncate title={`${d.code} ${d.name}`}>{d.code} <Text span size="sm" fw={400}>{d.name}</Text></Text>
          <Badge size="sm" variant="light" color={STATUS_COLORS[d.status] ?? 'gray'} style={{ flex: 'none' }}>{statusLabel}</Badge>
        </Group>
        {!d.available && (
          <Tooltip label={t('scheduling.unavailable_hint', { status: statusLabel })} withinPortal multiline w={240}>
            <Badge size="xs" color="red" variant="outline" mt={4} leftSection={<IconBan size={10} />} data-testid="arranges-unavailable">
              {t('scheduling.unavailable')}
            </Badge>
          </Tooltip>
        )}
        <div data-testid={`arranges-load-${d.id}`} data-overloaded={d.overloaded} style={{ marginTop: 6 }}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c={d.overloaded ? 'red' : undefined} fw={d.overloaded ? 600 : undefined}>
              {d.capacity_hours === null
                ? t('scheduling.load_no_capacity', { load: formatNumber(d.load_hours) })
                : t('scheduling.load', { load: formatNumber(d.load_hours), capacity: formatNumber(d.capacity_hours) })}
            </Text>
            {d.overloaded
              ? <Badge size="xs" color="red" leftSection={<IconAlertTriangle size={10} />} data-testid="arranges-overloaded">{t('scheduling.overloaded')}</Badge>
              : <Text size="xs" c="dimmed">{t('scheduling.queue_count', { count: d.queue.length })}</Text>}
          </Group>
          {d.capacity_hours !== null && (
            <Progress value={d.overloaded ? 100 : pct} color={d.overloaded ? 'red' : pct >= 85 ? 'orange' : 'blue'} size="sm" mt={4}
              aria-label={t('scheduling.load', { load: formatNumber(d.load_hours), capacity: formatNumber(d.capacity_hours) })} />
          )}
          {d.unrated > 0 && <Text size="xs" c="orange" mt={2} data-testid="arranges-unrated">{t('scheduling.unrated', { count: d.unrated })}</Text>}
        </div>
      </div>
      <div className={classes.list}>
        <SortableContext id={`queue-${d.id}`} items={d.queue.map(e => cardDndId(e.cardnode_id))} strategy={verticalListSortingStrategy}>
          {d.queue.map(e => (
            <SortableQueueCard key={e.cardnode_id} entry={e} container={d.id} today={today} dragDisabled={dragDisabled}
              dropDisabled={!takes} insertBefore={insertBefore(e.cardnode_id)} />
          ))}
        </SortableContext>
        <div ref={setEndRef} className={cx(classes.end, endOver && classes.endActive)} data-testid={`arranges-end-${d.id}`}
          data-dnd-slot="">
          {d.queue.length === 0 ? t('scheduling.queue_empty') : drag !== null && takes ? t('scheduling.queue_end') : null}
        </div>
      </div>
    </section>
  );
}
