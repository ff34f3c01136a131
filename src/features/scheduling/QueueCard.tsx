import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '../../domain/contract/scheduling';
import { formatNumber } from '../../domain/rules/numbers';
import { cardDndId, type Container } from './board-moves';
import classes from './board.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface QueueCardProps {
  entry: QueueEntry;
  /** Today, `YYYY-MM-DD`, local: a due date before it shows as overdue. */
  today: string;
  /** The card dragged (as it floats under the pointer) rather than the one in the list. */
  overlay?: boolean;
}

/**
 * One card at the step: card number, order and customer, item and spec, what is left to make with its unit, the hours
 * that takes (— without a standard output), the due date, whether the card is already at this step or still on its
 * way, and its running status highlighted.
 */
export function QueueCard({ entry: e, today, overlay }: QueueCardProps) {
  const { t } = useTranslation();
  const running = e.status === 'running';
  const overdue = e.due_date !== null && e.due_date < today;
  const item = [e.item_name, e.spec].filter(Boolean).join(' ');
  return (
    <div className={cx(classes.card, e.ready && classes.ready, running && classes.running, overlay && classes.overlay)}
      data-status={e.status} data-ready={e.ready}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={700} truncate title={e.show_id}>{e.show_id}</Text>
        {/* Running at this step means the card is at it: one badge says both. */}
        {running
          ? <Badge size="xs" color="blue" style={{ flex: 'none' }}>{t('resources.cardnodes.enums.status.running')}</Badge>
          : <Badge size="xs" variant="light" color={e.ready ? 'green' : 'gray'} style={{ flex: 'none' }}>
            {t(e.ready ? 'scheduling.ready' : 'scheduling.upcoming')}
          </Badge>}
      </Group>
      <Text size="xs" truncate title={[e.order_show_id, e.customer_name].filter(Boolean).join(' · ')}>
        {[e.order_show_id, e.customer_name].filter(Boolean).join(' · ')}
      </Text>
      {item && <Text size="xs" c="dimmed" truncate title={item}>{item}</Text>}
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Text size="xs" fw={600}>{formatNumber(e.quantity)}{e.unit ? ` ${e.unit}` : ''}</Text>
        {e.hours === null
          ? <Tooltip label={t('scheduling.no_hours_hint')} withinPortal><Text size="xs" c="orange" data-testid="arranges-no-hours">{t('scheduling.no_hours')}</Text></Tooltip>
          : <Text size="xs">{t('scheduling.hours', { hours: formatNumber(e.hours) })}</Text>}
        {e.due_date && (
          <Text size="xs" c={overdue ? 'red' : 'dimmed'}>{t(overdue ? 'scheduling.overdue' : 'scheduling.due', { date: e.due_date })}</Text>
        )}
      </Group>
    </div>
  );
}

export interface SortableQueueCardProps {
  entry: QueueEntry;
  container: Container;
  today: string;
  /** The card may not be picked up (read only, offline, a save running). */
  dragDisabled: boolean;
  /** Nothing may be dropped on the card (the unscheduled list, a machine out of service for a card from elsewhere). */
  dropDisabled: boolean;
  /** A card from another column would land before this one: draw the line. */
  insertBefore: boolean;
}

/**
 * A card on the board that can be dragged with the pointer or the keyboard (space or enter to lift, arrows to move,
 * space or enter to drop, escape to cancel). It stays in place, faded, while a copy follows the pointer (the board's
 * DragOverlay), so it is never clipped by its scrolling column.
 */
export function SortableQueueCard({ entry, container, today, dragDisabled, dropDisabled, insertBefore }: SortableQueueCardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: cardDndId(entry.cardnode_id),
    data: { container },
    disabled: { draggable: dragDisabled, droppable: dropDisabled },
  });
  return (
    // Named by what it shows (card, order, item, quantity, hours, due date): a shorter aria-label would leave out
    // text a voice-control user reads off the card (WCAG 2.5.3, label in name).
    <div ref={setNodeRef} {...attributes} {...listeners} aria-roledescription={t('scheduling.role_description')}
      className={cx(classes.slot, insertBefore && classes.before, isDragging && classes.placeholder)}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
      data-testid={`arranges-card-${entry.cardnode_id}`} data-dnd-slot="">
      <QueueCard entry={entry} today={today} />
    </div>
  );
}
