import { Anchor, Badge, Group, SimpleGrid, Text, Timeline } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPlayerSkipForward } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../domain/rules/numbers';
import { cardnodes } from '../../domain/resources/orders/cardnodes';
import { historyPathOf } from '../../resources/form/history/history-path';
import { isoToLocal } from '../../resources/form/form-values';
import type { ListRow } from '../../resources/list/list-columns';

const COLORS: Record<string, string> = { waiting: 'gray', running: 'blue', done: 'green', skipped: 'yellow' };
const ICONS: Record<string, ReactNode> = {
  running: <IconPlayerPlay size={10} />, done: <IconCheck size={10} />, skipped: <IconPlayerSkipForward size={10} />,
};

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** How far the card has come: the last node (in order) that has started, was done or skipped; -1 when none. */
export function reachedIndex(nodes: readonly ListRow[]): number {
  let last = -1;
  nodes.forEach((n, i) => { if (n.status !== 'waiting') last = i; });
  return last;
}

/**
 * A card's nodes in their order as a vertical timeline: the work node and its status, who ran it on which machine,
 * when it started and finished, how many came out good and bad; each links to the node's own history.
 */
export function CardNodesTimeline({ nodes }: { nodes: readonly ListRow[] }) {
  const { t } = useTranslation();
  const label = (f: string) => t(`resources.cardnodes.fields.${f}`);
  const item = (f: string, value: string) => value === '' ? null : (
    <Text size="xs" key={f}><Text span c="dimmed">{label(f)}: </Text>{value}</Text>
  );
  return (
    <Timeline active={reachedIndex(nodes)} bulletSize={20} lineWidth={2} data-testid="card-nodes">
      {nodes.map(n => {
        const status = text(n.status);
        const good = num(n.good_quantity);
        const bad = num(n.bad_quantity);
        return (
          <Timeline.Item key={n.id} bullet={ICONS[status]} color={COLORS[status]} data-testid="card-node" data-status={status}
            title={
              <Group gap="xs">
                <Text size="sm" fw={600}>{text(n.worknode_id_name) || `#${text(n.worknode_id)}`}</Text>
                <Badge size="sm" variant="light" color={COLORS[status] ?? 'gray'}>
                  {t(`resources.cardnodes.enums.status.${status}`, { defaultValue: status })}
                </Badge>
                <Anchor component={Link} to={historyPathOf(cardnodes, n.id)} size="xs">{t('forms.history')}</Anchor>
              </Group>
            }>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={2} verticalSpacing={0}>
              {item('person_id', text(n.person_id_name))}
              {item('device_id', text(n.device_id_name))}
              {item('started_at', n.started_at ? isoToLocal(text(n.started_at)) : '')}
              {item('finished_at', n.finished_at ? isoToLocal(text(n.finished_at)) : '')}
              {item('good_quantity', good === null ? '' : formatNumber(good))}
              {item('bad_quantity', bad === null ? '' : formatNumber(bad))}
              {item('remark', text(n.remark))}
            </SimpleGrid>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
