import { Group, Text } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '../../domain/contract/scheduling';
import { cardDndId, endDndId, UNSCHEDULED, type DragState } from './board-moves';
import classes from './board.module.css';
import { SortableQueueCard } from './QueueCard';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** No strategy: the unscheduled steps keep the server's order, so nothing moves aside among them. */
const noSorting = () => null;

export interface UnscheduledColumnProps {
  entries: readonly QueueEntry[];
  /** All the node's steps on no queue; the board lists the first ones only. */
  total: number;
  today: string;
  drag: DragState | null;
  dragDisabled: boolean;
}

/**
 * The work node's steps on no machine, in the server's order (cards already at the node first, then by due date).
 * The whole list is one drop target: a card dropped anywhere on it leaves its machine's queue.
 */
export function UnscheduledColumn({ entries, total, today, drag, dragDisabled }: UnscheduledColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef: setListRef } = useDroppable({ id: endDndId(UNSCHEDULED), data: { container: UNSCHEDULED } });
  const over = drag !== null && drag.overContainer === UNSCHEDULED;
  const back = drag !== null && drag.from !== UNSCHEDULED;
  return (
    <section className={cx(classes.column, classes.unscheduled, over && back && classes.over)} aria-label={t('scheduling.unscheduled')}
      data-testid="arranges-unscheduled" data-column="">
      <div className={classes.head}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={700}>{t('scheduling.unscheduled')}</Text>
          <Text size="xs" c="dimmed" data-testid="arranges-unscheduled-count">
            {total > entries.length ? t('scheduling.unscheduled_more', { shown: entries.length, total }) : t('scheduling.queue_count', { count: total })}
          </Text>
        </Group>
        {back && <Text size="xs" c="blue" mt={4}>{t('scheduling.unscheduled_drop')}</Text>}
      </div>
      <div ref={setListRef} className={classes.list} data-dnd-list="">
        <SortableContext id="queue-unscheduled" items={entries.map(e => cardDndId(e.cardnode_id))} strategy={noSorting}>
          {entries.map(e => (
            <SortableQueueCard key={e.cardnode_id} entry={e} container={UNSCHEDULED} today={today} dragDisabled={dragDisabled}
              dropDisabled={false} insertBefore={false} />
          ))}
        </SortableContext>
        {entries.length === 0 && <Text size="xs" c="dimmed" ta="center" mt="sm">{t('scheduling.unscheduled_empty')}</Text>}
      </div>
    </section>
  );
}
