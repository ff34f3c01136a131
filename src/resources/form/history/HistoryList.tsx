import { Alert, Badge, Center, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceHistory } from '../../../ui/data/use-resource';
import type { ResourceDef } from '../../../domain/registry/resource';
import { displayValue } from '../display-value';
import { fieldLabelKey } from '../field-kinds';
import { isoToLocal } from '../form-values';
import { changedFields } from './history-diff';

export interface HistoryListProps {
  def: ResourceDef;
  id: string | number;
  /** Load only while shown (a closed drawer asks nothing). */
  enabled?: boolean;
  /**
   * Events of the row kept elsewhere than its history (a card's steps at its work nodes), shown among the changes
   * by time.
   */
  events?: readonly HistoryEvent[];
}

/** One event shown among a row's changes. */
export interface HistoryEvent {
  key: string;
  /** When it happened (ISO). */
  at: string;
  title: ReactNode;
  body?: ReactNode;
}

const ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'cancel', 'delete']);

/**
 * Every change to one row, newest first: who, when, what kind, and each changed field as before → after, labelled
 * with the field labels, and references by the names of the rows they point at (ids of rows deleted since). Also usable
 * as the page `/history/list/:table_name/:kid`. `events` from elsewhere are interleaved by time, newest first too.
 */
export function HistoryList({ def, id, enabled = true, events = NO_EVENTS }: HistoryListProps) {
  const { t } = useTranslation();
  const q = useResourceHistory(def, id, enabled);
  if (q.isPending && enabled) return <Center py="lg"><Loader size="sm" /></Center>;
  if (q.isError) return <Alert color="red">{t('forms.load_failed')}</Alert>;
  const entries = [...(q.data?.dt ?? [])].reverse();
  if (entries.length === 0 && events.length === 0) return <Text c="dimmed" size="sm">{t('forms.history_empty')}</Text>;
  const names = q.data?.names ?? {};
  const show = (name: string, v: unknown) => {
    const f = def.fields[name];
    const refNames = f?.type === 'ref' || f?.type === 'refs' ? names[f.to] : undefined;
    return displayValue(def, name, f, v, t, refNames);
  };
  const label = (name: string) => t(fieldLabelKey(def, name), { defaultValue: t(`common.fields.${name}`, { defaultValue: name }) });
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="history-list">
      {newestFirst(entries, events).map(x => {
        if ('title' in x) {
          return (
            <Timeline.Item key={`event:${x.key}`} data-testid="history-event" title={x.title}>{x.body}</Timeline.Item>
          );
        }
        const e = x;
        const changes = changedFields(def, e);
        return (
          <Timeline.Item key={e.rev} data-testid="history-entry" title={
            <Group gap="xs">
              <Badge variant="light">{ACTIONS.has(e.action) ? t(`forms.history_actions.${e.action}`) : e.action}</Badge>
              <Text size="sm" fw={600}>{e.by_name || t('forms.history_unknown_user')}</Text>
              <Text size="xs" c="dimmed">{isoToLocal(e.at)}</Text>
            </Group>
          }>
            {changes.length === 0 ? <Text size="xs" c="dimmed">{t('forms.history_no_changes')}</Text> : (
              <Table withRowBorders={false} verticalSpacing={2} fz="xs">
                <Table.Tbody>
                  {changes.map(c => (
                    <Table.Tr key={c.name}>
                      <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>{label(c.name)}</Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          <Text size="xs" td="line-through" c="dimmed">{show(c.name, c.before)}</Text>
                          <Text size="xs">{show(c.name, c.after)}</Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

const NO_EVENTS: readonly HistoryEvent[] = [];

/**
 * The changes (newest first, as they come) and the events in one list, newest first; an event at the instant of a
 * change shows as the later of the two, so a row's creation stays its oldest entry.
 */
function newestFirst<E extends { at: string }>(entries: readonly E[], events: readonly HistoryEvent[]): (E | HistoryEvent)[] {
  if (events.length === 0) return [...entries];
  const time = (at: string) => Date.parse(at) || 0;
  const later = [...events].sort((a, b) => time(b.at) - time(a.at));
  const out: (E | HistoryEvent)[] = [];
  let i = 0;
  for (const e of entries) {
    while (i < later.length && time(later[i]!.at) >= time(e.at)) out.push(later[i++]!);
    out.push(e);
  }
  return [...out, ...later.slice(i)];
}
